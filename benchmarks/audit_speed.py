"""Speed and memory of the corpus audit on GAP's Wikipedia snippets.

Speed: the same texts through en_core_web_sm's ``nlp.pipe`` alone (load + pipe, Docs
dropped) and through the audit's records stage (``run_audit``: load, read the JSONL, the
model + gender_lexicon, actor_linker, role_counter, quote_typer, write the parquet shards),
in one process, alternating which runs first; the best time of each is compared.
Target: audit / nlp.pipe <= 1.15.

Memory: peak RSS of ``genderfair audit`` (records, report, plots, HTML) in a fresh process
per size (started by a small launcher that reads its peak with ``os.wait4``), over the
snippets replicated to N and to 10 x N documents.
``--blank`` runs at 10,000 vs 100,000; the model run at the sizes of ``--model-sizes`` (on a
2-core machine the model does ~20 docs/s, so 100,000 documents take hours).
Target: flat (ratio ~1.0).

    python benchmarks/audit_speed.py [--texts 500] [--repeats 2] [--blank-sizes 10000 100000]
                                     [--model-sizes 2000 20000] [--skip-speed]
"""

import argparse
import json
import subprocess
import sys
import tempfile
import time
from itertools import cycle, islice
from pathlib import Path

import spacy
from audit_eval import MODEL, gap_records

from spacy_genderfair.audit.runner import run_audit


def write_corpus(path: Path, texts: list[str], size: int) -> Path:
    """``size`` JSONL records, the texts replicated in order."""
    with open(path, "w", encoding="utf-8") as handle:
        for number, text in enumerate(islice(cycle(texts), size)):
            handle.write(json.dumps({"id": f"gap-{number}", "text": text}) + "\n")
    return path


def time_model_alone(texts: list[str]) -> float:
    started = time.perf_counter()
    nlp = spacy.load(MODEL)
    for _ in nlp.pipe(texts):
        pass
    return time.perf_counter() - started


def time_records_stage(corpus: Path, output: Path) -> float:
    started = time.perf_counter()
    run_audit([str(corpus)], output=output, lang="en", model=MODEL, id_field="id",
              progress=False, overwrite=True)
    return time.perf_counter() - started


def compare_speed(texts: list[str], folder: Path, repeats: int) -> None:
    corpus = write_corpus(folder / "speed.jsonl", texts, len(texts))
    times: dict[str, list[float]] = {"nlp.pipe": [], "audit": []}
    for repeat in range(repeats):
        # Alternate the order so that neither run always gets the warmer caches.
        order = ["nlp.pipe", "audit"] if repeat % 2 == 0 else ["audit", "nlp.pipe"]
        for name in order:
            if name == "nlp.pipe":
                seconds = time_model_alone(texts)
            else:
                seconds = time_records_stage(corpus, folder / f"speed_audit_{repeat}")
            times[name].append(seconds)
            print(f"  repeat {repeat + 1} {name:<9} {seconds:7.1f} s "
                  f"({len(texts) / seconds:.1f} docs/s)")
    best = {name: min(values) for name, values in times.items()}
    print(f"speed: {len(texts)} GAP snippets, best of {repeats}: nlp.pipe {best['nlp.pipe']:.1f}"
          f" s, audit records stage {best['audit']:.1f} s, ratio "
          f"{best['audit'] / best['nlp.pipe']:.2f} (target <= 1.15)")


# Linux keeps a process's peak RSS across exec, and a child starts with its parent's: run by
# this (big) process, the audit would report this process's peak. A small launcher process
# starts the audit and reads the audit's own peak with os.wait4.
LAUNCHER = """
import os, subprocess, sys
child = subprocess.Popen(sys.argv[1:])
_, status, usage = os.wait4(child.pid, 0)
print(usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


def peak_rss_mb(args: list[str]) -> tuple[float, float]:
    """Peak RSS (MB) and wall time of one fresh ``genderfair`` process."""
    started = time.perf_counter()
    launched = subprocess.run(
        [sys.executable, "-c", LAUNCHER, sys.executable, "-m", "spacy_genderfair", *args],
        capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - started
    peak_kib, exit_code = map(int, launched.stdout.split()[-2:])
    if exit_code:
        sys.exit(f"genderfair {' '.join(args)} failed:\n{launched.stdout[-2000:]}"
                 f"{launched.stderr[-2000:]}")
    return peak_kib / 1024, seconds  # ru_maxrss: KiB on Linux


def compare_memory(texts: list[str], folder: Path, sizes: list[int], mode: list[str],
                   label: str) -> None:
    peaks = []
    for size in sizes:
        corpus = write_corpus(folder / f"rss_{size}.jsonl", texts, size)
        peak, seconds = peak_rss_mb(["audit", str(corpus), "--output",
                                     str(folder / f"rss_{label}_{size}"), "--lang", "en",
                                     "--id-field", "id", "--no-progress", *mode])
        peaks.append(peak)
        print(f"  {label:<6} {size:>7} docs: peak RSS {peak:6.0f} MB ({seconds:.0f} s, "
              f"{size / seconds:.0f} docs/s with the report)")
        corpus.unlink()
    print(f"memory ({label}): peak RSS {sizes[-1]} / {sizes[0]} docs = "
          f"{peaks[-1] / peaks[0]:.2f} (flat = ~1.0)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--texts", type=int, default=500, help="GAP snippets timed (0: all)")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--blank-sizes", type=int, nargs="*", default=[10_000, 100_000])
    parser.add_argument("--model-sizes", type=int, nargs="*", default=[2_000, 20_000])
    parser.add_argument("--skip-speed", action="store_true")
    args = parser.parse_args()
    texts = [record["text"] for record in gap_records()]
    with tempfile.TemporaryDirectory(prefix="audit_speed_") as tmp:
        folder = Path(tmp)
        if not args.skip_speed:
            compare_speed(texts[:args.texts] if args.texts else texts, folder, args.repeats)
        if args.blank_sizes:
            compare_memory(texts, folder, args.blank_sizes, ["--blank"], "blank")
        if args.model_sizes:
            compare_memory(texts, folder, args.model_sizes, ["--model", MODEL], "model")


if __name__ == "__main__":
    main()
