"""gender_swapper on the NER-UK v2.0-swapped DEV pairs, with the paper's metrics, next to
Nahurna & Romanyshyn's (2025) Table 3 and the do-nothing baseline; plus speed.

Each original line goes through ``spacy.blank("uk")`` + ``gender_swapper`` with the line's
gold NER-UK entities on the Doc (the augmentation use case: the corpus is annotated, and the
swapper targets its PERS and JOB entities). Metric definitions: spacy_genderfair.swap.metrics.
The headline row uses ``direction="feminine_first"``, the convention the references follow
(a line naming anyone masculine is made feminine, its women kept; any other line is
inverted: see spacy_genderfair.swap.direction); an ``invert`` row is printed beside it, and
a row with no entities on the Doc (what a bare pipeline with no NER gets: names are found by
the first-name list, and plural job titles stay).
Round trip: the prediction swapped again (with its re-aligned entities) against the original,
with ``invert`` and names kept (a name drawn at random cannot come back).

Speed, one process: the DEV lines twice (first pass with empty caches, then warm), and every
non-empty line of NER-UK v2.0 (about 18,000, with their gold entities) in one pass of a fresh
pipeline: the corpus-scale figure, where the analyser's per-word caches fill as they would on
a user's corpus. Doc creation and entity placement are outside the timed part.

    python benchmarks/swap_eval.py [--split DEV] [--name-list PATH] [--direction D] [--seeds N]
"""

import argparse
import time
from collections import Counter

import spacy
from _common import shared
from spacy.tokens import Doc
from swap_baseline import COLUMNS, ISSUE_BASELINE, PAPER_TABLE_3

from spacy_genderfair.corpus.brat import read_brat_folder
from spacy_genderfair.lang import load_profile
from spacy_genderfair.lexicon import get_lexicon
from spacy_genderfair.swap import read_name_list
from spacy_genderfair.swap.brat_writer import line_doc, target_labels
from spacy_genderfair.swap.direction import UNKNOWN_TITLE
from spacy_genderfair.swap.metrics import SwapTriple, corpus_bleu, evaluate_swaps
from spacy_genderfair.swap.names import builtin_name_list
from spacy_genderfair.swap.pairs import (
    PairReport,
    entities_on_line,
    line_spans,
    read_split,
    read_swapped_pairs,
)

TARGETS = {"exact_match_without_pers": 0.70, "job_match": 0.90, "bleu": 0.88,
           "token_count_match": 0.98}
SPEED_TARGET = 2000


def with_entities(nlp, text: str, entities) -> Doc:
    """The Doc of ``text`` with its gold entities placed as ``genderfair augment-brat``
    places them (persons and job titles first)."""
    return line_doc(nlp.make_doc, text, entities, target_labels(nlp))[0]


def swapper(**config):
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config=config)
    nlp.initialize()
    return nlp


def corpus_speed(root, direction: str) -> tuple[int, float]:
    """Sentences per second over every non-empty line of the brat corpus at ``root``."""
    nlp = swapper(seed=0, direction=direction)
    docs = [with_entities(nlp, line, entities_on_line(entities, start, line))
            for _, text, entities in read_brat_folder(root)
            for start, line in line_spans(text) if line.strip()]
    start = time.perf_counter()
    for _ in nlp.pipe(docs):
        pass
    return len(docs), len(docs) / (time.perf_counter() - start)


def commonest_drawn_names(docs, names) -> dict[str, tuple[str, int, int]]:
    """Per gender, the first name of the list ``names`` written most often in the swaps (by
    lemma), how often, and out of how many names written."""
    analyzer = get_lexicon("uk").analyzer
    genders = {"Masc": "masculine", "Fem": "feminine"}
    drawn: dict[str, Counter] = {}
    for doc in docs:
        for edit in doc._.swap_edits:
            if edit["reason"] != "first name" or not edit["new"]:
                continue
            # (a reading whose lemma the list has with that gender, the nominative's own
            # first: "Валерія" is her name, not the genitive of Валерій)
            word = edit["new"].lower()
            readings = sorted(analyzer.analyze(word), key=lambda r: r.lemma != word)
            found = next(((r.lemma, genders[r.gender]) for r in readings if r.gender in genders
                          and genders[r.gender] in names.genders(r.lemma)), None)
            if found is not None:
                drawn.setdefault(found[1], Counter())[found[0].capitalize()] += 1
    return {gender: (*counts.most_common(1)[0], sum(counts.values()))
            for gender, counts in sorted(drawn.items())}


def without_names(text: str, spans) -> str:
    """``text`` with each person span, (start, end) character offsets, replaced by one
    placeholder: what BLEU scores when the names drawn do not count."""
    for start, end in sorted(spans, reverse=True):
        text = text[:start] + "PERSON" + text[end:]
    return text


def with_reference_names(doc, pair) -> str:
    """The swapped text of ``doc`` with each person span that both it and the reference
    changed replaced by the reference's (spans paired in order, where the original, the
    reference and the prediction have as many): what BLEU would be had the names drawn been
    the annotators'."""
    original = [e for e in pair.original_entities if e.label == "PERS"]
    reference = [e for e in pair.reference_entities if e.label == "PERS"]
    ours = [e for e in doc._.swapped_doc.ents if e.label_ == "PERS"]
    text = doc._.swapped
    if not len(original) == len(reference) == len(ours):
        return text
    for before, theirs, mine in sorted(zip(original, reference, ours, strict=True),
                                       key=lambda spans: -spans[2].start_char):
        if before.text not in (theirs.text, mine.text):
            text = text[:mine.start_char] + theirs.text + text[mine.end_char:]
    return text


def bleu_over_seeds(pairs, seeds: int, name_list, direction: str) -> list[float]:
    """Corpus BLEU of ``seeds`` runs whose name draws differ only by the seed."""
    references = [p.reference for p in pairs]
    found = []
    for seed in range(seeds):
        nlp = swapper(seed=seed, name_list=name_list, direction=direction)
        found.append(corpus_bleu(
            [doc._.swapped for doc in nlp.pipe(
                with_entities(nlp, p.original, p.original_entities) for p in pairs)],
            references))
    return found


def dictionary_reader() -> str:
    """Which DAWG reader pymorphy3 uses: the C one of the ``fast`` extra or pure Python."""
    try:
        import dawg  # noqa: F401  (the module DAWG2 installs; pymorphy3 prefers it)
    except ImportError:
        return "pure Python (install spacy-genderfair[fast] for the C reader)"
    return "C (DAWG2)"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", default="DEV")
    parser.add_argument("--name-list", default=None)
    parser.add_argument("--direction", default="feminine_first")
    parser.add_argument("--seeds", type=int, default=0,
                        help="also print BLEU's range over this many name-drawing seeds")
    args = parser.parse_args()
    swapped_root = shared("ner-uk", "v2.0-swapped", "data")
    documents = read_split(swapped_root / "dev-split.txt").get(args.split)
    pairs = list(read_swapped_pairs(swapped_root, shared("ner-uk", "v2.0", "data"),
                                    on_error="skip", report=PairReport(), documents=documents))
    nlp = swapper(seed=0, name_list=args.name_list, direction=args.direction)
    docs = [with_entities(nlp, p.original, p.original_entities) for p in pairs]
    start = time.perf_counter()
    swapped = list(nlp.pipe(docs))
    cold = len(docs) / (time.perf_counter() - start)
    start = time.perf_counter()
    for _ in nlp.pipe(with_entities(nlp, p.original, p.original_entities) for p in pairs):
        pass
    warm = len(docs) / (time.perf_counter() - start)

    inverted = swapper(seed=0, name_list=args.name_list, direction="invert")
    inverted_docs = list(inverted.pipe(with_entities(inverted, p.original, p.original_entities)
                                       for p in pairs))
    # what a bare ``spacy.blank("uk")`` pipeline gets: no entities to say who is a person
    bare_docs = list(nlp.pipe(nlp.make_doc(p.original) for p in pairs))
    keep = swapper(seed=0, swap_names=False)
    once = list(keep.pipe([with_entities(keep, p.original, p.original_entities)
                           for p in pairs]))
    twice = [doc._.swapped for doc in keep.pipe(doc._.swapped_doc for doc in once)]

    scores = evaluate_swaps([
        SwapTriple(p.original, p.reference, doc._.swapped, p.reference_entities,
                   p.original_entities) for p, doc in zip(pairs, swapped, strict=True)])
    invert_scores = evaluate_swaps([
        SwapTriple(p.original, p.reference, doc._.swapped, p.reference_entities,
                   p.original_entities) for p, doc in zip(pairs, inverted_docs, strict=True)])
    bare_scores = evaluate_swaps([
        SwapTriple(p.original, p.reference, doc._.swapped, p.reference_entities,
                   p.original_entities) for p, doc in zip(pairs, bare_docs, strict=True)])
    round_trip = evaluate_swaps([
        SwapTriple(p.original, p.reference, doc._.swapped, p.reference_entities,
                   p.original_entities) for p, doc in zip(pairs, once, strict=True)],
        round_trip=twice)
    unknown = sum(e["new"] is None for doc in swapped for e in doc._.swap_edits)
    titles = sum(e["reason"].startswith(UNKNOWN_TITLE) for doc in swapped
                 for e in doc._.swap_edits)
    print(f"{args.split}: {len(pairs)} pairs; {sum(d._.swapped != d.text for d in swapped)} "
          f"changed; {unknown} edits left unmade (no form known, reported; {titles} of them "
          f"job titles not in the lexicon)")
    rows = {f"ours, {args.direction}": scores.to_dict(),
            "ours, invert": invert_scores.to_dict(),
            f"ours, {args.direction}, no entities": bare_scores.to_dict(),
            "do-nothing baseline (issue)": ISSUE_BASELINE, **PAPER_TABLE_3,
            "target": TARGETS}
    print(f"{'system':<38}" + "".join(f"{name:>13}" for _, name in COLUMNS))
    for system, values in rows.items():
        cells = [values.get(key) for key, _ in COLUMNS]
        print(f"{system:<38}" + "".join(f"{v:13.3f}" if v is not None else f"{'-':>13}"
                                        for v in cells))
    ours = scores.to_dict()
    print()
    for key, target in TARGETS.items():
        verdict = "met" if ours[key] >= target else "NOT met"
        print(f"{key:<26} {ours[key]:.3f} (target >= {target:.2f}: {verdict})")
    print(f"round-trip exact match (invert, names kept): "
          f"{round_trip.round_trip_exact_match:.3f}")
    # How much of BLEU's gap is the names: with every PERS span masked on both sides
    masked = corpus_bleu(
        [without_names(doc._.swapped, [(e.start_char, e.end_char)
                                       for e in doc._.swapped_doc.ents if e.label_ == "PERS"])
         for doc in swapped],
        [without_names(p.reference, [(e.start, e.end) for e in p.reference_entities
                                     if e.label == "PERS"]) for p in pairs])
    print(f"BLEU with PERS spans masked on both sides: {masked:.3f} (unmasked "
          f"{scores.bleu:.3f}: the difference is the names)")
    theirs = corpus_bleu([with_reference_names(doc, p)
                          for p, doc in zip(pairs, swapped, strict=True)],
                         [p.reference for p in pairs])
    print(f"BLEU with the references' names where both changed a name: {theirs:.3f}")
    if args.seeds:
        spread = bleu_over_seeds(pairs, args.seeds, args.name_list, args.direction)
        print(f"BLEU over {args.seeds} seeds: {min(spread):.4f}-{max(spread):.4f} "
              f"(mean {sum(spread) / len(spread):.4f})")
    names = read_name_list(args.name_list) if args.name_list else builtin_name_list(
        load_profile("uk"))
    for gender, (name, count, total) in commonest_drawn_names(swapped, names).items():
        # (the paper's LLM gave a quarter of the women it wrote one name, Наталія)
        print(f"commonest {gender} first name drawn: {name}, {count} of {total} "
              f"({count / total:.1%}; the paper's LLM: 25 % for its commonest woman's name)")
    lines, corpus = corpus_speed(shared("ner-uk", "v2.0", "data"), args.direction)
    print(f"speed, one process, {args.direction} (target >= {SPEED_TARGET:,} sentences/s; "
          f"pymorphy3 dictionary reader: {dictionary_reader()}):")
    print(f"  DEV first pass (cold caches)   {cold:8,.0f} sentences/s")
    print(f"  DEV second pass (warm caches)  {warm:8,.0f} sentences/s")
    print(f"  NER-UK v2.0, {lines:,} lines, one pass  {corpus:8,.0f} sentences/s")


if __name__ == "__main__":
    main()
