"""The NER-UK v2.0-swapped DEV documents in a tuning part and a frozen part.

Rules written while reading a benchmark's sentences score that benchmark optimistically: the
Ukrainian swapper's rules were written on the DEV documents and score far lower on documents
they never saw. So the DEV documents are split by document, as a seeded hash of the document
id (its file name without folder or suffix): about two thirds are the tuning part, the only
one whose sentences and outputs may be read, and one third the frozen part, which is only
ever scored (``benchmarks/swap_eval.py`` prints both, always). A document's lines stay
together: lines of one article share names, titles and phrasing.
"""

import hashlib
from pathlib import PurePosixPath

PARTS = ("tuning", "frozen")
SPLIT_SEED = 37
FROZEN_SHARE = 3  # one document in three


def part_of(document_id: str, seed: int = SPLIT_SEED) -> str:
    """"tuning" or "frozen" for a document id ("ng/003d28360166", "003d28360166-swapped"
    and "003d28360166" name the same document)."""
    name = PurePosixPath(document_id).name.removesuffix("-swapped")
    digest = hashlib.sha256(f"{seed}\t{name}".encode()).digest()
    return "frozen" if int.from_bytes(digest[:8], "big") % FROZEN_SHARE == 0 else "tuning"
