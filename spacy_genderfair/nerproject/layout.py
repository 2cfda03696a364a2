"""What a copy of the NER-UK project needs, for tests and benchmarks that run it elsewhere."""

import shutil
from pathlib import Path

# Not assets/: the project reads NER-UK from vars.ner_uk, and a downloaded copy is large.
PROJECT_FILES = ("project.yml", "configs", "scripts")


def copy_project(repo_root: str | Path, dest: str | Path) -> Path:
    """Copy the project (``PROJECT_FILES``) from a checkout into ``dest``.

    repo_root (str | Path): the repository root holding project.yml.
    dest (str | Path): an empty or new folder.
    RETURNS (Path): ``dest``.
    """
    repo_root, dest = Path(repo_root), Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    for name in PROJECT_FILES:
        source = repo_root / name
        if source.is_dir():
            shutil.copytree(source, dest / name)
        else:
            shutil.copy(source, dest / name)
    return dest
