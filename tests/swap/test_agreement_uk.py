"""Ukrainian swap rules on sentences shaped like NER-UK news lines, where the test checks
something other than the whole swapped text: a part of it, or the edits (their words,
reasons, unknown forms). The cases that check the swapped text are data:
``tests/swap/data/uk/news/*.jsonl``, run by ``test_cases_uk.py``."""

import pytest
import spacy

from tests.swap.helpers import doc_with_entities


@pytest.fixture(scope="module")
def nlp():
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"seed": 0, "swap_names": False})
    return nlp


@pytest.fixture(scope="module")
def nlp_names():
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"seed": 0})
    return nlp


@pytest.fixture(scope="module")
def nlp_one_name_feminine_first(tmp_path_factory):
    names = tmp_path_factory.mktemp("names_ff") / "names.tsv"
    names.write_text("Петро\tmasculine\t1\nМарія\tfeminine\t1\n", encoding="utf-8")
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"seed": 0, "name_list": str(names),
                                           "direction": "feminine_first"})
    return nlp


def swap(nlp, text, *entities):
    """Swap ``text`` with entities given as (label, words) found in order."""
    return nlp(doc_with_entities(nlp, text, entities))


def test_a_conjunction_is_not_taken_for_a_demonstrative(nlp_names):
    doc = swap(nlp_names, "Засновниками є Людмила Дворакевич та Василь Зубрицький.",
               ("PERS", "Людмила Дворакевич"), ("PERS", "Василь Зубрицький"))
    assert doc._.swapped.split()[4] == "та"
    assert all(edit["old"] != "та" for edit in doc._.swap_edits)


def test_conjunction_after_a_name_is_no_predicate(nlp_names):
    doc = swap(nlp_names, "Про це писали Мацуревич, Кіпріанов та ін.", ("PERS", "Кіпріанов"))
    assert doc._.swapped.endswith(" та ін.")


def test_an_indeclinable_noun_after_a_noun_is_its_genitive(nlp):
    # "замдиректора" reads in every case of both genders: after "помешканні" it is the
    # noun's dependent, not a subject whose verb "опинилась" would be (that is картка's)
    doc = swap(nlp, "Банківська картка опинилась у помешканні замдиректора.")
    assert doc._.swapped == "Банківська картка опинилась у помешканні замдиректора."
    assert doc._.swap_edits == []
    # a name after it shows the case: "пані Даманська" is the subject
    doc = swap(nlp, "Відповідь пані Даманська отримала.")
    assert doc._.swapped == "Відповідь пан Даманська отримав."


def test_the_linking_verb_of_a_relative_clause_stays_a_verb(nlp):
    # "була" is also the adjective булий's feminine: the verb of ", котра була директоркою"
    # turns into a verb
    doc = swap(nlp, "Фірму очолює Ріяко, котра була першою директоркою.",
               ("PERS", "Ріяко"), ("JOB", "директоркою"))
    assert doc._.swapped.endswith(", котрий був першим директором.")


def test_a_job_entity_the_lexicon_does_not_know_is_reported(nlp):
    # "поліцай" has no feminine the dictionaries attest: the word stays, and the edit says so
    doc = swap(nlp, "Ми ховалися від поліцаїв.", ("JOB", "поліцаїв"))
    assert doc._.swapped == "Ми ховалися від поліцаїв."
    assert doc._.swap_edits == [{"i": 3, "old": "поліцаїв", "new": None,
                                 "reason": "job title not in the lexicon: 'поліцай'"}]
    # an abbreviation has nothing to report
    edits = swap(nlp, "Підприємець зареєструвався як ФОП.", ("JOB", "ФОП"))._.swap_edits
    assert [edit["old"] for edit in edits] == ["Підприємець", "зареєструвався"]


def test_a_reported_job_title_does_not_choose_the_direction(nlp_one_name_feminine_first):
    # feminine_first inverts a Doc whose only masculine word is a job title the lexicon
    # lacks: the report names no one to turn
    doc = swap(nlp_one_name_feminine_first, "Вихователька ховалася від поліцаїв.",
               ("JOB", "Вихователька"), ("JOB", "поліцаїв"))
    assert doc._.swapped == "Вихователь ховався від поліцаїв."
    assert doc._.swap_edits[-1]["new"] is None
