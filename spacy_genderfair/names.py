"""First-name gender resolvers (registry ``spacy_genderfair.registry.name_resolvers``).

A resolver answers two questions about a first name: its gender (``masculine``,
``feminine`` or None when the name is unisex/unknown) and whether a word is a known first name
at all (for the GENEUTRAL "no names" criterion). Names never decide anything about occupations.
"""

from typing import Protocol

from .extensions import FEMININE, MASCULINE
from .registry import name_resolvers


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
        self._names: frozenset[str] | None = None

    def gender(self, name: str) -> str | None:
        for country in self.countries:
            gender = _GUESSER_GENDER.get(self._detector.get_gender(name, country))
            if gender:
                return gender
        return _GUESSER_GENDER.get(self._detector.get_gender(name))

    def is_name(self, word: str) -> bool:
        if self._names is None:
            self._names = self._attested_names()
        return word.lower() in self._names

    def _attested_names(self) -> frozenset[str]:
        # A name "counts" when it has a decided gender in one of the profile's countries
        # (or anywhere, without countries): this drops "andy"-marked words like "the".
        names = set()
        for name in self._detector.names:
            countries = self.countries or (None,)
            if any(self._detector.get_gender(name, c) in _GUESSER_GENDER for c in countries):
                names.add(name)
        return frozenset(names)


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


@name_resolvers.register("gender_guesser.v1")
def gender_guesser_resolver(countries=()) -> GenderGuesserResolver:
    return GenderGuesserResolver(countries)


@name_resolvers.register("pymorphy3.v1")
def pymorphy3_resolver(countries=()) -> Pymorphy3Resolver:
    return Pymorphy3Resolver(countries)
