"""Per-period sums, she/her shares with their 95 % confidence intervals, and per-text
summaries (mean / median / standard deviation), accumulated over the audit records block by
block.

The report reads the records in blocks of a fixed number of rows and keeps only what a period
needs: sums, counts and, for the per-text statistics, how often each value occurs. Its memory
does not grow with the corpus (the 1.8 M records of a newspaper archive take what 10,000 take),
and every figure is exact: sums of counts are integers, medians come from value counts (or, for
the one real-valued row, from ``quantiles.exact_medians``), never from a sample.

Confidence intervals use the delta method for a ratio of sums with the document as the unit
(cluster). A share is ``R = S / T`` with ``S = sum(s_i)`` and ``T = sum(t_i)`` over the texts
``i`` of a period, ``s_i`` the text's she/her count and ``t_i`` its denominator (she/her +
he/him). Linearising ``R`` around its value gives the residuals ``d_i = s_i - R * t_i``, and

    Var(R) = n / (n - 1) * sum(d_i ** 2) / T ** 2

with ``n`` the number of texts of the period (texts whose denominator is 0 have ``d_i = 0`` but
count in ``n``). ``sum(d_i ** 2)`` is computed from five sums without loss: with integer counts,
``T**2 * sum(d_i**2) = T**2 * sum(s_i**2) - 2 * S * T * sum(s_i * t_i) + S**2 * sum(t_i**2)``
holds exactly in Python integers, so nothing cancels. With weighted counts (the stage after
``balance --method weights``) the sums are floats and the difference may round below its exact
value 0 (every text with the same share): it is taken as 0. The interval is ``R +/- 1.96 *
sqrt(Var(R))``, clipped to [0, 1]. Why this and not a bootstrap: it treats the document as the
sampling unit exactly as a document-level bootstrap does (mentions of one article are not
independent), but it is deterministic (no seed, the same numbers on every machine and under
Dask), and it needs five sums instead of B resamples of 1.8 M records. Its weakness is the
weakness of any normal approximation: with few texts or a share near 0 or 1 the interval is too
narrow, which is why a period with fewer than 100 texts carries a warning. The interval is null
where ``T == 0`` (no share) or ``n < 2`` (no variance to estimate).
"""

import math
from collections import defaultdict

import numpy as np

# The 97.5 % quantile of the standard normal distribution: a two-sided 95 % interval.
Z_95 = 1.959963984540054
UNKNOWN_PERIOD = "unknown"
ALL_PERIOD = "all"
# The moments a share's interval needs, in the order ratio_intervals takes them.
SHARE_MOMENTS = ("s", "t", "ss", "st", "tt", "n")


class PeriodIndex:
    """The periods of the records: one per year in ascending order, then "unknown" for the
    records without a year (only when there are some), then "all" (every record).

    years (Iterable[int]): the distinct years of the records.
    has_unknown (bool): whether some record has no year.
    """

    def __init__(self, years, has_unknown: bool) -> None:
        self.years = np.array(sorted(set(years)), dtype=np.int64)
        self.labels = [str(year) for year in self.years.tolist()]
        if has_unknown:
            self.labels.append(UNKNOWN_PERIOD)
        self.labels.append(ALL_PERIOD)
        self.n_own = len(self.labels) - 1  # periods with their own records (not "all")

    def __len__(self) -> int:
        return len(self.labels)

    def codes(self, years: np.ndarray, known: np.ndarray) -> np.ndarray:
        """The code of each record: the index of its period in ``labels`` ("all" has none).

        years (numpy.ndarray): the year of each record (any integer where ``known`` is False).
        known (numpy.ndarray): bool per record, False where the record has no year.
        """
        codes = np.searchsorted(self.years, years).astype(np.int64)
        codes[~known] = len(self.years)
        return codes


class PeriodSums:
    """Named sums per period, added block by block; "all" is their sum.

    periods (PeriodIndex): the periods the sums are kept for.
    """

    def __init__(self, periods: PeriodIndex) -> None:
        self.periods = periods
        self._sums: dict[str, np.ndarray] = defaultdict(lambda: np.zeros(periods.n_own))

    def add(self, name: str, codes: np.ndarray, values: np.ndarray, where: np.ndarray) -> None:
        """Add the ``values`` of the records in ``where`` to the sum ``name``."""
        self._sums[name] += np.bincount(
            codes[where], weights=values[where].astype(np.float64), minlength=self.periods.n_own
        )

    def count(self, name: str, codes: np.ndarray, where: np.ndarray) -> None:
        """Add the number of records in ``where`` to the count ``name``."""
        self._sums[name] += np.bincount(codes[where], minlength=self.periods.n_own)

    def add_share(self, name: str, codes, numerator, denominator, where) -> None:
        """Add the moments of a share (``SHARE_MOMENTS``) of the texts in ``where``."""
        s, t = numerator.astype(np.float64), denominator.astype(np.float64)
        for moment, values in zip(SHARE_MOMENTS, (s, t, s * s, s * t, t * t), strict=False):
            self.add(f"{name}:{moment}", codes, values, where)
        self.count(f"{name}:n", codes, where)

    def __getitem__(self, name: str) -> np.ndarray:
        """The sum per period, "all" last (zeros for a sum that nothing was added to)."""
        per_period = self._sums[name]
        return np.append(per_period, per_period.sum())

    def integers(self, name: str) -> list[int]:
        """The sum per period as Python integers ("all" last); for sums of counts."""
        return [round(value) for value in self[name].tolist()]

    def share(self, name: str) -> list[tuple[float | None, float | None, float | None]]:
        """``ratio_intervals`` of the share ``name`` added with ``add_share``."""
        return ratio_intervals(*(self.integers(f"{name}:{moment}") for moment in SHARE_MOMENTS))


def ratio_intervals(s, t, ss, st, tt, n) -> list[tuple[float | None, float | None, float | None]]:
    """The share ``S / T`` per period with its 95 % interval by the delta method over texts
    (see the module docstring).

    s, t, ss, st, tt, n (list[int] | list[float]): per period, the sums of s_i, t_i, s_i**2,
        s_i*t_i, t_i**2 over the texts, and the number of texts: integers for counts (exact),
        floats for counts times weights (a weighted stage of the corpus steps).
    RETURNS (list[tuple]): (share, ci_low, ci_high) per period; None where T is 0, and an
        interval of None where the period has fewer than 2 texts.
    """
    results = []
    for big_s, big_t, sum_ss, sum_st, sum_tt, texts in zip(s, t, ss, st, tt, n, strict=True):
        if big_t <= 0:
            results.append((None, None, None))
            continue
        value = big_s / big_t
        if texts < 2:
            results.append((value, None, None))
            continue
        scaled = big_t * big_t * sum_ss - 2 * big_s * big_t * sum_st + big_s * big_s * sum_tt
        # float sums (a weighted stage) round; where every text has the same share the exact
        # value is 0 and the rounding may land a few units below it: a variance is never < 0
        scaled = max(0.0, scaled)
        half_width = Z_95 * math.sqrt(texts / (texts - 1) * scaled) / (big_t * big_t)
        results.append((value, max(0.0, value - half_width), min(1.0, value + half_width)))
    return results


EMPTY_SUMMARY = {"mean": None, "median": None, "std": None}


class ValueCounts:
    """How often each integer value occurs per period, for exact per-text summaries.

    periods (PeriodIndex): the periods.
    """

    def __init__(self, periods: PeriodIndex) -> None:
        self.periods = periods
        self._counts: dict[tuple[int, int], int] = defaultdict(int)

    def add(self, codes: np.ndarray, values: np.ndarray, where: np.ndarray) -> None:
        """Count the values of the records in ``where``."""
        if not where.any():
            return
        pairs = np.stack([codes[where], values[where].astype(np.int64)])
        distinct, counts = np.unique(pairs, axis=1, return_counts=True)
        for (code, value), count in zip(distinct.T.tolist(), counts.tolist(), strict=True):
            self._counts[code, value] += count

    def summaries(self) -> list[dict[str, float | None]]:
        """``summarize_counts`` per period, "all" last."""
        per_period: list[dict[int, int]] = [defaultdict(int) for _ in range(len(self.periods))]
        for (code, value), count in self._counts.items():
            per_period[code][value] += count
            per_period[-1][value] += count
        return [summarize_counts(counts) for counts in per_period]


def summarize_counts(counts: dict[int, int]) -> dict[str, float | None]:
    """Mean, median and sample standard deviation (n - 1, as pandas) of integer per-text values
    given as {value: number of texts}; exact (integer arithmetic up to the last division).

    RETURNS (dict): {"mean", "median", "std"}; None where there is no text (std: fewer than 2).
    """
    n = sum(counts.values())
    if n == 0:
        return dict(EMPTY_SUMMARY)
    total = sum(value * count for value, count in counts.items())
    squares = sum(value * value * count for value, count in counts.items())
    std = math.sqrt((n * squares - total * total) / (n * (n - 1))) if n > 1 else None
    return {"mean": total / n, "median": median_of_counts(counts, n), "std": std}


def median_of_counts(counts: dict[int, int], n: int) -> float:
    """The median of ``n`` values given as {value: count}: the middle one, or the mean of the
    two middle ones (as numpy.median)."""
    lower_rank, upper_rank = (n - 1) // 2, n // 2
    lower = upper = None
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if lower is None and seen > lower_rank:
            lower = value
        if seen > upper_rank:
            upper = value
            break
    return (lower + upper) / 2
