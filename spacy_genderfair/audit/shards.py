"""Records on disk: ``OUTPUT/records/part-NNNNN.parquet`` shards, written atomically and
resumed after an interruption.

Shard ``k`` holds the records of input items ``k * shard_size`` to ``(k + 1) * shard_size -
1`` (by ``seq``), so a shard is a fixed slice of the input whoever writes it, in whatever
order (one process, or Dask workers mapping shards). A shard is written to a hidden
temporary file and renamed into place: a file named ``part-*.parquet`` is always complete,
and an interrupted run (an exception, ``kill -9``) loses at most the shards it was writing.
A second run with the same inputs and settings skips the finished shards and writes the
rest; ``_progress.json`` keeps the fingerprint that "the same" is checked against.
"""

import hashlib
import json
import os
from collections.abc import Iterable, Iterator
from itertools import islice
from pathlib import Path
from typing import TypeVar

from .schema import (
    ID,
    LINE,
    REASON,
    RECORDS_FOLDER,
    SEQ,
    SHARD_GLOB,
    SOURCE,
    STATUS,
    STATUS_BAD,
    import_pyarrow,
    records_to_table,
)

PROGRESS_FILE = "_progress.json"
DEFAULT_SHARD_SIZE = 1000
Item = TypeVar("Item")


class ResumeError(ValueError):
    """The output folder holds records of another run (other inputs or settings)."""


def shard_name(number: int) -> str:
    return f"part-{number:05d}.parquet"


def fingerprint(settings: dict) -> str:
    """A short sha256 of JSON-able ``settings`` (input checksums included)."""
    text = json.dumps(settings, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def chunked(items: Iterable[Item], size: int) -> Iterator[tuple[int, list[Item]]]:
    """``(shard number, items)`` for consecutive slices of ``size`` items."""
    iterator = iter(items)
    number = 0
    while chunk := list(islice(iterator, size)):
        yield number, chunk
        number += 1


def write_atomically(path: Path, write) -> None:
    """Call ``write(temporary path)``, then rename the file to ``path``."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        write(temporary)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


class ShardStore:
    """The ``records/`` folder of one audit output.

    output (Path): the audit's output folder.
    settings (dict): JSON-able inputs and settings of the run (input checksums, lang, model,
        fields, shard size); a folder written under other settings is not resumed.
    overwrite (bool): delete the records of an earlier run instead of resuming. Defaults to
        False.
    """

    def __init__(self, output: str | Path, settings: dict, *, overwrite: bool = False) -> None:
        self.folder = Path(output) / RECORDS_FOLDER
        self.fingerprint = fingerprint(settings)
        self.folder.mkdir(parents=True, exist_ok=True)
        progress_path = self.folder / PROGRESS_FILE
        for temporary in self.folder.glob(".part-*.tmp"):
            temporary.unlink()  # left by a killed run: never a finished shard
        shards = sorted(self.folder.glob(SHARD_GLOB))
        if overwrite:
            for path in shards:
                path.unlink()
            shards = []
        elif shards or progress_path.exists():
            previous = _read_fingerprint(progress_path)
            if previous != self.fingerprint:
                raise ResumeError(
                    f"{self.folder} holds records of a run with other inputs or settings: "
                    "give --overwrite to replace them, or another --output.")
        self.finished = {int(path.stem.split("-")[1]) for path in shards}
        write_atomically(progress_path, lambda tmp: tmp.write_text(json.dumps(
            {"fingerprint": self.fingerprint, "settings": settings}, indent=2,
            ensure_ascii=False), encoding="utf-8"))

    def path(self, number: int) -> Path:
        return self.folder / shard_name(number)

    def write(self, number: int, records: list[dict]) -> Path:
        """Write shard ``number`` (atomically) and mark it finished."""
        import pyarrow.parquet as pq

        table = records_to_table(records)
        path = self.path(number)
        write_atomically(path, lambda tmp: pq.write_table(table, tmp))
        self.finished.add(number)
        return path

    def status_counts(self, number: int) -> dict[str, int]:
        """``{"ok": n, "bad": n}`` of a finished shard (for the summary of a resumed run)."""
        import pyarrow.parquet as pq

        import_pyarrow()
        statuses = pq.read_table(self.path(number), columns=["status"]).column(0).to_pylist()
        return {status: statuses.count(status) for status in set(statuses)}

    def bad_records(self, number: int) -> list[dict]:
        """The bad records of a finished shard (their input columns and reason), in order."""
        import pyarrow.compute as pc
        import pyarrow.parquet as pq

        table = pq.read_table(self.path(number), columns=[SEQ, ID, SOURCE, LINE, STATUS,
                                                          REASON])
        return table.filter(pc.equal(table[STATUS], STATUS_BAD)).to_pylist()


def _read_fingerprint(path: Path) -> str | None:
    try:
        return json.loads(path.read_text(encoding="utf-8")).get("fingerprint")
    except (OSError, ValueError, AttributeError):
        return None


__all__ = ["DEFAULT_SHARD_SIZE", "ResumeError", "ShardStore", "chunked", "fingerprint",
           "shard_name", "write_atomically"]
