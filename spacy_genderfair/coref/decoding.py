"""Which candidate each pronoun of a document takes: a beam search over the pronoun sequence.

Pronouns are resolved left to right, and a resolved pronoun joins its actor: it becomes a
candidate mention, and agreement evidence, for the pronouns after it. Greedy decoding
commits to each choice, so one early mistake carries on through a chain of pronouns. The
beam keeps the ``beam`` best partial assignments instead, scored by the sum of each
choice's log probability under the ranker (a softmax over the pronoun's candidates and "no
antecedent"), and lets a later pronoun's evidence overturn an earlier choice. A beam of 1
is greedy decoding.

An actor has one pronoun group. Resolved pronouns are evidence the ranker weighs, not a
constraint (one wrong early choice would lock the actor out of its own pronouns), so the
search may give one actor pronouns of two groups ("she" and "he" for a name of no known
gender). Such an actor's group is then decided by the majority of its pronouns (on a tie,
its first pronoun's), and the document is decoded again with that group as a hard
constraint, as if it were an honorific: the pronouns of the other group go to another
candidate or stay unresolved. After ``MAX_DECODINGS`` searches, a pronoun that still
disagrees with its actor's majority stays unresolved.
"""

from collections import Counter
from dataclasses import dataclass, replace

import numpy
from spacy.tokens import Doc

from .features import FeatureContext, pronoun_candidates
from .mentions import ActorCluster, Mention
from .resolver import NO_GROUP

# One assignment: per pronoun so far, the index of its actor and the group it adds, or None.
Choice = tuple[int, str] | None
# How often a document is decoded at most: once, then once per round of mixed actors.
MAX_DECODINGS = 3


@dataclass
class _Hypothesis:
    """A partial assignment: its summed log probability, the actors as it leaves them
    (copied on write: an actor a pronoun joins is a new object), and its choices."""

    score: float
    actors: list[ActorCluster]
    choices: list[Choice]


def resolve_with_ranker(doc: Doc, profile, pronouns: list[Mention], actors: list[ActorCluster],
                        ranker) -> None:
    """Resolve the pronouns with the ranker, by beam search (``ranker.beam``), and add
    each to the actor it refers to.

    doc (Doc): the parsed document.
    profile (LanguageProfile): the language's role map and quotation marks.
    pronouns (list[Mention]): the pronouns, in text order.
    actors (list[ActorCluster]): the actors; the pronouns are added to them.
    ranker (Ranker): the model.
    """
    if not pronouns or not actors:
        return
    context = FeatureContext(doc, profile)
    choices = beam_search(context, pronouns, actors, ranker)
    for _ in range(MAX_DECODINGS - 1):
        mixed = majority_groups(choices, mixed_only=True)
        if not mixed:
            break
        for index, group in mixed.items():
            actors[index].decided_group = group
        choices = beam_search(context, pronouns, actors, ranker)
    for actor in actors:
        actor.decided_group = None
    keep = majority_groups(choices, mixed_only=True)
    for pronoun, choice in zip(pronouns, choices, strict=True):
        if choice is not None and choice[1] in (NO_GROUP, keep.get(choice[0], choice[1])):
            join(actors[choice[0]], pronoun, choice[1])


def majority_groups(choices: list[Choice], *, mixed_only: bool = False) -> dict[int, str]:
    """Per actor index, the group most of its pronouns chose (on a tie, the group of its
    first pronoun); pronouns of no gender left out. With ``mixed_only``, only actors whose
    pronouns chose more than one group."""
    chosen: dict[int, list[str]] = {}
    for choice in choices:
        if choice is not None and choice[1] != NO_GROUP:
            chosen.setdefault(choice[0], []).append(choice[1])
    majority = {}
    for index, groups in chosen.items():
        counts = Counter(groups)
        if mixed_only and len(counts) < 2:
            continue
        top = max(counts.values())
        majority[index] = next(group for group in groups if counts[group] == top)
    return majority


def beam_search(context: FeatureContext, pronouns: list[Mention], actors: list[ActorCluster],
                ranker) -> list[Choice]:
    """The best assignment of the pronouns found with a beam of ``ranker.beam``.

    RETURNS (list[Choice]): per pronoun, (index in ``actors``, group) or None; ``actors``
        are left as they were.
    """
    beam = [_Hypothesis(0.0, actors, [])]
    width = max(1, ranker.beam)
    for pronoun in pronouns:
        expansions = []
        for hypothesis in beam:
            candidates = pronoun_candidates(context, pronoun, hypothesis.actors,
                                            ranker.window)
            log_probs = ranker.log_probabilities(candidates)
            # "no antecedent" first: on a tie, a pronoun stays unresolved (as greedy does)
            expansions.append((hypothesis.score + log_probs[-1], hypothesis, None))
            expansions.extend((hypothesis.score + log_probs[k], hypothesis, candidate)
                              for k, candidate in enumerate(candidates))
        expansions.sort(key=lambda expansion: -expansion[0])  # stable: ties keep order
        beam = [_extend(score, hypothesis, pronoun, candidate)
                for score, hypothesis, candidate in expansions[:width]]
    return beam[0].choices


def _extend(score: float, hypothesis: _Hypothesis, pronoun: Mention, candidate
            ) -> _Hypothesis:
    if candidate is None:
        return _Hypothesis(score, hypothesis.actors, [*hypothesis.choices, None])
    index = next(k for k, actor in enumerate(hypothesis.actors) if actor is candidate.actor)
    actors = list(hypothesis.actors)
    actors[index] = replace(candidate.actor, mentions=list(candidate.actor.mentions),
                            pronouns=candidate.actor.pronouns.copy())
    join(actors[index], pronoun, candidate.group)
    return _Hypothesis(score, actors, [*hypothesis.choices, (index, candidate.group)])


def join(actor: ActorCluster, pronoun: Mention, group: str) -> None:
    """Add the pronoun to the actor with the group it contributes, the actor's mentions
    kept in text order (the features read an actor's mentions before a pronoun)."""
    actor.add(pronoun)
    if group != NO_GROUP:  # a pronoun of no gender is no evidence of the actor's group
        actor.pronouns[group] += 1
    actor.mentions.sort(key=lambda m: m.start)


def log_softmax_with_null(scores: numpy.ndarray, threshold: float) -> numpy.ndarray:
    """Log probabilities of the candidates' scores and, last, of "no antecedent"."""
    values = numpy.append(scores, threshold)
    top = values.max()
    return values - top - numpy.log(numpy.exp(values - top).sum())
