"""CORPUS paths as input items: dates, ids, bad records with their reasons, every input
record accounted for."""

import pytest
import spacy
from spacy.tokens import DocBin

from spacy_genderfair.audit.inputs import InputError, parse_date, read_inputs


@pytest.mark.parametrize("value, expected", [
    ("2019-03-04", ("2019-03-04", 2019, 3)),
    ("2019-03", ("2019-03", 2019, 3)),
    ("2019-03-04T10:00Z", ("2019-03-04T10:00Z", 2019, 3)),
    ("2019-03-04 10:00:00+01:00", ("2019-03-04 10:00:00+01:00", 2019, 3)),
    ("2019", ("2019", 2019, None)),
    (2019, ("2019", 2019, None)),
    (None, (None, None, None)),
    ("", (None, None, None)),
], ids=["date", "month", "datetime_z", "datetime_offset", "year_string", "year_number",
        "absent", "empty"])
def test_a_date_gives_its_raw_value_year_and_month(value, expected):
    assert parse_date(value) == expected


@pytest.mark.parametrize("value", ["March 2019", "2019-13", "2019-02-30", "2019-03-04T25:00",
                                   "19", 2019.5, True, [2019], "0000"])
def test_anything_else_is_an_invalid_date(value):
    with pytest.raises(ValueError) as err:
        parse_date(value)
    assert str(err.value) == f"invalid date '{value}'"


def test_every_jsonl_line_is_one_item_good_or_bad_with_its_reason(tmp_path):
    corpus = tmp_path / "c.jsonl"
    corpus.write_bytes(b"\n".join([
        b'{"id": "a", "date": "2019-03-04", "text": "One."}',
        b"",
        b'{"id": "c", "text": "caf\xe9"}',
        b'{"id": "d", "text": "unterminated',
        b'{"id": "e", "body": "no text"}',
        b'{"id": "f", "date": "yesterday", "text": "Six."}',
        b'{"date": 2020, "text": "Seven."}',
        b'{"id": 8, "text": "Eight."}',
    ]) + b"\n")
    items = list(read_inputs([corpus], id_field="id", date_field="date"))
    assert [(i.seq, i.id, i.line, i.date, i.year, i.month, i.text, i.reason) for i in items] == [
        (0, "a", 1, "2019-03-04", 2019, 3, "One.", None),
        (1, "c.jsonl:2", 2, None, None, None, None, "empty line (expected a JSON object)"),
        (2, "c.jsonl:3", 3, None, None, None, None, "invalid UTF-8 at byte 24"),
        (3, "c.jsonl:4", 4, None, None, None, None,
         "malformed JSON (Unterminated string starting at column 21)"),
        (4, "c.jsonl:5", 5, None, None, None, None, "no string field 'text'"),
        (5, "f", 6, "yesterday", None, None, None, "invalid date 'yesterday'"),
        (6, "c.jsonl:7", 7, None, None, None, None, "no string or number field 'id'"),
        (7, "8", 8, None, None, None, "Eight.", None),
    ]
    assert {item.source for item in items} == {str(corpus)}


def test_without_fields_the_id_is_file_and_line_and_there_is_no_date(tmp_path):
    corpus = tmp_path / "c.jsonl"
    corpus.write_text('{"id": "a", "date": "2019", "body": "One."}\n', encoding="utf-8")
    items = list(read_inputs([corpus], text_field="body"))
    assert [(i.id, i.date, i.text) for i in items] == [("c.jsonl:1", None, "One.")]


def test_a_folder_of_txt_files_is_one_item_per_file_by_relative_path(tmp_path):
    folder = tmp_path / "texts"
    (folder / "2019").mkdir(parents=True)
    (folder / "b.txt").write_text("Second article.\n", encoding="utf-8")
    (folder / "2019" / "a.txt").write_text("First article.", encoding="utf-8")
    (folder / "empty.txt").write_text(" \n", encoding="utf-8")
    (folder / "latin1.txt").write_bytes(b"fine\ncaf\xe9")
    (folder / "notes.md").write_text("not an article", encoding="utf-8")
    items = list(read_inputs([folder]))
    assert [(i.seq, i.id, i.line, i.text, i.reason) for i in items] == [
        (0, "2019/a.txt", None, "First article.", None),
        (1, "b.txt", None, "Second article.\n", None),
        (2, "empty.txt", None, None, "empty file"),
        (3, "latin1.txt", None, None, "invalid UTF-8 at byte 3 of line 2"),
    ]


def test_seq_counts_over_all_paths_in_the_order_given(tmp_path):
    first, second = tmp_path / "1.jsonl", tmp_path / "2.txt"
    first.write_text('{"text": "a"}\n{"text": "b"}\n', encoding="utf-8")
    second.write_text("c", encoding="utf-8")
    items = list(read_inputs([second, first]))
    assert [(i.seq, i.id) for i in items] == [(0, "2.txt"), (1, "1.jsonl:1"), (2, "1.jsonl:2")]


def test_a_docbin_is_one_item_per_doc_with_user_data_fields(tmp_path):
    nlp = spacy.blank("en")
    doc_bin = DocBin(store_user_data=True)
    for number, date in enumerate(["2018-05", "May"]):
        doc = nlp(f"Text {number}.")
        doc.user_data.update({"id": f"d{number}", "date": date})
        doc_bin.add(doc)
    path = tmp_path / "docs.spacy"
    doc_bin.to_disk(path)
    items = list(read_inputs([path], vocab=nlp.vocab, id_field="id", date_field="date"))
    assert [(i.id, i.line, i.year, i.month, i.reason) for i in items] == [
        ("d0", 0, 2018, 5, None), ("d1", 1, None, None, "invalid date 'May'")]
    assert items[0].doc.text == "Text 0."


def test_a_path_the_audit_cannot_read_is_one_error(tmp_path):
    (tmp_path / "table.csv").write_text("a,b\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"^Cannot read .*table.csv: give JSONL"):
        list(read_inputs([tmp_path / "table.csv"]))
    with pytest.raises(InputError, match=r"^Input not found: .*missing.jsonl$"):
        list(read_inputs([tmp_path / "missing.jsonl"]))
    (tmp_path / "broken.spacy").write_bytes(b"not a docbin")
    with pytest.raises(InputError, match=r"^Cannot read the DocBin .*broken.spacy"):
        list(read_inputs([tmp_path / "broken.spacy"], vocab=spacy.blank("en").vocab))
