"""English: VADER (Hutto & Gilbert 2014) from the ``vaderSentiment`` package.

Package and lexicon are MIT-licensed; the lexicon ships inside the wheel, so scoring works
offline (the package's ``requests`` dependency is only used by its interactive demo).
"""

from spacy.util import registry

from .base import require_backend

REQUIREMENT = "vaderSentiment>=3.3.2"
NAME = "spacy_genderfair.vader_scorer.v1"


class VaderScorer:
    """VADER's ``compound`` score, in [-1, 1]. Handles negation ("not happy"), intensifiers
    and contrast ("but") with VADER's English rules."""

    def __init__(self) -> None:
        module = require_backend("vaderSentiment.vaderSentiment", REQUIREMENT, NAME)
        self._analyzer = module.SentimentIntensityAnalyzer()

    def score(self, text: str) -> float:
        return float(self._analyzer.polarity_scores(text)["compound"])


@registry.misc(NAME)
def vader_scorer() -> VaderScorer:
    """VADER (English)."""
    return VaderScorer()
