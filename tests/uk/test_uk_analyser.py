"""The Ukrainian analyser (pymorphy3 over VESUM) on spellings its dictionaries lack."""

import pytest

from spacy_genderfair.morph import get_morph_analyzer


@pytest.fixture(scope="module")
def analyzer():
    return get_morph_analyzer("pymorphy3.v1")


@pytest.mark.parametrize("word, lemma, name_part", [
    ("Дуґлас", "дуглас", "first"),
    ("Вольфґанґ", "вольфганг", "first"),
    ("Булґакова", "булгаков", "surname"),
])
def test_foreign_g_reads_as_the_dictionarys_g(analyzer, word, lemma, name_part):
    # the 2019 orthography writes ґ in foreign names the dictionaries spell with г
    assert analyzer.is_known(word)
    assert any(r.lemma == lemma and r.name_part == name_part for r in analyzer.analyze(word))


def test_inflected_form_keeps_the_words_g(analyzer):
    reading = next(r for r in analyzer.analyze("Булґаков")
                   if r.name_part == "surname" and r.case == "Nom")
    # (in lower case, as every form the analyser gives: the swap writes the capital)
    assert analyzer.inflect("Булґаков", reading, case="Gen") == "булґакова"


def test_words_the_dictionaries_spell_with_g_keep_it(analyzer):
    assert {r.lemma for r in analyzer.analyze("ґанку")} == {"ґанок"}
