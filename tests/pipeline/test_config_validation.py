"""Settings with a closed set of choices are typed, so that spaCy's own config validation
rejects a bad value, names the setting, and lists the choices."""

from typing import get_args

import pytest
import spacy
from thinc.api import Config, ConfigValidationError

from spacy_genderfair.pipeline.actor_linker import COREF_BACKENDS
from spacy_genderfair.swap.direction import DIRECTIONS, Direction


@pytest.mark.parametrize(("factory", "setting", "bad_value", "choices"), [
    ("gender_swapper", "direction", "sideways", DIRECTIONS),
    ("actor_linker", "coref", "neural", ("builtin", "learned", "coreferee")),
])
def test_bad_choice_is_rejected_by_config_validation(factory, setting, bad_value, choices):
    nlp = spacy.blank("en")
    with pytest.raises(ConfigValidationError) as caught:
        nlp.add_pipe(factory, config={setting: bad_value})
    assert [error["loc"] for error in caught.value.errors] == [[factory, setting]]
    message = caught.value.errors[0]["msg"]
    assert repr(bad_value) in message
    assert all(repr(choice) in message for choice in choices)
    assert nlp.pipe_names == []


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_every_direction_is_accepted(direction):
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"direction": direction})
    assert nlp.get_pipe("gender_swapper").direction == direction


def test_the_types_list_the_engines_choices():
    assert get_args(Direction) == DIRECTIONS
    assert COREF_BACKENDS == ("builtin", "learned", "coreferee")


def test_the_augmenter_rejects_a_bad_direction():
    config = Config().from_str("""
[augmenter]
@augmenters = "spacy_genderfair.gender_swap_augmenter.v1"
direction = "sideways"
""")
    with pytest.raises(ConfigValidationError) as caught:
        spacy.registry.resolve(config)
    assert [error["loc"] for error in caught.value.errors] == [["augmenter", "direction"]]
