"""The forms of the replacement names: first names drawn from a list, patronymics and surnames
derived from the originals, each put in the case the name has in the text.

- A first name is replaced by a first name of the other gender drawn from a
  :class:`.lists.NameList` (weighted by frequency, with a ``random.Random`` the caller
  seeds), then inflected to the original's case. Names are only drawn, never made up; a name
  the analyser cannot put in the needed case is not drawn.
- Patronymics (Миколайович ↔ Миколаївна) and gendered surnames (-ський ↔ -ська, -ов ↔ -ова)
  follow the profile's ``patronymic_derivation`` / ``surname_derivation`` suffix pairs; a
  derived form is used only when the analyser knows it as a patronymic / surname of the other
  gender, or (surnames) the rule is the only one that applies. A surname without a gendered
  ending keeps its lemma (Мельник ↔ Мельник) in the new gender's declension (masculine
  "Мельника" → feminine "Мельник", which does not decline).
"""

import random
from functools import lru_cache
from itertools import accumulate, chain

from spacy.tokens import Token

from ...lang import LanguageProfile
from ...morph import LEXICON_GENDER, OTHER_GENDER, MorphAnalyzer, Reading
from ..rules import rule
from .lists import NameList

# The case order of the profile's ``surname_declensions``.
_DECLENSION_CASES = ("Nom", "Gen", "Dat", "Acc", "Ins", "Loc")
# The genitive endings of a masculine noun that a person's genitive shares (a thing's may end
# in -у/-ю instead: "тулуба", but "Аду" is no person's).
_PERSON_GENITIVE_ENDINGS = ("а", "я")


class NameForms:
    """Draws and derives the other gender's name forms for one profile and name list.

    profile (LanguageProfile): the language's profile (its derivation and declension rules).
    analyzer (MorphAnalyzer | None): the morphological analyser, which inflects names.
    names (NameList): the first names to draw from.
    """

    def __init__(self, profile: LanguageProfile, analyzer: MorphAnalyzer | None,
                 names: NameList) -> None:
        self.profile = profile
        self.analyzer = analyzer
        self.names = names
        self.inflected_first_name = lru_cache(maxsize=50_000)(self._inflected_first_name)
        self._drawable = lru_cache(maxsize=64)(self._drawable_names)
        self._drawable_without = lru_cache(maxsize=4096)(self._drawable_names_without)

    def _readings(self, token: Token) -> tuple[Reading, ...]:
        return self.analyzer.analyze(token.lower_) if self.analyzer else ()

    def lemma(self, token: Token, part: str, gender: str, case: str | None = None
               ) -> str | None:
        """The lemma of ``token`` as that part of a name of ``gender``, in ``case`` when it
        is given: "Антон Цапа" is no genitive of the surname Цап, but a surname of its own
        the dictionary lacks."""
        for reading in self._readings(token):
            if reading.name_part == part and reading.gender == gender and (
                    case is None or reading.case == case):
                return reading.lemma
        return None

    def draw(self, rng: random.Random, gender: str, case: str | None,
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
        rows = [(n, w) for n, w in self.names.names.get(LEXICON_GENDER[gender], ())
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
                if form == lemma:
                    # (the dictionary also lists "Марко" as a name that does not decline:
                    # its declining lexeme is reached through its genitive, "Марка")
                    form = self._declined_through_genitive(lemma, gender, case) or form
                if form:
                    return form
        return None

    def _declined_through_genitive(self, lemma: str, gender: str, case: str) -> str | None:
        """``lemma`` in ``case`` through its genitive (profile ``first_name_genitives``)."""
        for nominative, genitive_ending in self.profile.first_name_genitives:
            if not lemma.endswith(nominative):
                continue
            genitive = lemma[: len(lemma) - len(nominative)] + genitive_ending
            for reading in self.analyzer.analyze(genitive):
                if reading.lemma == lemma and reading.gender == gender and reading.name_part \
                        and reading.case == "Gen":
                    return self.analyzer.inflect(genitive, reading, case=case)
        return None

    def derived(self, token: Token, gender: str, case: str | None, part: str,
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
                and not self.invariable_surname(token.lower_) \
                and (declined := self._declined_surname(token.lower_, gender, case)):
            return declined  # the analyser only guesses at an unknown surname's readings
            # ("Вакарева" as a nominative): its ending in the name's case says more
        lemma = lemma or self.lemma(token, part, gender, case if part == "surname" else None)
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
                    and self.unlisted_surname(token):
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
        for masc, fem in sorted(rules, key=lambda r: -len(r[0] if forward else r[1])) \
                if part != "surname" or not self.invariable_surname(lemma) else ():
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

    @rule("name-unlisted-surname")
    def unlisted_surname(self, token: Token) -> bool:
        """A man's surname in the nominative that the dictionary lists as no name (or not
        at all), known by its gendered ending: "Калязін" (also a town), "Мацьков"."""
        readings = self._readings(token)
        if not token.text[:1].isupper() or any(r.name_part or r.pos == "ADJ" for r in readings):
            return False
        # Endings the feminine extends (-ов → -ова, -ін → -іна); the adjectival ones it
        # replaces (-ський → -ська) show as ADJ readings instead.
        return self.extended_ending(token.lower_)

    @rule("name-extended-ending")
    def extended_ending(self, word: str) -> bool:
        """Whether ``word`` ends as a man's surname whose feminine extends it (profile
        ``surname_derivation``: -ов → -ова, -ін → -іна)."""
        return any(word.endswith(masc) and len(word) > len(masc) + 2
                   for masc, fem in self.profile.surname_derivation
                   if len(masc) >= 2 and fem.startswith(masc))

    @rule("name-invariable-surname")
    def invariable_surname(self, word: str) -> bool:
        """Whether ``word`` is a surname a woman shares undeclined though a derivation pair
        matches its ending (profile ``invariable_surname_endings``: Гнатишин, made from
        Гнат; a stem of two letters or less is a Russian-type one: Гришин → Гришина)."""
        return any(word.endswith(ending) and len(word) > len(ending) + 2
                   for ending in self.profile.invariable_surname_endings)
