"""First-name gender resolvers, registered in spaCy's ``registry.misc`` (``NAME_RESOLVERS``).

A resolver answers two questions about a first name: its gender (``masculine`` or
``feminine`` only where the evidence is confident; None when the name is unisex, mostly one
gender, or unknown) and whether a word is a known first name at all (for the GENEUTRAL "no
names" criterion). Names never decide anything about occupations.
"""

from collections.abc import Sequence
from functools import cache
from typing import Protocol

from spacy.util import registry

from .extensions import FEMININE, MASCULINE

GENDER_GUESSER_RESOLVER = "spacy_genderfair.gender_guesser_resolver.v1"
PYMORPHY3_RESOLVER = "spacy_genderfair.pymorphy3_resolver.v1"
NAME_RESOLVERS = (GENDER_GUESSER_RESOLVER, PYMORPHY3_RESOLVER)


class NameResolver(Protocol):
    def gender(self, name: str) -> str | None: ...

    def is_name(self, word: str) -> bool: ...


# Only a confident answer is a gender: in an audit a wrong group is worse than "unknown".
# gender-guesser answers "mostly_male"/"mostly_female" for two kinds of dictionary entries:
# a unisex name that leans one way (code ?M/?F: Taylor, Chris, Kim), a guess, not evidence;
# and a name that is one gender as the first part of a name and leans that way only later in
# a compound name (code 1M/1F: Mary, Maria, João), confident for a first name, which is
# what it is asked about. "andy" is a unisex name.
_GENDERS = {"male": MASCULINE, "female": FEMININE,
            "mostly_male": MASCULINE, "mostly_female": FEMININE}
_FIRST_PART_CODES = ("1M ", "1F ")
# The answers of a name gender-guesser has seen with a leaning: a name, whatever its gender.
_ATTESTED_ANSWERS = frozenset(_GENDERS)


class GenderGuesserResolver:
    """gender-guesser (first-name dictionary with per-country frequencies).

    countries (Sequence[str]): gender-guesser country names consulted first, e.g.
        ("germany", "austria", "swiss"); a name must be attested there to count as a name.
    """

    def __init__(self, countries=()) -> None:
        import gender_guesser.detector as detector  # lazy: loads a 60k-name dictionary

        self._detector = detector.Detector(case_sensitive=False)
        unknown = set(countries) - set(self._detector.COUNTRIES)
        if unknown:
            raise ValueError(
                f"Unknown gender-guesser countries {sorted(unknown)}; valid: "
                f"{', '.join(self._detector.COUNTRIES)}"
            )
        self.countries = tuple(countries)
        self._columns = [self._detector.COUNTRIES.index(country) for country in self.countries]
        self._first_part = _first_part_names()
        # Answers per (lowercased) dictionary name, filled as names turn up: deciding all
        # 60k names up front cost ~1 s per pipeline load; words outside the dictionary are
        # answered without a lookup, so both stay bounded by the dictionary's size.
        self._genders: dict[str, str | None] = {}
        self._attested: dict[str, bool] = {}

    def gender(self, name: str) -> str | None:
        key = name.lower()
        if key not in self._detector.names:
            return None  # gender-guesser says "unknown" for every country
        if key not in self._genders:
            self._genders[key] = self._guess_gender(key)
        return self._genders[key]

    def _guess_gender(self, name: str) -> str | None:
        # The name's most frequent kind of entry in the profile's countries together (George:
        # M in Britain and Ireland outweighs ?M in the USA; Taylor is ?M only: unknown); a name
        # none of them knows takes the dictionary's answer over all countries. Confident only.
        weights = {kind: sum(_frequency(values, column) for column in self._columns)
                   for kind, values in self._detector.names[name].items()}
        if any(weights.values()):
            answer = max(weights, key=weights.__getitem__)
        else:
            answer = self._detector.get_gender(name)
        if answer.startswith("mostly_") and name not in self._first_part:
            return None
        return _GENDERS.get(answer)

    def __reduce__(self):
        # Pickled (a component's setting, sent to a spawned worker) as its settings: the
        # worker loads the dictionary once, through the registered function's cache.
        return gender_guesser_resolver, (self.countries,)

    def is_name(self, word: str) -> bool:
        key = word.lower()
        if key not in self._detector.names:
            return False
        if key not in self._attested:
            self._attested[key] = self._is_attested(key)
        return self._attested[key]

    def _is_attested(self, name: str) -> bool:
        # A name "counts" when it has a decided gender in one of the profile's countries
        # (or anywhere, without countries): this drops "andy"-marked words like "the".
        countries = self.countries or (None,)
        return any(self._detector.get_gender(name, c) in _ATTESTED_ANSWERS for c in countries)


def _frequency(values: str, column: int) -> int:
    """A name's frequency in one country of gender-guesser's dictionary: one character per
    country, blank (unseen) or 1-9, A-D on a log scale, each step about doubling."""
    step = values[column:column + 1].strip()
    return 2 ** int(step, 16) if step else 0


def _first_part_names() -> frozenset[str]:
    """The dictionary's names coded 1M/1F (one gender as the first part of a name), read from
    gender-guesser's own data file, which its Detector merges into "mostly_*"."""
    from importlib.resources import files

    text = (files("gender_guesser") / "data" / "nam_dict.txt").read_text(encoding="utf-8")
    return frozenset(line.split()[1].lower() for line in text.splitlines()
                     if line.startswith(_FIRST_PART_CODES))


class Pymorphy3Resolver:
    """pymorphy3 first-name readings (``Name`` grammeme) with their gender."""

    def __init__(self, countries=()) -> None:
        from .morph import get_morph_analyzer

        self._analyzer = get_morph_analyzer("pymorphy3.v1")

    def _first_name_reading(self, word: str):
        # Only the most likely reading counts: "Тому" is "therefore" before it is Tom (dat.).
        readings = self._analyzer.analyze(word.lower())
        if readings and readings[0].name_part == "first":
            return readings[0]
        return None

    def gender(self, name: str) -> str | None:
        reading = self._first_name_reading(name)
        return {"Masc": MASCULINE, "Fem": FEMININE}.get(reading.gender) if reading else None

    def is_name(self, word: str) -> bool:
        return self._first_name_reading(word) is not None

    def __reduce__(self):
        return pymorphy3_resolver, ()


# The registered functions give one resolver per setting (cached), so that pipelines with
# equal settings share it and, through it, their Lexicon (cached by its resolver).
@registry.misc(GENDER_GUESSER_RESOLVER)
def gender_guesser_resolver(countries: Sequence[str] = ()) -> GenderGuesserResolver:
    """gender-guesser's first names (en, de, pt).

    countries (Sequence[str]): gender-guesser country names consulted first. Defaults to
        none (the whole dictionary).
    """
    return _gender_guesser_resolver(tuple(countries))


@registry.misc(PYMORPHY3_RESOLVER)
def pymorphy3_resolver(countries: Sequence[str] = ()) -> Pymorphy3Resolver:
    """pymorphy3's first names (uk).

    countries (Sequence[str]): not used (pymorphy3 has no countries). Defaults to none.
    """
    return _pymorphy3_resolver()


@cache
def _gender_guesser_resolver(countries: tuple[str, ...]) -> GenderGuesserResolver:
    return GenderGuesserResolver(countries)


@cache
def _pymorphy3_resolver() -> Pymorphy3Resolver:
    return Pymorphy3Resolver()
