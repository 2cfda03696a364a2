"""``exclusion_report.txt`` / ``.json``: what the corpus steps did, and the headline shares
before, after exclusion and after balancing.

Written by ``exclude`` and ``balance`` each time they run, from the records and the steps'
removed texts (and the balancing weights), so it always describes the steps as they stand.
A share is she/her / (she/her + he/him) of a metric over the stage's texts, with its 95 %
interval by the delta method over texts (``stats.ratio_intervals``, as report.json); with
``--method weights`` the last stage weights each text's counts.
"""

import json
from pathlib import Path

import numpy as np

from .._compat import has_matplotlib
from .schema import ACTOR_LEVEL, SEQ, STATUS, STATUS_OK, YEAR, group_field
from .shards import write_atomically
from .stats import ratio_intervals
from .steps import STEP_BALANCE, STEP_EXCLUDE, read_manifest, removed_seqs, whole_columns

REPORT_FILE = "exclusion_report"
STAGES = ("before", "after exclusion", "after balancing")
SHARE_METRICS = ("actors", "mentions", "named", "pronoun", "subject", "object",
                 "quotes_direct", "quotes_indirect")
_COUNTS = ("actors", "named", "pronoun", "subject", "object", "quotes_direct",
           "quotes_indirect")


def stage_weights(folder: Path, columns: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """A weight per record for each stage: 1 for a text in it, 0 otherwise (balancing
    weights for ``--method weights``)."""
    analysed = ((columns[STATUS] == STATUS_OK) & columns[ACTOR_LEVEL].astype(bool)).astype(float)
    after_exclusion = analysed.copy()
    after_exclusion[removed_seqs(folder, STEP_EXCLUDE)] = 0.0
    after_balancing = after_exclusion.copy()
    after_balancing[removed_seqs(folder, STEP_BALANCE)] = 0.0
    weights_path = folder / "weights.parquet"
    if weights_path.exists():
        import pyarrow.parquet as pq

        table = pq.read_table(weights_path)
        after_balancing[table.column(SEQ).to_numpy()] *= table.column("weight").to_numpy()
    return dict(zip(STAGES, (analysed, after_exclusion, after_balancing), strict=True))


def headline_shares(columns: dict[str, np.ndarray], weights: np.ndarray) -> dict:
    """{metric: {"she", "he", "share", "ci_low", "ci_high"}} over the weighted texts."""
    shares = {}
    n_texts = int((weights > 0).sum())
    for metric in SHARE_METRICS:
        she, he = (_metric(columns, key, metric) * weights for key in ("she", "he"))
        total = she + he
        share, low, high = ratio_intervals([she.sum()], [total.sum()], [she @ she],
                                           [she @ total], [total @ total], [n_texts])[0]
        shares[metric] = {"she": _round(she.sum()), "he": _round(he.sum()),
                          "share": _round(share), "ci_low": _round(low),
                          "ci_high": _round(high)}
    return shares


def _shares_by(codes: np.ndarray, n_codes: int, she: np.ndarray, total: np.ndarray,
               texts: np.ndarray) -> list[tuple]:
    """``ratio_intervals`` of she / total per code (period), from per-text values."""
    def summed(values):
        return np.bincount(codes, weights=values, minlength=n_codes).tolist()

    return ratio_intervals(summed(she), summed(total), summed(she * she), summed(she * total),
                           summed(total * total),
                           np.bincount(codes, weights=texts, minlength=n_codes).astype(int))


def _metric(columns, key: str, metric: str) -> np.ndarray:
    if metric == "mentions":
        return (columns[group_field(key, "named")]
                + columns[group_field(key, "pronoun")]).astype(np.float64)
    return columns[group_field(key, metric)].astype(np.float64)


def _round(value):
    return None if value is None else round(float(value), 4)


def report_columns() -> list[str]:
    """The record columns the step report reads."""
    return [SEQ, STATUS, ACTOR_LEVEL, YEAR,
            *(group_field(key, count) for key in ("she", "he")
              for count in (*_COUNTS, "sentiment_sum", "sentiment_count"))]


def build_step_report(folder: str | Path, records) -> dict:
    """The steps' parameters and counts (from the manifest), and per stage: texts, the
    she/he ratios, the headline shares overall and the mention share per year."""
    columns = whole_columns(records, report_columns())
    return _report(Path(folder), columns, stage_weights(Path(folder), columns))


def _report(folder: Path, columns, weights_by_stage: dict[str, np.ndarray]) -> dict:
    manifest = read_manifest(folder)
    years = columns[YEAR]
    stages = {}
    for stage, weights in weights_by_stage.items():
        shares = headline_shares(columns, weights)
        dated = (weights > 0) & (years > 0)
        she, he = (_metric(columns, key, "mentions")[dated] * weights[dated]
                   for key in ("she", "he"))
        codes = years[dated].astype(np.int64)  # a year is its own bin: no sort
        n_codes = int(codes.max(initial=0)) + 1
        present = np.flatnonzero(np.bincount(codes, minlength=n_codes))
        yearly = {str(year): _round(per_year[0]) for year, per_year in zip(
            present.tolist(), np.array(_shares_by(codes, n_codes, she, she + he,
                                                  np.ones(len(she))), dtype=object)[present],
            strict=True)}
        stages[stage] = {
            "texts": _round(weights.sum()),
            "ratios": {kind: (_round(shares[kind]["she"] / shares[kind]["he"])
                              if shares[kind]["he"] else None) for kind in ("actors", "mentions")},
            "shares": shares, "sentiment": _sentiment(columns, weights),
            "mention_share_by_year": yearly}
    return {"steps": {step: manifest.get(step) for step in (STEP_EXCLUDE, STEP_BALANCE)},
            "stages": stages}


def write_step_report(folder: str | Path, columns: dict[str, np.ndarray]) -> dict:
    """Write ``exclusion_report.json``, ``exclusion_report.txt`` and, with matplotlib, the
    stages' figures (``step_plots``); return the report.

    columns (dict[str, np.ndarray]): the records' ``report_columns`` (or more), as the step
        that calls it has loaded them.
    """
    folder = Path(folder)
    weights = stage_weights(folder, columns)
    report = _report(folder, columns, weights)
    write_atomically(folder / f"{REPORT_FILE}.json", lambda tmp: tmp.write_text(
        json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"))
    write_atomically(folder / f"{REPORT_FILE}.txt", lambda tmp: tmp.write_text(
        render_step_report(report), encoding="utf-8"))
    if has_matplotlib:
        from .step_plots import write_step_plots

        write_step_plots(folder, columns, weights, report)
    return report


def render_step_report(report: dict) -> str:
    """The report as text: the steps, then one column per stage."""
    lines = ["EXCLUSION AND BALANCING REPORT", ""]
    exclude, balance = report["steps"][STEP_EXCLUDE], report["steps"][STEP_BALANCE]
    if exclude:
        parameters = ", ".join(f"{name} {value}" for name, value in
                               exclude["parameters"].items())
        counts = exclude["counts"]
        flags = ", ".join(f"{flag} {n}" for flag, n in counts["flag_counts"].items())
        lines += [f"Step 2, exclude: {parameters}",
                  f"  {counts['excluded']} of {counts['analysed']} analysed texts excluded; "
                  f"{counts['compared']} compared; flags raised: {flags}"]
    else:
        lines.append("Step 2, exclude: not run")
    if balance:
        parameters = balance["parameters"]
        lines += [f"Step 3, balance: method {parameters['method']}, bounds "
                  f"[{parameters['lower']}, {parameters['upper']}]"
                  f"{', by year' if parameters['by_year'] else ''}",
                  f"  {balance['counts']['removed']} of {balance['counts']['texts']} texts "
                  f"removed; bounds {'reached' if balance['reached'] else 'NOT reached'}"]
    else:
        lines.append("Step 3, balance: not run")
    stages = report["stages"]
    width = 26
    lines += ["", f"{'':<24}" + "".join(f"{stage:>{width}}" for stage in stages)]
    lines.append(f"{'texts':<24}" + "".join(f"{_text(stages[s]['texts']):>{width}}"
                                             for s in stages))
    for kind in ("actors", "mentions"):
        lines.append(f"{'she/he ratio, ' + kind:<24}" + "".join(
            f"{_text(stages[s]['ratios'][kind]):>{width}}" for s in stages))
    lines += ["", "she/her share % [95 % CI]"]
    for metric in SHARE_METRICS:
        cells = []
        for stage in stages:
            share = stages[stage]["shares"][metric]
            cells.append(_percent(share))
        lines.append(f"{metric.replace('_', ' '):<24}" + "".join(f"{c:>{width}}" for c in cells))
    lines += ["", "mean sentiment"]
    for key, group in (("she", "she/her"), ("he", "he/him")):
        lines.append(f"{group:<24}" + "".join(
            f"{_text(stages[s]['sentiment'][key]):>{width}}" for s in stages))
    return "\n".join(lines) + "\n"


def _sentiment(columns, weights: np.ndarray) -> dict[str, float | None]:
    """Per group: the sum of its actors' sentiment / their number, over the stage's texts
    (the report's definition)."""
    means = {}
    for key in ("she", "he"):
        count = columns[group_field(key, "sentiment_count")] @ weights
        total = columns[group_field(key, "sentiment_sum")] @ weights
        means[key] = _round(total / count) if count else None
    return means


def _text(value) -> str:
    if value is None:
        return "-"
    return f"{value:g}" if isinstance(value, float) else str(value)


def _percent(share: dict) -> str:
    if share["share"] is None:
        return "-"
    if share["ci_low"] is None:
        return f"{100 * share['share']:.1f}"
    return (f"{100 * share['share']:.1f} [{100 * share['ci_low']:.1f}, "
            f"{100 * share['ci_high']:.1f}]")


__all__ = ["STAGES", "build_step_report", "headline_shares", "render_step_report", "report_columns",
           "stage_weights", "write_step_report"]
