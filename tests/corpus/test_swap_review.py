"""The review CSV: rows from swapped Docs, decisions read back, entities re-aligned by a
token diff."""

import csv
import json

import pytest
import spacy
from spacy.tokens import Span

from spacy_genderfair.corpus.swap_review import (
    REVIEW_COLUMNS,
    BadRow,
    BadRowError,
    ReviewError,
    ReviewRow,
    align_boundaries,
    apply_review,
    read_review,
    realign_entities,
    review_row,
    reviewed_doc,
)

ORIGINAL = "Директор Валерій Ріяко підписав наказ."
ENTITIES = [("JOB", 0, 8), ("PERS", 9, 22)]


@pytest.fixture(scope="module")
def nlp():
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper")
    return nlp


def _row(decision="accept", correction="", swapped="Директорка Валерія Ріяко підписала наказ.",
         entities=ENTITIES):
    return ReviewRow(2, "0", ORIGINAL, swapped, [], list(entities), decision, correction)


def _write(path, rows):
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=REVIEW_COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    return path


def test_align_boundaries_maps_equal_and_one_for_one_tokens():
    starts, ends = align_boundaries(["Директор", "Валерій", "Ріяко"],
                                    ["Директорка", "Валерія", "Ріяко"])
    assert starts == [0, 1, 2] and ends == [1, 2, 3]


def test_align_boundaries_maps_an_unequal_replacement_as_a_whole():
    # "Валерій" -> "Марія Іванівна": a span starting or ending there covers both new words.
    starts, ends = align_boundaries(["пан", "Валерій", "Ріяко", "прийшов"],
                                    ["пані", "Марія", "Іванівна", "Ріяко", "прийшла"])
    assert starts[2] == 3 and ends[2] == 4  # "Ріяко" is equal
    assert starts[0] == 0 and ends[1] == 3  # the block "пан Валерій" -> "пані Марія Іванівна"
    assert ends[0] is None and starts[1] is None  # inner boundaries have no counterpart


def test_align_boundaries_deleted_tokens_have_no_counterpart():
    starts, ends = align_boundaries(["a", "b", "c"], ["a", "c"])
    assert starts == [0, None, 1] and ends == [1, None, 2]


def test_realign_entities_through_a_correction(nlp):
    original = nlp.make_doc("Директор Валерій Ріяко підписав наказ.")
    swapped = nlp.make_doc("Директорка Марія Ріяко підписала наказ.")
    target = nlp.make_doc("Нова директорка Марія Іванівна Ріяко підписала наказ.")
    spans, dropped = realign_entities(original, target, ENTITIES, via=swapped)
    assert [(s.text, s.label_) for s in spans] == [
        ("директорка", "JOB"), ("Марія Іванівна Ріяко", "PERS")]
    assert dropped == 0
    # In one step the diff sees "Директор Валерій" replaced by four words: both entities
    # start or end inside that block and are dropped.
    assert realign_entities(original, target, ENTITIES) == ([], 2)


def test_entity_edited_beyond_recognition_is_dropped(nlp):
    original = nlp.make_doc("Директор Валерій Ріяко підписав наказ.")
    target = nlp.make_doc("Підписали наказ.")
    spans, dropped = realign_entities(original, target, ENTITIES)
    assert spans == [] and dropped == 2


def test_review_row_holds_edits_and_entities(nlp):
    doc = nlp.make_doc(ORIGINAL)
    doc.ents = [Span(doc, 0, 1, "JOB"), Span(doc, 1, 3, "PERS")]
    doc = nlp.get_pipe("gender_swapper")(doc)
    row = review_row(7, doc)
    assert list(row) == list(REVIEW_COLUMNS)
    assert row["id"] == "7" and row["original"] == ORIGINAL
    assert row["swapped"].startswith("Директорка Єлизавета ")
    assert json.loads(row["entities"]) == [list(e) for e in ENTITIES]
    assert [e["old"] for e in json.loads(row["edits"])][:2] == ["Директор", "Валерій"]
    assert row["decision"] == row["correction"] == ""


def test_reviewed_doc_accepted_and_corrected(nlp):
    doc, dropped = reviewed_doc(_row(), nlp.make_doc)
    assert [(e.text, e.label_) for e in doc.ents] == [
        ("Директорка", "JOB"), ("Валерія Ріяко", "PERS")]
    assert dropped == 0 and doc.user_data["decision"] == "accept"
    corrected = _row("correct", "Директорка Валерія Петрівна Ріяко підписала наказ.")
    doc, dropped = reviewed_doc(corrected, nlp.make_doc)
    assert doc.text == corrected.correction
    assert [e.text for e in doc.ents] == ["Директорка", "Валерія Петрівна Ріяко"]
    assert doc.user_data["original"] == ORIGINAL


def test_read_review_reports_bad_rows_with_their_line(tmp_path):
    rows = [
        {"id": "0", "original": ORIGINAL, "swapped": "x", "edits": "[]",
         "entities": json.dumps(ENTITIES), "decision": "Accept", "correction": ""},
        # A field with a line break: the next row starts two lines further down.
        {"id": "1", "original": "two\nlines", "swapped": "two\nlines", "edits": "[]",
         "entities": "[]", "decision": "", "correction": ""},
        {"id": "2", "original": "a", "swapped": "b", "edits": "[]", "entities": "[]",
         "decision": "maybe", "correction": ""},
        {"id": "3", "original": "a", "swapped": "b", "edits": "[]", "entities": "[]",
         "decision": "correct", "correction": " "},
        {"id": "4", "original": "a", "swapped": "b", "edits": "[{", "entities": "[]",
         "decision": "accept", "correction": ""},
        {"id": "5", "original": "a", "swapped": "b", "edits": "[]",
         "entities": '[["PERS", 0, 9]]', "decision": "accept", "correction": ""},
    ]
    read = list(read_review(_write(tmp_path / "review.csv", rows)))
    assert isinstance(read[0], ReviewRow) and read[0].decision == "accept"
    assert read[0].entities == ENTITIES and read[0].line_no == 2
    assert isinstance(read[1], ReviewRow) and read[1].line_no == 3
    # Row 1 spans lines 3-5 (two fields with a line break each).
    assert [(r.line_no, r.reason) for r in read[2:]] == [
        (6, "unknown decision 'maybe' (use accept, correct, dismiss, or leave it empty)"),
        (7, "decision 'correct' without a correction"),
        (8, "'edits': malformed JSON (Expecting property name enclosed in double quotes)"),
        (9, "'entities': PERS (0, 9) outside the original"),
    ]
    assert all(isinstance(r, BadRow) for r in read[2:])


def test_not_a_review_file(tmp_path):
    path = tmp_path / "other.csv"
    path.write_text("id,text\n1,a\n", encoding="utf-8")
    with pytest.raises(ReviewError, match="missing column"):
        list(read_review(path))


def test_apply_review_counts_every_row(nlp):
    rows = [_row(), _row("dismiss"), _row(""), BadRow(9, "unknown decision 'x'"),
            _row("correct", "Підписали наказ.")]
    docs = []
    with pytest.raises(BadRowError, match=r"review\.csv line 9: unknown decision"):
        apply_review(iter(rows), nlp.make_doc, docs.append, source="review.csv")
    docs = []
    summary = apply_review(iter(rows), nlp.make_doc, docs.append, on_error="skip")
    assert (summary.rows, summary.accepted, summary.corrected, summary.dismissed,
            summary.pending, summary.bad) == (5, 1, 1, 1, 1, 1)
    assert summary.bad_rows == [(9, "unknown decision 'x'")]
    assert (summary.entities_kept, summary.entities_dropped) == (2, 2)
    assert [d.text for d in docs] == ["Директорка Валерія Ріяко підписала наказ.",
                                      "Підписали наказ."]
