"""The ``gender_lexicon`` component: token-level gender marks and document gender flags."""

from collections.abc import Iterable
from typing import Any

from spacy.language import Language
from spacy.tokens import Doc

from ..extensions import (
    DOC_GENERIC_MASCULINE,
    DOC_IS_GENDER_NEUTRAL,
    DOC_NEUTRAL_REASONS,
    TOKEN_GENDER,
    TOKEN_GENDER_CODED,
    TOKEN_GENDER_KIND,
)
from ..install import install_extensions
from ..lexicon.marking import DocumentMarker
from ..names import NAME_RESOLVERS, NameResolver
from ..registry import check_registered_object
from .base import LexiconAnnotator


@Language.factory(
    "gender_lexicon",
    default_config={
        "lang": None,
        "extra_lexicons": [],
        "name_resolver": None,
        "min_chars": 50,
    },
    assigns=[
        f"token._.{TOKEN_GENDER}",
        f"token._.{TOKEN_GENDER_KIND}",
        f"token._.{TOKEN_GENDER_CODED}",
        f"doc._.{DOC_IS_GENDER_NEUTRAL}",
        f"doc._.{DOC_NEUTRAL_REASONS}",
        f"doc._.{DOC_GENERIC_MASCULINE}",
        "doc.spans",
    ],
)
def make_gender_lexicon(
    nlp: Language,
    name: str,
    *,
    lang: str | None,
    extra_lexicons: list[str],
    # (Any: the component refuses what is not a resolver, a name included, in one line)
    name_resolver: Any,
    min_chars: int,
) -> "GenderLexicon":
    return GenderLexicon(
        nlp,
        name,
        lang=lang,
        extra_lexicons=extra_lexicons,
        name_resolver=name_resolver,
        min_chars=min_chars,
    )


class GenderLexicon(LexiconAnnotator):
    """Mark gendered words and flag documents.

    Per token: ``token._.gender`` (masculine | feminine | common | neutral | unknown),
    ``token._.gender_kind`` (pronoun | noun | job | name | inclusive) and
    ``token._.gender_coded`` (masculine | feminine), for person-denoting words only: the
    grammatical gender of "die Sonne" says nothing about a person. Gender comes from the
    language profile's lexicon, the token's morphology (or the profile's morphological
    analyser when the pipeline has no morphologizer) and, for first names of PERSON
    entities, a name resolver.

    Per document: ``doc._.is_gender_neutral`` with ``doc._.gender_neutral_reasons`` (the
    GENEUTRAL criteria, word lists: the pipeline's tags and entities may add evidence, such
    as a PERSON entity, but never take a listed word away), ``doc._.generic_masculine``, and
    the span groups ``doc.spans["gender_inclusive"]``, ``doc.spans["generic_masculine"]``
    and ``doc.spans["gender_mismatch"]``.

    Works on any pipeline, down to a bare tokenizer; uses morphology, lemmas, entities and
    the dependency parse when they are there.
    """

    def __init__(
        self,
        nlp: Language,
        name: str = "gender_lexicon",
        *,
        lang: str | None = None,
        extra_lexicons: Iterable[str] = (),
        name_resolver: NameResolver | None = None,
        min_chars: int = 50,
    ) -> None:
        """Initialize the component.

        nlp (Language): the pipeline.
        name (str): the component name.
        lang (Optional[str]): language profile code or profile folder path (a folder is read
            once and saved with the pipeline). Defaults to ``nlp.lang``.
        extra_lexicons (Iterable[str]): paths of user lexicons (.tsv, GenderGid .csv,
            gendered_words .json, common-gender .txt). Read lazily and saved with the pipeline
            by ``to_disk``. Defaults to none.
        name_resolver (Optional[NameResolver]): the first-name resolver, made by a function
            of spaCy's ``registry.misc`` (in a config: ``{"@misc":
            "spacy_genderfair.gender_guesser_resolver.v1", "countries": [...]}``). Defaults
            to the profile's (gender-guesser with the profile's countries for en/de/pt,
            pymorphy3 for uk).
        min_chars (int): minimum length of a gender-neutral document (GENEUTRAL). Defaults to 50.
        """
        install_extensions()
        check_registered_object(name_resolver, component="gender_lexicon",
                                setting="name_resolver", methods=("gender", "is_name"),
                                built_in=NAME_RESOLVERS)
        self.name = name
        self._init_profile(nlp, lang)
        self.extra_lexicons = [str(p) for p in extra_lexicons]
        self.name_resolver = name_resolver
        self.min_chars = min_chars
        self._init_lexicon()

    def annotate(self, doc: Doc) -> None:
        DocumentMarker(self.lexicon, doc, self.min_chars).run()


__all__ = ["GenderLexicon", "make_gender_lexicon"]
