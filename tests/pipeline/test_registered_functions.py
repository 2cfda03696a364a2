"""Name resolvers and sentiment scorers are functions of spaCy's ``registry.misc``, given in a
component's config as ``{"@misc": name, <its arguments>}``; a saved pipeline's config.cfg
names them, and loads in a fresh process."""

import os
import subprocess
import sys

import pytest
import spacy

from tests.conftest import EN_MODEL

RESOLVER = "spacy_genderfair.gender_guesser_resolver.v1"
SCORER = "spacy_genderfair.vader_scorer.v1"
# gender-guesser: Simone is a man's name in Italy, a woman's in France.
TEXT = "Simone arrived at the station yesterday."


def _resolver(country: str) -> dict:
    return {"@misc": RESOLVER, "countries": [country]}


@pytest.mark.parametrize(("country", "gender"), [("italy", "masculine"), ("france", "feminine")])
def test_the_name_resolver_comes_from_the_config(country, gender):
    nlp = spacy.blank("en")
    nlp.add_pipe("gender_lexicon", config={"name_resolver": _resolver(country)})
    assert nlp(TEXT)[0]._.gender == gender


def test_equal_settings_share_one_lexicon():
    def lexicon(country):
        pipe = spacy.blank("en").add_pipe("gender_lexicon",
                                          config={"name_resolver": _resolver(country)})
        return pipe.lexicon

    assert lexicon("italy") is lexicon("italy")
    assert lexicon("italy") is not lexicon("france")


@pytest.fixture(scope="module")
def stack():
    nlp = spacy.load(EN_MODEL)
    for name in ("gender_lexicon", "actor_linker"):
        nlp.add_pipe(name)
    return nlp


@pytest.mark.parametrize(("sentiment", "scored"), [
    ({"@misc": SCORER}, True),  # this scorer
    ({"@misc": "spacy_genderfair.profile_sentiment_scorer.v1"}, True),  # VADER for en
    ("default", True),  # the default config: the profile's
    (None, False),  # none, as a config's null has always meant
    (False, False),  # none
])
def test_the_sentiment_scorer_comes_from_the_config(stack, sentiment, scored):
    config = {} if sentiment == "default" else {"sentiment": sentiment}
    stack.add_pipe("role_counter", config=config)
    try:
        stats = stack("Anna Schmidt is a kind and brilliant doctor.")._.gender_stats
    finally:
        stack.remove_pipe("role_counter")
    value = stats["groups"]["she/her"]["sentiment"]
    assert (value is not None and value > 0.3) if scored else value is None


@pytest.mark.parametrize(("factory", "setting", "value", "new_form"), [
    ("gender_lexicon", "name_resolver", "gender_guesser.v1", RESOLVER),
    ("gender_lexicon", "name_resolver", RESOLVER, RESOLVER),
    ("role_counter", "sentiment", "vader.v1", SCORER),
    ("role_counter", "sentiment", "auto", SCORER),
])
def test_a_name_in_place_of_the_function_is_refused_in_one_line(factory, setting, value,
                                                                  new_form):
    with pytest.raises(ValueError) as caught:
        spacy.blank("en").add_pipe(factory, config={setting: value})
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{factory}: {setting} takes a registered function")
    assert f'{{"@misc": "{new_form}"' in message or f'"{new_form}"' in message


def test_an_unregistered_function_is_refused_naming_the_registry():
    with pytest.raises(Exception, match=r"spacy_genderfair\.no_such_resolver\.v1"):
        spacy.blank("en").add_pipe("gender_lexicon", config={
            "name_resolver": {"@misc": "spacy_genderfair.no_such_resolver.v1"}})


LOAD_AND_READ = """
import sys, spacy
nlp = spacy.load(sys.argv[1])
doc = nlp.get_pipe("gender_lexicon")(nlp.make_doc(sys.argv[2]))
print(doc[0]._.gender, type(nlp.get_pipe("role_counter").sentiment_scorer).__name__)
"""


def test_a_saved_pipeline_with_registered_functions_loads_in_a_fresh_process(tmp_path):
    nlp = spacy.blank("en")
    nlp.add_pipe("gender_lexicon", config={"name_resolver": _resolver("italy")})
    nlp.add_pipe("role_counter", config={"sentiment": {"@misc": SCORER}})
    nlp.to_disk(tmp_path / "pipeline")
    config = (tmp_path / "pipeline" / "config.cfg").read_text(encoding="utf-8")
    assert f'@misc = "{RESOLVER}"' in config and f'@misc = "{SCORER}"' in config
    # a fresh process that imports nothing of ours: the factories' entry points do
    result = subprocess.run(
        [sys.executable, "-c", LOAD_AND_READ, str(tmp_path / "pipeline"), TEXT],
        capture_output=True, text=True, encoding="utf-8",
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["masculine", "VaderScorer"]
