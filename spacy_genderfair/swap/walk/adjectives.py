"""Whether a word that may be a person noun is an adjective in its context (no parser).

Some forms of person nouns are also adjectives, of the same lemma ("черговий", "військового")
or of another ("друга", the ordinal, not друг's genitive): such a word is the adjective where
it agrees with the noun after it, past the adjectives between, or is coordinated with an
adjective ("на другу й третю"), or modifies a noun left out that a thing before it names
("від подружньої присяги до військової"). The target reader (targets.py) asks here before it
reads a person.
"""

from spacy.tokens import Token

from ...morph import Reading, agrees
from ..rules import rule
from .agreement import _CLOSING_QUOTES
from .clauses import _FUNCTION_POS


class AdjectiveReader:
    """Reads, for the swap ``swap`` (engine._MorphSwapper), whether a word is an adjective
    rather than a person noun; it changes nothing."""

    def __init__(self, swap) -> None:
        self.swap = swap
        self.tokens, self.lex, self.clauses = swap.tokens, swap.lex, swap.clauses
        self._readings = swap._readings

    @rule("modifies-next")
    def _modifies_next(self, token: Token) -> bool:
        """Whether an adjectival person noun (черговий, військовий) is an adjective agreeing
        with the common noun after it, or the modifier of a person noun (past a closing
        quote: "«підозрюваним» рітейлерам")."""
        following = self.tokens[token.i + 1]
        if following.text in _CLOSING_QUOTES and token.i + 2 < len(self.tokens):
            following = self.tokens[token.i + 2]
        readings = self._readings(token)
        nouns = {r.lemma for r in readings if r.pos == "NOUN"}
        # the same lemma as a noun: "військовий" (not the possessive "князів" of князь)
        adjectives = [r for r in readings if r.pos == "ADJ" and r.lemma in nouns]
        if not adjectives:  # (a genitive plural noun is no possessive: "вчителів ліцею")
            return following.is_lower and not self.clauses._genitive_plural_noun(token, readings) \
                and self._other_adjective_agrees(readings, following)
        if self.swap.targets._person_noun(following, check_next=False) is not None:
            return True
        if any(r.pos == "VERB" and r.gender in {a.gender for a in adjectives}
               for r in self._readings(following)):
            return False  # "дільничний привіз (brought) людей", not the noun "привіз"
        return following.is_lower and any(
            n.pos == "NOUN" and (n.case, n.number, n.gender) == (a.case, a.number, a.gender)
            for n in self._readings(following) for a in adjectives)

    @rule("other-adjective-agrees")
    def _other_adjective_agrees(self, readings, following: Token) -> bool:
        """Whether a word is a singular adjective of another lemma agreeing with the common
        noun after it, in a case none of its noun readings is in: "друга хвиля" (the
        ordinal, not the genitive of друг). A plural one is more often the dative noun
        before its object ("дає читачеві ключі", not the possessive читачеві)."""
        noun_forms = {(r.case, r.number) for r in readings if r.pos == "NOUN"}
        singular = [a for a in readings if a.pos == "ADJ" and a.number == "Sing"
                    and (a.case, a.number) not in noun_forms]
        doc, k = self.tokens, following.i
        if singular and following.lower_ in self.swap.conjunctions and k + 1 < len(doc) \
                and self._agreeing_adjective_only(doc[k + 1], singular):
            return True  # coordinated with an adjective: "на другу й третю" (the ordinals)
        while k + 1 < len(doc) and self._agreeing_adjective_only(doc[k], singular):
            k += 1  # past the adjectives it agrees with: "друга латвійська компанія"
        following = doc[k]
        following_readings = self._readings(following)
        if any(r.pos in _FUNCTION_POS or r.pos == "VERB" for r in following_readings):
            return False  # "розповісти читачеві про": a preposition, no noun; "князів
            # став містом": the verb
        if any(n.pos == "NOUN" and (n.case, n.number, n.gender) == (a.case, a.number, a.gender)
               and (n.case, n.number) not in noun_forms
               for n in following_readings for a in readings
               if a.pos == "ADJ" and a.number == "Sing"):
            return True
        # one of a chain of plural adjectives ("в сині трикотажні штани": blue, not сину)
        return not any(r.pos == "NOUN" for r in following_readings) and any(
            n.pos == "ADJ" and (n.case, n.number) == (a.case, a.number)
            and (a.case, a.number) not in noun_forms
            for n in following_readings for a in readings
            if a.pos == "ADJ" and a.number == "Plur")

    def _agreeing_adjective_only(self, token: Token, adjectives: list[Reading]) -> bool:
        """Whether ``token`` is a lower-case word that reads only as an adjective, in the
        case, number and gender of one of ``adjectives``."""
        readings = self._readings(token)
        return token.is_lower and bool(readings) and all(r.pos == "ADJ" for r in readings) \
            and any(agrees(r, a) for r in readings for a in adjectives)

    @rule("elliptical")
    def _elliptical(self, token: Token, adjective: Reading, contrasted: bool = False) -> bool:
        """Whether the adjective at ``token`` may modify a noun left out, one of its
        gender, number and case earlier in the sentence naming a thing ("від подружньої
        присяги до військової": the military oath); ``contrasted``, a thing with an
        adjective of that form before it and no verb between, which the one at ``token``
        is contrasted with: the adjective used as a person noun too ("від цивільного одягу
        до військового") modifies the thing left out only so."""
        k = token.i - 1
        while k >= 0 and not self.clauses._ends_sentence(k):
            if contrasted and any(r.pos == "VERB" for r in self._readings(self.tokens[k])):
                return False
            if any(r.pos == "NOUN" and not r.animate and agrees(adjective, r)
                   for r in self._readings(self.tokens[k])) and not (contrasted and (
                    k == 0 or not any(r.pos == "ADJ" and agrees(r, adjective._replace(
                        pos="NOUN")) for r in self._readings(self.tokens[k - 1])))):
                return True
            k -= 1
        return False
