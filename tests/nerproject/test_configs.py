"""Training configs derived from configs/cnn.cfg."""

from pathlib import Path

import pytest
from spacy import util
from thinc.api import Config

from spacy_genderfair.nerproject.configs import with_swap_augmenter

CNN_CONFIG = Path(__file__).resolve().parents[2] / "configs" / "cnn.cfg"


def test_with_swap_augmenter_adds_our_augmenter_to_the_train_corpus():
    config = Config().from_disk(CNN_CONFIG, interpolate=False)
    augmented = with_swap_augmenter(config, level=0.3, direction="feminine_first", seed=7)
    assert augmented["corpora"]["train"]["augmenter"] == {
        "@augmenters": "spacy_genderfair.gender_swap_augmenter.v1", "level": 0.3,
        "direction": "feminine_first", "seed": 7}
    assert config["corpora"]["train"]["augmenter"] is None
    # The registered augmenter resolves from the written config.
    resolved = util.registry.resolve({"augmenter": augmented["corpora"]["train"]["augmenter"]})
    assert type(resolved["augmenter"]).__name__ == "GenderSwapAugmenter"
    assert (resolved["augmenter"].level, resolved["augmenter"].seed) == (0.3, 7)


def test_with_swap_augmenter_needs_a_train_corpus():
    with pytest.raises(ValueError, match=r"\[corpora.train\]"):
        with_swap_augmenter(Config({"corpora": {}}))
