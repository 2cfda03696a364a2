"""Pluggable parts: the morphological analysers' registry, and the lookups of the name
resolvers and sentiment scorers, which are functions of spaCy's ``registry.misc``.

Third-party packages add analysers through the entry point group
``spacy_genderfair_morph_analyzers``; resolvers and scorers with
``@spacy.registry.misc("<their name>")`` (entry point group ``spacy_misc``), so that a
config names them as spaCy's own pluggable parts: ``{"@misc": "<name>", <arguments>}``.
"""

from collections.abc import Sequence

import catalogue

# Name -> class implementing spacy_genderfair.morph.MorphAnalyzer.
morph_analyzers = catalogue.create("spacy_genderfair", "morph_analyzers", entry_points=True)


def get_registered(registry: catalogue.Registry, name: str, what: str):
    """Look ``name`` up in ``registry`` with an error that lists what is available."""
    try:
        return registry.get(name)
    except catalogue.RegistryError:
        available = ", ".join(sorted(registry.get_all())) or "none"
        raise ValueError(f"Unknown {what} '{name}'. Available: {available}.") from None


def get_misc(name: str, what: str, built_in: Sequence[str]):
    """The function registered as ``name`` in spaCy's ``registry.misc``, with an error that
    names ours.

    name (str): the registered name, e.g. "spacy_genderfair.vader_scorer.v1".
    what (str): what it makes, for the message ("name resolver").
    built_in (Sequence[str]): spacy_genderfair's names of that kind, for the message.
    """
    from spacy.util import registry

    try:
        return registry.misc.get(name)
    except catalogue.RegistryError:
        raise ValueError(
            f"Unknown {what} '{name}': no function of that name in spaCy's registry.misc "
            f"(spacy_genderfair's: {', '.join(built_in)}).") from None


def check_registered_object(value, *, component: str, setting: str, methods: Sequence[str],
                            built_in: Sequence[str]) -> None:
    """Refuse, in one line, a setting that should hold what a registered function made
    (``{"@misc": ...}`` in the config) but holds something else, such as a name.

    value: the setting's value (None and False are the component's to read).
    component (str): the component, for the message.
    setting (str): the setting, for the message.
    methods (Sequence[str]): the methods the object must have.
    built_in (Sequence[str]): spacy_genderfair's registered names of that kind; the message
        shows the form with the one a name given points to ("vader.v1" or
        "spacy_genderfair.vader_scorer.v1": the VADER scorer), else with the first.
    """
    if value is None or value is False or all(callable(getattr(value, m, None))
                                              for m in methods):
        return
    given = f"the name {value!r}" if isinstance(value, str) else f"a {type(value).__name__}"
    stem = str(value).split(".")[0]
    example = next((name for name in built_in if str(value) == name
                    or name.startswith(f"spacy_genderfair.{stem}_")), built_in[0])
    raise ValueError(
        f"{component}: {setting} takes a registered function's result, not {given}: give "
        f'{{"@misc": "{example}", <its arguments>}} (in a config file: a block '
        f'[components.{component}.{setting}] with @misc = "{example}").')
