"""The exact streaming median/mean/std of real-valued per-text figures (audit/quantiles.py),
against numpy over the same values, with the holding limit and the bins made small so that
the narrowing passes run."""

import numpy as np
import pytest

from spacy_genderfair.audit import quantiles
from spacy_genderfair.audit.quantiles import float_summaries


def blocks_of(codes: np.ndarray, values: np.ndarray, size: int):
    def start():
        for begin in range(0, len(values), size):
            yield codes[begin:begin + size], values[begin:begin + size]
    return start


def expected(values: np.ndarray) -> dict:
    if values.size == 0:
        return {"mean": None, "median": None, "std": None}
    std = float(np.std(values, ddof=1)) if values.size > 1 else None
    return {"mean": float(values.mean()), "median": float(np.median(values)), "std": std}


def check(codes: np.ndarray, values: np.ndarray, n_periods: int, block: int = 37) -> None:
    summaries = float_summaries(blocks_of(codes, values, block), n_periods)
    wanted = [expected(values[codes == code]) for code in range(n_periods)] + [expected(values)]
    assert len(summaries) == n_periods + 1
    for got, want in zip(summaries, wanted, strict=True):
        assert got["median"] == want["median"]  # exact: the median is one of the values
        for key, tolerance in (("mean", 1e-12), ("std", 1e-9)):
            if want[key] is None:
                assert got[key] is None
            else:
                assert got[key] == pytest.approx(want[key], rel=tolerance, abs=1e-15)


@pytest.fixture
def tiny_limits(monkeypatch):
    monkeypatch.setattr(quantiles, "HOLD", 20)
    monkeypatch.setattr(quantiles, "BINS", 4)


def test_medians_held_in_one_pass_equal_numpy():
    rng = np.random.default_rng(7)
    codes = rng.integers(0, 5, 1000)
    check(codes, rng.normal(size=1000), 5)


@pytest.mark.parametrize("n", [1, 2, 3, 400, 401])
def test_medians_found_by_narrowing_equal_numpy(tiny_limits, n):
    rng = np.random.default_rng(n)
    codes = rng.integers(0, 3, n)
    check(codes, rng.uniform(-1, 1, n), 3)


def test_many_equal_values_and_values_one_ulp_apart(tiny_limits):
    # 300 texts at exactly 0.0 and values that no bin edge can separate: no endless narrowing.
    tiny = np.nextafter(0.25, 1.0)
    values = np.concatenate([np.zeros(300), np.full(50, 0.25), np.full(51, tiny),
                             np.linspace(-1, 1, 99)])
    codes = np.zeros(values.size, dtype=np.int64)
    check(codes, np.random.default_rng(1).permutation(values), 1)


def test_a_period_without_values_has_no_summary():
    codes = np.array([0, 0, 2])
    summaries = float_summaries(blocks_of(codes, np.array([0.5, -0.5, 1.0]), 2), 3)
    assert summaries[1] == {"mean": None, "median": None, "std": None}
    assert summaries[0]["median"] == 0.0
    assert summaries[2] == {"mean": 1.0, "median": 1.0, "std": None}
