"""The registered sentiment scorers on real sentences, per language."""

import pytest

from spacy_genderfair.sentiment import (
    SENTIMENT_SCORERS,
    SentimentScorer,
    default_scorer_name,
    get_scorer,
    require_backend,
)

VADER = "spacy_genderfair.vader_scorer.v1"
LEIA = "spacy_genderfair.leia_scorer.v1"
GERMAN = "spacy_genderfair.german_polarity_scorer.v1"

# name -> (clearly positive, clearly negative, neutral) sentences in the scorer's language.
PROBES = {
    VADER: (
        "She is a brilliant, kind and generous leader.",
        "He is a cruel, dishonest and terrible man.",
        "The meeting is on Tuesday.",
    ),
    LEIA: (
        "Ela é uma líder brilhante, gentil e generosa.",
        "Ele é um homem cruel, desonesto e terrível.",
        "A reunião é na terça-feira.",
    ),
    GERMAN: (
        "Die Ministerin wurde für ihre hervorragende Arbeit gelobt.",
        "Der Trainer wurde wegen seines schlechten Verhaltens scharf kritisiert.",
        "Die Sitzung ist am Dienstag.",
    ),
}


@pytest.fixture(scope="module")
def scorers():
    return {}


def scorer(scorers, name):
    if name not in scorers:
        scorers[name] = get_scorer(name)
    return scorers[name]


def test_every_registered_scorer_has_probes():
    assert sorted(SENTIMENT_SCORERS) == sorted(PROBES)


@pytest.mark.parametrize("name", sorted(PROBES))
def test_scorer_orders_positive_neutral_negative(scorers, name):
    positive, negative, neutral = PROBES[name]
    s = scorer(scorers, name)
    assert isinstance(s, SentimentScorer)
    assert s.score(positive) > 0.3
    assert s.score(negative) < -0.3
    assert s.score(neutral) == 0.0
    assert all(-1.0 <= s.score(text) <= 1.0 for text in PROBES[name])


@pytest.mark.parametrize(
    ("name", "text", "sign"),
    [
        (VADER, "She is not happy with the result.", -1),
        (VADER, "The film was good, but the ending was awful.", -1),
        (LEIA, "A professora é excelente e muito querida pelos alunos.", 1),
        (LEIA, "Ela ganhou um prêmio pelo seu trabalho maravilhoso.", 1),
        (LEIA, "O ministro foi acusado de corrupção e fraude.", -1),
        (LEIA, "A guerra causou morte e destruição.", -1),
        # Nouns (textblob-de's own analyzer never finds them: it lower-cases them).
        (GERMAN, "Das Projekt war ein voller Erfolg.", 1),
        (GERMAN, "Die Firma steckt in einer schweren Krise.", -1),
        # Inflected adjectives, finite verbs and participles.
        (GERMAN, "Er ist ein ehrlicher und zuverlässiger Kollege.", 1),
        (GERMAN, "Er hasst seine Kollegen.", -1),
        (GERMAN, "Die Sängerin wurde vom Publikum gefeiert.", 1),
        (GERMAN, "Die schlechtesten Ergebnisse seit Jahren.", -1),
        # Negation flips the next polar word.
        (GERMAN, "Sie ist nicht glücklich.", -1),
        (GERMAN, "Das ist keine gute Idee.", -1),
        (GERMAN, "Das Wetter ist nicht schlecht.", 1),
    ],
)
def test_scorer_sign(scorers, name, text, sign):
    value = scorer(scorers, name).score(text)
    assert value * sign > 0.3, value


def test_german_degree_adverb_scales_the_next_word(scorers):
    s = scorer(scorers, GERMAN)
    assert 0 < s.score("Die Lösung ist kaum hilfreich.") < s.score("Die Lösung ist hilfreich.")


def test_german_lookup_keeps_case_before_lowercasing(scorers):
    s = scorer(scorers, GERMAN)
    assert s.lookup("Erfolges") == "Erfolg"
    assert s.lookup("schlechten") == "schlecht"
    assert s.lookup("kritisiert") == "kritisieren"
    assert s.lookup("Dienstag") is None


def test_unknown_scorer_names_ours():
    with pytest.raises(ValueError, match=r"Unknown sentiment scorer 'sentiws\.v1'") as err:
        get_scorer("sentiws.v1")
    assert f"{VADER}, {LEIA}, {GERMAN}" in str(err.value)


def test_missing_backend_names_the_pip_command():
    with pytest.raises(ImportError, match=r"pip install 'no-such-sentiment-package>=1\.0'") as err:
        require_backend("no_such_sentiment_module", "no-such-sentiment-package>=1.0", "x.v1")
    assert "sentiment scorer 'x.v1'" in str(err.value)


@pytest.mark.parametrize(
    ("lang", "name"),
    [("en", VADER), ("de", GERMAN), ("pt", LEIA), ("uk", None)],
)
def test_default_scorer_per_language(lang, name):
    assert default_scorer_name(lang) == name
    if name is not None:
        assert isinstance(get_scorer(name), SentimentScorer)
