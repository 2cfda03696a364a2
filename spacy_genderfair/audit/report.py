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
from .pmi import PMI_POS, LemmaCounter, rank_lemmas
from .quantiles import float_summaries
from .report_layout import GROUP_KEYS, GROUPS, OVERALL, PAIRED_METRICS
from .schema import FIELD_NAMES, RecordColumns, record_blocks
from .stats import EMPTY_SUMMARY, PeriodIndex, PeriodSums, ValueCounts
from .text_report import render_text

SCHEMA = "spacy_genderfair.audit_report.v1"
COMPAT_MODES = ("taz2025",)
MIN_TEXTS = 100
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
STATISTICS_ROWS = (
    *(f"{group}:{metric}" for group in GROUPS for metric in GROUP_STATISTICS),
    *(f"all:{figure}" for figure in TEXT_STATISTICS),
)
# Every row but the text's mean sentiment holds integers, summarised from value counts.
INTEGER_STATISTICS = tuple(row for row in STATISTICS_ROWS if row != "all:sentiment")
# The columns the report reads besides the lemma lists (no ids, sources or dates).
NUMERIC_COLUMNS = tuple(
    name for name in FIELD_NAMES
    if name not in ("seq", "id", "source", "line", "date", "month", "reason", "n_tokens")
    and not name.endswith("_lemmas")
)
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

    The records are read in blocks (``schema.record_blocks``) and only per-period sums and value
    counts are kept, so memory does not grow with the number of records.

    table (pyarrow.Table | ShardedRecords): the records, one per input record (audit/schema.py's
        columns), in input order.
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
    periods = period_index(table)
    sums = PeriodSums(periods)
    value_counts = {row: ValueCounts(periods) for row in INTEGER_STATISTICS}
    lemmas = LemmaCounter({group: f"{GROUP_KEYS[group]}_lemmas" for group in GROUPS})
    for block in record_blocks(table, [*NUMERIC_COLUMNS, *lemmas.lemma_columns.values()]):
        columns = RecordColumns(block)
        codes, masks = codes_and_masks(columns, periods, compat)
        _add_totals(sums, columns, codes, masks)
        _add_metrics(sums, columns, codes, masks["actor_texts"], compat)
        for row, (values, where) in _integer_rows(columns, masks).items():
            value_counts[row].add(codes, values, masks[where])
        lemmas.add(block, codes, masks["actor_texts"])
    has_actor_level = np.asarray(sums.integers("actor_level")) > 0
    statistics = {row: counts.summaries() for row, counts in value_counts.items()}
    statistics["all:sentiment"] = float_summaries(
        lambda: _sentiment_values(table, periods, compat), periods.n_own
    )
    statistics = {
        row: summaries if row in LEXICON_STATISTICS else [
            summary if available else dict(EMPTY_SUMMARY)
            for summary, available in zip(summaries, has_actor_level, strict=True)
        ]
        for row, summaries in sorted(statistics.items(), key=_statistics_order)
    }
    totals = _totals(sums, has_actor_level)
    metrics = _metrics(sums, has_actor_level, compat)
    shares = _shares(sums, has_actor_level)
    tables = rank_lemmas(lemmas.counts(len(periods)), compat=compat, min_count=min_count,
                         top_k=top_k)
    pmi = [
        {pos: tables.get((index, pos)) or {column: [] for column in PMI_COLUMNS}
         for pos in PMI_POS} if available else None
        for index, available in enumerate(has_actor_level)
    ]

    header = dict(header or {})
    header["compat"] = compat
    # Blank mode: texts were analysed, none at the actor level (not: no texts at all).
    header["actor_level"] = bool(has_actor_level[-1]) or sums.integers("ok")[-1] == 0
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
    paths = {"json": Path(folder) / "report.json", "txt": Path(folder) / "report.txt"}
    # allow_nan=False: a NaN would be invalid JSON; every missing value is null by design.
    text = json.dumps(report, indent=2, ensure_ascii=False, allow_nan=False)
    paths["json"].write_text(text + "\n", encoding="utf8")
    paths["txt"].write_text(render_text(report), encoding="utf8")
    return paths


def period_index(table) -> PeriodIndex:
    """The periods of the records: their distinct years, and whether some record has none."""
    years: set[int] = set()
    has_unknown = False
    for block in record_blocks(table, ["year"]):
        column = block.column("year")
        has_unknown = has_unknown or column.null_count > 0
        years.update(value for value in column.unique().to_pylist() if value is not None)
    return PeriodIndex(years, has_unknown)


def codes_and_masks(columns, periods, compat) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """The period code of each record of a block and the record sets the report counts over:
    ok (read and analysed), actor_level (analysed at the actor level), texts (the texts of the
    totals: compat taz2025 keeps only texts with actors, where that is knowable),
    actor_texts (the texts of the actor-level figures)."""
    codes = periods.codes(columns.int("year", fill=0), ~columns.is_null("year"))
    ok = columns.text("status") == "ok"
    actor_level = ok & columns.bool("actor_level")
    actors_total = sum(columns.int(f"{GROUP_KEYS[group]}_actors") for group in GROUPS)
    with_actors = actor_level & (actors_total > 0)
    texts = with_actors | (ok & ~actor_level) if compat else ok
    masks = {"ok": ok, "actor_level": actor_level, "with_actors": with_actors, "texts": texts,
             "actor_texts": actor_level & texts}
    return codes, masks


def _add_totals(sums, columns, codes, masks) -> None:
    texts = masks["texts"]
    sums.count("ok", codes, masks["ok"])
    sums.count("actor_level", codes, masks["actor_level"])
    sums.count("texts", codes, texts)
    sums.count("with_actors", codes, masks["with_actors"])
    sums.count("bad", codes, ~masks["ok"])
    sums.count("inclusive", codes, texts & (columns.int("inclusive_forms") > 0))
    sums.count("generic", codes, texts & columns.bool("generic_masculine"))


def _totals(sums, has_actor_level) -> list[dict]:
    n_texts, n_with_actors = sums.integers("texts"), sums.integers("with_actors")
    bad, inclusive = sums.integers("bad"), sums.integers("inclusive")
    generic = sums.integers("generic")
    return [
        {
            "texts": n_texts[index],
            "texts_with_actors": n_with_actors[index] if has_actor_level[index] else None,
            "bad_records": bad[index],
            "inclusive_docs": inclusive[index],
            "generic_masculine_docs": generic[index],
        }
        for index in range(len(n_texts))
    ]


def _add_metrics(sums, columns, codes, where, compat) -> None:
    """The sums behind the metrics, the sentiment and the shares, over the texts in ``where``."""
    for metric in COUNT_METRICS:
        for group in GROUPS:
            sums.add(f"{group}:{metric}", codes, columns.metric(group, metric), where)
        sums.add_share(f"share:{metric}", codes, columns.metric(SHE, metric),
                       share_denominator(columns, metric, compat), where)
    sums.count("actor_texts", codes, where)
    for group in (*GROUPS, OVERALL):
        numerator, denominator = sentiment_terms(columns, group, compat)
        sums.add(f"sentiment:{group}:sum", codes, numerator, where)
        sums.add(f"sentiment:{group}:count", codes, denominator, where)


def share_denominator(columns, metric: str, compat: str | None) -> np.ndarray:
    """Per record, the denominator of a metric's she/her share: she/her + he/him, or with
    compat taz2025 for a paired metric, the four cells of its pair."""
    if compat and metric in PAIRED_METRICS:
        return sum(columns.metric(group, paired)
                   for paired in PAIRED_METRICS[metric] for group in (SHE, HE))
    return columns.metric(SHE, metric) + columns.metric(HE, metric)


def sentiment_terms(columns, group: str, compat: str | None) -> tuple[np.ndarray, np.ndarray]:
    """Per record, the terms of a group's sentiment (a group of GROUPS, or OVERALL), which is
    sum(numerator) / sum(denominator) over the texts: the actors' sentiment sum and their
    number; compat taz2025: the text's mean (0 without the group) and 1 (a mean over texts)."""
    groups = GROUPS if group == OVERALL else (group,)
    total = sum(columns.float(f"{GROUP_KEYS[name]}_sentiment_sum") for name in groups)
    count = sum(columns.int(f"{GROUP_KEYS[name]}_sentiment_count") for name in groups)
    if not compat:
        return total, count
    has_group = count > 0
    return (np.divide(total, count, out=np.zeros(len(has_group)), where=has_group),
            np.ones(len(has_group)))


def _metrics(sums, has_actor_level, compat) -> dict[str, list[dict]]:
    """{metric: [{group: value, ..., "overall": value} per period]}."""
    metrics = {}
    for metric in COUNT_METRICS:
        per_group = {group: sums.integers(f"{group}:{metric}") for group in GROUPS}
        per_period = [{group: per_group[group][index] for group in GROUPS}
                      for index in range(len(has_actor_level))]
        for values in per_period:
            values[OVERALL] = sum(values.values())
        metrics[metric] = per_period
    # Default: sum over a group's actors / their number. compat taz2025: the mean over texts of
    # the text's group sentiment, 0 where the text has no actor of the group.
    sentiment: list[dict] = [{} for _ in has_actor_level]
    for group in (*GROUPS, OVERALL):
        numerator = sums[f"sentiment:{group}:sum"]
        denominator = sums[f"sentiment:{group}:count"]
        for index, values in enumerate(sentiment):
            values[group] = (float(numerator[index] / denominator[index])
                             if denominator[index] > 0 else None)
    metrics["sentiment"] = sentiment
    return {
        metric: [
            values if available else dict.fromkeys((*GROUPS, OVERALL))
            for values, available in zip(per_period, has_actor_level, strict=True)
        ]
        for metric, per_period in metrics.items()
    }


def _shares(sums, has_actor_level) -> dict[str, list[dict]]:
    """{metric: [{"she", "he", "share", "ci_low", "ci_high"} per period]}."""
    shares = {}
    for metric in COUNT_METRICS:
        she_sums, he_sums = sums.integers(f"{SHE}:{metric}"), sums.integers(f"{HE}:{metric}")
        per_period = []
        for index, (share, low, high) in enumerate(sums.share(f"share:{metric}")):
            if has_actor_level[index]:
                she_count, he_count = she_sums[index], he_sums[index]
            else:
                share = low = high = she_count = he_count = None
            per_period.append(
                {"she": she_count, "he": he_count, "share": share, "ci_low": low, "ci_high": high}
            )
        shares[metric] = per_period
    return shares


def _integer_rows(columns, masks) -> dict[str, tuple[np.ndarray, str]]:
    """{row: (per-text values, the mask of the texts it is taken over)} for the integer rows of
    the per-text statistics: "<group>:<metric>", then "all:<figure>" over every group."""
    rows: dict[str, tuple[np.ndarray, str]] = {}
    for group in GROUPS:
        for metric in GROUP_STATISTICS:
            if metric == "pronoun_tokens":
                values = columns.int(f"{GROUP_KEYS[group]}_pronoun_tokens")
            else:
                values = columns.metric(group, metric)
            rows[f"{group}:{metric}"] = values, _statistics_mask(f"{group}:{metric}")
    for metric in ("actors", "mentions"):
        rows[f"all:{metric}"] = (sum(columns.metric(group, metric) for group in GROUPS),
                                 _statistics_mask(f"all:{metric}"))
    # The document's coded words (not the sum over groups, which counts a sentence twice).
    rows["all:coded_feminine"] = columns.int("coded_feminine"), "texts"
    rows["all:coded_masculine"] = columns.int("coded_masculine"), "texts"
    rows["all:inclusive_language"] = (columns.int("inclusive_forms") > 0), "texts"
    rows["all:generic_masculine"] = columns.bool("generic_masculine"), "texts"
    return rows


def _statistics_mask(row: str) -> str:
    """Lexicon-level rows are over every text; the others over the actor-level texts."""
    return "texts" if row in LEXICON_STATISTICS else "actor_texts"


def _sentiment_values(table, periods, compat):
    """Per block: (codes, the mean sentiment of each actor-level text that has one). compat
    taz2025: a text without an actor with a sentiment has 0 instead of none."""
    names = ["year", "status", "actor_level",
             *(f"{GROUP_KEYS[group]}_{part}" for group in GROUPS
               for part in ("actors", "sentiment_sum", "sentiment_count"))]
    for block in record_blocks(table, names):
        columns = RecordColumns(block)
        codes, masks = codes_and_masks(columns, periods, compat)
        total = sum(columns.float(f"{GROUP_KEYS[group]}_sentiment_sum") for group in GROUPS)
        count = sum(columns.int(f"{GROUP_KEYS[group]}_sentiment_count") for group in GROUPS)
        where = masks["actor_texts"] if compat else masks["actor_texts"] & (count > 0)
        values = np.divide(total, count, out=np.zeros(len(count)), where=count > 0)
        yield codes[where], values[where]


def _statistics_order(item) -> int:
    return STATISTICS_ROWS.index(item[0])
