"""What a first name is evidence of: a confident first name only (a unisex name that leans
one way is no evidence: a wrong group is worse than "unknown"), and never a surname repeated
on its own. en_core_web_sm end to end."""

import pytest
import spacy

from spacy_genderfair.lang import load_profile
from spacy_genderfair.names import GenderGuesserResolver
from tests.conftest import EN_MODEL


@pytest.fixture(scope="module")
def nlp():
    nlp = spacy.load(EN_MODEL)
    for name in ("gender_lexicon", "actor_linker", "role_counter"):
        nlp.add_pipe(name)
    return nlp


def actors(doc):
    return [(a.name, a.group, a.evidence["decided_by"], a.evidence["first_name"])
            for a in doc._.actors]


def name_marks(doc):
    return [(t.i, t.text, t._.gender) for t in doc if t._.gender_kind == "name"]


@pytest.fixture(scope="module")
def english_names():
    return GenderGuesserResolver(load_profile("en").name_countries)


@pytest.mark.parametrize("name,gender", [
    ("John", "masculine"), ("George", "masculine"), ("Angela", "feminine"),
    # a first-part name (gender-guesser's 1F): female as a first name, wherever it leans later
    ("Mary", "feminine"),
    # unisex names that lean one way (?M / ?F) or disagree between the profile's countries
    ("Taylor", None), ("Kim", None), ("Alex", None), ("Jordan", None), ("Chris", None),
])
def test_only_a_confident_first_name_has_a_gender(english_names, name, gender):
    assert english_names.gender(name) == gender
    assert english_names.is_name(name)  # a name all the same (GENEUTRAL's criterion)


def test_a_name_that_only_leans_male_decides_nothing(nlp):
    doc = nlp("Taylor Swift released an album. The singer said it was personal.")
    assert actors(doc) == [("Taylor Swift", "unknown", "none", None)]
    assert name_marks(doc) == [(0, "Taylor", "unknown")]
    assert doc._.gender_stats["groups"]["he/him"]["actors"] == 0
    assert doc._.gender_stats["groups"]["unknown"]["actors"] == 1


def test_a_confident_first_name_decides_and_says_so(nlp):
    doc = nlp("Mary Porter founded the firm in 1990. George Hill joined it later.")
    assert actors(doc) == [("Mary Porter", "she/her", "first_name", "she/her"),
                           ("George Hill", "he/him", "first_name", "he/him")]


def test_a_surname_repeated_alone_is_no_first_name(nlp):
    # George is a man's first name; here it is Anna George's surname
    doc = nlp("Anna George founded the firm in 1990. George said that the start was hard.")
    assert [(a.name, a.group, [m.text for m in a.mentions]) for a in doc._.actors] == [
        ("Anna George", "she/her", ["Anna George", "George"])]
    assert name_marks(doc) == [(0, "Anna", "feminine")]
    doc = nlp("Kim Taylor founded the firm. Taylor said that it was hard.")
    assert name_marks(doc) == [(0, "Kim", "unknown")]
    assert actors(doc) == [("Kim Taylor", "unknown", "none", None)]


def test_a_first_name_repeated_alone_stays_a_first_name(nlp):
    doc = nlp("Anna George founded the firm in 1990. Anna said that the start was hard.")
    assert [(t.text, t._.gender) for t in doc if t._.gender_kind == "name"] == [
        ("Anna", "feminine"), ("Anna", "feminine")]
