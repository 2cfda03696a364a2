"""The do-nothing gender-swap baseline (prediction = original) on the NER-UK v2.0-swapped DEV
pairs, next to the issue's reference values and Nahurna & Romanyshyn's (2025) Table 3.

Metric definitions: spacy_genderfair.swap.metrics. Pairs: every non-empty line of
``X-swapped.txt`` with line ``.meta[k]`` of the original ``X.txt``; lines whose ``.meta``
index is unusable are skipped and listed.

    python benchmarks/swap_baseline.py
"""

import time

from _common import shared

from spacy_genderfair.corpus.swap_pairs import PairReport, read_split, read_swapped_pairs
from spacy_genderfair.evaluation.swap_metrics import SwapTriple, evaluate_swaps

COLUMNS = (("exact_match", "EM"), ("exact_match_without_pers", "EM w/o PERS"),
           ("job_match", "JOB Match"), ("bleu", "BLEU"), ("bleu_without_pers", "BLEU w/o PERS"),
           ("token_count_match", "Token Count"),
           ("rouge_l", "ROUGE-L"), ("dictionary_coverage", "Dict. cov."))
ISSUE_BASELINE = {"exact_match_without_pers": 0.04, "job_match": 0.13, "bleu": 0.72,
                  "token_count_match": 0.99}
ISSUE_PAIRS = 927
PAPER_TABLE_3 = {
    "Aya-101 fine-tuned": {"exact_match": 0.44, "exact_match_without_pers": 0.64,
                           "job_match": 0.82, "bleu": 0.82, "token_count_match": 0.92},
    "GPT-4o-mini": {"exact_match": 0.45, "exact_match_without_pers": 0.62, "job_match": 0.65,
                    "bleu": 0.82, "token_count_match": 0.91},
}


def main() -> None:
    swapped_root = shared("ner-uk", "v2.0-swapped", "data")
    original_root = shared("ner-uk", "v2.0", "data")
    dev = read_split(swapped_root / "dev-split.txt").get("DEV")
    report = PairReport()
    pairs = list(read_swapped_pairs(swapped_root, original_root, on_error="skip",
                                    report=report, documents=dev))
    start = time.perf_counter()
    scores = evaluate_swaps([
        SwapTriple(p.original, p.reference, p.original, p.reference_entities,
                   p.original_entities) for p in pairs])
    seconds = time.perf_counter() - start
    print(f"documents {report.documents}; swapped lines {report.swapped_lines} = pairs "
          f"{report.pairs} + skipped {report.skipped_lines} (issue: {ISSUE_PAIRS} pairs); "
          f"{report.blank_lines} blank lines")
    for problem in report.problems:
        print(f"  skipped: {problem.path} line {problem.line}: {problem.reason}")
    for warning in report.warnings:
        print(f"  warning: {warning.path} line {warning.line}: {warning.reason} (kept)")
    print(f"JOB: {scores.job_entities} reference entities in {scores.job_pairs} pairs "
          f"(micro JOB Match {scores.job_match_micro:.3f}); dictionary coverage over "
          f"{scores.swapped_job_pairs} swapped JOB pairs ({scores.unpaired_job_pairs} pairs "
          f"with unequal JOB counts left out); scored in {seconds:.1f} s\n")
    rows = {"do-nothing baseline (ours)": scores.to_dict(),
            "do-nothing baseline (issue)": ISSUE_BASELINE, **PAPER_TABLE_3}
    print(f"{'system':<30}" + "".join(f"{name:>13}" for _, name in COLUMNS))
    for system, values in rows.items():
        cells = [values.get(key) for key, _ in COLUMNS]
        print(f"{system:<30}" + "".join(f"{v:13.3f}" if v is not None else f"{'-':>13}"
                                        for v in cells))
    worst = max(abs(scores.to_dict()[k] - v) for k, v in ISSUE_BASELINE.items())
    verdict = "within" if worst <= 0.01 and scores.pairs == ISSUE_PAIRS else "OUTSIDE"
    print(f"\nlargest difference from the issue's baseline: {worst:.3f} ({verdict} ±0.01)")


if __name__ == "__main__":
    main()
