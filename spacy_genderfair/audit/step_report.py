"""``exclusion_report.txt`` / ``.json``: what the corpus steps did, and the headline shares
before, after exclusion and after balancing; and the same stages in the audit's own report.

Written by ``exclude`` and ``balance`` each time they run, from the records and the steps'
removed texts (and the balancing weights), so it always describes the steps as they stand.
The stage figures are computed once (``report_stages.stage_figures``: the report's
definitions, compat mode included, each text weighted by its keep weight) and go both into
this report (the whole corpus, and each share and sentiment per year) and into report.json /
.txt / .html of the audit. A share is she/her / (she/her + he/him) of a metric over the
stage's texts, with its 95 % interval by the delta method over texts (as report.json); with
``--method weights`` the last stage weights each text's counts.
"""

import json
from pathlib import Path

import numpy as np

from .._compat import has_matplotlib
from .report_stages import (
    STAGE_GROUPS,
    STAGE_SHARES,
    STAGES,
    keep_weights,
    read_audit_report,
    stage_figures,
    stages_section,
    update_audit_report,
)
from .schema import SEQ, group_field
from .shards import write_atomically
from .steps import STEP_BALANCE, STEP_EXCLUDE, read_manifest
from .text_report import format_share

REPORT_FILE = "exclusion_report"
SHARE_METRICS = STAGE_SHARES
# the per-article histogram's counts (the other figures stream the records)
_COUNTS = ("actors", "named", "pronoun")


def report_columns() -> list[str]:
    """The record columns the step report's figures read (the per-article histogram)."""
    return [SEQ, *(group_field(key, count) for key in ("she", "he") for count in _COUNTS)]


def build_step_report(folder: str | Path, records) -> dict:
    """The steps' parameters and counts (from the manifest), and per stage: texts, the
    she/he ratios, the headline shares and sentiment, overall and per year."""
    folder = Path(folder)
    periods = stage_figures(records, keep_weights(folder, records.num_rows),
                            compat=_audit_compat(read_audit_report(folder)))
    return _report(folder, periods)


def _audit_compat(audit_report: dict | None) -> str | None:
    return (audit_report or {}).get("header", {}).get("compat")


def _report(folder: Path, periods: list[dict]) -> dict:
    manifest = read_manifest(folder)
    whole = periods[-1]
    years = [period for period in periods if period["period"].isdigit()]
    stages = {}
    for stage in STAGES:
        figures = _rounded(whole[stage])
        figures["shares_by_year"] = {
            metric: {period["period"]: _round(period[stage]["shares"][metric]["share"])
                     for period in years} for metric in STAGE_SHARES}
        figures["sentiment_by_year"] = {
            group: {period["period"]: _round(period[stage]["sentiment"][group])
                    for period in years} for group in STAGE_GROUPS}
        stages[stage] = figures
    return {"steps": {step: manifest.get(step) for step in (STEP_EXCLUDE, STEP_BALANCE)},
            "stages": stages}


def _rounded(value):
    """Floats to 4 decimals, through dicts (the step report is read by people)."""
    if isinstance(value, dict):
        return {key: _rounded(item) for key, item in value.items()}
    return _round(value) if isinstance(value, float) else value


def _round(value):
    return None if value is None else round(float(value), 4)


def write_step_report(folder: str | Path, records, columns: dict[str, np.ndarray]) -> dict:
    """Write ``exclusion_report.json``, ``exclusion_report.txt``, with matplotlib the stages'
    figures (``step_plots``), and the stages into the audit's report (when it has one);
    return the step report.

    records (ShardedRecords): the audit's records (streamed for the stage figures).
    columns (dict[str, np.ndarray]): the records' ``report_columns`` (or more), as the step
        that calls it has loaded them (the per-article histogram).
    """
    folder = Path(folder)
    keep = keep_weights(folder, len(columns[SEQ]))
    audit_report = read_audit_report(folder)
    periods = stage_figures(records, keep, compat=_audit_compat(audit_report))
    report = _report(folder, periods)
    write_atomically(folder / f"{REPORT_FILE}.json", lambda tmp: tmp.write_text(
        json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"))
    write_atomically(folder / f"{REPORT_FILE}.txt", lambda tmp: tmp.write_text(
        render_step_report(report), encoding="utf-8"))
    if has_matplotlib:
        from .step_plots import write_step_plots

        write_step_plots(folder, columns, keep, report)
    if audit_report is not None:
        update_audit_report(folder, audit_report, stages_section(folder, periods))
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
                  f"removed; bounds {verdict(balance)}"]
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
            cells.append(format_share(share))
        lines.append(f"{metric.replace('_', ' '):<24}" + "".join(f"{c:>{width}}" for c in cells))
    lines += ["", "mean sentiment"]
    for group in STAGE_GROUPS:
        lines.append(f"{group:<24}" + "".join(
            f"{_text(stages[s]['sentiment'][group]):>{width}}" for s in stages))
    return "\n".join(lines) + "\n"


def verdict(balance: dict) -> str:
    """"reached", "NOT reached", or "not applicable (why)" where there is no ratio."""
    if balance["reached"] is None:
        return f"not applicable ({balance['reason']})"
    return "reached" if balance["reached"] else "NOT reached"


def _text(value) -> str:
    if value is None:
        return "-"
    return f"{value:g}" if isinstance(value, float) else str(value)


__all__ = ["STAGES", "build_step_report", "render_step_report", "report_columns",
           "write_step_report"]
