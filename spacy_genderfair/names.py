"""First-name gender resolvers, registered in spaCy's ``registry.misc`` (``NAME_RESOLVERS``).

A resolver answers two questions about a first name: its gender (``masculine``,
``feminine`` or None when the name is unisex/unknown) and whether a word is a known first name
at all (for the GENEUTRAL "no names" criterion). Names never decide anything about occupations.
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


_GUESSER_GENDER = {
    "male": MASCULINE, "mostly_male": MASCULINE, "female": FEMININE, "mostly_female": FEMININE,
}


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
        for country in self.countries:
            gender = _GUESSER_GENDER.get(self._detector.get_gender(name, country))
            if gender:
                return gender
        return _GUESSER_GENDER.get(self._detector.get_gender(name))

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
        return any(self._detector.get_gender(name, c) in _GUESSER_GENDER for c in countries)


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
