"""Speed and memory of the corpus audit on GAP's Wikipedia snippets.

Speed: the same texts, in one process, through en_core_web_sm's ``nlp.pipe`` alone, through
the audit's pipeline alone (the model + gender_lexicon, actor_linker, role_counter,
quote_typer; Docs dropped) and through the audit's records stage (``run_audit``: read the
JSONL, that pipeline, the records, the parquet shards); each run loads its pipeline, the
order rotates from repeat to repeat, and the best time of each is compared.
Target: records stage / model alone <= 1.15.

Memory: peak RSS of a fresh process per size (started by a small launcher that reads its
peak with ``os.wait4``), over the snippets replicated to N and to 10 x N documents: of
``genderfair audit`` (records, report, plots, HTML) and of the records stage alone.
``--blank`` runs at 10,000 vs 100,000; the model run at the sizes of ``--model-sizes`` (on a
2-core machine the model does ~50 docs/s, so 100,000 documents take over half an hour).
Target: flat (ratio ~1.0).

    python benchmarks/audit_speed.py [--texts 500] [--repeats 3] [--blank-sizes 10000 100000]
                                     [--model-sizes 2000 20000] [--skip-speed]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from itertools import cycle, islice
from pathlib import Path

import spacy
from audit_eval import MODEL, gap_records

from spacy_genderfair.audit.runner import DEFAULT_BATCH_SIZE, audit_pipeline, run_audit


def write_corpus(path: Path, texts: list[str], size: int) -> Path:
    """``size`` JSONL records, the texts replicated in order."""
    with open(path, "w", encoding="utf-8") as handle:
        for number, text in enumerate(islice(cycle(texts), size)):
            handle.write(json.dumps({"id": f"gap-{number}", "text": text}) + "\n")
    return path


def timed(run) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) of ``run()``. The CPU time of a
    one-process run hardly moves when other jobs share the machine; the wall time does."""
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return time.perf_counter() - wall, time.process_time() - cpu


def time_pipe(nlp_factory, texts: list[str], batch_size: int) -> tuple[float, float]:
    """Load a pipeline and run ``nlp.pipe`` over the texts, dropping the Docs."""
    def run():
        nlp = nlp_factory()
        for _ in nlp.pipe(texts, batch_size=batch_size):
            pass
    return timed(run)


def time_records_stage(corpus: Path, output: Path, batch_size: int) -> tuple[float, float]:
    return timed(lambda: run_audit([str(corpus)], output=output, lang="en", model=MODEL,
                                   id_field="id", progress=False, overwrite=True,
                                   batch_size=batch_size))


def compare_speed(texts: list[str], folder: Path, repeats: int, batch_size: int) -> None:
    """The model alone, the audit's pipeline alone (model + our four components, no
    records) and the records stage, each including its pipeline load, all three with the
    same ``nlp.pipe`` batch size."""
    corpus = write_corpus(folder / "speed.jsonl", texts, len(texts))
    runs = {
        "model": lambda: time_pipe(lambda: spacy.load(MODEL), texts, batch_size),
        "pipeline": lambda: time_pipe(lambda: audit_pipeline("en", model=MODEL), texts,
                                      batch_size),
        "audit": lambda: time_records_stage(corpus, folder / "speed_audit", batch_size),
    }
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
    for repeat in range(repeats):
        # Rotate the order so that no run always gets the warmer (or the busier) slot.
        names = list(runs)[repeat % len(runs):] + list(runs)[:repeat % len(runs)]
        for name in names:
            times[name].append(runs[name]())
            wall, cpu = times[name][-1]
            print(f"  repeat {repeat + 1} {name:<9} {wall:7.1f} s wall, {cpu:7.1f} s CPU "
                  f"({len(texts) / wall:.1f} docs/s)", flush=True)
    for index, clock in enumerate(("wall", "CPU")):
        best = {name: min(value[index] for value in values) for name, values in times.items()}
        print(f"speed ({clock} time): {len(texts)} GAP snippets, batch size {batch_size}, best "
              f"of {repeats}: model alone {best['model']:.1f} s, audit pipeline alone "
              f"{best['pipeline']:.1f} s (ratio {best['pipeline'] / best['model']:.2f}), audit "
              f"records stage {best['audit']:.1f} s: ratio {best['audit'] / best['model']:.2f} "
              f"(target <= 1.15)", flush=True)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)


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
    """Peak RSS (MB) and wall time of one fresh ``python ARGS`` process."""
    started = time.perf_counter()
    launched = subprocess.run(
        [sys.executable, "-c", LAUNCHER, sys.executable, *args],
        capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - started
    peak_kib, exit_code = map(int, launched.stdout.split()[-2:])
    if exit_code:
        sys.exit(f"python {' '.join(args)[:200]} failed:\n{launched.stdout[-2000:]}"
                 f"{launched.stderr[-2000:]}")
    return peak_kib / 1024, seconds  # ru_maxrss: KiB on Linux


# The records stage alone (no report), for telling its memory from the report's; with the
# CLI's batch size (64), not spaCy's (1000), whose batches alone take more memory.
RECORDS_ONLY = """
import json, sys
from spacy_genderfair.audit.runner import run_audit
run_audit([sys.argv[1]], output=sys.argv[2], lang="en", id_field="id", progress=False,
          batch_size=64, **json.loads(sys.argv[3]))
"""


def compare_memory(texts: list[str], folder: Path, sizes: list[int], label: str,
                   stages: list[str]) -> None:
    """Peak RSS of ``genderfair audit`` (records + report) and of the records stage alone."""
    options = {"blank": ["--blank"], "model": ["--model", MODEL]}[label]
    settings = json.dumps({"blank": True} if label == "blank" else {"model": MODEL})
    peaks: dict[str, list[float]] = {stage: [] for stage in stages}
    for size in sizes:
        corpus = write_corpus(folder / f"rss_{size}.jsonl", texts, size)
        commands = {
            "audit": ["-m", "spacy_genderfair", "audit", str(corpus), "--output",
                      str(folder / f"rss_{label}_audit_{size}"), "--lang", "en",
                      "--id-field", "id", "--no-progress", *options],
            "records": ["-c", RECORDS_ONLY, str(corpus),
                        str(folder / f"rss_{label}_records_{size}"), settings],
        }
        for stage in stages:
            peak, seconds = peak_rss_mb(commands[stage])
            peaks[stage].append(peak)
            print(f"  {label:<6} {stage:<8}{size:>7} docs: peak RSS {peak:6.0f} MB "
                  f"({seconds:.0f} s, {size / seconds:.0f} docs/s)", flush=True)
        corpus.unlink()
    for stage, values in peaks.items():
        print(f"memory ({label}, {stage}): peak RSS {sizes[-1]} / {sizes[0]} docs = "
              f"{values[-1] / values[0]:.2f} (flat = ~1.0)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--texts", type=int, default=500, help="GAP snippets timed (0: all)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=DEFAULT_BATCH_SIZE,
                        help="nlp.pipe batch size of all three runs (default: the CLI's)")
    parser.add_argument("--blank-sizes", type=int, nargs="*", default=[10_000, 100_000])
    parser.add_argument("--model-sizes", type=int, nargs="*", default=[2_000, 20_000])
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--stages", nargs="+", default=["audit", "records"],
                        choices=["audit", "records"], help="what the memory runs measure")
    args = parser.parse_args()
    texts = [record["text"] for record in gap_records()]
    with tempfile.TemporaryDirectory(prefix="audit_speed_") as tmp:
        folder = Path(tmp)
        if not args.skip_speed:
            compare_speed(texts[:args.texts] if args.texts else texts, folder, args.repeats,
                          args.batch_size)
        if args.blank_sizes:
            compare_memory(texts, folder, args.blank_sizes, "blank", args.stages)
        if args.model_sizes:
            compare_memory(texts, folder, args.model_sizes, "model", args.stages)


if __name__ == "__main__":
    main()
