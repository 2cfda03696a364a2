"""Constant memory of `genderfair neutral`: peak RSS on N entries vs 10 x N entries.

Each run is a fresh `python -m spacy_genderfair neutral` process over a corpus of UD English
EWT sentences cycled to the wanted size; the peak resident set size of the child is read from
the OS. A streaming implementation has (almost) the same peak for both sizes.

    python benchmarks/neutral_memory.py [--entries 20000]
Target: peak(10 x N) / peak(N) close to 1 (< 1.1).
"""

import argparse
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import ud_sentences


def peak_rss_mb(corpus: Path, out: Path) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    subprocess.run(
        [sys.executable, "-m", "spacy_genderfair", "neutral", str(corpus), "--out", str(out),
         "--no-progress"], check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(after, before) / 1024  # ru_maxrss is in KiB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entries", type=int, default=20000)
    args = parser.parse_args()
    sentences = ud_sentences("en_ewt")
    with tempfile.TemporaryDirectory() as tmp:
        peaks = []
        for n in (args.entries, 10 * args.entries):
            corpus = Path(tmp) / f"corpus_{n}.txt"
            with corpus.open("w", encoding="utf-8") as handle:
                for i in range(n):
                    handle.write(sentences[i % len(sentences)] + "\n")
            # RUSAGE_CHILDREN keeps the maximum over all children: run the small one first.
            peaks.append(peak_rss_mb(corpus, Path(tmp) / "out.txt"))
            print(f"{n:>9} entries: peak RSS {peaks[-1]:.0f} MB")
    print(f"peak ratio 10x/1x: {peaks[1] / peaks[0]:.2f}  (constant memory: close to 1)")


if __name__ == "__main__":
    main()
