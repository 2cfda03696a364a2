"""Re-inflection by a morphological analyser: the forms a swap writes in a language whose
analyser declines (Ukrainian: pymorphy3), shared by the walk (:mod:`.persons`) and the
parse-based steps (:mod:`.lexical`); the languages without one write their forms from the
profile's tables (:mod:`.lexical_tables`).

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
        bases = [r for r in self.analyzer.analyze(head) if r.pos == "NOUN" and r.lemma == head]
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
        """The token's singular reading of ``gender`` that its tags allow: its case, and its
        part of speech first ("спала" the verb, not the adjective спалий)."""
        case = first(token.morph.get("Case"))
        if first(token.morph.get("Number")) == "Plur":
            return None
        found = [r for r in self.lex.token_readings(token)
                 if r.pos in AGREEING_POS and r.gender == gender and r.number != "Plur"
                 and (case is None or r.case in (case, None))]
        own = _ANALYSER_POS.get(token.pos_, token.pos_)
        return min(found, key=lambda r: r.pos != own, default=None)

    def noun_readings(self, token: Token) -> tuple[Reading, ...]:
        """The token's noun readings in the case, number, animacy ("сигнал із супутника":
        the satellite) and lemma its tags give."""
        case = first(token.morph.get("Case"))
        number = first(token.morph.get("Number"))
        animacy = first(token.morph.get("Animacy"))
        found = tuple(r for r in self.lex.token_readings(token) if r.pos == "NOUN"
                      and (case is None or r.case in (case, None))
                      and (number is None or r.number in (number, None))
                      and (animacy is None or r.animate == (animacy == "Anim")))
        # the pipeline's lemma where it names one of them ("покупці": покупка's, not
        # покупець's)
        lemma = token.lemma_.lower()
        return tuple(r for r in found if r.lemma == lemma) or found
