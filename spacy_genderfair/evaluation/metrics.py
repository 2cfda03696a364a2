"""The measures behind the scorers, as pure functions over character offsets.

Predicted and gold documents may be tokenized differently (a gold corpus brings its own
tokens), so spans are compared by their character offsets, never by token indices.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from ..extensions import MENTION_NAMED, MENTION_PRONOUN

# A character range [start, end).
CharSpan = tuple[int, int]


@dataclass(frozen=True)
class QuoteMark:
    """A quote as scored: its characters, its type and its speaker mention's characters.

    start (int): first character of the quote.
    end (int): the character after its last.
    label (str): "direct" | "indirect".
    speaker (CharSpan | None): the speaker mention's characters, None when there is none.
    """

    start: int
    end: int
    label: str
    speaker: CharSpan | None = None


@dataclass(frozen=True)
class MentionMark:
    """An actor mention as scored.

    start (int): first character of the mention.
    end (int): the character after its last.
    kind (str): "named" | "pronoun" | "noun".
    actor (str): the actor id ("" when the mention belongs to no actor).
    """

    start: int
    end: int
    kind: str
    actor: str


@dataclass
class PRFCounts:
    """True positives, predictions and gold items, summed over documents."""

    tp: int = 0
    predicted: int = 0
    gold: int = 0

    def add(self, tp: int, predicted: int, gold: int) -> None:
        self.tp += tp
        self.predicted += predicted
        self.gold += gold

    @property
    def precision(self) -> float:
        return self.tp / self.predicted if self.predicted else 0.0

    @property
    def recall(self) -> float:
        return self.tp / self.gold if self.gold else 0.0

    @property
    def fscore(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def scores(self, prefix: str) -> dict[str, float]:
        """``{prefix}_p``, ``{prefix}_r`` and ``{prefix}_f``."""
        return {f"{prefix}_p": self.precision, f"{prefix}_r": self.recall,
                f"{prefix}_f": self.fscore}


@dataclass
class AccuracyCounts:
    correct: int = 0
    total: int = 0

    @property
    def accuracy(self) -> float | None:
        """The share correct, or None when nothing was counted."""
        return self.correct / self.total if self.total else None


def count_spans(predicted: Iterable[CharSpan], gold: Iterable[CharSpan], counts: PRFCounts
                ) -> None:
    """Add one document's exact span matches to ``counts``."""
    predicted, gold = set(predicted), set(gold)
    counts.add(len(predicted & gold), len(predicted), len(gold))


def count_quotes(predicted: Iterable[QuoteMark], gold: Iterable[QuoteMark],
                 by_label: dict[str, PRFCounts], speakers: AccuracyCounts) -> None:
    """Add one document's quotes to the per-type counts and the speaker accuracy.

    A predicted quote is right when a gold quote has its characters and its type. The
    speaker accuracy counts the gold quotes with a speaker that a predicted quote matches
    by characters (of either type): its speaker is right when the predicted quote has a
    speaker mention sharing at least one character with the gold speaker mention.
    """
    predicted, gold = list(predicted), list(gold)
    for label, counts in by_label.items():
        count_spans(((q.start, q.end) for q in predicted if q.label == label),
                    ((q.start, q.end) for q in gold if q.label == label), counts)
    predicted_by_chars = {(q.start, q.end): q for q in predicted}
    for quote in gold:
        match = predicted_by_chars.get((quote.start, quote.end))
        if quote.speaker is None or match is None:
            continue
        speakers.total += 1
        if match.speaker is not None and _overlap(match.speaker, quote.speaker):
            speakers.correct += 1


def count_pronoun_links(predicted: Iterable[MentionMark], gold: Iterable[MentionMark],
                        counts: PRFCounts) -> None:
    """Add one document's pronoun-to-actor links to ``counts``.

    A link is a pronoun mention of an actor that has a named mention. A predicted link is
    right when a gold link has the pronoun's characters and the two actors share a named
    mention (the same characters).
    """
    predicted_links, predicted_names = _links(predicted)
    gold_links, gold_names = _links(gold)
    tp = sum(1 for chars, actor in predicted_links.items()
             if chars in gold_links and predicted_names[actor] & gold_names[gold_links[chars]])
    counts.add(tp, len(predicted_links), len(gold_links))


def _links(mentions: Iterable[MentionMark]) -> tuple[dict[CharSpan, str],
                                                      dict[str, set[CharSpan]]]:
    mentions = list(mentions)
    names: dict[str, set[CharSpan]] = {}
    for mention in mentions:
        if mention.kind == MENTION_NAMED and mention.actor:
            names.setdefault(mention.actor, set()).add((mention.start, mention.end))
    links = {(m.start, m.end): m.actor for m in mentions
             if m.kind == MENTION_PRONOUN and m.actor in names}
    return links, names


def _overlap(a: CharSpan, b: CharSpan) -> bool:
    return a[0] < b[1] and b[0] < a[1]
