"""Named mentions merged into actors: relatives who share a surname stay apart (real parses)."""

import pytest
import spacy

from spacy_genderfair.coref import find_mentions, resolve_pronouns
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
    # surname after both joins the full name, which no title contradicts, before the title.
    text = "Newland Archer waited for his mother. Mrs. Archer arrived late, and Archer stood up."
    assert actors(nlp, text) == [(["Newland Archer", "Archer"], None, None),
                                 (["Archer"], "she/her", None)]


def linked(nlp, text: str, coref: str, names: tuple[str, ...] = ()) -> list[list[str]]:
    """Per actor after pronoun resolution: its mentions' texts. ``names``: words made the
    PERSON entities at each of their occurrences (where the NER finds one of them only)."""
    doc = nlp(text)
    if names:
        doc.ents = sorted((doc.char_span(k, k + len(name), label="PERSON") for name in names
                           for k in range(len(text)) if text.startswith(name, k)),
                          key=lambda span: span.start)
    lexicon = get_lexicon("en")
    found, pronouns = find_mentions(doc, lexicon, person_labels=lexicon.profile.person_labels)
    resolve_pronouns(doc, lexicon, pronouns, found, coref=coref)
    return [sorted((doc[m.start:m.end].text for m in a.mentions), key=str.lower)
            for a in found]


@pytest.mark.parametrize("coref", ["learned", "builtin"])
def test_a_lone_surname_after_a_title_is_a_relative_when_the_pronouns_say_so(nlp, coref):
    # "Morel" may be Mrs. Morel or another Morel: "he" tells them apart
    text = "Mrs. Morel was tired. Morel came home late, and he slammed the door."
    doc = nlp(text)
    lexicon = get_lexicon("en")
    found, _ = find_mentions(doc, lexicon, person_labels=lexicon.profile.person_labels)
    assert [a.tentative_of for a in found] == [None, found[0]]
    assert linked(nlp, text, coref) == [["Morel"], ["he", "Morel"]]


@pytest.mark.parametrize("coref", ["learned", "builtin"])
@pytest.mark.parametrize(("text", "expected"), [
    # no pronoun of the other gender: the tentative name joins the titled one
    ("Mrs. Morel was tired. Later Morel smiled.", [["Morel", "Morel"]]),
    ("Mr. Verloc opened the shop. Verloc smiled at his customer.",
     [["his", "Verloc", "Verloc"]]),
])
def test_a_lone_surname_after_a_title_joins_it_when_nothing_tells_them_apart(
        nlp, coref, text, expected):
    assert linked(nlp, text, coref) == expected


@pytest.mark.parametrize("coref", ["learned", "builtin"])
def test_a_title_after_a_name_of_unknown_gender_is_a_relative_when_the_pronouns_say_so(
        nlp, coref):
    # Captain Eldridge is "his"; Miss Eldridge's title disagrees: two people. Without a
    # pronoun for the captain the two would be one (a title is the first gender evidence).
    text = "Captain Eldridge told his story to the crew. Miss Eldridge wept."
    assert linked(nlp, text, coref, names=("Eldridge",)) == [["Eldridge", "his"], ["Eldridge"]]
    text = "Captain Eldridge told the story to the crew. Miss Eldridge wept."
    assert linked(nlp, text, coref, names=("Eldridge",)) == [["Eldridge", "Eldridge"]]


@pytest.mark.parametrize(("text", "expected"), [
    ("John Smith arrived. Mr. Smith sat down.",
     [(["John Smith", "Smith"], "he/him", "he/him")]),
    ("Mary Smith arrived. Mrs. Smith sat down, and Smith smiled.",
     [(["Mary Smith", "Smith", "Smith"], "she/her", "she/her")]),
])
def test_a_title_that_agrees_with_the_first_name_joins(nlp, text, expected):
    assert actors(nlp, text) == expected
