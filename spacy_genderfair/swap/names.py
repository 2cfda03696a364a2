"""Swap person names: first names by sampling, patronymics and surnames by derivation.

- A first name is replaced by a first name of the other gender drawn from a frequency list
  (weighted by frequency, with a ``random.Random`` the caller seeds), then inflected to the
  original's case. Names are only drawn, never made up; a name the analyser cannot put in the
  needed case is not drawn. One document maps one name to one replacement (Іван … Івана →
  Марія … Марії).
- Patronymics (Миколайович ↔ Миколаївна) and gendered surnames (-ський ↔ -ська, -ов ↔ -ова)
  follow the profile's ``patronymic_derivation`` / ``surname_derivation`` suffix pairs; a
  derived form is used only when the analyser knows it as a patronymic / surname of the other
  gender, or (surnames) the rule is the only one that applies. A surname without a gendered
  ending keeps its lemma (Мельник ↔ Мельник) in the new gender's declension (masculine
  "Мельника" → feminine "Мельник", which does not decline).

Which tokens are a person's name: the Doc's person entities (profile ``person_labels``) when
it has entities; otherwise runs of capitalised words around a known first name, or from a
surname the analyser knows right after a title ("з депутатом Бондаренком").

Name lists: the profile's ``first_names.tsv`` (ours) by default, or a file / folder given by
path (:func:`read_name_list`): a ``name<TAB>gender<TAB>weight`` TSV, or a folder laid out like
lang-uk/name_freq_dict_uk (``male_fname_freq_dict.csv`` / ``female_fname_freq_dict.csv``,
``name,freq_in_corpus``).
"""

import csv
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import accumulate, chain
from pathlib import Path

from spacy.tokens import Doc, Token

from ..extensions import FEMININE, MASCULINE
from ..lang import LanguageProfile, read_profile_file
from ..lexicon import Lexicon
from ..morph import OTHER_GENDER, Reading, agrees
from ..tokens import is_word, prefix_hyphen
from .government import (
    _CLOSING_QUOTES,
    _OPENING_QUOTES,
    CASE_ORDER,
    animate_cases,
    governed_cases,
)
from .rules import rule

_UD = {MASCULINE: "Masc", FEMININE: "Fem"}
# How many words back a name looks for the person noun it is in apposition to ("директора
# фірми «УПС» Тараса Палія").
_APPOSITION_REACH = 6
# What is stripped from a word of the text to see whether it is written as a name.
_PUNCTUATION = ".,;:!?«»„“”\"'()[]—–-…"
# The case order of the profile's ``surname_declensions``.
_DECLENSION_CASES = ("Nom", "Gen", "Dat", "Acc", "Ins", "Loc")
# What a sentence's first word may follow.
_SENTENCE_OPENERS = frozenset(".!?…")
# A title that reads in this many cases does not decline (замгубернатора, пані).
_MANY_CASES = 4
# The cases of a nominative form (a surname's: "Голяшкіна", also the vocative).
_NOMINATIVE = frozenset({"Nom", "Voc"})
# A regnal number in a name ("Зиґмунт II"), which no gender changes.
_ROMAN_NUMERAL = re.compile(r"[IVXLC]+")
_FROM_UD = {v: k for k, v in _UD.items()}
# Readings of a word that make a capitalised sentence opener no name by itself.
_FUNCTION_WORD_POS = frozenset({"PRON", "ADV", "CCONJ", "SCONJ", "ADP", "PART"})
# The genitive endings of a masculine noun that a person's genitive shares (a thing's may end
# in -у/-ю instead: "тулуба", but "Аду" is no person's).
_PERSON_GENITIVE_ENDINGS = ("а", "я")
# The most words after the capitalised ones in a quoted name ("ТОВ «Назар оак кепітел
# лімітед»").
_QUOTED_TITLE_TAIL = 3
_FOLDER_FILES = {MASCULINE: "male_fname_freq_dict.csv", FEMININE: "female_fname_freq_dict.csv"}


class NameListError(ValueError):
    """A name list that cannot be read (file and line named)."""


@dataclass(frozen=True, eq=False)
class NameList:
    """First names with their gender and a sampling weight."""

    names: dict  # gender ("masculine" | "feminine") -> tuple of (name, weight)
    source: str = "builtin"

    @cached_property
    def _genders(self) -> dict[str, frozenset[str]]:
        genders: dict[str, set[str]] = {}
        for gender, rows in self.names.items():
            for name, _ in rows:
                genders.setdefault(name.lower(), set()).add(gender)
        return {name: frozenset(found) for name, found in genders.items()}

    def genders(self, word: str) -> frozenset[str]:
        """The genders of the lower-cased first name ``word`` in this list."""
        return self._genders.get(word, frozenset())

    @cached_property
    def stems(self) -> frozenset[str]:
        """The lower-cased first names, whole and without their last letter: what a
        patronymic's suffix follows (Андрій → андрі-йович, Петро → петр-ович)."""
        return frozenset(form for name in self._genders for form in (name, name[:-1]))


def read_name_list(path: str | Path) -> NameList:
    """Read a name list: a ``name<TAB>gender<TAB>weight`` TSV (``#`` comments), or a folder
    in the name_freq_dict_uk layout. Raises NameListError naming the file and line."""
    path = Path(path)
    if path.is_dir():
        names = {}
        for gender, file_name in _FOLDER_FILES.items():
            names[gender] = tuple(_read_csv(path / file_name))
        return NameList(names, source=str(path))
    if not path.is_file():
        raise NameListError(f"Name list not found: {path}")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise NameListError(f"{path}: not valid UTF-8 (byte {err.start})") from None
    return _read_tsv(text, str(path))


def builtin_name_list(profile: LanguageProfile) -> NameList | None:
    text = read_profile_file(profile, "first_names.tsv")
    source = str(Path(profile.path) / "first_names.tsv")
    return _read_tsv(text, source) if text is not None else None


def _read_tsv(text: str, source: str) -> NameList:
    names: dict[str, list] = {MASCULINE: [], FEMININE: []}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) != 3 or cells[1] not in names:
            raise NameListError(f"{source}, line {number}: expected name<TAB>masculine|"
                                f"feminine<TAB>weight, got {line!r}")
        names[cells[1]].append((cells[0].strip(), _weight(cells[2], source, number)))
    return NameList({g: tuple(rows) for g, rows in names.items()}, source)


def _read_csv(path: Path):
    if not path.is_file():
        raise NameListError(f"Name list folder lacks {path.name}: {path.parent}")
    with path.open(encoding="utf-8", newline="") as handle:
        try:
            rows = list(csv.reader(handle))
        except (UnicodeDecodeError, csv.Error) as err:  # bad bytes, a field over csv's limit
            raise NameListError(f"{path}: not a name,freq CSV ({err})") from None
        for number, row in enumerate(rows, 1):
            if number == 1 or not row:
                continue  # header
            if len(row) != 2:
                raise NameListError(f"{path}, line {number}: expected name,freq, got {row!r}")
            yield row[0].strip(), _weight(row[1], str(path), number)


def _weight(cell: str, source: str, number: int) -> float:
    try:
        weight = float(cell)
    except ValueError:
        weight = -1.0
    if weight <= 0:
        raise NameListError(f"{source}, line {number}: weight must be a positive number, "
                            f"got {cell!r}")
    return weight


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
        self.inflected_first_name = lru_cache(maxsize=50_000)(self._inflected_first_name)
        # words that open a sentence capitalised and are no first name there, though name
        # lists have them: pronouns and determiners ("Ela deu", "Meine Mutter")
        self._not_names = frozenset(
            {w for row in (*self.profile.agreement, *self.profile.pronoun_swaps)
             for w in (row.masculine, row.feminine) if w}
            | {row.form for row in self.profile.pronouns})
        self._first_name_genders = lru_cache(maxsize=200_000)(self._first_name_genders_of)
        self._drawable = lru_cache(maxsize=64)(self._drawable_names)
        self._drawable_without = lru_cache(maxsize=4096)(self._drawable_names_without)
        self._counting_numerals = frozenset(
            word for pair in self.profile.numeral_pairs for word in pair[:2])
        self._spouse_lemmas = frozenset(word for pair in self.profile.spouse_pairs
                                        for word in pair)
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

    # -- finding names --------------------------------------------------------------------
    def name_spans(self, doc: Doc, entities=None) -> list[tuple[int, int]]:
        """The (start, end) token spans of the person names of ``doc``: its person entities
        (``entities``, by default ``doc.ents``) when it has entity annotation, else runs of
        capitalised words that start with a known first name (or a known surname right
        after a title)."""
        self._governed_doc = None  # (a swap starts here: what a Doc governs is read anew,
        # its entities may have changed since)
        labels = set(self.profile.person_labels)
        entities = doc.ents if entities is None else entities
        if entities or doc.has_annotation("ENT_IOB"):
            # (an institution's eponym stays even where it is tagged as a person's name)
            return [part for e in entities if e.label_ in labels
                    and not self._eponym(doc, e.start)
                    for part in self._coordinated(doc, e.start, e.end)]
        spans, i = [], 0
        while i < len(doc):
            if doc[i].text[:1].isupper() and (self._first_name_gender(doc[i]) or (
                    self._surname_after_title(doc, i))) \
                    and doc[i].lower_ not in self._not_names \
                    and not self._homograph_alone(doc, i) and not self._place(doc, i) \
                    and not self._function_word_alone(doc, i):
                start, end = i, i + 1
                while start > 0 and _capitalised(doc[start - 1]) and start - 1 > 0 \
                        and not self.lex.persons.may_be_person_noun(doc[start - 1].lower_) \
                        and not self._known_common_word(doc[start - 1]):
                    start -= 1  # "Шевцов Олексій": a surname before; not sentence-initial,
                    # nor a (German, capitalised) person noun: "Der Lehrer Thomas Müller",
                    # nor a word the analyser knows only as no name ("Європарламенту")
                while end < len(doc) and _capitalised(doc[end]):
                    end += 1
                if not self._quoted_title(doc, start, end) and not self._eponym(doc, start):
                    spans.append((start, end))
                i = end
            else:
                i += 1
        return spans

    @rule("name-eponym")
    def _eponym(self, doc: Doc, start: int) -> bool:
        """Whether the name at ``start`` follows one of the profile's ``eponym_markers``,
        past initials: an institution named after the person ("університету імені Тараса
        Шевченка", "ПОСП ім . І . Франка")."""
        k = start - 1
        while k >= 0 and (doc[k].text == "." or _initial(doc[k]) or (
                len(doc[k].text) == 1 and doc[k].text.isupper())):
            k -= 1
        if k < 0 or doc[k].lower_.rstrip(".") not in self.profile.eponym_markers:
            return False
        before = k - 1 if k > 0 and doc[k - 1].text == "." else k
        # (not a unit after a figure or another abbreviation: "515 кв. м. Яна успадкувала")
        return before == 0 or not (doc[before - 1].like_num or doc[before - 1].text.endswith(".")
                                   or doc[before - 1].lower_ == "кв")

    @rule("name-quoted-title")
    def _quoted_title(self, doc: Doc, start: int, end: int) -> bool:
        """Whether the capitalised words [start, end) open a short quoted phrase with no
        verb or punctuation in it: the name of a firm, party or work ("«Радій» отримав",
        "«Блок Петра Порошенка» не висував", "ТОВ «Оксана дей»"), not a quoted sentence
        that opens with a name ("« Марік , — зверталася")."""
        if start == 0 or doc[start - 1].text not in _OPENING_QUOTES:
            return False
        for k in range(end, min(end + _QUOTED_TITLE_TAIL + 1, len(doc))):
            if doc[k].text in _CLOSING_QUOTES:
                return True
            if doc[k].text == "-":
                continue  # ("«Зіко-Буд»")
            if not is_word(doc[k]) or any(r.pos == "VERB" for r in self._readings(doc[k])):
                return False
        return False

    @rule("name-title-word")
    def _title_word(self, token: Token) -> bool:
        """A person noun or form of address written as part of a name ("Queen", "Prince")."""
        return token.lower_ in self.lex.honorifics or (
            self.lex.persons.may_be_person_noun(token.lower_)
            and self.lex.persons.lookup(token.lower_) is not None)

    @rule("name-place")
    def _place(self, doc: Doc, i: int) -> bool:
        """Whether the word at ``i``, after a preposition of the locative, also reads as a
        noun's locative that is no name: a place ("в Києві", not Кий's locative)."""
        cases = self.profile.preposition_cases.get(doc[i - 1].lower_, ()) if i > 0 else ()
        if "Loc" not in cases:
            return False
        readings = self._readings(doc[i])
        # (a place of a first name's own lemma is one named after it: "на Марії")
        first_names = {r.lemma for r in readings if r.name_part == "first"}
        return any(r.case == "Loc" and r.pos == "NOUN" and not r.name_part
                   and r.lemma not in first_names for r in readings)

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
        return i > 0 and not _opens_sentence(doc, i) and not word.is_upper \
            and self.analyzer is not None and self.analyzer.is_known(word.lower_) \
            and any(r.name_part == "surname" for r in self._readings(word)) \
            and not any(r.pos == "ADJ" for r in self._readings(word)) \
            and not word.lower_.endswith(self._adjectival_surname_endings) \
            and self._title_noun(doc[i - 1], self._readings(doc[i - 1]))

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
        if not _opens_sentence(doc, i) or (i + 1 < len(doc) and doc[i + 1].is_title):
            return False
        readings = self._readings(doc[i])
        return any(r.pos in _FUNCTION_WORD_POS for r in readings) or (
            any(r.pos == "NOUN" and r.case == "Nom" for r in readings)
            and not any(r.name_part == "first" and r.case == "Nom" and r.number != "Plur"
                        for r in readings))

    @rule("name-homograph-alone")
    def _homograph_alone(self, doc: Doc, i: int) -> bool:
        """Whether the word at ``i`` is one of the profile's name homographs (also an
        ordinary word: "Ernst", "Sommer", "Rose") with no capitalised word after it, the
        surname that would make it a name ("Rose Weber"), as ``gender_lexicon`` reads them."""
        return doc[i].lower_ in self.profile.name_homographs and not (
            i + 1 < len(doc) and doc[i + 1].is_title)

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

    def _first_name_gender(self, token: Token) -> frozenset[str]:
        return self._first_name_genders(token.text)

    def _first_names(self, tokens: list[Token]) -> dict[int, frozenset[str]]:
        """The first names in one name (token index → genders). The analyser also guesses
        first-name readings for words it does not know; a guess counts only where no word of
        a name of several words is a known first name, and only for the first word:
        "Андранік Мкртчян", not "Віталій Плевнік" (nor a bare surname, "Сміяненко")."""
        known = {t.i: g for t in tokens if (g := self._first_name_gender(t))}
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
        guessed = self._first_name_genders(tokens[0].text, guess=True)
        if not guessed:
            return {}
        # The guess's gender is a guess too: a gendered surname knows better ("Агія
        # Загребельська" is a woman).
        surname = set().union(*(self._surname_genders(t) for t in tokens[1:]))
        return {tokens[0].i: frozenset(surname) if len(surname) == 1 else guessed}

    def _first_name_genders_of(self, text: str, guess: bool = False) -> frozenset[str]:
        """UD genders of a first name (empty when ``text`` is not one): the name lists, the
        analyser's first-name readings (of words it knows, or ``guess``), or (no analyser)
        the language's name resolver."""
        word = text.lower()
        # (the built-in list too: a list loaded to draw from may lack a name the text has,
        # "Володимир", which the dictionaries do not tag as a name)
        genders = {_UD[g] for names in self.known_names for g in names.genders(word)}
        if self.analyzer is not None:
            if guess or self.analyzer.is_known(word):
                # (not by a vocative alone: "Петро" is also Петра's, a woman's, vocative)
                genders |= {r.gender for r in self.analyzer.analyze(word)
                            if r.name_part == "first" and r.gender in OTHER_GENDER
                            and r.case != "Voc"}
        else:
            gender = _UD.get(self.lex.names.gender(text))
            if gender:
                genders.add(gender)
        return frozenset(genders)

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
                self._first_name_gender(t) for t in tokens[1:]):
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
                lemma = self._lemma(token, "first", gender) or token.lower_
                if lemma not in chosen:
                    chosen[lemma] = self._draw(rng, new_gender, case,
                                               _names_in_use(doc, chosen))
                new = chosen[lemma]
                new = self.inflected_first_name(new, new_gender, case) if new else None
                edits.append(NameEdit(token.i, new, "first name" if new else
                                      "first name: no name of the other gender in this case"))
            elif part == "patronymic":
                new = self._derived(token, gender, case, "patronymic",
                                    self.profile.patronymic_derivation)
                edits.append(NameEdit(token.i, new, "patronymic" if new else
                                      "patronymic: no counterpart known"))
            elif part == "surname":
                new = self._derived(token, gender, case, "surname",
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
            lemma = self._lemma(token, "surname", gender, case) or next(
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
                {"Nom"} if _opens_sentence(doc, tokens[0].i) else set())
            fitting = [g for g in consistent if governed & self._shared_cases(tokens, g)]
            if len(fitting) == 1:
                return fitting[0], self._case(doc, tokens, fitting[0])
            # Else the title the name is in apposition to: "є датчанин Сорен Шмідт" (not a
            # relation: "тато мого однокласника Еріка" may be his father's)
            titled = self._title_before(doc, tokens)
            before = doc[tokens[0].i - 1] if tokens[0].i > 0 else None
            if titled is not None and titled[0] in first_genders and before is not None \
                    and self._title_noun(before, self._readings(before)):
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
            if token.lower_ in self.lex.honorifics or self._title_noun(token, readings) \
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

    def _title_noun(self, token: Token, readings: tuple[Reading, ...]) -> bool:
        """A person noun a name after it is in apposition to: a job title, a common-gender
        noun ("судді", "голови"), a resident ("киянина Андрія"); not a relation (profile
        kind ``relation``: "сина Івана Франка" is Franko's son) or a spouse (profile
        ``spouse_pairs``)."""
        if not self.lex.persons.may_be_person_noun(token.lower_):
            return False
        hit = self.lex.persons.lookup_readings(readings)
        return hit is not None and hit.entry.kind != "relation" \
            and hit.entry.lemma not in self._spouse_lemmas

    @rule("name-title-before")
    def _title_before(self, doc: Doc, tokens: list[Token]) -> tuple[str, str] | None:
        """The gender and case of a gendered person noun right before a bare surname, in a
        case the surname has as a person of that gender: the name is in apposition to it
        ("підприємиці Козименко" is a woman in the genitive, whatever verb follows; the
        masculine "Козименко" has no genitive of that form)."""
        start = tokens[0].i
        if start > 0 and self.lex.persons.may_be_person_noun(doc[start - 1].lower_):
            title = start - 1
        elif start > 0 and _initial(doc[start - 1]):
            # past initials ("начальника управління О. М. Тітова"): a title the name is
            # in apposition to
            title = self._apposed_title(doc, start)
            if title is None or not self._title_noun(doc[title], self._readings(doc[title])):
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
        if len(genders) > 1 and self._extended_ending(token.lower_):
            # "Шевцов": the dictionary also lists it as a woman's indeclinable surname, but
            # a woman of the family is "Шевцова"
            genders = {"Masc"}
        if not genders and token.text[:1].isupper():
            genders = {r.gender for r in readings if r.pos == "ADJ"} & set(OTHER_GENDER)
        if not genders and self._unlisted_surname(token):
            genders = {"Masc"}
        return genders

    @rule("name-unlisted-surname")
    def _unlisted_surname(self, token: Token) -> bool:
        """A man's surname in the nominative that the dictionary lists as no name (or not
        at all), known by its gendered ending: "Калязін" (also a town), "Мацьков"."""
        readings = self._readings(token)
        if not token.text[:1].isupper() or any(r.name_part or r.pos == "ADJ" for r in readings):
            return False
        # Endings the feminine extends (-ов → -ова, -ін → -іна); the adjectival ones it
        # replaces (-ський → -ська) show as ADJ readings instead.
        return self._extended_ending(token.lower_)

    @rule("name-extended-ending")
    def _extended_ending(self, word: str) -> bool:
        """Whether ``word`` ends as a man's surname whose feminine extends it (profile
        ``surname_derivation``: -ов → -ова, -ін → -іна)."""
        return any(word.endswith(masc) and len(word) > len(masc) + 2
                   for masc, fem in self.profile.surname_derivation
                   if len(masc) >= 2 and fem.startswith(masc))

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
                gender == "Masc" and self._unlisted_surname(token)):
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

    def _lemma(self, token: Token, part: str, gender: str, case: str | None = None
               ) -> str | None:
        """The lemma of ``token`` as that part of a name of ``gender``, in ``case`` when it
        is given: "Антон Цапа" is no genitive of the surname Цап, but a surname of its own
        the dictionary lacks."""
        for reading in self._readings(token):
            if reading.name_part == part and reading.gender == gender and (
                    case is None or reading.case == case):
                return reading.lemma
        return None

    def _draw(self, rng: random.Random, gender: str, case: str | None,
              in_use: frozenset[str] = frozenset()) -> str | None:
        """A first name of ``gender`` that has a form in ``case``, by frequency; one the
        document already uses (``in_use``, lower case) only when no other one is left, so
        two people do not end up with one name ("дружина Наталія, син Іван" must not become
        "чоловік Наталія, донька Наталія")."""
        names, _, cumulative, lowered, _ = self._drawable(gender, case)
        if not names:
            return None
        if not in_use.isdisjoint(lowered):
            # (cached by the names left out: a Doc's own names are mostly common ones,
            # and re-summing the weights of the whole list for each draw was slow)
            names, cumulative = self._drawable_without(gender, case, in_use & lowered)
        return rng.choices(names, cum_weights=cumulative)[0]

    def _drawable_names_without(self, gender: str, case: str | None, used: frozenset[str]
                                ) -> tuple[tuple[str, ...], tuple[float, ...]]:
        """The drawable names of ``gender`` in ``case`` but ``used`` (lower case) and their
        cumulative weights; all of them when that leaves none."""
        names, weights, cumulative, _, positions = self._drawable(gender, case)
        left_out = sorted(i for word in used for i in positions[word])
        if len(left_out) == len(names):
            return names, cumulative
        # (the runs between the names left out: a list of thousands is not walked per word)
        runs = [slice(start + 1, end) for start, end in zip(
            [-1, *left_out], [*left_out, len(names)], strict=True)]
        return (tuple(chain.from_iterable(names[run] for run in runs)),
                tuple(accumulate(chain.from_iterable(weights[run] for run in runs))))

    def _drawable_names(self, gender: str, case: str | None) -> tuple[
            tuple[str, ...], tuple[float, ...], tuple[float, ...], frozenset[str],
            dict[str, tuple[int, ...]]]:
        """The names of ``gender`` with a form in ``case``, their weights, the cumulative
        weights (``random.choices`` takes them without summing again), the names in lower
        case and where each of those stands in the list."""
        rows = [(n, w) for n, w in self.names.names.get(_FROM_UD[gender], ())
                if self.inflected_first_name(n, gender, case)]
        if not rows:
            return (), (), (), frozenset(), {}
        names, weights = zip(*rows, strict=True)
        positions: dict[str, tuple[int, ...]] = {}
        for i, name in enumerate(names):
            positions[name.lower()] = (*positions.get(name.lower(), ()), i)
        return (names, weights, tuple(accumulate(weights)), frozenset(positions), positions)

    def _inflected_first_name(self, name: str, gender: str, case: str | None) -> str | None:
        if self.analyzer is None or case in (None, "Nom"):
            return name
        lemma = name.lower()
        for reading in self.analyzer.analyze(lemma):
            # The nominative of some names (Олександр) lacks the Name tag: animate will do.
            if (reading.lemma == lemma and reading.gender == gender
                    and (reading.name_part or reading.animate)):
                form = self.analyzer.inflect(lemma, reading, case=case)
                if form:
                    return form
        return None

    def _derived(self, token: Token, gender: str, case: str | None, part: str,
                 rules: tuple[tuple[str, str], ...], alone: bool = False,
                 lemma: str | None = None, after_first_name: bool = False) -> str | None:
        """The other-gender form of a patronymic or surname, in ``case`` (``alone``: the
        name's only word; ``lemma``: its lemma when known from an earlier name;
        ``after_first_name``: a known first name comes before it in the name)."""
        if self.analyzer is None:
            return None
        new_gender = OTHER_GENDER[gender]
        if part == "surname" and case is not None \
                and not self.analyzer.is_known(token.lower_) \
                and (declined := self._declined_surname(token.lower_, gender, case)):
            return declined  # the analyser only guesses at an unknown surname's readings
            # ("Вакарева" as a nominative): its ending in the name's case says more
        lemma = lemma or self._lemma(token, part, gender, case if part == "surname" else None)
        if lemma is None and part == "patronymic":
            lemma = next((r.lemma for r in self._readings(token)
                          if r.pos == "NOUN" and r.gender == gender), None)
        if lemma is None and part == "surname":
            adjectival = self._adjectival_surname(token, gender, new_gender, case)
            if adjectival is not None:
                return adjectival
            # Listed only with the other gender's forms: a woman's surname without a gendered
            # ending is the man's nominative (Сухович, Кравець), or the form fits the case.
            # ("Валентину Кочура": Кочура is no form of Кочур here.)
            lemma = next((r.lemma for r in self._readings(token) if r.name_part == part and (
                case is None or r.case == case or r.lemma == token.lower_)), None)
            if lemma is None and gender == "Masc" and case in (None, "Nom") \
                    and self._unlisted_surname(token):
                lemma = token.lower_
            if lemma is None and case == "Nom" and not alone and not token.lower_.endswith(
                    tuple(ending for rule in rules for ending in rule)):
                lemma = token.lower_  # "Анатолій Яковинець": no gendered ending, a word
                # the analyser does not list as a surname, is the same for a woman
            if lemma is None and gender == "Masc" and case not in (None, "Nom") \
                    and after_first_name:
                lemma = self._noun_lemma(token, case, rules)
            if lemma is None and case is not None and not (alone and case == "Nom"):
                # listed as no surname in this case (the analyser guesses a first name:
                # "Володимиру Тупіцину"): the profile's declension of its ending (not a
                # one-word nominative, mostly a first name: "Леська йшла")
                return self._declined_surname(token.lower_, gender, case)
        if lemma is None:
            return None
        forward = gender == "Masc"
        candidates = []
        for masc, fem in sorted(rules, key=lambda r: -len(r[0] if forward else r[1])):
            old, new = (masc, fem) if forward else (fem, masc)
            if lemma.endswith(old):
                candidates.append(lemma[:len(lemma) - len(old)] + new)
        invariable = part == "surname" and not candidates
        if invariable and lemma.endswith(self.profile.common_surname_endings):
            return token.lower_  # Джига, Джиги: the same for a woman
        if invariable:
            candidates = [lemma]  # no gendered ending: Мельник is both
        elif part == "surname" and self._surname_of(lemma, new_gender):
            # a gendered ending this surname does not have: the analyser lists Палій as a
            # woman's surname too (and "паля" is no surname)
            candidates.append(lemma)
        # Words the dictionary knows first: the analyser also guesses forms of unknown ones.
        candidates.sort(key=lambda word: not self.analyzer.is_known(word))
        for candidate in candidates:
            form = self._inflect_name(candidate, part, new_gender, case or "Nom")
            if form:
                return form
        # Unknown to the analyser: a derived surname's nominative is the rule's word
        # (Мацьков → Мацькова); a feminine surname without a gendered ending does not
        # decline (Ніколєнка → Ніколєнко). Other forms are not guessed.
        if part == "surname" and candidates and (
                (case in (None, "Nom") and not invariable)
                or (new_gender == "Fem" and invariable)):
            return candidates[0]
        if part == "surname" and case is not None:
            return self._declined_surname(token.lower_, gender, case)
        return None

    def _noun_lemma(self, token: Token, case: str, rules: tuple[tuple[str, str], ...]
                    ) -> str | None:
        """The lemma of a man's surname after his first name that the analyser knows only
        as a common noun, which it declines like ("Валентину Вітеру": вітер's dative; hers
        is "Вітер"); none where a feminine noun reads in that case too ("Євгена Колугу":
        колуга's accusative)."""
        nouns = [r for r in self._readings(token)
                 if r.pos == "NOUN" and r.case == case and r.number == "Sing"]
        if any(r.gender == "Fem" for r in nouns):
            return None
        # (a genitive or accusative in -у is a thing's, no person's: "Денніса Аду", while a
        # thing's genitive in -а is a person's too: "Олексія Журавка"; and only a lemma
        # with no gendered ending: the feminine is that lemma)
        return next((r.lemma for r in nouns if r.gender == "Masc"
                     and (r.animate or case not in ("Gen", "Acc") or (
                         case == "Gen" and token.lower_.endswith(_PERSON_GENITIVE_ENDINGS)))
                     and not r.lemma.endswith(tuple(masc for masc, _fem in rules))), None)

    def _declined_surname(self, word: str, gender: str, case: str) -> str | None:
        """The other gender's form of a surname the analyser does not know, by the
        profile's ``surname_declensions``: its ending in ``case`` swapped ("Бєлкіна", a
        man's genitive → "Бєлкіної")."""
        index = _DECLENSION_CASES.index(case) if case in _DECLENSION_CASES else None
        if index is None:
            return None
        forward = gender == "Masc"
        matches = [(old[index], new[index]) for masc, fem in self.profile.surname_declensions
                   for old, new in ((masc, fem) if forward else (fem, masc),)
                   if word.endswith(old[index]) and len(word) > len(old[index]) + 1]
        if not matches:
            return None
        old, new = max(matches, key=lambda pair: len(pair[0]))
        return word[:len(word) - len(old)] + new

    def _adjectival_surname(self, token: Token, gender: str, new_gender: str,
                            case: str | None) -> str | None:
        """A surname that declines like an adjective (Шишацький → Шишацька)."""
        for reading in self._readings(token):
            if reading.pos == "ADJ" and reading.gender == gender and (
                    case is None or reading.case == case):
                return self.analyzer.inflect(token.lower_, reading, gender=new_gender)
        return None

    def _surname_of(self, lemma: str, gender: str) -> bool:
        return any(r.name_part == "surname" and r.gender == gender and r.lemma == lemma
                   for r in self.analyzer.analyze(lemma))

    def _inflect_name(self, lemma: str, part: str, gender: str, case: str) -> str | None:
        readings = [r for r in self.analyzer.analyze(lemma)
                    if r.gender == gender and r.lemma == lemma]
        # A surname the dictionary lists only as a common noun declines like it (Мельник).
        for reading in ([r for r in readings if r.name_part == part]
                        or [r for r in readings if r.pos == "NOUN" and r.animate]):
            if case == reading.case:
                return lemma
            form = self.analyzer.inflect(lemma, reading, case=case)
            if form:
                return form
        return None


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


def _opens_sentence(doc: Doc, i: int) -> bool:
    """Whether token ``i`` starts its sentence (or the text), where a name nothing
    governs is the subject: "Іванка не бавиться"."""
    return i == 0 or doc[i - 1].text in _SENTENCE_OPENERS


def _names_in_use(doc: Doc, chosen: dict[str, str | None]) -> frozenset[str]:
    """The first names a document already has (lower case): those drawn for it, the ones
    they replace, and any word written as a name in the nominative."""
    drawn = {name.lower() for name in chosen.values() if name}
    # (from the text: making the Doc's Token objects again costs more)
    words = (word.strip(_PUNCTUATION) for word in doc.text.split())
    written = {word.lower() for word in words if word[:1].isupper()}
    return frozenset(drawn | set(chosen) | written)


def _initial(token: Token) -> bool:
    """Whether ``token`` is an initial of a name: "О."."""
    return len(token.text) == 2 and token.text[0].isupper() and token.text[1] == "."


def _capitalised(token: Token) -> bool:
    return token.is_alpha and token.text[:1].isupper() and not token.is_upper

