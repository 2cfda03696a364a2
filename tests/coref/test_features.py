"""Candidates and features of the learned resolver on real sentences (en_core_web_sm parse)."""

import pytest
import spacy

from spacy_genderfair.coref import find_mentions
from spacy_genderfair.coref.features import FEATURE_NAMES, FeatureContext, pronoun_candidates
from spacy_genderfair.lexicon import get_lexicon
from tests.conftest import EN_MODEL


@pytest.fixture(scope="module")
def nlp():
    nlp = spacy.load(EN_MODEL)
    nlp.add_pipe("gender_lexicon")
    return nlp


def candidates(nlp, text: str, pronoun: str) -> dict[str, dict[str, float]]:
    """The candidates of the first pronoun ``pronoun``: actor name -> its non-zero features."""
    doc = nlp(text)
    lexicon = get_lexicon("en")
    actors, pronouns = find_mentions(doc, lexicon, person_labels=lexicon.profile.person_labels)
    target = next(p for p in pronouns if p.root.text == pronoun)
    found = pronoun_candidates(FeatureContext(doc, lexicon.profile), target, actors, 12)
    return {c.actor.display: {name: round(value, 3)
                              for name, value in zip(FEATURE_NAMES, c.features, strict=True)
                              if value} for c in found}


def test_a_pronoun_in_the_next_sentence(nlp):
    # Mary Jones (a woman's first name) cannot be "He": agreement is a hard constraint.
    assert candidates(nlp, "Mary Jones thanked John Smith. He smiled at her.", "He") == {
        "John Smith": {
            "bias": 1.0, "sentences_back_1": 1.0, "log_token_distance": 0.139,
            "recency_rank_0": 1.0, "nearest_name": 1.0, "log_sentences_since_name": 0.347,
            "log_mentions": 0.231, "log_named_mentions": 0.231, "log_recent_mentions": 0.231,
            "salience_rank_0": 1.0, "last_mention_named": 1.0, "group_evidence": 1.0,
            "log_sentences_back": 0.347, "name_gender_agrees": 1.0,
            "role_object_subject_across": 1.0,
            "pronoun_main_subject": 1.0, "log_candidates": 0.347, "only_candidate": 1.0,
            "rules_choice": 1.0,
        },
    }


def test_a_lone_first_name_is_soft_evidence(nlp):
    # "Lucy" alone may be a surname, so it rules nothing out; that the lexicon knows it as a
    # woman's first name is a feature, as "George" a man's. "Kowalczyk" is no first name.
    found = candidates(nlp, "Lucy and George walked to the church. Kowalczyk looked at the "
                       "painting. He said nothing.", "He")
    assert found["Lucy"]["name_gender_disagrees"] == 1.0
    assert "name_gender_agrees" not in found["Lucy"]
    assert found["George"]["name_gender_agrees"] == 1.0
    assert "name_gender_disagrees" not in found["George"]
    assert not {"name_gender_agrees", "name_gender_disagrees"} & set(found["Kowalczyk"])


def test_the_rules_choice_is_one_vote(nlp):
    # the builtin rules prefer the subject of the previous sentence for a subject pronoun
    found = candidates(nlp, "John Smith thanked Paul Green. He smiled.", "He")
    assert found["John Smith"].get("rules_choice") == 1.0
    assert "rules_choice" not in found["Paul Green"]


def test_binding_removes_the_subject_of_the_pronouns_clause(nlp):
    found = candidates(nlp, "John Smith told Paul Green that Tom Baker admired him.", "him")
    assert list(found) == ["Paul Green", "John Smith"]  # not Tom Baker; nearest first
    assert found["Paul Green"]["role_object_object_same_sentence"] == 1.0
    assert found["John Smith"]["role_subject_object_same_sentence"] == 1.0
    assert found["John Smith"]["recency_rank_1"] == 1.0
    assert "nearest_name" not in found["John Smith"]


def test_a_reflexive_and_its_clause_subject(nlp):
    found = candidates(nlp, "John Smith hurt himself.", "himself")
    assert found["John Smith"]["reflexive_clause_subject"] == 1.0
    assert found["John Smith"]["same_clause"] == 1.0


def test_a_possessive_commanded_by_an_object(nlp):
    found = candidates(nlp, "The club gave Paul Green his first cap.", "his")
    assert found["Paul Green"]["possessive_commanding_object"] == 1.0
    assert found["Paul Green"]["role_object_possessive_same_sentence"] == 1.0


def test_quotation_context(nlp):
    text = 'John Smith met Mary Jones. "He is late," she said.'
    inside = candidates(nlp, text, "He")["John Smith"]
    outside = candidates(nlp, text, "she")["Mary Jones"]
    assert (inside.get("pronoun_in_quote"), inside.get("candidate_in_quote")) == (1.0, None)
    assert (outside.get("pronoun_in_quote"), outside.get("candidate_in_quote")) == (None, None)



@pytest.mark.parametrize(("text", "pronoun", "expected"), [
    # object control: John Smith calls, so "him" is not John Smith
    ("Paul Green asked John Smith to call him.", "him", ["Paul Green"]),
    ("Mary Green asked Anna Smith to call her.", "her", ["Mary Green"]),
    # coordination: "hugged" shares the subject of "thanked"
    ("Paul Green thanked John Smith and hugged him.", "him", ["John Smith"]),
    ("Mary Green thanked Anna Smith and hugged her.", "her", ["Anna Smith"]),
])
def test_binding_counts_a_shared_subject(nlp, text, pronoun, expected):
    # one hard rule for "her" (which the tagger may read as a possessive) as for "him"
    assert list(candidates(nlp, text, pronoun)) == expected


def test_a_reflexive_and_a_shared_subject(nlp):
    found = candidates(nlp, "John Smith met Paul Green and hurt himself.", "himself")
    assert found["John Smith"]["reflexive_clause_subject"] == 1.0
    assert "reflexive_clause_subject" not in found["Paul Green"]
