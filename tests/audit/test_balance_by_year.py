"""``genderfair balance --by year`` on hand-made records: a year that cannot be balanced
stays as it is and says so, the other years are balanced, and ``reached`` is true only when
every year with a ratio reached the bounds. Each year's figures are worked out in the comments."""

import json

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from spacy_genderfair.cli import app

from .report_records import record
from .step_audit import write_audit

runner = CliRunner()


def text(name: str, she: int = 0, he: int = 0, year: int = 2019) -> dict:
    """A text of ``year`` with ``she`` / ``he`` actors, each named once (mentions = actors)."""
    return record(id=name, she_actors=she, she_named=she, he_actors=he, he_named=he, year=year,
                  date=f"{year}-05-01", month=5)


# 2019: S = 1, H = 2 (0.5): balanced by weights 1, 2/3, 2/3 (0.75) or by removing b (1.0).
# 2020: every text has both groups, 1/3 and 1/2: any weights or removals keep the ratio in
# [1/3, 1/2], so no method reaches 0.75. 2021: no she/he count, no ratio.
BALANCEABLE = [text("a", she=1), text("b", he=1), text("c", he=1)]
INFEASIBLE = [text("x", she=1, he=3, year=2020), text("y", she=1, he=2, year=2020)]
NO_RATIO = [text("n1", year=2021), text("n2", year=2021)]


def balance_by_year(folder, method: str, *options: str) -> dict:
    """Run ``genderfair balance`` and return balancing.json; the summary line is one line."""
    result = runner.invoke(app, ["balance", str(folder), "--method", method, *options])
    assert result.exit_code == 0, result.output
    assert result.stdout.count("\n") == 1
    report = json.loads((folder / "balancing.json").read_text(encoding="utf-8"))
    report["_summary"] = result.stdout
    return report


def weights_of(folder) -> dict[str, float]:
    table = pq.read_table(folder / "weights.parquet").to_pydict()
    return dict(zip(table["id"], table["weight"], strict=True))


def test_weights_keep_1_for_a_year_they_cannot_balance_and_balance_the_others(tmp_path):
    folder = write_audit(tmp_path, BALANCEABLE + INFEASIBLE + NO_RATIO)
    report = balance_by_year(folder, "weights", "--by", "year")
    periods = report["periods"]
    assert {year: periods[year]["reached"] for year in periods} == {
        "2019": True, "2020": False, "2021": None}
    assert report["reached"] is False
    assert "bounds [0.75, 1.25] NOT reached" in report["_summary"]
    # every text that took part has its weight: 2019's balancing ones, 1 for the others
    assert weights_of(folder) == pytest.approx({"a": 1.0, "b": 2 / 3, "c": 2 / 3, "x": 1.0,
                                                "y": 1.0, "n1": 1.0, "n2": 1.0})
    assert pq.read_table(folder / "steps" / "balance.parquet").num_rows == 0
    assert periods["2019"]["ratios_after"] == {"actors": 0.75, "mentions": 0.75}
    assert periods["2020"]["ratios_after"] == periods["2020"]["ratios_before"] == {
        "actors": 0.4, "mentions": 0.4}
    # the whole corpus: S = 1 + 2, H = 4/3 + 5
    assert report["ratios_after"]["actors"] == pytest.approx(9 / 19, abs=1e-6)
    assert "weights.parquet" in json.loads(
        (folder / "manifest.json").read_text())["balance"]["outputs"]


@pytest.mark.parametrize("by", [[], ["--by", "year"]])
def test_a_year_without_she_or_he_takes_nothing_from_the_others(tmp_path, by):
    # 2019: S = 1, H = 3; the 2021 texts have no count. By year or not, the same weights
    # (1 and 4/9 each: 1 / (3 · 4/9) = 0.75) and the same ratio after
    folder = write_audit(tmp_path, [text("a", she=1), text("b", he=1), text("c", he=1),
                                    text("d", he=1), *NO_RATIO])
    report = balance_by_year(folder, "weights", *by)
    assert report["reached"] is True
    assert report["ratios_after"] == {"actors": 0.75, "mentions": 0.75}
    assert weights_of(folder) == pytest.approx({"a": 1.0, "b": 4 / 9, "c": 4 / 9, "d": 4 / 9,
                                                "n1": 1.0, "n2": 1.0})


@pytest.mark.parametrize("method", ["greedy", "optimal"])
def test_removals_leave_a_year_they_cannot_balance_whole(tmp_path, method):
    folder = write_audit(tmp_path, BALANCEABLE + INFEASIBLE + NO_RATIO)
    report = balance_by_year(folder, method, "--by", "year")
    periods = report["periods"]
    assert {year: (periods[year]["reached"], periods[year]["removed"]) for year in periods} == {
        "2019": (True, 1), "2020": (False, 0), "2021": (None, 0)}
    assert report["reached"] is False and report["removed_by_year"] == {"2019": 1}
    assert "1 of 7 texts removed" in report["_summary"]
    assert "NOT reached" in report["_summary"]
    assert pq.read_table(folder / "steps" / "balance.parquet").column("id").to_pylist() == ["b"]
    assert periods["2019"]["ratios_after"] == {"actors": 1.0, "mentions": 1.0}
    assert not (folder / "weights.parquet").exists()
