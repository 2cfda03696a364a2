"""Pronouns that are a verb's subject by their form alone."""

from spacy.tokens import Token

from ...lexicon import Lexicon


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
