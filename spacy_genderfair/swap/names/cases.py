"""The cases a person name can be in as a person of one gender: each word's name readings
(an adjectival surname's adjective readings), the cases all words of the name share, and the
one case the name is in, chosen by its governor or title (:class:`.context.NameContext`)
and else the most likely.
"""

from spacy.tokens import Doc, Token

from ...morph import LEXICON_GENDER
from ..grammar.government import CASE_ORDER, animate_cases
from .context import NameContext
from .forms import NameForms
from .lists import NameList


class NameCases:
    """The cases of the person names of one Doc at a time.

    context (NameContext): the cases governed at a name and its title's.
    names (NameList): the first names drawn from (a word listed there is a nominative).
    forms (NameForms): knows the surname endings.
    """

    def __init__(self, context: NameContext, names: NameList, forms: NameForms) -> None:
        self.context = context
        self.analyzer = context.analyzer
        self.names = names
        self.forms = forms
        # (the context's questions, asked for every name, held as attributes: none is a rule,
        # which is looked up when called, for the rule switches to wrap it)
        self._readings, self.governed = context.readings, context.governed
        self.title_cases = context.title_cases

    def shared_cases(self, tokens: list[Token], gender: str) -> set[str]:
        """The cases all words of a name share as a person of ``gender`` (words with no
        reading of that gender do not count)."""
        shared = None
        for token in tokens:
            cases = self.word_cases(token, gender)
            if cases:
                shared = cases if shared is None else shared & cases
        return shared or set()

    def word_cases(self, token: Token, gender: str, alone: bool = False) -> set[str]:
        """The cases one word of a name can be in as a person of ``gender``: its name
        readings, or an adjectival surname's adjective readings. A name of one word that
        reads as a first name's nominative is that first name (unless titled): "казав Толя"
        (not the surname Толь's accusative)."""
        readings = self._readings(token)
        if alone and any(r.name_part == "first" and r.gender == gender and r.case == "Nom"
                         for r in readings):
            readings = tuple(r for r in readings if r.name_part == "first")
        named = any(r.name_part for r in readings)
        if named:
            cases = {r.case for r in readings if r.gender == gender and r.name_part and r.case}
        else:  # an adjectival surname ("очолював Чернівецький": no inanimate accusative)
            cases = animate_cases([r for r in readings if r.gender == gender and r.pos == "ADJ"])
        if LEXICON_GENDER[gender] in self.names.genders(token.lower_) or (
                gender == "Masc" and self.forms.unlisted_surname(token)):
            cases.add("Nom")  # "Володимир": the dictionary's nominative lacks the Name tag
        return cases

    def cases(self, doc: Doc, tokens: list[Token], genders: set[str],
              tagged: bool = False) -> list[str]:
        return list(dict.fromkeys(c for g in sorted(genders)
                                  if (c := self.case(doc, tokens, g, tagged)) is not None))

    def case(self, doc: Doc, tokens: list[Token], gender: str,
             tagged: bool = False) -> str | None:
        """The case of the name ``tokens`` as a person of ``gender``: with ``tagged``, the
        one the pipeline's morphology gives where the name can be in it; else the one its
        governor or title asks for, else the likeliest."""
        if self.analyzer is None:
            return None
        cases = self._name_cases(doc, tokens, gender, tokens)
        if not cases:
            return None
        given = {case for t in tokens for case in t.morph.get("Case")} if tagged else set()
        if len(given) == 1 and given <= cases:
            return given.pop()  # the pipeline's morphology tells ("з Дональдом Трампом")
        if "Voc" in cases and self.context.addressed(doc, tokens):
            return "Voc"  # a form of address: "Андрію, ви …" (not the dative Андрію)
        governed = self.governed(doc, tokens[0].i) \
            or self.title_cases(doc, tokens[0].i)
        if governed and not cases.intersection(governed):
            # a word the analyser only guesses at gives way to the governor: "Президентом
            # … Антоніо Таяні" is no locative, which the guess at Таяні alone reads
            known = [t for t in tokens if self.analyzer.is_known(t.lower_)]
            if 0 < len(known) < len(tokens):
                cases = self._name_cases(doc, tokens, gender, known) or cases
        for case in governed:
            if case in cases:
                return case
        for case in CASE_ORDER:
            if case in cases:
                return case
        return None

    def _name_cases(self, doc: Doc, tokens: list[Token], gender: str,
                    words: list[Token]) -> set[str] | None:
        """The cases ``words`` of the name ``tokens`` share as a person of ``gender`` (a
        word that shares none with the others is passed over)."""
        cases = None
        for token in words:
            found = self.word_cases(token, gender, alone=len(tokens) == 1
                                     and not self.context.titled(doc, tokens[0].i))
            if found:
                cases = found if cases is None else (cases & found) or cases
        return cases
