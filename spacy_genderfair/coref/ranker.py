"""The learned pronoun resolver: a linear ranking model over candidate antecedents.

Each candidate gets the score ``weights · features`` (``features.FEATURE_NAMES``); "no
antecedent" scores ``threshold``. The best of them wins, so a pronoun stays unresolved when
no candidate is convincing. The model is a conditional logit (a softmax over a pronoun's
candidates and the no-antecedent option), small enough to read: one weight per named
feature, shipped as JSON with the seed and the checksums of the data it was trained on
(``python -m spacy_genderfair.coref.train``).
"""

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy

from .decoding import join, log_softmax_with_null
from .features import FEATURE_NAMES, Candidate
from .mentions import Mention

MODEL_FORMAT = "spacy_genderfair.pronoun_ranker.v1"
DEFAULT_MODEL = "pronoun_ranker.json"


@dataclass
class Ranker:
    """A linear scorer of (pronoun, candidate) pairs.

    weights (numpy.ndarray): one weight per feature, in ``feature_names`` order.
    feature_names (tuple[str, ...]): the features the weights belong to.
    threshold (float): the score of "no antecedent". Defaults to 0.0.
    window (int): how many sentences back a candidate's last mention may be. Defaults to 12.
    beam (int): how many partial assignments of a document's pronouns decoding keeps
        (``decoding``); 1 is greedy. Defaults to 1.
    metadata (dict): how the model was trained (seed, data checksums, figures).
    """

    weights: numpy.ndarray
    feature_names: tuple[str, ...] = FEATURE_NAMES
    threshold: float = 0.0
    window: int = 12
    beam: int = 1
    metadata: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if tuple(self.feature_names) != FEATURE_NAMES:
            missing = set(FEATURE_NAMES) ^ set(self.feature_names)
            raise ValueError("pronoun ranker: the model's features are not this version's "
                             f"(differ in {sorted(missing) or 'order'}); retrain it with "
                             "python -m spacy_genderfair.coref.train")

    def choose(self, candidates: Sequence[Candidate]) -> Candidate | None:
        """The best-scoring candidate, or None when none scores above the threshold."""
        if not candidates:
            return None
        scores = numpy.asarray([c.features for c in candidates]) @ self.weights
        best = int(numpy.argmax(scores))
        return candidates[best] if scores[best] > self.threshold else None

    def log_probabilities(self, candidates: Sequence[Candidate]) -> numpy.ndarray:
        """Log probabilities of the candidates and, last, of "no antecedent"."""
        scores = (numpy.asarray([c.features for c in candidates]) @ self.weights
                  if candidates else numpy.zeros(0))
        return log_softmax_with_null(scores, self.threshold)

    def to_dict(self) -> dict:
        return {
            "format": MODEL_FORMAT,
            "features": dict(zip(self.feature_names, map(_round, self.weights), strict=True)),
            "threshold": self.threshold,
            "window": self.window,
            "beam": self.beam,
            "metadata": self.metadata,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "Ranker":
        if data.get("format") != MODEL_FORMAT:
            raise ValueError(f"pronoun ranker: not a {MODEL_FORMAT} model file")
        features = data["features"]
        return cls(weights=numpy.asarray(list(features.values()), dtype=float),
                   feature_names=tuple(features), threshold=float(data["threshold"]),
                   window=int(data["window"]), beam=int(data.get("beam", 1)),
                   metadata=data.get("metadata", {}))

    def to_disk(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def from_disk(cls, path: str | Path) -> "Ranker":
        return cls.from_dict(json.loads(Path(path).read_text(encoding="utf-8")))


@lru_cache(maxsize=1)
def default_ranker() -> Ranker:
    """The model shipped in the package, read once."""
    text = resources.files(__package__).joinpath(DEFAULT_MODEL).read_text(encoding="utf-8")
    return Ranker.from_dict(json.loads(text))


def attach(pronoun: Mention, candidate: Candidate) -> None:
    """Add the pronoun to the candidate's actor with the group it contributes."""
    join(candidate.actor, pronoun, candidate.group)


def fit_ranker(groups: Sequence[tuple[numpy.ndarray, numpy.ndarray]], *, l2: float = 0.001,
               steps: int = 600, learning_rate: float = 0.05) -> numpy.ndarray:
    """Weights of the conditional logit over each pronoun's candidates and "no antecedent"
    (score 0): full-batch Adam from zero weights, so the same data give the same weights.

    groups (Sequence[tuple[numpy.ndarray, numpy.ndarray]]): per pronoun, its candidates'
        features (n × len(FEATURE_NAMES)) and which of them are right (bool, n); none
        right means "no antecedent" is.
    l2 (float): the L2 penalty on the weights (the bias included). Defaults to 0.001.
    steps (int): gradient steps. Defaults to 600.
    learning_rate (float): Adam's step size. Defaults to 0.05.
    RETURNS (numpy.ndarray): the weights.
    """
    groups = [(x, y) for x, y in groups if len(x)]
    features = numpy.concatenate([x for x, _ in groups])
    gold = numpy.concatenate([y for _, y in groups]).astype(float)
    sizes = numpy.asarray([len(x) for x, _ in groups])
    starts = numpy.concatenate([[0], numpy.cumsum(sizes)[:-1]])
    owner = numpy.repeat(numpy.arange(len(groups)), sizes)
    weights = numpy.zeros(features.shape[1])
    moment, velocity = numpy.zeros_like(weights), numpy.zeros_like(weights)
    for step in range(1, steps + 1):
        scores = features @ weights
        # softmax per group with the null option at 0, stabilised by the group's maximum
        top = numpy.maximum(numpy.maximum.reduceat(scores, starts), 0.0)
        exp = numpy.exp(scores - top[owner])
        null = numpy.exp(-top)
        total = numpy.add.reduceat(exp, starts) + null
        prob = exp / total[owner]
        right = numpy.add.reduceat(exp * gold, starts)
        has_right = right > 0
        # d(-log P(right)) / d score = P(candidate) - P(candidate | right)
        posterior = numpy.where(has_right[owner], exp * gold / numpy.where(
            has_right, right, 1.0)[owner], 0.0)
        gradient = features.T @ (prob - posterior) / len(groups) + l2 * weights
        moment = 0.9 * moment + 0.1 * gradient
        velocity = 0.999 * velocity + 0.001 * gradient**2
        weights -= (learning_rate * (moment / (1 - 0.9**step))
                    / (numpy.sqrt(velocity / (1 - 0.999**step)) + 1e-8))
    return weights


def _round(value: float) -> float:
    return round(float(value), 6)
