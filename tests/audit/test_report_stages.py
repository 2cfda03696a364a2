"""The audit's own report (report.json / .txt / .html) with the stages of the corpus steps:
before, after exclusion, after balancing; and without steps, the report as it always was."""

import json
from pathlib import Path

import pytest

from spacy_genderfair.audit.balance import BalanceSettings, run_balance
from spacy_genderfair.audit.exclude import run_exclude
from spacy_genderfair.audit.html import render_html
from spacy_genderfair.audit.report import build_report, write_report
from spacy_genderfair.audit.report_stages import SCHEMA_WITH_STAGES, STAGES
from spacy_genderfair.audit.schema import ShardedRecords

from .report_records import record
from .step_audit import write_audit
from .test_report_text import report_of

DATA = Path(__file__).parent / "data"


def text(name: str, she: int = 0, he: int = 0, year: int = 2019, **values) -> dict:
    """A text with ``she`` / ``he`` actors, each named once (mentions = actors)."""
    return record(id=name, she_actors=she, she_named=she, he_actors=he, he_named=he,
                  year=year, date=f"{year}-05-01", **values)


def audited(folder: Path, rows: list[dict], compat: str | None = None) -> Path:
    """An audit folder of ``rows`` with its report, as ``genderfair audit`` writes it."""
    write_audit(folder, rows)
    write_report(build_report(ShardedRecords(folder), compat=compat, header={"lang": "en"}),
                 folder)
    return folder


def saved_report(folder: Path) -> dict:
    return json.loads((folder / "report.json").read_text(encoding="utf-8"))


# a (roles and quotes flags) is excluded; then the 2019 texts b..e are balanced greedily
# (S = 1, H = 3: c and d go); f is a 2020 text
ROWS = [text("a", she=1, he=1, she_subject=3, she_quotes_direct=2),
        text("b", she=1, she_sentiment_sum=0.5, she_sentiment_count=1),
        text("c", he=1, he_quotes_direct=1), text("d", he=1), text("e", he=1),
        text("f", she=1, he=1, year=2020)]


def test_a_report_without_steps_is_the_report_it_always_was():
    # golden files written by the report before the stages existed
    report = report_of("report_records.jsonl")
    assert "stages" not in report and report["schema"].endswith(".v1")
    text = json.dumps(report, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    assert text == (DATA / "report_default.json").read_text(encoding="utf-8")
    assert render_html(report, {}) == (DATA / "report_default.html").read_text(encoding="utf-8")


def test_the_steps_write_their_stages_into_the_audit_report(tmp_path):
    folder = audited(tmp_path, ROWS)
    audit_report = saved_report(folder)
    run_exclude(folder)
    run_balance(folder, BalanceSettings(method="greedy", by_year=True))
    report = saved_report(folder)
    assert report["schema"] == SCHEMA_WITH_STAGES
    # the audit's own figures are untouched
    assert {key: value for key, value in report.items() if key not in ("schema", "stages")} \
        == {key: value for key, value in audit_report.items() if key != "schema"}
    stages = report["stages"]
    assert stages["names"] == list(STAGES)
    assert stages["steps"]["balance"]["parameters"]["method"] == "greedy"
    assert [entry["period"] for entry in stages["periods"]] == ["2019", "2020", "all"]
    for entry, period in zip(stages["periods"], report["periods"], strict=True):
        # "before" is the report's own figures, to the last bit
        assert entry["before"]["shares"] == {metric: period["shares"][metric]
                                             for metric in entry["before"]["shares"]}
        assert entry["before"]["texts"] == period["totals"]["texts"]
    whole = stages["periods"][-1]
    assert [whole[stage]["texts"] for stage in STAGES] == [6, 5, 3]
    # actors: she 3, he 5 before; a gone: 2 / 4; c, d gone: 2 / 2
    assert [whole[stage]["ratios"]["actors"] for stage in STAGES] == [0.6, 0.5, 1.0]
    after = whole["after balancing"]["shares"]["actors"]
    assert (after["she"], after["he"], after["share"]) == (2, 2, 0.5)
    # direct quotes: a's 2 (she/her) before, c's 1 (he/him) until balancing removes it
    assert [whole[stage]["shares"]["quotes_direct"]["share"] for stage in STAGES] == [
        2 / 3, 0.0, None]
    assert whole["after balancing"]["sentiment"] == {"she/her": 0.5, "he/him": None}
    # by year: 2019 is balanced (1 she, 1 he left), 2020 keeps its one pair
    year_2019 = stages["periods"][0]
    assert [year_2019[stage]["ratios"]["mentions"] for stage in STAGES] == [0.5, 1 / 3, 1.0]


def test_report_txt_and_html_show_the_stage_columns(tmp_path):
    folder = audited(tmp_path, ROWS)
    run_exclude(folder)
    run_balance(folder, BalanceSettings(method="greedy"))
    written = (folder / "report.txt").read_text(encoding="utf-8")
    assert "exclude: min_flags 2," in written
    lines = written.splitlines()
    whole = lines.index("Report for the whole corpus")
    # (two stages fit the page's width beside the labels: the third goes on below)
    first, second = [index for index in range(whole, len(lines))
                     if lines[index].startswith("BY STAGE")][:2]
    assert lines[first].split()[-3:] == ["before", "after", "exclusion"]
    assert lines[second].split()[-2:] == ["after", "balancing"]
    assert lines[first + 2].split() + lines[second + 2].split()[1:] == ["Texts:", "6", "5", "3"]
    assert lines[first + 3].split()[-2:] + lines[second + 3].split()[-1:] == [
        "0.60", "0.50", "1.00"]
    # she/her share of actors: 3 / 8, 2 / 6, 2 / 4 with their intervals
    assert lines[first + 5].split("):", 1)[1].split() \
        + lines[second + 5].split("):", 1)[1].split() == [
        "37.5", "[11.5,", "63.5]", "33.3", "[0.0,", "67.8]", "50.0", "[7.6,", "92.4]"]
    page = (folder / "report.html").read_text(encoding="utf-8")
    assert '<section id="stages">' in page and "after balancing</th>" in page
    assert page.count('<h4>By stage</h4>') == 3  # the whole corpus, 2019, 2020


def test_rerunning_a_step_with_other_parameters_rewrites_the_stages(tmp_path):
    folder = audited(tmp_path, ROWS)
    run_balance(folder, BalanceSettings(method="greedy"))
    greedy = saved_report(folder)["stages"]
    assert greedy["steps"]["exclude"] is None
    run_balance(folder, BalanceSettings(method="greedy", lower=0.2, upper=5.0))
    wide = saved_report(folder)["stages"]
    assert wide["steps"]["balance"]["parameters"]["lower"] == 0.2
    # bounds [0.2, 5] hold already: nothing removed, the last stage is the first
    assert wide["periods"][-1]["after balancing"] == wide["periods"][-1]["before"]
    assert greedy["periods"][-1]["after balancing"]["texts"] < 6


def test_the_stages_follow_the_reports_compat_mode(tmp_path):
    folder = audited(tmp_path, ROWS, compat="taz2025")
    run_exclude(folder)
    report = saved_report(folder)
    whole = report["stages"]["periods"][-1]
    # taz2025: subject share over the four role cells, the report's own definition
    assert whole["before"]["shares"]["subject"] == report["periods"][-1]["shares"]["subject"]
    assert whole["before"]["shares"]["subject"]["share"] == pytest.approx(1.0)


def test_weights_weigh_the_last_stage_of_the_report(tmp_path):
    # as test_balance: w = 1, 2/3, 2/3 meets ratio 0.75 closest to uniform
    folder = audited(tmp_path, [text("a", she=1), text("b", he=1), text("c", he=1)])
    run_balance(folder, BalanceSettings(method="weights"))
    last = saved_report(folder)["stages"]["periods"][-1]["after balancing"]
    assert last["texts"] == pytest.approx(7 / 3)
    assert last["ratios"]["actors"] == pytest.approx(0.75)
    assert last["shares"]["actors"]["share"] == pytest.approx(1 / (1 + 4 / 3))


def test_report_txt_with_stages_keeps_to_the_page_width(tmp_path):
    folder = audited(tmp_path, ROWS)
    run_exclude(folder)
    run_balance(folder, BalanceSettings(method="greedy", by_year=True))
    lines = (folder / "report.txt").read_text(encoding="utf-8").splitlines()
    assert max(len(line) for line in lines) <= 95
    # every stage of the whole corpus, 2019 and 2020, in a table that fits
    headers = [line for line in lines if line.startswith("BY STAGE")]
    for stage in ("before", "after exclusion", "after balancing"):
        assert sum(stage in header for header in headers) == 3
