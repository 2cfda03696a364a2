"""Session-scoped fixtures for the property tests (pipelines, a scratch folder): built once,
shared by every example."""

import pytest
import spacy

from tests.conftest import EN_MODEL

from .strategies import LANGS

ALL_COMPONENTS = ("gender_lexicon", "actor_linker", "role_counter", "quote_typer",
                  "gender_swapper")
# What runs on raw text without a parser or NER (actor_linker and role_counter need both).
TEXT_COMPONENTS = ("gender_lexicon", "quote_typer", "gender_swapper")


@pytest.fixture(scope="session")
def en_trained():
    """en_core_web_sm (real tagger, parser, NER) with all five components."""
    try:
        nlp = spacy.load(EN_MODEL)
    except OSError:
        pytest.skip(f"{EN_MODEL} is not installed: pip install 'spacy-genderfair[en]'")
    for name in ALL_COMPONENTS:
        nlp.add_pipe(name, config={"lang": "en"})
    nlp.get_pipe("gender_lexicon").initialize()
    nlp.get_pipe("gender_swapper").initialize()
    return nlp


def _blank(lang: str, names) -> spacy.Language:
    nlp = spacy.blank(lang)
    for name in names:
        nlp.add_pipe(name, config={"lang": lang})
    nlp.initialize()
    return nlp


@pytest.fixture(scope="session")
def text_pipelines():
    """spacy.blank(lang) with the components that need no parse or entities, per language."""
    return {lang: _blank(lang, TEXT_COMPONENTS) for lang in LANGS}


@pytest.fixture(scope="session")
def annotated_pipelines():
    """spacy.blank(lang) with all five components, run on Docs with generated annotation."""
    return {lang: _blank(lang, ALL_COMPONENTS) for lang in ("de", "uk", "pt")}


@pytest.fixture(scope="session")
def scratch(tmp_path_factory):
    """One folder for the readers' files, which each example overwrites (hypothesis runs the
    examples one after another)."""
    return tmp_path_factory.mktemp("property_files")


@pytest.fixture(scope="session")
def blank_nlp():
    """A multi-language tokenizer and vocab for the readers that make Docs."""
    return spacy.blank("xx")
