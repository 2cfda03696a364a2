"""The words that characterise each pronoun group: pointwise mutual information (PMI) of a lemma
with a group, per part of speech, over the lemma counts the audit records hold.

The records hold, per text and group G, the counts of ADJ / NOUN / VERB lemmas in the sentences
that mention an actor of G (``G_lemmas``). For one period and one part of speech:

- ``c(w, g)``: how often lemma ``w`` occurs in the sentences that mention group ``g``, summed over
  the period's texts;
- ``c(g) = sum_w c(w, g)``: all lemma tokens of that part of speech in ``g``'s sentences;
- ``c(w) = sum_g c(w, g)`` over the four groups (she/her, he/him, they/them, unknown);
- ``N = sum_g c(g) = sum_w c(w)``: the size of the (lemma x group) table.

``PMI(w, g) = log2(c(w, g) * N / (c(w) * c(g)))``: how much more often ``w`` goes with ``g``
than chance in that table, in bits. A sentence that mentions two groups counts for both, as it
is context for both. Only lemmas with ``c(w, g) >= min_count`` rank (PMI favours rare words);
ties go to the larger count, then alphabetically. The "all" column cannot be PMI (a word's PMI
with all groups together is ``log2(c(w) N / (c(w) N)) = 0``): it lists the most frequent lemmas
by ``c(w)``, with ``pmi`` 0.0.

``compat="taz2025"``: the reference's table is a frequency, not PMI. It ranks the words by how
many actors have them among their own top PMI words. The records hold lemma counts per text
and group, not per actor, so the approximation here ranks a lemma by the number of the group's
texts in which it occurs (its document frequency among texts that mention the group); "all" is
the she/her plus the he/him frequency, as in the reference. ``pmi`` then holds that frequency.

Counting streams over the table's record batches and merges each batch's (period, pos, group,
lemma) sums into a running table; ranking is vectorised too (pyarrow group_by / join / sort,
numpy): only the ``top_k`` rows of each table reach Python, so 1.8 M records with a vocabulary of
100 k lemmas take seconds, not a Python loop over every lemma of every record.
"""

import numpy as np

from ..extensions import HE, SHE
from .stats import Periods

PMI_POS = ("ADJ", "NOUN", "VERB")
ALL_COLUMN = "all"
# The columns of each table, in order: "all", then the groups PMI ranks.
COLUMNS = (ALL_COLUMN, SHE, HE)
_KEYS = ["period", "pos", "group", "lemma"]
_BATCH_ROWS = 65_536
# Merge the batches' partial sums once they hold this many rows, to keep memory flat.
_MERGE_ROWS = 2_000_000


def count_lemmas(table, periods: Periods, where: np.ndarray, lemma_columns: dict[str, str]):
    """Lemma counts and text frequencies per period, part of speech, group and lemma.

    table (pyarrow.Table): the audit records.
    periods (Periods): the records' periods (for the code of each record).
    where (numpy.ndarray): bool per record: the texts to count.
    lemma_columns (dict[str, str]): group string -> the column of its lemma lists.
    RETURNS (pyarrow.Table): columns period (index into ``periods.labels``; the "all" period is
        the sum of the others), pos, group, lemma, count (summed), texts (texts with the lemma).
    """
    import pyarrow as pa
    import pyarrow.compute as pc

    parts, rows_held, offset = [], 0, 0
    for batch in table.select(list(lemma_columns.values())).to_batches(_BATCH_ROWS):
        codes = periods.codes[offset : offset + batch.num_rows]
        selected = where[offset : offset + batch.num_rows]
        offset += batch.num_rows
        for group, column in lemma_columns.items():
            lists = batch.column(column)
            parents = np.asarray(pc.list_parent_indices(lists))
            if parents.size == 0:
                continue
            entries = pc.list_flatten(lists)
            rows = pa.table(
                {
                    "period": codes[parents],
                    "pos": entries.field("pos"),
                    "lemma": entries.field("lemma"),
                    "count": pc.cast(entries.field("count"), pa.int64()),
                }
            ).filter(pa.array(selected[parents]))
            # A record lists a (pos, lemma) once, so the number of rows is the number of texts.
            grouped = rows.group_by(["period", "pos", "lemma"]).aggregate(
                [("count", "sum"), ("count", "count")]
            )
            parts.append(
                pa.table(
                    {
                        "period": grouped["period"],
                        "pos": grouped["pos"],
                        "group": pa.array([group] * grouped.num_rows, pa.string()),
                        "lemma": grouped["lemma"],
                        "count": grouped["count_sum"],
                        "texts": grouped["count_count"],
                    }
                )
            )
            rows_held += grouped.num_rows
        if rows_held > _MERGE_ROWS:
            parts = [_merge(parts, _KEYS)]
            rows_held = parts[0].num_rows
    if not parts:
        return _empty_counts()
    counts = _merge(parts, _KEYS)
    whole = _merge([counts], ["pos", "group", "lemma"])
    all_period = pa.array(np.full(whole.num_rows, len(periods) - 1, dtype=np.int64))
    whole = whole.add_column(0, "period", all_period).select(counts.column_names)
    return pa.concat_tables([counts, whole])


def _merge(parts: list, keys: list[str]):
    """Concatenate partial sums and sum them again by ``keys``."""
    import pyarrow as pa

    merged = pa.concat_tables(parts).group_by(keys).aggregate(
        [("count", "sum"), ("texts", "sum")]
    )
    return merged.rename_columns({"count_sum": "count", "texts_sum": "texts"}).select(
        [*keys, "count", "texts"]
    )


def _empty_counts():
    import pyarrow as pa

    return pa.table(
        {
            "period": pa.array([], pa.int64()),
            "pos": pa.array([], pa.string()),
            "group": pa.array([], pa.string()),
            "lemma": pa.array([], pa.string()),
            "count": pa.array([], pa.int64()),
            "texts": pa.array([], pa.int64()),
        }
    )


def rank_lemmas(
    counts, *, compat: str | None = None, min_count: int = 5, top_k: int = 10
) -> dict[tuple[int, str], dict[str, list[dict]]]:
    """The ranked tables: by PMI (``compat=None``) or by text frequency (``"taz2025"``).

    counts (pyarrow.Table): the table of ``count_lemmas``.
    compat (str | None): "taz2025" for the reference's frequency tables. Defaults to None.
    min_count (int): the least count (compat: number of texts) a lemma needs to rank. Defaults
        to 5.
    top_k (int): how many lemmas per column. Defaults to 10.
    RETURNS (dict): (period, pos) -> {"all" | "she/her" | "he/him": [{"lemma", "pmi",
        "count"}, ...]}, for the (period, pos) pairs that have lemmas.
    """
    import pyarrow as pa
    import pyarrow.compute as pc

    counts = counts.filter(pc.is_in(counts["pos"], pa.array(PMI_POS)))
    ranked_groups = counts.filter(pc.is_in(counts["group"], pa.array([SHE, HE])))
    if compat:
        # The reference's "ALL" is the she/her plus the he/him frequency.
        words = _sum_by(ranked_groups, ["period", "pos", "lemma"], "texts")
        group_rows = ranked_groups.select(["period", "pos", "group", "lemma"]).append_column(
            "count", ranked_groups["texts"]
        )
        group_score = pc.cast(ranked_groups["texts"], pa.float64())
    else:
        words = _sum_by(counts, ["period", "pos", "lemma"], "count")
        group_totals = _sum_by(counts, ["period", "pos", "group"], "count")
        table_totals = _sum_by(counts, ["period", "pos"], "count")
        joined = (
            ranked_groups.join(
                words.rename_columns({"count": "word_total"}), ["period", "pos", "lemma"]
            )
            .join(group_totals.rename_columns({"count": "group_total"}), ["period", "pos", "group"])
            .join(table_totals.rename_columns({"count": "total"}), ["period", "pos"])
        )
        group_rows = joined.select(["period", "pos", "group", "lemma", "count"])
        group_score = pa.array(
            np.log2(
                joined["count"].to_numpy() * joined["total"].to_numpy().astype(np.float64)
                / (joined["word_total"].to_numpy() * joined["group_total"].to_numpy())
            )
        )
    # A word's PMI with all groups together is 0; compat: the score is its frequency.
    all_score = words["count"].to_numpy().astype(np.float64) if compat else np.zeros(words.num_rows)
    all_rows = words.append_column("group", pa.array([ALL_COLUMN] * words.num_rows, pa.string()))
    candidates = pa.concat_tables(
        [
            group_rows.append_column("score", group_score),
            all_rows.select(group_rows.column_names).append_column("score", pa.array(all_score)),
        ]
    )
    candidates = candidates.filter(pc.greater_equal(candidates["count"], min_count))
    return _top_k(candidates, top_k)


def _sum_by(table, keys: list[str], column: str):
    summed = table.group_by(keys).aggregate([(column, "sum")])
    return summed.rename_columns({f"{column}_sum": "count"}).select([*keys, "count"])


def _top_k(candidates, top_k: int) -> dict[tuple[int, str], dict[str, list[dict]]]:
    """The first ``top_k`` rows of each (period, pos, column) by score, count, lemma."""
    import pyarrow as pa
    import pyarrow.compute as pc

    pos_code = pc.index_in(candidates["pos"], value_set=pa.array(PMI_POS))
    column_code = pc.index_in(candidates["group"], value_set=pa.array(COLUMNS))
    partition = (
        candidates["period"].to_numpy() * 9
        + pos_code.to_numpy(zero_copy_only=False) * 3
        + column_code.to_numpy(zero_copy_only=False)
    )
    ordered = candidates.append_column("partition", pa.array(partition)).sort_by(
        [
            ("partition", "ascending"),
            ("score", "descending"),
            ("count", "descending"),
            ("lemma", "ascending"),
        ]
    )
    keys = ordered["partition"].to_numpy()
    starts = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]])
    positions = np.arange(len(keys))
    rank = positions - starts[np.searchsorted(starts, positions, side="right") - 1]
    tables: dict[tuple[int, str], dict[str, list[dict]]] = {}
    for row in ordered.filter(rank < top_k).to_pylist():
        columns = tables.setdefault((row["period"], row["pos"]), {name: [] for name in COLUMNS})
        columns[row["group"]].append(
            {"lemma": row["lemma"], "pmi": row["score"], "count": row["count"]}
        )
    return tables
