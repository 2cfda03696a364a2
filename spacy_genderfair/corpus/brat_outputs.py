"""What ``genderfair augment-brat`` leaves in its output folder besides the swapped documents:
its settings, and how the files of an earlier run are found."""

from pathlib import Path

import srsly

from .swap_pairs import SWAPPED_SUFFIX

# Written into OUT_ROOT beside the swapped documents: who made them, so every Doc built from
# the folder can say so (source_documents skips it: it has no .ann).
SETTINGS_FILE = "swap-settings.json"


def read_swap_settings(out_root: str | Path) -> dict | None:
    """The settings ``genderfair augment-brat`` recorded in ``out_root`` (swapper, version,
    direction, seed, ...). RETURNS (dict | None): None for a folder it did not write."""
    path = Path(out_root) / SETTINGS_FILE
    return srsly.read_json(path) if path.is_file() else None


def earlier_outputs(out_root: str | Path, suffix: str = SWAPPED_SUFFIX) -> list[Path]:
    """The swapped documents' files (``X{suffix}.txt/.ann/.meta``) already under
    ``out_root``: a new run writes only the documents it changes, so files of an earlier run
    (another direction, seed or source) would otherwise survive beside the new ones.

    RETURNS (list[Path]): the files, sorted; empty when ``out_root`` does not exist.
    """
    root = Path(out_root)
    if not root.is_dir():
        return []
    files = [path for ext in (".txt", ".ann", ".meta")
             for path in root.rglob(f"*{suffix}{ext}") if path.is_file()]
    settings = read_swap_settings(root) or {}
    # The settings file itself, and the split file it says was written beside the documents.
    written = [root / SETTINGS_FILE] + ([root / settings["split_file"]]
                                        if settings.get("split_file") else [])
    return sorted(files + [path for path in written if path.is_file()])


__all__ = ["SETTINGS_FILE", "earlier_outputs", "read_swap_settings"]
