"""One pronoun group per actor with the learned backend: an actor whose pronouns chose two
groups is decoded again with its majority group as a constraint (``decoding``), so a
resolved pronoun is always of its actor's group (what the audit's pronoun check counts on)."""

import pytest
import spacy

from spacy_genderfair.coref.data import read_gap
from spacy_genderfair.coref.decoding import majority_groups
from spacy_genderfair.coref.resolver import NO_GROUP
from tests.conftest import EN_MODEL, shared_path

PRONOUN_GROUP = {"he": "he/him", "him": "he/him", "his": "he/him", "himself": "he/him",
                 "she": "she/her", "her": "she/her", "hers": "she/her", "herself": "she/her"}


@pytest.fixture(scope="module")
def nlp():
    nlp = spacy.load(EN_MODEL)
    nlp.add_pipe("gender_lexicon")
    nlp.add_pipe("actor_linker")  # coref="learned"
    return nlp


def people(doc) -> list[tuple[str, str, list[str]]]:
    return [(a.name, a.group, [m.text for m in a.mentions]) for a in doc._.actors]


def test_a_pronoun_of_the_other_group_stays_unresolved(nlp):
    # a name of no known gender; "He" has no other candidate
    doc = nlp("Quorin Vale arrived late. She apologised to the board. He took a seat at the back.")
    assert people(doc) == [("Quorin Vale", "she/her", ["Quorin Vale", "She"])]


def test_a_pronoun_of_the_other_group_goes_to_another_candidate(nlp):
    doc = nlp("Quorin Vale thanked Sasko Brell warmly. She smiled. He nodded.")
    assert people(doc) == [("Quorin Vale", "she/her", ["Quorin Vale", "She"]),
                           ("Sasko Brell", "he/him", ["Sasko Brell", "He"])]


def test_majority_groups():
    she, he = "she/her", "he/him"
    choices = [(0, she), (0, he), None, (1, he), (0, NO_GROUP), (2, he), (2, she), (2, he)]
    assert majority_groups(choices) == {0: she, 1: he, 2: he}  # a tie: the first pronoun's
    assert majority_groups(choices, mixed_only=True) == {0: she, 2: he}
    assert majority_groups([None, (3, NO_GROUP)]) == {}


def test_every_resolved_pronoun_is_of_its_actors_group_on_gap(nlp):
    rows = read_gap(shared_path("gap", "gap-development.tsv"))[:300]
    mixed = []
    for row, doc in zip(rows, nlp.pipe(row["Text"] for row in rows), strict=True):
        for actor in doc._.actors:
            groups = {PRONOUN_GROUP[m.text.lower()] for m in actor.pronoun_mentions
                      if m.text.lower() in PRONOUN_GROUP}
            if groups - {actor.group}:
                mixed.append((row["ID"], actor.name, actor.group, sorted(groups)))
    assert mixed == []
