"""Pronoun resolution of actor_linker on hand-annotated gold sets in German, Ukrainian and
Portuguese (issue 33).

The gold sets (benchmarks/data/coref_gold_{de,pt,uk,pt_fresh}.jsonl; format and reader
in spacy_genderfair/evaluation/pronoun_gold.py) hold runs of one to three consecutive sentences
of the UD treebanks de_gsd, pt_bosque and uk_iu (dev and test), the person names in them as
PER entities, and every third-person singular personal or possessive pronoun that refers to
one of those persons, with its antecedent's spans — our own judgements. The parse, POS,
morphology and lemmas are the treebank's gold annotation, so the figures measure
resolution, not the parser. A pronoun is right when its actor holds one of its antecedent's
spans, unresolved when it is in no actor (not found as a pronoun, or no candidate). The
last columns count the gold pronouns the language's pronoun table knows, and the accuracy
on those alone. pt-fresh holds other Bosque sentences, annotated only after the Portuguese
pronoun table and the resolver's changes for it were settled on the pt set: its figure is the
untuned one.

    python benchmarks/coref_languages.py [--coref builtin]
"""

import argparse
import warnings
from pathlib import Path

import spacy
from _common import shared

from spacy_genderfair.corpus.conllu import read_conllu
from spacy_genderfair.evaluation.pronoun_gold import (
    gold_doc,
    pronoun_outcomes,
    read_gold,
    summarize,
)
from spacy_genderfair.lexicon import get_lexicon
from spacy_genderfair.lexicon.pronouns import third_person_readings
from spacy_genderfair.pipeline.actor_linker import COREF_BACKENDS

TREEBANKS = {"de": "de_gsd", "pt": "pt_bosque", "uk": "uk_iu"}
GOLD = Path(__file__).resolve().parent / "data"
# name -> (language, gold file). pt-fresh: Bosque sentences outside the pt set, annotated
# after the Portuguese pronoun table and the resolver were settled: the untuned figure.
GOLD_SETS = {"de": ("de", "coref_gold_de.jsonl"), "pt": ("pt", "coref_gold_pt.jsonl"),
             "uk": ("uk", "coref_gold_uk.jsonl"), "pt-fresh": ("pt", "coref_gold_pt_fresh.jsonl")}


def evaluate(lang: str, coref: str, gold_file: str) -> dict:
    nlp = spacy.blank(lang)
    nlp.add_pipe("gender_lexicon")
    nlp.add_pipe("actor_linker", config={"coref": coref})
    sentences = {}
    for path in sorted(shared("ud", TREEBANKS[lang]).glob("*.conllu")):
        sentences.update((d.user_data["sent_id"], d) for d in read_conllu(path, nlp.vocab))
    lexicon = get_lexicon(lang)
    outcomes, known = [], []
    for item in read_gold(GOLD / gold_file):
        doc = gold_doc(item, sentences)
        for _, component in nlp.pipeline:
            doc = component(doc)
        outcomes += pronoun_outcomes(doc, item)
        known += [_singular_third_person(doc[p["token"]], lexicon) for p in item["pronouns"]]
    summary = summarize(outcomes)
    # What the pronoun table covers, and the accuracy on those: resolution apart from the
    # table's reach.
    summary["known"] = sum(known)
    summary["known_accuracy"] = summarize(o for o, k in zip(outcomes, known, strict=True)
                                          if k)["accuracy"]
    return summary


def _singular_third_person(token, lexicon) -> bool:
    readings = third_person_readings(token, lexicon.pronouns, lexicon.profile, has_pos=True,
                                     has_morph=True)
    return any(r.number == "sing" for r in readings or ())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--coref", default="learned", choices=COREF_BACKENDS)
    args = parser.parse_args()
    warnings.filterwarnings("ignore", message=r"\[W102\]")
    print(f"gold UD sentences + PER entities; gender_lexicon + actor_linker(coref={args.coref!r})")
    print(f"{'':<10}{'pronouns':>10}{'right':>8}{'wrong':>8}{'unres.':>8}{'acc %':>8}"
          f"{'unres. %':>10}{'in table':>10}{'acc there %':>13}")
    for name, (lang, gold_file) in GOLD_SETS.items():
        s = evaluate(lang, args.coref, gold_file)
        print(f"{name:<10}{s['pronouns']:>10}{s['right']:>8}{s['wrong']:>8}{s['unresolved']:>8}"
              f"{100 * s['accuracy']:>8.1f}{100 * s['unresolved_share']:>10.1f}"
              f"{s['known']:>10}{100 * s['known_accuracy']:>13.1f}")
    print("in table: gold pronouns with a singular third-person reading in the language's "
          "pronouns.tsv (the others cannot be resolved)")


if __name__ == "__main__":
    main()
