"""Training configs derived from the project's own: one source of truth per setting."""

from thinc.api import Config

AUGMENTER = "spacy_genderfair.gender_swap_augmenter.v1"


def with_swap_augmenter(config: Config, *, level: float = 0.5, direction: str = "invert",
                        seed: int = 0) -> Config:
    """``config`` with our gender swapper as the ``[corpora.train]`` augmenter, so that the
    swaps are made while training instead of by the augment step.

    config (Config): a training config (e.g. configs/cnn.cfg) with a ``[corpora.train]``.
    level (float): the share of training examples also yielded swapped. Defaults to 0.5.
    direction (str): the swap direction ("invert", "feminine_first", ...).
        Defaults to "invert".
    seed (int): seeds the choice of examples and of the new first names. Defaults to 0.
    RETURNS (Config): a new config; ``config`` is not changed.
    """
    if "train" not in config.get("corpora", {}):
        raise ValueError("the config has no [corpora.train] to add an augmenter to")
    augmenter = {"@augmenters": AUGMENTER, "level": level, "direction": direction,
                 "seed": seed}
    return Config(config).merge({"corpora": {"train": {"augmenter": augmenter}}})
