"""The German noun backend (german_nouns.v1) against gold UD morphology (UD German GSD).

Prints, on the dev + test sentences of de_gsd:

- the backend's load time and the memory it holds (resident set before and after loading);
- number agreement: for every gold NOUN with a gold Number that the dictionary knows, the
  number of the backend's first reading in context (determiner agreement, singular first)
  against the gold Number; the same over the nouns ``gender_lexicon`` marks as persons;
- per sentence, generic masculine and inclusive forms (spans of ``gender_inclusive``) found by
  ``gender_lexicon`` on the gold-annotated Doc (POS, morph, lemma, parse) and on the same
  words through a blank pipeline, with and without the backend, and how often the blank
  pipeline's verdict is the gold pipeline's (issue 36: >= 95 %).

    python benchmarks/de_noun_backend.py
"""

import tempfile
import time
from pathlib import Path

import spacy
from _common import shared
from de_person_nouns import profile_without_backend
from spacy.tokens import Doc

from spacy_genderfair.corpus.conllu import read_conllu
from spacy_genderfair.extensions import DOC_GENERIC_MASCULINE, SPANS_INCLUSIVE, TOKEN_GENDER
from spacy_genderfair.lexicon import get_lexicon
from spacy_genderfair.morph import get_morph_analyzer


def resident_mib() -> float:
    with open("/proc/self/statm") as handle:
        pages = int(handle.read().split()[1])
    return pages * 4096 / 2**20


def load_backend() -> tuple[float, float]:
    before = resident_mib()
    start = time.perf_counter()
    get_morph_analyzer("german_nouns.v1")
    return time.perf_counter() - start, resident_mib() - before


def gold_docs(vocab) -> list[Doc]:
    folder = shared("ud", "de_gsd")
    return [doc for path in sorted(folder.glob("*.conllu")) for doc in read_conllu(path, vocab)]


def blank_copy(vocab, doc: Doc) -> Doc:
    """The gold Doc's words and spaces, nothing else."""
    return Doc(vocab, words=[t.text for t in doc], spaces=[bool(t.whitespace_) for t in doc])


def verdict(doc: Doc) -> tuple[bool, tuple]:
    inclusive = tuple((s.start, s.end) for s in doc.spans[SPANS_INCLUSIVE])
    return doc._.get(DOC_GENERIC_MASCULINE), inclusive


def number_agreement(lexicon, gold: list[Doc], blank: list[Doc]) -> dict[str, list[int]]:
    counts = {"all nouns": [0, 0], "person nouns": [0, 0]}
    for gold_doc, blank_doc in zip(gold, blank, strict=True):
        for gold_token, token in zip(gold_doc, blank_doc, strict=True):
            number = gold_token.morph.get("Number")
            if gold_token.pos_ != "NOUN" or not number:
                continue
            readings = lexicon.nouns.readings_in_context(token)
            if not readings:
                continue
            agree = readings[0].number == number[0]
            rows = ["all nouns"] + (["person nouns"] if token._.get(TOKEN_GENDER) else [])
            for row in rows:
                counts[row][0] += agree
                counts[row][1] += 1
    return counts


def main() -> None:
    load_s, memory_mib = load_backend()
    print(f"german_nouns.v1: loaded in {load_s:.2f} s, holds {memory_mib:.0f} MiB")
    with tempfile.TemporaryDirectory() as folder:
        pipelines = {}
        for name, lang in (("gold", None), ("blank + backend", None),
                           ("blank, no backend", profile_without_backend(Path(folder)))):
            nlp = spacy.blank("de")
            nlp.add_pipe("gender_lexicon", config={"lang": lang})
            nlp.initialize()
            pipelines[name] = nlp.get_pipe("gender_lexicon")
        vocab = spacy.blank("de").vocab
        gold = [pipelines["gold"](doc) for doc in gold_docs(vocab)]
        runs = {name: [component(blank_copy(vocab, doc)) for doc in gold]
                for name, component in pipelines.items() if name != "gold"}
    print(f"de_gsd dev + test: {len(gold)} sentences")
    counts = number_agreement(get_lexicon("de"), gold, runs["blank + backend"])
    for row, (agree, total) in counts.items():
        print(f"number agreement, {row:13}: {agree / total:.1%} ({agree}/{total})")
    gold_verdicts = [verdict(doc) for doc in gold]
    print(f"{'':28}{'generic masc.':>15}{'inclusive':>11}{'agree with gold':>17}")
    print(f"{'gold morphology':28}{sum(g for g, _ in gold_verdicts):>15}"
          f"{sum(bool(i) for _, i in gold_verdicts):>11}{'':>17}")
    for name, docs in runs.items():
        verdicts = [verdict(doc) for doc in docs]
        same = sum(v == g for v, g in zip(verdicts, gold_verdicts, strict=True))
        generic, inclusive = sum(g for g, _ in verdicts), sum(bool(i) for _, i in verdicts)
        print(f"{name:28}{generic:>15}{inclusive:>11}{f'{same / len(gold):.1%} ({same})':>17}")


if __name__ == "__main__":
    main()
