"""The ``actor_linker`` component: the people of a document, their mentions and pronoun group."""

from collections.abc import Callable, Iterable
from typing import Literal, get_args

from spacy.language import Language
from spacy.tokens import Doc

from ..coref import link_actors
from ..evaluation.scorers import ACTOR_SCORER, score_actors
from ..extensions import (
    DOC_ACTOR_DATA,
    DOC_IS_GENDER_NEUTRAL,
    TOKEN_GENDER,
    TOKEN_GENDER_KIND,
)
from ..install import install_extensions
from ..lexicon import get_lexicon
from .base import DocAnnotator

# The coreference backends; a Literal, so that spaCy's config validation names the choices.
CorefBackend = Literal["builtin", "learned", "coreferee"]
COREF_BACKENDS = get_args(CorefBackend)


@Language.factory(
    "actor_linker",
    default_config={
        "lang": None,
        "person_labels": None,
        "generic_nouns": False,
        "pronoun_threshold": 0.7,
        "max_sentence_distance": 3,
        "coref": "learned",
        "scorer": {"@scorers": ACTOR_SCORER},
    },
    # gender_lexicon's marks are evidence (first names, person nouns); its document flag
    # shows that it ran
    requires=["doc.ents", "token.dep", f"token._.{TOKEN_GENDER}", f"token._.{TOKEN_GENDER_KIND}",
              f"doc._.{DOC_IS_GENDER_NEUTRAL}"],
    assigns=[f"doc._.{DOC_ACTOR_DATA}", "doc.spans"],
    default_score_weights={
        "actor_mention_f": 0.5,
        "actor_pronoun_link_f": 0.5,
        "actor_mention_p": 0.0,
        "actor_mention_r": 0.0,
        "actor_pronoun_link_p": 0.0,
        "actor_pronoun_link_r": 0.0,
    },
)
def make_actor_linker(
    nlp: Language,
    name: str,
    *,
    lang: str | None,
    person_labels: list[str] | None,
    generic_nouns: bool,
    pronoun_threshold: float,
    max_sentence_distance: int,
    coref: CorefBackend,
    scorer: Callable | None,
) -> "ActorLinker":
    return ActorLinker(
        nlp,
        name,
        lang=lang,
        person_labels=person_labels,
        generic_nouns=generic_nouns,
        pronoun_threshold=pronoun_threshold,
        max_sentence_distance=max_sentence_distance,
        coref=coref,
        scorer=scorer,
    )


class ActorLinker(DocAnnotator):
    """Group PERSON entities and the pronouns that refer to them into actors.

    An actor is a person of the document: its named mentions ("Angela Merkel", "Merkel",
    "Frau Merkel" — merged by whole name words, never by substring), the third-person
    pronouns resolved to it, and optionally generic person nouns ("die Frau", "жінка").
    Each actor gets a pronoun group (she/her | he/him | they/them | unknown) from, in order:
    its resolved pronouns (when one group has at least ``pronoun_threshold`` of them), an
    honorific (Frau, Mrs, пані, Sra.), grammatical agreement of its predicate ("Оксана
    поінформувала"), and the gender of its first name. Occupations are never evidence.

    Output: ``doc.spans["actor_mentions"]`` (label = group, ``kb_id_`` = actor id, ``id_`` =
    named | pronoun | noun) and ``doc._.actor_data``; ``doc._.actors`` gives Actor views.
    Needs named entities, a dependency parse and ``gender_lexicon`` before it.
    """

    def __init__(
        self,
        nlp: Language,
        name: str = "actor_linker",
        *,
        lang: str | None = None,
        person_labels: Iterable[str] | None = None,
        generic_nouns: bool = False,
        pronoun_threshold: float = 0.7,
        max_sentence_distance: int = 3,
        coref: CorefBackend = "learned",
        scorer: Callable | None = score_actors,
    ) -> None:
        """Initialize the component.

        nlp (Language): the pipeline.
        name (str): the component name.
        lang (str | None): language profile code or folder (a folder is read once and saved
            with the pipeline). Defaults to ``nlp.lang``.
        person_labels (Iterable[str] | None): entity labels that denote persons. Defaults to
            the profile's (PERSON, PER, PERS).
        generic_nouns (bool): also make actors of generic person nouns (woman, Mutter, жінка,
            mãe), one per lemma. Defaults to False.
        pronoun_threshold (float): share of resolved pronouns one group needs to decide an
            actor's group. Defaults to 0.7.
        max_sentence_distance (int): how many sentences back a pronoun may find its actor
            with the "builtin" rules ("learned" uses its model's window). Defaults to 3.
        coref (CorefBackend): "learned" (a linear model ranks the candidates that pass
            agreement and binding; shipped in the package, numpy only; docs/coref.md),
            "builtin" (the earlier hand-ordered rules, kept for comparison) or "coreferee"
            (coreferee's chains; needs the coreferee package, its model and its pipe before
            this one). Defaults to "learned".
        scorer (Optional[Callable]): the scoring method, which ``score`` (and so
            ``nlp.evaluate``, ``spacy evaluate``, ``spacy train``) calls: actor mention P/R/F
            and pronoun-to-actor link P/R/F against the gold ``actor_mentions`` span group
            (docs/scorers.md). Defaults to ``spacy_genderfair.actor_scorer.v1``.
        """
        install_extensions()
        if coref not in COREF_BACKENDS:
            raise ValueError(f"actor_linker: coref must be one of {COREF_BACKENDS}, got {coref!r}")
        if not 0 < pronoun_threshold <= 1:
            raise ValueError("actor_linker: pronoun_threshold must be in (0, 1]")
        self.name = name
        self._init_profile(nlp, lang)
        self._person_labels = tuple(person_labels) if person_labels else None
        self.generic_nouns = generic_nouns
        self.pronoun_threshold = pronoun_threshold
        self.max_sentence_distance = max_sentence_distance
        self.coref = coref
        self.scorer = scorer
        if coref == "coreferee":
            from .._compat import has_coreferee, require

            require("coreferee", has_coreferee, "actor_linker(coref='coreferee')")

    @property
    def person_labels(self) -> tuple[str, ...]:
        """The entity labels that denote persons: the setting's, or the profile's."""
        return self._person_labels or self.profile.person_labels

    def annotate(self, doc: Doc) -> None:
        self._check_requirements(doc)
        link_actors(
            doc,
            get_lexicon(self.lang),
            person_labels=self.person_labels,
            generic_nouns=self.generic_nouns,
            pronoun_threshold=self.pronoun_threshold,
            max_sentence_distance=self.max_sentence_distance,
            coref=self.coref,
        )

    def _check_requirements(self, doc: Doc) -> None:
        if len(doc) == 0:
            return
        if not doc.has_annotation("ENT_IOB"):
            raise ValueError(
                "actor_linker needs named entities (doc.ents): add 'ner' before it, e.g. "
                "nlp = spacy.load('en_core_web_sm')")
        if not doc.has_annotation("DEP"):
            raise ValueError(
                "actor_linker needs a dependency parse: add 'parser' before it, e.g. "
                "nlp = spacy.load('en_core_web_sm')")
        if doc._.get(DOC_IS_GENDER_NEUTRAL) is None:
            raise ValueError(
                "actor_linker needs gender_lexicon before it: "
                "nlp.add_pipe('gender_lexicon', before='actor_linker')")
        if self.coref == "coreferee" and not doc.has_extension("coref_chains"):
            raise ValueError(
                "actor_linker(coref='coreferee') needs the 'coreferee' pipe before it: "
                "python -m coreferee install <lang>; nlp.add_pipe('coreferee')")
