"""What the corpus steps after the audit share: the audit they read, checked once, and the
files each step leaves in the audit folder.

``exclude``, ``balance`` and ``rebuild`` read the audit's records and never re-run the NLP.
Each writes its results into the audit folder and its parameters into a section of the
audit's ``manifest.json``, so a step can be re-run with other parameters. The texts a step
removes are kept in ``steps/<step>.parquet`` (``seq``, ``id``): the one source from which
``excluded_index.json`` (every step, readable) and the rebuild's kept records are derived, so
that no step can overwrite what an earlier step removed.
"""

import json
import sys
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from ..corpus.records import json_error_reason
from .runner import MANIFEST_FILE
from .schema import (
    ID,
    RECORDS_FOLDER,
    SEQ,
    SHARD_GLOB,
    ShardedRecords,
    import_pyarrow,
    record_schema,
)
from .shards import PROGRESS_FILE, fingerprint, shard_name, write_atomically

STEP_EXCLUDE, STEP_BALANCE, STEP_REBUILD = "exclude", "balance", "rebuild"
REMOVING_STEPS = (STEP_EXCLUDE, STEP_BALANCE)
STEPS_FOLDER = "steps"
EXCLUDED_INDEX_FILE = "excluded_index.json"
UNKNOWN_PERIOD = "unknown"


class StepError(ValueError):
    """A corpus step cannot run on this audit folder (unfinished, inconsistent, changed);
    the message is one line."""


def read_manifest(folder: str | Path) -> dict:
    """The audit's ``manifest.json``; StepError when there is none or no finished audit."""
    if not Path(folder).is_dir():
        raise StepError(f"Audit folder not found: {folder}")
    path = Path(folder) / MANIFEST_FILE
    try:
        manifest = json.loads(path.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        raise StepError(f"{folder} is not an audit folder (no {MANIFEST_FILE}): run "
                        "'genderfair audit' first.") from None
    except UnicodeDecodeError as err:
        raise StepError(f"Cannot read {path}: invalid UTF-8 at byte {err.start}") from None
    except json.JSONDecodeError as err:
        raise StepError(f"Cannot read {path}: {json_error_reason(err)}") from None
    except OSError as err:
        raise StepError(f"Cannot read {path}: {err}") from None
    if not isinstance(manifest, dict) or "audit" not in manifest:
        raise StepError(f"{path} has no finished audit: run 'genderfair audit' to the end "
                        "first.")
    return manifest


@contextmanager
def phase_progress(step: str, phases: tuple[str, ...], enabled: bool):
    """A progress bar of a step's phases on stderr, as the audit's (tqdm): off unless
    ``enabled``, and off where stderr is not a terminal.

    step (str): the bar's title.
    phases (tuple[str, ...]): the phases' names, in order.
    enabled (bool): whether to show the bar.
    YIELDS (Callable[[str], None]): call it with each phase's name as the phase starts.
    """
    from tqdm import tqdm

    # disable=None: tqdm's own test, off where the stream is not a terminal
    with tqdm(total=len(phases), desc=step, unit="phase", file=sys.stderr,
              disable=None if enabled else True, bar_format="{desc} ({n}/{total})") as bar:
        started = []

        def start(phase: str) -> None:
            if started:
                bar.update(1)
            started.append(phase)
            bar.set_description_str(f"{step}: {phase}")

        yield start
        bar.update(len(phases) - bar.n)


def write_section(folder: str | Path, step: str, section: dict | None) -> None:
    """Replace (or, with None, remove) one step's section of ``manifest.json``, atomically,
    keeping the others."""
    path = Path(folder) / MANIFEST_FILE
    manifest = read_manifest(folder)
    if section is None:
        manifest.pop(step, None)
    else:
        manifest[step] = section
    write_atomically(path, lambda tmp: tmp.write_text(
        json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"))


def checked_records(folder: str | Path) -> ShardedRecords:
    """The audit's records, after checking that they are whole and this audit's own.

    Checked: the manifest's audit section exists; every shard 0 .. N-1 is present; the
    records' fingerprint (``records/_progress.json``) is the one of the manifest's inputs and
    settings; the number of records is the manifest's count.
    RAISES (StepError): one line naming what is wrong.
    """
    folder = Path(folder)
    audit = read_manifest(folder)["audit"]
    records_folder = folder / RECORDS_FOLDER
    expected = audit["counts"]["input_records"]
    shard_size = audit["parameters"]["shard_size"]
    settings = {"inputs": {item["path"]: item["sha256"] for item in audit["inputs"]},
                **audit["parameters"]}
    try:
        stored = json.loads((records_folder / PROGRESS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        stored = {}
    if stored.get("fingerprint") != fingerprint(settings):
        raise StepError(f"{records_folder} holds the records of another audit than the one "
                        f"{folder / MANIFEST_FILE} describes: run 'genderfair audit' again.")
    present = {path.name for path in records_folder.glob(SHARD_GLOB)}
    wanted = [shard_name(number) for number in range(-(-expected // shard_size))]
    missing = [name for name in wanted if name not in present]
    if missing:
        raise StepError(f"{records_folder} misses {len(missing)} records shard(s) "
                        f"({', '.join(missing[:3])}{', ...' if len(missing) > 3 else ''}): "
                        "run 'genderfair audit' again to write them.")
    records = ShardedRecords(folder)
    seqs = records.column(SEQ).to_numpy()
    if len(seqs) != expected or not np.array_equal(seqs, np.arange(expected)):
        raise StepError(f"{records_folder} holds {len(seqs)} records, not the manifest's "
                        f"{expected} numbered 0 .. {expected - 1}: run 'genderfair audit' "
                        "again.")
    return records


def whole_columns(records, names: list[str]) -> dict[str, np.ndarray]:
    """Columns of every record as numpy arrays: numbers with nulls as 0, strings with nulls
    as ""; a few bytes per record and column, so 1.8 M records fit easily.

    records (pyarrow.Table | ShardedRecords): the records. Shards are read one at a time,
        every column in one read, and converted before the next: the Arrow copy of the
        whole corpus is never held beside the numpy one.
    """
    pa = import_pyarrow()
    if not isinstance(records, ShardedRecords):
        return _numpy_columns(records, names)
    import pyarrow.parquet as pq

    schema = pa.schema([record_schema().field(name) for name in names])
    parts = [_numpy_columns(pq.read_table(path, columns=list(names)).cast(schema), names)
             for path in records.shards] or [_numpy_columns(schema.empty_table(), names)]
    return {name: np.concatenate([part[name] for part in parts]) for name in names}


def _numpy_columns(table, names: list[str]) -> dict[str, np.ndarray]:
    import pyarrow.compute as pc

    pa = import_pyarrow()
    arrays = {}
    for name in names:
        column = table.column(name)
        if pa.types.is_string(column.type):
            arrays[name] = np.asarray(pc.fill_null(column, "").to_numpy(zero_copy_only=False),
                                      dtype=object)
        else:
            arrays[name] = column.fill_null(False if pa.types.is_boolean(column.type) else 0
                                            ).to_numpy()
    return arrays


def period_labels(year: np.ndarray, month: np.ndarray) -> np.ndarray:
    """``YYYY-MM`` where the record's date has a month, ``YYYY`` where only a year, else
    ``unknown`` (year and month as ``whole_columns`` gives them: 0 for none)."""
    # a few hundred distinct periods: label each once, then index
    codes = np.where(year > 0, year.astype(np.int64) * 100 + np.where(month > 0, month, 0), 0)
    distinct, inverse = np.unique(codes, return_inverse=True)
    names = np.array([UNKNOWN_PERIOD if code == 0 else
                      f"{code // 100:04d}" + (f"-{code % 100:02d}" if code % 100 else "")
                      for code in distinct.tolist()], dtype=object)
    return names[inverse.ravel()]


def removed_path(folder: str | Path, step: str) -> Path:
    return Path(folder) / STEPS_FOLDER / f"{step}.parquet"


def taken(records, name: str, rows: np.ndarray) -> list:
    """The values of column ``name`` at ``rows`` (a few rows of millions: strings such as
    ids are converted for these rows only)."""
    pa = import_pyarrow()
    return records.column(name).take(pa.array(rows, pa.int64())).to_pylist()


def id_ranks(records) -> np.ndarray:
    """Each record's rank in id order (ties in input order): an integer stand-in for the id
    in tie-breaks, without converting millions of strings to Python."""
    import pyarrow.compute as pc

    order = pc.sort_indices(records.column(ID)).to_numpy()  # a stable sort
    ranks = np.empty(len(order), dtype=np.int64)
    ranks[order] = np.arange(len(order))
    return ranks


def write_removed(folder: str | Path, step: str, records, seqs: np.ndarray) -> None:
    """Record the texts a step removes (``steps/<step>.parquet``: seq, id), atomically."""
    import pyarrow.parquet as pq

    pa = import_pyarrow()
    path = removed_path(folder, step)
    path.parent.mkdir(exist_ok=True)
    table = pa.table({SEQ: pa.array(seqs, pa.int64()),
                      ID: pa.array(taken(records, ID, seqs), pa.string())})
    write_atomically(path, lambda tmp: pq.write_table(table, tmp))


def removed_seqs(folder: str | Path, step: str) -> np.ndarray:
    """The ``seq`` of the texts a step removed (empty when the step has not run)."""
    import pyarrow.parquet as pq

    path = removed_path(folder, step)
    if not path.exists():
        return np.zeros(0, dtype=np.int64)
    return pq.read_table(path, columns=[SEQ]).column(SEQ).to_numpy()


def forget_step(folder: str | Path, step: str, files: tuple[str, ...] = ()) -> None:
    """Remove a step's results (its removed texts, ``files``, its manifest section): they
    were computed from what an earlier step, now re-run, left."""
    removed_path(folder, step).unlink(missing_ok=True)
    for name in files:
        (Path(folder) / name).unlink(missing_ok=True)
    write_section(folder, step, None)


def write_excluded_index(folder: str | Path, year: np.ndarray, month: np.ndarray) -> dict:
    """``excluded_index.json``: ``{period: {step: [ids]}}`` over every removing step, the
    period from the record's date (``period_labels``), ids in record order.

    year, month (np.ndarray): every record's year and month (0 for none).
    RETURNS (dict): the index written.
    """
    import pyarrow.parquet as pq

    index: dict[str, dict[str, list[str]]] = {}
    for step in REMOVING_STEPS:
        path = removed_path(folder, step)
        if not path.exists():
            continue
        # seq is the row number: checked_records has checked that the records are 0 .. N-1
        table = pq.read_table(path).sort_by(SEQ)
        seqs = table.column(SEQ).to_numpy()
        labels = period_labels(year[seqs], month[seqs])
        for label, record_id in zip(labels, table.column(ID).to_pylist(), strict=True):
            index.setdefault(label, {}).setdefault(step, []).append(record_id)
    ordered = {label: index[label] for label in sorted(index)}
    # one period per line: json's fast encoder (no indent) per period, readable all the same
    lines = ",\n".join(f" {json.dumps(label)}: {json.dumps(steps, ensure_ascii=False)}"
                       for label, steps in ordered.items())
    path = Path(folder) / EXCLUDED_INDEX_FILE
    write_atomically(path, lambda tmp: tmp.write_text(
        "{\n" + lines + "\n}\n" if lines else "{}\n", encoding="utf-8"))
    return ordered


__all__ = [
    "EXCLUDED_INDEX_FILE",
    "REMOVING_STEPS",
    "STEP_BALANCE",
    "STEP_EXCLUDE",
    "STEP_REBUILD",
    "StepError",
    "checked_records",
    "forget_step",
    "id_ranks",
    "period_labels",
    "phase_progress",
    "read_manifest",
    "removed_path",
    "removed_seqs",
    "taken",
    "whole_columns",
    "write_excluded_index",
    "write_removed",
    "write_section",
]
