"""The she/her share of each article, mention-weighted and actor-weighted, and its histogram
counted block by block (the per-article figure of the audit report and of the corpus steps)."""

from typing import Any

from ..extensions import HE, SHE
from .schema import KEY_OF_GROUP, record_blocks

ARTICLE_UNITS = ("mentions", "actors")
# Bins of the per-article histogram: 5 percentage points wide.
SHARE_BINS = 20


def article_shares(table: Any, unit: str) -> Any:
    """The she/her share of each article that has one: she/(she+he) of its named + pronoun
    mentions (``unit="mentions"``) or of its actors (``unit="actors"``). Bad records, records
    without actor-level fields and records with neither a she/her nor a he/him count are left
    out.

    table (pyarrow.Table): the audit records.
    unit (str): "mentions" or "actors".
    RETURNS (numpy.ndarray): one float in [0, 1] per article, in table order.
    """
    if unit not in ARTICLE_UNITS:
        raise ValueError(f"unit must be one of {', '.join(ARTICLE_UNITS)}, not {unit!r}")
    she, he = (_group_count(table, KEY_OF_GROUP[group], unit) for group in (SHE, HE))
    usable = (_column(table, "status", float_values=False) == "ok") & (she + he > 0)
    return she[usable] / (she[usable] + he[usable])


def share_bins() -> Any:
    """The edges of the per-article histogram: bins centred on 0, 0.05, ..., 1, so that the
    many articles at exactly 0, 1/2 or 1 each fill the bin around their value instead of the
    edge of one bin and the next."""
    import numpy

    half = 0.5 / SHARE_BINS
    return numpy.linspace(-half, 1 + half, SHARE_BINS + 2)


def article_share_counts(table: Any, unit: str) -> Any:
    """The number of articles per bin of ``share_bins`` by their she/her share
    (``article_shares``), read block by block: memory does not grow with the corpus.

    table (pyarrow.Table | ShardedRecords): the audit records.
    unit (str): "mentions" or "actors".
    RETURNS (numpy.ndarray): SHARE_BINS + 1 counts.
    """
    import numpy


    if unit not in ARTICLE_UNITS:
        raise ValueError(f"unit must be one of {', '.join(ARTICLE_UNITS)}, not {unit!r}")
    suffixes = ("actors",) if unit == "actors" else ("named", "pronoun")
    names = ["status", *(f"{KEY_OF_GROUP[group]}_{suffix}" for group in (SHE, HE)
                         for suffix in suffixes)]
    counts = numpy.zeros(SHARE_BINS + 1, dtype=numpy.int64)
    for block in record_blocks(table, names):
        counts += numpy.histogram(article_shares(block, unit), share_bins())[0]
    return counts


def _column(table: Any, name: str, *, float_values: bool = True) -> Any:
    """A column as a numpy array; nulls become NaN in a float column."""
    import pyarrow

    column = table.column(name)
    if float_values:
        column = column.cast(pyarrow.float64())
    return column.to_numpy(zero_copy_only=False)


def _group_count(table: Any, key: str, unit: str) -> Any:
    """Per record: a group's actors, or its named + pronoun mentions (NaN where null)."""
    if unit == "actors":
        return _column(table, f"{key}_actors")
    return _column(table, f"{key}_named") + _column(table, f"{key}_pronoun")
