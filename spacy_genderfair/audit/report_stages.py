"""The audit report's stages: its headline figures before exclusion, after exclusion and
after balancing (Urchs et al., Figures 5-11), per period, added to report.json, report.txt
and report.html by the corpus steps.

A stage is a keep weight per record: 1 for every record before the steps, 0 for the texts
``exclude`` removed after exclusion, and after balancing also 0 for the texts ``balance``
removed (with ``--method weights``: the text's balancing weight). The figures are the
report's own (``report``: the same masks, share denominators and sentiment terms, compat
included), streamed over the records in blocks with ``stats.PeriodSums``; a stage only
weights each text's counts. So the "before" stage is the report's figures, to the last bit.

A report of an audit on which no step has run has no "stages" and keeps its schema (v1):
its files are what they were. A report with stages says ``audit_report.v2`` (v1 plus
"stages").
"""

import json
from pathlib import Path

import numpy as np

from ..extensions import HE, SHE
from .report import (
    SCHEMA,
    codes_and_masks,
    period_index,
    sentiment_terms,
    share_denominator,
    write_report,
)
from .report_layout import GROUP_KEYS, GROUPS
from .schema import SEQ, RecordColumns, record_blocks
from .shards import write_atomically
from .stats import SHARE_MOMENTS, PeriodSums, ratio_intervals
from .steps import STEP_BALANCE, STEP_EXCLUDE, read_manifest, removed_seqs

SCHEMA_WITH_STAGES = "spacy_genderfair.audit_report.v2"
STAGES = ("before", "after exclusion", "after balancing")
STAGE_SHARES = ("actors", "mentions", "named", "pronoun", "subject", "object",
                "quotes_direct", "quotes_indirect")
STAGE_GROUPS = (SHE, HE)
WEIGHTS_FILE = "weights.parquet"
REPORT_JSON = "report.json"


def keep_weights(folder: str | Path, n_records: int) -> dict[str, np.ndarray]:
    """The keep weight of every record at each stage (``STAGES``), from the steps' removed
    texts and, for ``--method weights``, the balancing weights."""
    before = np.ones(n_records)
    after_exclusion = before.copy()
    after_exclusion[removed_seqs(folder, STEP_EXCLUDE)] = 0.0
    after_balancing = after_exclusion.copy()
    after_balancing[removed_seqs(folder, STEP_BALANCE)] = 0.0
    weights_path = Path(folder) / WEIGHTS_FILE
    if weights_path.exists():
        import pyarrow.parquet as pq

        table = pq.read_table(weights_path)
        after_balancing[table.column(SEQ).to_numpy()] *= table.column("weight").to_numpy()
    return dict(zip(STAGES, (before, after_exclusion, after_balancing), strict=True))


def stage_columns() -> list[str]:
    """The record columns the stage figures read."""
    counts = ("actors", "named", "pronoun", "subject", "object", "quotes_direct",
              "quotes_indirect", "sentiment_sum", "sentiment_count")
    return ["year", "status", "actor_level",
            *(f"{GROUP_KEYS[group]}_{count}" for group in GROUPS for count in counts)]


def stage_figures(records, keep: dict[str, np.ndarray], *, compat: str | None = None
                  ) -> list[dict]:
    """The headline figures of every period at every stage.

    records (pyarrow.Table | ShardedRecords): the audit's records, in seq order.
    keep (dict[str, np.ndarray]): per stage, a keep weight per record (``keep_weights``).
    compat (str | None): the report's compat mode. Defaults to None.
    RETURNS (list[dict]): per period of the report, in its order: ``{"period": label,
        STAGE: {"texts", "ratios", "shares", "sentiment"}}``.
    """
    periods = period_index(records)
    # a step that has not run leaves its stage as the one before: computed once
    same_as: dict[str, str] = {}
    for stage, weights in keep.items():
        same_as[stage] = next((other for other in dict.fromkeys(same_as.values())
                               if np.array_equal(keep[other], weights)), stage)
    distinct = list(dict.fromkeys(same_as.values()))
    sums = {stage: PeriodSums(periods) for stage in distinct}
    offset = 0
    for block in record_blocks(records, stage_columns()):
        columns = RecordColumns(block)
        codes, masks = codes_and_masks(columns, periods, compat)
        terms = _block_terms(columns, compat)
        rows = slice(offset, offset + block.num_rows)
        offset += block.num_rows
        for stage in distinct:
            _add_stage(sums[stage], terms, codes, masks, keep[stage][rows])
    per_stage = {stage: _figures(sums[stage], np.array_equal(keep[stage], np.round(keep[stage])))
                 for stage in distinct}
    return [{"period": label, **{stage: per_stage[same_as[stage]][index] for stage in keep}}
            for index, label in enumerate(periods.labels)]


def _block_terms(columns, compat) -> dict[str, np.ndarray]:
    """Per record of a block, every value a stage sums (before its weight)."""
    terms = {}
    for metric in STAGE_SHARES:
        terms[f"{SHE}:{metric}"] = columns.metric(SHE, metric)
        terms[f"{HE}:{metric}"] = columns.metric(HE, metric)
        terms[f"share:{metric}"] = share_denominator(columns, metric, compat)
    for group in STAGE_GROUPS:
        terms[f"sentiment:{group}:sum"], terms[f"sentiment:{group}:count"] = sentiment_terms(
            columns, group, compat)
    return terms


def _add_stage(sums: PeriodSums, terms: dict, codes, masks, weights: np.ndarray) -> None:
    """One block's sums of one stage: the report's, each text's counts times its weight,
    over the texts the stage keeps."""
    kept = weights > 0
    sums.add("texts", codes, weights, masks["texts"] & kept)
    where = masks["actor_texts"] & kept
    for metric in STAGE_SHARES:
        she = terms[f"{SHE}:{metric}"] * weights
        sums.add(f"{SHE}:{metric}", codes, she, where)
        sums.add(f"{HE}:{metric}", codes, terms[f"{HE}:{metric}"] * weights, where)
        sums.add_share(f"share:{metric}", codes, she, terms[f"share:{metric}"] * weights,
                       where)
    for group in STAGE_GROUPS:
        for part in ("sum", "count"):
            name = f"sentiment:{group}:{part}"
            sums.add(name, codes, terms[name] * weights, where)


def _figures(sums: PeriodSums, integral: bool) -> list[dict]:
    """Per period: texts, the she/he ratios of actors and mentions, the shares with their
    intervals and the sentiment by group. With 0/1 weights the sums are counts, taken as
    integers (the interval's exact arithmetic, as the report); with balancing weights, floats."""
    def values(name):
        return sums.integers(name) if integral else sums[name].tolist()

    texts = values("texts")
    shares = {}
    for metric in STAGE_SHARES:
        intervals = ratio_intervals(*(values(f"share:{metric}:{moment}")
                                      for moment in SHARE_MOMENTS))
        she, he = values(f"{SHE}:{metric}"), values(f"{HE}:{metric}")
        shares[metric] = [{"she": she[index], "he": he[index], "share": share,
                           "ci_low": low, "ci_high": high}
                          for index, (share, low, high) in enumerate(intervals)]
    sentiment = {group: [float(total / count) if count > 0 else None for total, count in
                         zip(sums[f"sentiment:{group}:sum"], sums[f"sentiment:{group}:count"],
                             strict=True)]
                 for group in STAGE_GROUPS}
    return [{"texts": texts[index],
             "ratios": {kind: (shares[kind][index]["she"] / shares[kind][index]["he"]
                               if shares[kind][index]["he"] else None)
                        for kind in ("actors", "mentions")},
             "shares": {metric: shares[metric][index] for metric in STAGE_SHARES},
             "sentiment": {group: sentiment[group][index] for group in STAGE_GROUPS}}
            for index in range(len(texts))]


def stages_section(folder: str | Path, periods: list[dict]) -> dict:
    """The report's "stages": the stage names, the steps' parameters and counts (from the
    manifest) and the figures per period (``stage_figures``)."""
    manifest = read_manifest(folder)
    return {"names": list(STAGES),
            "steps": {step: manifest.get(step) for step in (STEP_EXCLUDE, STEP_BALANCE)},
            "periods": periods}


def read_audit_report(folder: str | Path) -> dict | None:
    """The audit's report.json, or None where the audit wrote none (``run_audit`` from
    Python writes records only)."""
    path = Path(folder) / REPORT_JSON
    if not path.exists():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def update_audit_report(folder: str | Path, report: dict, stages: dict) -> None:
    """Rewrite report.json, report.txt and report.html of the audit with ``stages`` (or,
    with None, without them: the report the audit wrote). The audit's figures are taken as
    the audit drew them (``plots/``), the stages' figures as the steps drew them."""
    from .html import render_html
    from .plots import FIGURES
    from .step_plots import FIGURE_FILES

    folder = Path(folder)
    report = {key: value for key, value in report.items() if key != "stages"}
    report["schema"] = SCHEMA if stages is None else SCHEMA_WITH_STAGES
    if stages is not None:
        report["stages"] = stages
    plots = {spec.name: folder / "plots" / f"{spec.name}.png" for spec in FIGURES}
    if stages is not None:
        plots.update({f"stages_{name}": folder / "plots" / file
                      for name, file in FIGURE_FILES.items()})
    plots = {name: path for name, path in plots.items() if path.exists()}
    write_report(report, folder)
    write_atomically(folder / "report.html", lambda tmp: tmp.write_text(
        render_html(report, plots), encoding="utf-8"))


__all__ = ["SCHEMA_WITH_STAGES", "STAGES", "STAGE_SHARES", "keep_weights",
           "read_audit_report", "stage_columns", "stage_figures", "stages_section",
           "update_audit_report"]
