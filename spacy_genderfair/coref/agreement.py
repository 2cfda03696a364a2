"""Gender evidence from grammatical agreement: a predicate that agrees with its subject.

In Ukrainian and Portuguese, a past-tense verb, participle or predicative adjective shows
the subject's gender ("Оксана поінформувала", "Maria foi eleita"). English and German
predicates do not inflect for gender, so they give no evidence (their morphology has no
Gender on verbs).
"""

from spacy.tokens import Token

from ..extensions import HE, SHE
from .binding import SUBJECT_DEPS

_PREDICATE_POS = frozenset(("VERB", "AUX", "ADJ"))
_GROUP = {"Fem": SHE, "Masc": HE}


def predicate_group(subject: Token, analyzer, has_morph: bool) -> str | None:
    """The pronoun group the subject's predicate agrees with, or None."""
    if subject.dep_ not in SUBJECT_DEPS or subject.head.i == subject.i:
        return None
    predicate = subject.head
    if has_morph:
        if predicate.pos_ not in _PREDICATE_POS or "Plur" in predicate.morph.get("Number"):
            return None
        genders = predicate.morph.get("Gender")
        return _GROUP.get(genders[0]) if len(genders) == 1 else None
    if analyzer is None:
        return None
    readings = [r for r in analyzer.analyze(predicate.lower_) if r.pos in _PREDICATE_POS]
    genders = {r.gender for r in readings}
    if readings and len(genders) == 1 and all(r.number != "Plur" for r in readings):
        return _GROUP.get(genders.pop())
    return None
