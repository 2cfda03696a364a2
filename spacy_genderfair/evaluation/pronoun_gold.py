"""Pronoun resolution against a hand-annotated gold set over gold-parsed sentences.

A gold item is one run of consecutive treebank sentences (UD CoNLL-U, read with
``corpus.conllu``), the person names in it as entity spans, and its third-person pronouns,
each with the entity spans of its antecedent (one person may be named in several spans:
any of them counts). One JSON object per line::

    {"sent_ids": ["test-s361"], "entities": [[7, 9]],
     "pronouns": [{"token": 12, "text": "seiner", "antecedents": [[7, 9]]}]}

Token offsets count over the run's sentences joined in order. ``text`` guards the offsets:
a treebank that changed under the file raises instead of scoring the wrong words.
"""

from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path

import srsly
from spacy.tokens import Doc, Span

from ..extensions import MENTION_PRONOUN, SPANS_ACTOR_MENTIONS

OUTCOMES = ("right", "wrong", "unresolved")


def read_gold(path: str | Path) -> list[dict]:
    """The gold items of a JSONL file, in file order."""
    return list(srsly.read_jsonl(path))


def gold_doc(item: dict, sentences: Mapping[str, Doc], label: str = "PER") -> Doc:
    """The item's sentences as one Doc with its names as entities.

    item (dict): a gold item.
    sentences (Mapping[str, Doc]): treebank sentences by ``sent_id``.
    label (str): the entity label of the names. Defaults to "PER".
    RETURNS (Doc): the joined sentences, gold parse and morphology kept, ``ents`` set.
    """
    parts = []
    for sent_id in item["sent_ids"]:
        part = sentences[sent_id].copy()
        part.user_data.clear()  # Doc.from_docs cannot merge the sent_id/text comments
        parts.append(part)
    doc = Doc.from_docs(parts)
    doc.ents = [Span(doc, start, end, label=label) for start, end in item["entities"]]
    for pronoun in item["pronouns"]:
        if doc[pronoun["token"]].text != pronoun["text"]:
            raise ValueError(f"{item['sent_ids']}: token {pronoun['token']} is "
                             f"{doc[pronoun['token']].text!r}, the gold set says "
                             f"{pronoun['text']!r}")
    return doc


def pronoun_outcomes(doc: Doc, item: dict) -> list[str]:
    """How actor_linker resolved each gold pronoun of an annotated ``doc``: "right" (its
    actor has one of the antecedent spans as a mention), "wrong" or "unresolved"."""
    mentions = doc.spans[SPANS_ACTOR_MENTIONS]
    actor_of_pronoun = {m.start: m.kb_id_ for m in mentions if m.id_ == MENTION_PRONOUN}
    spans_of_actor: dict[str, set[tuple[int, int]]] = {}
    for mention in mentions:
        spans_of_actor.setdefault(mention.kb_id_, set()).add((mention.start, mention.end))
    outcomes = []
    for pronoun in item["pronouns"]:
        actor = actor_of_pronoun.get(pronoun["token"])
        if actor is None:
            outcomes.append("unresolved")
        elif spans_of_actor[actor] & {tuple(span) for span in pronoun["antecedents"]}:
            outcomes.append("right")
        else:
            outcomes.append("wrong")
    return outcomes


def summarize(outcomes: Iterable[str]) -> dict:
    """Counts of each outcome, ``accuracy`` (right / all) and ``unresolved_share``."""
    counts = Counter(outcomes)
    total = sum(counts[o] for o in OUTCOMES)
    summary = {o: counts[o] for o in OUTCOMES}
    summary["pronouns"] = total
    summary["accuracy"] = counts["right"] / total if total else 0.0
    summary["unresolved_share"] = counts["unresolved"] / total if total else 0.0
    return summary
