"""Property tests: 1,000+ generated inputs through every component, every contract holding.

Counts per component (PROPERTY_SETTINGS): gender_lexicon, quote_typer and gender_swapper see
1,000 texts through en_core_web_sm, 1,000 raw texts through blank pipelines (250 each for
en, de, uk, pt) and 1,000 Docs with generated annotation (250 per language); actor_linker
and role_counter, which need a parse and entities, see the first and the last 1,000.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spacy_genderfair.extensions import DOC_SWAP_EDITS

from .contracts import assert_doc_contracts
from .strategies import LANGS, PROPERTY_SETTINGS, annotated_docs, per_language, texts


@PROPERTY_SETTINGS
@given(text=texts("en"))
def test_trained_english_pipeline_keeps_every_contract(en_trained, text):
    doc = en_trained(text)
    assert doc.text == text
    assert_doc_contracts(doc, swapper=en_trained.get_pipe("gender_swapper"))


@pytest.mark.parametrize("lang", LANGS)
@per_language(len(LANGS))
@given(data=st.data())
def test_blank_pipeline_keeps_every_contract(text_pipelines, lang, data):
    nlp = text_pipelines[lang]
    text = data.draw(texts(lang), label="text")
    doc = nlp(text)
    assert doc.text == text
    assert_doc_contracts(doc, swapper=nlp.get_pipe("gender_swapper"))
    # A swap replaces a token by one word: where the tokenizer splits each new word into
    # one token, it splits the swapped text into as many tokens as the original.
    new_words = [edit["new"] for edit in doc._.get(DOC_SWAP_EDITS) if edit["new"]]
    if all(len(nlp.make_doc(word)) == 1 for word in new_words):
        assert len(nlp.make_doc(doc._.swapped)) == len(doc)


@pytest.mark.parametrize("lang", LANGS)
@per_language(len(LANGS))
@given(data=st.data())
def test_annotated_docs_keep_every_contract(annotated_pipelines, lang, data):
    nlp = annotated_pipelines[lang]
    doc = data.draw(annotated_docs(nlp.vocab, lang), label="doc")
    words = [token.text for token in doc]
    for _, component in nlp.pipeline:
        doc = component(doc)
    assert [token.text for token in doc] == words  # no component retokenizes
    assert_doc_contracts(doc, swapper=nlp.get_pipe("gender_swapper"))
