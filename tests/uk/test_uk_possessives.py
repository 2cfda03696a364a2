"""Ukrainian possessive adjectives of person nouns (``lexicon/possessives.py``): the profile's
pairs read an adjective back to its person and form the counterpart's, one row per class."""

import pytest

from spacy_genderfair.lexicon import get_lexicon


@pytest.fixture(scope="module")
def possessives():
    return get_lexicon("uk").possessives


@pytest.mark.parametrize(("adjective", "person", "counterpart_adjective"), [
    ("батьків", "батько", "материн"),  # -о → -ів; мати → материн, a pair of whole words
    ("материн", "мати", "батьків"),
    ("братів", "брат", "сестрин"),  # a consonant → -ів; -а → -ин
    ("сестрин", "сестра", "братів"),
    ("жінчин", "жінка", "чоловіків"),  # -ка → -чин
    ("тітчин", "тітка", "дядьків"),
    ("дідусів", "дідусь", "бабусин"),  # -ь → -ів; -я → -ин
    ("бабусин", "бабуся", "дідусів"),
    ("князів", "князь", "княгинин"),
    ("царицин", "цариця", "царів"),
])
def test_possessor_and_counterpart(possessives, adjective, person, counterpart_adjective):
    entry = possessives.possessor(adjective)
    assert entry is not None and entry.lemma == person
    assert possessives.possessive(entry.counterparts[0]) == counterpart_adjective


@pytest.mark.parametrize("adjective", [
    "вовків",  # an animal's (вовк is no person noun)
    "синій",  # an adjective of its own
    "батьківський",  # a relational adjective, no possessive
])
def test_no_possessor(possessives, adjective):
    assert possessives.possessor(adjective) is None


def test_a_possessive_the_dictionary_lacks_is_not_made(possessives):
    # (the rule would write "гетьманшин", which the analyser does not know as a word)
    assert possessives.possessive("гетьманша") is None
    assert possessives.of_word("мамину") and not possessives.of_word("хату")
