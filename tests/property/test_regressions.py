"""Plain regression tests for the failures the property tests found, each with the example
hypothesis shrank it to."""

import io

from spacy_genderfair.corpus.records import BadRecord, read_records


def test_deeply_nested_json_line_is_a_bad_record_not_a_recursion_error():
    data = b'{"text": "kept"}\n' + b"[" * 5_000 + b"]" * 5_000 + b"\n"
    records = list(read_records(io.BytesIO(data), "jsonl"))
    assert [type(r).__name__ for r in records] == ["Record", "BadRecord"]
    assert records[1] == BadRecord(1, "malformed JSON (nested too deeply)")
