"""spaCy scorers for quote_typer and actor_linker, registered in spaCy's ``scorers`` registry
(and declared as ``spacy_scorers`` entry points), so that ``nlp.evaluate``, ``spacy
evaluate`` and ``spacy train`` report them. Gold annotation is read from the span groups of
``example.reference`` under the keys the components write. See docs/scorers.md."""

from collections.abc import Callable, Iterable
from typing import Any

from spacy.tokens import Doc
from spacy.training import Example
from spacy.util import registry

from ..extensions import (
    QUOTE_DIRECT,
    QUOTE_INDIRECT,
    SPANS_ACTOR_MENTIONS,
    SPANS_QUOTE_SPEAKERS,
    SPANS_QUOTES,
)
from .metrics import (
    AccuracyCounts,
    MentionMark,
    PRFCounts,
    QuoteMark,
    count_pronoun_links,
    count_quotes,
    count_spans,
)

QUOTE_SCORER = "spacy_genderfair.quote_scorer.v1"
ACTOR_SCORER = "spacy_genderfair.actor_scorer.v1"

QUOTE_SCORE_KEYS = (
    "quote_direct_p", "quote_direct_r", "quote_direct_f",
    "quote_indirect_p", "quote_indirect_r", "quote_indirect_f",
    "quote_speaker_acc",
)
ACTOR_SCORE_KEYS = (
    "actor_mention_p", "actor_mention_r", "actor_mention_f",
    "actor_pronoun_link_p", "actor_pronoun_link_r", "actor_pronoun_link_f",
)


def score_quotes(examples: Iterable[Example], **kwargs: Any) -> dict[str, float | None]:
    """Direct and indirect quotes (P/R/F each) and speaker accuracy.

    examples (Iterable[Example]): predicted Docs with their gold references; a reference
        without a ``quotes`` span group is not annotated and is skipped.
    kwargs: what spaCy passes to every scorer; not used.
    RETURNS (dict[str, float | None]): the QUOTE_SCORE_KEYS; None where nothing could be
        measured (no annotated reference; no matched gold quote with a speaker).
    """
    by_label = {QUOTE_DIRECT: PRFCounts(), QUOTE_INDIRECT: PRFCounts()}
    speakers = AccuracyCounts()
    annotated = False
    for example in examples:
        if SPANS_QUOTES not in example.reference.spans:
            continue
        annotated = True
        count_quotes(_quotes(example.predicted), _quotes(example.reference), by_label, speakers)
    if not annotated:
        return dict.fromkeys(QUOTE_SCORE_KEYS)
    return {**by_label[QUOTE_DIRECT].scores("quote_direct"),
            **by_label[QUOTE_INDIRECT].scores("quote_indirect"),
            "quote_speaker_acc": speakers.accuracy}


def score_actors(examples: Iterable[Example], **kwargs: Any) -> dict[str, float | None]:
    """Actor mentions (P/R/F of exact character spans) and pronoun-to-actor links (P/R/F).

    examples (Iterable[Example]): predicted Docs with their gold references; a reference
        without an ``actor_mentions`` span group is not annotated and is skipped.
    kwargs: what spaCy passes to every scorer; not used.
    RETURNS (dict[str, float | None]): the ACTOR_SCORE_KEYS; None without any annotated
        reference.
    """
    mentions, links = PRFCounts(), PRFCounts()
    annotated = False
    for example in examples:
        if SPANS_ACTOR_MENTIONS not in example.reference.spans:
            continue
        annotated = True
        predicted, gold = _mentions(example.predicted), _mentions(example.reference)
        count_spans(((m.start, m.end) for m in predicted), ((m.start, m.end) for m in gold),
                    mentions)
        count_pronoun_links(predicted, gold, links)
    if not annotated:
        return dict.fromkeys(ACTOR_SCORE_KEYS)
    return {**mentions.scores("actor_mention"), **links.scores("actor_pronoun_link")}


@registry.scorers(QUOTE_SCORER)
def make_quote_scorer() -> Callable[..., dict[str, float | None]]:
    """The quote_typer scorer (``score_quotes``)."""
    return score_quotes


@registry.scorers(ACTOR_SCORER)
def make_actor_scorer() -> Callable[..., dict[str, float | None]]:
    """The actor_linker scorer (``score_actors``)."""
    return score_actors


def _quotes(doc: Doc) -> list[QuoteMark]:
    if SPANS_QUOTES not in doc.spans:
        return []
    speakers = {}
    if SPANS_QUOTE_SPEAKERS in doc.spans:
        speakers = {span.id_: (span.start_char, span.end_char)
                    for span in doc.spans[SPANS_QUOTE_SPEAKERS]}
    return [QuoteMark(span.start_char, span.end_char, span.label_, speakers.get(span.id_))
            for span in doc.spans[SPANS_QUOTES]]


def _mentions(doc: Doc) -> list[MentionMark]:
    if SPANS_ACTOR_MENTIONS not in doc.spans:
        return []
    return [MentionMark(span.start_char, span.end_char, span.id_, span.kb_id_)
            for span in doc.spans[SPANS_ACTOR_MENTIONS]]
