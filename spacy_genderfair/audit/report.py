"""The audit report: the records table aggregated per year, for the records without a year, and
for the whole corpus, as one JSON-able dict (report.json; ``render_text`` lays it out as
report.txt).

Definitions (docs/audit_report.md has each with its formula):

- texts: the period's records with status "ok"; ``bad_records`` are counted beside them, so
  texts + bad_records = the period's input records. Texts with actors: texts with an actor of
  any group, unknown included.
- a metric of a group: the sum over the period's texts (actors, named and pronoun mentions,
  unresolved pronouns, roles, quotes by speaker, coded words in the group's sentences);
  "overall" is the sum over the four groups (she/her, he/him, they/them, unknown): actors of
  unknown gender are counted, never dropped.
- sentiment of a group: sum over its actors / number of its actors with a sentiment.
- share of a metric: she/her / (she/her + he/him), with its 95 % confidence interval (``stats``).
- a period with fewer than 100 texts carries a warning.

``compat="taz2025"`` switches to the reference code's definitions (Ognatai/corpus_balancing),
each a documented divergence: a paired metric's share divides by the four cells of its pair
(named + pronoun, subject + object, direct + indirect quotes, of both groups); a group's
sentiment is the mean over texts of the text's group sentiment, 0 where the text has no actor
of the group; the PMI tables are frequencies (``pmi``); and only texts with actors are texts.

Records written without actor-level analysis (``actor_level`` false: the ``--blank`` mode) have
null actor-level columns: a period without actor-level records reports those figures as null
("not available"), never as 0.
"""

import json
from pathlib import Path
from typing import Any

import numpy as np

from ..extensions import HE, SHE
from .pmi import COLUMNS as PMI_COLUMNS
from .pmi import PMI_POS, count_lemmas, rank_lemmas
from .schema import KEY_OF_GROUP
from .stats import Periods, per_text_summaries, ratio_intervals

SCHEMA = "spacy_genderfair.audit_report.v1"
COMPAT_MODES = ("taz2025",)
MIN_TEXTS = 100
OVERALL = "overall"
# Record column prefixes of the pronoun groups.
GROUP_KEYS = KEY_OF_GROUP
GROUPS = tuple(GROUP_KEYS)
COUNT_METRICS = (
    "actors",
    "mentions",
    "named",
    "pronoun",
    "unresolved",
    "subject",
    "object",
    "quotes_direct",
    "quotes_indirect",
    "coded_feminine",
    "coded_masculine",
)
METRICS = (*COUNT_METRICS, "sentiment")
# compat taz2025: the percentage rows of a pair share one denominator, the pair's four cells.
PAIRED_METRICS = {
    "named": ("named", "pronoun"),
    "pronoun": ("named", "pronoun"),
    "subject": ("subject", "object"),
    "object": ("subject", "object"),
    "quotes_direct": ("quotes_direct", "quotes_indirect"),
    "quotes_indirect": ("quotes_direct", "quotes_indirect"),
}
# Per-text statistics: (group metric) rows per group, then rows over all groups.
GROUP_STATISTICS = (*COUNT_METRICS, "pronoun_tokens")
TEXT_STATISTICS = (
    "sentiment",
    "actors",
    "mentions",
    "coded_feminine",
    "coded_masculine",
    "inclusive_language",
    "generic_masculine",
)
ACTOR_TEXT_STATISTICS = ("sentiment", "actors", "mentions")
# Rows filled in every mode (from lexicon-level columns); every other row is actor-level.
LEXICON_STATISTICS = {
    *(f"{group}:pronoun_tokens" for group in GROUPS),
    *(f"all:{figure}" for figure in TEXT_STATISTICS if figure not in ACTOR_TEXT_STATISTICS),
}
BLANK_NOTE = (
    "blank mode: actor-level figures (actors, mentions, unresolved pronouns, roles, quotes, "
    "sentiment, coded words by group, PMI) are not available"
)


def build_report(
    table,
    *,
    compat: str | None = None,
    min_count: int = 5,
    top_k: int = 10,
    header: dict | None = None,
) -> dict[str, Any]:
    """Aggregate the audit records into the report (schema spacy_genderfair.audit_report.v1).

    table (pyarrow.Table): the records, one per input record (audit/schema.py's columns).
    compat (str | None): "taz2025" for the reference code's definitions. Defaults to None.
    min_count (int): the least count a lemma needs to enter a PMI table. Defaults to 5.
    top_k (int): lemmas per PMI column. Defaults to 10.
    header (dict | None): run facts for the report's header (versions, lang, model, notes).
        Defaults to None.
    RETURNS (dict): the JSON-able report: {"schema", "header", "periods": [...]}.
    """
    if compat is not None and compat not in COMPAT_MODES:
        raise ValueError(f"unknown compat mode '{compat}': choose one of {', '.join(COMPAT_MODES)}")
    if min_count < 1 or top_k < 1:
        raise ValueError(f"min_count and top_k must be at least 1 (got {min_count}, {top_k})")
    columns = _Columns(table)
    periods = Periods(columns.int("year", fill=0), ~columns.is_null("year"))
    ok = columns.text("status") == "ok"
    actor_level = ok & columns.bool("actor_level")
    actors_total = sum(columns.int(f"{GROUP_KEYS[group]}_actors") for group in GROUPS)
    with_actors = actor_level & (actors_total > 0)
    has_actor_level = periods.counts(actor_level) > 0
    # compat taz2025: the reference keeps only texts with actors (not knowable in blank mode).
    texts = with_actors | (ok & ~actor_level) if compat else ok

    totals = _totals(columns, periods, ok, texts, with_actors, has_actor_level)
    metrics = _metrics(columns, periods, actor_level & texts, has_actor_level, compat)
    shares = _shares(columns, periods, actor_level & texts, has_actor_level, compat)
    statistics = _statistics(columns, periods, texts, actor_level, has_actor_level, compat)
    pmi = _pmi(table, periods, actor_level & texts, has_actor_level, compat, min_count, top_k)

    header = dict(header or {})
    header["compat"] = compat
    # Blank mode: texts were analysed, none at the actor level (not: no texts at all).
    header["actor_level"] = bool(actor_level.any()) or not bool(ok.any())
    if not header["actor_level"]:
        header["notes"] = [*header.get("notes", []), BLANK_NOTE]
    report_periods = []
    for index, label in enumerate(periods.labels):
        n_texts = totals[index]["texts"]
        warnings = []
        if n_texts < MIN_TEXTS:
            warnings.append(f"fewer than {MIN_TEXTS} texts ({n_texts}): shares are unreliable")
        report_periods.append(
            {
                "period": label,
                "warnings": warnings,
                "totals": totals[index],
                "metrics": {metric: values[index] for metric, values in metrics.items()},
                "shares": {metric: values[index] for metric, values in shares.items()},
                "statistics": {row: values[index] for row, values in statistics.items()},
                "pmi": pmi[index],
            }
        )
    return {"schema": SCHEMA, "header": header, "periods": report_periods}


def write_report(report: dict, folder: Path) -> dict[str, Path]:
    """Write report.json and report.txt into ``folder``.

    report (dict): the report of ``build_report``.
    folder (Path): the audit's output folder.
    RETURNS (dict[str, Path]): {"json": path, "txt": path}.
    """
    from .text_report import render_text

    paths = {"json": Path(folder) / "report.json", "txt": Path(folder) / "report.txt"}
    # allow_nan=False: a NaN would be invalid JSON; every missing value is null by design.
    text = json.dumps(report, indent=2, ensure_ascii=False, allow_nan=False)
    paths["json"].write_text(text + "\n", encoding="utf8")
    paths["txt"].write_text(render_text(report), encoding="utf8")
    return paths


class _Columns:
    """The records' columns as numpy arrays (nulls filled), each converted once."""

    def __init__(self, table) -> None:
        self.table = table
        self._cache: dict[tuple, np.ndarray] = {}

    def _get(self, name: str, fill, kind) -> np.ndarray:
        import pyarrow.compute as pc

        key = (name, fill, kind)
        if key not in self._cache:
            column = self.table.column(name)
            if fill is not None:
                column = pc.fill_null(column, fill)
            self._cache[key] = np.asarray(column.to_numpy(), dtype=kind)
        return self._cache[key]

    def int(self, name: str, fill: int = 0) -> np.ndarray:
        return self._get(name, fill, np.int32)

    def float(self, name: str) -> np.ndarray:
        return self._get(name, 0.0, np.float64)

    def bool(self, name: str) -> np.ndarray:
        return self._get(name, False, np.bool_)

    def text(self, name: str) -> np.ndarray:
        return self._get(name, "", object)

    def is_null(self, name: str) -> np.ndarray:
        return np.asarray(self.table.column(name).is_null().to_numpy(), dtype=np.bool_)

    def metric(self, group: str, metric: str) -> np.ndarray:
        """The per-record count of a metric for a group ("mentions" = named + pronoun)."""
        key = GROUP_KEYS[group]
        if metric == "mentions":
            return self.int(f"{key}_named") + self.int(f"{key}_pronoun")
        return self.int(f"{key}_{metric}")


def _totals(columns, periods, ok, texts, with_actors, has_actor_level) -> list[dict]:
    n_texts = periods.counts(texts)
    n_with_actors = periods.counts(with_actors)
    bad = periods.counts(~ok)
    inclusive = periods.counts(texts & (columns.int("inclusive_forms") > 0))
    generic = periods.counts(texts & columns.bool("generic_masculine"))
    return [
        {
            "texts": int(n_texts[index]),
            "texts_with_actors": int(n_with_actors[index]) if has_actor_level[index] else None,
            "bad_records": int(bad[index]),
            "inclusive_docs": int(inclusive[index]),
            "generic_masculine_docs": int(generic[index]),
        }
        for index in range(len(periods))
    ]


def _metrics(columns, periods, where, has_actor_level, compat) -> dict[str, list[dict]]:
    """{metric: [{group: value, ..., "overall": value} per period]}."""
    metrics = {}
    for metric in COUNT_METRICS:
        sums = {group: periods.sums(columns.metric(group, metric), where) for group in GROUPS}
        per_period = [
            {group: int(sums[group][index]) for group in GROUPS} for index in range(len(periods))
        ]
        for values in per_period:
            values[OVERALL] = sum(values.values())
        metrics[metric] = per_period
    metrics["sentiment"] = _sentiment(columns, periods, where, compat)
    return {
        metric: [
            values if available else dict.fromkeys((*GROUPS, OVERALL))
            for values, available in zip(per_period, has_actor_level, strict=True)
        ]
        for metric, per_period in metrics.items()
    }


def _sentiment(columns, periods, where, compat) -> list[dict]:
    """Default: sum over a group's actors / their number. compat taz2025: the mean over texts of
    the text's group sentiment, 0 where the text has no actor of the group."""
    sums = {group: columns.float(f"{GROUP_KEYS[group]}_sentiment_sum") for group in GROUPS}
    counts = {group: columns.int(f"{GROUP_KEYS[group]}_sentiment_count") for group in GROUPS}
    sums[OVERALL] = sum(sums[group] for group in GROUPS)
    counts[OVERALL] = sum(counts[group] for group in GROUPS)
    result: list[dict] = [{} for _ in range(len(periods))]
    n_texts = periods.counts(where)
    for group in (*GROUPS, OVERALL):
        if compat:
            has_group = counts[group] > 0
            per_text = np.divide(
                sums[group], counts[group], out=np.zeros(len(has_group)), where=has_group
            )
            numerator, denominator = periods.sums(per_text, where), n_texts
        else:
            numerator = periods.sums(sums[group], where)
            denominator = periods.sums(counts[group], where)
        for index in range(len(periods)):
            result[index][group] = (
                float(numerator[index] / denominator[index]) if denominator[index] > 0 else None
            )
    return result


def _shares(columns, periods, where, has_actor_level, compat) -> dict[str, list[dict]]:
    """{metric: [{"she", "he", "share", "ci_low", "ci_high"} per period]}."""
    shares = {}
    for metric in COUNT_METRICS:
        she, he = columns.metric(SHE, metric), columns.metric(HE, metric)
        if compat and metric in PAIRED_METRICS:
            denominator = sum(
                columns.metric(group, paired)
                for paired in PAIRED_METRICS[metric]
                for group in (SHE, HE)
            )
        else:
            denominator = she + he
        intervals = ratio_intervals(she, denominator, periods, where)
        she_sums, he_sums = periods.sums(she, where), periods.sums(he, where)
        per_period = []
        for index, (share, low, high) in enumerate(intervals):
            if not has_actor_level[index]:
                share = low = high = None
                she_count = he_count = None
            else:
                she_count, he_count = int(she_sums[index]), int(he_sums[index])
            per_period.append(
                {"she": she_count, "he": he_count, "share": share, "ci_low": low, "ci_high": high}
            )
        shares[metric] = per_period
    return shares


def _statistics(columns, periods, texts, actor_level, has_actor_level, compat) -> dict:
    """{row: [{"mean", "median", "std"} per period]}: per-text figures over the period's texts.
    Rows are "<group>:<metric>" for each group, then "all:<figure>" over every group."""
    rows: dict[str, np.ndarray] = {}
    for group in GROUPS:
        for metric in GROUP_STATISTICS:
            if metric == "pronoun_tokens":
                rows[f"{group}:{metric}"] = columns.int(f"{GROUP_KEYS[group]}_pronoun_tokens")
            else:
                rows[f"{group}:{metric}"] = columns.metric(group, metric)
    sentiment_sum = sum(columns.float(f"{GROUP_KEYS[group]}_sentiment_sum") for group in GROUPS)
    sentiment_count = sum(columns.int(f"{GROUP_KEYS[group]}_sentiment_count") for group in GROUPS)
    # A text without an actor with a sentiment has none (left out); compat taz2025: it has 0.
    no_sentiment = 0.0 if compat else np.nan
    rows["all:sentiment"] = np.divide(
        sentiment_sum,
        sentiment_count,
        out=np.full(len(sentiment_count), no_sentiment),
        where=sentiment_count > 0,
    )
    for metric in ("actors", "mentions"):
        rows[f"all:{metric}"] = sum(columns.metric(group, metric) for group in GROUPS)
    # The document's coded words (not the sum over groups, which counts a sentence twice).
    rows["all:coded_feminine"] = columns.int("coded_feminine")
    rows["all:coded_masculine"] = columns.int("coded_masculine")
    rows["all:inclusive_language"] = (columns.int("inclusive_forms") > 0).astype(np.int32)
    rows["all:generic_masculine"] = columns.bool("generic_masculine").astype(np.int32)

    statistics = {}
    for row, values in rows.items():
        if row in LEXICON_STATISTICS:
            statistics[row] = per_text_summaries(values, periods, texts)
        else:
            summaries = per_text_summaries(values, periods, texts & actor_level)
            empty = {"mean": None, "median": None, "std": None}
            statistics[row] = [
                summary if available else empty
                for summary, available in zip(summaries, has_actor_level, strict=True)
            ]
    return statistics


def _pmi(table, periods, where, has_actor_level, compat, min_count, top_k) -> list[dict | None]:
    """Per period: {pos: {"all" | "she/her" | "he/him": [{"lemma", "pmi", "count"}, ...]}}."""
    lemma_columns = {group: f"{GROUP_KEYS[group]}_lemmas" for group in GROUPS}
    lemmas = count_lemmas(table, periods, where, lemma_columns)
    tables = rank_lemmas(lemmas, compat=compat, min_count=min_count, top_k=top_k)
    return [
        {
            pos: tables.get((index, pos)) or {column: [] for column in PMI_COLUMNS}
            for pos in PMI_POS
        }
        if available
        else None
        for index, available in enumerate(has_actor_level)
    ]
