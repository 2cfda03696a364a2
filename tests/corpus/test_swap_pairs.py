"""Reading swapped pairs: a brat folder of originals + a folder of swapped lines (.meta)."""

import pytest

from spacy_genderfair.corpus.swap_pairs import (
    LineEntity,
    PairReport,
    SwapDataError,
    read_split,
    read_swapped_pairs,
)
from tests.conftest import shared_path

ORIGINAL = (
    "Новини дня.\n"
    "Черговий лікар поінформував про перспективи.\n"
    "Директор Валерій Ріяко підписав наказ.\n"
    "Мер міста привітав мешканців.\n"
)
# T3 spans the line break between lines 2 and 3 (brat allows it).
ORIGINAL_ANN = (
    "T1\tJOB\t21\t26\tлікар\n"
    "T2\tPERS\t66\t79\tВалерій Ріяко\n"
    "T3\tMISC\t44\t65\tперспективи.\n"
    "Директор\n"
    "T4\tJOB\t57\t65\tДиректор\n"
)
SWAPPED = (
    "Чергова лікарка поінформувала про перспективи.\n"
    "\n"
    "Директорка Валерія Ріяко підписала наказ.\n"
)
SWAPPED_ANN = (
    "T1\tJOB\t8\t15\tлікарка\n"
    "T2\tJOB\t48\t58\tДиректорка\n"
    "T3\tPERS\t59\t72\tВалерія Ріяко\n"
)


def _corpus(tmp_path, meta="1\n2\n", swapped=SWAPPED, stem="abc"):
    original_root, swapped_root = tmp_path / "v2.0", tmp_path / "v2.0-swapped"
    (original_root / "ng").mkdir(parents=True)
    (swapped_root / "ng").mkdir(parents=True)
    (original_root / "ng" / f"{stem}.txt").write_text(ORIGINAL, encoding="utf-8")
    (original_root / "ng" / f"{stem}.ann").write_text(ORIGINAL_ANN, encoding="utf-8")
    (swapped_root / "ng" / f"{stem}-swapped.txt").write_text(swapped, encoding="utf-8")
    (swapped_root / "ng" / f"{stem}-swapped.ann").write_text(SWAPPED_ANN, encoding="utf-8")
    (swapped_root / "ng" / f"{stem}-swapped.meta").write_text(meta, encoding="utf-8")
    return swapped_root, original_root


def test_pairs_with_line_relative_entities(tmp_path):
    report = PairReport()
    pairs = list(read_swapped_pairs(*_corpus(tmp_path), report=report))
    assert [(p.doc_id, p.line_index) for p in pairs] == [("ng/abc", 1), ("ng/abc", 2)]
    first, second = pairs
    assert first.original == "Черговий лікар поінформував про перспективи."
    assert first.reference == "Чергова лікарка поінформувала про перспективи."
    assert first.reference_entities == (LineEntity("JOB", 8, 15, "лікарка"),)
    # The line-spanning MISC is clipped to each line.
    assert first.original_entities == (LineEntity("JOB", 9, 14, "лікар"),
                                       LineEntity("MISC", 32, 44, "перспективи."))
    assert second.reference == "Директорка Валерія Ріяко підписала наказ."
    assert second.reference_entities == (LineEntity("JOB", 0, 10, "Директорка"),
                                         LineEntity("PERS", 11, 24, "Валерія Ріяко"))
    assert second.original_entities == (LineEntity("MISC", 0, 8, "Директор"),
                                        LineEntity("JOB", 0, 8, "Директор"),
                                        LineEntity("PERS", 9, 22, "Валерій Ріяко"))
    assert (report.documents, report.swapped_lines, report.pairs, report.skipped_lines,
            report.blank_lines) == (1, 2, 2, 0, 1)
    assert second.to_dict()["reference_entities"][1] == ["PERS", 11, 24, "Валерія Ріяко"]


def test_meta_count_mismatch_names_file_and_line(tmp_path):
    swapped_root, original_root = _corpus(tmp_path, meta="1\n")
    with pytest.raises(SwapDataError) as err:
        list(read_swapped_pairs(swapped_root, original_root))
    message = str(err.value)
    assert "abc-swapped.meta line 2" in message
    assert "1 indices for 2 non-empty lines of abc-swapped.txt" in message


def test_meta_count_mismatch_skips_the_document_when_asked(tmp_path):
    swapped_root, original_root = _corpus(tmp_path, meta="1\n2\n3\n")
    report = PairReport()
    assert list(read_swapped_pairs(swapped_root, original_root, on_error="skip",
                                   report=report)) == []
    assert (report.skipped_documents, report.swapped_lines, report.skipped_lines) == (1, 2, 2)
    assert report.problems[0].line == 3 and "document skipped" in report.problems[0].reason


def test_bad_index_fails_or_is_counted(tmp_path):
    swapped_root, original_root = _corpus(tmp_path, meta="1\n7\n")
    with pytest.raises(SwapDataError, match=r"abc-swapped\.meta line 2: index 7 past the end "
                                            r"of abc\.txt \(4 lines\)"):
        list(read_swapped_pairs(swapped_root, original_root))
    report = PairReport()
    pairs = list(read_swapped_pairs(swapped_root, original_root, on_error="skip",
                                    report=report))
    assert [p.line_index for p in pairs] == [1]
    assert report.swapped_lines == report.pairs + report.skipped_lines == 2
    assert [(p.line, p.reason) for p in report.problems] == [
        (2, "index 7 past the end of abc.txt (4 lines)")]


def test_non_integer_index(tmp_path):
    swapped_root, original_root = _corpus(tmp_path, meta="1\nдва\n")
    with pytest.raises(SwapDataError, match=r"line 2: not a line index: 'два'"):
        list(read_swapped_pairs(swapped_root, original_root))


def test_skip_needs_a_report(tmp_path):
    with pytest.raises(ValueError, match="needs a PairReport"):
        list(read_swapped_pairs(*_corpus(tmp_path), on_error="skip"))


def test_duplicate_index_is_kept_with_a_warning(tmp_path):
    report = PairReport()
    pairs = list(read_swapped_pairs(*_corpus(tmp_path, meta="2\n2\n"), report=report))
    assert len(pairs) == 2
    assert [(w.line, w.reason) for w in report.warnings] == [(2, "index 2 also used on line 1")]


def test_missing_original_file(tmp_path):
    swapped_root, original_root = _corpus(tmp_path)
    (original_root / "ng" / "abc.txt").unlink()
    with pytest.raises(SwapDataError, match=r"abc\.txt: file not found"):
        list(read_swapped_pairs(swapped_root, original_root))


def test_documents_filter_and_split_file(tmp_path):
    swapped_root, original_root = _corpus(tmp_path)
    split = tmp_path / "split.txt"
    split.write_text("DEV\nabc-swapped\n\nTEST\nxyz-swapped\n", encoding="utf-8")
    assert read_split(split) == {"DEV": ["abc"], "TEST": ["xyz"]}
    assert len(list(read_swapped_pairs(swapped_root, original_root, documents=["abc"]))) == 2
    assert list(read_swapped_pairs(swapped_root, original_root, documents=["xyz"])) == []


def test_missing_folders(tmp_path):
    with pytest.raises(SwapDataError, match="swapped folder not found"):
        list(read_swapped_pairs(tmp_path / "nope", tmp_path))
    with pytest.raises(SwapDataError, match=r"no \*-swapped\.txt files"):
        list(read_swapped_pairs(tmp_path, tmp_path))


def test_ner_uk_dev_pairs():
    swapped_root = shared_path("ner-uk", "v2.0-swapped", "data")
    report = PairReport()
    dev = read_split(swapped_root / "dev-split.txt")["DEV"]
    pairs = list(read_swapped_pairs(swapped_root, shared_path("ner-uk", "v2.0", "data"),
                                    on_error="skip", report=report, documents=dev))
    assert (report.documents, report.swapped_lines, report.pairs) == (275, 928, 927)
    assert len(pairs) == 927
    # The one unusable line: its .meta index points past the end of the original.
    [problem] = report.problems
    assert problem.path.endswith("8b3ec884f52d-swapped.meta") and problem.line == 6
    assert all(p.reference.strip() for p in pairs)
    assert all(e.text == p.reference[e.start:e.end]
               for p in pairs for e in p.reference_entities)
    first = next(p for p in pairs if p.doc_id == "ng/003d28360166")
    assert first.line_index == 9
    assert first.reference.startswith("Незмінною директоркою цієї філії")
    assert first.original.startswith("Незмінним директором цієї філії")
