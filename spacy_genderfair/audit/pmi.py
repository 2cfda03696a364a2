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

Counting streams over the records block by block. Each lemma gets an integer id (a Python loop
over the distinct lemmas of a batch, never over the lemmas of every record), each (period, pos,
group) cell a number, and a batch's counts are summed by the integer key (cell, lemma id) with
numpy; the partial sums are merged as they grow, so memory follows the number of distinct keys,
not of records. Ranking is numpy too: only the ``top_k`` rows of each table reach Python.
"""

from dataclasses import dataclass

import numpy as np

from ..extensions import HE, SHE

PMI_POS = ("ADJ", "NOUN", "VERB")
ALL_COLUMN = "all"
# The columns of each table, in order: "all", then the groups PMI ranks.
COLUMNS = (ALL_COLUMN, SHE, HE)
# A key is cell * _ID_SPACE + lemma id: room for 4 billion lemmas and 2 million periods.
_ID_SPACE = 1 << 32
# Merge the batches' partial sums once they hold this many keys, to keep memory flat.
_MERGE_KEYS = 250_000


@dataclass
class LemmaCounts:
    """Summed lemma counts by key. A key's cell is ``(period * 3 + pos) * n_groups + group``
    (indexes into ``periods.labels``, ``PMI_POS`` and ``groups``), its lemma ``vocabulary[id]``.

    keys (numpy.ndarray): int64, ``cell * _ID_SPACE + lemma id``, unique and sorted.
    counts (numpy.ndarray): int64, the summed count of each key.
    texts (numpy.ndarray): int64, the number of texts with the key's lemma.
    groups (list[str]): the group strings, in cell order.
    vocabulary (list[str]): the lemmas by id.
    """

    keys: np.ndarray
    counts: np.ndarray
    texts: np.ndarray
    groups: list[str]
    vocabulary: list[str]

    @property
    def cells(self) -> np.ndarray:
        return self.keys // _ID_SPACE

    @property
    def lemma_ids(self) -> np.ndarray:
        return self.keys % _ID_SPACE


class LemmaCounter:
    """Lemma counts and text frequencies per period, part of speech, group and lemma, added
    block by block.

    lemma_columns (dict[str, str]): group string -> the column of its lemma lists.
    """

    def __init__(self, lemma_columns: dict[str, str]) -> None:
        self.lemma_columns = dict(lemma_columns)
        self.vocabulary: dict[str, int] = {}
        self._parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        self._held = 0  # keys added since the last merge
        self._merged = 0  # distinct keys of the last merge

    def add(self, block, codes: np.ndarray, selected: np.ndarray) -> None:
        """Count the lemmas of the records in ``selected``.

        block (pyarrow.Table): records holding the lemma columns.
        codes (numpy.ndarray): the period code of each record of the block.
        selected (numpy.ndarray): bool per record of the block: the texts to count.
        """
        import pyarrow as pa
        import pyarrow.compute as pc

        pos_set = pa.array(PMI_POS)
        n_groups = len(self.lemma_columns)
        for group_index, column in enumerate(self.lemma_columns.values()):
            lists = block.column(column).combine_chunks()
            parents = np.asarray(pc.list_parent_indices(lists))
            if parents.size == 0:
                continue
            entries = pc.list_flatten(lists)
            pos = np.asarray(pc.fill_null(pc.index_in(entries.field("pos"), value_set=pos_set), -1))
            keep = selected[parents] & (pos >= 0)
            lemmas = entries.field("lemma")
            distinct = pc.unique(lemmas)
            ids = np.array(
                [self.vocabulary.setdefault(lemma, len(self.vocabulary))
                 for lemma in distinct.to_pylist()],
                dtype=np.int64,
            )
            lemma_ids = ids[np.asarray(pc.index_in(lemmas, value_set=distinct))]
            cells = (codes[parents] * len(PMI_POS) + pos) * n_groups + group_index
            counts = np.asarray(pc.fill_null(entries.field("count"), 0), dtype=np.int64)
            keys = cells[keep] * _ID_SPACE + lemma_ids[keep]
            # A record lists a (pos, lemma) once per group, so each entry is one text.
            self._parts.append((keys, counts[keep], np.ones(keys.size, dtype=np.int64)))
            self._held += keys.size
        # Merge once the new keys outnumber both the floor and the merged ones: memory stays
        # within a few times the distinct keys, and each key is merged a bounded number of
        # times however many distinct keys there are.
        if self._held > max(_MERGE_KEYS, self._merged):
            self._parts = [_merge(self._parts)]
            self._merged, self._held = self._parts[0][0].size, 0

    def counts(self, n_periods: int) -> LemmaCounts:
        """The sums, with the "all" period (the last of ``n_periods``) summing the others."""
        keys, counts, texts = _merge(self._parts)
        cells_per_period = len(PMI_POS) * len(self.lemma_columns)
        all_cells = (n_periods - 1) * cells_per_period + (keys // _ID_SPACE) % cells_per_period
        whole = (all_cells * _ID_SPACE + keys % _ID_SPACE, counts, texts)
        keys, counts, texts = _merge([(keys, counts, texts), whole])
        return LemmaCounts(keys, counts, texts, list(self.lemma_columns), list(self.vocabulary))


def _merge(parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]]):
    """Sum (keys, counts, texts) parts by key: unique sorted keys and their sums."""
    if not parts:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty
    keys = np.concatenate([part[0] for part in parts])
    unique, inverse = np.unique(keys, return_inverse=True)
    sums = [
        np.bincount(inverse, weights=np.concatenate([part[i] for part in parts]),
                    minlength=unique.size).astype(np.int64)
        for i in (1, 2)
    ]
    return unique, sums[0], sums[1]


def rank_lemmas(
    lemmas: LemmaCounts, *, compat: str | None = None, min_count: int = 5, top_k: int = 10
) -> dict[tuple[int, str], dict[str, list[dict]]]:
    """The ranked tables: by PMI (``compat=None``) or by text frequency (``"taz2025"``).

    lemmas (LemmaCounts): the counts of ``LemmaCounter.counts``.
    compat (str | None): "taz2025" for the reference's frequency tables. Defaults to None.
    min_count (int): the least count (compat: number of texts) a lemma needs to rank. Defaults
        to 5.
    top_k (int): how many lemmas per column. Defaults to 10.
    RETURNS (dict): (period index, pos) -> {"all" | "she/her" | "he/him": [{"lemma", "pmi",
        "count"}, ...]}, for the (period, pos) pairs that have lemmas.
    """
    n_groups = len(lemmas.groups)
    cells, lemma_ids = lemmas.cells, lemmas.lemma_ids
    table_ids = cells // n_groups  # period * 3 + pos: one PMI table
    group_codes = cells % n_groups
    column_of_group = np.full(n_groups, -1)
    for column_code, group in enumerate(COLUMNS[1:], start=1):
        column_of_group[lemmas.groups.index(group)] = column_code
    columns = column_of_group[group_codes]
    ranked = columns > 0
    if compat:
        # The reference's "ALL" is the she/her plus the he/him frequency.
        group_count = group_score = lemmas.texts
        words, word_count = _sum_by_word(table_ids[ranked], lemma_ids[ranked], lemmas.texts[ranked])
        word_score = word_count.astype(np.float64)
    else:
        group_count = lemmas.counts
        word_keys = table_ids * _ID_SPACE + lemma_ids
        words, inverse = np.unique(word_keys, return_inverse=True)
        word_count = np.bincount(inverse, weights=lemmas.counts).astype(np.int64)
        group_total = np.bincount(cells, weights=lemmas.counts)
        table_total = np.bincount(table_ids, weights=lemmas.counts)
        with np.errstate(divide="ignore", invalid="ignore"):
            group_score = np.log2(
                lemmas.counts * table_total[table_ids]
                / (word_count[inverse] * group_total[cells])
            )
        # A word's PMI with all groups together is 0.
        word_score = np.zeros(words.size)
    candidates = (
        np.concatenate([table_ids[ranked], words // _ID_SPACE]),
        np.concatenate([columns[ranked], np.zeros(words.size, dtype=np.int64)]),
        np.concatenate([lemma_ids[ranked], words % _ID_SPACE]),
        np.concatenate([np.asarray(group_score, dtype=np.float64)[ranked], word_score]),
        np.concatenate([group_count[ranked], word_count]),
    )
    return _top_k(candidates, lemmas.vocabulary, min_count, top_k)


def _sum_by_word(table_ids: np.ndarray, lemma_ids: np.ndarray, values: np.ndarray):
    """(word keys, summed values) per (table, lemma)."""
    words, inverse = np.unique(table_ids * _ID_SPACE + lemma_ids, return_inverse=True)
    return words, np.bincount(inverse, weights=values, minlength=words.size).astype(np.int64)


def _top_k(candidates, vocabulary: list[str], min_count: int, top_k: int) -> dict:
    """The first ``top_k`` rows of each (table, column) by score, count, then lemma."""
    table_ids, columns, lemma_ids, scores, counts = candidates
    keep = counts >= min_count
    table_ids, columns, lemma_ids, scores, counts = (
        values[keep] for values in (table_ids, columns, lemma_ids, scores, counts)
    )
    # Alphabetical tie-break: each lemma id's place in the sorted vocabulary.
    alphabetical = np.empty(len(vocabulary), dtype=np.int64)
    alphabetical[np.argsort(np.array(vocabulary, dtype=object))] = np.arange(len(vocabulary))
    partitions = table_ids * len(COLUMNS) + columns
    order = np.lexsort((alphabetical[lemma_ids], -counts, -scores, partitions))
    partitions = partitions[order]
    starts = np.flatnonzero(np.r_[True, partitions[1:] != partitions[:-1]])
    positions = np.arange(partitions.size)
    rank = positions - starts[np.searchsorted(starts, positions, side="right") - 1]
    tables: dict[tuple[int, str], dict[str, list[dict]]] = {}
    for row in order[rank < top_k].tolist():
        table_id = int(table_ids[row])
        key = (table_id // len(PMI_POS), PMI_POS[table_id % len(PMI_POS)])
        columns_of_table = tables.setdefault(key, {name: [] for name in COLUMNS})
        columns_of_table[COLUMNS[columns[row]]].append(
            {
                "lemma": vocabulary[lemma_ids[row]],
                "pmi": float(scores[row]),
                "count": int(counts[row]),
            }
        )
    return tables
