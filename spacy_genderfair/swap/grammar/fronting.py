"""A modifier fronted past a prepositional phrase ("зустріли відомого в селі вчителя"): the
word before it governs the whole phrase. Read from the words alone, for the case a noun phrase
is in (``government``) and for the modifiers the clause walk finds."""

from spacy.tokens import Token

from ...lexicon import Lexicon
from ...morph import agrees
from ...tokens import is_word

# The longest prepositional phrase between an adjective and its noun ("в якості свідка").
PHRASE_REACH = 4


def fronted_modifier(doc: list[Token], j: int, heads, lexicon: Lexicon) -> int | None:
    """The index of an adjective that stands before the prepositional phrase ending at token
    ``j`` and agrees with the noun readings ``heads`` after it, and with no noun of the
    phrase: the noun's modifier, fronted past its adjunct ("зустріли відомого в селі
    вчителя", "єдиного допущеного до участі конкурента"); None where there is none. The
    word before the adjective then governs the whole phrase."""
    cases = lexicon.profile.preposition_cases
    p = next((p for p in range(j, max(j - PHRASE_REACH, 0), -1)
              if not is_word(doc[p]) or doc[p].lower_ in cases), None)
    if p is None or p == j or not is_word(doc[p]) or p < 1:
        return None
    governed = (*cases[doc[p].lower_], "Gen")
    phrase = [lexicon.token_readings(doc[k]) for k in range(p + 1, j + 1)]
    readings = lexicon.token_readings(doc[p - 1]) if is_word(doc[p - 1]) else ()
    adjectives = [r for r in readings if r.pos == "ADJ" and any(agrees(r, h) for h in heads)]
    lemmas = {r.lemma for r in adjectives}  # (the adjective as a noun: "знайомого", "кращого")
    if not adjectives or any(r.pos in ("PRON", "VERB", "PROPN") or (
            r.pos == "NOUN" and r.animate and r.lemma not in lemmas) for r in readings) \
            or not all(any(r.case in governed for r in word) for word in phrase) \
            or not any(r.pos == "NOUN" for r in phrase[-1]) \
            or any(r.pos == "ADJ" and agrees(r, h) for r in phrase[-1] for h in heads):
        return None  # (the phrase's words are in its preposition's case or genitives, its
        # last a noun of its own: in "до нового лікаря" the person is the phrase's)
    return p - 1
