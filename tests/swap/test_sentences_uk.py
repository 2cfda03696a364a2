"""A Doc of many sentences is swapped sentence by sentence (swap/walk/sentences.py): each
sentence's decisions are its own, its pronouns read back into the sentences before, and a
person keeps one new name."""

import pytest
import spacy

from spacy_genderfair.swap.walk.sentences import sentence_bounds


@pytest.fixture(scope="module")
def nlp():
    return spacy.blank("uk")


@pytest.mark.parametrize(("text", "sentences"), [
    ("Петро прийшов. Він сів.", ["Петро прийшов.", "Він сів."]),
    ("Університет ім. Т. Шевченка відкрився. Ректор виступив.",
     ["Університет ім. Т. Шевченка відкрився.", "Ректор виступив."]),
    ("«Що ти робиш?» — спитала вона. Він мовчав.",
     ["«Що ти робиш?» — спитала вона.", "Він мовчав."]),
    ("Він пішов. — Куди? — Додому.", ["Він пішов.", "— Куди?", "— Додому."]),
    ("Він сказав: «Йду!» Вона пішла.", ["Він сказав: «Йду!»", "Вона пішла."]),
    ("Рядок один\nРядок два", ["Рядок один\n", "Рядок два"]),
    ("Ціна зросла на 5 %. а потім упала.", ["Ціна зросла на 5 %. а потім упала."]),
])
def test_a_bare_doc_is_cut_into_its_sentences(nlp, text, sentences):
    doc = nlp(text)
    abbreviation = {"ім"}.__contains__
    assert [doc[a:b].text for a, b in sentence_bounds(doc, abbreviation)] == sentences


def test_a_parsed_doc_keeps_its_own_sentences(nlp):
    doc = nlp("Петро прийшов. Він сів.")
    for token in doc:
        token.is_sent_start = token.i == 0
    assert sentence_bounds(doc) == [(0, len(doc))]


@pytest.fixture(scope="module")
def swapper():
    def make(direction):
        pipeline = spacy.blank("uk")
        pipeline.add_pipe("gender_swapper", config={"direction": direction, "seed": 0})
        return pipeline
    return make


def test_each_sentence_decides_its_own_direction(swapper):
    # feminine_first turns the men of a sentence with men, and inverts one with none: as
    # NER-UK's swapped corpus does line by line, whatever the Doc holds
    nlp = swapper("feminine_first")
    text = "Лікар прийшов до лікарні. Медсестра вже чекала."
    assert nlp(text)._.swapped == "Лікарка прийшла до лікарні. Медбрат уже чекав."
    assert nlp(text)._.swapped == " ".join(
        nlp(sentence)._.swapped for sentence in ("Лікар прийшов до лікарні.",
                                                 "Медсестра вже чекала."))


def test_a_person_keeps_one_new_name_across_sentences(swapper):
    doc = swapper("invert")("Олена прийшла додому. Потім Олена сіла читати.")
    first, second = (edit["new"] for edit in doc._.swap_edits if edit["reason"] == "first name")
    assert first == second


def test_a_pronoun_reads_its_antecedent_in_the_sentence_before(swapper):
    nlp = swapper("invert")
    assert nlp("Держава ухвалила закон. Вона довго готувала його.")._.swapped \
        == "Держава ухвалила закон. Вона довго готувала його."
    assert nlp("Лікарка ухвалила рішення. Вона довго готувала його.")._.swapped \
        == "Лікар ухвалив рішення. Він довго готував його."


def test_a_dropped_subject_goes_on_from_the_sentence_before(swapper):
    assert swapper("invert")("Лікар прийшов до нас. Сім років лікував людей.")._.swapped \
        == "Лікарка прийшла до нас. Сім років лікувала людей."
