"""Hand counts (tests/audit/data/*_counts.json) against what the pipeline counts.

A counts file maps each text (an article id, a UD sent_id) to ``counts``: per pronoun group
the actor-level metrics, quotes with no actor as speaker under "unattributed", and optionally
document-level values under "document". ``xfail`` maps a cell ("group.metric") to the
pipeline error that makes it wrong: the hand count stays the true one, and the cell is a
strict xfail, so a fix shows up as a failure until its mark is removed.
"""

import json
from collections import Counter
from pathlib import Path

import pytest

from spacy_genderfair.extensions import PRONOUN_GROUPS, SPANS_INCLUSIVE, SPANS_QUOTES

DATA = Path(__file__).parent / "data"
UNATTRIBUTED = "unattributed"
DOCUMENT = "document"
QUOTE_METRICS = {"direct": "quotes_direct", "indirect": "quotes_indirect"}
ACTOR_METRICS = ("actors", "named", "pronoun", "subject", "object")
INCLUSIVE_LABELS = ("star", "colon", "binnen_i", "paired")


def load_counts(name: str) -> dict:
    """The counts file ``name`` of tests/audit/data."""
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def cells(hand_counts: dict):
    """One pytest param per (text, group, metric), a strict xfail where the data says so."""
    for text_id, item in hand_counts["texts"].items():
        for group, counts in item["counts"].items():
            for metric, count in counts.items():
                reason = item["xfail"].get(f"{group}.{metric}")
                marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
                yield pytest.param(text_id, group, metric, count, marks=marks,
                                   id=f"{text_id}-{group}-{metric}")


def observed_counts(doc) -> dict[str, dict]:
    """The hand-counted cells as the pipeline sees them: ``doc._.gender_stats`` groups,
    quotes per speaker group, and the document-level marks of gender_lexicon."""
    groups = doc._.gender_stats["groups"]
    counts = {group: {metric: groups[group][metric] for metric in ACTOR_METRICS}
              for group in PRONOUN_GROUPS}
    counts[UNATTRIBUTED] = {}
    actor_groups = {actor_id: data["group"] for actor_id, data in doc._.actor_data.items()}
    quotes = Counter((actor_groups.get(quote.kb_id_, UNATTRIBUTED), QUOTE_METRICS[quote.label_])
                     for quote in doc.spans[SPANS_QUOTES])
    for group, group_counts in counts.items():
        for metric in QUOTE_METRICS.values():
            group_counts[metric] = quotes[group, metric]
    inclusive = Counter(span.label_ for span in doc.spans[SPANS_INCLUSIVE])
    counts[DOCUMENT] = {"generic_masculine": doc._.generic_masculine,
                        **{label: inclusive[label] for label in INCLUSIVE_LABELS}}
    return counts


def check_layout(hand_counts: dict, document: bool) -> None:
    """Every text lists every group and metric (zeros included), and marks only real cells."""
    actor_cells = {*ACTOR_METRICS, *QUOTE_METRICS.values()}
    layout = {group: actor_cells for group in PRONOUN_GROUPS}
    layout[UNATTRIBUTED] = set(QUOTE_METRICS.values())
    if document:
        layout[DOCUMENT] = {"generic_masculine", *INCLUSIVE_LABELS}
    every_cell = {f"{group}.{metric}" for group, metrics in layout.items() for metric in metrics}
    for text_id, item in hand_counts["texts"].items():
        assert {group: set(counts) for group, counts in item["counts"].items()} == layout, text_id
        assert set(item["xfail"]) <= every_cell, text_id
