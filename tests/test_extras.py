"""The optional extras bring what their job needs: ``pip install -e ".[en,audit]"``, the
README's audit command, must give per-actor sentiment in every language a built-in profile
scores (issue 50: a newcomer's report had an empty sentiment row)."""

import importlib
import re
from pathlib import Path

import pytest

from spacy_genderfair.lang import available_languages, load_profile
from spacy_genderfair.sentiment import SENTIMENT_SCORERS

PROJECT = "spacy-genderfair"


def _extras() -> dict[str, list[str]]:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"][
        "optional-dependencies"]


def _resolved(extra: str, extras: dict[str, list[str]]) -> set[str]:
    """The requirements of ``extra``, an extra of this project it names included."""
    found = set()
    for requirement in extras[extra]:
        own = re.fullmatch(rf"{PROJECT}\[([\w,-]+)\]", requirement)
        if own:
            for name in own.group(1).split(","):
                found |= _resolved(name, extras)
        else:
            found.add(requirement)
    return found


def _scorer_requirement(name: str) -> str:
    module = next(importlib.import_module(f"spacy_genderfair.sentiment.{m}")
                  for m in ("vader", "leia", "german_polarity")
                  if importlib.import_module(f"spacy_genderfair.sentiment.{m}").NAME == name)
    return module.REQUIREMENT


@pytest.mark.parametrize("lang", available_languages())
def test_the_audit_extra_installs_the_sentiment_scorer_of_every_profile(lang):
    scorer = load_profile(lang).sentiment_scorer
    if scorer is None:
        pytest.skip(f"the {lang} profile scores no sentiment")
    assert scorer in SENTIMENT_SCORERS
    assert _scorer_requirement(scorer) in _resolved("audit", _extras())
