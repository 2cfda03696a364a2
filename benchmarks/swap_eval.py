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

Every figure is printed for the two parts of DEV (spacy_genderfair.evaluation.swap_parts:
a seeded hash of the document id; tuning ~2/3, frozen ~1/3) and for all of it. Only the
tuning part may be read sentence by sentence; the frozen part is only scored, and it is what
the targets are measured on (the withheld NER-UK TEST documents are never read here).

Speed, one process: the DEV lines twice (first pass with empty caches, then warm), and every
non-empty line of NER-UK v2.0 (about 18,000, with their gold entities) in one pass of a fresh
pipeline: the corpus-scale figure, where the analyser's per-word caches fill as they would on
a user's corpus. Doc creation and entity placement are outside the timed part.

    python benchmarks/swap_eval.py [--split DEV] [--name-list PATH] [--direction D] [--seeds N]
"""

import argparse
import statistics
import time
from collections import Counter

import spacy
import swap_grammaticality
from _common import shared
from spacy.tokens import Doc
from swap_baseline import COLUMNS, ISSUE_BASELINE, PAPER_TABLE_3

from spacy_genderfair.corpus.brat import read_brat_folder
from spacy_genderfair.corpus.brat_writer import line_doc, target_labels
from spacy_genderfair.corpus.swap_pairs import (
    PairReport,
    entities_on_line,
    line_spans,
    read_split,
    read_swapped_pairs,
)
from spacy_genderfair.evaluation.swap_metrics import SwapTriple, corpus_bleu, evaluate_swaps
from spacy_genderfair.evaluation.swap_parts import PARTS, part_of
from spacy_genderfair.lang import load_profile
from spacy_genderfair.lexicon import get_lexicon
from spacy_genderfair.swap import read_name_list
from spacy_genderfair.swap.direction import UNKNOWN_TITLE
from spacy_genderfair.swap.names.lists import builtin_name_list
from spacy_genderfair.swap.rules import counting_rules, read_rules

# issue 37: on documents the rules were not written on; raw BLEU mostly measures which first
# names were drawn, so BLEU without PERS replaces it
TARGETS = {"exact_match_without_pers": 0.70, "job_match": 0.90, "bleu_without_pers": 0.93,
           "token_count_match": 0.98}
SPEED_TARGET = 2000
SPEED_RUNS = 5


def with_entities(nlp, text: str, entities) -> Doc:
    """The Doc of ``text`` with its gold entities placed as ``genderfair augment-brat``
    places them (persons and job titles first)."""
    return line_doc(nlp.make_doc, text, entities, target_labels(nlp))[0]


def swapper(**config):
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config=config)
    nlp.initialize()
    return nlp


def corpus_speed(root, direction: str, runs: int = SPEED_RUNS) -> dict:
    """Sentences per second over every non-empty line of the brat corpus at ``root``: the
    swapper (a fresh pipeline each run, Docs made beforehand) and spaCy's bare uk tokenizer
    over the same lines, timed alternately in each of ``runs`` runs; medians and the ratio
    of their times."""
    lines = [(line, entities_on_line(entities, start, line))
             for _, text, entities in read_brat_folder(root)
             for start, line in line_spans(text) if line.strip()]
    tokenizer = spacy.blank("uk")
    swap_rates, tokenizer_rates = [], []
    for _ in range(runs):
        start = time.perf_counter()
        for line, _ in lines:
            tokenizer.make_doc(line)
        tokenizer_rates.append(len(lines) / (time.perf_counter() - start))
        nlp = swapper(seed=0, direction=direction)
        docs = [with_entities(nlp, line, entities) for line, entities in lines]
        start = time.perf_counter()
        for _ in nlp.pipe(docs):
            pass
        swap_rates.append(len(lines) / (time.perf_counter() - start))
    swap, tokenize = statistics.median(swap_rates), statistics.median(tokenizer_rates)
    return {"lines": len(lines), "swap": swap, "swap_runs": swap_rates,
            "tokenizer": tokenize, "ratio": tokenize / swap}


def rule_firings(nlp, keyed_docs) -> Counter:
    """For each rule (``spacy_genderfair.swap.rules``), in how many documents it fires:
    ``keyed_docs`` are (document key, Doc) pairs, several lines of a document sharing a key."""
    found: dict[str, set] = {}
    for key, doc in keyed_docs:
        with counting_rules() as fired:
            nlp(doc)
        for rule_id in fired:
            found.setdefault(rule_id, set()).add(key)
    return Counter({rule_id: len(keys) for rule_id, keys in found.items()})


def print_rule_table(firings: dict[str, Counter]) -> None:
    """The rule table with where each rule fires; the rules firing in fewer than 3 tuning
    documents and nowhere in UD uk_iu are listed at the end (they rest on our own test
    sentences, tests/swap, or are candidates for deletion)."""
    rules = read_rules()
    corpora = list(firings)
    print(f"rules ({len(rules)}): in how many documents each fires (NER-UK DEV parts; "
          f"uk_iu: sentences, bare and with their gold parse)")
    widths = {name: max(9, len(name) + 2) for name in corpora}
    print(f"  {'rule':<36}{'relation':<22}" + "".join(f"{name:>{widths[name]}}"
                                                       for name in corpora))
    for rule_id, rule in rules.items():
        print(f"  {rule_id:<36}{rule.relation:<22}" + "".join(
            f"{firings[name][rule_id]:{widths[name]}d}" for name in corpora))
    thin = [rule_id for rule_id in rules if firings["tuning"][rule_id] < 3
            and not firings["uk_iu"][rule_id] and not firings["uk_iu+parse"][rule_id]]
    print(f"  firing in < 3 tuning documents and not in uk_iu (bare or parsed): {len(thin)} "
          f"({', '.join(thin) or 'none'})")


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

    parts = [part_of(p.doc_id) for p in pairs]

    def by_part(outputs, round_trip=None) -> dict[str, dict]:
        """Figures of the outputs on each part of DEV and on all of it."""
        found = {}
        for part in (*PARTS, "all"):
            keep = [k for k, name in enumerate(parts) if part in (name, "all")]
            found[part] = evaluate_swaps(
                [SwapTriple(pairs[k].original, pairs[k].reference, outputs[k]._.swapped,
                            pairs[k].reference_entities, pairs[k].original_entities)
                 for k in keep],
                round_trip=[round_trip[k] for k in keep] if round_trip else None).to_dict()
        return found

    scores = by_part(swapped)
    systems = {f"ours, {args.direction}": scores, "ours, invert": by_part(inverted_docs),
               f"ours, {args.direction}, no entities": by_part(bare_docs)}
    round_trip = by_part(once, round_trip=twice)
    unknown = sum(e["new"] is None for doc in swapped for e in doc._.swap_edits)
    titles = sum(e["reason"].startswith(UNKNOWN_TITLE) for doc in swapped
                 for e in doc._.swap_edits)
    documents_by_part = Counter(part_of(d) for d in {p.doc_id for p in pairs})
    sizes = ", ".join(f"{part} {parts.count(part)} of {documents_by_part[part]} documents"
                      for part in PARTS)
    print(f"{args.split}: {len(pairs)} pairs ({sizes}); "
          f"{sum(d._.swapped != d.text for d in swapped)} changed; {unknown} edits left "
          f"unmade (no form known, reported; {titles} of them job titles not in the lexicon)")
    print(f"{'system':<38}{'part':<8}" + "".join(f"{name:>15}" for _, name in COLUMNS))
    rows = [(system, part, values) for system, found in systems.items()
            for part, values in found.items()]
    rows += [(system, "", values) for system, values in
             {"do-nothing baseline (issue)": ISSUE_BASELINE, **PAPER_TABLE_3,
              "target (frozen part)": TARGETS}.items()]
    for system, part, values in rows:
        cells = [values.get(key) for key, _ in COLUMNS]
        print(f"{system:<38}{part:<8}" + "".join(
            f"{v:15.3f}" if v is not None else f"{'-':>15}" for v in cells))
    print()
    for key, target in TARGETS.items():
        values = {part: scores[part][key] for part in PARTS}
        verdict = "met" if values["frozen"] >= target else "NOT met"
        print(f"{key:<26} tuning {values['tuning']:.3f}, frozen {values['frozen']:.3f} "
              f"(target on frozen >= {target:.2f}: {verdict})")
    gap = scores["tuning"]["exact_match_without_pers"] - scores["frozen"][
        "exact_match_without_pers"]
    print(f"EM w/o PERS, tuning - frozen: {gap:+.3f} (target: within 0.03)")
    print("round-trip exact match (invert, names kept): " + ", ".join(
        f"{part} {round_trip[part]['round_trip_exact_match']:.3f}" for part in (*PARTS, "all")))
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
    uk_iu = swap_grammaticality.measure()
    print(f"UD uk_iu (general text; benchmarks/swap_grammaticality.py): {uk_iu['clean']} of "
          f"{uk_iu['changed']} swapped sentences with no agreement violation "
          f"({100 * uk_iu['clean'] / max(uk_iu['changed'], 1):.1f} %), round trip "
          f"{100 * uk_iu['back'] / max(uk_iu['changed'], 1):.1f} %")
    inverted_bare = swapper(seed=0, direction="invert")
    firings = {part: rule_firings(nlp, [
        (p.doc_id, with_entities(nlp, p.original, p.original_entities))
        for p, name in zip(pairs, parts, strict=True) if name == part]) for part in PARTS}
    uk_iu_gold = swap_grammaticality.gold_docs(inverted_bare.vocab)
    firings["uk_iu"] = rule_firings(inverted_bare, [
        (k, swap_grammaticality.bare(doc, inverted_bare.vocab))
        for k, doc in enumerate(uk_iu_gold)])
    # (the same sentences with their gold parse: the rules of the parse-based steps, which
    # the uk profile's read_parse leaves to the walk unless asked for)
    firings["uk_iu+parse"] = rule_firings(swapper(seed=0, direction="invert", read_parse=True),
                                          list(enumerate(uk_iu_gold)))
    print_rule_table(firings)
    speed = corpus_speed(shared("ner-uk", "v2.0", "data"), args.direction)
    print(f"speed, one process, {args.direction} (target >= {SPEED_TARGET:,} sentences/s; "
          f"pymorphy3 dictionary reader: {dictionary_reader()}):")
    print(f"  DEV first pass (cold caches)   {cold:8,.0f} sentences/s")
    print(f"  DEV second pass (warm caches)  {warm:8,.0f} sentences/s")
    print(f"  NER-UK v2.0, {speed['lines']:,} lines, median of {SPEED_RUNS} runs "
          f"{speed['swap']:8,.0f} sentences/s (runs: "
          f"{', '.join(f'{rate:,.0f}' for rate in speed['swap_runs'])})")
    print(f"  spaCy's bare uk tokenizer, same lines, median  {speed['tokenizer']:8,.0f} "
          f"sentences/s: the swap takes {speed['ratio']:.1f}x the tokenizer's time")

if __name__ == "__main__":
    main()
