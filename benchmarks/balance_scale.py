"""Exclude + balance at corpus scale, on synthetic audit records.

The per-text counts follow the taz 2023 report (Urchs et al., papers.md §4: mean and std per
text of actors, named/pronoun mentions, subject/object roles, direct/indirect quotes by group;
sentiment mean -0.02, std 0.10): each count is drawn from a negative binomial with the
report's mean and variance (Poisson where the variance is not above the mean), set to 0 where
the text has no actor of the group, and scaled so that the corpus mean stays the report's.
Years 1980-2024, uniform.

Each stage runs in a fresh process (its own peak RSS): loading the records alone (the
baseline of the ratios), exclusion, greedy, optimal, optimal by year, optimal keeping the
most tokens. Each step writes everything a user gets (its files, the stage report and
figures, the audit report's stages). Printed: wall time, peak RSS, the time as a ratio to
loading in the same run; exclusion + greedy + optimal together (the issue's target: <= 30 s
and <= 2 GB at 1.8 M) and as a ratio to loading; how each stage grows from size to size, and
a least-squares line time = fixed + per-record cost over the sizes (the fixed part says
where fixed costs dominate); texts removed by optimal vs greedy (both must reach the bounds).

    python benchmarks/balance_scale.py                 # 180 k, 900 k and 1.8 M records
    python benchmarks/balance_scale.py --sizes 180000  # one size
"""

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from itertools import pairwise
from pathlib import Path

import numpy as np

# group -> count -> (mean, std) per text, taz 2023 (papers.md §4)
REPORT_2023 = {
    "she": {"actors": (0.69, 0.83), "named": (2.25, 5.65), "pronoun": (1.30, 2.29),
            "subject": (1.86, 3.78), "object": (0.11, 0.43), "quotes_direct": (0.65, 1.46),
            "quotes_indirect": (0.25, 0.72)},
    "he": {"actors": (0.92, 0.91), "named": (3.60, 7.75), "pronoun": (2.00, 3.02),
           "subject": (3.02, 5.01), "object": (0.15, 0.53), "quotes_direct": (1.06, 1.96),
           "quotes_indirect": (0.42, 0.97)},
}
SENTIMENT = (-0.02, 0.10)
SHARD_ROWS = 100_000
STAGES = ("load", "exclude", "greedy", "optimal", "optimal_by_year", "optimal_tokens")
# the figure: exclusion + greedy + optimal balancing
TARGET_STAGES = ("exclude", "greedy", "optimal")


def _draw(rng, mean: float, std: float, size: int) -> np.ndarray:
    variance = std * std
    if variance <= mean:
        return rng.poisson(mean, size)
    # numpy's negative binomial: n successes, success probability p; mean n(1-p)/p
    p = mean / variance
    return rng.negative_binomial(mean * p / (1 - p), p, size)


def synthetic_shard(seed: int, first_seq: int, rows: int):
    """One shard of records (a pyarrow Table of the record schema)."""
    import pyarrow as pa

    from spacy_genderfair.audit.schema import GROUP_KEYS, record_schema

    rng = np.random.default_rng(seed)
    schema = record_schema()
    columns = {name: None for name in schema.names}
    seq = np.arange(first_seq, first_seq + rows)
    columns.update(seq=seq, id=[f"t{n:08d}" for n in seq], source=["synthetic.jsonl"] * rows,
                   line=seq + 1, year=rng.integers(1980, 2025, rows),
                   month=rng.integers(1, 13, rows), status=["ok"] * rows,
                   n_tokens=rng.integers(50, 2000, rows), actor_level=np.ones(rows, bool))
    for key in GROUP_KEYS:
        for field in schema.names:
            if field.startswith(f"{key}_") and not field.endswith("_lemmas"):
                columns[field] = np.zeros(rows)
    for key, counts in REPORT_2023.items():
        actors = _draw(rng, *counts["actors"], rows)
        present = actors > 0
        columns[f"{key}_actors"] = actors
        for name, (mean, std) in counts.items():
            if name != "actors":
                drawn = _draw(rng, mean / present.mean(), std, rows)
                columns[f"{key}_{name}"] = np.where(present, drawn, 0)
        scores = rng.normal(*SENTIMENT, rows)
        columns[f"{key}_sentiment_count"] = actors
        columns[f"{key}_sentiment_sum"] = np.where(present, scores * actors, 0.0)
    for field in schema:
        if columns[field.name] is None and not field.nullable:
            columns[field.name] = np.zeros(rows, dtype=bool if field.type == pa.bool_() else int)
    arrays = [pa.array(columns[field.name], field.type) if columns[field.name] is not None
              else pa.nulls(rows, field.type) for field in schema]
    return pa.Table.from_arrays(arrays, schema=schema)


def write_synthetic_audit(folder: Path, size: int) -> None:
    """An audit folder of ``size`` synthetic records, as ``genderfair audit`` leaves it."""
    import pyarrow.parquet as pq

    from spacy_genderfair.audit.report import build_report, write_report
    from spacy_genderfair.audit.runner import MANIFEST_FILE
    from spacy_genderfair.audit.schema import ShardedRecords
    from spacy_genderfair.audit.shards import ShardStore

    parameters = {"lang": "de", "model": None, "blank": False, "id_field": None,
                  "text_field": "text", "date_field": "date", "shard_size": SHARD_ROWS,
                  "max_length": 1_000_000}
    inputs = {"synthetic.jsonl": "0" * 64}
    store = ShardStore(folder, {"inputs": inputs, **parameters})
    for number, first in enumerate(range(0, size, SHARD_ROWS)):
        table = synthetic_shard(number, first, min(SHARD_ROWS, size - first))
        pq.write_table(table, store.path(number))
    manifest = {"audit": {"inputs": [{"path": "synthetic.jsonl", "sha256": "0" * 64}],
                          "parameters": parameters, "actor_level": True, "notes": [],
                          "counts": {"input_records": size}}}
    (folder / MANIFEST_FILE).write_text(json.dumps(manifest), encoding="utf-8")
    # the audit's report, as 'genderfair audit' leaves it: the steps rewrite its stages
    write_report(build_report(ShardedRecords(folder), header={"lang": "de"}), folder)


def run_stage(stage: str, folder: Path) -> dict:
    """One stage in this process: its wall time and result."""
    from spacy_genderfair.audit.balance import BalanceSettings, balance_columns, run_balance
    from spacy_genderfair.audit.exclude import flag_columns, run_exclude
    from spacy_genderfair.audit.steps import checked_records, whole_columns

    started = time.perf_counter()
    result = {}
    if stage == "load":
        records = checked_records(folder)
        whole_columns(records, sorted(set(flag_columns() + balance_columns())))
    elif stage == "exclude":
        result = run_exclude(folder).to_dict()
    else:
        method = "greedy" if stage == "greedy" else "optimal"
        report = run_balance(folder, BalanceSettings(
            method=method, by_year=stage == "optimal_by_year",
            keep="tokens" if stage == "optimal_tokens" else "texts"))
        result = {key: report[key] for key in ("texts", "removed", "reached",
                                               "ratios_before", "ratios_after")}
        result["gap"] = max((period["solver"].get("gap", 0.0)
                                 for period in report["periods"].values()), default=0.0)
    seconds = time.perf_counter() - started
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"stage": stage, "seconds": seconds, "peak_mb": peak_mb, **result}


def measure(size: int) -> list[dict]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="balance_scale_") as tmp:
        folder = Path(tmp)
        started = time.perf_counter()
        write_synthetic_audit(folder, size)
        print(f"{size:,} synthetic records written in {time.perf_counter() - started:.1f} s",
              flush=True)
        for stage in STAGES:
            output = subprocess.run([sys.executable, __file__, "--stage", stage, str(folder)],
                                    check=True, capture_output=True, text=True).stdout
            rows.append(json.loads(output.splitlines()[-1]))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[180_000, 900_000, 1_800_000])
    parser.add_argument("--stage", choices=STAGES, help=argparse.SUPPRESS)
    parser.add_argument("folder", nargs="?", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.stage:
        print(json.dumps(run_stage(args.stage, Path(args.folder))))
        return
    results = {size: measure(size) for size in args.sizes}
    print(f"\n{'records':>10} {'stage':<16} {'wall s':>7} {'x load':>7} {'peak MB':>8}  result")
    for size, rows in results.items():
        load = rows[0]["seconds"]
        for row in rows:
            if row["stage"] == "exclude":
                note = f"excluded {row['excluded']:,} of {row['analysed']:,}"
            elif "removed" in row:
                note = (f"removed {row['removed']:,} of {row['texts']:,}; reached "
                        f"{row['reached']}; actors {row['ratios_before']['actors']} -> "
                        f"{row['ratios_after']['actors']}, mentions "
                        f"{row['ratios_before']['mentions']} -> "
                        f"{row['ratios_after']['mentions']}; gap {row['gap']:.2g}")
            else:
                note = "records loaded (baseline)"
            print(f"{size:>10,} {row['stage']:<16} {row['seconds']:>7.2f} "
                  f"{row['seconds'] / load:>7.1f} {row['peak_mb']:>8.0f}  {note}")
    for size, rows in results.items():
        by_stage = {row["stage"]: row for row in rows}
        total = sum(by_stage[stage]["seconds"] for stage in TARGET_STAGES)
        peak = max(by_stage[stage]["peak_mb"] for stage in TARGET_STAGES)
        print(f"{size:>10,} {' + '.join(TARGET_STAGES)}: {total:.2f} s "
              f"(x{total / by_stage['load']['seconds']:.1f} load), peak {peak:.0f} MB")
    if len(results) > 1:
        sizes = sorted(results)
        steps = " -> ".join(f"{size:,}" for size in sizes)
        print(f"\ngrowth {steps} records (time ratios; linear: "
              + ", ".join(f"x{later / earlier:.1f}" for earlier, later in pairwise(sizes))
              + "); line: time = fixed + per-million cost, and the fixed part at the smallest")
        for index, stage in enumerate(STAGES):
            seconds = [results[size][index]["seconds"] for size in sizes]
            ratios = ", ".join(f"x{later / earlier:.1f}"
                               for earlier, later in pairwise(seconds))
            per_record, fixed = np.polyfit(sizes, seconds, 1)
            print(f"  {stage:<16} {ratios:<14} fixed {fixed:6.2f} s + {per_record * 1e6:6.2f} "
                  f"s per million; fixed = {100 * max(fixed, 0) / seconds[0]:.0f} % of "
                  f"{sizes[0]:,}")
    for size, rows in results.items():
        by_stage = {row["stage"]: row for row in rows}
        greedy, optimal = by_stage["greedy"], by_stage["optimal"]
        print(f"{size:,}: optimal removes {optimal['removed']:,}, greedy {greedy['removed']:,} "
              f"(optimal/greedy {optimal['removed'] / max(greedy['removed'], 1):.3f}); "
              f"by year {by_stage['optimal_by_year']['removed']:,}; keeping tokens "
              f"{by_stage['optimal_tokens']['removed']:,}")


if __name__ == "__main__":
    main()
