import io

import pytest

from spacy_genderfair.corpus.records import BadRecord, Record, read_records, resolve_format


def test_text_lines_become_records_with_their_index():
    data = io.BytesIO(b"first line\nsecond line\n\nlast")
    records = list(read_records(data, "text"))
    assert [(r.index, r.text) for r in records] == [
        (0, "first line"), (1, "second line"), (2, ""), (3, "last")]


def test_invalid_utf8_is_a_bad_record_not_an_exception():
    data = io.BytesIO(b"good\n\xff\xfe broken\nalso good\n")
    records = list(read_records(data, "text"))
    assert isinstance(records[1], BadRecord)
    assert records[1].line_no == 2
    assert records[1].reason == "invalid UTF-8 at byte 0"
    assert [type(r) for r in records] == [Record, BadRecord, Record]


def test_jsonl_errors_are_reported_per_line():
    data = io.BytesIO(
        b'{"text": "ok"}\n{"text": \n{"body": "no text field"}\n[1, 2]\n\n{"text": 3}\n'
    )
    records = list(read_records(data, "jsonl", field="text"))
    assert isinstance(records[0], Record) and records[0].text == "ok"
    reasons = [r.reason for r in records[1:]]
    assert reasons[0].startswith("malformed JSON")
    assert reasons[1:] == ["no string field 'text'", "no string field 'text'",
                           "empty line (expected a JSON object)", "no string field 'text'"]
    assert [r.line_no for r in records] == [1, 2, 3, 4, 5, 6]


def test_custom_field_and_original_line_kept():
    line = '{"id": 7, "body": "Some text"}'
    (record,) = read_records(io.BytesIO(line.encode()), "jsonl", field="body")
    assert record.text == "Some text"
    assert record.line == line


@pytest.mark.parametrize(("path", "fmt", "expected"), [
    ("corpus.txt", "auto", "text"), ("corpus.jsonl", "auto", "jsonl"),
    ("corpus.JSONL", "auto", "jsonl"), ("corpus.jsonl", "text", "text"),
])
def test_resolve_format(path, fmt, expected):
    assert resolve_format(path, fmt) == expected


def test_unknown_format_is_a_clear_error():
    with pytest.raises(ValueError, match="Unknown input format 'csv'"):
        resolve_format("x.csv", "csv")
