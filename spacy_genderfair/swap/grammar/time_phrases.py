"""Time phrases, which govern nothing: the noun phrase after one is its clause's.

"Додамо, у липні цього року Василенка … призначили" (a date entity, and its preposition),
"Наступного дня дипломата прийняла", "Того ж року лікаря звільнили" (a time noun's genitive
after its modifiers, the profile's ``time_nouns``, with no entities): the phrase after the
time phrase is the verb's object, not the time noun's genitive dependent.
"""

from collections.abc import Sequence

from spacy.tokens import Doc, Token

from ...lexicon import Lexicon

# (what modifies a time noun: "наступного", "того", "кожного")
_TIME_MODIFIER_POS = ("ADJ", "DET", "PRON")


def before_time_phrase(doc: Doc | Sequence[Token], j: int, lexicon: Lexicon) -> int:
    """The index before the time entity (profile ``time_labels``) that ends at token
    ``j``, and before its preposition, or ``j``: a date governs nothing, the phrase after it
    is the clause's ("Додамо, у липні цього року Василенка … призначили": the object). So
    does a time noun's genitive after its modifiers, without entities ("Наступного дня",
    "того ж року": profile ``time_nouns``)."""
    if j < 0 or doc[j].ent_type_ not in lexicon.profile.time_labels \
            or (j + 1 < len(doc) and doc[j + 1].ent_iob_ == "I"):
        return _before_time_adverbial(doc, j, lexicon)
    label = doc[j].ent_type_
    while j > 0 and doc[j].ent_iob_ == "I" and doc[j - 1].ent_type_ == label:
        j -= 1
    j -= 1
    if j >= 0 and doc[j].lower_ in lexicon.profile.preposition_cases:
        j -= 1
    return j


def _before_time_adverbial(doc: Doc | Sequence[Token], j: int, lexicon: Lexicon) -> int:
    """The index before a time noun's genitive at ``j`` and the modifiers before it in
    that case (particles between: "того ж року"), where it has one; else ``j``."""
    def genitive(k: int, pos: tuple[str, ...]) -> list:
        return [r for r in lexicon.token_readings(doc[k]) if r.pos in pos and r.case == "Gen"]

    def particle(k: int) -> bool:
        return any(r.pos == "PART" for r in lexicon.token_readings(doc[k]))

    if j < 1 or not any(r.lemma in lexicon.profile.time_nouns and r.number == "Sing"
                        for r in genitive(j, ("NOUN",))):
        return j
    k = j - 1
    while k >= 0 and particle(k):
        k -= 1
    if k < 0 or not genitive(k, _TIME_MODIFIER_POS):
        return j
    while k >= 0 and (genitive(k, _TIME_MODIFIER_POS) or particle(k)):
        k -= 1
    return k
