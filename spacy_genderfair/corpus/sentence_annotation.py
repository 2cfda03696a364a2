"""Preparing parsed documents for probing-sentence extraction: the pipeline for text input,
and PERSON entities for documents without NER (treebanks), before ``gender_lexicon`` runs.
"""

from collections.abc import Iterable
from pathlib import Path

from spacy.language import Language
from spacy.tokens import Doc, Span

from ..extensions import TOKEN_GENDER, TOKEN_GENDER_CODED, TOKEN_GENDER_KIND
from ..pipelines import build_pipeline, default_model
from .sentences import ENTITY_MODES, MissingAnnotationError


# -- annotation of parsed documents ----------------------------------------------------------
class SentenceAnnotator:
    """Adds PERSON entities where needed and runs ``gender_lexicon`` on parsed Docs.

    component: the pipeline's gender_lexicon component.
    entities (str): "ner" uses ``doc.ents`` (an error when a document has no NER
        annotation); "propn" adds PROPN-run persons (``propn_persons``) to a document's
        entities; "auto" is "ner" for documents with NER annotation, "propn" otherwise.
        Defaults to "auto".
    """

    def __init__(self, component, *, entities: str = "auto") -> None:
        if entities not in ENTITY_MODES:
            raise ValueError(f"Unknown entity mode '{entities}': use {', '.join(ENTITY_MODES)}.")
        self.component = component
        self.entities = entities
        lexicon = component.lexicon
        self.names = lexicon.names
        self.label = lexicon.profile.person_labels[0]

    def __call__(self, doc: Doc) -> Doc:
        has_ner = doc.has_annotation("ENT_IOB")
        if self.entities == "ner" and not has_ner and len(doc):
            raise MissingAnnotationError(
                "The documents have no named-entity annotation: use a pipeline with NER, or "
                "--entities propn to take PROPN runs starting with a first name as persons.")
        if self.entities == "propn" or (self.entities == "auto" and not has_ner):
            add_propn_persons(doc, self.names, self.label)
        _clear_token_marks(doc)  # marks stored with a DocBin would outlive new entities
        return self.component(doc)


def propn_persons(doc: Doc, names, label: str) -> list[Span]:
    """Maximal runs of PROPN tokens whose first token is a capitalised known first name
    (``names.is_name``), as entity spans with ``label``."""
    spans = []
    i = 0
    while i < len(doc):
        if doc[i].pos_ != "PROPN":
            i += 1
            continue
        j = i
        while j < len(doc) and doc[j].pos_ == "PROPN":
            j += 1
        first = doc[i]
        if first.is_alpha and first.is_title and names.is_name(first.text):
            spans.append(Span(doc, i, j, label=label))
        i = j
    return spans


def add_propn_persons(doc: Doc, names, label: str) -> int:
    """Add ``propn_persons`` to ``doc.ents``, keeping existing entities (a PROPN run that
    overlaps one is skipped). Returns the number of entities added."""
    taken = {i for ent in doc.ents for i in range(ent.start, ent.end)}
    new = [span for span in propn_persons(doc, names, label)
           if not taken.intersection(range(span.start, span.end))]
    if new or not doc.has_annotation("ENT_IOB"):
        doc.ents = sorted([*doc.ents, *new], key=lambda span: span.start)
    return len(new)


def _clear_token_marks(doc: Doc) -> None:
    names = (TOKEN_GENDER, TOKEN_GENDER_KIND, TOKEN_GENDER_CODED)
    stale = [key for key in doc.user_data
             if isinstance(key, tuple) and len(key) == 4 and key[0] == "._."
             and key[1] in names]
    for key in stale:
        del doc.user_data[key]


# -- pipelines -------------------------------------------------------------------------------
def sentences_pipeline(lang: str, model: str | None = None, *, parsed: bool = False,
                       lexicons: Iterable[str | Path] = ()) -> Language:
    """The pipeline for ``genderfair sentences``, with ``gender_lexicon`` added if missing.

    lang (str): language profile code or folder.
    model (Optional[str]): spaCy pipeline name or path, for text input. Defaults to
        ``default_model(lang)``.
    parsed (bool): the input is already parsed (CoNLL-U, DocBin): a blank pipeline of the
        profile's language, ``model`` not loaded. Defaults to False.
    RAISES (PipelineNotFoundError): the pipeline is not installed (the message says how to).
    """
    nlp = build_pipeline(lang, ["gender_lexicon"], model=None if parsed else model,
                         blank=parsed, lexicons=lexicons)
    if not parsed and not any("token.dep" in nlp.get_pipe_meta(pipe).assigns
                              for pipe in nlp.pipe_names):
        raise MissingAnnotationError(
            f"The spaCy pipeline '{model or default_model(lang)}' has no parser; probing "
            f"sentences need dependency labels (e.g. python -m spacy download "
            f"{default_model(lang)}).")
    return nlp
