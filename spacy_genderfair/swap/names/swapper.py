"""Swap person names: find them, tell their gender and case, and give each word its
replacement (:mod:`.forms` draws first names and derives patronymics and surnames).

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

from ...lexicon import Lexicon
from ...morph import OTHER_GENDER, Reading, agrees
from ...tokens import prefix_hyphen, same_letters
from ..grammar.government import CASE_ORDER
from ..rules import rule
from .forms import NameForms
from .lists import NameList, builtin_name_list
from .reading import NameReader
from .spans import NameFinder

# What is stripped from a word of the text to see whether it is written as a name.
_PUNCTUATION = ".,;:!?«»„“”\"'()[]—–-…"
# A regnal number in a name ("Зиґмунт II"), which no gender changes.
_ROMAN_NUMERAL = re.compile(r"[IVXLC]+")


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
        self.reader = NameReader(lexicon, self.names, self.finder, self.forms)

    def name_spans(self, doc: Doc, entities=None) -> list[tuple[int, int]]:
        """The (start, end) token spans of the person names of ``doc`` (see
        :meth:`.spans.NameFinder.name_spans`)."""
        self.reader.forget()  # (a swap starts here: what a Doc governs is read anew)
        return self.finder.name_spans(doc, entities)

    @rule("name-title-word")
    def _title_word(self, token: Token) -> bool:
        """A person noun or form of address written as part of a name ("Queen", "Prince")."""
        return token.lower_ in self.lex.honorifics or (
            self.lex.persons.may_be_person_noun(token.lower_)
            and self.lex.persons.lookup(token.lower_) is not None)

    def swap(self, doc: Doc, span: tuple[int, int], rng: random.Random, chosen: dict,
             wanted, context_gender=None, surnames: dict[str, str | None] | None = None,
             tagged: bool = False) -> tuple[list[NameEdit], NameMention | None]:
        """The edits that swap one person name, and the name (None when its gender is not
        known; ``swapped`` False when the direction keeps it). ``chosen`` maps first names
        already replaced in this document to their replacement; ``wanted(gender)`` says
        whether a person of that gender is swapped (the direction); ``context_gender(start,
        end, case, relative=False)`` gives the gender the words agreeing with a bare surname
        show ("Косенко був"), with ``relative`` that of a relative pronoun after the name
        when no word agrees, or None. ``surnames`` maps the surnames (lemmas) of the names
        already read in this document, names to be read in order, to their person's gender
        (None when two people of both genders share it): a bare surname of one of them is
        that person ("Анатолій Яковинець … дісталися Яковинцю"). With ``tagged``, the
        name's case is the one the pipeline's morphology gives, where it can be in it."""
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
        first_names = self.reader.first_names(tokens)
        if not first_names and (self._attribute_of_noun(doc, tokens)
                                or self._family(doc, tokens)):
            return [], None
        earlier = self._earlier_surname(doc, tokens, surnames) if surnames else None
        if earlier is not None:
            gender, case, surname_lemma = earlier
        else:
            gender, case = self.reader.gender_and_case(doc, tokens, first_names, context_gender,
                                                       tagged)
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
            part = "first" if unknown_first == token.i else self.finder.part(
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
                                         self.profile.surname_derivation,
                                         alone=len(tokens) == 1, lemma=surname_lemma,
                                         after_first_name=any(i < token.i for i in first_names))
                if new is not None:
                    new = same_letters(token.lower_, new)  # "Булґакова" → "Булґакової"
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
        if self.finder.known(first) or (self.analyzer is not None
                                        and self.analyzer.is_known(first.lower_)
                                        and any(r.name_part for r in self._readings(first))):
            return None  # (a word the analyser knows is no unknown name: "Діда Мороза",
            # "Мати Божа", "Дон Кіхота"; its guesses at a word it does not know are no
            # evidence: "Абібулла Сеїтов" is no surname Абібулл's genitive)
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
        governed = self.reader.governed(doc, token.i) or self.reader.title_cases(doc, token.i)
        case = next((c for c in (*governed, *CASE_ORDER) if c in cases), None)
        return (surnames[lemma], case, lemma) if case is not None else None

    def _remember_surnames(self, tokens: list[Token], gender: str, case: str | None,
                           first_names: dict[int, frozenset[str]],
                           surnames: dict[str, str | None]) -> None:
        """Record the surname lemmas of a name of ``gender`` (see ``swap``'s ``surnames``):
        its words other than the first name and the patronymic."""
        for token in tokens:
            if len(token) == 1 or self.finder.part(token, gender, first_names, len(tokens) >= 3) \
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

    def _readings(self, token: Token) -> tuple[Reading, ...]:
        return self.analyzer.analyze(token.lower_) if self.analyzer else ()


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


