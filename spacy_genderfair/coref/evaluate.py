"""Pronoun resolution measured against gold chains (``coref.data``): the LitBank protocol,
GAP's F1 and Bias, the nearest-compatible-name baseline, and bootstrap intervals.

LitBank protocol: a he/she-family pronoun counts when its gold chain has a proper-name
mention before it; it is right when the resolver puts it in the actor of one of those
names, and unresolved when it puts it in no actor. GAP: for each of the candidate names A
and B, "coreferent" is predicted when the pronoun's actor is the name's actor; F1 of the
coreferent class by pronoun gender, Bias = F1(feminine) / F1(masculine).
"""

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy
from spacy.tokens import Doc

from ..extensions import GENDER_GROUP, TOKEN_GENDER, TOKEN_GENDER_KIND
from .data import GOLD_MENTIONS, GOLD_NAMES, GOLD_PRONOUN
from .mentions import ActorCluster
from .names import honorific_group

PRONOUN_GENDER = {
    **dict.fromkeys(("he", "him", "his", "himself"), "masculine"),
    **dict.fromkeys(("she", "her", "hers", "herself"), "feminine"),
}
RIGHT, WRONG, UNRESOLVED = "right", "wrong", "unresolved"


@dataclass(frozen=True)
class Outcome:
    """One counted pronoun: its gender and whether it was resolved right."""

    doc_id: str
    gender: str  # masculine | feminine
    status: str  # right | wrong | unresolved


def pronoun_actors(actors: Sequence[ActorCluster]) -> dict[int, ActorCluster]:
    """The actor of each resolved pronoun, by the pronoun's token index."""
    return {m.start: actor for actor in actors for m in actor.mentions if m.kind == "pronoun"}


def litbank_targets(doc: Doc) -> list[tuple[int, str, list[tuple[int, int]]]]:
    """The pronouns the protocol counts: (token index, gender, the gold chain's name
    mentions before it)."""
    names = {tuple(span) for span in doc.user_data[GOLD_NAMES]}
    chains: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for start, end, chain in doc.user_data[GOLD_MENTIONS]:
        chains[chain].append((start, end))
    targets = []
    for start, end, chain in doc.user_data[GOLD_MENTIONS]:
        gender = PRONOUN_GENDER.get(doc[start].lower_) if end == start + 1 else None
        if gender is None:
            continue
        before = [span for span in chains[chain] if span in names and span[1] <= start]
        if before:
            targets.append((start, gender, before))
    return targets


def litbank_outcomes(doc: Doc, actors: Sequence[ActorCluster]) -> list[Outcome]:
    """The protocol's outcome for each counted pronoun, given the resolver's actors."""
    resolved = pronoun_actors(actors)
    outcomes = []
    for index, gender, names in litbank_targets(doc):
        actor = resolved.get(index)
        if actor is None:
            status = UNRESOLVED
        else:
            right = any(m.kind == "named" and m.start < end and start < m.end
                        for m in actor.mentions for start, end in names)
            status = RIGHT if right else WRONG
        outcomes.append(Outcome(doc.user_data.get("genderfair_doc_id", ""), gender, status))
    return outcomes


def nearest_name_outcomes(doc: Doc, honorifics: dict) -> list[Outcome]:
    """The baseline: the nearest preceding gold name mention whose honorific or first name
    does not contradict the pronoun's gender (``gender_lexicon`` must have run)."""
    names = sorted(tuple(span) for span in doc.user_data[GOLD_NAMES])
    chain_of = {(s, e): c for s, e, c in doc.user_data[GOLD_MENTIONS]}
    name_group = {span: _name_group(doc[span[0]:span[1]], honorifics) for span in names}
    outcomes = []
    for index, gender, gold_names in litbank_targets(doc):
        group = GENDER_GROUP[gender]
        chosen = next((span for span in reversed(names) if span[1] <= index
                       and name_group[span] in (None, group)), None)
        if chosen is None:
            status = UNRESOLVED
        else:
            status = RIGHT if chain_of.get(chosen) == chain_of.get(gold_names[0]) else WRONG
        outcomes.append(Outcome(doc.user_data.get("genderfair_doc_id", ""), gender, status))
    return outcomes


def _name_group(span, honorifics: dict) -> str | None:
    honorific = honorific_group(span, honorifics)
    if honorific:
        return honorific
    words = [t for t in span if t.is_alpha and t.lower_.rstrip(".") not in honorifics]
    if words and words[0]._.get(TOKEN_GENDER_KIND) == "name":
        return GENDER_GROUP.get(words[0]._.get(TOKEN_GENDER))
    return None


def gap_counts(doc: Doc, actors: Sequence[ActorCluster]) -> tuple[str, list[str]]:
    """GAP's decisions for one snippet: the pronoun's gender and, for A and B, one of
    tp | fp | fn | tn."""
    start = doc.user_data[GOLD_PRONOUN][0]
    gender = PRONOUN_GENDER.get(doc[start].lower_, "masculine")
    pronoun_actor = pronoun_actors(actors).get(start)
    chains = doc.user_data[GOLD_MENTIONS]
    decisions = []
    for s, e, chain in chains[1:]:
        predicted = pronoun_actor is not None and any(
            m.kind == "named" and m.start < e and s < m.end for m in pronoun_actor.mentions)
        truth = chain == "P"
        decisions.append(("tp" if truth else "fp") if predicted else ("fn" if truth else "tn"))
    # a candidate that did not align to tokens is an unpredicted decision
    return gender, decisions


def f1(decisions: Sequence[str]) -> float:
    tp, fp, fn = (sum(1 for d in decisions if d == k) for k in ("tp", "fp", "fn"))
    return 200 * tp / (2 * tp + fp + fn) if tp else 0.0


def gap_scores(snippets: Sequence[tuple[str, list[str]]]) -> dict[str, float]:
    """F1 masculine / feminine / all (in %) and Bias over (gender, decisions) snippets."""
    by_gender = {g: [d for gender, ds in snippets if gender == g for d in ds]
                 for g in ("masculine", "feminine")}
    scores = {g: f1(ds) for g, ds in by_gender.items()}
    scores["all"] = f1([d for _, ds in snippets for d in ds])
    scores["bias"] = scores["feminine"] / scores["masculine"] if scores["masculine"] else 0.0
    return scores


def litbank_scores(outcomes: Sequence[Outcome]) -> dict[str, float]:
    """Accuracy by gender and overall (in %), fem/masc ratio, share unresolved (in %)."""
    def share(items, status):
        return 100 * sum(1 for o in items if o.status == status) / len(items) if items else 0.0

    masc = [o for o in outcomes if o.gender == "masculine"]
    fem = [o for o in outcomes if o.gender == "feminine"]
    scores = {"masculine": share(masc, RIGHT), "feminine": share(fem, RIGHT),
              "all": share(outcomes, RIGHT), "unresolved": share(outcomes, UNRESOLVED)}
    scores["ratio"] = scores["feminine"] / scores["masculine"] if scores["masculine"] else 0.0
    return scores


def bootstrap(items: Sequence, score: Callable[[Sequence], dict[str, float]], *,
              samples: int = 1000, seed: int = 0, groups: Sequence[str] | None = None
              ) -> dict[str, tuple[float, float]]:
    """95 % percentile intervals of each score, resampling items (or whole groups of
    items, e.g. books, when ``groups`` gives each item's group) with replacement."""
    rng = numpy.random.default_rng(seed)
    if groups is None:
        units = [[item] for item in items]
    else:
        by_group: dict[str, list] = defaultdict(list)
        for item, group in zip(items, groups, strict=True):
            by_group[group].append(item)
        units = list(by_group.values())
    draws = defaultdict(list)
    for _ in range(samples):
        picked = rng.integers(0, len(units), len(units))
        for key, value in score([item for k in picked for item in units[k]]).items():
            draws[key].append(value)
    return {key: (float(numpy.percentile(values, 2.5)), float(numpy.percentile(values, 97.5)))
            for key, values in draws.items()}
