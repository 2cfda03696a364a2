"""The coreference readers and the training command on small data: a LitBank-format book and
GAP rows written here, and (where the shared data is present) a real LitBank book."""

import numpy
import pytest
import spacy

from spacy_genderfair.coref import find_mentions, resolve_pronouns
from spacy_genderfair.coref.data import (
    GOLD_MENTIONS,
    GOLD_NAMES,
    GOLD_PRONOUN,
    gap_docs,
    litbank_docs,
    read_litbank_book,
)
from spacy_genderfair.coref.evaluate import (
    gap_counts,
    litbank_scores,
    litbank_targets,
    nearest_name_outcomes,
)
from spacy_genderfair.coref.train import data_checksums, evaluate_docs, fold_of, train
from spacy_genderfair.lexicon import get_lexicon
from tests.conftest import EN_MODEL, shared_path

BOOK = [
    "Mary Jones met John Smith in the garden .",
    "He smiled at her .",
    "She thanked him , and John left the garden .",
]
# MENTION id, sentence, token, sentence, token (inclusive), text, category, kind
MENTIONS = [
    ("T1", 0, 0, 0, 1, "Mary Jones", "PER", "PROP", "Mary-0"),
    ("T2", 0, 3, 0, 4, "John Smith", "PER", "PROP", "John-1"),
    ("T3", 0, 6, 0, 7, "the garden", "FAC", "NOM", "garden-2"),
    ("T4", 1, 0, 1, 0, "He", "PER", "PRON", "John-1"),
    ("T5", 1, 3, 1, 3, "her", "PER", "PRON", "Mary-0"),
    ("T6", 2, 0, 2, 0, "She", "PER", "PRON", "Mary-0"),
    ("T7", 2, 2, 2, 2, "him", "PER", "PRON", "John-1"),
    ("T8", 2, 5, 2, 5, "John", "PER", "PROP", "John-1"),
    ("T9", 2, 7, 2, 8, "the garden", "FAC", "NOM", "garden-2"),
]


@pytest.fixture(scope="module")
def nlp():
    return spacy.load(EN_MODEL)


@pytest.fixture(scope="module")
def annotator(nlp):
    return spacy.blank("en", vocab=nlp.vocab).add_pipe("gender_lexicon")


@pytest.fixture(scope="module")
def litbank_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("litbank")
    (folder / "tsv").mkdir()
    for book in ("1_first", "2_second"):
        (folder / "tsv" / f"{book}.txt").write_text("\n".join(BOOK) + "\n", encoding="utf-8")
        rows = [f"MENTION\t{m[0]}\t{m[1]}\t{m[2]}\t{m[3]}\t{m[4]}\t{m[5]}\t{m[6]}\t{m[7]}"
                for m in MENTIONS]
        rows += [f"COREF\t{m[0]}\t{m[8]}" for m in MENTIONS]
        (folder / "tsv" / f"{book}.ann").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def books(nlp, annotator, litbank_folder):
    return [annotator(doc) for doc in litbank_docs(nlp, litbank_folder)]


def test_litbank_reader_keeps_the_books_tokens_and_sets_gold_names(books):
    doc = books[0]
    assert [t.text for t in doc] == " ".join(BOOK).split(" ")
    assert [s.text for s in doc.sents] == BOOK
    assert [(e.text, e.label_) for e in doc.ents] == [
        ("Mary Jones", "PERSON"), ("John Smith", "PERSON"), ("John", "PERSON")]
    assert doc.user_data[GOLD_NAMES] == [[0, 2], [3, 5], [19, 20]]
    assert doc.user_data[GOLD_MENTIONS] == [
        [0, 2, "Mary-0"], [3, 5, "John-1"], [9, 10, "John-1"], [12, 13, "Mary-0"],
        [14, 15, "Mary-0"], [16, 17, "John-1"], [19, 20, "John-1"]]


def test_the_protocol_counts_pronouns_with_an_earlier_name(books):
    doc = books[0]
    assert [(i, gender) for i, gender, _ in litbank_targets(doc)] == [
        (9, "masculine"), (12, "feminine"), (14, "feminine"), (16, "masculine")]
    # "He" → the nearest name that does not contradict it: John Smith (Mary is a woman's
    # first name); "her" → Mary Jones; "She" → Mary Jones; "him" → John Smith.
    lexicon = get_lexicon("en")
    assert [o.status for o in nearest_name_outcomes(doc, lexicon.honorifics)] == ["right"] * 4


def test_training_is_reproducible_and_learns_the_book(books):
    lexicon = get_lexicon("en")
    first = train(books, [], lexicon, window=12, l2=0.01)
    second = train(books, [], lexicon, window=12, l2=0.01)
    assert numpy.array_equal(first.weights, second.weights)
    assert first.weights.any()
    outcomes = evaluate_docs(books, lexicon, first, coref="learned", kind="litbank")
    assert litbank_scores(outcomes)["all"] == 100.0
    assert [(o.doc_id, o.gender) for o in outcomes] == [
        (book, gender) for book in ("1_first", "2_second")
        for gender in ("masculine", "feminine", "feminine", "masculine")]


def test_folds_depend_on_the_id_and_seed_only():
    assert [fold_of(f"book{i}", 5, 0) for i in range(8)] == [
        fold_of(f"book{i}", 5, 0) for i in range(8)]
    assert {fold_of(f"book{i}", 5, 0) for i in range(50)} == {0, 1, 2, 3, 4}


def test_checksums_change_with_the_data(litbank_folder, tmp_path):
    gap = tmp_path / "gap.tsv"
    gap.write_text("ID\tText\n", encoding="utf-8")
    before = data_checksums(litbank_folder, gap)
    assert before == data_checksums(litbank_folder, gap)
    gap.write_text("ID\tText\nx\ty\n", encoding="utf-8")
    after = data_checksums(litbank_folder, gap)
    assert after["litbank/coref/tsv"] == before["litbank/coref/tsv"]
    assert after["gap/gap.tsv"] != before["gap/gap.tsv"]


def test_gap_reader_sets_a_and_b_at_their_offsets(nlp, annotator):
    text = "Mary Jones met Ann Lee in Paris. She later wrote to her about the trip."
    row = {"ID": "dev-1", "Text": text, "Pronoun": "She", "Pronoun-offset": "32",
           "A": "Mary Jones", "A-offset": "0", "A-coref": "TRUE",
           "B": "Ann Lee", "B-offset": "15", "B-coref": "FALSE"}
    doc = annotator(next(gap_docs(nlp, [row])))
    assert [(e.text, e.label_) for e in doc.ents if e.label_ == "PERSON"] == [
        ("Mary Jones", "PERSON"), ("Ann Lee", "PERSON")]
    assert doc.user_data[GOLD_PRONOUN] == [8, 9]
    assert doc.user_data[GOLD_MENTIONS] == [[8, 9, "P"], [0, 2, "P"], [3, 5, "B"]]
    lexicon = get_lexicon("en")
    # The rules resolve "She" to the subject Mary Jones: A right, B rightly not.
    actors, pronouns = find_mentions(doc, lexicon, person_labels=lexicon.profile.person_labels)
    resolve_pronouns(doc, lexicon, pronouns, actors)
    assert gap_counts(doc, actors) == ("feminine", ["tp", "tn"])


def test_a_real_litbank_book():
    folder = shared_path("litbank", "coref")
    book = "1023_bleak_house_brat"
    sentences, mentions = read_litbank_book(folder / "tsv" / f"{book}.txt",
                                            folder / "tsv" / f"{book}.ann")
    words = [w for s in sentences for w in s]
    first = mentions[0]
    assert (first.start, words[first.start], first.category, first.kind) == (
        3, "Chancery", "FAC", "PROP")
    lincoln = next(m for m in mentions if m.chain == "Lincoln__s_Inn_Hall-3")
    assert words[lincoln.start:lincoln.end] == ["Lincoln", "'s", "Inn", "Hall"]
    assert (lincoln.category, lincoln.kind) == ("FAC", "PROP")
