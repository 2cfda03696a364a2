"""Shared helpers for the benchmark scripts (not part of the package)."""

import os
import sys
import time
from pathlib import Path

SHARED_DATA = Path(
    os.environ.get("GENDERFAIR_SHARED_DATA")
    or Path(__file__).resolve().parents[2] / "shared" / "data"
)

# What the benchmarks keep between runs (parsing is the slow part), outside the repo: beside
# ../shared, or where GENDERFAIR_CACHE says.
CACHE_ROOT = Path(os.environ.get("GENDERFAIR_CACHE") or SHARED_DATA.parents[1] / "cache")
# Parsed DocBins of the coreference data sets.
CACHE = CACHE_ROOT / "coref"


def shared(*parts: str) -> Path:
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        sys.exit(f"Missing shared data: {path} (set GENDERFAIR_SHARED_DATA)")
    return path


def coref_data_paths():
    """The learned resolver's training data (``coref.train.load_docs``'s arguments): LitBank
    coreference, GAP development, and the cache of their parses."""
    import argparse

    return argparse.Namespace(litbank=shared("litbank", "coref"),
                              gap=shared("gap", "gap-development.tsv"), cache=CACHE)


def ud_sentences(treebank: str) -> list[str]:
    """The raw '# text =' sentences of every CoNLL-U file of a UD treebank folder."""
    texts = []
    for path in sorted(shared("ud", treebank).glob("*.conllu")):
        with open(path, encoding="utf-8") as handle:
            texts += [line.split("=", 1)[1].strip() for line in handle
                      if line.startswith("# text =")]
    return texts


def best_of(repeats: int, func) -> float:
    """Minimum wall time of ``repeats`` runs (the least disturbed measurement)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times)
