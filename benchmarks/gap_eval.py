"""Pronoun -> name resolution of actor_linker on GAP (Webster et al. 2018), by pronoun gender.

For each GAP snippet, en_core_web_sm tags, parses and finds entities; the two candidate
names A and B are set as PERSON entities at their gold offsets (GAP evaluates resolution
between given mentions, not mention detection); then gender_lexicon runs and actor_linker's
resolution with the chosen backend. A candidate is predicted coreferent when the pronoun's
actor is the candidate's actor. Scores are GAP's: F1 of the coreferent class over the
(pronoun, candidate) decisions, for masculine and feminine pronouns and overall, and
Bias = F1(feminine) / F1(masculine), with bootstrap 95 % intervals over snippets.

    python benchmarks/gap_eval.py [--split development|validation] [--coref builtin|learned]
                                  [--cv] [--limit N]
--cv (development only): the learned model cross-validated on development (5 folds by a hash
of the snippet id; each fold's model trained on the other 4 and on LitBank's 4 other folds);
this is the figure to select models by. Without it, --coref learned uses the shipped model,
which was trained on all of development: run it on validation, once, at the end.
Target: overall F1 >= 70, Bias >= 0.98. Published syntactic-parallelism baseline (test
split, snippet context): F1 M 69.4, F 64.4, Bias 0.93, overall 66.9.
"""

import argparse

import spacy
from _common import CACHE, coref_data_paths, shared

from spacy_genderfair.coref.data import cached_docs, gap_docs, read_gap
from spacy_genderfair.coref.evaluate import bootstrap, gap_scores
from spacy_genderfair.coref.ranker import default_ranker
from spacy_genderfair.coref.train import (
    BASE_MODEL,
    cross_validate_model,
    evaluate_docs,
    load_docs,
)
from spacy_genderfair.lexicon import get_lexicon

BASELINE = {"masculine": 69.4, "feminine": 64.4, "bias": 0.93, "all": 66.9}


def cross_validated(folds: int, seed: int) -> list:
    litbank, gap, lexicon = load_docs(coref_data_paths())
    return cross_validate_model(litbank, gap, lexicon, default_ranker(), folds=folds,
                                seed=seed)[1]


def evaluated(split: str, coref: str, limit: int) -> list:
    nlp = spacy.load(BASE_MODEL)
    rows = read_gap(shared("gap", f"gap-{split}.tsv"))
    if limit:
        docs = list(gap_docs(nlp, rows[:limit]))
    else:
        docs = cached_docs(CACHE, f"gap-{split}", nlp, lambda: gap_docs(nlp, rows))
    annotator = spacy.blank("en", vocab=nlp.vocab).add_pipe("gender_lexicon")
    docs = [annotator(doc) for doc in docs]
    return evaluate_docs(docs, get_lexicon("en"), None, coref=coref, kind="gap")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--split", default="development", choices=["development", "validation"])
    parser.add_argument("--coref", default="learned", choices=["builtin", "learned"])
    parser.add_argument("--cv", action="store_true",
                        help="cross-validate the learned model on development")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()
    if args.cv and (args.split != "development" or args.coref != "learned"):
        parser.error("--cv cross-validates the learned model on development")
    if args.cv:
        snippets = cross_validated(args.folds, args.seed)
        how = f"coref=learned, {args.folds}-fold cross-validated"
    else:
        snippets = evaluated(args.split, args.coref, args.limit)
        how = f"coref={args.coref}" + (", shipped model" if args.coref == "learned" else "")
    scores = gap_scores(snippets)
    ci = bootstrap(snippets, gap_scores)
    print(f"GAP {args.split}: {len(snippets)} snippets; en_core_web_sm + gender_lexicon + "
          f"actor_linker ({how}); [95 % bootstrap CI over snippets]")
    print(f"{'':<24}{'M F1':>20}{'F F1':>20}{'Bias':>24}{'all F1':>20}")
    cells = "".join(f"{scores[k]:.{d}f} [{ci[k][0]:.{d}f}, {ci[k][1]:.{d}f}]".rjust(width)
                    for k, width, d in (("masculine", 20, 1), ("feminine", 20, 1),
                                        ("bias", 24, 3), ("all", 20, 1)))
    print(f"{'actor_linker (ours)':<24}{cells}")
    print(f"{'parallelism baseline':<24}{BASELINE['masculine']:>20.1f}"
          f"{BASELINE['feminine']:>20.1f}{BASELINE['bias']:>24.2f}{BASELINE['all']:>20.1f}"
          "   (published, test split)")


if __name__ == "__main__":
    main()
