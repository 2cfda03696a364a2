"""Re-inflection by a morphological analyser: the forms a swap writes in a language whose
analyser declines (Ukrainian: pymorphy3), shared by the walk (:mod:`.walk.persons`) and the
parse-based steps (:mod:`.steps`); the languages without one write their forms from the
profile's tables (:mod:`.steps.tables`).

- a person noun's counterpart in the original's case and number: лікаря → лікарки;
- a word agreeing with a person (adjective, determiner, participle, past-tense verb, relative
  pronoun) in the other gender, from its reading that the pipeline's morphology confirms:
  "черговий" → "чергова", "поінформував" → "поінформувала".
"""

from spacy.tokens import Token

from ..lexicon import Lexicon
from ..morph import OTHER_GENDER, Reading
from ..tokens import first

# The parts of speech that agree in gender with a person, as the analyser reads them.
AGREEING_POS = ("ADJ", "DET", "PRON", "VERB", "NUM")
# A UD tag as the analyser's part of speech (an auxiliary is a verb to pymorphy3).
_ANALYSER_POS = {"AUX": "VERB"}
# The analyser's parts of speech a UD tag may stand for (a determiner is an adjective or a
# pronoun to pymorphy3; a proper noun, a name or a noun).
_READING_POS = {"NOUN": {"NOUN", "PROPN"}, "PROPN": {"PROPN", "NOUN"}, "VERB": {"VERB"},
                "AUX": {"VERB"}, "ADJ": {"ADJ"}, "DET": {"ADJ", "PRON", "NUM"},
                "PRON": {"PRON", "ADJ"}, "NUM": {"NUM", "ADJ"}, "ADV": {"ADV"}}


class AnalyzerInflection:
    """The forms an analyser gives a swap: ``counterpart_form`` and ``agreeing_form``."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lex = lexicon
        self.analyzer = lexicon.analyzer

    def counterpart_form(self, lemma: str, case: str | None, number: str | None) -> str | None:
        """The counterpart noun ``lemma`` in ``case`` and ``number`` (UD values), or None
        where the analyser has no such form."""
        if case in (None, "Nom") and number != "Plur":
            # The lemma is the nominative singular (and some uk lemmas lack the case tag).
            return lemma
        prefix, head = "", lemma
        if not self.analyzer.is_known(lemma):
            # "замміністерка": the analyser knows the head only; inflect it behind the prefix
            prefix, head = self.lex.persons.compound_parts(lemma) or (prefix, head)
        # Singular is the lemma's number (the uk dictionaries do not mark it).
        features = {"number": "Plur"} if number == "Plur" else {}
        readings = self.analyzer.analyze(head)
        bases = [r for r in readings if r.pos == "NOUN" and r.lemma == head] or [
            # a noun declining like an adjective is one lexeme of both genders, lemmatised
            # to the masculine: its feminine is the nominative of another lemma
            r for r in readings if r.pos == "NOUN" and r.case == "Nom" and r.number == "Sing"]
        # a person is animate: "сестра" also reads as an inanimate noun with no plural
        for base in sorted(bases, key=lambda r: not r.animate):
            form = self.analyzer.inflect(head, base, case=case or "Nom", **features)
            if form:
                return prefix + form
        return None

    def agreeing_form(self, token: Token, gender: str) -> str | None:
        """``token``, a word agreeing with a person of ``gender``, in the other gender: from
        its singular reading of that gender in the case the token's morphology gives (any
        case without morphology); its own form where it has no such reading (a plural or an
        indeclinable word has no gender to change); None where the reading has no form of
        the other gender."""
        reading = self.agreeing_reading(token, gender)
        if reading is None:
            return token.lower_
        return self.analyzer.inflect(token.lower_, reading, gender=OTHER_GENDER[gender])

    def agreeing_reading(self, token: Token, gender: str) -> Reading | None:
        """The token's singular reading of ``gender``, narrowed by its tags: its case, and
        its part of speech first ("спала" the verb, not the adjective спалий). None where
        it has no such reading, or its tags make it a plural that reads as one."""
        readings = self.lex.token_readings(token)
        if first(token.morph.get("Number")) == "Plur" and any(
                r.number == "Plur" and r.pos in AGREEING_POS for r in readings):
            return None
        found = [r for r in readings
                 if r.pos in AGREEING_POS and r.gender == gender and r.number != "Plur"]
        case = first(token.morph.get("Case"))
        found = _narrow(found, lambda r: case is None or r.case in (case, None))
        own = _ANALYSER_POS.get(token.pos_, token.pos_)
        return min(found, key=lambda r: r.pos != own, default=None)

    def noun_readings(self, token: Token) -> tuple[Reading, ...]:
        """The token's noun readings, narrowed by the case, number, animacy ("сигнал із
        супутника": the satellite) and lemma its tags give; a tag that none of them has is
        the tagger's error and narrows nothing (the tags choose among the analyser's
        readings, never against them)."""
        case = first(token.morph.get("Case"))
        number = first(token.morph.get("Number"))
        animacy = first(token.morph.get("Animacy"))
        lemma = token.lemma_.lower()
        found = [r for r in self.lex.token_readings(token) if r.pos == "NOUN"]
        for keep in (lambda r: case is None or r.case in (case, None),
                     lambda r: number is None or r.number in (number, None),
                     lambda r: animacy is None or r.animate == (animacy == "Anim"),
                     lambda r: not lemma or r.lemma == lemma):
            found = _narrow(found, keep)
        return tuple(found)

    def tag_possible(self, token: Token) -> bool:
        """Whether the token's part-of-speech tag is one of the analyser's readings of it (a
        tagger's "VERB" on "вчительку", which has none, is its error)."""
        allowed = _READING_POS.get(token.pos_)
        return allowed is None or any(
            r.pos in allowed for r in self.lex.token_readings(token))

    def name_reading(self, token: Token) -> bool:
        """Whether the analyser reads the token as part of a name (a first name, patronymic
        or surname)."""
        return any(r.name_part for r in self.lex.token_readings(token))


def _narrow(readings: list, keep) -> list:
    """The readings ``keep`` accepts, or all where it accepts none."""
    return [r for r in readings if keep(r)] or readings
