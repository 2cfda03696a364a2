"""Swap person names: find them, tell their gender and case, and give each word its
replacement (:mod:`.name_forms` draws first names and derives patronymics and surnames).

Which tokens are a person's name: the Doc's person entities (profile ``person_labels``) when
it has entities; otherwise runs of capitalised words around a known first name, or from a
surname the analyser knows right after a title ("з депутатом Бондаренком"). One document maps
one name to one replacement (Іван … Івана → Марія … Марії).
"""

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from spacy.tokens import Doc, Token

from ..extensions import FEMININE, MASCULINE
from ..lexicon import Lexicon
from ..morph import OTHER_GENDER, Reading, agrees
from ..tokens import is_word, prefix_hyphen
from .government import (
    CASE_ORDER,
    animate_cases,
    governed_cases,
)
from .name_forms import NameForms
from .name_lists import NameList, builtin_name_list
from .name_spans import NameFinder, is_initial, opens_sentence
from .rules import rule

_UD = {MASCULINE: "Masc", FEMININE: "Fem"}
# How many words back a name looks for the person noun it is in apposition to ("директора
# фірми «УПС» Тараса Палія").
_APPOSITION_REACH = 6
# What is stripped from a word of the text to see whether it is written as a name.
_PUNCTUATION = ".,;:!?«»„“”\"'()[]—–-…"
# A title that reads in this many cases does not decline (замгубернатора, пані).
_MANY_CASES = 4
# The cases of a nominative form (a surname's: "Голяшкіна", also the vocative).
_NOMINATIVE = frozenset({"Nom", "Voc"})
# A regnal number in a name ("Зиґмунт II"), which no gender changes.
_ROMAN_NUMERAL = re.compile(r"[IVXLC]+")
_FROM_UD = {v: k for k, v in _UD.items()}


@dataclass(frozen=True)
class NameMention:
    """A person name: tokens [start, end), its gender and case before the swap, and whether
    the direction swaps it."""

    start: int
    end: int
    gender: str  # UD: Masc | Fem
    case: str | None
    swapped: bool = True


@dataclass(frozen=True)
class NameEdit:
    i: int
    new: str | None
    reason: str


class NameSwapper:
    """Finds person names in a Doc and gives their other-gender replacements.

    lexicon (Lexicon): the language's lexicon (its analyser inflects names when there is one).
    names (NameList | None): first names to draw from; defaults to the profile's list.
    """

    def __init__(self, lexicon: Lexicon, names: NameList | None = None) -> None:
        self.lex = lexicon
        self.profile = lexicon.profile
        self.analyzer = lexicon.analyzer
        builtin = builtin_name_list(self.profile) or NameList({})
        self.names = names or builtin
        # first names a patronymic is made from: the list drawn from and the built-in one
        self.known_names = (self.names, builtin)
        self.forms = NameForms(self.profile, self.analyzer, self.names)
        self.finder = NameFinder(lexicon, self.known_names)
        self._counting_numerals = frozenset(
            word for pair in self.profile.numeral_pairs for word in pair[:2])
        # the cases governed at each token of the Doc being swapped (a name asks several
        # times; forgotten when the next swap looks for names)
        self._governed_doc: Doc | None = None
        self._governed_memo: dict[int, tuple[str, ...]] = {}

    def _governed(self, doc: Doc, i: int) -> tuple[str, ...]:
        """``governed_cases`` at token ``i`` of ``doc``, worked out once per swap and token."""
        if doc is not self._governed_doc:
            self._governed_doc, self._governed_memo = doc, {}
        found = self._governed_memo.get(i)
        if found is None:
            found = self._governed_memo[i] = governed_cases(doc, i, self.lex)
        return found

    def name_spans(self, doc: Doc, entities=None) -> list[tuple[int, int]]:
        """The (start, end) token spans of the person names of ``doc`` (see
        :meth:`.name_spans.NameFinder.name_spans`)."""
        self._governed_doc = None  # (a swap starts here: what a Doc governs is read anew,
        # its entities may have changed since)
        return self.finder.name_spans(doc, entities)

    @rule("name-title-word")
    def _title_word(self, token: Token) -> bool:
        """A person noun or form of address written as part of a name ("Queen", "Prince")."""
        return token.lower_ in self.lex.honorifics or (
            self.lex.persons.may_be_person_noun(token.lower_)
            and self.lex.persons.lookup(token.lower_) is not None)

    def _first_names(self, tokens: list[Token]) -> dict[int, frozenset[str]]:
        """The first names in one name (token index → genders). The analyser also guesses
        first-name readings for words it does not know; a guess counts only where no word of
        a name of several words is a known first name, and only for the first word:
        "Андранік Мкртчян", not "Віталій Плевнік" (nor a bare surname, "Сміяненко")."""
        known = {t.i: g for t in tokens if (g := self.finder.first_name_gender(t))}
        if len(known) > 1:
            # A surname can be a first name too ("Андрій Гордій", "Сергій Ратко"): with a
            # patronymic the first name is the word before it ("Гордій Андрій Петрович"),
            # in a name of two words the first one, unless hyphenated ("Жан-Поль"). Longer
            # names may have several ("Ернст Теодор Амадей Гофман").
            following = {t.i: tokens[n + 1] for n, t in enumerate(tokens[:-1])}
            first = next((i for i in known if i in following and any(
                r.name_part == "patronymic" for r in self._readings(following[i]))), None)
            if first is None and len(tokens) == 2 and not prefix_hyphen(tokens[0].doc,
                                                                          tokens[0].i + 1):
                first = tokens[0].i
            if first is not None:
                return {first: known[first]}
            if len(tokens) > 2 and tokens[0].i in known:
                # the last word of a longer name is its surname ("Martin Luther King")
                known.pop(tokens[-1].i, None)
        if known or len(tokens) < 2:
            return known
        guessed = self.finder.first_name_genders(tokens[0].text, guess=True)
        if not guessed:
            return {}
        # The guess's gender is a guess too: a gendered surname knows better ("Агія
        # Загребельська" is a woman).
        surname = set().union(*(self._surname_genders(t) for t in tokens[1:]))
        return {tokens[0].i: frozenset(surname) if len(surname) == 1 else guessed}

    # -- swapping ---------------------------------------------------------------------------
    def swap(self, doc: Doc, span: tuple[int, int], rng: random.Random, chosen: dict,
             wanted, context_gender=None, surnames: dict[str, str | None] | None = None
             ) -> tuple[list[NameEdit], NameMention | None]:
        """The edits that swap one person name, and the name (None when its gender is not
        known; ``swapped`` False when the direction keeps it). ``chosen`` maps first names
        already replaced in this document to their replacement; ``wanted(gender)`` says
        whether a person of that gender is swapped (the direction); ``context_gender(start,
        end, case, relative=False)`` gives the gender the words agreeing with a bare surname
        show ("Косенко був"), with ``relative`` that of a relative pronoun after the name
        when no word agrees, or None. ``surnames`` maps the surnames (lemmas) of the names
        already read in this document, names to be read in order, to their person's gender
        (None when two people of both genders share it): a bare surname of one of them is
        that person ("Анатолій Яковинець … дісталися Яковинцю")."""
        # (a lower-case word inside a name is a particle, no part of it: "Аркадій же
        # Петрович", "де Барі"; but "Приймак-молодший"; a determiner is none either: "The
        # developer" given as a name is no "Edward developer")
        tokens = [t for t in doc[span[0]:span[1]] if (t.is_alpha or "'" in t.text
                                                      or "’" in t.text)
                  and not (t.is_lower and not prefix_hyphen(doc, t.i - 1))
                  and t.lower_ not in self.lex.profile.determiners]
        while len(tokens) > 1 and self._title_word(tokens[0]) and any(
                self.finder.first_name_gender(t) for t in tokens[1:]):
            tokens = tokens[1:]  # "Queen Elizabeth": a title, which swaps as a person noun
        if not tokens:
            return [], None
        if self._counted(doc, tokens[0].i):
            return [], None  # "два Сергії Мельничуки": several people, no one to swap
        first_names = self._first_names(tokens)
        if not first_names and (self._attribute_of_noun(doc, tokens)
                                or self._family(doc, tokens)):
            return [], None
        earlier = self._earlier_surname(doc, tokens, surnames) if surnames else None
        if earlier is not None:
            gender, case, surname_lemma = earlier
        else:
            gender, case = self._gender_and_case(doc, tokens, first_names, context_gender)
            surname_lemma = None
        if gender is None:
            return [], None
        if surnames is not None:
            self._remember_surnames(tokens, gender, case, first_names, surnames)
        if not wanted(gender):
            return [], NameMention(span[0], span[1], gender, case, swapped=False)
        new_gender = OTHER_GENDER[gender]
        unknown_first = self._unknown_first_name(tokens, first_names)
        edits = []
        for token in tokens:
            if len(token) == 1 or _ROMAN_NUMERAL.fullmatch(token.text):
                continue  # an initial ("С. М. Реформатський") or a regnal number ("II") stays
            part = "first" if unknown_first == token.i else self._part(
                token, gender, first_names, len(tokens) >= 3,
                after_name=any(t.i < token.i and len(t) > 1 for t in tokens))
            if part == "first":
                lemma = self.forms.lemma(token, "first", gender) or token.lower_
                if lemma not in chosen:
                    chosen[lemma] = self.forms.draw(rng, new_gender, case,
                                               _names_in_use(doc, chosen))
                new = chosen[lemma]
                new = self.forms.inflected_first_name(new, new_gender, case) if new else None
                edits.append(NameEdit(token.i, new, "first name" if new else
                                      "first name: no name of the other gender in this case"))
            elif part == "patronymic":
                new = self.forms.derived(token, gender, case, "patronymic",
                                    self.profile.patronymic_derivation)
                edits.append(NameEdit(token.i, new, "patronymic" if new else
                                      "patronymic: no counterpart known"))
            elif part == "surname":
                new = self.forms.derived(token, gender, case, "surname",
                                    self.profile.surname_derivation, alone=len(tokens) == 1,
                                    lemma=surname_lemma,
                                    after_first_name=any(i < token.i for i in first_names))
                if new is not None and new != token.lower_:
                    edits.append(NameEdit(token.i, new, "surname"))
                elif new is None:
                    edits.append(NameEdit(token.i, None, "surname: no form known"))
        return edits, NameMention(span[0], span[1], gender, case)

    @rule("name-unknown-first-name")
    def _unknown_first_name(self, tokens: list[Token], first_names) -> int | None:
        """The index of the first word of a two-word name that is no first name to the lists
        and a word the analyser does not know at all, once the context has told the person's
        gender: a first name no list has ("власником був Гагік Авагян"), to be replaced like
        any other, not left to a woman ("власницею була Гагік Авагян")."""
        if first_names or len(tokens) != 2 or not tokens[0].text[:1].isupper():
            return None
        first = tokens[0]
        if self._known(first) or any(r.name_part for r in self._readings(first)):
            return None  # (a word the analyser knows is no unknown name: "Діда Мороза",
            # "Мати Божа", "Дон Кіхота")
        return first.i

    @rule("name-earlier-surname")
    def _earlier_surname(self, doc: Doc, tokens: list[Token], surnames: dict[str, str | None]
                         ) -> tuple[str, str, str] | None:
        """The gender, case and surname lemma of a bare surname that an earlier name of the
        document has: the same person, whatever else the form could be ("Неговелова" after
        "Романа Неговелова" is his genitive, not a woman's nominative; "Яковинцю", a form
        the analyser only guesses at, is Яковинець's dative)."""
        if len(tokens) != 1:
            return None
        token = tokens[0]
        found: dict[str, set[str]] = {}
        for reading in self._readings(token):
            gender = surnames.get(reading.lemma)
            if gender is not None and reading.gender == gender and reading.case \
                    and reading.pos in ("NOUN", "PROPN", "ADJ"):
                found.setdefault(reading.lemma, set()).add(reading.case)
        if surnames.get(token.lower_) == "Masc":
            found.setdefault(token.lower_, set()).add("Nom")  # (a man's, the nominative)
        if len(found) != 1:
            return None
        ((lemma, cases),) = found.items()
        governed = self._governed(doc, token.i) or self._title_cases(doc, token.i)
        case = next((c for c in (*governed, *CASE_ORDER) if c in cases), None)
        return (surnames[lemma], case, lemma) if case is not None else None

    def _remember_surnames(self, tokens: list[Token], gender: str, case: str | None,
                           first_names: dict[int, frozenset[str]],
                           surnames: dict[str, str | None]) -> None:
        """Record the surname lemmas of a name of ``gender`` (see ``swap``'s ``surnames``):
        its words other than the first name and the patronymic."""
        for token in tokens:
            if len(token) == 1 or self._part(token, gender, first_names, len(tokens) >= 3) \
                    != "surname":
                continue
            lemma = self.forms.lemma(token, "surname", gender, case) or next(
                (r.lemma for r in self._readings(token) if r.gender == gender
                 and r.case == case and r.pos in ("NOUN", "PROPN", "ADJ")), None)
            if lemma is None and case == "Nom":
                lemma = token.lower_
            if lemma is not None:
                surnames[lemma] = gender if surnames.get(lemma, gender) == gender else None

    @rule("name-counted")
    def _counted(self, doc: Doc, start: int) -> bool:
        """Whether the name at ``start`` follows a numeral counting people (profile
        ``numeral_pairs``): a name shared by several ("два Сергії Мельничуки")."""
        return start > 0 and doc[start - 1].lower_ in self._counting_numerals

    @rule("name-family")
    def _family(self, doc: Doc, tokens: list[Token]) -> bool:
        """Whether a bare surname reads only as a plural noun's genitive or an adjective,
        after a word naming no person: a family ("подружжя Качаненків", "до Потапенків"), no
        one to swap (nor the possessive "Шевченків", which a noun would follow; a title's
        name is the person's: "директор Гнатів")."""
        if len(tokens) != 1 or tokens[0].i == 0:
            return False
        readings = self._readings(tokens[0])
        before = doc[tokens[0].i - 1]
        return any(r.pos in ("NOUN", "PROPN") and r.number == "Plur" and r.case == "Gen"
                   for r in readings) \
            and all(r.pos == "ADJ" or (r.pos in ("NOUN", "PROPN") and r.number == "Plur")
                    for r in readings) \
            and before.is_alpha and before.is_lower \
            and not self.lex.persons.may_be_person_noun(before.lower_)

    @rule("name-attribute-of-noun")
    def _attribute_of_noun(self, doc: Doc, tokens: list[Token]) -> bool:
        return attribute_of_noun(doc, tokens, self._readings)

    def _gender_and_case(self, doc: Doc, tokens: list[Token],
                         first_names: dict[int, frozenset[str]], context_gender=None):
        """The person's gender and the case all parts of the name share. The gender comes
        from the first name, else the patronymic; a bare surname ("Косенко", "Сухович")
        often reads as both genders, or as the one its indeclinable form shares with the
        other, so the words agreeing with it decide, then its gendered form."""
        first_genders = set()
        for part in ("first", "patronymic"):
            for token in tokens:
                if part == "first":
                    genders = first_names.get(token.i, frozenset())
                    first_genders |= genders
                elif self._known(token) or self._of_first_name(token):
                    genders = {r.gender for r in self._readings(token)
                               if r.name_part == part and r.gender in OTHER_GENDER}
                else:
                    genders = set()  # a patronymic only guessed from its ending ("Чемич")
                if len(genders) == 1:
                    (gender,) = genders
                    if part == "first" and self._not_after_its_preposition(
                            doc, tokens[0].i, token, gender):
                        return None, None
                    return gender, self._case(doc, tokens, gender)
        surname_genders = set()
        for token in tokens:
            if token.i not in first_names:  # ("Іванка" alone is her first name, not only
                # the genitive of the surname Іванко)
                surname_genders |= self._surname_genders(token)
        if first_genders and context_gender is not None and (
                len(surname_genders) != 1 or self._common_surname(tokens, surname_genders)):
            # "Валентина" is a woman's nominative and a man's genitive (Валентин), and no
            # surname tells: the words agreeing with the name in either reading decide, or
            # the relative pronoun after it ("Валерія Нечитайло, який"); not in a reading the
            # title the name is apposed to rules out ("у постановці режисера Романа
            # Мархоліа": the genitive of Роман, not a woman's nominative that "відбулася
            # прем'єра" would agree with).
            title_cases = set(self._title_cases(doc, tokens[0].i))
            for gender in sorted(first_genders):
                if title_cases and not title_cases & self._shared_cases(tokens, gender):
                    continue
                case = self._case(doc, tokens, gender)
                if case is not None and context_gender(tokens[0].i, tokens[-1].i + 1, case,
                                                       relative=True) == gender:
                    return gender, case
            # Else the reading in which all words of the name share a case: "Валентину
            # Козименко" is a woman (Валентину as Валентин's dative, Козименко is no dative).
            consistent = [g for g in sorted(first_genders) if self._shared_cases(tokens, g)]
            if len(consistent) == 1:
                return consistent[0], self._case(doc, tokens, consistent[0])
            # Else the reading in the case the name's governor or conjunct allows, or the
            # title it is apposed to: "братів Вячеслава та Олександра", "У екс-очільника КМДА
            # Олександра Попова" (genitive: Олександр, not the nominative Олександра)
            governed = set(self._governed(doc, tokens[0].i)
                           or self._title_cases(doc, tokens[0].i)
                           or self._partner_cases(doc, tokens[0].i)) or (
                {"Nom"} if opens_sentence(doc, tokens[0].i) else set())
            fitting = [g for g in consistent if governed & self._shared_cases(tokens, g)]
            if len(fitting) == 1:
                return fitting[0], self._case(doc, tokens, fitting[0])
            # Else the title the name is in apposition to: "є датчанин Сорен Шмідт" (not a
            # relation: "тато мого однокласника Еріка" may be his father's)
            titled = self._title_before(doc, tokens)
            before = doc[tokens[0].i - 1] if tokens[0].i > 0 else None
            if titled is not None and titled[0] in first_genders and before is not None \
                    and self.finder.title_noun(before, self._readings(before)):
                return titled
        elif surname_genders and (titled := self._title_before(doc, tokens)) is not None:
            return titled  # "дохід підприємиці Козименко становив": the title's woman
        elif context_gender is not None and surname_genders:
            # A bare surname: any gender the context shows counts. "Сухович виграв" is a man
            # although the dictionary lists Сухович only as the (indeclinable) woman's form.
            cases = self._cases(doc, tokens, surname_genders)
            if "Gen" in cases and self._after_thing_noun(doc, tokens[0].i):
                # "група Ахметова почала": the group's owner, a genitive, not the subject
                # of почала
                genitive = [g for g in sorted(surname_genders)
                            if "Gen" in self._shared_cases(tokens, g)]
                if len(genitive) == 1:
                    return genitive[0], "Gen"
            if surname_genders == {"Fem"} and self._after_thing_noun(doc, tokens[0].i) \
                    and self._masculine_genitive_too(tokens):
                # "ще одна компанія Машненкова": Машненков's
                return "Masc", "Gen"
            for case in cases:
                gender = context_gender(tokens[0].i, tokens[-1].i + 1, case)
                if gender in OTHER_GENDER:
                    return gender, case
            # nothing agrees: the case its governor, conjuncts or title allow may fit one
            # gender only ("сім'я судді Голяшкіна": Голяшкін's genitive, not her nominative;
            # "… І . К . Мацуревича , А . І . Кіпріанова": the list's genitive)
            governed = set(self._governed(doc, tokens[0].i)
                           or self._title_cases(doc, tokens[0].i))
            fitting = [g for g in sorted(surname_genders)
                       if governed & self._shared_cases(tokens, g)]
            if len(fitting) == 1 and "Nom" not in governed \
                    and sum(len(t) > 1 for t in tokens) == 1 \
                    and len(self._shared_cases(tokens, fitting[0])) < _MANY_CASES \
                    and self._shared_cases(tokens, OTHER_GENDER[fitting[0]]) <= _NOMINATIVE:
                # (only a surname, maybe with initials, and only a declined form against
                # the other gender's nominative: an indeclinable "Дудко" after "каже" may be
                # the subject the government misses)
                return fitting[0], self._case(doc, tokens, fitting[0])
        if len(surname_genders) == 1:
            (gender,) = surname_genders
            case = self._case(doc, tokens, gender)
            if case == "Loc" and "Loc" not in self._governed(doc, tokens[0].i):
                # the locative is only ever a preposition's: "комісар Катані" is a foreign
                # name that does not decline, no locative of Катан
                return None, None
            return gender, case
        return None, None

    @rule("name-after-thing-noun")
    def _after_thing_noun(self, doc: Doc, start: int) -> bool:
        """Whether the name at ``start`` follows a lower-case noun that names no person (its
        possessor's place: "група Ахметова", "декларації Сміяненка")."""
        if start == 0 or not is_word(doc[start - 1]) or not doc[start - 1].is_lower:
            return False
        before = doc[start - 1]
        readings = self._readings(before)
        if not readings or any(r.pos != "NOUN" for r in readings) \
                or self.lex.persons.may_be_person_noun(before.lower_):
            return False  # (only a noun: not "ніж", "досі"; and no person's title)
        # nor a measure after a quantity ("через кілька тижнів Попова поскаржилася")
        return not (start > 1 and any(r.pos in ("NUM", "PRON")
                                      for r in self._readings(doc[start - 2]))
                    and any(r.case == "Gen" and r.number == "Plur" for r in readings))

    @rule("name-not-after-its-preposition")
    def _not_after_its_preposition(self, doc: Doc, start: int, first: Token, gender: str
                                   ) -> bool:
        """Whether a preposition right before the name at ``start`` governs none of the
        cases its first name ``first`` reads in as a person of ``gender``: "про Раїса" is
        no woman Раїса (про takes the accusative), but a man the dictionary does not know."""
        governed = self.profile.preposition_cases.get(doc[start - 1].lower_) if start else None
        return bool(governed) and not set(governed) & self._word_cases(first, gender)

    @rule("name-masculine-genitive-too")
    def _masculine_genitive_too(self, tokens: list[Token]) -> bool:
        """Whether a one-word surname the dictionary reads only as a woman's is also the
        genitive of the man's by its declension (profile ``surname_declensions``):
        Машненкова is Машненков's genitive as much as her nominative."""
        words = [t for t in tokens if len(t) > 1]
        if len(words) != 1:
            return False
        word = words[0].lower_
        return any(word.endswith(feminine[0]) and feminine[0] == masculine[1]
                   for masculine, feminine in self.profile.surname_declensions)

    @rule("name-common-surname")
    def _common_surname(self, tokens: list[Token], genders: set[str]) -> bool:
        """Whether the surname, known only as an oblique form of the other gender's, may
        also be its own nominative for the first name's other reading: "Валентина Кочура"
        is Валентин Кочур's genitive or Валентина Кочура herself (profile
        ``common_surname_endings``: such surnames are the same for both). Only a name that
        opens its clause, or follows another name, is taken for a nominative so: after a
        word, it is mostly a dependent ("підприємця Віталія Лобка", "перекладів Юліана
        Тувіма")."""
        surname, start = tokens[-1], tokens[0].i
        before = tokens[0].doc[start - 1] if start > 0 else None
        # (or right after another person's name, its possessor's: "мати Юрія Мірошниченка
        # Валентина Кочура придбала")
        opens_clause = before is None or not is_word(before) \
            or before.ent_type_ in self.profile.person_labels
        return opens_clause and len(tokens) > 1 and surname.lower_.endswith(
            self.profile.common_surname_endings) and not any(
            r.case == "Nom" for r in self._readings(surname)
            if r.name_part == "surname" and r.gender in genders)

    def _title_cases(self, doc: Doc, start: int) -> tuple[str, ...]:
        """The cases governed for the person noun the name at ``start`` is in apposition to,
        past that noun's genitive dependents: "звільнив директора фірми «УПС» Тараса Палія"
        (accusative, as директора is), while "сина директора Івана" leaves the genitive
        (nothing governs директора, a noun's dependent)."""
        k = self._apposed_title(doc, start)
        if k is None:
            return ()
        # in apposition only in a case of its own ("є партнером Вадима": no) that is not
        # every case ("був замгубернатора Василя": the undeclined title's genitive part is
        # Василь's)
        own = {r.case for r in self._readings(doc[k]) if r.pos == "NOUN" and r.number != "Plur"}
        if len(own) >= _MANY_CASES:
            return ()
        # (a hyphenated title is governed at its first part: "депутата-бютівця")
        governed = self._governed(doc, k - 2 if prefix_hyphen(doc, k - 1) else k)
        # (nothing governing the title, its own cases: "року тодішнього очільника … Віталія"
        # is Віталій's genitive, not her nominative)
        return tuple(c for c in governed if c in own) if governed else tuple(
            c for c in CASE_ORDER if c in own)

    def _partner_cases(self, doc: Doc, start: int) -> set[str]:
        """The genitive, for a name right after a relative noun that is itself apposed to
        a person's name ("Оксани Шишовської, дружини Руслана Тарпана"): the relative has
        its name already, so the one after it is the person it is related to (Руслан's
        genitive, not the nominative Руслана). A relative with no name of its own may be
        apposed to the name after it ("однокласника Еріка") and tells nothing."""
        if start < 3 or doc[start - 2].text != "," \
                or doc[start - 3].ent_type_ not in self.profile.person_labels \
                or not self.lex.persons.may_be_person_noun(doc[start - 1].lower_):
            return set()
        return {"Gen"}

    def _apposed_title(self, doc: Doc, start: int) -> int | None:
        """The title, form of address or possessed person noun that the name at
        ``start`` is in apposition to, past the title's genitive dependents and the
        initials and words of names and organisations ("начальника юридичного управління
        О. М. Тітова")."""
        k = start - 1
        while k >= max(0, start - _APPOSITION_REACH):
            token = doc[k]
            if not is_word(token) or (token.ent_type_ and not token.text[:1].islower()):
                k -= 1  # the quotes and words of an organisation or place
                continue
            readings = self._readings(token)
            if k + 1 < start and doc[k + 1].is_lower and any(
                    r.pos == "ADJ" and n.pos == "NOUN" and agrees(r, n)
                    for r in readings for n in self._readings(doc[k + 1])):
                k -= 1  # an adjectival title modifying the noun after it: "слідчого
                continue  # управління ГПУ" (the directorate's, no investigator)
            if token.lower_ in self.lex.honorifics or self.finder.title_noun(token, readings) \
                    or self._possessed(doc, k):
                return k
            if self.lex.persons.may_be_person_noun(token.lower_):
                return None  # a relative is someone else: "сина Івана Франка", "героя Кіфера"
            if not any(r.case == "Gen" for r in readings):
                return None
            k -= 1
        return None

    @rule("name-possessed")
    def _possessed(self, doc: Doc, k: int) -> bool:
        """Whether the person noun at ``k`` has a possessive pronoun before it, past its
        adjectives: "його особистого наставника Геннадія" has its possessor, so the name
        after it is the mentor, in apposition, not another possessor."""
        j = k - 1
        while j >= 0 and is_word(doc[j]) and any(
                r.pos == "ADJ" for r in self._readings(doc[j])) \
                and doc[j].lower_ not in self.lex.pronouns:
            j -= 1
        return j >= 0 and any(r.type == "possessive"
                              for r in self.lex.pronouns.readings(doc[j].lower_))

    @rule("name-title-before")
    def _title_before(self, doc: Doc, tokens: list[Token]) -> tuple[str, str] | None:
        """The gender and case of a gendered person noun right before a bare surname, in a
        case the surname has as a person of that gender: the name is in apposition to it
        ("підприємиці Козименко" is a woman in the genitive, whatever verb follows; the
        masculine "Козименко" has no genitive of that form)."""
        start = tokens[0].i
        if start > 0 and self.lex.persons.may_be_person_noun(doc[start - 1].lower_):
            title = start - 1
        elif start > 0 and is_initial(doc[start - 1]):
            # past initials ("начальника управління О. М. Тітова"): a title the name is
            # in apposition to
            title = self._apposed_title(doc, start)
            if title is None or not self.finder.title_noun(doc[title], self._readings(doc[title])):
                return None
        else:
            return None
        for reading in self._readings(doc[title]):
            hit = self.lex.persons.lookup_readings((reading,))
            gender = _UD.get(hit.entry.gender) if hit is not None else None
            if gender is not None and reading.gender == gender \
                    and reading.case in self._shared_cases(tokens, gender):
                return gender, reading.case
        return None

    def _surname_genders(self, token: Token) -> set[str]:
        """Genders ``token`` has as a surname: dictionary surnames, and adjectival ones
        (Шишацький, Шишацька) by their adjective readings."""
        readings = self._readings(token)
        genders = {r.gender for r in readings if r.name_part == "surname"} & set(OTHER_GENDER)
        if len(genders) > 1 and self.forms.extended_ending(token.lower_):
            # "Шевцов": the dictionary also lists it as a woman's indeclinable surname, but
            # a woman of the family is "Шевцова"
            genders = {"Masc"}
        if not genders and token.text[:1].isupper():
            genders = {r.gender for r in readings if r.pos == "ADJ"} & set(OTHER_GENDER)
        if not genders and self.forms.unlisted_surname(token):
            genders = {"Masc"}
        return genders

    def _shared_cases(self, tokens: list[Token], gender: str) -> set[str]:
        """The cases all words of a name share as a person of ``gender`` (words with no
        reading of that gender do not count)."""
        shared = None
        for token in tokens:
            cases = self._word_cases(token, gender)
            if cases:
                shared = cases if shared is None else shared & cases
        return shared or set()

    def _word_cases(self, token: Token, gender: str, alone: bool = False) -> set[str]:
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
        if _FROM_UD[gender] in self.names.genders(token.lower_) or (
                gender == "Masc" and self.forms.unlisted_surname(token)):
            cases.add("Nom")  # "Володимир": the dictionary's nominative lacks the Name tag
        return cases

    def _cases(self, doc: Doc, tokens: list[Token], genders: set[str]) -> list[str]:
        return list(dict.fromkeys(c for g in sorted(genders)
                                  if (c := self._case(doc, tokens, g)) is not None))

    def _case(self, doc: Doc, tokens: list[Token], gender: str) -> str | None:
        if self.analyzer is None:
            return None
        cases = self._name_cases(doc, tokens, gender, tokens)
        if not cases:
            return None
        governed = self._governed(doc, tokens[0].i) \
            or self._title_cases(doc, tokens[0].i)
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
            found = self._word_cases(token, gender, alone=len(tokens) == 1
                                     and not self._titled(doc, tokens[0].i))
            if found:
                cases = found if cases is None else (cases & found) or cases
        return cases

    def _readings(self, token: Token) -> tuple[Reading, ...]:
        return self.analyzer.analyze(token.lower_) if self.analyzer else ()

    @rule("name-titled")
    def _titled(self, doc: Doc, start: int) -> bool:
        """Whether a form of address or a person noun stands right before the name at
        ``start``: its case is the name's ("смуток пана Беня")."""
        return start > 0 and (doc[start - 1].lower_ in self.lex.honorifics
                              or self.lex.persons.may_be_person_noun(doc[start - 1].lower_))

    def _part(self, token: Token, gender: str, first_names: dict[int, frozenset[str]],
              three_parts: bool = False, after_name: bool = False) -> str:
        if gender in first_names.get(token.i, ()):
            return "first"
        if any(r.name_part == "patronymic" and r.gender == gender
               for r in self._readings(token)) and (
                ((first_names or after_name) and self._known(token))
                or self._of_first_name(token)):
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

    def _known(self, token: Token) -> bool:
        """Whether the analyser knows ``token`` (rather than guessing from its ending)."""
        return self.analyzer is None or self.analyzer.is_known(token.lower_)

    @rule("name-of-first-name")
    def _of_first_name(self, token: Token) -> bool:
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



def attribute_of_noun(doc: Doc | Sequence[Token], tokens: Sequence[Token],
                      readings: Callable[[Token], tuple[Reading, ...]]) -> bool:
    """Whether the words of a name without a first name are adjectives agreeing with a
    common noun: a possessive before the noun after it ("Шевченковим словом", "Тарасової
    думи"), or a name made of an adjective and a noun ("Білий Ведмідь", "Святого Духа").
    Such a name is no one's to swap, and its adjectives agree with the noun."""
    if len(tokens) == 1 and tokens[0].i > 0 and _describes_thing_before(doc, tokens[0], readings):
        return True  # after the thing it describes: "суд Божий", "на світ Божий"
    if len(tokens) == 1:
        following = tokens[0].i + 1
        if following >= len(doc) or not doc[following].is_lower:
            return False
        others = {r.pos for r in readings(doc[following])} - {"NOUN", "ADV"}
        if others - {"VERB", "ADJ"}:
            return False  # "Шекспірові про": a preposition
        if others and any(r.case == "Nom" for r in readings(tokens[0])):
            return False  # "Карий став", "Шишацький довгий час": a name, in the nominative
        # (a word that is also a verb or adjective is the noun after an oblique possessive
        # that is no nominative: "Тарасової думи", "за Гербуртову душу")
        adjectives, noun = tokens, doc[following]
    else:
        adjectives, noun = tokens[:-1], tokens[-1]
    nouns = [r for r in readings(noun) if r.pos == "NOUN" and not r.name_part]
    return bool(nouns) and all(any(
        r.pos == "ADJ" and agrees(r, n) for r in readings(adjective) for n in nouns)
        for adjective in adjectives)


def _describes_thing_before(doc: Doc | Sequence[Token], adjective: Token,
                            readings: Callable[[Token], tuple[Reading, ...]]) -> bool:
    """Whether a word that reads only as an adjective agrees, in the nominative or
    accusative, with a thing's noun right before it ("суд Божий"; not a genitive surname
    after its noun: "гробівця Сорочинського")."""
    own = readings(adjective)
    noun = doc[adjective.i - 1]
    if not noun.is_lower or not own or any(r.pos != "ADJ" or r.name_part for r in own):
        return False
    things = [r for r in readings(noun) if r.pos == "NOUN" and not r.animate and not r.name_part
              and r.case in ("Nom", "Acc")]
    return any(agrees(r, n) for r in own for n in things)


def _names_in_use(doc: Doc, chosen: dict[str, str | None]) -> frozenset[str]:
    """The first names a document already has (lower case): those drawn for it, the ones
    they replace, and any word written as a name in the nominative."""
    drawn = {name.lower() for name in chosen.values() if name}
    # (from the text: making the Doc's Token objects again costs more)
    words = (word.strip(_PUNCTUATION) for word in doc.text.split())
    written = {word.lower() for word in words if word[:1].isupper()}
    return frozenset(drawn | set(chosen) | written)


