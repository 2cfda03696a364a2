"""Agreement of the GENEUTRAL verdict with and without a trained pipeline's tags.

The GENEUTRAL criteria are word-list criteria: a tagger or an NER may add evidence (a PERSON
entity whose first name no list has), never take a listed word away. This script runs
``spacy.blank("en")`` + gender_lexicon and en_core_web_sm + gender_lexicon over the same
entries (UD English EWT test sentences, consecutive ones joined until an entry has at least
50 characters) and counts the entries whose verdicts differ:

- "tags removed": a criterion that the word lists alone meet is missing with the tags
  (a reason of the blank pipeline is not among the trained pipeline's). Target: 0.
- "tags added": the trained pipeline has a reason more (a PERSON entity, a lemma). Allowed.

    python benchmarks/neutral_agreement.py [--model en_core_web_sm] [--lexicon PATH ...]
        [--show 10]
"""

import argparse
from collections import Counter

from _common import ud_sentences

from spacy_genderfair.corpus.neutral import neutral_pipeline
from spacy_genderfair.extensions import DOC_IS_GENDER_NEUTRAL, DOC_NEUTRAL_REASONS

MIN_CHARS = 50


def entries(sentences: list[str], min_chars: int = MIN_CHARS) -> list[str]:
    """Consecutive sentences joined by a space until each entry has ``min_chars``
    characters (the last one may be shorter, and is still judged)."""
    joined, current = [], []
    for sentence in sentences:
        current.append(sentence)
        if len(" ".join(current)) >= min_chars:
            joined.append(" ".join(current))
            current = []
    if current:
        joined.append(" ".join(current))
    return joined


def verdicts(nlp, texts: list[str]) -> list[tuple[bool, frozenset]]:
    return [(doc._.get(DOC_IS_GENDER_NEUTRAL), frozenset(doc._.get(DOC_NEUTRAL_REASONS)))
            for doc in nlp.pipe(texts, batch_size=256)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", default="en_core_web_sm")
    parser.add_argument("--lexicon", action="append", default=[],
                        help="extra lexicon for both pipelines (e.g. gendered_words.json)")
    parser.add_argument("--show", type=int, default=10, help="differing entries to print")
    args = parser.parse_args()
    texts = entries(ud_sentences("en_ewt"))
    blank = verdicts(neutral_pipeline("en", lexicons=args.lexicon), texts)
    tagged = verdicts(neutral_pipeline("en", lexicons=args.lexicon, model=args.model), texts)

    removed, added = Counter(), Counter()
    examples = []
    for text, (_, blank_reasons), (_, tagged_reasons) in zip(
            texts, blank, tagged, strict=True):
        removed.update(blank_reasons - tagged_reasons)
        added.update(tagged_reasons - blank_reasons)
        if blank_reasons - tagged_reasons and len(examples) < args.show:
            examples.append((sorted(blank_reasons - tagged_reasons), text))
    differ = sum(b[0] != t[0] for b, t in zip(blank, tagged, strict=True))
    removing = sum(bool(b[1] - t[1]) for b, t in zip(blank, tagged, strict=True))
    print(f"entries: {len(texts)} (UD English EWT test, >= {MIN_CHARS} characters each)")
    print(f"kept: blank {sum(ok for ok, _ in blank)}, {args.model} {sum(ok for ok, _ in tagged)}")
    print(f"verdicts that differ: {differ}")
    print(f"entries where the tags removed a criterion: {removing} (target 0) "
          f"{dict(removed) or ''}")
    print(f"reasons the tags added: {dict(added)}")
    for reasons, text in examples:
        print(f"  removed {','.join(reasons)}: {text[:150]}")


if __name__ == "__main__":
    main()
