"""Named mentions merged into actors: relatives who share a surname stay apart (real parses)."""

import pytest
import spacy

from spacy_genderfair.coref import find_mentions
from spacy_genderfair.lexicon import get_lexicon
from tests.conftest import EN_MODEL


@pytest.fixture(scope="module")
def nlp():
    nlp = spacy.load(EN_MODEL)
    nlp.add_pipe("gender_lexicon")
    return nlp


def actors(nlp, text: str) -> list[tuple[list[str], str | None, str | None]]:
    """Per actor: its named mentions' texts, its title's group, its first name's group."""
    doc = nlp(text)
    lexicon = get_lexicon("en")
    found, _ = find_mentions(doc, lexicon, person_labels=lexicon.profile.person_labels)
    return [([doc[m.start:m.end].text for m in a.mentions], a.honorific, a.first_name)
            for a in found]


def test_a_first_name_of_the_other_gender_than_the_title_is_another_person(nlp):
    assert actors(nlp, "Mrs. Archer came in. John Archer, her son, followed her.") == [
        (["Archer"], "she/her", None), (["John Archer"], None, "he/him")]


def test_a_title_and_surname_after_a_full_name_of_unknown_gender_is_another_person(nlp):
    # "Newland" is no first name the lexicon knows: "Mrs." is the first evidence of a gender,
    # and the title with the surname alone names another member of the family. The lone
    # surname after both goes to the one mentioned last.
    text = "Newland Archer waited for his mother. Mrs. Archer arrived late, and Archer stood up."
    assert actors(nlp, text) == [(["Newland Archer"], None, None),
                                 (["Archer", "Archer"], "she/her", None)]


@pytest.mark.parametrize(("text", "expected"), [
    ("John Smith arrived. Mr. Smith sat down.",
     [(["John Smith", "Smith"], "he/him", "he/him")]),
    ("Mary Smith arrived. Mrs. Smith sat down, and Smith smiled.",
     [(["Mary Smith", "Smith", "Smith"], "she/her", "she/her")]),
])
def test_a_title_that_agrees_with_the_first_name_joins(nlp, text, expected):
    assert actors(nlp, text) == expected
