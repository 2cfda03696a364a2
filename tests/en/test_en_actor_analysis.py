"""The analysis a corpus audit rests on, with en_core_web_sm: gendered pronouns that refer to
no actor, appositions' roles, and surnames the NER missed (issue 32's sentences and others)."""

import pytest
import spacy

from tests.conftest import EN_MODEL


@pytest.fixture(scope="module")
def stack():
    nlp = spacy.load(EN_MODEL)
    for name in ("gender_lexicon", "actor_linker", "role_counter"):
        nlp.add_pipe(name, config={"sentiment": None} if name == "role_counter" else {})
    return nlp


def mentions(doc):
    return [(m.text, m.kb_id_, m.id_) for m in doc.spans["actor_mentions"]]


def unresolved(doc):
    return {group: record["unresolved"] for group, record in doc._.gender_stats["groups"].items()}


def roles(doc, actor_id):
    record = doc._.gender_stats["actors"][actor_id]
    return record["subject"], record["object"], record["roles"]["passive_subject"]


# -- unresolved pronouns ---------------------------------------------------------------------
def test_pronouns_of_a_man_the_ner_tagged_org_are_unresolved(stack):
    doc = stack("The board met Apple Jones. He said he was tired and he left.")
    assert [(e.text, e.label_) for e in doc.ents] == [("Apple Jones", "ORG")]
    assert doc._.actors == []
    assert unresolved(doc) == {"she/her": 0, "he/him": 3, "they/them": 0, "unknown": 0}
    assert doc._.gender_stats["groups"]["he/him"]["pronoun"] == 0


def test_only_pronouns_outside_actor_mentions_are_unresolved(stack):
    doc = stack("Sarah Kim thanked him. She said he had helped her.")
    assert mentions(doc) == [("Sarah Kim", "A1", "named"), ("She", "A1", "pronoun"),
                             ("her", "A1", "pronoun")]
    assert unresolved(doc) == {"she/her": 0, "he/him": 2, "they/them": 0, "unknown": 0}


def test_possessive_without_antecedent_is_unresolved(stack):
    doc = stack("Her deputy, David Okafor, was praised by the council.")
    assert unresolved(doc) == {"she/her": 1, "he/him": 0, "they/them": 0, "unknown": 0}


@pytest.mark.parametrize("text", [
    "Mary Jones said she was ready.",  # resolved: a pronoun mention of Mary Jones
    "The players said they were tired and they left.",  # plural "they" is no missed person
    "I told you that we would win.",  # first and second person have no group
])
def test_nothing_unresolved(stack, text):
    assert set(unresolved(stack(text)).values()) == {0}


# -- appositions share their head's role ------------------------------------------------------
def test_apposition_of_a_passive_subject_is_acted_upon(stack):
    doc = stack("Her deputy, David Okafor, was praised by the council.")
    assert mentions(doc) == [("David Okafor", "A1", "named")]
    assert [(t.text, t.dep_, t.head.text) for t in doc if t.text == "Okafor"] == [
        ("Okafor", "appos", "deputy")]
    assert roles(doc, "A1") == (0, 1, 1)
    assert doc._.gender_stats["groups"]["he/him"]["object"] == 1


@pytest.mark.parametrize("text,expected", [
    ("The company hired a new director, Maria Lopez.", (0, 1, 0)),  # appos of dobj
    ("Their coach, Tom Reed, praised the team.", (1, 0, 0)),  # appos of nsubj
    ("Maria Lopez, the director, resigned.", (1, 0, 0)),  # the name is the head itself
    # The head has no role (object of "to"): neither has its apposition.
    ("In a letter to her deputy, Ann Cole, the mayor resigned.", (0, 0, 0)),
])
def test_apposition_roles(stack, text, expected):
    assert roles(stack(text), "A1") == expected


# -- surnames the NER missed ------------------------------------------------------------------
def test_surname_after_the_full_name_is_a_mention(stack):
    doc = stack("James Holt chaired the meeting. Holt, however, warned that costs were rising.")
    assert [(e.text, e.label_) for e in doc.ents] == [("James Holt", "PERSON")]
    assert mentions(doc) == [("James Holt", "A1", "named"), ("Holt", "A1", "named")]
    assert doc._.gender_stats["actors"]["A1"]["named"] == 2
    assert roles(doc, "A1") == (2, 0, 0)


@pytest.mark.parametrize("text,expected", [
    ("The award went to Priya Raman, a chemist from Leeds. Raman, who is 34, said the prize "
     "belonged to her team.",
     [("Priya Raman", "A1", "named"), ("Raman", "A1", "named"), ("her", "A1", "pronoun")]),
    ("Detective Inspector Tom Hale led the inquiry. Hale refused to comment.",
     [("Tom Hale", "A1", "named"), ("Hale", "A1", "named")]),
])
def test_missed_surname_joins_its_actor(stack, text, expected):
    doc = stack(text)
    assert len([e for e in doc.ents if e.label_ == "PERSON"]) == 1
    assert mentions(doc) == expected


def test_surname_the_tagger_calls_a_noun_is_not_linked(stack):
    # "Santos" tagged NOUN (lemma "santo"): no proper noun, no mention. The rule trusts the tags.
    doc = stack("Coach Maria Santos named her squad on Friday. Santos, meanwhile, rejected the "
                "criticism.")
    assert [m.text for m in doc.spans["actor_mentions"]] == ["Maria Santos", "her"]


@pytest.mark.parametrize("text", [
    "Holt arrived early. James Holt chaired the meeting.",  # before the first full mention
    "Paul Green and Emma Green arrived. Green spoke first.",  # two actors share the surname
    "Anna Berg thanked the Holt family. Holt Street was closed.",  # no actor named Holt
])
def test_surname_not_linked(stack, text):
    doc = stack(text)
    assert [m.text for m in doc.spans["actor_mentions"] if m.id_ == "named"] == [
        e.text for e in doc.ents if e.label_ == "PERSON"]


def test_surname_inside_another_entity_is_not_linked(stack):
    doc = stack("James Holt chaired the meeting. Holt Street was closed.")
    assert [(e.text, e.label_) for e in doc.ents] == [("James Holt", "PERSON"),
                                                      ("Holt Street", "FAC")]
    assert mentions(doc) == [("James Holt", "A1", "named")]
