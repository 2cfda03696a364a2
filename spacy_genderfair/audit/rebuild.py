"""Step 4 of Urchs et al.: rebuild the corpus without the texts the earlier steps removed.

Every CORPUS file is streamed, whether or not a step removed anything from it, and its kept
records are written unchanged into the output folder under the input's name: JSONL lines and
``.txt`` files byte for byte, ``.spacy`` DocBins as a DocBin of the kept docs. A record is
removed when any removing step (exclude, balance) lists it; bad records (nothing to judge)
are kept. For every input, records = kept + removed is checked, and the counts go into the
manifest's "rebuild" section.

Everything that could make the output wrong is checked before anything is written: a corpus
file changed since the audit (its sha256 differs from the manifest's), missing records
shards, records of another audit. Each output file is written to a temporary name and
renamed into place, so a killed rebuild leaves no partial file, and a re-run writes the same
output.
"""

import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .inputs import input_files, input_kind
from .runner import input_checksum
from .schema import SEQ, SOURCE
from .shards import write_atomically
from .steps import (
    REMOVING_STEPS,
    STEP_REBUILD,
    StepError,
    checked_records,
    read_manifest,
    removed_seqs,
    whole_columns,
    write_section,
)


@dataclass
class FileCounts:
    """What the rebuild did with one CORPUS path."""

    path: str
    output: str
    records: int
    kept: int = 0
    removed: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"path": self.path, "output": self.output, "records": self.records,
                "kept": self.kept, "removed": self.removed}


def run_rebuild(paths: list[str | Path], folder: str | Path, output: str | Path, *,
                progress: bool = False) -> list[FileCounts]:
    """Write the kept records of every CORPUS path into ``output``.

    paths (list[str | Path]): the CORPUS paths, in the audit's order (they may have moved:
        they are matched by position and sha256).
    folder (str | Path): the audit folder.
    output (str | Path): the folder to write the rebuilt corpus into.
    progress (bool): a progress bar (records) on stderr. Defaults to False.
    RETURNS (list[FileCounts]): per CORPUS path, its records, kept and removed counts.
    RAISES (StepError): the corpus or the audit is not what the audit saw; nothing is
        written then.
    """
    folder, output = Path(folder), Path(output)
    audited = read_manifest(folder)["audit"]["inputs"]
    _check_inputs([Path(path) for path in paths], audited, output)
    records = checked_records(folder)
    columns = whole_columns(records, [SEQ, SOURCE])
    step_of = np.full(len(columns[SEQ]), "", dtype=object)
    for step in REMOVING_STEPS:
        step_of[removed_seqs(folder, step)] = step
    plans = []
    start = 0
    for path, item in zip(paths, audited, strict=True):
        count = int((columns[SOURCE] == item["path"]).sum())
        if not np.all(columns[SOURCE][start:start + count] == item["path"]):
            raise StepError(f"The records of {item['path']} are not in one run of the "
                            "audit's input order: run 'genderfair audit' again.")
        plans.append((Path(path), step_of[start:start + count]))
        start += count
    output.mkdir(parents=True, exist_ok=True)
    from tqdm import tqdm

    counts = []
    with tqdm(total=start, unit="record", desc="rebuild", disable=not progress,
              file=sys.stderr) as bar:
        for path, steps in plans:
            counts.append(_rebuild_one(path, steps, output / path.name))
            bar.update(len(steps))
    write_section(folder, STEP_REBUILD, {
        "output": str(output), "files": [item.to_dict() for item in counts],
        "records": start, "kept": sum(item.kept for item in counts)})
    return counts


def _check_inputs(paths: list[Path], audited: list[dict], output: Path) -> None:
    """One StepError for the first of: another number of inputs than the audit's, a changed
    or missing input, two inputs of one name (one output name), an output among the inputs."""
    if len(paths) != len(audited):
        raise StepError(f"The audit read {len(audited)} CORPUS path(s) "
                        f"({', '.join(item['path'] for item in audited)}), not {len(paths)}: "
                        "give the same paths in the same order.")
    for path, item in zip(paths, audited, strict=True):
        if not path.exists():
            raise StepError(f"Input not found: {path}")
        if input_checksum(str(path)) != item["sha256"]:
            raise StepError(f"{path} changed since the audit (its sha256 is not the one in "
                            "the audit's manifest): run 'genderfair audit' again on it.")
    names = [path.name for path in paths]
    if len(set(names)) < len(names):
        raise StepError("Two CORPUS paths have the same name, so their outputs would too: "
                        f"{', '.join(sorted({n for n in names if names.count(n) > 1}))}.")
    resolved = output.resolve()
    for path in paths:
        if resolved == path.resolve() or resolved in path.resolve().parents:
            raise StepError(f"The output folder {output} holds the input {path}: choose "
                            "another --output.")


def _rebuild_one(path: Path, steps: np.ndarray, target: Path) -> FileCounts:
    """Write the records of ``path`` whose step is "" (kept) to ``target``."""
    kind = input_kind(path)
    keep = steps == ""
    counts = FileCounts(str(path), str(target), len(steps), kept=int(keep.sum()),
                        removed={step: int((steps == step).sum()) for step in REMOVING_STEPS})
    if kind == "jsonl":
        write_atomically(target, lambda tmp: _copy_lines(path, keep, tmp))
    elif kind == "docbin":
        write_atomically(target, lambda tmp: _copy_docs(path, keep, tmp))
    elif path.is_dir():
        _copy_folder(path, keep, target)
    elif keep[0]:
        write_atomically(target, lambda tmp: shutil.copyfile(path, tmp))
    else:
        target.unlink(missing_ok=True)  # left by a rebuild that kept it
    if counts.kept + sum(counts.removed.values()) != counts.records:
        raise StepError(f"{path}: {counts.records} records != {counts.kept} kept + "
                        f"{sum(counts.removed.values())} removed")
    return counts


def _copy_lines(path: Path, keep: np.ndarray, target: Path) -> None:
    """The kept lines, byte for byte (one record per line, as the audit reads them)."""
    lines = 0
    with open(path, "rb") as source, open(target, "wb") as sink:
        for lines, raw in enumerate(source, start=1):
            if lines <= len(keep) and keep[lines - 1]:
                sink.write(raw)
    if lines != len(keep):
        raise StepError(f"{path} has {lines} lines, the audit {len(keep)} records: run "
                        "'genderfair audit' again.")


def _copy_docs(path: Path, keep: np.ndarray, target: Path) -> None:
    """A DocBin of the kept docs, with their user data."""
    from spacy.tokens import DocBin
    from spacy.vocab import Vocab

    source = DocBin(store_user_data=True).from_disk(path)
    if len(source) != len(keep):
        raise StepError(f"{path} holds {len(source)} docs, the audit {len(keep)} records: run "
                        "'genderfair audit' again.")
    kept = DocBin(attrs=source.attrs, store_user_data=True)
    for doc, wanted in zip(source.get_docs(Vocab()), keep, strict=True):
        if wanted:
            kept.add(doc)
    kept.to_disk(target)


def _copy_folder(path: Path, keep: np.ndarray, target: Path) -> None:
    """The kept ``.txt`` files byte for byte, at their place in a fresh folder that then
    replaces ``target``."""
    files = input_files(path)
    if len(files) != len(keep):
        raise StepError(f"{path} holds {len(files)} .txt files, the audit {len(keep)} "
                        "records: run 'genderfair audit' again.")
    building = target.with_name(f".{target.name}.rebuild")
    shutil.rmtree(building, ignore_errors=True)
    for file, wanted in zip(files, keep, strict=True):
        if wanted:
            destination = building / file.relative_to(path)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(file, destination)
    building.mkdir(exist_ok=True)
    shutil.rmtree(target, ignore_errors=True)
    building.rename(target)


__all__ = ["FileCounts", "run_rebuild"]
