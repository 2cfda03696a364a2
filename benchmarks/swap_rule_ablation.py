"""What each rule of the Ukrainian swapper is worth: switch it off, measure again.

For every rule of ``spacy_genderfair/lang/uk/swap_rules.tsv`` (or those named), the swap is
run with that rule switched off (``spacy_genderfair.swap.rules.rules_disabled``: its
predicate never holds, its relation finds nothing) and compared with all rules on:

- NER-UK v2.0-swapped DEV, ``feminine_first`` with the gold entities, as in
  ``swap_eval.py``: EM without PERS and JOB Match on the tuning part and the frozen part
  (both printed; choices are made on the tuning part), and how many lines changed output;
- UD uk_iu dev + test, as in ``swap_grammaticality.py``: sentences swapped with no
  agreement violation, and how many outputs changed.

A rule whose switching off changes nothing anywhere is either dead or covered by another;
one that only costs frozen lines was written on a frozen document.

    python benchmarks/swap_rule_ablation.py [RULE ...] [--changed-only]
"""

import argparse
from collections import Counter

import pymorphy3
import swap_grammaticality
from _common import shared
from swap_eval import swapper, with_entities

from spacy_genderfair.corpus.swap_pairs import PairReport, read_split, read_swapped_pairs
from spacy_genderfair.evaluation.swap_metrics import SwapTriple, evaluate_swaps
from spacy_genderfair.evaluation.swap_parts import PARTS, part_of
from spacy_genderfair.swap.rules import read_rules, rules_disabled


class Measure:
    """The DEV pairs and uk_iu sentences, swapped and scored under the rules switched on."""

    def __init__(self) -> None:
        root = shared("ner-uk", "v2.0-swapped", "data")
        self.pairs = list(read_swapped_pairs(
            root, shared("ner-uk", "v2.0", "data"), on_error="skip", report=PairReport(),
            documents=read_split(root / "dev-split.txt").get("DEV")))
        self.parts = [part_of(p.doc_id) for p in self.pairs]
        self.nlp = swapper(seed=0, direction="feminine_first")
        self.inverted = swapper(seed=0, direction="invert")
        self.golds = swap_grammaticality.gold_docs(self.inverted.vocab)
        self.morph = pymorphy3.MorphAnalyzer(lang="uk")

    def __call__(self) -> dict:
        outputs = [self.nlp(with_entities(self.nlp, p.original, p.original_entities))._.swapped
                   for p in self.pairs]
        found = {"outputs": outputs}
        for part in PARTS:
            keep = [k for k, name in enumerate(self.parts) if name == part]
            scores = evaluate_swaps([SwapTriple(
                self.pairs[k].original, self.pairs[k].reference, outputs[k],
                self.pairs[k].reference_entities, self.pairs[k].original_entities)
                for k in keep]).to_dict()
            found[part] = (scores["exact_match_without_pers"], scores["job_match"])
        swapped = [self.inverted(swap_grammaticality.bare(gold, self.inverted.vocab))
                   for gold in self.golds]
        found["uk_iu_outputs"] = [doc._.swapped for doc in swapped]
        checked = [not swap_grammaticality.check(self.morph, gold, doc, Counter())
                   for gold, doc in zip(self.golds, swapped, strict=True)
                   if any(edit["new"] for edit in doc._.swap_edits)]
        # (the share, not the count: a rule that keeps a word from being swapped makes
        # fewer sentences change, and the agreement check cannot see a word swapped wrongly)
        found["uk_iu"] = 100 * sum(checked) / max(len(checked), 1)
        return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rules", nargs="*", help="rule ids (default: every rule)")
    parser.add_argument("--changed-only", action="store_true",
                        help="print only the rules whose switching off changes an output")
    args = parser.parse_args()
    rules = args.rules or list(read_rules())
    measure = Measure()
    base = measure()
    print(f"all rules on: tuning EM w/o PERS {base['tuning'][0]:.4f}, JOB {base['tuning'][1]:.4f}"
          f"; frozen {base['frozen'][0]:.4f}, {base['frozen'][1]:.4f}; uk_iu swapped sentences "
          f"with no violation {base['uk_iu']:.1f} %")
    print(f"{'rule switched off':<36}{'tuning EM':>10}{'JOB':>8}{'frozen EM':>11}{'JOB':>8}"
          f"{'uk_iu %':>9}   outputs changed: tuning / frozen / uk_iu")
    for rule_id in rules:
        with rules_disabled([rule_id]):
            found = measure()
        changed = [sum(a != b for a, b, name in zip(
            found["outputs"], base["outputs"], measure.parts, strict=True) if name == part)
            for part in PARTS]
        changed.append(sum(a != b for a, b in zip(found["uk_iu_outputs"], base["uk_iu_outputs"],
                                                   strict=True)))
        if args.changed_only and not any(changed):
            continue
        deltas = [found["tuning"][0] - base["tuning"][0], found["tuning"][1] - base["tuning"][1],
                  found["frozen"][0] - base["frozen"][0], found["frozen"][1] - base["frozen"][1]]
        widths = (10, 8, 11, 8)
        print(f"{rule_id:<36}" + "".join(f"{d:+{w}.4f}"
                                         for d, w in zip(deltas, widths, strict=True))
              + f"{found['uk_iu'] - base['uk_iu']:+9.1f}   "
              + " / ".join(str(c) for c in changed), flush=True)


if __name__ == "__main__":
    main()
