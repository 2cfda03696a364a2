"""Every registered name resolves through its entry point, without importing the package."""

from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import pytest
import spacy

from spacy_genderfair.registry import morph_analyzers, name_resolvers, sentiment_scorers


def _ours(group: str) -> list[str]:
    return sorted(ep.name for ep in entry_points(group=group)
                  if ep.value.startswith("spacy_genderfair."))


FACTORIES = _ours("spacy_factories")


def test_every_factory_module_is_declared():
    assert FACTORIES == ["actor_linker", "gender_lexicon", "gender_swapper", "quote_typer",
                         "role_counter"]


@pytest.mark.parametrize("name", FACTORIES)
def test_factory_entry_point_resolves(name):
    nlp = spacy.blank("en")
    pipe = nlp.add_pipe(name)
    assert nlp.pipe_names == [name]
    assert pipe.__module__ == f"spacy_genderfair.pipeline.{name}"


# A first name each resolver must know, with its gender.
RESOLVER_PROBES = {
    "gender_guesser.v1": ("Anna", "feminine"),
    "pymorphy3.v1": ("Тарас", "masculine"),
}


def test_every_resolver_has_a_probe():
    assert sorted(RESOLVER_PROBES) == _ours("spacy_genderfair_name_resolvers")


@pytest.mark.parametrize("name", _ours("spacy_genderfair_name_resolvers"))
def test_name_resolver_entry_point_resolves(name):
    resolver = name_resolvers.get(name)()
    first_name, gender = RESOLVER_PROBES[name]
    assert resolver.is_name(first_name)
    assert resolver.gender(first_name) == gender


# A word form each analyser must read, with its first reading's lemma; and the optional
# package it needs (None: a core dependency).
ANALYZER_PROBES = {
    "pymorphy3.v1": ("лікаря", "лікар", None),
    "german_nouns.v1": ("Ärzte", "arzt", "german_nouns"),
}


def test_every_morph_analyzer_has_a_probe():
    assert set(_ours("spacy_genderfair_morph_analyzers")) <= set(ANALYZER_PROBES)


@pytest.mark.parametrize("name", _ours("spacy_genderfair_morph_analyzers"))
def test_morph_analyzer_entry_point_resolves(name):
    word, lemma, package = ANALYZER_PROBES[name]
    if package:
        pytest.importorskip(package, reason=f"{package} is not installed")
    analyzer = morph_analyzers.get(name)()
    assert analyzer.analyze(word)[0].lemma == lemma


# A sentence each scorer must find clearly positive.
SCORER_PROBES = {
    "vader.v1": "This is a wonderful, happy day.",
    "leia.v1": "Que dia maravilhoso e feliz.",
    "german_polarity.v1": "Das ist ein wunderbarer, glücklicher Tag.",
}


def test_every_scorer_has_a_probe():
    assert sorted(SCORER_PROBES) == _ours("spacy_genderfair_sentiment_scorers")


@pytest.mark.parametrize("name", _ours("spacy_genderfair_sentiment_scorers"))
def test_sentiment_scorer_entry_point_resolves(name):
    scorer = sentiment_scorers.get(name)()
    assert scorer.score(SCORER_PROBES[name]) > 0.3


# The scorers each name must give (spacy_scorers entry points).
SPACY_SCORERS = {
    "spacy_genderfair.quote_scorer.v1": "score_quotes",
    "spacy_genderfair.actor_scorer.v1": "score_actors",
}


def _declared(group: str) -> dict[str, str]:
    """The entry points pyproject.toml declares in ``group`` (the installed metadata lags
    behind until the package is reinstalled)."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    return project["entry-points"].get(group, {})


def test_every_spacy_scorer_is_declared():
    assert sorted(_declared("spacy_scorers")) == sorted(SPACY_SCORERS)


@pytest.mark.parametrize("name", sorted(SPACY_SCORERS))
def test_spacy_scorer_entry_point_resolves(name):
    make_scorer = EntryPoint(name, _declared("spacy_scorers")[name], "spacy_scorers").load()
    assert make_scorer().__name__ == SPACY_SCORERS[name]
    # the same function under the registered name, as spaCy's config finds it
    assert spacy.registry.scorers.get(name) is make_scorer


@pytest.mark.parametrize("name", _ours("spacy_scorers"))
def test_installed_spacy_scorer_entry_point_resolves(name):
    make_scorer = entry_points(group="spacy_scorers", name=name)[0].load()
    assert make_scorer().__name__ == SPACY_SCORERS[name]
