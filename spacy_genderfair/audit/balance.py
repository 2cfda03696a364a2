"""Step 3 of Urchs et al.: bring the corpus's she/he ratios of actors and of mentions into
[lower, upper], on the texts left after exclusion.

``run_balance`` reads the audit's records and the exclusion step's removed texts, balances
the corpus as a whole or each year (``by_year``) with one of the solvers of
``balance_solvers`` (greedy, optimal, weights), and writes ``balancing.json``,
``steps/balance.parquet`` (the removed texts), ``weights.parquet`` (method weights) and the
manifest's "balance" section. Texts without actor-level counts (bad records, blank mode)
take no part and are kept.
"""

import json
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from . import balance_solvers
from .balance_solvers import PeriodCounts, in_bounds, ratios
from .exclude import BALANCING_FILE, WEIGHTS_FILE
from .schema import ACTOR_LEVEL, ID, MONTH, N_TOKENS, SEQ, STATUS, STATUS_OK, YEAR, group_field
from .shards import write_atomically
from .step_report import report_columns, write_step_report
from .steps import (
    STEP_BALANCE,
    STEP_EXCLUDE,
    UNKNOWN_PERIOD,
    checked_records,
    id_ranks,
    phase_progress,
    read_manifest,
    removed_path,
    removed_seqs,
    taken,
    whole_columns,
    write_excluded_index,
    write_removed,
    write_section,
)

METHODS = ("greedy", "optimal", "weights")
KEEP_MODES = ("texts", "tokens")
WHOLE_CORPUS = "all"
BALANCE_PHASES = ("read records", "solve", "write", "report")
NO_RATIO = "no she/he actor or mention: no ratio to bring into bounds"
NO_TEXT = "no text analysed at the actor level: no ratio to bring into bounds"


@dataclass(frozen=True)
class BalanceSettings:
    """The parameters of the balancing step.

    method (str): "greedy" (the paper's rule), "optimal" (MILP) or "weights". Defaults to
        "optimal".
    lower, upper (float): the bounds of both she/he ratios. Default to 0.75 and 1.25.
    by_year (bool): meet the bounds in every year. Defaults to False.
    keep (str): what "optimal" keeps most of: "texts" or "tokens". Defaults to "texts".
    time_limit (float): seconds the solver may take per period. Defaults to 60.
    min_weight (float): the smallest weight of method "weights". Defaults to 0.1.
    """

    method: str = "optimal"
    lower: float = 0.75
    upper: float = 1.25
    by_year: bool = False
    keep: str = "texts"
    time_limit: float = 60.0
    min_weight: float = 0.1

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise ValueError(f"method must be one of {', '.join(METHODS)}, not "
                             f"'{self.method}'")
        if self.keep not in KEEP_MODES:
            raise ValueError(f"keep must be one of {', '.join(KEEP_MODES)}, not '{self.keep}'")
        if not 0 < self.lower <= 1 <= self.upper:
            raise ValueError(f"the bounds must satisfy 0 < lower <= 1 <= upper, not "
                             f"[{self.lower}, {self.upper}]")
        if not 0 < self.min_weight <= 1:
            raise ValueError(f"min_weight must be in (0, 1], not {self.min_weight}")
        if self.time_limit <= 0:
            raise ValueError(f"time_limit must be > 0, not {self.time_limit}")


def balance_columns() -> list[str]:
    """The record columns balancing reads."""
    names = [SEQ, YEAR, MONTH, STATUS, ACTOR_LEVEL, N_TOKENS]
    for key in ("she", "he"):
        names += [group_field(key, "actors"), group_field(key, "named"),
                  group_field(key, "pronoun")]
    return names


def balance_texts(columns: dict[str, np.ndarray], id_order: np.ndarray, excluded: np.ndarray,
                  settings: BalanceSettings) -> dict:
    """Balance the texts of ``columns`` that are analysed and not ``excluded``.

    columns (dict[str, np.ndarray]): the ``balance_columns`` of every record.
    id_order (np.ndarray): each record's rank in id order (``steps.id_ranks``): the
        tie-break.
    excluded (np.ndarray): a bool per record: removed by an earlier step.
    settings (BalanceSettings): the method and bounds.
    RETURNS (dict): the report (``balancing.json``) plus, under "_removed" and "_weights",
        a bool per record (removed) and, with method "weights", a weight per record (NaN for
        the texts that take no part; 1 in a period that was not balanced), else None.
    """
    active = ((columns[STATUS] == STATUS_OK) & columns[ACTOR_LEVEL].astype(bool) & ~excluded)
    counts = _counts(columns)
    year = columns[YEAR].astype(np.int64)  # 0: no year
    removed = np.zeros(len(active), dtype=bool)
    text_weights = np.where(active, 1.0, np.nan) if settings.method == "weights" else None
    periods = {}
    for label, rows in _period_rows(year if settings.by_year else None, active):
        part = PeriodCounts(id_order[rows], {k: v[rows] for k, v in counts["she"].items()},
                            {k: v[rows] for k, v in counts["he"].items()},
                            columns[N_TOKENS][rows])
        periods[label] = _balance_period(part, settings)
        removed[rows] = periods[label].pop("_removed")
        weights_of_period = periods[label].pop("_weights")
        # a period without weights (no ratio, or no weights in [min_weight, 1] meet the
        # bounds) keeps weight 1 for its texts and its own verdict; the other periods'
        # weights stand
        if text_weights is not None and weights_of_period is not None:
            text_weights[rows] = weights_of_period
    kept = active & ~removed
    weighted = np.where(kept, 1.0, 0.0) if text_weights is None else np.nan_to_num(text_weights)
    after = _totals(counts, weighted)
    removed_years, removed_counts = np.unique(year[removed], return_counts=True)
    report = {
        "method": settings.method, "bounds": [settings.lower, settings.upper],
        "by": "year" if settings.by_year else None, "parameters": asdict(settings),
        "texts": int(active.sum()),
        "ratios_before": ratios(_totals(counts, active.astype(float))),
        "ratios_after": ratios(after),
        **_reached(periods),
        "candidates": sum(period["candidates"] for period in periods.values()),
        "removed": int(removed.sum()),
        "removed_by_year": dict(sorted(
            (_year_label(value), int(count))
            for value, count in zip(removed_years.tolist(), removed_counts.tolist(),
                                    strict=True))),
        "periods": periods,
        "_removed": removed, "_weights": text_weights,
    }
    return report


def _period_rows(year: np.ndarray | None, active: np.ndarray):
    """(label, rows) of each period's active texts, rows in record order: each year
    ascending, then ``unknown``; or, where ``year`` is None, the whole corpus. One sort of
    the integer years, not a comparison of every record per period."""
    rows = np.flatnonzero(active)
    if year is None:
        if len(rows):
            yield WHOLE_CORPUS, rows
        return
    # no year (0) sorts last, as "unknown" after the years
    keys = np.where(year[rows] > 0, year[rows], np.iinfo(np.int64).max)
    order = np.argsort(keys, kind="stable")
    values, starts = np.unique(keys[order], return_index=True)
    for value, start, end in zip(values.tolist(), starts.tolist(),
                                 [*starts[1:].tolist(), len(rows)], strict=True):
        yield _year_label(0 if value == np.iinfo(np.int64).max else value), rows[
            order[start:end]]


def _year_label(year: int) -> str:
    return str(year) if year > 0 else UNKNOWN_PERIOD


def _reached(periods: dict[str, dict]) -> dict:
    """Whether every period with a ratio reached the bounds: ``{"reached": bool}``; where no
    period has a she/he count (an empty corpus, or one without actors) there is no ratio to
    reach, which is not success: ``{"reached": None, "reason": ...}``."""
    verdicts = [period["reached"] for period in periods.values() if period["reached"] is not None]
    if not verdicts:
        return {"reached": None, "reason": NO_RATIO if periods else NO_TEXT}
    return {"reached": all(verdicts)}


def _counts(columns) -> dict[str, dict[str, np.ndarray]]:
    """She/he actors and mentions of every record, as float64: exact for counts (below
    2**53), and the products with keep masks and weights run as BLAS dot products."""
    return {key: {"actors": columns[group_field(key, "actors")].astype(np.float64),
                  "mentions": (columns[group_field(key, "named")]
                               + columns[group_field(key, "pronoun")]).astype(np.float64)}
            for key in ("she", "he")}


def _totals(counts, weights: np.ndarray) -> dict[str, tuple[float, float]]:
    return PeriodCounts(None, counts["she"], counts["he"], None).totals(weights)


def _balance_period(counts: PeriodCounts, settings: BalanceSettings) -> dict:
    """One period's solution and its summary (ratios before and after, reached)."""
    before = counts.totals()
    if all(she == 0 and he == 0 for she, he in before.values()):
        return {"texts": len(counts), "ratios_before": ratios(before),
                "ratios_after": ratios(before), "reached": None, "reason": NO_RATIO,
                "candidates": 0, "removed": 0, "solver": {},
                "_removed": np.zeros(len(counts), dtype=bool), "_weights": None}
    if settings.method == "greedy":
        solution = balance_solvers.greedy(counts, settings.lower, settings.upper)
    elif settings.method == "optimal":
        solution = balance_solvers.optimal(counts, settings.lower, settings.upper,
                                           keep=settings.keep, time_limit=settings.time_limit)
    else:
        solution = balance_solvers.weights(counts, settings.lower, settings.upper,
                                           min_weight=settings.min_weight,
                                           time_limit=settings.time_limit)
    weights = solution.weights if solution.weights is not None else (~solution.removed) * 1.0
    after = counts.totals(weights)
    return {"texts": len(counts), "ratios_before": ratios(before), "ratios_after": ratios(after),
            "reached": in_bounds(after, settings.lower, settings.upper),
            "candidates": solution.candidates, "removed": int(solution.removed.sum()),
            "solver": solution.solver, "_removed": solution.removed,
            "_weights": solution.weights}


def run_balance(folder: str | Path, settings: BalanceSettings | None = None, *,
                progress: bool = False) -> dict:
    """Balance the audit in ``folder`` after its exclusion step (if it ran); write
    ``balancing.json``, ``steps/balance.parquet``, ``weights.parquet`` (method weights),
    ``excluded_index.json``, the manifest's "balance" section and ``exclusion_report.txt`` /
    ``.json``.

    folder (str | Path): the audit folder.
    settings (BalanceSettings | None): the parameters. Defaults to BalanceSettings().
    progress (bool): a progress bar of the phases on stderr (a terminal only). Defaults to
        False.
    RETURNS (dict): the content of ``balancing.json``.
    RAISES (StepError): the audit is unfinished or inconsistent.
    """
    settings = settings or BalanceSettings()
    folder = Path(folder)
    with phase_progress("balance", BALANCE_PHASES, progress) as phase:
        phase("read records")
        records = checked_records(folder)
        columns = whole_columns(records, sorted({*balance_columns(), *report_columns()}))
        excluded = np.zeros(len(columns[SEQ]), dtype=bool)
        excluded[removed_seqs(folder, STEP_EXCLUDE)] = True
        phase(f"solve ({settings.method})")
        report = balance_texts(columns, id_ranks(records), excluded, settings)
        phase("write")
        _write_balancing(folder, records, columns, report, settings)
        phase("report")
        write_step_report(folder, records, columns)
    return report


def _write_balancing(folder: Path, records, columns, report: dict,
                     settings: BalanceSettings) -> None:
    """balancing.json, the removed texts, the weights, the index and the manifest section;
    takes the per-record arrays out of ``report``."""
    removed, text_weights = report.pop("_removed"), report.pop("_weights")
    if report["reached"] is None:
        text_weights = None  # no ratio to balance: no weights, whatever the corpus' size
    report["after_exclusion"] = STEP_EXCLUDE in read_manifest(folder)
    write_atomically(folder / BALANCING_FILE, lambda tmp: tmp.write_text(
        json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"))
    write_removed(folder, STEP_BALANCE, records, np.flatnonzero(removed))
    (folder / WEIGHTS_FILE).unlink(missing_ok=True)
    if text_weights is not None:
        _write_weights(folder / WEIGHTS_FILE, records, text_weights)
    write_excluded_index(folder, columns[YEAR], columns[MONTH])
    outputs = [BALANCING_FILE, removed_path(folder, STEP_BALANCE).relative_to(folder).as_posix()]
    if text_weights is not None:
        outputs.append(WEIGHTS_FILE)
    write_section(folder, STEP_BALANCE, {
        "parameters": asdict(settings), "reached": report["reached"],
        **({"reason": report["reason"]} if "reason" in report else {}),
        "counts": {"texts": report["texts"], "candidates": report["candidates"],
                   "removed": report["removed"]},
        "outputs": outputs})


def _write_weights(path: Path, records, text_weights: np.ndarray) -> None:
    """``weights.parquet``: seq, id, weight of every text that took part in the balancing
    (1 in a period that was not balanced)."""
    import pyarrow.parquet as pq

    from .schema import import_pyarrow

    pa = import_pyarrow()
    rows = np.flatnonzero(~np.isnan(text_weights))
    table = pa.table({SEQ: pa.array(rows, pa.int64()),
                      ID: pa.array(taken(records, ID, rows), pa.string()),
                      "weight": pa.array(text_weights[rows], pa.float64())})
    write_atomically(path, lambda tmp: pq.write_table(table, tmp))


__all__ = ["METHODS", "BalanceSettings", "balance_columns", "balance_texts", "run_balance"]
