"""The audit's analysis: the pipeline it runs (``audit_pipeline``) and one record per input
item (``record_stream``, ``process_items``). The driver (``runner``) runs it in its own
process, a Dask worker (``distributed``) on the shards it is given; both build on this
module, which imports neither.
"""

from collections.abc import Iterable, Iterator
from dataclasses import replace
from itertools import groupby

from spacy.language import Language
from spacy.tokens import Doc

from ..corpus.pieces import pipe_in_pieces
from ..pipelines import build_pipeline, default_model
from .extract import bad_record, doc_record, merge_records
from .inputs import InputItem

ACTOR_COMPONENTS = ("gender_lexicon", "actor_linker", "role_counter", "quote_typer")
LEXICON_COMPONENTS = ("gender_lexicon",)
# What the actor-level audit needs from the base pipeline: (what, the pipe that gives it) by
# the attribute a component assigns.
NEEDED_ANNOTATIONS = {"token.dep": ("parser", "parser"), "doc.ents": ("NER", "ner")}


class AuditError(ValueError):
    """The audit cannot run as asked (a pipeline without NER, a bad record with on_error
    'fail'); the message is one line."""


def audit_pipeline(lang: str, *, model: str | None = None, blank: bool = False,
                   parsed_input_only: bool = False) -> Language:
    """The pipeline the audit runs, checked: one line naming what to add when the base
    pipeline has no parser or NER (unless ``blank``).

    parsed_input_only (bool): every input is a DocBin of parsed docs, so a bare tokenizer
        carries our components when no model is named. Defaults to False.
    """
    if blank:
        if model is not None:
            raise AuditError("--blank runs no trained pipeline: give --blank or --model, not "
                             "both.")
        return build_pipeline(lang, LEXICON_COMPONENTS, blank=True)
    if parsed_input_only and model is None:
        return build_pipeline(lang, ACTOR_COMPONENTS, blank=True)
    model = model or default_model(lang)
    nlp = build_pipeline(lang, ACTOR_COMPONENTS, model=model)
    assigned = {attr for name in nlp.pipe_names for attr in nlp.get_pipe_meta(name).assigns}
    missing = [needed for attr, needed in NEEDED_ANNOTATIONS.items() if attr not in assigned]
    if missing:
        raise AuditError(
            f"The pipeline {model} has no {' and no '.join(what for what, _ in missing)}: add "
            f"{' and '.join(repr(pipe) for _, pipe in missing)} (or use a trained pipeline "
            "with a parser and NER, such as en_core_web_sm), or give --blank for the "
            "lexicon-level counts only.")
    return nlp


def process_items(nlp: Language, items: Iterable[InputItem], *, actor_level: bool = True,
                  batch_size: int | None = None, n_process: int = 1) -> list[dict]:
    """The records of one shard's input items, in order, with a loaded ``nlp``.

    nlp (Language): the audit pipeline (``audit_pipeline``).
    items (Iterable[InputItem]): the input items; bad ones become bad records.
    actor_level (bool): fill the actor-level columns. Defaults to True.
    batch_size (int | None): texts per ``nlp.pipe`` batch. Defaults to spaCy's.
    n_process (int): processes for ``nlp.pipe``. Defaults to 1.
    RETURNS (list[dict]): one record per item.
    """
    return list(record_stream(nlp, items, actor_level=actor_level, batch_size=batch_size,
                              n_process=n_process))


def record_stream(nlp: Language, items: Iterable[InputItem], *, actor_level: bool = True,
                  batch_size: int | None = None, n_process: int = 1) -> Iterator[dict]:
    """One record per item, in order, streaming (``process_items`` without the list).

    Texts go through the whole pipeline, a text longer than ``nlp.max_length`` in pieces
    whose records are summed (``extract.merge_records``); parsed Docs (DocBin input) go
    through our components only.
    """
    ours = set(ACTOR_COMPONENTS if actor_level else LEXICON_COMPONENTS)
    base_pipes = [name for name in nlp.pipe_names if name not in ours]
    if actor_level:
        items = map(_checked, items)
    # A bad record rides along in the stream of its neighbours as an empty text (or Doc):
    # splitting the stream at each bad record would restart nlp.pipe (and its processes).
    for kind, run in groupby(_with_kind(items), key=lambda pair: pair[0]):
        if kind == "doc":
            pairs = ((Doc(nlp.vocab) if item.is_bad else item.doc, item) for _, item in run)
            results = (([doc], item) for doc, item in nlp.pipe(
                pairs, as_tuples=True, batch_size=batch_size, n_process=n_process,
                disable=base_pipes))
        else:
            pairs = (("" if item.is_bad else item.text, item) for _, item in run)
            results = pipe_in_pieces(nlp, pairs, batch_size=batch_size, n_process=n_process)
        for docs, item in results:  # several docs: a long text, processed in pieces
            if item.is_bad:
                yield bad_record(item)
            else:
                yield merge_records([doc_record(doc, item, actor_level=actor_level)
                                     for doc in docs])


def _with_kind(items: Iterable[InputItem]) -> Iterator[tuple[str, InputItem]]:
    """``(kind, item)``: "doc" for DocBin docs, "text" for texts; a bad record takes the
    kind of the record before it."""
    kind = "text"
    for item in items:
        if not item.is_bad:
            kind = "doc" if item.doc is not None else "text"
        yield kind, item


def _checked(item: InputItem) -> InputItem:
    """A DocBin doc without the annotations the actor-level components read is a bad
    record."""
    if item.doc is None or item.is_bad:
        return item
    missing = [what for attr, what in (("DEP", "dependency parse"), ("ENT_IOB", "entities"))
               if not item.doc.has_annotation(attr)]
    if not missing:
        return item
    return replace(item, doc=None, reason=f"parsed doc without {' or '.join(missing)}")


__all__ = ["ACTOR_COMPONENTS", "LEXICON_COMPONENTS", "AuditError", "audit_pipeline",
           "process_items", "record_stream"]
