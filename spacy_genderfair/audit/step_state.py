"""What becomes of the corpus steps (exclude, balance, rebuild) when the audit under them is
run again.

The steps read the audit's records. A re-run that resumes and finds every shard written
leaves the records as they were: the steps' results still hold, and the report the audit
writes anew gets its stages back. A re-run that writes records (``--overwrite``, or new
shards) changes what the steps read: their results are dropped, every file and manifest
section of them, so that no report, index or rebuild reads a removal computed from other
records. A rebuilt corpus inside the audit folder (``genderfair audit --rebuild`` writes
``rebuilt/``) goes with them: it was made from the removals now dropped. One written elsewhere
(``genderfair rebuild -o``) is the user's output and is not touched, but the manifest no
longer vouches for it.
"""

import shutil
from pathlib import Path

from .exclude import BALANCING_FILE, EXCLUSIONS_FILE, WEIGHTS_FILE
from .step_report import REPORT_FILE, report_columns, write_step_report
from .steps import (
    EXCLUDED_INDEX_FILE,
    STEP_BALANCE,
    STEP_EXCLUDE,
    STEP_REBUILD,
    checked_records,
    forget_step,
    read_manifest,
    whole_columns,
)

STEP_FILES = {
    STEP_EXCLUDE: (EXCLUSIONS_FILE, EXCLUDED_INDEX_FILE, f"{REPORT_FILE}.json",
                   f"{REPORT_FILE}.txt"),
    STEP_BALANCE: (BALANCING_FILE, WEIGHTS_FILE),
    STEP_REBUILD: (),
}


def steps_run(folder: str | Path) -> list[str]:
    """The steps whose section is in the audit's manifest, in step order."""
    manifest = read_manifest(folder)
    return [step for step in STEP_FILES if step in manifest]


def reconcile_steps(folder: str | Path, *, records_changed: bool) -> tuple[str, list[str]]:
    """Keep or drop the steps' results after the audit has written its report again.

    folder (str | Path): the audit folder.
    records_changed (bool): whether this run wrote records (new shards, or ``--overwrite``).
    RETURNS (tuple[str, list[str]]): "none" (no step had run), "kept" (the stages were
        written into the new report) or "dropped", and the steps concerned.
    """
    steps = steps_run(folder)
    if not steps:
        return "none", []
    if records_changed:
        rebuilt = own_rebuilt_folder(folder)
        if rebuilt is not None:
            shutil.rmtree(rebuilt)
        for step in reversed(steps):
            forget_step(folder, step, STEP_FILES[step])
        return "dropped", steps
    records = checked_records(folder)
    write_step_report(folder, records, whole_columns(records, report_columns()))
    return "kept", steps


def own_rebuilt_folder(folder: str | Path) -> Path | None:
    """The folder the manifest's rebuild wrote, where it lies inside the audit folder (the
    audit's own ``rebuilt/``) and exists; None otherwise."""
    section = read_manifest(folder).get(STEP_REBUILD)
    if not section or not section.get("output"):
        return None
    output = Path(section["output"]).resolve()
    inside = output.parent == Path(folder).resolve()
    return output if inside and output.is_dir() else None


__all__ = ["STEP_FILES", "own_rebuilt_folder", "reconcile_steps", "steps_run"]
