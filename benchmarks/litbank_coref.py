"""Pronoun resolution on LitBank coreference (the 50 shared books), by pronoun gender.

Gold proper-name PER mentions are PERSON entities; en_core_web_sm tags and parses LitBank's
own tokens. A he/she-family pronoun counts when its gold chain has a name mention before it,
and is right when the resolver puts it in the actor of one of those names. Every backend is
measured on held-out books: 5 folds by a hash of the book id (the learned model is trained on
4 folds of LitBank + 4 of GAP development and tested on the 5th; the rules and the baseline
need no training). Baseline: the nearest preceding name mention whose honorific or first name
does not contradict the pronoun's gender. 95 % intervals: bootstrap over books.

    python benchmarks/litbank_coref.py [--folds 5] [--seed 0]
Target (issue 33): >= 85 % for both genders, feminine / masculine >= 0.98.
"""

import argparse

from _common import coref_data_paths

from spacy_genderfair.coref.evaluate import bootstrap, litbank_scores, nearest_name_outcomes
from spacy_genderfair.coref.ranker import default_ranker
from spacy_genderfair.coref.train import cross_validate_model, evaluate_docs, load_docs


def report(name: str, outcomes: list) -> None:
    scores = litbank_scores(outcomes)
    ci = bootstrap(outcomes, litbank_scores, groups=[o.doc_id for o in outcomes])

    def cell(key, digits=1):
        low, high = ci[key]
        return f"{scores[key]:.{digits}f} [{low:.{digits}f}, {high:.{digits}f}]"

    print(f"{name:<28}{cell('masculine'):>20}{cell('feminine'):>20}"
          f"{cell('ratio', 3):>24}{cell('unresolved'):>20}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    litbank, gap, lexicon = load_docs(coref_data_paths())
    learned = cross_validate_model(litbank, gap, lexicon, default_ranker(), folds=args.folds,
                                   seed=args.seed)[0]
    rules = evaluate_docs(litbank, lexicon, None, coref="builtin", kind="litbank")
    nearest = [o for doc in litbank for o in nearest_name_outcomes(doc, lexicon.honorifics)]
    print(f"LitBank coreference: {len(litbank)} books, {len(rules)} pronouns counted "
          f"({args.folds} folds by book, seed {args.seed}); accuracy % [95 % CI by book]")
    print(f"{'':<28}{'masculine':>20}{'feminine':>20}{'fem / masc':>24}{'unresolved':>20}")
    report("nearest compatible name", nearest)
    report("actor_linker builtin", rules)
    report("actor_linker learned (CV)", learned)


if __name__ == "__main__":
    main()
