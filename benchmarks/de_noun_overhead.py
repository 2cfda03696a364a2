"""Cost of the German noun backend: gender_lexicon with german_nouns.v1 ÷ without it.

Same texts (UD German GSD sentences), same run: spacy.blank("de") + gender_lexicon with the
profile as shipped and with ``noun_analyzer`` null, timed alternately on chunks of 200 texts,
the best of N per chunk summed, after a warm-up (the backend's load and its caches are not
counted: the load is reported by de_noun_backend.py). Two ratios: the whole pipeline
(tokenizer + gender_lexicon), and gender_lexicon alone on the same tokenized Docs.

    python benchmarks/de_noun_overhead.py [--texts 2000] [--repeats 5]
Target (issue 36): <= 1.10.
"""

import argparse
import tempfile
from pathlib import Path

import spacy
from _common import best_of, ud_sentences
from de_person_nouns import profile_without_backend

# Texts per timed chunk.
CHUNK = 200


def pipeline(lang: str | None = None):
    nlp = spacy.blank("de")
    nlp.add_pipe("gender_lexicon", config={"lang": lang})
    nlp.initialize()
    return nlp


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--texts", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    texts = ud_sentences("de_gsd")[: args.texts]
    with tempfile.TemporaryDirectory() as folder:
        pipelines = {"without": pipeline(profile_without_backend(Path(folder))),
                     "with": pipeline()}
    tokenized = [pipelines["with"].make_doc(text) for text in texts]
    for nlp in pipelines.values():  # warm-up: loads the lexicons, fills the caches
        list(nlp.pipe(texts))
    # Timed in chunks, the two pipelines alternately on each, the best of the repeats per
    # chunk summed: a slow spell of a shared machine then spoils one chunk of one repeat, not
    # a whole run.
    chunks = range(0, len(texts), CHUNK)
    whole = {name: [float("inf")] * len(chunks) for name in pipelines}
    alone = {name: [float("inf")] * len(chunks) for name in pipelines}
    for repeat in range(args.repeats):
        for at, start in enumerate(chunks):
            for name in sorted(pipelines, reverse=(repeat + at) % 2 == 1):
                nlp = pipelines[name]
                component = nlp.get_pipe("gender_lexicon")
                batch, docs = texts[start : start + CHUNK], tokenized[start : start + CHUNK]
                whole[name][at] = min(whole[name][at], best_of(
                    1, lambda nlp=nlp, batch=batch: list(nlp.pipe(batch, batch_size=256))))
                alone[name][at] = min(alone[name][at], best_of(
                    1, lambda component=component, docs=docs: [component(d.copy()) for d in docs]))
    n_tokens = sum(len(doc) for doc in tokenized)
    print(f"texts: {len(texts)} ({n_tokens} tokens), UD German GSD, spacy.blank('de')")
    for label, times in (("tokenizer + gender_lexicon", whole),
                         ("gender_lexicon alone", alone)):
        with_s, without_s = sum(times["with"]), sum(times["without"])
        print(f"{label:28} without {without_s:.3f} s, with {with_s:.3f} s, "
              f"ratio {with_s / without_s:.3f}  (target <= 1.10)")


if __name__ == "__main__":
    main()
