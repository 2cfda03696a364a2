"""The program of the optimal balancing, solved at corpus scale with one variable per run of
interchangeable texts rather than one per text.

    maximise   sum_i gain_i * x_i,  x_i in {0, 1} (text i kept)
    subject to low <= sum_i a_i * x_i <= high       (six rows: ``balance_solvers``)

``a_i`` is the same for every text of a count vector (its she/he actors and mentions); only
the gain differs (1 per text with ``--keep texts``, its tokens with ``--keep tokens``). So in
any optimal solution, of the LP or of the integer program, a count vector keeps its texts
with the largest gains (swapping a kept text for a removed one of larger gain changes no
constraint and raises the objective): a prefix of its texts in the order gain descending,
ties by id.

A **bundle** is a run of that order within one count vector; its variable is how many of its
texts are kept, the first ones. The LP over bundles starts with one bundle per count vector.
Its duals give each count vector a threshold: in the LP over single texts, a text with a gain
above its threshold is kept, one below it removed. A bundle with texts on both sides of its
threshold is split there and the LP solved again. When no bundle is split, the bundle LP's
solution is optimal for the LP over single texts (every text's reduced cost has the right
sign). Whatever the iteration, the duals give an upper bound of the LP (its Lagrangian bound
over single texts), so the gap reported is always a proven one. With ``--keep texts`` every
gain is 1: nothing is split, and the program has one variable per count vector.

At most six bundles (one per row) are fractional at the LP optimum; the rounding keeps the
others and solves the small integer program of those exactly. When that misses the bound
rounded down (the objective is an integer), reduced-cost fixing makes the integer program
small and still exact: a solution better than the rounding can differ from the LP's choice
only in texts whose reduced cost (gain minus threshold) is below the bound's slack, so every
other text is fixed, and the free texts of one count vector and one gain are one integer
variable. HiGHS solves that within the time limit; solved to the end, the result is optimal,
proven. Where the slack leaves more than MAX_FIXED_VARIABLES such variables (a rounding a few
hundred tokens below the bound, with tokens spread over thousands), the rounding stands and
its gap to the bound, proven, is reported.
"""

import os
import sys
from contextlib import contextmanager

import numpy as np

MAX_ROUNDS = 50
# the most integer variables the reduced-cost-fixed program may have: HiGHS solves some 5,000
# in seconds, while with 40,000 its presolve alone outruns the time limit (1.8 M synthetic
# records, --keep tokens); above it the rounding stands, with its proven gap
MAX_FIXED_VARIABLES = 8_000
# a variable this close to an integer is that integer; gains this close to a threshold lie on it
TOLERANCE = 1e-7


def solve_bundles(order: np.ndarray, groups: np.ndarray, gain: np.ndarray, matrix: np.ndarray,
                  low: np.ndarray, high: np.ndarray, time_limit: float
                  ) -> tuple[np.ndarray | None, dict]:
    """Which texts to keep.

    order (np.ndarray): the texts sorted by count vector, then gain descending, then id.
    groups (np.ndarray): each text's count vector (0 .. K-1).
    gain (np.ndarray): each text's gain (float).
    matrix (np.ndarray): the constraint rows (R × K): the coefficients of one text of each
        count vector.
    low, high (np.ndarray): the rows' bounds (-inf / inf where there is none).
    time_limit (float): seconds for each program HiGHS solves.
    RETURNS (tuple): (a bool per text: kept, or None where the program has no solution;
        the solver's info: status, solution, objective, bound, gap, rounds, variables).
    """
    from scipy.optimize import linprog

    sorted_groups, sorted_gain = groups[order], gain[order].astype(np.float64)
    cumulative = np.concatenate([[0.0], np.cumsum(sorted_gain)])
    a_ub, b_ub = _inequalities(matrix, low, high)
    info: dict = {"time_limit": time_limit}
    if len(order) == 0:
        return None, {**info, "status": "no text with a she/he count", "solution": None}
    starts = np.flatnonzero(np.r_[True, sorted_groups[1:] != sorted_groups[:-1]])
    for rounds in range(1, MAX_ROUNDS + 1):
        ends = np.r_[starts[1:], len(order)].astype(np.int64)
        vectors, size = sorted_groups[starts], ends - starts
        result = linprog(-(cumulative[ends] - cumulative[starts]), A_ub=a_ub[:, vectors] * size,
                         b_ub=b_ub, bounds=(0, 1), method="highs",
                         options={"time_limit": time_limit})
        if result.status != 0:
            return None, {**info, "status": result.message, "solution": None,
                          "rounds": rounds, "variables": len(starts)}
        duals = result.ineqlin.marginals
        threshold = -(a_ub.T @ duals)  # per count vector
        text_threshold = threshold[sorted_groups]
        bound = float(np.maximum(sorted_gain - text_threshold, 0).sum() - duals @ b_ub)
        share, split = result.x, _cuts(starts, ends, sorted_gain, threshold[vectors],
                                       result.x)
        if split is None or rounds == MAX_ROUNDS:
            break
        starts = split
    info.update(status=result.message, rounds=rounds, variables=len(starts))
    kept_sorted = _rounded(share * size, starts, sorted_groups, sorted_gain, matrix, low, high,
                           time_limit)
    objective = None if kept_sorted is None else float(sorted_gain[kept_sorted].sum())
    target = np.floor(bound + 1e-6 + 1e-9 * abs(bound))
    solution = "LP relaxation, rounded"
    if objective is None or objective < target:
        # reduced-cost fixing: a solution better than the rounding differs from the LP's
        # choice only in texts whose reduced cost is within the bound's slack
        slack = np.inf if objective is None else bound - objective - 1
        better, proven, free = _fixed_program(sorted_groups, sorted_gain - text_threshold,
                                              slack, sorted_gain, matrix, low, high,
                                              time_limit)
        info["fixed_program_variables"] = free
        if better is not None and (objective is None
                                   or sorted_gain[better].sum() > objective):
            kept_sorted, objective = better, float(sorted_gain[better].sum())
            solution = "MILP, reduced-cost fixing"
        if proven:  # no better solution exists: the bound is the objective
            bound = target = objective
    if kept_sorted is None:
        return None, {**info, "solution": None, "bound": round(bound, 6)}
    kept = np.zeros(len(order), dtype=bool)
    kept[order] = kept_sorted
    gap = max(0.0, target - objective) / max(abs(objective), 1.0)
    return kept, {**info, "solution": solution, "objective": round(objective, 6),
                  "bound": round(bound, 6), "gap": float(gap)}


def _rounded(kept_share, starts, sorted_groups, sorted_gain, matrix, low, high, time_limit):
    """The bundle LP's solution rounded: its integral bundles kept as they are, the small
    integer program of the fractional ones solved exactly (a bundle that is fractional at
    the optimum has one gain). Returns a bool per text (sorted), or None."""
    size = np.diff(np.r_[starts, len(sorted_gain)])
    kept_count = np.round(kept_share)
    fractional = np.abs(kept_share - kept_count) > TOLERANCE * np.maximum(size, 1)
    kept_count[fractional] = 0
    vectors = sorted_groups[starts]
    if fractional.any():
        shift = matrix[:, vectors] @ kept_count
        rest = _integer_program(sorted_gain[starts[fractional]],
                                matrix[:, vectors[fractional]], low - shift, high - shift,
                                size[fractional], time_limit)
        if rest is None:
            return None
        kept_count[fractional] = np.round(rest.x)
    elif not _holds(matrix[:, vectors] @ kept_count, low, high):
        return None
    return _first_of_each(starts, size, kept_count)


def _fixed_program(sorted_groups, reduced, slack, sorted_gain, matrix, low, high, time_limit):
    """The integer program over the texts whose reduced cost is within ``slack`` (the
    others fixed as the LP chose them), texts of one count vector and one gain as one
    integer variable. Returns (a bool per text or None, whether it is proven optimal, the
    number of integer variables); with more than MAX_FIXED_VARIABLES it is not solved."""
    free = np.abs(reduced) <= slack + TOLERANCE
    fixed_kept = (reduced > 0) & ~free
    shift = matrix @ np.bincount(sorted_groups[fixed_kept], minlength=matrix.shape[1])
    positions = np.flatnonzero(free)
    if len(positions) == 0:
        return (fixed_kept, True, 0) if _holds(shift, low, high) else (None, True, 0)
    vector, gain = sorted_groups[positions], sorted_gain[positions]
    # free texts are in sorted order: a new class where the vector or the gain changes
    new_class = np.r_[True, (vector[1:] != vector[:-1]) | (gain[1:] != gain[:-1])]
    class_starts = np.flatnonzero(new_class)
    size = np.diff(np.r_[class_starts, len(positions)])
    if len(class_starts) > MAX_FIXED_VARIABLES:
        return None, False, len(class_starts)
    result = _integer_program(gain[class_starts], matrix[:, vector[class_starts]],
                              low - shift, high - shift, size, time_limit)
    if result is None:
        return None, False, len(class_starts)
    kept = fixed_kept.copy()
    kept[positions] = _first_of_each(class_starts, size, np.round(result.x))
    return kept, result.status == 0, len(class_starts)


def _first_of_each(starts, size, kept_count) -> np.ndarray:
    """A bool per text: the first ``kept_count`` texts of each run. The counts are rounded
    first: HiGHS's integers carry its tolerance (8.0000001 would keep 9 texts)."""
    run = np.repeat(np.arange(len(starts)), size)
    return np.arange(int(size.sum())) - starts[run] < np.round(kept_count)[run]


def _holds(values, low, high) -> bool:
    return bool(np.all((values >= low - 1e-9) & (values <= high + 1e-9)))


def _inequalities(matrix, low, high) -> tuple[np.ndarray, np.ndarray]:
    """The rows as A_ub x <= b_ub: each "row >= low" as "-row <= -low"."""
    finite_low, finite_high = np.isfinite(low), np.isfinite(high)
    return (np.vstack([-matrix[finite_low], matrix[finite_high]]),
            np.concatenate([-low[finite_low], high[finite_high]]))


def _cuts(starts, ends, sorted_gain, threshold, share) -> np.ndarray | None:
    """The bundles' new starts after splitting every bundle whose texts lie on both sides of
    its threshold (gains above it, on it, below it); None where no bundle needs it."""
    first, last = sorted_gain[starts], sorted_gain[ends - 1]  # largest, smallest gain
    wrong = (((share > TOLERANCE) & (last < threshold - TOLERANCE))
             | ((share < 1 - TOLERANCE) & (first > threshold + TOLERANCE)))
    cuts = [starts]
    for start, end, value in zip(starts[wrong].tolist(), ends[wrong].tolist(),
                                 threshold[wrong].tolist(), strict=True):
        descending = -sorted_gain[start:end]
        cuts.append(start + np.searchsorted(descending, [-(value + TOLERANCE),
                                                        -(value - TOLERANCE)],
                                            side="right"))
    new = np.unique(np.concatenate(cuts))
    new = new[new < len(sorted_gain)]
    return new if len(new) > len(starts) else None


def _integer_program(gain, matrix, low, high, size, time_limit):
    """max gain · y, y integer in [0, size], low <= matrix · y <= high (HiGHS); the result,
    or None where it has no solution."""
    from scipy.optimize import Bounds, LinearConstraint, milp

    with _native_stdout_silenced():
        result = milp(-gain, integrality=np.ones(len(gain)), bounds=Bounds(0, size),
                      constraints=LinearConstraint(matrix, low, high),
                      options={"time_limit": time_limit, "disp": False})
    return None if result.x is None else result


@contextmanager
def _native_stdout_silenced():
    """Send file descriptor 1 to the null device for a while: some HiGHS builds print solver
    internals from C ("HighsMipSolverData::...") even with ``disp=False``, which would land
    in the middle of the CLI's output. Python's own ``sys.stdout`` is flushed first and left
    as it is."""
    sys.stdout.flush()
    try:
        saved = os.dup(1)
    except OSError:  # no descriptor 1 (a detached process): nothing to silence
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 1)
            yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)


__all__ = ["solve_bundles"]
