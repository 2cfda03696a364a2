"""The three ways to bring the she/he ratios of a set of texts into [lower, upper].

Each solver takes the per-text counts of one period (``PeriodCounts``: she/he actors and
mentions of every text left after exclusion) and returns which texts to remove, or a weight
per text. The ratio of a group pair is S / H over the kept texts (S: she/her, H: he/him);
it is in bounds when H > 0 and lower · H <= S <= upper · H, both for actors and for mentions.
Whether the bounds are reached is always computed from the final counts, never taken from a
solver's word.
"""

import time
from dataclasses import dataclass, field

import numpy as np

from .._compat import has_scipy, require

KINDS = ("actors", "mentions")
# the greedy rule's impact of a text: mentions + IMPACT_ACTOR_WEIGHT × actors of the
# over-represented group (Urchs et al.)
IMPACT_ACTOR_WEIGHT = 10


@dataclass
class PeriodCounts:
    """The counts of the texts of one period (all arrays of one length).

    ids (np.ndarray): the texts' ranks in id order (the tie-break; ``steps.id_ranks``).
    she, he (dict[str, np.ndarray]): per kind ("actors", "mentions") the group's counts.
    tokens (np.ndarray): tokens per text (``--keep tokens``).
    """

    ids: np.ndarray
    she: dict
    he: dict
    tokens: np.ndarray

    def __len__(self) -> int:
        return len(self.ids)

    def totals(self, weights: np.ndarray | None = None) -> dict[str, tuple[float, float]]:
        """``{kind: (S, H)}`` over the texts, each weighted (a keep mask or weights)."""
        if weights is None:
            return {kind: (float(self.she[kind].sum()), float(self.he[kind].sum()))
                    for kind in KINDS}
        # sums of products, not BLAS dot products: these are short, and BLAS's threads cost
        # more than they save on a busy machine
        return {kind: (float((self.she[kind] * weights).sum()),
                       float((self.he[kind] * weights).sum())) for kind in KINDS}


@dataclass
class Solution:
    """What a solver decided for one period.

    removed (np.ndarray): a bool per text: removed.
    weights (np.ndarray | None): a weight per text (method weights only).
    candidates (int): texts the method could remove (greedy: single-group texts of the
        over-represented group; optimal and weights: texts with a she/he count).
    solver (dict): the solver's status, objective, bound and gap, time.
    """

    removed: np.ndarray
    weights: np.ndarray | None = None
    candidates: int = 0
    solver: dict = field(default_factory=dict)


def ratios(totals: dict[str, tuple[float, float]]) -> dict[str, float | None]:
    """S / H per kind; None where H is 0."""
    return {kind: (round(she / he, 6) if he else None) for kind, (she, he) in totals.items()}


def in_bounds(totals: dict[str, tuple[float, float]], lower: float, upper: float) -> bool:
    # a relative tolerance: weighted sums carry the LP's rounding
    slack = 1e-9
    return all(he > 0 and she >= lower * he * (1 - slack) and she <= upper * he * (1 + slack)
               for she, he in totals.values())


def greedy(counts: PeriodCounts, lower: float, upper: float) -> Solution:
    """The paper's rule: remove texts that have none of the under-represented group, by
    impact (mentions + 10 × actors of the over-represented group; ties by id, then input
    order), until both ratios are in bounds. It stops at the first removal that brings both
    ratios to the near bound; when that overshoots the far bound, or the candidates run out,
    the bounds are not reached (the caller reports it)."""
    removed = np.zeros(len(counts), dtype=bool)
    totals = counts.totals()
    if in_bounds(totals, lower, upper) or any(he == 0 and she == 0
                                              for she, he in totals.values()):
        return Solution(removed)
    low = [she < lower * he for she, he in totals.values()]
    high = [she > upper * he for she, he in totals.values()]
    if any(low) and any(high):
        return Solution(removed)  # one ratio too low, the other too high: no removal helps
    over, under = (counts.he, counts.she) if any(low) else (counts.she, counts.he)
    if any(under[kind].sum() == 0 for kind in KINDS):
        return Solution(removed)  # no text of the under-represented group: no ratio to reach
    candidate = ((under["actors"] == 0) & (under["mentions"] == 0)
                 & ((over["actors"] > 0) | (over["mentions"] > 0)))
    rows = np.flatnonzero(candidate)
    by_id = rows[np.argsort(counts.ids[rows], kind="stable")]
    impact_by_id = over["mentions"][by_id] + IMPACT_ACTOR_WEIGHT * over["actors"][by_id]
    order = by_id[np.argsort(-impact_by_id, kind="stable")]
    # the totals after removing the first k candidates, k = 0 .. n, for both kinds at once
    reached_near = np.ones(len(order) + 1, dtype=bool)
    for kind, (she, he) in totals.items():
        taken = np.concatenate([[0], np.cumsum(over[kind][order])])
        she_left, he_left = (she, he - taken) if any(low) else (she - taken, he)
        if any(low):
            reached_near &= she_left >= lower * he_left
        else:
            reached_near &= she_left <= upper * he_left
    stop = int(np.argmax(reached_near)) if reached_near.any() else len(order)
    removed[order[:stop]] = True
    return Solution(removed, candidates=len(rows), solver={"impact_order": "desc, ties by id"})


def optimal(counts: PeriodCounts, lower: float, upper: float, *, keep: str = "texts",
            time_limit: float = 60.0) -> Solution:
    """The fewest texts removed (``keep="texts"``) or the most tokens kept (``"tokens"``)
    such that both ratios are in bounds: a mixed-integer linear program solved by HiGHS.

    Texts with the same four counts differ only in what keeping them gains, so a count
    vector keeps its texts with the most tokens (ties by id): its variable is how many.
    ``balance_program`` solves the LP over runs of such texts, splitting a run only where
    the LP's duals divide it (never with ``keep="texts"``: one integer variable per count
    vector), then rounds it and, where the rounding misses the bound, runs the integer
    program within ``time_limit``. The solver info says which, with the bound and the
    relative gap to it (0: optimal, proven).
    """
    require("scipy", has_scipy, "genderfair balance --method optimal")
    from .balance_program import solve_bundles

    rows = np.flatnonzero(_involved(counts))
    inverse, _ = _count_vectors(counts, rows)
    matrix, low, high = _constraints(counts, rows, inverse, lower, upper)
    tokens = counts.tokens[rows].astype(np.float64)
    # a count vector's texts in the order it keeps them: most tokens first; of equal
    # tokens, the larger id first (the removal order reversed: fewest tokens, then id)
    order = np.lexsort((-counts.ids[rows], -tokens, inverse))
    gain = tokens if keep == "tokens" else np.ones(len(rows))
    started = time.perf_counter()
    kept, solver = solve_bundles(order, inverse, gain, matrix, low, high, time_limit)
    solver["seconds"] = round(time.perf_counter() - started, 3)
    removed = np.zeros(len(counts), dtype=bool)
    if kept is not None:
        removed[rows[~kept]] = True
    return Solution(removed, candidates=len(rows), solver=solver)


def weights(counts: PeriodCounts, lower: float, upper: float, *, min_weight: float = 0.1,
            time_limit: float = 60.0) -> Solution:
    """A weight per text in [min_weight, 1], no text removed, such that both weighted
    ratios are in bounds, as close to uniform as possible: the L1 distance to the all-ones
    weights, Σ (1 − w), is minimised (a linear program). Texts with the same counts are
    interchangeable, so they share one weight (their type's total / their number); texts
    without a she/he count keep weight 1. Where no weights meet the bounds (or the solver
    stops early) the solution has no weights: the caller keeps weight 1 for the period."""
    require("scipy", has_scipy, "genderfair balance --method weights")
    from scipy.optimize import linprog

    involved = _involved(counts)
    rows = np.flatnonzero(involved)
    inverse, size = _count_vectors(counts, rows)
    matrix, lower_rows, upper_rows = _constraints(counts, rows, inverse, lower, upper)
    # linprog takes A_ub x <= b_ub: each "row >= bound" is "-row <= -bound"
    finite_low, finite_high = np.isfinite(lower_rows), np.isfinite(upper_rows)
    a_ub = np.vstack([-matrix[finite_low], matrix[finite_high]])
    b_ub = np.concatenate([-lower_rows[finite_low], upper_rows[finite_high]])
    started = time.perf_counter()
    result = linprog(-np.ones(len(size)), A_ub=a_ub, b_ub=b_ub,
                     bounds=np.column_stack([min_weight * size, size]), method="highs",
                     options={"time_limit": time_limit})
    solver = {"status": result.message, "seconds": round(time.perf_counter() - started, 3),
              "distance": "L1 to uniform: sum of (1 - weight)"}
    text_weights = np.ones(len(counts))
    if result.status == 0:
        text_weights[rows] = (result.x / size)[inverse]
        solver["distance_value"] = round(float((1 - text_weights).sum()), 6)
    return Solution(np.zeros(len(counts), dtype=bool),
                    weights=text_weights if result.status == 0 else None,
                    candidates=len(rows), solver=solver)


def _involved(counts: PeriodCounts) -> np.ndarray:
    """Texts with any she/he count: the others leave both ratios unchanged."""
    return np.any([group[kind] > 0 for group in (counts.she, counts.he) for kind in KINDS],
                  axis=0)


def _count_vectors(counts: PeriodCounts, rows: np.ndarray):
    """Each row's distinct (she, he) × (actors, mentions) count vector (an index) and how
    many rows have each vector."""
    columns = [group[kind][rows].astype(np.uint64) for group in (counts.she, counts.he)
               for kind in KINDS]
    if all(column.max(initial=0) < 1 << 16 for column in columns):
        # one 64-bit key per vector, 16 bits per count: np.unique on keys is many times
        # faster than on rows
        key = np.zeros(len(rows), dtype=np.uint64)
        for column in columns:
            key = (key << np.uint64(16)) | column
        _, inverse, size = np.unique(key, return_inverse=True, return_counts=True)
    else:
        _, inverse, size = np.unique(np.column_stack(columns), axis=0, return_inverse=True,
                                     return_counts=True)
    return inverse.ravel(), size.astype(np.float64)


def _constraints(counts, rows, inverse, lower, upper):
    """The rows of the linear constraints over the keep variables: per kind
    S' − lower·H' >= 0 and S' − upper·H' <= 0, and H' >= 1 (a defined ratio)."""
    matrix, low, high = [], [], []
    for kind in KINDS:
        she = counts.she[kind][rows].astype(np.float64)
        he = counts.he[kind][rows].astype(np.float64)
        for row, bound_low, bound_high in ((she - lower * he, 0.0, np.inf),
                                           (she - upper * he, -np.inf, 0.0),
                                           (he, 1.0, np.inf)):
            if inverse is not None:  # one entry per count vector: the rows share it
                row = np.bincount(inverse, weights=row) / np.bincount(inverse)
            matrix.append(row)
            low.append(bound_low)
            high.append(bound_high)
    return np.vstack(matrix), np.array(low), np.array(high)


__all__ = ["KINDS", "PeriodCounts", "Solution", "greedy", "in_bounds", "optimal", "ratios",
           "weights"]
