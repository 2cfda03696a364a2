"""Property tests: 1,000+ generated inputs through every component, every contract holding.

Inputs per component, SHARE (250) per line:

    en_core_web_sm + all five components, on texts                      250  (en)
    spacy.blank(lang) + gender_lexicon, quote_typer, gender_swapper,
        on texts                                                        250 × en, de, uk, pt
    spacy.blank(lang) + all five components, on Docs with generated
        annotation (no trained pipeline for these here)                 250 × de, uk, pt

gender_lexicon, quote_typer and gender_swapper see 2,000 inputs, actor_linker and
role_counter (which need a parse and entities) 1,000; every language 500 or more, 250 or
more for the last two. Hypothesis events (``--hypothesis-show-statistics``) show how often
the real code paths ran: gender marks, actors found, quotes typed, words swapped.
"""

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from spacy_genderfair.extensions import (
    DOC_ACTOR_DATA,
    DOC_SWAP_EDITS,
    SPANS_QUOTES,
    TOKEN_GENDER,
)

from .contracts import assert_doc_contracts
from .strategies import LANGS, SHARE_SETTINGS, annotated_docs, texts

ANNOTATED_LANGS = ("de", "uk", "pt")  # no trained pipeline for these here


def _record_paths(doc) -> None:
    """Hypothesis events: which of the components' paths this example reached."""
    event("gender marks", str(any(token._.get(TOKEN_GENDER) for token in doc)))
    if doc._.get(DOC_ACTOR_DATA) is not None:
        event("actors", str(min(len(doc._.get(DOC_ACTOR_DATA)), 3)))
    event("quotes", str(min(len(doc.spans.get(SPANS_QUOTES, [])), 2)))
    event("swap edits", str(min(len(doc._.get(DOC_SWAP_EDITS)), 3)))


@SHARE_SETTINGS
@given(text=texts("en"))
def test_trained_english_pipeline_keeps_every_contract(en_trained, text):
    doc = en_trained(text)
    assert doc.text == text
    _record_paths(doc)
    assert_doc_contracts(doc, swapper=en_trained.get_pipe("gender_swapper"))


@pytest.mark.parametrize("lang", LANGS)
@SHARE_SETTINGS
@given(data=st.data())
def test_blank_pipeline_keeps_every_contract(text_pipelines, lang, data):
    nlp = text_pipelines[lang]
    text = data.draw(texts(lang), label="text")
    doc = nlp(text)
    assert doc.text == text
    _record_paths(doc)
    assert_doc_contracts(doc, swapper=nlp.get_pipe("gender_swapper"))
    # A swap replaces a token by one word: where the tokenizer makes each new word one
    # token, it splits the swapped text into as many tokens as the original.
    new_words = [edit["new"] for edit in doc._.get(DOC_SWAP_EDITS) if edit["new"]]
    if all(len(nlp.make_doc(word)) == 1 for word in new_words):
        assert len(nlp.make_doc(doc._.swapped)) == len(doc)


@pytest.mark.parametrize("lang", ANNOTATED_LANGS)
@SHARE_SETTINGS
@given(data=st.data())
def test_annotated_docs_keep_every_contract(annotated_pipelines, lang, data):
    nlp = annotated_pipelines[lang]
    doc = data.draw(annotated_docs(nlp.vocab, lang), label="doc")
    words = [token.text for token in doc]
    for _, component in nlp.pipeline:
        doc = component(doc)
    assert [token.text for token in doc] == words  # no component retokenizes
    _record_paths(doc)
    assert_doc_contracts(doc, swapper=nlp.get_pipe("gender_swapper"))
