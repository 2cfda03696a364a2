"""Generic person nouns (actor_linker generic_nouns=True) on en_core_web_sm: occupations and
roles are person mentions with no gender of their own; the resolver takes them as
antecedents like names."""

import pytest
import spacy

from spacy_genderfair.lang import load_profile
from tests.conftest import EN_MODEL, blank_pipeline


@pytest.fixture(scope="module")
def nlp():
    nlp = spacy.load(EN_MODEL)
    nlp.add_pipe("gender_lexicon")
    nlp.add_pipe("actor_linker", config={"generic_nouns": True})
    return nlp


def actors(doc):
    return [(a.name, a.group, a.evidence["decided_by"], [(m.text, m.id_) for m in a.mentions])
            for a in doc._.actors]


def test_an_occupation_takes_its_group_from_its_pronouns_only(nlp):
    assert actors(nlp("The chemist opened the lab. She was tired.")) == [
        ("chemist", "she/her", "pronouns", [("chemist", "noun"), ("She", "pronoun")])]
    assert actors(nlp("The chemist opened the lab. He was tired.")) == [
        ("chemist", "he/him", "pronouns", [("chemist", "noun"), ("He", "pronoun")])]
    assert actors(nlp("The chemist opened the lab and left early.")) == [
        ("chemist", "unknown", "none", [("chemist", "noun")])]


def test_a_pronoun_resolves_to_a_noun_mention_by_binding(nlp):
    # "thanked" shares the subject of "greeted": "him" is not the surgeon
    doc = nlp("The surgeon greeted the florist and thanked him.")
    assert [(name, mentions) for name, _, _, mentions in actors(doc)] == [
        ("surgeon", [("surgeon", "noun")]),
        ("florist", [("florist", "noun"), ("him", "pronoun")])]


def test_plural_and_verbal_uses_are_no_person_mentions(nlp):
    assert actors(nlp("The chemists opened the lab.")) == []
    assert actors(nlp("We cook dinner every day.")) == []


def test_gendered_plurals_are_groups_not_actors(nlp):
    # "women" is many people: no she/her actor, and "They" refers to no actor either
    assert actors(nlp("The women protested outside the ministry. They demanded higher "
                      "wages.")) == []
    assert actors(nlp("The chairmen met in the hall.")) == []
    # a singular of the same noun is one person, the plural beside it no mention of hers
    assert actors(nlp("The women protested outside the ministry. One woman said she was "
                      "tired.")) == [
        ("woman", "she/her", "pronouns", [("woman", "noun"), ("she", "pronoun")])]


def test_gendered_plurals_without_a_tagger_by_the_lexicons_form():
    """A bare tokenizer with entities and a parse given (no morphology): the lexicon's plural
    form says "women" is many people."""
    from spacy.tokens import Doc

    nlp = spacy.blank("en")
    nlp.add_pipe("gender_lexicon")
    nlp.add_pipe("actor_linker", config={"generic_nouns": True})
    words = ["The", "women", "and", "the", "woman", "left", "."]
    doc = Doc(nlp.vocab, words=words, heads=[1, 5, 4, 4, 1, 5, 5],
              deps=["det", "nsubj", "cc", "det", "conj", "ROOT", "punct"],
              ents=["O"] * len(words))
    for _, component in nlp.pipeline:
        doc = component(doc)
    assert actors(doc) == [("woman", "she/her", "noun", [("woman", "noun")])]


def test_role_nouns_carry_no_gender_mark():
    """role_nouns.txt holds words gender_lexicon leaves unmarked: none is a gendered noun,
    and none repeats a person noun the lexicon already marks."""
    role_nouns = sorted(load_profile("en").role_nouns)
    assert len(role_nouns) > 100
    doc = blank_pipeline("en")(" ".join(role_nouns))
    assert [(t.text, t._.gender_kind) for t in doc if t._.gender_kind] == []


def test_a_person_noun_right_before_a_name_is_its_title(nlp):
    doc = nlp("The French president Emmanuel Macron met the chemist in Paris.")
    assert [(name, mentions) for name, _, _, mentions in actors(doc)] == [
        ("Emmanuel Macron", [("Emmanuel Macron", "named")]),
        ("chemist", [("chemist", "noun")])]
