"""The German gold sentences (tests/audit/german_gold.py) through the components alone:
gender_lexicon (inclusive forms, generic masculine), actor_linker + role_counter (actors,
mentions, roles through the de profile's UD role map) and quote_typer, against the hand counts
in tests/audit/data/de_gold_counts.json. Needs the shared UD German GSD treebank."""

import pytest
import spacy
from spacy.tokens import DocBin

from tests.audit.german_gold import GOLD_PERSONS, gold_docs, write_gold_docbin
from tests.audit.hand_counts import cells, check_layout, load_counts, observed_counts

HAND_COUNTS = load_counts("de_gold_counts.json")


@pytest.fixture(scope="module")
def components():
    """blank de + the four counting components (no sentiment: the hand counts leave it out)."""
    nlp = spacy.blank("de")
    for name in ("gender_lexicon", "actor_linker", "role_counter", "quote_typer"):
        nlp.add_pipe(name, config={"sentiment": None} if name == "role_counter" else {})
    return nlp


@pytest.fixture(scope="module")
def pipeline_counts(components):
    """Per sent_id, the counts of the components over the gold Doc (its tokens kept)."""
    return {doc.user_data["sent_id"]: observed_counts(components(doc))
            for doc in gold_docs()}


@pytest.mark.parametrize(("sent_id", "group", "metric", "expected"), list(cells(HAND_COUNTS)))
def test_components_match_hand_count(pipeline_counts, sent_id, group, metric, expected):
    assert pipeline_counts[sent_id][group][metric] == expected


def test_hand_counts_cover_the_gold_sentences():
    assert list(HAND_COUNTS["texts"]) == list(GOLD_PERSONS)
    check_layout(HAND_COUNTS, document=True)


def test_person_spans_cover_their_names():
    for doc in gold_docs():
        names = list(GOLD_PERSONS[doc.user_data["sent_id"]].values())
        assert [(ent.text, ent.label_) for ent in doc.ents] == [(name, "PER") for name in names]


def test_docbin_keeps_the_gold_annotation_and_the_counts(tmp_path, components, pipeline_counts):
    path = write_gold_docbin(tmp_path)
    restored = list(DocBin().from_disk(path).get_docs(components.vocab))
    expected = gold_docs()
    assert [doc.user_data["sent_id"] for doc in restored] == list(GOLD_PERSONS)
    for doc, gold in zip(restored, expected, strict=True):
        assert [(t.text, t.pos_, str(t.morph), t.dep_, t.head.i) for t in doc] == [
            (t.text, t.pos_, str(t.morph), t.dep_, t.head.i) for t in gold]
        assert [(e.start, e.end, e.label_) for e in doc.ents] == [
            (e.start, e.end, e.label_) for e in gold.ents]
    assert {doc.user_data["sent_id"]: observed_counts(components(doc))
            for doc in restored} == pipeline_counts
