"""Find the person names of a Doc: its person entities when it has entities, else runs of
capitalised words around a known first name, or from a surname the analyser knows right after
a title ("з депутатом Бондаренком"). A capitalised word is no name where it is a place after
a locative preposition, a sentence-opening function word, a first name that is also an
ordinary word with nothing around it that makes it a name (a surname, a verb it is the
subject of, a name beside it, its use as a name elsewhere in the text), a quoted title or an
institution's eponym.
"""

from functools import cached_property, lru_cache

from spacy.tokens import Doc, Token

from ...lexicon import Lexicon
from ...lexicon.animals import animal_before
from ...morph import OTHER_GENDER, UD_GENDER, Reading
from ..grammar.eponyms import after_eponym_marker
from ..grammar.titles import in_quoted_title
from ..rules import rule
from .evidence import NameEvidence, capitalised, opens_sentence
from .homographs import HomographReader
from .lists import NameList

# Readings of a word that make a capitalised sentence opener no name by itself.
_FUNCTION_WORD_POS = frozenset({"PRON", "ADV", "CCONJ", "SCONJ", "ADP", "PART"})


class NameFinder:
    """Finds the person names of a Doc and tells which words are first names.

    lexicon (Lexicon): the language's lexicon.
    known_names (tuple[NameList, ...]): the name lists whose first names count.
    """

    def __init__(self, lexicon: Lexicon, known_names: tuple[NameList, ...]) -> None:
        self.lex = lexicon
        self.profile = lexicon.profile
        self.analyzer = lexicon.analyzer
        self.known_names = known_names
        # words that open a sentence capitalised and are no first name there, though name
        # lists have them: pronouns and determiners ("Ela deu", "Meine Mutter")
        self._not_names = frozenset(
            {w for row in (*self.profile.agreement, *self.profile.pronoun_swaps)
             for w in (row.masculine, row.feminine) if w}
            | {row.form for row in self.profile.pronouns} | self.profile.determiners)
        self.first_name_genders = lru_cache(maxsize=200_000)(self._first_name_genders_of)
        self._spouse_lemmas = frozenset(word for pair in self.profile.spouse_pairs
                                        for word in pair)
        self.evidence = NameEvidence(lexicon, known_names)
        self.homographs = HomographReader(self)

    def _readings(self, token: Token) -> tuple[Reading, ...]:
        return self.analyzer.analyze(token.lower_) if self.analyzer else ()

    def name_spans(self, doc: Doc, entities=None) -> list[tuple[int, int]]:
        """The (start, end) token spans of the person names of ``doc``: its person entities
        (``entities``, by default ``doc.ents``) when it has entity annotation, else runs of
        capitalised words that start with a known first name (or a known surname right
        after a title)."""
        labels = set(self.profile.person_labels)
        entities = doc.ents if entities is None else entities
        if entities or doc.has_annotation("ENT_IOB"):
            # (an institution's eponym stays even where it is tagged as a person's name)
            spans = [part for e in entities if e.label_ in labels
                     and not self._eponym(doc, e.start, nouns=False)
                     and not self._animal_name(doc, e.start)
                     for part in self._coordinated(doc, e.start, e.end)]
        else:
            spans, named = self._capitalised_names(doc, frozenset())
            if named and any(t.lower_ in named and capitalised(t)
                             and not any(a <= t.i < b for a, b in spans) for t in doc):
                # (a first name that is also a word, a name somewhere in the text, is the
                # same name where it stands alone: "Grace Kelly arrived. … said Grace.")
                spans, _ = self._capitalised_names(doc, named)
        animals = self._animal_names(doc) if spans else set()
        return [(a, b) for a, b in spans if not (b - a == 1 and self._name_lemmas(doc[a])
                                                 & animals)]

    def _animal_names(self, doc: Doc) -> set[str]:
        """The first names the text gives an animal ("до павука Гоші"): the animal's
        wherever they stand alone in it ("Гоша добра"), as a surname is its person's. Only
        after a word that names nothing but a being ("роботи" is also work: "місцями
        роботи Сміяненка")."""
        return {lemma for token in doc if token.i > 0 and token.text[:1].isupper()
                and self._animal_name(doc, token.i) and not any(
                    r.pos == "NOUN" and not r.animate for r in self._readings(doc[token.i - 1]))
                for lemma in self._name_lemmas(token)}

    def _name_lemmas(self, token: Token) -> set[str]:
        """The word and the lemmas of its first-name readings, lower case."""
        return {token.lower_} | {r.lemma for r in self._readings(token)
                                 if r.name_part == "first"}

    def _capitalised_names(self, doc: Doc, named: frozenset[str]
                           ) -> tuple[list[tuple[int, int]], frozenset[str]]:
        """The runs of capitalised words of a Doc without entities that are person names,
        and the name homographs (lower case) that open one of them. ``named``: the name
        homographs the text takes as names elsewhere."""
        spans, i, surnames, openers = [], 0, set(), set()
        while i < len(doc):
            if doc[i].text[:1].isupper() and (
                    ((self.first_name_gender(doc[i]) or self._surname_after_title(doc, i))
                     and doc[i].lower_ not in self._not_names
                     and not self.homographs._alone(doc, i, named)
                     and not self.evidence.place(doc, i)
                     and not self._function_word_alone(doc, i))
                    or self._repeated_surname(doc, i, surnames)
                    or self.evidence.surname_subject(doc, i)
                    or ((self.evidence.surname_only(doc, i)
                         or self.evidence.surname_of_noun(doc, i))
                        and not self._oblique_adjectival_surname(doc[i]))
                    or self._unknown_name_after_title(doc, i)):
                start, end = i, i + 1
                while start > 0 and capitalised(doc[start - 1]) \
                        and not opens_sentence(doc, start - 1) \
                        and not self.lex.persons.may_be_person_noun(doc[start - 1].lower_) \
                        and not self._known_common_word(doc[start - 1]) \
                        and not self.evidence.in_other_cases(doc[start - 1], doc[start]):
                    start -= 1  # "Шевцов Олексій": a surname before; not sentence-initial,
                    # nor a (German, capitalised) person noun: "Der Lehrer Thomas Müller",
                    # nor a word the analyser knows only as no name ("Європарламенту")
                while end < len(doc) and capitalised(doc[end]) \
                        and not self.evidence.in_other_cases(doc[end - 1], doc[end]):
                    end += 1
                if not self._quoted_title(doc, start) and not self._eponym(doc, start) \
                        and not self.evidence.after_capitalised_adjective(doc, start) \
                        and not self._animal_name(doc, start):
                    spans.append((start, end))
                    if doc[i].lower_ in self.profile.name_homographs:
                        openers.add(doc[i].lower_)
                    if end - start > 1:  # (the surname a later bare mention may repeat)
                        surnames.add(doc[end - 1].lower_)
                        surnames.update(r.lemma for r in self._readings(doc[end - 1])
                                        if r.name_part == "surname")
                i = end
            else:
                i += 1
        return spans, frozenset(openers)

    @rule("name-repeated-surname")
    def _repeated_surname(self, doc: Doc, i: int, surnames: set[str]) -> bool:
        """Whether the word at ``i`` is, alone, the surname of a name found earlier in the
        text, in any of its forms: that person again ("Петро Коваленко прийшов.
        Коваленко привітався"; "Бондар" is no cooper there)."""
        return (i + 1 >= len(doc) or not doc[i + 1].is_title) and (
            doc[i].lower_ in surnames or any(r.lemma in surnames and r.name_part == "surname"
                                             for r in self._readings(doc[i])))

    @rule("name-eponym")
    def _eponym(self, doc: Doc, start: int, nouns: bool = True) -> bool:
        """Whether the name at ``start`` is an institution's eponym: after one of the
        profile's ``eponym_markers``, past initials and title words ("університету імені
        Тараса Шевченка", "ПОСП ім . І . Франка", "центр імені короля Абдулазиза"), or
        with ``nouns`` after a noun of its ``eponym_nouns`` ("вулиці В'ячеслава
        Чорновола")."""
        # (an entity tagged as a person's name after a place's noun is the annotator's
        # person: only the markers count there, "університету імені Тараса Шевченка")
        return after_eponym_marker(doc, start, self.profile,
                                   self._readings if nouns else None)

    @rule("name-of-animal")
    def _animal_name(self, doc: Doc, start: int) -> bool:
        """Whether the name at ``start`` follows a noun naming an animal (the profile's
        ``non_person_nouns``): the animal's name ("собака Жучка", "кота Мурчика"), no
        person's."""
        return animal_before(self.lex, doc[start])

    @rule("name-quoted-title")
    def _quoted_title(self, doc: Doc, start: int) -> bool:
        """Whether the name at ``start`` is in a quoted name (grammar/titles.py): a firm,
        party or work ("«Радій» отримав", "«Блок Петра Порошенка» не висував", «Видавництво
        Старого Лева»), not a quoted sentence that opens with a name ("« Марік , —
        зверталася")."""
        return in_quoted_title(doc, start, self._readings)

    def _common_word_opening(self, token: Token) -> bool:
        """Whether ``token`` is a word the analyser knows as no name, or reads also as a
        function word ("Коли", "Тому": not Том's dative before a name)."""
        return self._known_common_word(token) or any(
            r.pos in _FUNCTION_WORD_POS for r in self._readings(token))

    @rule("name-known-common-word")
    def _known_common_word(self, token: Token) -> bool:
        """Whether the analyser knows ``token`` and reads it as no name at all."""
        return self.analyzer is not None and self.analyzer.is_known(token.lower_) and not any(
            r.name_part for r in self._readings(token))

    @rule("name-surname-after-title")
    def _surname_after_title(self, doc: Doc, i: int) -> bool:
        """Whether the word at ``i``, inside a sentence, is a surname the analyser knows right
        after a person noun it is apposed to: "з депутатом Бондаренком", "поетом Плужником"
        (a name with no first name, which the name lists cannot find); not an acronym, nor
        one that also reads as an adjective or declines like one ("голова Новосельського"
        is the village's, "студентом Полтавського інституту" the institute's)."""
        word = doc[i]
        return i > 0 and not opens_sentence(doc, i) and not word.is_upper \
            and self.analyzer is not None and self.analyzer.is_known(word.lower_) \
            and any(r.name_part == "surname" for r in self._readings(word)) \
            and not any(r.pos == "ADJ" for r in self._readings(word)) \
            and not word.lower_.endswith(self._adjectival_surname_endings) \
            and self.title_noun(doc[i - 1], self._readings(doc[i - 1]))

    @rule("name-unknown-after-title")
    def _unknown_name_after_title(self, doc: Doc, i: int) -> bool:
        """Whether the word at ``i``, inside a sentence, opens two capitalised words right
        after a person noun they are apposed to, and is a word the analyser does not know
        at all, nor an acronym, after a nominative title, and the second a nominative that
        is no adjective: a name no list has ("активіст Джахіт Бакир"; in another case such a
        name declines, and no list says how; not "начальник Держреєстслужби
        Старокостянтинівського району"). One such word alone may be an organisation's
        ("директор Укренерго"), so it takes two."""
        word = doc[i]
        return 0 < i < len(doc) - 1 and not opens_sentence(doc, i) and not word.is_upper \
            and word.text[1:].islower() and doc[i + 1].is_title \
            and self.analyzer is not None and not self.analyzer.is_known(word.lower_) \
            and self.title_noun(doc[i - 1], self._readings(doc[i - 1])) \
            and any(r.case == "Nom" for r in self._readings(doc[i - 1])) \
            and any(r.case in ("Nom", None) and r.pos != "ADJ" for r in self._readings(doc[i + 1]))

    def _oblique_adjectival_surname(self, token: Token) -> bool:
        """Whether ``token`` is a surname declining like an adjective in no nominative: the
        masculine's oblique cases are the neuter's, a place's ("голова Новосельського" is
        the village's head)."""
        return token.lower_.endswith(self._adjectival_surname_endings) \
            and not any(r.case == "Nom" for r in self._readings(token))

    @cached_property
    def _adjectival_surname_endings(self) -> tuple[str, ...]:
        """The endings of the surnames that decline like adjectives (profile
        ``surname_declensions`` whose masculine nominative ends in -ий/-ій/-ой)."""
        return tuple(sorted({ending for masculine, feminine in self.profile.surname_declensions
                             if masculine[0].endswith(("ий", "ій", "ой"))
                             for ending in (*masculine, *feminine)}))

    @rule("name-function-word-alone")
    def _function_word_alone(self, doc: Doc, i: int) -> bool:
        """Whether the word at ``i`` opens its sentence, reads also as a pronoun, adverb,
        conjunction, preposition or particle, or as a common noun's nominative where it is
        no first name's, and has no capitalised word after it: "Тому треба" (therefore, not
        Том's dative), "Тобі відомо" (you), "Люди відпочивають" (people, not Люда's
        genitive)."""
        if not opens_sentence(doc, i) or (i + 1 < len(doc) and doc[i + 1].is_title
                                          and not self.evidence.in_other_cases(doc[i], doc[i + 1])):
            return False  # (a capitalised word after it in another case is no part of one
            # name with it: "Тому Марина залишила")
        readings = self._readings(doc[i])
        return any(r.pos in _FUNCTION_WORD_POS for r in readings) or (
            any(r.pos == "NOUN" and r.case == "Nom" for r in readings)
            and not any(r.name_part == "first" and r.case == "Nom" and r.number != "Plur"
                        for r in readings))

    def _coordinated(self, doc: Doc, start: int, end: int) -> list[tuple[int, int]]:
        """One entity that names several people is split at its conjunctions and commas.
        A plural surname after first names is the family's and has no gender: "Вячеслава
        та Олександра Супруненків" is two first names, and the surname stays."""
        parts, first = [], start
        for i in range(start, end):
            if doc[i].lower_ in self.profile.pair_conjunctions or doc[i].text == ",":
                if i > first:
                    parts.append((first, i))
                first = i + 1
        if end > first:
            parts.append((first, end))
        last = parts[-1] if parts else None
        if len(parts) > 1 and last[1] - last[0] == 2 and all(b - a == 1 for a, b in parts[:-1]) \
                and any(r.number == "Plur" and r.pos in ("NOUN", "PROPN")
                        for r in self._readings(doc[last[1] - 1])):
            parts[-1] = (last[0], last[1] - 1)
        return parts

    def first_name_gender(self, token: Token) -> frozenset[str]:
        return self.first_name_genders(token.text)

    def _first_name_genders_of(self, text: str, guess: bool = False) -> frozenset[str]:
        """UD genders of a first name (empty when ``text`` is not one): the name lists, the
        analyser's first-name readings (of words it knows, or ``guess``), or (no analyser)
        the language's name resolver."""
        word = text.lower()
        # (the built-in list too: a list loaded to draw from may lack a name the text has,
        # "Володимир", which the dictionaries do not tag as a name)
        genders = {UD_GENDER[g] for names in self.known_names for g in names.genders(word)}
        if self.analyzer is not None:
            if guess or self.analyzer.is_known(word):
                # (by a vocative only where the word is no other case of a name, and the
                # vocative of a listed name: "Петро" is also Петра's, a woman's, vocative;
                # "Ірино" is only Ірина's; the analyser guesses vocatives of unknown words)
                named = [r for r in self.analyzer.analyze(word)
                         if r.name_part == "first" and r.gender in OTHER_GENDER]
                genders |= {r.gender for r in named if r.case != "Voc"} or {
                    r.gender for r in named if any(
                        UD_GENDER[g] == r.gender for names in self.known_names
                        for g in names.genders(r.lemma))}
        else:
            gender = UD_GENDER.get(self.lex.names.gender(text))
            if gender:
                genders.add(gender)
        return frozenset(genders)

    def title_noun(self, token: Token, readings: tuple[Reading, ...]) -> bool:
        """A person noun a name after it is in apposition to: a job title, a common-gender
        noun ("судді", "голови"), a resident ("киянина Андрія"); not a relation (profile
        kind ``relation``: "сина Івана Франка" is Franko's son) or a spouse (profile
        ``spouse_pairs``)."""
        if not self.lex.persons.may_be_person_noun(token.lower_):
            return False
        hit = self.lex.persons.lookup_readings(readings)
        return hit is not None and hit.entry.kind != "relation" \
            and hit.entry.lemma not in self._spouse_lemmas

    def part(self, token: Token, gender: str, first_names: dict[int, frozenset[str]],
              three_parts: bool = False, after_name: bool = False) -> str:
        if gender in first_names.get(token.i, ()):
            return "first"
        if any(r.name_part == "patronymic" and r.gender == gender
               for r in self._readings(token)) and (
                ((first_names or after_name) and self.known(token))
                or self.of_first_name(token)):
            # (alone or after an initial, only a patronymic made from a first name:
            # "Андрійович передав"; not the surnames "з Шинкевичем", "С. Кленовича" that the
            # dictionary also lists as ones; nor, after a first name, one the analyser only
            # guesses from its ending: "Назар Палідович" is a surname)
            return "patronymic"
        if three_parts and gender in first_names.get(token.i - 1, ()) \
                and self._patronymic_ending(token, gender):
            # "Мельник Андрій Володимирович": a patronymic the dictionary lacks (in a name of
            # two parts the word after the first name is the surname: "Ігор Зінкевич")
            return "patronymic"
        return "surname"

    @rule("name-patronymic-ending")
    def _patronymic_ending(self, token: Token, gender: str) -> bool:
        """Whether ``token`` ends as a patronymic of ``gender`` does (profile
        ``patronymic_derivation``): -ович, -івна."""
        ending = 0 if gender == "Masc" else 1
        return token.lower_.endswith(tuple(
            rule[ending] for rule in self.profile.patronymic_derivation))

    def known(self, token: Token) -> bool:
        """Whether the analyser knows ``token`` (rather than guessing from its ending)."""
        return self.analyzer is None or self.analyzer.is_known(token.lower_)

    @rule("name-of-first-name")
    def of_first_name(self, token: Token) -> bool:
        """Whether a patronymic is made from a first name of the name lists: Андрійович
        (Андрій), Петрович (Петро); not Шинкевич (the analyser knows a rare "Шинкева")."""
        for reading in self._readings(token):
            if reading.name_part != "patronymic":
                continue
            for masculine, _feminine in self.profile.patronymic_derivation:
                if not reading.lemma.endswith(masculine):
                    continue
                stem = reading.lemma[:-len(masculine)]
                if any(stem in names.stems for names in self.known_names):
                    return True
        return False
