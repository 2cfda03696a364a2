"""Step 3, corpus balancing, on hand-made records whose optimum is computed by hand in each
test's comment; and optimal against greedy on seeded random records."""

import json

import numpy as np
import pytest

from spacy_genderfair.audit.balance import (
    BalanceSettings,
    balance_columns,
    balance_texts,
    run_balance,
)
from spacy_genderfair.audit.exclude import run_exclude
from spacy_genderfair.audit.steps import id_ranks, read_manifest, whole_columns

from .report_records import record, records_table
from .step_audit import write_audit


def text(name: str, she: int = 0, he: int = 0, **values) -> dict:
    """A text with ``she`` / ``he`` actors, each named once (mentions = actors)."""
    return record(id=name, she_actors=she, she_named=she, he_actors=he, he_named=he, **values)


def balance(rows: list[dict], excluded=None, **settings) -> dict:
    table = records_table(rows)
    excluded = np.zeros(len(rows), dtype=bool) if excluded is None else np.asarray(excluded)
    return balance_texts(whole_columns(table, balance_columns()), id_ranks(table), excluded,
                         BalanceSettings(**settings))


def removed_ids(report: dict, rows: list[dict]) -> list[str]:
    return [row["id"] for row, gone in zip(rows, report["_removed"], strict=True) if gone]


# S = 3, H = 5 (ratio 0.6): bounds need H' in [2.4, 4]. Removing b (he 3) first, as the
# greedy rule does by impact, leaves H' = 2 (ratio 1.5); removing c alone gives 0.75.
OVERSHOOT = [text("a", she=3), text("b", he=3), text("c", he=1), text("d", he=1)]


def test_greedy_removes_by_impact_and_reports_an_overshoot():
    report = balance(OVERSHOOT, method="greedy")
    assert removed_ids(report, OVERSHOOT) == ["b"]
    assert report["ratios_before"] == {"actors": 0.6, "mentions": 0.6}
    assert report["ratios_after"] == {"actors": 1.5, "mentions": 1.5}
    assert report["reached"] is False
    assert report["candidates"] == 3


def test_optimal_removes_the_fewest_texts():
    report = balance(OVERSHOOT, method="optimal")
    assert removed_ids(report, OVERSHOOT) == ["c"]  # c and d tie; c has the smaller id
    assert report["ratios_after"] == {"actors": 0.75, "mentions": 0.75}
    assert report["reached"] is True
    assert report["periods"]["all"]["solver"]["gap"] == 0.0


def test_greedy_ties_go_by_id():
    # S = 1, H = 3: remove two of the equal he texts; ids decide, not input order
    rows = [text("z", he=1), text("a", she=1), text("m", he=1), text("b", he=1)]
    report = balance(rows, method="greedy")
    assert removed_ids(report, rows) == ["m", "b"]
    assert report["reached"] is True


def test_optimal_removes_a_mixed_text_greedy_cannot():
    # S = 4, H = 3 (1.33): the only text without he/him is b; removing it gives 2/3 = 0.67.
    # Removing the mixed text a gives 2/2 = 1.0.
    rows = [text("a", she=2, he=1), text("b", she=2), text("c", he=2)]
    greedy = balance(rows, method="greedy")
    assert (removed_ids(greedy, rows), greedy["reached"]) == (["b"], False)
    optimal = balance(rows, method="optimal")
    assert (removed_ids(optimal, rows), optimal["reached"]) == (["a"], True)


def test_no_candidates_is_no_crash():
    # every text has both groups: the greedy rule has nothing to remove
    rows = [text("a", she=1, he=3), text("b", she=1, he=2)]
    report = balance(rows, method="greedy")
    assert (report["removed"], report["candidates"], report["reached"]) == (0, 0, False)
    assert report["ratios_after"] == {"actors": 0.4, "mentions": 0.4}


def test_one_ratio_low_the_other_high_removes_nothing_greedily():
    # actors 1/2 = 0.5, mentions 6/2 = 3.0
    rows = [record(id="a", she_actors=1, she_named=6), record(id="b", he_actors=2, he_named=2)]
    report = balance(rows, method="greedy")
    assert (report["removed"], report["reached"]) == (0, False)


def test_a_missing_group_removes_nothing():
    # no he/him at all: no removal gives a ratio, greedy does not empty the corpus trying
    rows = [text("a", she=1), text("b", she=2)]
    for method in ("greedy", "optimal"):
        report = balance(rows, method=method)
        assert (report["removed"], report["reached"]) == (0, False)
        assert report["ratios_after"] == {"actors": None, "mentions": None}


def test_an_infeasible_optimum_says_so():
    rows = [text("a", she=1, he=3), text("b", she=1, he=2)]
    report = balance(rows, method="optimal")
    assert (report["removed"], report["reached"]) == (0, False)
    assert "infeasible" in report["periods"]["all"]["solver"]["status"].lower()


def test_keep_tokens_keeps_the_long_text():
    # S = 2, H = 4: H' must be 2. Remove a (1 text, 1000 tokens) or b and c (2 texts, 20).
    rows = [text("a", he=2, n_tokens=1000), text("b", he=1, n_tokens=10),
            text("c", he=1, n_tokens=10), text("d", she=2, n_tokens=10)]
    assert removed_ids(balance(rows), rows) == ["a"]
    assert removed_ids(balance(rows, keep="tokens"), rows) == ["b", "c"]


def test_by_year_balances_every_year():
    # 2019: S = 3, H = 1; 2020: S = 1, H = 3; together 4 / 4 = 1.0
    y2020 = {"date": "2020", "year": 2020, "month": None}
    rows = [text("a", she=1), text("b", she=1), text("c", she=1), text("d", he=1),
            text("e", he=1, **y2020), text("f", he=1, **y2020), text("g", he=1, **y2020),
            text("h", she=1, **y2020)]
    assert balance(rows)["removed"] == 0
    report = balance(rows, by_year=True)
    assert removed_ids(report, rows) == ["a", "b", "e", "f"]
    assert report["removed_by_year"] == {"2019": 2, "2020": 2}
    assert [report["periods"][year]["reached"] for year in ("2019", "2020")] == [True, True]


def test_weights_meet_the_bounds_closest_to_uniform():
    # S = 1, H = 2: maximise w_a + w_b + w_c with w_a >= 0.75 (w_b + w_c): w_a = 1 and
    # the he texts share 4/3; the L1 distance to uniform is 2/3.
    rows = [text("a", she=1), text("b", he=1), text("c", he=1), text("d")]
    report = balance(rows, method="weights")
    assert report["_weights"] == pytest.approx([1.0, 2 / 3, 2 / 3, 1.0])
    assert report["removed"] == 0 and report["reached"] is True
    assert report["periods"]["all"]["solver"]["distance_value"] == pytest.approx(2 / 3)


def test_weights_above_the_minimum_cannot_be_met():
    rows = [text("a", she=1), text("b", he=1), text("c", he=1)]
    report = balance(rows, method="weights", min_weight=0.9)
    # w_a >= 0.75 (w_b + w_c) >= 1.35: no weights in [0.9, 1]; every text keeps weight 1
    assert report["_weights"].tolist() == [1.0, 1.0, 1.0] and report["reached"] is False
    assert report["ratios_after"] == report["ratios_before"] == {"actors": 0.5, "mentions": 0.5}


def test_excluded_and_bad_texts_take_no_part():
    rows = [text("a", she=1), text("b", he=1), text("c", he=5), record(bad=True)]
    report = balance(rows, excluded=[False, False, True, False], method="greedy")
    assert report["texts"] == 2 and report["removed"] == 0 and report["reached"] is True


@pytest.mark.parametrize("seed", range(5))
def test_optimal_removes_no_more_than_greedy(seed):
    rng = np.random.default_rng(seed)
    rows = []
    for number in range(400):
        kind = rng.choice(["she", "he", "both"], p=[0.3, 0.5, 0.2])
        she = int(rng.integers(1, 4)) if kind != "he" else 0
        he = int(rng.integers(1, 4)) if kind != "she" else 0
        rows.append(record(id=f"t{number:03d}", she_actors=she, he_actors=he,
                           she_named=she + int(rng.integers(0, 3)) * (she > 0),
                           he_named=he + int(rng.integers(0, 3)) * (he > 0)))
    greedy = balance(rows, method="greedy")
    optimal = balance(rows, method="optimal")
    assert greedy["ratios_before"]["actors"] < 0.75
    assert greedy["reached"] and optimal["reached"]
    assert optimal["removed"] <= greedy["removed"]
    assert optimal["periods"]["all"]["solver"]["gap"] == 0.0


def test_counts_beyond_16_bits_keep_their_own_vectors():
    # actors 2 / 1: one she/her text must go. Keeping a gives mentions 70,000 / 80,000
    # = 0.875, keeping b 140,000 / 80,000 = 1.75. a and b differ only beyond 16 bits: merged
    # into one count vector (mean 105,000: 1.31) the program would be infeasible
    rows = [record(id="a", she_actors=1, she_named=70_000),
            record(id="b", she_actors=1, she_named=140_000),
            record(id="c", he_actors=1, he_named=80_000)]
    report = balance(rows, method="optimal")
    assert (removed_ids(report, rows), report["reached"]) == (["b"], True)


def test_run_balance_writes_its_report_and_the_index_of_both_steps(tmp_path):
    # a (roles and quotes flags) is excluded; then b..e are balanced greedily: S = 1, H = 3
    rows = [text("a", she=1, he=1, she_subject=3, she_quotes_direct=2),
            text("b", she=1), text("c", he=1), text("d", he=1), text("e", he=1)]
    folder = write_audit(tmp_path, rows)
    run_exclude(folder)
    report = run_balance(folder, BalanceSettings(method="greedy"))
    saved = json.loads((folder / "balancing.json").read_text(encoding="utf-8"))
    assert saved == report
    assert (saved["after_exclusion"], saved["removed"], saved["reached"]) == (True, 2, True)
    index = json.loads((folder / "excluded_index.json").read_text(encoding="utf-8"))
    assert index == {"2019-05": {"exclude": ["a"], "balance": ["c", "d"]}}
    assert read_manifest(folder)["balance"]["counts"]["removed"] == 2
    # the step report: texts and actor ratios before (2/4), after exclusion (1/3), after
    # balancing (1/1); the actor share before is 2 / 6
    stages = json.loads((folder / "exclusion_report.json").read_text())["stages"]
    assert [stages[stage]["texts"] for stage in stages] == [5, 4, 2]
    assert [stages[stage]["ratios"]["actors"] for stage in stages] == [0.5, 0.3333, 1.0]
    assert stages["before"]["shares"]["actors"]["share"] == 0.3333
    assert stages["after balancing"]["shares_by_year"]["mentions"] == {"2019": 0.5}
    written = (folder / "exclusion_report.txt").read_text()
    assert "Step 3, balance: method greedy, bounds [0.75, 1.25]" in written
    assert "  2 of 4 texts removed; bounds reached" in written
    assert stages["before"]["sentiment"] == {"she/her": None, "he/him": None}  # no sentiment value
    for figure in ("stages_article_shares.png", "stages_by_year.png",
                   "stages_roles_quotes_sentiment.png"):
        assert (folder / "plots" / figure).read_bytes().startswith(b"\x89PNG")
    # a re-run exclusion drops the balancing it no longer matches
    run_exclude(folder)
    assert not (folder / "balancing.json").exists()
    assert "balance" not in read_manifest(folder)


def test_run_balance_with_weights_writes_them_and_weighs_the_last_stage(tmp_path):
    import pyarrow.parquet as pq

    # as test_weights_meet_the_bounds_closest_to_uniform: w = 1, 2/3, 2/3
    rows = [text("a", she=1), text("b", he=1), text("c", he=1)]
    folder = write_audit(tmp_path, rows)
    run_balance(folder, BalanceSettings(method="weights"))
    table = pq.read_table(folder / "weights.parquet").to_pydict()
    assert table["id"] == ["a", "b", "c"]
    assert table["weight"] == pytest.approx([1.0, 2 / 3, 2 / 3])
    assert pq.read_table(folder / "steps" / "balance.parquet").num_rows == 0  # none removed
    stage = json.loads((folder / "exclusion_report.json").read_text())["stages"][
        "after balancing"]
    assert stage["texts"] == pytest.approx(7 / 3, abs=1e-4)
    assert stage["ratios"]["actors"] == 0.75


def test_the_step_report_weighs_the_sentiment_by_stage(tmp_path):
    # she/her: (0.9 + 0.1) / 2 actors before; b (0.9) is excluded (roles and quotes flags),
    # so 0.1 / 1 after exclusion
    rows = [text("a", she=1, she_sentiment_sum=0.1, she_sentiment_count=1),
            text("b", she=1, he=1, she_subject=3, she_quotes_direct=2,
                 she_sentiment_sum=0.9, she_sentiment_count=1)]
    folder = write_audit(tmp_path, rows)
    run_exclude(folder)
    stages = json.loads((folder / "exclusion_report.json").read_text())["stages"]
    assert stages["before"]["sentiment"] == {"she/her": 0.5, "he/him": None}
    assert stages["after exclusion"]["sentiment"] == {"she/her": 0.1, "he/him": None}
