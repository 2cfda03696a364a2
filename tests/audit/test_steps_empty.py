"""The corpus steps on an audit with nothing to balance: no record at all (an empty folder)
or texts without a she/he actor. No ratio exists, so the bounds are neither reached nor
missed: ``"reached": null`` with the reason; every command ends with one line, exit code 0."""

import json

import pytest
from typer.testing import CliRunner

from spacy_genderfair.audit.balance import BalanceSettings, run_balance
from spacy_genderfair.cli import app

from .report_records import record
from .step_audit import write_audit

runner = CliRunner()
NO_TEXT = "no text analysed at the actor level: no ratio to bring into bounds"
NO_RATIO = "no she/he actor or mention: no ratio to bring into bounds"


@pytest.mark.parametrize("method", ["optimal", "greedy", "weights"])
def test_an_audit_without_records_reaches_nothing(tmp_path, method):
    folder = write_audit(tmp_path, [])
    report = run_balance(folder, BalanceSettings(method=method))
    assert (report["reached"], report["reason"], report["texts"]) == (None, NO_TEXT, 0)
    section = json.loads((folder / "manifest.json").read_text())["balance"]
    assert (section["reached"], section["reason"]) == (None, NO_TEXT)


@pytest.mark.parametrize("method", ["optimal", "greedy", "weights"])
def test_texts_without_actors_have_no_ratio_to_reach(tmp_path, method):
    folder = write_audit(tmp_path, [record(id="a"), record(id="b")])
    report = run_balance(folder, BalanceSettings(method=method))
    assert (report["reached"], report["reason"], report["removed"]) == (None, NO_RATIO, 0)
    assert report["periods"]["all"]["reached"] is None
    assert "bounds not applicable (no she/he actor" in (
        folder / "exclusion_report.txt").read_text()


def test_a_year_without_actors_leaves_the_verdict_to_the_others(tmp_path):
    rows = [record(id="a", year=2020, date="2020"), record(id="b", she_actors=1, she_named=1),
            record(id="c", he_actors=1, he_named=1)]
    report = run_balance(write_audit(tmp_path, rows), BalanceSettings(by_year=True))
    assert [report["periods"][year]["reached"] for year in ("2019", "2020")] == [True, None]
    assert report["reached"] is True and "reason" not in report


def test_every_step_command_on_an_empty_audit_says_so_in_one_line(tmp_path):
    # a folder without .txt files: the one input that audits to no record (an empty file is
    # refused before the audit)
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    folder = write_audit(tmp_path / "audit", [], inputs=[str(corpus)])
    result = runner.invoke(app, ["exclude", str(folder)])
    assert (result.exit_code, result.stdout) == (0, (
        "exclude: 0 of 0 analysed texts excluded (0 compared; flags: sentiment 0, roles 0, "
        f"quotes 0, naming 0) -> {folder / 'exclusions.jsonl'}\n"))
    for method in ("optimal", "greedy"):
        result = runner.invoke(app, ["balance", str(folder), "--method", method])
        assert (result.exit_code, result.stdout) == (0, (
            f"balance ({method}): 0 of 0 texts removed; she/he actors none -> none, mentions "
            f"none -> none; bounds [0.75, 1.25] not applicable ({NO_TEXT}) -> "
            f"{folder / 'balancing.json'}\n"))
    result = runner.invoke(app, ["balance", str(folder), "--method", "weights"])
    assert (result.exit_code, result.stdout) == (0, (
        "balance (weights): no weights for 0 texts; she/he actors none -> none, mentions "
        f"none -> none; bounds [0.75, 1.25] not applicable ({NO_TEXT}) -> "
        f"{folder / 'balancing.json'}\n"))
    assert not (folder / "weights.parquet").exists()
    result = runner.invoke(app, ["rebuild", str(corpus), str(folder), "-o",
                                 str(tmp_path / "out"), "--no-progress"])
    assert (result.exit_code, result.stdout) == (0, (
        f"rebuild: 0 records = 0 kept + 0 removed (exclude 0, balance 0) in 1 input(s) -> "
        f"{tmp_path / 'out'}\n"))
    assert list((tmp_path / "out" / "corpus").iterdir()) == []
