"""Subjects by their form alone: pronouns that are only ever a nominative, and a noun after
the finite verb that agrees with it."""

from collections.abc import Sequence

from spacy.tokens import Doc, Token

from ...lexicon import Lexicon

# What closes a quotation or a quoted name ("«Дасна» обіграла").
CLOSING_QUOTES = frozenset("»”\"")
_NOMINAL_POS = ("NOUN", "PROPN")


def nominative_in_table(word: str, lexicon: Lexicon) -> bool:
    """Whether ``word`` is a personal pronoun of the pronoun table in the nominative."""
    return any(r.type == "personal" and r.case == "nom"
               for r in lexicon.pronouns.readings(word))


def subject_pronoun(token: Token, lexicon: Lexicon) -> bool:
    """Whether ``token`` is a pronoun that is only ever a nominative (він, вона, вони of the
    pronoun table, whatever surname "Вона" also spells; я, ти, ми, ви, хто, which the
    analyser reads as a pronoun's nominative or vocative only): before a verb, its subject."""
    word = token.lower_
    if word in lexicon.pronouns:
        return nominative_in_table(word, lexicon)
    readings = lexicon.token_readings(token)
    return bool(readings) and all(r.pos == "PRON" and r.case in ("Nom", "Voc")
                                  for r in readings) and any(r.case == "Nom" for r in readings)


def subject_after_verb(doc: Doc | Sequence[Token], j: int, i: int, lexicon: Lexicon) -> bool:
    """Whether the noun at ``i`` reads as a singular nominative that the finite verb at
    ``j`` before it agrees with (a past tense in its gender, or a present tense): its
    subject, which Ukrainian often puts after the verb ("прийшов чоловік", "— сказала
    Майка"); an object's accusative spells otherwise ("зустрів лікаря"). Not where the
    form is also the word's singular accusative ("попросить матір") or a thing's ("складає
    графік"), nor after a verb whose subject stands before it ("«Дасна»
    обіграла новачка")."""
    readings = lexicon.token_readings(doc[i])
    subjects = [r for r in readings
                if r.pos in _NOMINAL_POS and r.case == "Nom" and r.number == "Sing"]
    if not subjects:
        return False
    if j > 0 and (doc[j - 1].text in CLOSING_QUOTES or any(
            r.pos in _NOMINAL_POS and r.case == "Nom" for r in lexicon.token_readings(doc[j - 1]))
            or subject_pronoun(doc[j - 1], lexicon)):
        return False
    verbs = [r for r in lexicon.token_readings(doc[j])
             if r.pos == "VERB" and r.verb_form == "Fin" and r.number in (None, "Sing")
             and r.person in (None, "3")]
    # a past tense in the noun's own gender takes it as its subject even where the form is
    # the accusative too ("— сказала мати": мати, not матір, is what a mother is told)
    if any(v.gender == s.gender for v in verbs for s in subjects if v.gender):
        return True
    lemmas = {r.lemma for r in subjects}
    if any(r.case == "Acc" and (not r.animate or (r.number == "Sing" and r.lemma in lemmas))
           for r in readings):
        return False
    return any(v.gender in (None, s.gender) for v in verbs for s in subjects)
