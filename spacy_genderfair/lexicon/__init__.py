"""Gender knowledge of one language, assembled from its profile and user lexicons."""

import warnings
from functools import cached_property, lru_cache

from ..lang import LanguageProfile, load_profile
from ..morph import Reading, get_morph_analyzer
from ..names import NAME_RESOLVERS, NameResolver
from ..registry import get_misc
from .coded import CodedWordMatcher
from .job_titles import JobTitleClassifier
from .noun_backend import NounBackend
from .person_lexicon import LexiconHit, PersonEntry, PersonLexicon
from .possessives import PossessiveAdjectives
from .pronouns import PronounReading, PronounTable
from .readers import LexiconData, LexiconFormatError, read_lexicon

# How many of the counterparts left out a warning names.
_REJECTED_SHOWN = 5

__all__ = [
    "CodedWordMatcher",
    "JobTitleClassifier",
    "Lexicon",
    "LexiconData",
    "LexiconFormatError",
    "LexiconHit",
    "NounBackend",
    "PersonEntry",
    "PersonLexicon",
    "PronounReading",
    "PronounTable",
    "get_lexicon",
    "read_lexicon",
]


class Lexicon:
    """Everything spacy_genderfair knows about gendered words in one language.

    profile (LanguageProfile): the language profile.
    extra (Sequence[LexiconData]): user lexicons, added after the built-in data; their
        entries replace built-in ones for the lemmas they list.
    name_resolver (NameResolver | None): the first-name resolver; None makes the profile's
        (its registered function ``name_resolver``, with its ``name_countries``).
    """

    def __init__(self, profile: LanguageProfile, extra=(),
                 name_resolver: NameResolver | None = None):
        self.profile = profile
        self.analyzer = (
            get_morph_analyzer(profile.morph_analyzer) if profile.morph_analyzer else None
        )
        self.persons = PersonLexicon(profile, self.analyzer)
        self.possessives = PossessiveAdjectives(self.persons, self.analyzer,
                                                profile.possessive_adjectives)
        # (per word, as the analyser's own cache: token_readings runs for most tokens)
        self._word_readings = lru_cache(maxsize=200_000)(self._word_readings_uncached)
        for data in extra:
            self.persons.add(data.rows, data.common, source=data.source, override=True)
        if self.persons.rejected:
            words = ", ".join(word for _, word in self.persons.rejected[:_REJECTED_SHOWN])
            warnings.warn(f"{len(self.persons.rejected)} counterparts left out as inflected forms "
                          f"of their own row's word ({words}; from "
                          f"{', '.join(sorted({s for s, _ in self.persons.rejected}))})",
                          stacklevel=2)
        _warn_conflicts(self.persons.conflicts)
        self.nouns = _noun_backend(profile, self.persons)
        self.pronouns = PronounTable(profile.pronouns)
        self.coded = CodedWordMatcher(profile.coded_words, profile.coded_exceptions)
        self.honorifics = dict(profile.honorifics)
        self._name_resolver = name_resolver

    @cached_property
    def names(self) -> NameResolver:
        """The first-name resolver: the one given, else the profile's."""
        if self._name_resolver is not None:
            return self._name_resolver
        make = get_misc(self.profile.name_resolver, "name resolver", NAME_RESOLVERS)
        return make(countries=self.profile.name_countries)

    def token_readings(self, token):
        """The analyser's readings of a token that its context allows: a case that needs a
        preposition (profile ``prepositional_cases``: Ukrainian locative) only after one
        ("лікарі" is nominative plural, "на лікарі" locative singular)."""
        readings, without_prepositional = self._word_readings(token.lower_)
        if without_prepositional is None or (token.i > 0 and any(
                r.pos == "ADP" for r in self.analyzer.analyze(token.nbor(-1).lower_))):
            # (the word before is looked at only when it matters: most words have no such
            # reading, and making its Token costs more than the rest of this call)
            return readings
        return without_prepositional

    def _word_readings_uncached(self, word: str) -> tuple[tuple, tuple | None]:
        """A word's readings, and those left without a preposition before it (None when
        it has no reading that needs one)."""
        if word in self.profile.particles:
            # (a particle the analyser lacks or misreads: "уже" no noun, "мовляв" no verb)
            return (Reading(word, "PART"),), None
        readings = self.analyzer.analyze(word)
        prepositional = self.profile.prepositional_cases
        if not (prepositional and any(r.case in prepositional for r in readings)):
            return readings, None
        return readings, tuple(r for r in readings if r.case not in prepositional) or readings

    @cached_property
    def job_titles(self) -> JobTitleClassifier:
        return JobTitleClassifier(self.persons)


def _warn_conflicts(conflicts: list[tuple[str, str, str, str]]) -> None:
    """One warning for the words a user lexicon gives two genders (the first is kept)."""
    if not conflicts:
        return
    first: dict[str, tuple[str, str]] = {}
    for _, word, kept, other in conflicts:
        first.setdefault(word, (kept, other))
    shown = "; ".join(f"{word}: {kept}, not {other}"
                      for word, (kept, other) in list(first.items())[:_REJECTED_SHOWN])
    sources = ", ".join(sorted({source for source, *_ in conflicts}))
    warnings.warn(f"{len(first)} words given two genders in one lexicon, the first kept "
                  f"({shown}; from {sources})", stacklevel=3)


def _noun_backend(profile: LanguageProfile, persons: PersonLexicon) -> NounBackend | None:
    """The profile's noun analyser as a NounBackend; None (with a warning) when its package
    is not installed: the lexicon then knows the built-in person nouns only."""
    if not profile.noun_analyzer:
        return None
    try:
        analyzer = get_morph_analyzer(profile.noun_analyzer)
    except ImportError as err:
        warnings.warn(f"{err}. Without it, gender_lexicon knows only the built-in "
                      f"'{profile.code}' person nouns.", stacklevel=3)
        return None
    return NounBackend(persons, analyzer, profile)


@lru_cache(maxsize=32)
def get_lexicon(lang: str, name_resolver: NameResolver | None = None, extra=()) -> Lexicon:
    """A shared Lexicon for ``lang`` (one per argument: a resolver made by a registered
    function is one object per setting); ``extra`` is a tuple of (file name, text) pairs."""
    data = [read_lexicon(name, text) for name, text in extra]
    return Lexicon(load_profile(lang), data, name_resolver)
