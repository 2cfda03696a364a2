"""The ``role_counter`` component: mentions and grammatical roles per actor and pronoun group."""

import warnings
from typing import Any

from spacy.language import Language
from spacy.tokens import Doc

from ..extensions import (
    DOC_ACTOR_DATA,
    DOC_GENDER_STATS,
    TOKEN_GENDER,
    TOKEN_GENDER_CODED,
    TOKEN_GENDER_KIND,
)
from ..install import install_extensions
from ..registry import check_registered_object
from ..roles import gender_stats
from ..sentiment import (
    PROFILE_SCORER,
    SENTIMENT_SCORERS,
    ProfileSentimentScorer,
    SentimentScorer,
    get_scorer,
)
from .base import DocAnnotator


@Language.factory(
    "role_counter",
    default_config={"lang": None, "sentiment": {"@misc": PROFILE_SCORER}},
    # gender_lexicon's marks: the gendered pronouns no actor took, the coded words
    requires=[f"doc._.{DOC_ACTOR_DATA}", "token.dep", f"token._.{TOKEN_GENDER}",
              f"token._.{TOKEN_GENDER_KIND}", f"token._.{TOKEN_GENDER_CODED}"],
    assigns=[f"doc._.{DOC_GENDER_STATS}"],
)
def make_role_counter(
    nlp: Language,
    name: str,
    *,
    lang: str | None,
    # (Any: the component refuses what is not a scorer, a name included, in one line)
    sentiment: Any,
) -> "RoleCounter":
    return RoleCounter(nlp, name, lang=lang, sentiment=sentiment)


class RoleCounter(DocAnnotator):
    """Count, per actor and per pronoun group, named and pronoun mentions and the
    grammatical roles they fill, and score the sentences that mention each actor.

    Roles come from the dependency label of each mention's head word, mapped per language
    profile (``dependency_roles.tsv``: UD nsubj/obj/iobj/nsubj:pass, TIGER sb/oa/da/sbp,
    ClearNLP nsubj/dobj/dative/nsubjpass/agent). Passives: the patient of a passive ("Merkel
    was elected", nsubj:pass) is not an agent, so it counts as an object; the agent of a
    passive ("by Merkel", obl:agent / agent / sbp) counts as a subject. The raw per-label
    roles are kept too. Conjuncts and appositions share the role of their head ("Merkel and
    Obama met"; "Her deputy, David Okafor, was praised"). Gendered pronouns in no actor
    mention are counted per group as ``unresolved``.

    Result: ``doc._.gender_stats``, one JSON-able record per document (its fields:
    docs/components/role_counter.md).
    """

    _derived = (*DocAnnotator._derived, "_sentiment_scorer")

    def __init__(
        self,
        nlp: Language,
        name: str = "role_counter",
        *,
        lang: str | None = None,
        sentiment: SentimentScorer | ProfileSentimentScorer | bool | None = None,
    ) -> None:
        """Initialize the component.

        nlp (Language): the pipeline.
        name (str): the component name.
        lang (str | None): language profile code or folder (a folder is read once and saved
            with the pipeline). Defaults to ``nlp.lang``.
        sentiment (SentimentScorer | ProfileSentimentScorer | bool | None): the scorer of the
            per-actor sentiment, made by a function of spaCy's ``registry.misc`` (in a
            config: ``{"@misc": "spacy_genderfair.vader_scorer.v1"}``);
            ``spacy_genderfair.profile_sentiment_scorer.v1`` takes the profile's (VADER for
            en, none for uk); None (or False) switches sentiment off. Defaults to None here
            and to the profile's in a pipeline's config (``nlp.add_pipe``).
        """
        install_extensions()
        if sentiment is True:
            raise ValueError(
                "role_counter: sentiment is a scorer, {\"@misc\": \"" + PROFILE_SCORER
                + "\"} (the profile's) or null (none), not true")
        if not isinstance(sentiment, ProfileSentimentScorer):
            check_registered_object(sentiment, component="role_counter", setting="sentiment",
                                    methods=("score",), built_in=SENTIMENT_SCORERS)
        self.name = name
        self._init_profile(nlp, lang)
        self.sentiment = sentiment
        self._sentiment_scorer = None

    @property
    def sentiment_scorer(self) -> SentimentScorer | None:
        """The sentiment scorer (the profile's is made on first use), or None."""
        if not isinstance(self.sentiment, ProfileSentimentScorer):
            return self.sentiment or None
        if self._sentiment_scorer is None:
            name = self.profile.sentiment_scorer
            try:
                self._sentiment_scorer = get_scorer(name) if name else False
            except ImportError as err:
                # The default scorer is an optional dependency: count without it, say how.
                warnings.warn(f"role_counter: no per-actor sentiment ({err})", stacklevel=2)
                self._sentiment_scorer = False
        return self._sentiment_scorer or None

    def annotate(self, doc: Doc) -> None:
        if len(doc) and doc._.get(DOC_ACTOR_DATA) is None:
            raise ValueError("role_counter needs actor_linker before it: "
                             "nlp.add_pipe('actor_linker', before='role_counter')")
        doc._.set(DOC_GENDER_STATS, gender_stats(doc, self.profile, self.sentiment_scorer))


__all__ = ["RoleCounter", "make_role_counter"]
