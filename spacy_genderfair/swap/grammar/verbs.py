"""What a verb form before a noun phrase may be: a verb that governs an object, or a linking
verb whose phrase is its subject or predicate (``government`` asks both of the word before a
phrase).

A form is often a verb and a noun at once ("впливу", "став": a pond), and a verb's forms
meet each other's ("став" is стати's past and ставити's imperative). Before a noun phrase,
such a form is read in the third person or the past: a text's narrative, not an imperative
or a first person addressed to someone.
"""

from spacy.tokens import Token

from ...lexicon import Lexicon
from ...morph import Reading


def verb_readings(token: Token, lexicon: Lexicon, *, governs_next: bool = False
                  ) -> list[Reading]:
    """The verb readings of ``token``, most likely first; before a noun phrase
    (``governs_next``), none in the first or second person where the word is also a noun:
    "впливу В'ячеслава" is the noun вплив, not "I will flow in" (after its object, "Другого
    голуба їду віддавати", the first person stays)."""
    readings = lexicon.token_readings(token)
    noun = governs_next and any(r.pos == "NOUN" for r in readings)
    return [r for r in readings if r.pos == "VERB" and not (noun and r.person in ("1", "2"))]


def takes_object(token: Token, lexicon: Lexicon, *, governs_next: bool = False) -> bool:
    """A verb that may govern a direct object: not a reflexive one ("боявся")."""
    return any(not r.reflexive for r in verb_readings(token, lexicon, governs_next=governs_next))


def linking_verb(token: Token, lexicon: Lexicon) -> bool:
    """A linking verb (profile ``linking_verbs``) in its first, most likely verb reading
    before its phrase ("стала": стати, not станути; "став": стати's past, not ставити's
    imperative): its noun phrase is its subject or its predicate, no object."""
    verbs = verb_readings(token, lexicon, governs_next=True)
    return bool(verbs) and verbs[0].lemma in lexicon.profile.linking_verbs


def transitive_verbal_noun(token: Token, lexicon: Lexicon) -> bool:
    """Whether ``token`` is a noun made from a transitive verb (profile
    ``verbal_noun_endings``: "отримання" of отримати, "підписання"): a genitive before it
    is mostly what the verb acts on, the agent being in the instrumental ("з дня його
    отримання" is the decision's day of being received); not one of an intransitive verb
    ("його прибуття": his arrival)."""
    analyzer = lexicon.analyzer
    if analyzer is None or not hasattr(analyzer, "transitive"):
        return False
    for reading in lexicon.token_readings(token):
        if reading.pos != "NOUN" or reading.animate:
            continue
        for noun_ending, verb_ending in lexicon.profile.verbal_noun_endings:
            if reading.lemma.endswith(noun_ending):
                verb = reading.lemma[: len(reading.lemma) - len(noun_ending)] + verb_ending
                if analyzer.is_known(verb) and analyzer.transitive(verb):
                    return True
    return False
