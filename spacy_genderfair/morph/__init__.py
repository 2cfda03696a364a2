"""Morphological analysers used when a pipeline has no morphologizer of its own.

An analyser turns a word form into its possible readings (lemma, UD POS, gender, number,
case). The lexicon uses it to lemmatise, to read grammatical gender, and to check that a
derived word (лікар → лікарка) really exists. Backends are registered in
``spacy_genderfair.registry.morph_analyzers``.
"""

from functools import cache
from typing import NamedTuple, Protocol

from ..extensions import FEMININE, MASCULINE
from ..registry import get_registered, morph_analyzers


class Reading(NamedTuple):
    """One analysis of a word form, in UD terms. A named tuple, not a frozen dataclass: an
    analyser makes one per parse of every word of a corpus, and readings are hashed as
    cache keys, both several times cheaper for a tuple."""

    lemma: str
    pos: str  # UD UPOS: NOUN, PROPN, ADJ, VERB, PRON, ...
    gender: str | None = None  # UD Gender: Masc | Fem | Neut | Com (common gender)
    number: str | None = None  # Sing | Plur
    case: str | None = None  # Nom | Gen | Dat | Acc | Ins | Loc | Voc
    animate: bool = False
    name_part: str | None = None  # first | patronymic | surname
    verb_form: str | None = None  # UD VerbForm of a verb: Fin | Inf | Conv (adverbial participle)
    reflexive: bool = False  # UD Reflex=Yes: a reflexive verb ("зустрівся") takes no object
    person: str | None = None  # UD Person of a finite verb: "1" | "2" | "3"


# The other grammatical gender of a gendered person (UD values).
OTHER_GENDER = {"Masc": "Fem", "Fem": "Masc"}
# A lexicon entry's gender as its UD value (a common-gender entry has none).
UD_GENDER = {MASCULINE: "Masc", FEMININE: "Fem"}
# and back
LEXICON_GENDER = {ud: gender for gender, ud in UD_GENDER.items()}


def agrees(modifier: Reading, noun: Reading) -> bool:
    """Whether a modifier reading agrees with a noun reading: the same case and number, and
    in the singular the same gender."""
    return (modifier.case, modifier.number) == (noun.case, noun.number) and (
        noun.number == "Plur" or modifier.gender == noun.gender)


class MorphAnalyzer(Protocol):
    def analyze(self, word: str) -> tuple[Reading, ...]: ...

    def is_known(self, word: str) -> bool: ...

    def transitive(self, word: str) -> bool:
        """Whether a verb reading of ``word`` takes a direct object (optional: an analyser
        without it is asked nothing, and no rule that needs it applies)."""
        ...

    def inflect(self, word: str, reading: Reading, **features: str) -> str | None:
        """``word`` (read as ``reading``) with changed UD features (gender, number, case),
        or None when the form does not exist."""
        ...


@cache
def get_morph_analyzer(name: str) -> MorphAnalyzer:
    """Return the (shared, cached) analyser registered as ``name``, e.g. ``"pymorphy3.v1"``."""
    return get_registered(morph_analyzers, name, "morphological analyser")()


# (register the built-in backends; pymorphy3 and german-nouns load on first use)
from . import german_nouns, pymorphy  # noqa: E402, F401
