"""Read-only views of the actors that ``actor_linker`` stores in a Doc.

The stored form is plain data (``doc._.actor_data`` and the ``actor_mentions`` span group), so
it survives serialization; ``doc._.actors`` builds these views from it on access.
"""

from dataclasses import dataclass, field

from spacy.tokens import Doc, Span

from .extensions import (
    DOC_ACTOR_DATA,
    MENTION_NAMED,
    MENTION_NOUN,
    MENTION_PRONOUN,
    SPANS_ACTOR_MENTIONS,
)


@dataclass(frozen=True)
class Actor:
    """A person of a document.

    id (str): actor id, the ``kb_id_`` of its mention spans ("A1", "A2", …).
    name (str): canonical name (its longest named mention, or the noun for generic actors).
    group (str): pronoun group: she/her | he/him | they/them | unknown.
    mentions (tuple[Span, ...]): every mention in document order.
    evidence (dict): what decided the group (resolved pronouns, honorific, agreement,
        first name), JSON-able.
    """

    id: str
    name: str
    group: str
    mentions: tuple[Span, ...] = ()
    evidence: dict = field(default_factory=dict)

    def _of(self, kind: str) -> tuple[Span, ...]:
        return tuple(m for m in self.mentions if m.id_ == kind)

    @property
    def named_mentions(self) -> tuple[Span, ...]:
        return self._of(MENTION_NAMED)

    @property
    def pronoun_mentions(self) -> tuple[Span, ...]:
        return self._of(MENTION_PRONOUN)

    @property
    def noun_mentions(self) -> tuple[Span, ...]:
        return self._of(MENTION_NOUN)


def get_actors(doc: Doc) -> list[Actor]:
    """The actors of ``doc`` in order of first mention (empty before actor_linker ran)."""
    data = doc._.get(DOC_ACTOR_DATA) or {}
    mentions: dict[str, list[Span]] = {actor_id: [] for actor_id in data}
    if SPANS_ACTOR_MENTIONS in doc.spans:
        for span in doc.spans[SPANS_ACTOR_MENTIONS]:
            mentions.setdefault(span.kb_id_, []).append(span)
    actors = []
    for actor_id, record in data.items():
        spans = tuple(sorted(mentions.get(actor_id, []), key=lambda s: (s.start, s.end)))
        actors.append(Actor(actor_id, record.get("name", ""), record.get("group", "unknown"),
                            spans, dict(record.get("evidence", {}))))
    return sorted(actors, key=lambda a: a.mentions[0].start if a.mentions else len(doc))
