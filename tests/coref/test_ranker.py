"""The shipped pronoun ranker: its file, and what it resolves in real English sentences."""

import json
from importlib import resources

import numpy
import pytest
import spacy

from spacy_genderfair.coref.features import FEATURE_NAMES
from spacy_genderfair.coref.ranker import MODEL_FORMAT, Ranker, default_ranker
from tests.conftest import EN_MODEL


@pytest.fixture(scope="module")
def nlp():
    nlp = spacy.load(EN_MODEL)
    nlp.add_pipe("gender_lexicon")
    nlp.add_pipe("actor_linker", config={"coref": "learned"})
    return nlp


def actors(doc):
    return [(a.name, a.group, [m.text for m in a.mentions]) for a in doc._.actors]


def test_the_model_file_is_small_and_says_how_it_was_trained():
    model = resources.files("spacy_genderfair.coref").joinpath("pronoun_ranker.json")
    assert len(model.read_bytes()) < 8_000
    data = json.loads(model.read_text(encoding="utf-8"))
    assert data["format"] == MODEL_FORMAT
    assert tuple(data["features"]) == FEATURE_NAMES
    metadata = data["metadata"]
    assert metadata["seed"] == 0 and metadata["folds"] == 5
    assert metadata["window"] == data["window"]
    assert sorted(metadata["data_sha256"]) == ["gap/gap-development.tsv", "litbank/coref/tsv"]
    assert all(len(digest) == 64 for digest in metadata["data_sha256"].values())
    assert set(metadata["cross_validated"]) == {"litbank", "gap_development"}
    assert default_ranker() is default_ranker()  # read once


def test_a_model_of_other_features_is_refused():
    data = default_ranker().to_dict()
    data["features"] = {"bias": 1.0}
    with pytest.raises(ValueError, match="retrain it"):
        Ranker.from_dict(data)


def test_round_trip(tmp_path):
    ranker = default_ranker()
    ranker.to_disk(tmp_path / "model.json")
    again = Ranker.from_disk(tmp_path / "model.json")
    assert numpy.array_equal(again.weights, ranker.weights)
    assert (again.threshold, again.window) == (ranker.threshold, ranker.window)


@pytest.mark.parametrize(("text", "expected"), [
    ('Angela Merkel met Emmanuel Macron. "We will work together," she said. '
     "Macron said that he agreed with her.",
     [("Angela Merkel", "she/her", ["Angela Merkel", "she", "her"]),
      ("Emmanuel Macron", "he/him", ["Emmanuel Macron", "Macron", "he"])]),
    ("John Smith hired Mary Jones last year. She had worked for him before, and he trusted "
     "her.",
     [("John Smith", "he/him", ["John Smith", "him", "he"]),
      ("Mary Jones", "she/her", ["Mary Jones", "She", "her"])]),
    # "his" is not Anna's: agreement; Peter is the only man before it.
    ("Anna called Peter because she needed his advice. He told her to wait.",
     [("Anna", "she/her", ["Anna", "she", "her"]), ("Peter", "he/him", ["Peter", "his", "He"])]),
    # Two men: the subject continues as the subject, the object as the object.
    ("Paul Green saw Robert King in the park. He waved at him.",
     [("Paul Green", "he/him", ["Paul Green", "He"]),
      ("Robert King", "he/him", ["Robert King", "him"])]),
])
def test_learned_resolution_of_real_sentences(nlp, text, expected):
    assert actors(nlp(text)) == expected
