"""Plain regression tests for the failures the property tests found, each with the example
hypothesis shrank it to."""

import io

import pytest
import spacy

from spacy_genderfair.cli.eval_swap import _read_jsonl
from spacy_genderfair.corpus.brat import BratFormatError, read_brat_folder
from spacy_genderfair.corpus.conllu import CoNLLUFormatError, read_conllu
from spacy_genderfair.corpus.records import BadRecord, read_records
from spacy_genderfair.corpus.sentence_input import read_conllu_docs
from spacy_genderfair.corpus.sentences import SentenceSummary
from spacy_genderfair.corpus.swap_pairs import (
    PairReport,
    SwapDataError,
    read_split,
    read_swapped_pairs,
)
from spacy_genderfair.corpus.swap_review import REVIEW_COLUMNS, ReviewError, read_review
from spacy_genderfair.lexicon import LexiconFormatError, read_lexicon
from spacy_genderfair.swap.names.lists import NameListError, read_name_list

REVIEW_HEADER = ",".join(REVIEW_COLUMNS).encode()


def test_deeply_nested_json_line_is_a_bad_record_not_a_recursion_error():
    data = b'{"text": "kept"}\n' + b"[" * 5_000 + b"]" * 5_000 + b"\n"
    records = list(read_records(io.BytesIO(data), "jsonl"))
    assert [type(r).__name__ for r in records] == ["Record", "BadRecord"]
    assert records[1] == BadRecord(1, "malformed JSON (nested too deeply)")


def test_brat_offsets_count_the_carriage_returns_of_a_crlf_file(tmp_path):
    (tmp_path / "doc.txt").write_bytes(b"Hello\r\nBob Ray\r\n")
    (tmp_path / "doc.ann").write_bytes(b"T1\tPERS\t7\t14\tBob Ray\r\n")
    ((doc_id, text, entities),) = list(read_brat_folder(tmp_path))
    assert doc_id == "doc"
    assert text == "Hello\r\nBob Ray\r\n"
    assert [(e.id, e.label, e.start, e.end, e.text) for e in entities] == [
        ("T1", "PERS", 7, 14, "Bob Ray")]


def test_brat_file_with_invalid_utf8_is_a_brat_format_error(tmp_path):
    (tmp_path / "doc.txt").write_bytes(b"\xff")
    (tmp_path / "doc.ann").write_bytes(b"")
    with pytest.raises(BratFormatError, match=r"doc\.txt line 1: invalid UTF-8 at byte 0"):
        list(read_brat_folder(tmp_path))


@pytest.mark.parametrize(("data", "message"), [
    (REVIEW_HEADER + b"\r\n\r\n\xff\xfe,", r"line 3: invalid UTF-8 at byte 0"),
    (REVIEW_HEADER + b"\r\n" + b"x" * 140_000, r"line 2: malformed CSV \(field larger than"),
], ids=["invalid-utf8", "field-over-csv-limit"])
def test_unreadable_review_csv_is_a_review_error(tmp_path, data, message):
    path = tmp_path / "review.csv"
    path.write_bytes(data)
    with pytest.raises(ReviewError, match=message):
        list(read_review(path))


def test_swapped_pairs_skip_a_document_whose_original_is_not_utf8(tmp_path):
    (tmp_path / "swapped").mkdir()
    (tmp_path / "original").mkdir()
    (tmp_path / "swapped" / "X-swapped.txt").write_text("Вона прийшла.\n", encoding="utf-8")
    (tmp_path / "swapped" / "X-swapped.meta").write_text("0\n", encoding="utf-8")
    (tmp_path / "original" / "X.txt").write_bytes(b"\xef\xbb\xbf\x80")
    report = PairReport()
    pairs = list(read_swapped_pairs(tmp_path / "swapped", tmp_path / "original",
                                    on_error="skip", report=report))
    assert pairs == []
    assert (report.documents, report.skipped_documents, report.swapped_lines,
            report.skipped_lines, report.pairs) == (1, 1, 1, 1, 0)
    assert report.problems[0].reason == ("invalid UTF-8 at byte 3; document skipped "
                                         "(1 swapped lines)")
    with pytest.raises(SwapDataError, match="line 1: invalid UTF-8 at byte 3"):
        list(read_swapped_pairs(tmp_path / "swapped", tmp_path / "original"))


def test_split_file_with_invalid_utf8_is_a_swap_data_error(tmp_path):
    path = tmp_path / "split.txt"
    path.write_bytes(b"\xef\xbb\xbf\x80")
    with pytest.raises(SwapDataError, match=r"split\.txt line 1: invalid UTF-8 at byte 3"):
        read_split(path)


@pytest.mark.parametrize(("name", "data", "message"), [
    ("pairs.csv", b"\xef\xbb\xbf" + b"a" * 140_000, r"malformed CSV \(field larger than"),
    ("words.json", b"[" * 5_000 + b"]" * 5_000, r"invalid JSON \(nested too deeply\)"),
], ids=["csv-field-over-limit", "json-nested-too-deeply"])
def test_unreadable_user_lexicon_is_a_lexicon_format_error(tmp_path, name, data, message):
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(LexiconFormatError, match=message):
        read_lexicon(path)


def test_name_list_with_invalid_utf8_is_a_name_list_error(tmp_path):
    path = tmp_path / "names.tsv"
    path.write_bytes(b"\xef\xbb\xbf\x80")
    with pytest.raises(NameListError, match=r"names\.tsv: not valid UTF-8 \(byte 3\)"):
        read_name_list(path)
    folder = tmp_path / "names"
    folder.mkdir()
    for name in ("male_fname_freq_dict.csv", "female_fname_freq_dict.csv"):
        (folder / name).write_bytes(b"\x80")
    with pytest.raises(NameListError, match=r"male_fname_freq_dict\.csv: not a name,freq CSV"):
        read_name_list(folder)


def test_eval_swap_counts_a_deeply_nested_json_line_as_bad(tmp_path):
    path = tmp_path / "pairs.jsonl"
    path.write_bytes(b'{"original": "a", "reference": "b"}\n' + b"[" * 5_000 + b"]" * 5_000)
    records, summary = _read_jsonl(path, "skip")
    assert records == [{"original": "a", "reference": "b"}]
    assert summary["problems"] == [{"line": 2, "reason": "malformed JSON (nested too deeply)"}]
    assert (summary["lines"], summary["pairs"], summary["bad_lines"]) == (2, 1, 1)


def test_conllu_sentence_whose_heads_form_a_cycle_is_malformed(tmp_path):
    path = tmp_path / "cycle.conllu"
    rows = [(1, 0), (2, 3), (3, 2)]  # (id, head): 2 and 3 head each other, nothing roots them
    path.write_text("".join(f"{i}\tMaria\tMaria\tX\t_\t_\t{head}\tdep\t_\t_\n"
                            for i, head in rows), encoding="utf-8")
    with pytest.raises(CoNLLUFormatError, match=r"line 1: malformed sentence \(token 2: its "
                                                r"heads form a cycle\)"):
        list(read_conllu(path, spacy.blank("xx").vocab))
    summary, bad = SentenceSummary(), []
    assert list(read_conllu_docs(path, "work", spacy.blank("xx").vocab, summary,
                                 bad.append)) == []
    assert (summary.records, [b.line_no for b in bad]) == (1, [1])


def test_swapped_pairs_skip_a_swapped_file_that_is_not_utf8(tmp_path):
    (tmp_path / "swapped").mkdir()
    (tmp_path / "original").mkdir()
    (tmp_path / "swapped" / "X-swapped.txt").write_bytes(b"caf\xe9\n")
    report = PairReport()
    assert list(read_swapped_pairs(tmp_path / "swapped", tmp_path / "original",
                                   on_error="skip", report=report)) == []
    # Its lines still count (as skipped), so that swapped lines = pairs + skipped.
    assert (report.documents, report.skipped_documents, report.swapped_lines,
            report.skipped_lines) == (1, 1, 1, 1)
    assert report.problems[0].reason == ("invalid UTF-8 at byte 3; document skipped "
                                         "(1 swapped lines)")
