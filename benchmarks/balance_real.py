"""Exclude and balance on real audits: GAP's Wikipedia snippets and LitBank's books.

The corpora are audited as in ``audit_eval.py`` (en_core_web_sm; the audit folder is kept
under --cache, so a second run resumes it instead of parsing again). Then, on each audit:
exclusion with --absent-group skip and with neutral (the paper's), and, after the default
exclusion, greedy and optimal balancing to [0.75, 1.25]: texts removed, bounds reached,
wall time and its ratio to loading the records alone in the same run. Last, the step report
(texts, she/he ratios and she/her shares with 95 % intervals before, after exclusion, after
optimal balancing).

    python benchmarks/balance_real.py [--corpus gap|litbank|both] [--cache DIR]
"""

import argparse
import time
from pathlib import Path

from _common import CACHE_ROOT
from audit_eval import audit, gap_records, litbank_records

from spacy_genderfair.audit.balance import BalanceSettings, balance_columns, run_balance
from spacy_genderfair.audit.exclude import ExcludeSettings, flag_columns, run_exclude
from spacy_genderfair.audit.step_report import build_step_report, render_step_report
from spacy_genderfair.audit.steps import checked_records, whole_columns

CORPORA = {"gap": gap_records, "litbank": litbank_records}


def timed(func):
    started = time.perf_counter()
    result = func()
    return result, time.perf_counter() - started


def steps(folder: Path) -> None:
    def load():
        whole_columns(checked_records(folder), sorted(set(flag_columns() + balance_columns())))

    _, load_seconds = timed(load)
    print(f"{'step':<34}{'wall s':>8}{'x load':>8}  result")
    print(f"{'load the records (baseline)':<34}{load_seconds:>8.3f}{1.0:>8.1f}")
    for mode in ("neutral", "skip"):  # skip last: the balancing runs after it
        summary, seconds = timed(lambda mode=mode: run_exclude(
            folder, ExcludeSettings(absent_group=mode)))
        flags = ", ".join(f"{flag} {n}" for flag, n in summary.flag_counts.items())
        print(f"{'exclude, absent group ' + mode:<34}{seconds:>8.3f}"
              f"{seconds / load_seconds:>8.1f}  excluded {summary.excluded} of "
              f"{summary.analysed} ({summary.compared} compared; {flags})")
    for method in ("greedy", "optimal"):
        report, seconds = timed(lambda method=method: run_balance(
            folder, BalanceSettings(method=method)))
        print(f"{'balance ' + method:<34}{seconds:>8.3f}{seconds / load_seconds:>8.1f}  "
              f"removed {report['removed']} of {report['texts']}; reached "
              f"{report['reached']}; actors {report['ratios_before']['actors']} -> "
              f"{report['ratios_after']['actors']}, mentions "
              f"{report['ratios_before']['mentions']} -> {report['ratios_after']['mentions']}")
    print()
    print(render_step_report(build_step_report(folder, checked_records(folder))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="both", choices=["gap", "litbank", "both"])
    parser.add_argument("--cache", type=Path, default=CACHE_ROOT / "balance_real",
                        help="where the audits are kept (resumed on a second run)")
    args = parser.parse_args()
    args.cache.mkdir(parents=True, exist_ok=True)
    for name in CORPORA if args.corpus == "both" else [args.corpus]:
        audit(name, CORPORA[name](), args.cache)
        steps(args.cache / name)


if __name__ == "__main__":
    main()
