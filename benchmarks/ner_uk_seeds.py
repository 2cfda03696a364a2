"""The NER-UK project's figures over several seeds, next to Nahurna & Romanyshyn's Tables 5-6.

Runs the project (project.yml) once per seed in its own copy under benchmarks/out/, timing
each training, then prints mean ± sd over the seeds of overall F1, JOB and PERS P/R/F and JOB
recall by grammatical gender per model and test set. Differences of half a point are inside
seed noise. Full settings take 10-16 minutes per model on 2 CPU cores; tiny settings prove
the script:

    python benchmarks/ner_uk_seeds.py --seeds 0 1 2 [--resume]

Another swap direction for orig+ours beside the same seeds' orig and orig+gold: copy the
seed folders to another --out and go on there (only the swap and orig+ours run again):

    python benchmarks/ner_uk_seeds.py --seeds 0 --direction feminine_first --models orig+ours \
        --out benchmarks/out/ner_uk_seeds_feminine_first --resume
    python benchmarks/ner_uk_seeds.py --seeds 0 1 --max-steps 200 --train-limit 300 \
        --test-limit 200 --models orig orig+ours
"""

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import srsly
from _common import SHARED_DATA

from spacy_genderfair.nerproject.layout import copy_project

ROOT = Path(__file__).resolve().parents[1]
OUT = Path(__file__).resolve().parent / "out" / "ner_uk_seeds"
TRAIN_COMMANDS = {"orig": "train-orig", "orig+gold": "train-orig-gold",
                  "orig+ours": "train-orig-ours"}
# Table 6 (JOB recall by grammatical gender): original NER -> gender-balanced NER.
PAPER_TABLE_6 = {"feminine": (0.69, 0.80), "masculine": (0.64, 0.59), "common": (0.85, 0.87)}


def run(project: Path, command: str, variables: dict, force: bool = False) -> float:
    """Run one project command or workflow (``force``: even where weasel finds its deps
    unchanged). RETURNS (float): its wall time in seconds."""
    args = [sys.executable, "-m", "spacy", "project", "run", command, str(project)]
    if force:
        args.append("--force")
    for name, value in variables.items():
        args += [f"--vars.{name}", str(value)]
    started = time.perf_counter()
    subprocess.run(args, cwd=project, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def run_seed(seed: int, args: argparse.Namespace) -> tuple[list[dict], dict[str, float]]:
    project = args.out.resolve() / f"seed{seed}"  # the commands run inside it
    times_file = project / "metrics" / "training_seconds.json"
    if not (args.resume and project.exists()):
        shutil.rmtree(project, ignore_errors=True)
        copy_project(ROOT, project)
    # With --resume, weasel skips every command whose deps and outputs are unchanged
    # (project.lock), so a killed run goes on where it stopped; the training times of the
    # models already trained come from the earlier run's file.
    seconds = srsly.read_json(times_file) if times_file.exists() else {}
    variables = {"ner_uk": args.ner_uk, "seed": seed, "max_steps": args.max_steps,
                 "train_limit": args.train_limit, "test_limit": args.test_limit,
                 "swap_direction": args.direction}
    for command in ("corpus", "swap", "augment", "swap-test"):
        run(project, command, variables)
    for model in args.models:
        elapsed = run(project, TRAIN_COMMANDS[model], variables)
        if elapsed > 60:  # a skipped command takes seconds: keep the time that trained it
            seconds[model] = elapsed
            times_file.parent.mkdir(parents=True, exist_ok=True)
            srsly.write_json(times_file, seconds)
    # (evaluate's deps are the test sets, not the models, which a workflow may train only
    # some of: a model trained again in this run must still be evaluated)
    run(project, "evaluate", variables, force=True)
    return srsly.read_json(project / "metrics" / "table.json")["rows"], seconds


def mean_sd(values: list[float | None]) -> str:
    values = [v for v in values if v is not None]
    if not values:
        return "–"
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return f"{statistics.mean(values):.2f} ± {sd:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--models", nargs="+", default=list(TRAIN_COMMANDS),
                        choices=list(TRAIN_COMMANDS))
    parser.add_argument("--max-steps", type=int, default=20000)
    parser.add_argument("--train-limit", type=int, default=0)
    parser.add_argument("--test-limit", type=int, default=0)
    parser.add_argument("--direction", default="invert")
    parser.add_argument("--ner-uk", default=str(SHARED_DATA / "ner-uk"))
    parser.add_argument("--out", type=Path, default=OUT,
                        help="the folder of the seed folders (another one per direction)")
    parser.add_argument("--resume", action="store_true",
                        help="go on in an existing seed folder instead of starting it anew")
    args = parser.parse_args()
    rows: dict[tuple[str, str], list[dict]] = {}
    seconds: dict[str, list[float]] = {}
    for seed in args.seeds:
        seed_rows, seed_seconds = run_seed(seed, args)
        for row in seed_rows:
            rows.setdefault((row["model"], row["testset"]), []).append(row)
        for model, value in seed_seconds.items():
            seconds.setdefault(model, []).append(value)
    print(f"NER-UK CNN, seeds {args.seeds}, max_steps {args.max_steps}, train_limit "
          f"{args.train_limit}, test_limit {args.test_limit}, swap direction {args.direction}")
    print(f"{'model':<11}{'test set':<14}{'F1':>14}{'JOB F':>14}{'PERS F':>14}"
          f"{'JOB R fem':>14}{'JOB R masc':>14}{'JOB R common':>14}")
    for (model, testset), runs in sorted(rows.items()):
        cells = [mean_sd([r["ents_f"] for r in runs]),
                 mean_sd([r["JOB"][2] for r in runs]), mean_sd([r["PERS"][2] for r in runs])]
        cells += [mean_sd([r[f"JOB_recall_{g}"][0] for r in runs]) for g in PAPER_TABLE_6]
        print(f"{model:<11}{testset:<14}" + "".join(f"{c:>14}" for c in cells))
    paper = ", ".join(f"{g} {a:.2f} -> {b:.2f}" for g, (a, b) in PAPER_TABLE_6.items())
    print(f"paper Table 6 (RoBERTa-large, original -> balanced): {paper}")
    for model, values in seconds.items():
        print(f"training time {model}: {mean_sd(values)} s")


if __name__ == "__main__":
    main()
