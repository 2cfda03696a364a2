"""JOB/PERS recall by gender (Formula 1) with bootstrap intervals, on real Ukrainian lines."""

import pytest
import spacy
from spacy.tokens import Span

from spacy_genderfair.evaluation.recall_by_gender import (
    entity_outcomes,
    name_gender,
    recall_by_class,
)
from spacy_genderfair.lang import load_profile
from spacy_genderfair.lexicon import Lexicon


@pytest.fixture(scope="module")
def lexicon():
    return Lexicon(load_profile("uk"))


def with_ents(nlp, text, ents):
    doc = nlp.make_doc(text)
    doc.ents = [Span(doc, start, end, label=label) for start, end, label in ents]
    return doc


def test_exact_spans_count_as_found_per_grammatical_gender(lexicon):
    nlp = spacy.blank("uk")
    text = "Директорка школи Ірина Петренко і директор заводу Іван Коваль прийшли."
    gold = with_ents(nlp, text, [(0, 2, "JOB"), (2, 4, "PERS"), (5, 7, "JOB"),
                                 (7, 9, "PERS")])
    # The model finds the feminine title whole, the masculine one only in part.
    predicted = with_ents(nlp, text, [(0, 2, "JOB"), (2, 4, "PERS"), (5, 6, "JOB")])
    outcomes = entity_outcomes([gold], [predicted], "JOB", lexicon.job_titles.classify)
    assert outcomes == [[("feminine", True), ("masculine", False)]]
    analyzer = lexicon.persons.analyzer
    persons = entity_outcomes([gold], [predicted], "PERS",
                              lambda name: name_gender(analyzer, name))
    assert persons == [[("feminine", True), ("masculine", False)]]


def test_entity_outcomes_refuse_different_texts():
    nlp = spacy.blank("uk")
    with pytest.raises(ValueError, match="texts differ"):
        entity_outcomes([nlp("суддя")], [nlp("судді")], "JOB", str)


def test_recall_by_class_with_a_bootstrap_interval():
    outcomes = [[("feminine", True), ("masculine", False)], [("feminine", False)],
                [("masculine", True)], [("masculine", True)]] * 10
    result = recall_by_class(outcomes, n_resamples=500, seed=0)
    assert (result["feminine"].found, result["feminine"].gold) == (10, 20)
    assert (result["masculine"].found, result["masculine"].gold) == (20, 30)
    assert result["feminine"].recall == 0.5
    assert result["masculine"].recall == pytest.approx(2 / 3)
    for value in (result["feminine"], result["masculine"]):
        assert value.ci_low < value.recall < value.ci_high
    assert result["common"].to_dict() == {"found": 0, "gold": 0, "recall": None,
                                          "ci_low": None, "ci_high": None}
    assert recall_by_class(outcomes, n_resamples=500, seed=0) == result


@pytest.mark.parametrize("name,gender", [
    ("Ірина Петренко", "feminine"), ("Петренко Іван Іванович", "masculine"),
    ("Юлії Тимошенко", "feminine"), ("Юлія", "feminine"), ("Порошенко", "unknown"),
])
def test_name_gender_of_person_entities(lexicon, name, gender):
    assert name_gender(lexicon.persons.analyzer, name) == gender
