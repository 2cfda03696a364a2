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
        return {kind: (float(self.she[kind] @ weights), float(self.he[kind] @ weights))
                for kind in KINDS}


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

    With ``keep="texts"`` texts with the same four counts are interchangeable, so the
    variable of each distinct count vector is how many of its texts are kept (an integer in
    [0, n]): exact, and a few thousand variables for millions of texts. Of a count vector,
    the texts with the fewest tokens go first (ties by id). With ``keep="tokens"`` each text
    with a count is a 0/1 variable.

    The LP relaxation is solved first: its optimum bounds the integer one, and at most six
    of its variables (one per constraint) are fractional. Rounding fixes the others and
    solves the small program of the fractional ones exactly; when that reaches the LP bound
    (rounded down: the objective is an integer) it is optimal, proven. Otherwise the whole
    MILP runs within ``time_limit``, and the better solution is taken. The solver info says
    which, with the bound and the relative gap to it.
    """
    require("scipy", has_scipy, "genderfair balance --method optimal")
    rows = np.flatnonzero(_involved(counts))
    if keep == "tokens":
        inverse = None
        matrix, low, high = _constraints(counts, rows, None, lower, upper)
        gain = counts.tokens[rows].astype(np.float64)
        size = np.ones(len(rows))
    else:
        inverse, size = _count_vectors(counts, rows)
        matrix, low, high = _constraints(counts, rows, inverse, lower, upper)
        gain = np.ones(len(size))
    started = time.perf_counter()
    kept, solver = _solve_keep(gain, matrix, low, high, size, time_limit)
    solver["seconds"] = round(time.perf_counter() - started, 3)
    removed = np.zeros(len(counts), dtype=bool)
    if kept is None:
        return Solution(removed, candidates=len(rows), solver=solver)
    if keep == "tokens":
        removed[rows[kept == 0]] = True
    else:
        removed[_fewest_tokens_first(counts, rows, inverse, size - kept)] = True
    return Solution(removed, candidates=len(rows), solver=solver)


def _solve_keep(gain, matrix, low, high, size, time_limit):
    """Maximise gain · y, y integer in [0, size], low <= matrix · y <= high: the rounded LP
    relaxation, else the MILP (see ``optimal``). Returns (y or None, solver info)."""
    from scipy.optimize import Bounds, milp

    def solve(integral: bool, columns=slice(None), shift=0.0):
        return milp(-gain[columns], integrality=np.full(len(gain[columns]), int(integral)),
                    bounds=Bounds(0, size[columns]),
                    constraints=_linear(matrix[:, columns], low - shift, high - shift),
                    options={"time_limit": time_limit, "disp": False})

    relaxed = solve(False)
    info = {"time_limit": time_limit}
    if relaxed.x is None:
        return None, {**info, "status": relaxed.message}
    bound = -float(relaxed.fun)
    kept = np.round(relaxed.x)
    fractional = np.abs(relaxed.x - kept) > 1e-6
    solution, status = "LP relaxation, rounded", relaxed.message
    if fractional.any():
        kept[fractional] = 0
        rest = solve(True, fractional, matrix @ kept)
        if rest.x is not None:
            kept[fractional] = np.round(rest.x)
        else:
            kept = None
    if kept is None or gain @ kept < np.floor(bound + 1e-6):
        exact = solve(True)
        if exact.x is not None and (kept is None or -exact.fun > gain @ kept):
            kept, solution, status = np.round(exact.x), "MILP", exact.message
            dual = getattr(exact, "mip_dual_bound", None)
            bound = min(bound, -float(dual)) if dual is not None else bound
    if kept is None:
        return None, {**info, "status": status, "solution": None, "bound": round(bound, 6)}
    objective = float(gain @ kept)
    # proven optimal when the integer objective reaches the bound rounded down
    gap = max(0.0, np.floor(bound + 1e-6) - objective) / max(abs(objective), 1.0)
    return kept.astype(np.int64), {**info, "status": status, "solution": solution,
                                   "objective": round(objective, 6),
                                   "bound": round(bound, 6), "gap": float(gap)}


def weights(counts: PeriodCounts, lower: float, upper: float, *, min_weight: float = 0.1,
            time_limit: float = 60.0) -> Solution:
    """A weight per text in [min_weight, 1], no text removed, such that both weighted
    ratios are in bounds, as close to uniform as possible: the L1 distance to the all-ones
    weights, Σ (1 − w), is minimised (a linear program). Texts with the same counts are
    interchangeable, so they share one weight (their type's total / their number); texts
    without a she/he count keep weight 1."""
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


def _linear(matrix, low, high):
    from scipy.optimize import LinearConstraint

    return LinearConstraint(matrix, low, high)


def _fewest_tokens_first(counts: PeriodCounts, rows: np.ndarray, inverse: np.ndarray,
                         remove: np.ndarray) -> np.ndarray:
    """The rows to remove: ``remove[k]`` texts of count vector k, those with the fewest
    tokens first, ties by id."""
    by_id = np.argsort(counts.ids[rows], kind="stable")
    by_tokens = by_id[np.argsort(counts.tokens[rows][by_id], kind="stable")]
    order = by_tokens[np.argsort(inverse[by_tokens], kind="stable")]
    vector = inverse[order]
    rank = np.arange(len(order)) - np.searchsorted(vector, vector)  # position in its vector
    return rows[order[rank < remove[vector]]]


__all__ = ["KINDS", "PeriodCounts", "Solution", "greedy", "in_bounds", "optimal", "ratios",
           "weights"]
