"""The share intervals of a weighted stage (``balance --method weights``): its sums are
floats, whose rounding must not take the variance of equal shares below 0. For any weights the
interval is finite, ordered, in [0, 1] and the exact delta-method interval of the weighted
counts; with every weight 1 it is the report's integer result."""

import json
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from spacy_genderfair.audit.report_stages import stage_figures
from spacy_genderfair.audit.stats import (
    SHARE_MOMENTS,
    Z_95,
    PeriodIndex,
    PeriodSums,
    ratio_intervals,
)
from spacy_genderfair.cli import app

from .report_records import record, records_table
from .test_report_stages import audited

WEIGHTS = (1.0, 0.9, 0.7, 0.25, 1 / 3, 1 / 6, 0.123456, 0.1)


def text(name: str, she: int = 0, he: int = 0, year: int = 2019, **values) -> dict:
    return record(id=name, she_actors=she, she_named=she, he_actors=he, he_named=he, year=year,
                  date=f"{year}-05-01", **values)


def weighted_share(rows: list[dict], weights) -> dict:
    """The actor share of the whole corpus in the "after balancing" stage of ``weights``."""
    ones = np.ones(len(rows))
    keep = {"before": ones, "after exclusion": ones,
            "after balancing": np.array(weights, dtype=np.float64)}
    return stage_figures(records_table(rows), keep)[-1]["after balancing"]["shares"]["actors"]


def test_two_texts_of_one_share_weighted_1_and_0_7_have_a_zero_width_interval():
    # she/her 1 of 3 in both texts: every residual s_i - share · t_i is 0
    share = weighted_share([text("a", she=1, he=2), text("b", she=1, he=2)], (1.0, 0.7))
    assert (share["she"], share["he"]) == pytest.approx((1.7, 3.4))
    assert share["ci_low"] == pytest.approx(1 / 3) and share["ci_high"] == pytest.approx(1 / 3)


@pytest.mark.parametrize("first", WEIGHTS)
def test_every_pair_of_weights_gives_a_zero_width_interval(first):
    rows = [text("a", she=1, he=2), text("b", she=1, he=2)]
    for second in WEIGHTS:
        share = weighted_share(rows, (first, second))
        assert share["ci_low"] <= share["share"] <= share["ci_high"]
        assert share["ci_high"] - share["ci_low"] == pytest.approx(0.0, abs=1e-6)


def test_balance_by_weights_reports_equal_quote_shares_of_differently_weighted_years(tmp_path):
    # 2019: S = 1, H = 2, the he/him texts weighted 2/3; 2020: S = 1, H = 3, weighted 4/9.
    # Each he/him text quotes she/her once directly and he/him twice: over the corpus the
    # direct-quote share is 1/3 in every text, weighted 2/3 or 4/9: an interval of width 0
    quoting = {"she_quotes_direct": 1, "he_quotes_direct": 2}
    rows = [text("a", she=1), text("b", he=1, **quoting), text("c", he=1, **quoting),
            text("d", she=1, year=2020),
            *(text(name, he=1, year=2020, **quoting) for name in ("e", "f", "g"))]
    folder = audited(tmp_path, rows)
    result = CliRunner().invoke(app, ["balance", str(folder), "--method", "weights",
                                      "--by", "year"])
    assert result.exit_code == 0, result.output
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    whole = report["stages"]["periods"][-1]["after balancing"]["shares"]["quotes_direct"]
    assert (whole["she"], whole["he"]) == pytest.approx((2 * 2 / 3 + 3 * 4 / 9,
                                                         2 * (2 * 2 / 3 + 3 * 4 / 9)))
    assert (whole["ci_low"], whole["share"], whole["ci_high"]) == pytest.approx((1 / 3,) * 3)
    steps = json.loads((folder / "exclusion_report.json").read_text(encoding="utf-8"))
    quotes = steps["stages"]["after balancing"]["shares"]["quotes_direct"]
    assert quotes["ci_low"] == quotes["ci_high"] == 0.3333


def stage_sums(texts: list[tuple[int, int, float]]) -> PeriodSums:
    """The share sums of one period as a weighted stage adds them (``report_stages``):
    each text's she/her and she/her + he/him counts times its weight."""
    sums = PeriodSums(PeriodIndex([2019], has_unknown=False))
    she = np.array([she for she, _, _ in texts], dtype=np.float64)
    he = np.array([he for _, he, _ in texts], dtype=np.float64)
    weights = np.array([weight for _, _, weight in texts])
    sums.add_share("share", np.zeros(len(texts), dtype=np.int64), she * weights,
                   (she + he) * weights, np.ones(len(texts), dtype=bool))
    return sums


def exact_interval(texts: list[tuple[int, int, float]]):
    """The delta-method interval of the same weighted counts in exact arithmetic."""
    s = [Fraction(float(np.float64(she) * weight)) for she, _, weight in texts]
    t = [Fraction(float(np.float64(she + he) * weight)) for she, he, weight in texts]
    total = sum(t)
    if total == 0:
        return None, None, None
    share = sum(s) / total
    if len(texts) < 2:
        return float(share), None, None
    squares = sum((s_i - share * t_i) ** 2 for s_i, t_i in zip(s, t, strict=True))
    half = Z_95 * math.sqrt(len(texts) / (len(texts) - 1) * squares) / float(total)
    return float(share), max(0.0, float(share) - half), min(1.0, float(share) + half)


weights = st.one_of(st.sampled_from(WEIGHTS), st.floats(min_value=1e-3, max_value=1.0))
counts = st.integers(min_value=0, max_value=20)


@st.composite
def weighted_texts(draw) -> list[tuple[int, int, float]]:
    """Up to 30 texts (she, he, weight); often every text is a multiple of one (she, he)
    pair, so that every text has the same share and the exact variance is 0."""
    she, he = draw(counts), draw(counts)
    multiple = st.builds(lambda k: (k * she, k * he), st.integers(min_value=0, max_value=5))
    pairs = multiple if draw(st.booleans()) else st.one_of(multiple, st.tuples(counts, counts))
    return [(*pair, weight) for pair, weight in draw(st.lists(st.tuples(pairs, weights),
                                                              min_size=1, max_size=30))]


@settings(max_examples=300)
@given(weighted_texts())
def test_a_weighted_interval_is_finite_ordered_in_bounds_and_exact(texts):
    sums = stage_sums(texts)
    results = ratio_intervals(*(sums[f"share:{moment}"].tolist() for moment in SHARE_MOMENTS))
    expected = exact_interval(texts)
    for share, low, high in results:  # the period and "all": the same texts
        if expected[0] is None or expected[1] is None:
            assert (share, low, high) == pytest.approx(expected)
            continue
        assert all(math.isfinite(value) for value in (share, low, high))
        assert 0.0 <= low <= share <= high <= 1.0
        assert (share, low, high) == pytest.approx(expected, abs=1e-6)


@settings(max_examples=100)
@given(st.lists(st.tuples(counts, counts), min_size=1, max_size=30))
def test_weights_1_give_the_reports_integer_interval(texts):
    sums = stage_sums([(she, he, 1.0) for she, he in texts])
    floats = ratio_intervals(*(sums[f"share:{moment}"].tolist() for moment in SHARE_MOMENTS))
    assert floats == sums.share("share")
