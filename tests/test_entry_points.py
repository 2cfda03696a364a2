"""Every registered name resolves through its entry point, without importing the package."""

import os
import subprocess
import sys
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import pytest
import spacy

from spacy_genderfair.names import NAME_RESOLVERS
from spacy_genderfair.registry import morph_analyzers
from spacy_genderfair.sentiment import PROFILE_SCORER, SENTIMENT_SCORERS, ProfileSentimentScorer


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


# What each function of spaCy's registry.misc must make: a first name a resolver must know,
# with its gender; a sentence a scorer must find clearly positive.
MISC_PROBES = {
    "spacy_genderfair.gender_guesser_resolver.v1": ("Anna", "feminine"),
    "spacy_genderfair.pymorphy3_resolver.v1": ("Тарас", "masculine"),
    "spacy_genderfair.vader_scorer.v1": "This is a wonderful, happy day.",
    "spacy_genderfair.leia_scorer.v1": "Que dia maravilhoso e feliz.",
    "spacy_genderfair.german_polarity_scorer.v1": "Das ist ein wunderbarer, glücklicher Tag.",
    # role_counter's default: stands for the profile's scorer, which the component builds
    "spacy_genderfair.profile_sentiment_scorer.v1": None,
}


def test_every_misc_function_is_declared_and_probed():
    assert sorted(_declared("spacy_misc")) == sorted(MISC_PROBES)
    assert sorted(MISC_PROBES) == sorted((*NAME_RESOLVERS, *SENTIMENT_SCORERS, PROFILE_SCORER))


def _check_misc_function(name: str, make) -> None:
    # the same function under the registered name, as spaCy's config finds it
    assert spacy.registry.misc.get(name) is make
    made = spacy.registry.resolve({"made": {"@misc": name}})["made"]
    if name in NAME_RESOLVERS:
        first_name, gender = MISC_PROBES[name]
        assert made.is_name(first_name)
        assert made.gender(first_name) == gender
    elif name == PROFILE_SCORER:
        assert isinstance(made, ProfileSentimentScorer)
    else:
        assert made.score(MISC_PROBES[name]) > 0.3


@pytest.mark.parametrize("name", sorted(MISC_PROBES))
def test_misc_entry_point_resolves(name):
    _check_misc_function(name, EntryPoint(name, _declared("spacy_misc")[name], "spacy_misc").load())


@pytest.mark.parametrize("name", _ours("spacy_misc"))
def test_installed_misc_entry_point_resolves(name):
    _check_misc_function(name, next(iter(entry_points(group="spacy_misc", name=name))).load())


RESOLVE_BY_ENTRY_POINT = """
import sys, spacy
for name in sys.argv[1:]:
    made = spacy.registry.resolve({"made": {"@misc": name}})["made"]
    print(name, type(made).__name__)
"""


def test_a_config_finds_the_misc_functions_without_importing_the_package(tmp_path):
    # The entry points pyproject.toml declares, installed as a distribution's metadata (the
    # editable install's lags behind until reinstalled), in a process that never imports
    # spacy_genderfair before spaCy looks the names up.
    dist_info = tmp_path / "spacy_genderfair_probe-0.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text("Metadata-Version: 2.1\nName: spacy-genderfair-probe\n"
                                        "Version: 0\n", encoding="utf-8")
    declared = _declared("spacy_misc")
    (dist_info / "entry_points.txt").write_text("[spacy_misc]\n" + "".join(
        f"{name} = {value}\n" for name, value in declared.items()), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-c", RESOLVE_BY_ENTRY_POINT, *declared], capture_output=True,
        text=True, env={**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])})
    assert result.returncode == 0, result.stderr
    assert dict(line.split() for line in result.stdout.splitlines()) == {
        "spacy_genderfair.gender_guesser_resolver.v1": "GenderGuesserResolver",
        "spacy_genderfair.pymorphy3_resolver.v1": "Pymorphy3Resolver",
        "spacy_genderfair.vader_scorer.v1": "VaderScorer",
        "spacy_genderfair.leia_scorer.v1": "LeiaScorer",
        "spacy_genderfair.german_polarity_scorer.v1": "GermanPolarityScorer",
        "spacy_genderfair.profile_sentiment_scorer.v1": "ProfileSentimentScorer",
    }
