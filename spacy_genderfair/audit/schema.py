"""The audit record: one flat row per input record, its parquet schema and its reader.

The column names are defined here once; the report, the plots and the later corpus steps
import them. ``seq`` is the record's 0-based position in the whole input (all CORPUS paths
in the order given): the key that orders the shards and lets a run resume.
"""

from pathlib import Path

import numpy as np

from .._compat import has_pyarrow, require
from ..extensions import EVIDENCE_SOURCES, HE, SHE, THEY, UNKNOWN_GROUP

# Group keys of the column names and the package's pronoun-group strings.
GROUP_KEYS = {"she": SHE, "he": HE, "they": THEY, "unknown": UNKNOWN_GROUP}
KEY_OF_GROUP = {group: key for key, group in GROUP_KEYS.items()}

STATUS_OK, STATUS_BAD = "ok", "bad"
LEMMA_POS = ("ADJ", "NOUN", "VERB")

# Document-level columns, in schema order.
SEQ, ID, SOURCE, LINE, DATE, YEAR, MONTH = "seq", "id", "source", "line", "date", "year", "month"
STATUS, REASON, N_TOKENS, ACTOR_LEVEL = "status", "reason", "n_tokens", "actor_level"
INCLUSIVE_FORMS, GENERIC_MASCULINE = "inclusive_forms", "generic_masculine"
CODED_FEMININE, CODED_MASCULINE = "coded_feminine", "coded_masculine"

# Per-group column suffixes: "G_" + suffix. Lexicon-level ones are filled in every mode.
LEXICON_GROUP_FIELDS = ("pronoun_tokens",)
ACTOR_GROUP_FIELDS = (
    "actors", "named", "pronoun", "unresolved", "subject", "object", "quotes_direct",
    "quotes_indirect", "sentiment_sum", "sentiment_count", "coded_feminine",
    "coded_masculine", "lemmas",
    # how many of the group's actors each kind of evidence decided (actor_linker's
    # ``evidence["decided_by"]``): "she_by_first_name" rest on a first name alone
    *(f"by_{source}" for source in EVIDENCE_SOURCES),
)


def group_field(key: str, suffix: str) -> str:
    """The column of ``suffix`` for group ``key``: ``group_field("she", "actors")`` is
    ``"she_actors"``."""
    return f"{key}_{suffix}"


ACTOR_LEVEL_FIELDS = tuple(group_field(key, suffix) for key in GROUP_KEYS
                           for suffix in ACTOR_GROUP_FIELDS)


def _arrow_type(pa, suffix: str):
    if suffix == "sentiment_sum":
        return pa.float64()
    if suffix == "lemmas":
        return pa.list_(pa.struct([("pos", pa.string()), ("lemma", pa.string()),
                                   ("count", pa.int32())]))
    return pa.int32()


def record_schema():
    """The pyarrow schema of the records (``seq`` first, then the contract's columns)."""
    pa = import_pyarrow()
    fields = [
        pa.field(SEQ, pa.int64(), nullable=False),
        pa.field(ID, pa.string(), nullable=False),
        pa.field(SOURCE, pa.string(), nullable=False),
        pa.field(LINE, pa.int32()),
        pa.field(DATE, pa.string()),
        pa.field(YEAR, pa.int32()),
        pa.field(MONTH, pa.int32()),
        pa.field(STATUS, pa.string(), nullable=False),
        pa.field(REASON, pa.string()),
        pa.field(N_TOKENS, pa.int32(), nullable=False),
        pa.field(ACTOR_LEVEL, pa.bool_(), nullable=False),
        pa.field(INCLUSIVE_FORMS, pa.int32(), nullable=False),
        pa.field(GENERIC_MASCULINE, pa.bool_(), nullable=False),
        pa.field(CODED_FEMININE, pa.int32(), nullable=False),
        pa.field(CODED_MASCULINE, pa.int32(), nullable=False),
    ]
    for key in GROUP_KEYS:
        fields.append(pa.field(group_field(key, "pronoun_tokens"), pa.int32(), nullable=False))
        fields.extend(pa.field(group_field(key, suffix), _arrow_type(pa, suffix))
                      for suffix in ACTOR_GROUP_FIELDS)
    return pa.schema(fields)


def field_names() -> list[str]:
    """Every column, in schema order (without importing pyarrow)."""
    names = [SEQ, ID, SOURCE, LINE, DATE, YEAR, MONTH, STATUS, REASON, N_TOKENS, ACTOR_LEVEL,
             INCLUSIVE_FORMS, GENERIC_MASCULINE, CODED_FEMININE, CODED_MASCULINE]
    for key in GROUP_KEYS:
        names.append(group_field(key, "pronoun_tokens"))
        names.extend(group_field(key, suffix) for suffix in ACTOR_GROUP_FIELDS)
    return names


FIELD_NAMES = tuple(field_names())
RECORDS_FOLDER = "records"
SHARD_GLOB = "part-*.parquet"


def import_pyarrow():
    """``pyarrow``, or one clear ImportError naming the extra that brings it."""
    require("pyarrow", has_pyarrow, "The corpus audit")
    import pyarrow

    return pyarrow


def records_to_table(records: list[dict]):
    """The records (dicts with every column) as a pyarrow Table of the record schema."""
    pa = import_pyarrow()
    return pa.Table.from_pylist(records, schema=record_schema())


def _shard_paths(folder: str | Path) -> list[Path]:
    folder = Path(folder)
    if (folder / RECORDS_FOLDER).is_dir():
        folder = folder / RECORDS_FOLDER
    return sorted(folder.glob(SHARD_GLOB))


def read_records(folder: str | Path):
    """All shards of an audit as one Table, sorted by ``seq`` (input order).

    folder (str | Path): the audit's output folder (holding ``records/``) or the
        ``records/`` folder itself.
    RETURNS (pyarrow.Table): the records; an empty Table of the schema when there is none.
    """
    import_pyarrow()
    import pyarrow.parquet as pq

    shards = _shard_paths(folder)
    if not shards:
        return records_to_table([])
    tables = [pq.read_table(path, schema=record_schema()) for path in shards]
    return import_pyarrow().concat_tables(tables).sort_by(SEQ)


# Rows per block when the report reads the records: large enough for numpy to pay off, small
# enough that a block's lemma lists take a few MB.
BLOCK_ROWS = 8192


def record_blocks(records, names: list[str], rows: int = BLOCK_ROWS):
    """The columns ``names`` of the records in blocks of exactly ``rows`` rows (the last one may
    be shorter), in record order, whatever the sizes of the shards or chunks they come from: the
    same records give the same blocks, so sums over the blocks agree to the last bit.

    records (pyarrow.Table | ShardedRecords): the records.
    names (list[str]): the columns to read.
    rows (int): rows per block. Defaults to BLOCK_ROWS.
    YIELDS (pyarrow.Table): one block.
    """
    pa = import_pyarrow()
    pending: list = []
    held = 0
    for batch in records.select(list(names)).to_batches(max_chunksize=rows):
        pending.append(batch)
        held += batch.num_rows
        while held >= rows:
            buffered = pa.Table.from_batches(pending)
            yield buffered.slice(0, rows)
            rest = buffered.slice(rows)
            pending, held = rest.to_batches(), rest.num_rows
    if held:
        yield pa.Table.from_batches(pending)


class RecordColumns:
    """The columns of a block of records as numpy arrays (nulls filled), each converted once.

    table (pyarrow.Table): a block of records (``record_blocks``).
    """

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
        return self._get(name, fill, np.int64)

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
        key = KEY_OF_GROUP[group]
        if metric == "mentions":
            return self.int(f"{key}_named") + self.int(f"{key}_pronoun")
        return self.int(f"{key}_{metric}")


class ShardedRecords:
    """The records of an audit, read from their shards one column at a time.

    What the report and the plots ask of a Table (``column(name)``, ``select(names)
    .to_batches(n)``, ``num_rows``) without loading every column at once: the report keeps
    the numeric columns it uses (a few bytes per record each) and streams the lemma lists
    batch by batch, so its memory does not grow with the lemmas of the whole corpus. Shard k
    holds the records k * size .. (k + 1) * size - 1 in input order, so reading the shards in
    name order reads the records in ``seq`` order.

    folder (str | Path): the audit's output folder or its ``records/`` folder.
    """

    def __init__(self, folder: str | Path) -> None:
        import_pyarrow()
        self.shards = _shard_paths(folder)

    @property
    def num_rows(self) -> int:
        import pyarrow.parquet as pq

        return sum(pq.ParquetFile(path).metadata.num_rows for path in self.shards)

    def column(self, name: str):
        """One column of every record (a ``pyarrow.ChunkedArray``)."""
        import pyarrow.parquet as pq

        pa = import_pyarrow()
        field = record_schema().field(name)
        chunks = [pq.read_table(path, columns=[name]).column(name).cast(field.type)
                  for path in self.shards]
        return pa.chunked_array([c for chunk in chunks for c in chunk.chunks], type=field.type)

    def select(self, names: list[str]) -> "_Selection":
        return _Selection(self.shards, list(names))


class _Selection:
    def __init__(self, shards: list[Path], names: list[str]) -> None:
        self.shards, self.names = shards, names

    def to_batches(self, max_chunksize: int | None = None):
        """The selected columns in record batches of at most ``max_chunksize`` rows."""
        import pyarrow.parquet as pq

        for path in self.shards:
            yield from pq.ParquetFile(path).iter_batches(batch_size=max_chunksize or 65_536,
                                                         columns=self.names)
