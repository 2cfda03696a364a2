"""report.txt: the layout, checked against golden files (tests/audit/data/*.txt) by one runner,
and the layout's rules on their own."""

import json
from pathlib import Path

import pytest

from spacy_genderfair.audit.report import build_report, write_report
from spacy_genderfair.audit.text_report import render_text

from .report_records import record, records_table

DATA = Path(__file__).parent / "data"
HEADER = {"package": "spacy_genderfair 0.1.0", "model": "en_core_web_sm 3.8.0", "lang": "en"}
# (records, compat, golden report.txt)
GOLDEN_CASES = [
    ("report_records.jsonl", None, "report_default.txt"),
    ("report_records.jsonl", "taz2025", "report_taz2025.txt"),
    ("report_records_blank.jsonl", None, "report_blank.txt"),
]


def report_of(records_file: str, compat: str | None = None) -> dict:
    lines = (DATA / records_file).read_text(encoding="utf8").splitlines()
    table = records_table([record(**json.loads(line)) for line in lines])
    return build_report(table, compat=compat, header=dict(HEADER))


@pytest.mark.parametrize("records_file,compat,golden", GOLDEN_CASES, ids=lambda case: str(case))
def test_report_text_matches_its_golden_file(records_file, compat, golden):
    expected = (DATA / golden).read_text(encoding="utf8")
    assert render_text(report_of(records_file, compat)) == expected
    assert max(len(line) for line in expected.splitlines()) <= 95  # the page's width


def test_sections_come_in_the_papers_order_per_period():
    text = render_text(report_of("report_records.jsonl"))
    titles = ["Report for the year 2018", "Report for the year 2019",
              "Report for the records without a year", "Report for the whole corpus"]
    assert [text.index(title) for title in titles] == sorted(text.index(t) for t in titles)
    whole = text[text.index("Report for the whole corpus"):]
    sections = ["AGGREGATED TOTALS", "Metric ", "Share (", "STATISTICS (per text)",
                "TOP PMI ADJECTIVES", "TOP PMI NOUNS", "TOP PMI VERBS"]
    assert [whole.index(section) for section in sections] == sorted(
        whole.index(section) for section in sections
    )


def test_the_metric_table_has_they_and_unknown_after_overall():
    text = render_text(report_of("report_records.jsonl"))
    header = next(line for line in text.splitlines() if line.startswith("Metric  "))
    assert header.split() == ["Metric", "she/her", "he/him", "overall", "they/them", "unknown"]
    # the whole corpus: actors 3 she/her, 4 he/him, 1 they/them, 1 unknown: 9 overall
    lines = text.splitlines()
    actors = [line for line in lines if line.startswith("Pronoun Distribution (Actors):")]
    assert actors[-1].split()[-5:] == ["3", "4", "9", "1", "1"]


def test_pmi_cells_are_word_and_score():
    text = render_text(report_of("report_records.jsonl"))
    # NOUNs of the whole corpus: she/her nurse 8, council 5; he/him minister 8; they/them
    # council 2. nurse: log2(8 * 23 / (8 * 13)) = log2(23 / 13) = 0.823
    assert "nurse (0.82; 8)" in text
    assert "minister (8)" in text  # the ALL column: the count


def test_the_header_says_the_compat_mode_and_what_blank_mode_leaves_out():
    ours = render_text(report_of("report_records.jsonl"))
    assert "compat: none" in ours
    assert "actor level: available" in ours
    reference = render_text(report_of("report_records.jsonl", "taz2025"))
    assert "compat: taz2025 (the reference code's definitions" in reference
    blank = render_text(report_of("report_records_blank.jsonl"))
    assert "actor level: not available (blank mode)" in blank
    assert "note: blank mode: actor-level figures" in blank
    assert "TOP PMI ADJECTIVES / NOUNS / VERBS: n/a (no actor level)" in blank


def test_a_period_warning_is_printed_under_its_title():
    lines = render_text(report_of("report_records.jsonl")).splitlines()
    title = lines.index("Report for the year 2018")
    assert lines[title + 3] == "WARNING: fewer than 100 texts (2): shares are unreliable"


def test_write_report_writes_the_json_and_the_text(tmp_path):
    report = report_of("report_records.jsonl")
    paths = write_report(report, tmp_path)
    assert paths == {"json": tmp_path / "report.json", "txt": tmp_path / "report.txt"}
    assert json.loads(paths["json"].read_text(encoding="utf8")) == report
    assert paths["txt"].read_text(encoding="utf8") == (DATA / "report_default.txt").read_text(
        encoding="utf8"
    )


@pytest.mark.parametrize("settings", [{"min_count": 0}, {"top_k": 0}])
def test_counts_below_one_are_refused(settings):
    with pytest.raises(ValueError, match="must be at least 1"):
        build_report(records_table([record()]), **settings)


def test_header_values_that_are_dicts_print_as_name_value_pairs():
    report = build_report(records_table([record()]), header={"versions": {"spacy": "3.8.7"}})
    assert "\nversions: spacy 3.8.7\n" in render_text(report)
