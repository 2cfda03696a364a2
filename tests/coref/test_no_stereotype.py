"""No stereotype prior: resolution does not depend on which occupation a person has.

Each sentence (written for this test, in the shape of WinoBias: two occupations and a
pronoun) is resolved with several occupation pairs in its two slots — one job swapped for
another, men's and women's stereotyped jobs in both orders — and the pronoun must reach the
same position every time. The parse is en_core_web_sm's of the first filling, kept for
every other (the statistical parser's own sensitivity to the word is not the resolver's):
only gender_lexicon and actor_linker see the swap. Run for every resolution backend of
actor_linker that is ours (COREF_BACKENDS, so a new backend is tested as soon as it is
registered), with the occupations given as PERSON mentions and found as generic nouns.
"""

import pytest
import spacy
from spacy.tokens import Doc, Span

from spacy_genderfair.pipeline.actor_linker import COREF_BACKENDS
from tests.conftest import EN_MODEL

# coreferee is a third-party model with its own lexical priors (its "nurse" is female): not
# ours to hold to this test.
BACKENDS = [backend for backend in COREF_BACKENDS if backend != "coreferee"]

# {a} and {b}: the two occupations; one pronoun each.
SENTENCES = [
    "The {a} called the {b} because she needed advice.",
    "The {a} called the {b} because he needed advice.",
    "The {a} thanked the {b} and invited her to lunch.",
    "The {a} thanked the {b} and invited him to lunch.",
    "The {a} visited the {b} after she finished work.",
    "The {a} visited the {b} after he finished work.",
    "The {a} warned the {b} that her car was parked badly.",
    "The {a} warned the {b} that his car was parked badly.",
    "The {a} ignored the {b} and walked past her.",
    "The {a} ignored the {b} and walked past him.",
    "The {a} asked the {b} whether she could help.",
    "The {a} asked the {b} whether he could help.",
    "The {a} met the {b} at the station and gave her a map.",
    "The {a} met the {b} at the station and gave him a map.",
    "The {a} trusted the {b} because she was always honest.",
    "The {a} trusted the {b} because he was always honest.",
    "The {a} waited for the {b}, but she never came.",
    "The {a} waited for the {b}, but he never came.",
    "The {a} hired the {b} and paid her well.",
    "The {a} hired the {b} and paid him well.",
    "The {a} phoned the {b} because her report was late.",
    "The {a} phoned the {b} because his report was late.",
]
# One-word occupations, so that every filling keeps the token positions.
PAIRS = [("mechanic", "nurse"), ("nurse", "mechanic"), ("carpenter", "receptionist"),
         ("secretary", "surgeon"), ("plumber", "librarian"), ("hairdresser", "pilot")]
OCCUPATIONS = frozenset(o for pair in PAIRS for o in pair)
PRONOUNS = frozenset(("she", "he", "her", "him", "his"))


@pytest.fixture(scope="module")
def base():
    return spacy.load(EN_MODEL)


def with_words(doc: Doc, replacements: dict[int, str]) -> Doc:
    """``doc`` with some words replaced and every annotation of the parse kept."""
    words = [replacements.get(t.i, t.text) for t in doc]
    return Doc(doc.vocab, words=words, spaces=[bool(t.whitespace_) for t in doc],
               pos=[t.pos_ for t in doc], tags=[t.tag_ for t in doc],
               morphs=[str(t.morph) for t in doc], heads=[t.head.i for t in doc],
               deps=[t.dep_ for t in doc],
               lemmas=[replacements.get(t.i, t.lemma_) for t in doc],
               sent_starts=[bool(t.is_sent_start) for t in doc])


def resolution(stack, doc: Doc, generic_nouns: bool) -> int | None:
    """The head word of the first mention of the pronoun's actor, or None (unresolved)."""
    # The "the X" noun phrases as PERSON mentions, or no entities: generic nouns find them.
    doc.ents = [] if generic_nouns else [
        Span(doc, t.i - 1, t.i + 1, label="PERSON") for t in doc
        if t.i and doc[t.i - 1].lower_ == "the" and t.lower_ in OCCUPATIONS]
    for _, component in stack.pipeline:
        doc = component(doc)
    pronoun = next(t.i for t in doc if t.lower_ in PRONOUNS)
    for actor in doc._.actors:
        if any(m.start == pronoun for m in actor.mentions):
            return actor.mentions[0].root.i
    return None


@pytest.mark.parametrize("generic_nouns", [False, True], ids=["entities", "generic_nouns"])
@pytest.mark.parametrize("backend", BACKENDS)
def test_swapping_occupations_keeps_the_resolution(base, backend, generic_nouns):
    stack = spacy.blank("en", vocab=base.vocab)
    stack.add_pipe("gender_lexicon")
    stack.add_pipe("actor_linker", config={"coref": backend, "generic_nouns": generic_nouns})
    differing = {}
    for sentence in SENTENCES:
        parsed = base(sentence.format(a=PAIRS[0][0], b=PAIRS[0][1]))
        a, b = (t.i for t in parsed if t.lower_ in PAIRS[0])
        resolved = {pair: resolution(stack, with_words(parsed, {a: pair[0], b: pair[1]}),
                                     generic_nouns)
                    for pair in PAIRS}
        if len(set(resolved.values())) > 1:
            differing[sentence] = resolved
    assert differing == {}


def test_sentences_resolve_at_all(base):
    """The test above would pass for a resolver that resolves nothing: most sentences must
    reach one of the two occupations."""
    stack = spacy.blank("en", vocab=base.vocab)
    stack.add_pipe("gender_lexicon")
    stack.add_pipe("actor_linker")
    resolved = [resolution(stack, base(s.format(a=PAIRS[0][0], b=PAIRS[0][1])), False)
                for s in SENTENCES]
    assert sum(r in (1, 4) for r in resolved) >= 20
