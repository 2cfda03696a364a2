"""The scorer protocol and the import helper every backend uses."""

from importlib import import_module
from types import ModuleType
from typing import Protocol, runtime_checkable


@runtime_checkable
class SentimentScorer(Protocol):
    """Scores the sentiment of a text (a sentence, in ``actor_sentiment``).

    ``score`` returns one compound-style value in [-1, 1]: below 0 negative, above 0
    positive, 0.0 when the text holds no word the backend knows.
    """

    def score(self, text: str) -> float: ...


def require_backend(module: str, requirement: str, scorer: str) -> ModuleType:
    """Import a backend's third-party module, or say how to install it.

    module (str): the module to import, e.g. "vaderSentiment.vaderSentiment".
    requirement (str): the pip requirement that provides it, e.g. "vaderSentiment>=3.3.2".
    scorer (str): the registered scorer name, for the message.
    RETURNS (ModuleType): the imported module.
    """
    try:
        return import_module(module)
    except ImportError as err:
        reason = f"module '{module}' failed to import: {err}"
        raise missing_backend(requirement, scorer, reason) from err


def missing_backend(requirement: str, scorer: str, reason: str) -> ImportError:
    """The error a backend raises when its package is missing or unusable."""
    return ImportError(
        f"The sentiment scorer '{scorer}' needs the optional package '{requirement}' "
        f"({reason}): pip install '{requirement}'"
    )
