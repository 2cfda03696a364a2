"""Which candidate each pronoun of a document takes: a beam search over the pronoun sequence.

Pronouns are resolved left to right, and a resolved pronoun joins its actor: it becomes a
candidate mention, and agreement evidence, for the pronouns after it. Greedy decoding
commits to each choice, so one early mistake carries on through a chain of pronouns. The
beam keeps the ``beam`` best partial assignments instead, scored by the sum of each
choice's log probability under the ranker (a softmax over the pronoun's candidates and "no
antecedent"), and lets a later pronoun's evidence overturn an earlier choice. A beam of 1
is greedy decoding.
"""

from dataclasses import dataclass, replace

import numpy
from spacy.tokens import Doc

from .features import FeatureContext, pronoun_candidates
from .mentions import Actor, Mention
from .resolver import NO_GROUP

# One assignment: per pronoun so far, the index of its actor and the group it adds, or None.
Choice = tuple[int, str] | None


@dataclass
class _Hypothesis:
    """A partial assignment: its summed log probability, the actors as it leaves them
    (copied on write: an actor a pronoun joins is a new object), and its choices."""

    score: float
    actors: list[Actor]
    choices: list[Choice]


def resolve_with_ranker(doc: Doc, profile, pronouns: list[Mention], actors: list[Actor],
                        ranker) -> None:
    """Resolve the pronouns with the ranker, by beam search (``ranker.beam``), and add
    each to the actor it refers to.

    doc (Doc): the parsed document.
    profile (LanguageProfile): the language's role map and quotation marks.
    pronouns (list[Mention]): the pronouns, in text order.
    actors (list[Actor]): the actors; the pronouns are added to them.
    ranker (Ranker): the model.
    """
    if not pronouns or not actors:
        return
    choices = beam_search(FeatureContext(doc, profile), pronouns, actors, ranker)
    for pronoun, choice in zip(pronouns, choices, strict=True):
        if choice is not None:
            join(actors[choice[0]], pronoun, choice[1])


def beam_search(context: FeatureContext, pronouns: list[Mention], actors: list[Actor],
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


def join(actor: Actor, pronoun: Mention, group: str) -> None:
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
