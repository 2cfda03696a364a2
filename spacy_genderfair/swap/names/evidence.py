"""What the words around a capitalised word say of whether it starts a person's name: a
place after its preposition, a body's or a place's name after a capitalised adjective, a
surname alone beside its verb, and two names side by side that share no case. The
:class:`.spans.NameFinder` asks these while it finds the names of a Doc without entities.
"""

from spacy.tokens import Doc, Token

from ...lexicon import Lexicon
from ...lexicon.animals import names_an_animal
from ...morph import OTHER_GENDER, Reading
from ...tokens import is_word
from ..rules import rule
from .lists import NameList

# What a sentence's first word may follow (after which a capital says nothing of a name).
_SENTENCE_OPENERS = frozenset(".!?…")
# After these a capital may be a sentence's or a quotation's own: "«Кравець", ": Мельник".
_CAPITAL_OPENERS = frozenset({*_SENTENCE_OPENERS, "«", "\"", "„", "“", ":", "—", "–", "-", "("})
# The most modifiers between a place and its preposition: "в зовсім не католицьких Києві".
_PLACE_MODIFIERS = 4


class NameEvidence:
    """The context rules of one language's name finding.

    lexicon (Lexicon): the language's lexicon.
    known_names (tuple[NameList, ...]): the name lists whose first names count.
    """

    def __init__(self, lexicon: Lexicon, known_names: tuple[NameList, ...]) -> None:
        self.profile = lexicon.profile
        self.analyzer = lexicon.analyzer
        self.lexicon = lexicon
        self.known_names = known_names

    def _readings(self, token: Token) -> tuple[Reading, ...]:
        return self.analyzer.analyze(token.lower_) if self.analyzer else ()

    @rule("name-after-capitalised-adjective")
    def after_capitalised_adjective(self, doc: Doc, start: int) -> bool:
        """Whether a capitalised adjective that agrees with the first word at ``start`` and
        is no name stands right before it: a proper name of a body or a place ("Верховної
        Ради", "Північної Кароліни", "проспекту Червоної Калини"). At the start of a
        sentence, where every word has a capital, only where the name also reads as a
        common noun ("Верховна Рада", not "Молода Оксана")."""
        if start == 0:
            return False
        before, first = doc[start - 1], doc[start]
        if not before.text[:1].isupper() or not is_word(before):
            return False
        adjectives = [r for r in self._readings(before) if r.pos == "ADJ" and not r.name_part]
        words = self._readings(first)
        if not adjectives or any(r.name_part for r in self._readings(before)) or not any(
                a.case == w.case and a.gender == w.gender for a in adjectives for w in words):
            return False
        return (start - 1 > 0 and is_word(doc[start - 2])) or any(
            r.pos == "NOUN" and not r.name_part for r in words)

    @rule("name-part-in-other-case")
    def in_other_cases(self, one: Token, other: Token) -> bool:
        """Whether two capitalised words side by side, both known to the dictionaries as
        names, cannot be parts of one name: the parts of a name share their case, so a
        surname that reads in none of a first name's cases is another person's
        ("прес-секретар Путіна Дмитро Пєсков": Путіна is Putin's genitive, Дмитро a
        nominative)."""
        first, second = self._name_cases(one), self._name_cases(other)
        return bool(first) and bool(second) and not first & second

    def _name_cases(self, token: Token) -> set[str]:
        # (only a word the dictionaries know: a guess at an unknown surname's cases is no
        # ground to part it from its first name: "Володимира Вакарева")
        if self.analyzer is None or not self.analyzer.is_known(token.lower_):
            return set()
        cases = {r.case for r in self._readings(token) if r.name_part}
        if cases and any(names.genders(token.lower_) for names in self.known_names):
            cases.add("Nom")  # (the dictionaries' nominative of some names lacks the Name tag)
        return cases

    @rule("name-place")
    def place(self, doc: Doc, i: int) -> bool:
        """Whether the word at ``i``, after a preposition, also reads as a noun of another
        lexeme than its names, inanimate, in a case the preposition governs: a place ("в
        Києві", not Кий's locative; "з Анатолії", not a woman Анатолія's genitive; "до
        Львова", not the surname Львов's), past the modifiers between and a place it is
        coordinated with ("в зовсім не католицьких Києві та Львові")."""
        cases = self._preposition_cases(doc, i)
        if not cases:
            return False
        readings = self._readings(doc[i])
        # (a place of a listed name's own lemma is one named after it, or the person:
        # "на Марії", "до Софії"; a name nobody's list has is the rarer reading: "з
        # Анатолії")
        names = {r.lemma for r in readings if r.name_part
                 and any(names.genders(r.lemma) for names in self.known_names)}
        return any(r.case in cases and r.pos == "NOUN" and not r.name_part and not r.animate
                   and r.lemma not in names for r in readings)

    def _preposition_cases(self, doc: Doc, i: int, depth: int = 0) -> tuple[str, ...]:
        j = i - 1
        while j > 0 and i - j <= _PLACE_MODIFIERS and doc[j].is_lower \
                and doc[j].lower_ not in self.profile.preposition_cases \
                and doc[j].lower_ not in self.profile.pair_conjunctions and any(
                    r.pos in ("ADJ", "ADV", "PART") for r in self._readings(doc[j])):
            j -= 1  # past its modifiers: "в зовсім не католицьких Києві"
        if j > 0 and depth == 0 and doc[j].lower_ in self.profile.pair_conjunctions \
                and doc[j - 1].text[:1].isupper() and self.place(doc, j - 1):
            return self._preposition_cases(doc, j - 1, depth + 1)
        return self.profile.preposition_cases.get(doc[j].lower_, ()) if j >= 0 else ()

    @rule("name-surname-subject")
    def surname_subject(self, doc: Doc, i: int) -> bool:
        """Whether the capitalised word at ``i`` is a surname the analyser knows in the
        nominative, right before or after a past tense of its gender: a person named by
        the surname alone ("У липні Тютюнник провів перевірку", "— заявив Василенко"). At a
        sentence's start only where it reads as nothing but a name, an adjective (a
        possessive, which a verb right after it leaves no noun to modify) or a noun in
        another case than the nominative ("Мельник прийшов" may be the miller; "Петрова
        стала" is the woman); not an acronym."""
        word = doc[i]
        if word.is_upper or not word.text[:1].isupper() or self.analyzer is None \
                or not self.analyzer.is_known(word.lower_):
            return False
        readings = self._readings(word)
        genders = {r.gender for r in readings
                   if r.name_part == "surname" and r.case == "Nom" and r.gender in OTHER_GENDER}
        # (a word that also reads as an adjective may be the next noun's modifier after its
        # verb: "очолював Вільногірський державний комбінат")
        adjective = any(r.pos == "ADJ" for r in readings)
        if not genders or (opens_sentence(doc, i) and any(
                not r.name_part and r.pos != "ADJ" and (r.pos != "NOUN" or r.case == "Nom")
                for r in readings)):
            return False  # ("Мельник прийшов" may be the miller; "Петрова стала" is no
            # possessive before a noun where a verb of its gender follows, below, nor the
            # genitive of a place, which no verb takes as its subject)
        for j in (i + 1,) if adjective else (i + 1, i - 1):
            if 0 <= j < len(doc) and any(
                    r.pos == "VERB" and r.verb_form == "Fin" and r.gender in genders
                    for r in self._readings(doc[j])):
                return True
        return False

    @rule("name-surname-only")
    def surname_only(self, doc: Doc, i: int) -> bool:
        """Whether the capitalised word at ``i`` is a surname the analyser knows and reads
        as nothing else: a person named by the surname alone, in any case ("після подачі
        Симоненка", "відзначився Смирнов", "Соколов і Арутюнов є"). In a language that
        capitalises only names inside a sentence (profile
        ``capital_inside_sentence_is_name``); a surname that is also another word
        ("Кушнір", the furrier; "Бондар") is left to the other evidence."""
        word = doc[i]
        if not self.profile.capital_inside_sentence_is_name \
                or not capitalised(word) or self.analyzer is None \
                or not self.analyzer.is_known(word.lower_):
            return False
        readings = self._readings(word)
        return bool(readings) and all(r.name_part == "surname" and r.gender in OTHER_GENDER
                                      for r in readings)


    @rule("name-surname-of-noun")
    def surname_of_noun(self, doc: Doc, i: int) -> bool:
        """Whether the capitalised word at ``i``, inside a sentence (no quotation, dash
        or colon before it), is a surname the analyser knows that is also a common noun of
        a being, no animal (profile ``non_person_nouns``: "той Кіт"): the
        capital makes it the name ("випустила молодого Кушніра", "назвав Мельника
        найкращим"), where the common noun would be written in lower case. Not a word
        that reads as anything but a noun, nor one after a preposition ("В Судак", a
        place)."""
        word = doc[i]
        before = i - 1
        while before >= 0 and doc[before].is_space:
            before -= 1
        if not self.profile.capital_inside_sentence_is_name or not capitalised(word) \
                or self.analyzer is None or not self.analyzer.is_known(word.lower_) \
                or before < 0 or doc[before].text in _CAPITAL_OPENERS \
                or self.place(doc, i) or doc[before].lower_ in self.profile.preposition_cases:
            return False
        readings = self._readings(word)
        return any(r.name_part == "surname" and r.gender in OTHER_GENDER for r in readings) \
            and any(r.pos == "NOUN" and r.animate and not r.name_part for r in readings) \
            and all(r.pos in ("NOUN", "PROPN") for r in readings) \
            and not names_an_animal(self.lexicon, word.lower_)


def opens_sentence(doc: Doc, i: int) -> bool:
    """Whether token ``i`` starts its sentence (or the text), where a name nothing
    governs is the subject: "Іванка не бавиться"."""
    return i == 0 or doc[i - 1].text in _SENTENCE_OPENERS


def capitalised(token: Token) -> bool:
    return token.is_alpha and token.text[:1].isupper() and not token.is_upper
