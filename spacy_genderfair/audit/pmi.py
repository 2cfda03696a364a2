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

Counting streams over the table's record batches; within a batch it is vectorised (pyarrow
``group_by``), and only the distinct (period, pos, lemma) rows of a batch reach Python.
"""

import math
from collections import Counter

import numpy as np

from ..extensions import HE, SHE
from .stats import Periods

PMI_POS = ("ADJ", "NOUN", "VERB")
RANKED_GROUPS = (SHE, HE)
ALL_COLUMN = "all"
_BATCH_ROWS = 65_536

# (period index, pos, group) -> Counter(lemma -> count)
LemmaTable = dict[tuple[int, str, str], Counter]


def count_lemmas(
    table, periods: Periods, where: np.ndarray, lemma_columns: dict[str, str]
) -> tuple[LemmaTable, LemmaTable]:
    """Lemma counts and document frequencies per period, part of speech and group.

    table (pyarrow.Table): the audit records.
    periods (Periods): the records' periods (for the code of each record).
    where (numpy.ndarray): bool per record: the texts to count.
    lemma_columns (dict[str, str]): group string -> the column of its lemma lists.
    RETURNS (tuple[LemmaTable, LemmaTable]): (summed counts, number of texts with the lemma),
        keyed by (period index, pos, group); the "all" period (index ``len(periods) - 1``) is
        the sum of the others.
    """
    import pyarrow as pa
    import pyarrow.compute as pc

    counts: LemmaTable = {}
    texts: LemmaTable = {}
    offset = 0
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
                    "count": entries.field("count"),
                }
            ).filter(pa.array(selected[parents]))
            # One row per (text, pos, lemma) in a record, so the row count is the number of texts.
            grouped = rows.group_by(["period", "pos", "lemma"]).aggregate(
                [("count", "sum"), ("count", "count")]
            )
            for row in grouped.to_pylist():
                key = (row["period"], row["pos"], group)
                counts.setdefault(key, Counter())[row["lemma"]] += row["count_sum"]
                texts.setdefault(key, Counter())[row["lemma"]] += row["count_count"]
    return _with_all_period(counts, len(periods) - 1), _with_all_period(texts, len(periods) - 1)


def _with_all_period(table: LemmaTable, all_index: int) -> LemmaTable:
    for (_, pos, group), counter in list(table.items()):
        table.setdefault((all_index, pos, group), Counter()).update(counter)
    return table


def top_pmi(
    by_group: dict[str, Counter], *, min_count: int = 5, top_k: int = 10
) -> dict[str, list[dict]]:
    """The top lemmas by PMI for she/her and he/him, and the most frequent ones for "all".

    by_group (dict[str, Counter]): group string -> lemma counts of one period and POS; every
        group present in the records (they/them and unknown too: they count in N and c(w)).
    min_count (int): the least c(w, g) (for "all": c(w)) a lemma needs to rank. Defaults to 5.
    top_k (int): how many lemmas per column. Defaults to 10.
    RETURNS (dict[str, list[dict]]): {"all" | group: [{"lemma", "pmi", "count"}, ...]}.
    """
    word_totals: Counter = Counter()
    for counter in by_group.values():
        word_totals.update(counter)
    total = sum(word_totals.values())
    columns = {ALL_COLUMN: _ranked(word_totals, lambda lemma, count: 0.0, min_count, top_k)}
    for group in RANKED_GROUPS:
        counter = by_group.get(group, Counter())
        group_total = sum(counter.values())

        def pmi(lemma: str, count: int, group_total: int = group_total) -> float:
            return math.log2(count * total / (word_totals[lemma] * group_total))

        columns[group] = _ranked(counter, pmi, min_count, top_k)
    return columns


def top_text_frequency(
    by_group: dict[str, Counter], *, min_count: int = 5, top_k: int = 10
) -> dict[str, list[dict]]:
    """compat taz2025: lemmas ranked by the number of the group's texts they occur in; "all" is
    the she/her plus the he/him frequency (see the module docstring)."""
    columns = {}
    for group in RANKED_GROUPS:
        columns[group] = _ranked(
            by_group.get(group, Counter()), lambda lemma, count: float(count), min_count, top_k
        )
    both = by_group.get(SHE, Counter()) + by_group.get(HE, Counter())
    frequency = _ranked(both, lambda lemma, count: float(count), min_count, top_k)
    return {ALL_COLUMN: frequency} | columns


def _ranked(counter: Counter, score, min_count: int, top_k: int) -> list[dict]:
    """The ``top_k`` lemmas with a count of at least ``min_count``, by score, count, lemma."""
    scored = [
        (score(lemma, count), count, lemma)
        for lemma, count in counter.items()
        if count >= min_count
    ]
    scored.sort(key=lambda item: (-item[0], -item[1], item[2]))
    return [
        {"lemma": lemma, "pmi": value, "count": count} for value, count, lemma in scored[:top_k]
    ]
