"""Exact per-period mean, median and standard deviation of real-valued per-text figures (the
text's mean sentiment), read block by block in bounded memory.

Integer figures are summarised from value counts (``stats.ValueCounts``); a real-valued figure
has as many distinct values as texts, so its median is found by narrowing instead: a first pass
gives each period's count, sum, minimum and maximum; a second the squared deviations from the
mean (the standard deviation, computed as numpy does) and, per period, either the values around
the middle (when few enough to hold) or a histogram of ``BINS`` bins over the interval that
holds the middle ranks. Each further pass narrows the interval to the bins holding the middle
ranks until they hold at most ``HOLD`` values, which are then sorted. A pass reads one column per
block; a corpus of millions of texts needs three or four.
"""

from collections.abc import Callable, Iterable, Iterator

import numpy as np

from .stats import EMPTY_SUMMARY

BINS = 4096
HOLD = 65_536
# float64 has 52 mantissa bits: a few narrowing passes of BINS bins each separate any two values.
MAX_PASSES = 16

Blocks = Callable[[], Iterator[tuple[np.ndarray, np.ndarray]]]


def float_summaries(blocks: Blocks, n_periods: int) -> list[dict[str, float | None]]:
    """Mean, median and sample standard deviation (n - 1) of the values of each period, then of
    all of them.

    blocks (Callable[[], Iterator]): starts a new pass over the values: (codes, values) per
        block, codes in 0 .. n_periods - 1 and no NaN among the values.
    n_periods (int): the number of periods with their own records.
    RETURNS (list[dict]): {"mean", "median", "std"} per period, "all" last.
    """
    n_all = n_periods + 1  # code n_periods stands for "all": every value, whatever its period
    counts, sums = np.zeros(n_all, np.int64), np.zeros(n_all)
    lows, highs = np.full(n_all, np.inf), np.full(n_all, -np.inf)
    for codes, values in _with_all(blocks(), n_periods):
        counts += np.bincount(codes, minlength=n_all)
        sums += np.bincount(codes, weights=values, minlength=n_all)
        np.minimum.at(lows, codes, values)
        np.maximum.at(highs, codes, values)
    means = np.divide(sums, counts, out=np.zeros(n_all), where=counts > 0)
    squares = np.zeros(n_all)
    for codes, values in _with_all(blocks(), n_periods):
        squares += np.bincount(codes, weights=(values - means[codes]) ** 2, minlength=n_all)
    medians = _medians(lambda: _with_all(blocks(), n_periods), counts, lows, highs)
    summaries = []
    for code in range(n_all):
        n = int(counts[code])
        if n == 0:
            summaries.append(dict(EMPTY_SUMMARY))
            continue
        std = float(np.sqrt(squares[code] / (n - 1))) if n > 1 else None
        summaries.append({"mean": float(means[code]), "median": medians[code], "std": std})
    return summaries


def _with_all(blocks: Iterable, n_periods: int) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Each block twice: with its periods' codes, and with every value under the "all" code."""
    for codes, values in blocks:
        values = values.astype(np.float64)
        yield np.concatenate([codes, np.full(len(codes), n_periods)]), np.tile(values, 2)


def _medians(blocks: Blocks, counts, lows, highs) -> list[float | None]:
    """The median of each code's values by narrowing (see the module docstring)."""
    n_codes = len(counts)
    lower_rank, upper_rank = (counts - 1) // 2, counts // 2
    medians: list[float | None] = [None] * n_codes
    open_codes = [code for code in range(n_codes) if counts[code] > 0]
    lo, hi = lows.copy(), highs.copy()
    for narrowing in range(MAX_PASSES):
        if not open_codes:
            break
        below = np.zeros(n_codes, np.int64)
        intervals = {code: _Interval(lo[code], hi[code], narrowing == MAX_PASSES - 1)
                     for code in open_codes}
        for codes, values in blocks():
            below += np.bincount(codes[values < lo[codes]], minlength=n_codes)
            in_interval = (values >= lo[codes]) & (values <= hi[codes])
            for code in open_codes:
                mine = values[in_interval & (codes == code)]
                if mine.size:
                    intervals[code].add(mine)
        for code in list(open_codes):
            ranks = (lower_rank[code] - below[code], upper_rank[code] - below[code])
            found = intervals[code].values_at(ranks)
            if found is not None:
                medians[code] = float((found[0] + found[1]) / 2)
                open_codes.remove(code)
            else:
                lo[code], hi[code] = intervals[code].narrowed(ranks)
    return medians


class _Interval:
    """The values of one period inside [low, high] during one pass: held as distinct values with
    their counts while there are at most HOLD of them, else a histogram of BINS bins."""

    def __init__(self, low: float, high: float, hold_all: bool) -> None:
        self.low, self.high = low, high
        edges = np.linspace(low, high, BINS + 1)
        # An interval too narrow for BINS distinct edges holds few distinct values: hold them.
        self.hold_all = hold_all or not bool(np.all(edges[1:] > edges[:-1]))
        self.distinct, self.counts = np.empty(0), np.empty(0, np.int64)
        self.pending: list[np.ndarray] = []
        self.pending_size = 0
        self.histogram: np.ndarray | None = None

    def add(self, values: np.ndarray) -> None:
        if self.histogram is not None:
            self.histogram += np.histogram(values, BINS, (self.low, self.high))[0]
            return
        self.pending.append(values)
        self.pending_size += values.size
        if self.pending_size > HOLD:
            self._compress()
            if self.distinct.size > HOLD and not self.hold_all:
                self.histogram = np.histogram(self.distinct, BINS, (self.low, self.high),
                                              weights=self.counts)[0].astype(np.int64)

    def _compress(self) -> None:
        values = np.concatenate([self.distinct, *self.pending])
        weights = np.concatenate([self.counts, *(np.ones(part.size, np.int64)
                                                 for part in self.pending)])
        self.distinct, inverse = np.unique(values, return_inverse=True)
        self.counts = np.bincount(inverse, weights=weights).astype(np.int64)
        self.pending, self.pending_size = [], 0

    def values_at(self, ranks: tuple[int, int]) -> tuple[float, float] | None:
        """The values at the ranks (0-based within the interval), or None if not held."""
        if self.histogram is not None:
            return None
        self._compress()
        cumulative = np.cumsum(self.counts)
        places = np.searchsorted(cumulative, ranks, side="right")
        return float(self.distinct[places[0]]), float(self.distinct[places[1]])

    def narrowed(self, ranks: tuple[int, int]) -> tuple[float, float]:
        """The bounds of the bins that hold the ranks: the next pass's interval."""
        edges = np.linspace(self.low, self.high, BINS + 1)
        first, last = np.searchsorted(np.cumsum(self.histogram), ranks, side="right")
        return edges[first], edges[last + 1]
