"""Swap the gender of person nouns and what agrees with them in a Doc with no parse: the
clause walk.

The fallback of a language whose profile sets ``bare_fallback: "clause_walk"`` (Ukrainian,
through pymorphy3) for a bare tokenizer's Doc, where the parse-based steps
(:mod:`..steps`) would have no structure to read: the words agreeing with a person come
from the clause walk of :mod:`.agreement`, which reads pymorphy3's readings and word order,
and the rules of ``lang/uk/swap_rules.tsv`` decide what the parse would show. One swap of one
Doc is an :class:`.engine._MorphSwapper`:

1. a singular person noun with a counterpart in the lexicon (лікар ↔ лікарка) is replaced by
   the counterpart lemma re-inflected to the original case (лікаря → лікарки);
2. the words that agree with it change gender too: the contiguous modifiers before it
   (черговий → чергова) and, for a nominative subject, the past-tense verb of its clause
   (поінформував → поінформувала), and any other past-tense verb of its gender whose clause
   has no subject of its own;
3. a common-gender noun (суддя) stays; its agreeing words change; so does a masculine title
   whose words are feminine ("наукова керівник") when the woman it names is swapped;
4. plural nouns (unless a job entity, the group being the referent, or a title predicated
   of people: "Власниками є Павло і Петро"), and a person noun in the genitive right after
   another person noun (the possessor: "Син директора"), stay unchanged;
4a. third-person singular pronouns change by the profile's ``pronoun_pairs.tsv`` (він ↔
   вона, йому ↔ їй), and a nominative one takes its verb along (він прийшов → вона прийшла);
5. a word whose counterpart or form the lexicon and the analyser do not know is left as it is
   and reported: nothing is invented.

Every change is an :class:`..edits.Edit` (token index, old, new, reason).
"""

import random

from spacy.tokens import Doc, Token

from ...lexicon import Lexicon
from ...tokens import is_word
from ..direction import LazyRandom, by_direction, check_direction
from ..edits import Edit
from ..names.swapper import NameSwapper
from .clauses import DocReadings
from .engine import _MorphSwapper, _swap_words


def swap_edits(doc: Doc, lexicon: Lexicon, direction: str = "invert",
               names: NameSwapper | None = None, rng: random.Random | None = None
               ) -> list[Edit]:
    """The edits that swap the gender of the persons of ``doc``.

    names (NameSwapper | None): swaps person names too when given (else names stay).
    rng (random.Random | None): draws the replacement first names; seeded from the text
        when not given, so one sentence always gets the same names.
    """
    check_direction(direction)
    if lexicon.analyzer is None:
        raise ValueError(f"Swapping by morphology needs a morphological analyser; the "
                         f"'{lexicon.profile.code}' profile has none")
    rng = rng or LazyRandom(lambda: doc.text)
    shared = DocReadings(doc)
    if not _names_a_person(doc, shared.tokens, lexicon, names):
        return []  # (most sentences of a corpus: nothing to look at twice)

    kept_generic = False

    def swap(way: str) -> list[Edit]:
        # feminine_first's to_feminine try looks for men: a woman's generic masculine title
        # ("етнограф Лілія Мусіхіна") is hers and stays, and a Doc naming only such women
        # is inverted (she becomes a man, and keeps it); where men are found, or where
        # nothing can be inverted ("Кокседж числилась номінальним директором": a surname
        # with no masculine form known), her title takes the feminine as in to_feminine
        nonlocal kept_generic
        first_try = direction == "feminine_first" and way == "to_feminine"
        state = rng.getstate() if first_try else None
        swapper = _MorphSwapper(doc, lexicon, way, names, rng, shared, keep_generic=first_try)
        edits = swapper.edits()
        if first_try:
            kept_generic = swapper.kept_generic
            if edits and kept_generic:
                rng.setstate(state)
                edits = _MorphSwapper(doc, lexicon, way, names, rng, shared).edits()
        elif direction == "feminine_first" and not edits and kept_generic and any(
                span.label_ in lexicon.profile.person_labels for span in doc.ents):
            # (a named woman's: "«Діта» стала переможцем" is a firm's generic title)
            edits = _MorphSwapper(doc, lexicon, "to_feminine", names, rng, shared).edits()
        return edits

    return by_direction(direction, swap, rng)


def _names_a_person(doc: Doc, tokens: list[Token], lexicon: Lexicon,
                    names: NameSwapper | None) -> bool:
    """Whether ``doc`` (its ``tokens``) has a word that may name a person — a person
    noun, a gendered pronoun, a name, a job entity (reported when the lexicon knows none of
    its words) — the only words a swap starts from."""
    pronouns = _swap_words(lexicon).pronoun_gender
    persons = lexicon.persons
    if any(is_word(token) and (token.lower_ in pronouns
                               or persons.may_be_person_noun(token.lower_)) for token in tokens):
        return True
    if any(span.label_ in lexicon.profile.job_labels for span in doc.ents):
        return True
    return names is not None and bool(names.name_spans(doc))
