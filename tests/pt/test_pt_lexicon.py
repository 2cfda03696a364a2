"""Portuguese: gold UD Bosque sentences and a blank pipeline."""

import pytest
import spacy

from tests.conftest import blank_pipeline, marks, spans, ud_doc


@pytest.fixture(scope="module")
def component():
    return blank_pipeline("pt").get_pipe("gender_lexicon")


def test_gold_nouns_of_both_genders(component):
    doc = component(ud_doc("pt", "CF896-3"))
    # O homem fuma entre 11 e 20 cigarros por dia e a mulher, entre 5 e 10.
    assert marks(doc) == [("homem", "masculine", "noun"), ("mulher", "feminine", "noun")]
    assert doc._.gender_neutral_reasons == ["gendered_noun"]


def test_gold_generic_masculine(component):
    doc = component(ud_doc("pt", "CF910-3"))  # A solução foi negociar ... com os jogadores.
    assert doc._.generic_masculine is True
    assert spans(doc, "generic_masculine") == [
        ("jogadores", "jogador")]


def test_gold_paired_form_is_not_generic(component):
    doc = component(ud_doc("pt", "CP935-3"))  # ... a desigualdade entre homens e mulheres ...
    assert spans(doc, "gender_inclusive") == [
        ("homens e mulheres", "paired")]
    assert doc._.generic_masculine is False


def test_gold_proper_noun_inside_a_name_is_not_a_person_word(component):
    doc = component(ud_doc("pt", "CF896-1"))  # Instituto Brasileiro de Geografia ... brasileiros
    assert marks(doc) == [("brasileiros", "masculine", "noun")]


def test_gold_pronouns(component):
    assert marks(component(ud_doc("pt", "CF885-3"))) == [("ela", "feminine", "pronoun")]
    doc = component(ud_doc("pt", "CF897-7"))  # Um de eles era seu filho, Sérgio Fioravanti.
    assert marks(doc) == [("eles", "neutral", "pronoun"), ("filho", "masculine", "noun"),
                          ("Sérgio", "masculine", "name")]


def test_gold_neutral_sentence(component):
    doc = component(ud_doc("pt", "CF877-4"))
    # As outras três pessoas que estavam em o carro conseguiram se salvar.
    assert doc._.is_gender_neutral is True
    assert marks(doc) == [("pessoas", "neutral", "noun")]


def test_neutral_and_inclusive_forms_on_a_blank_pipeline():
    nlp = spacy.blank("pt")
    nlp.add_pipe("gender_lexicon")
    doc = nlp("Os professores e as professoras de todes reclamaram, e elu falou com amigxs.")
    assert spans(doc, "gender_inclusive") == [
        ("professores e as professoras", "paired"), ("todes", "neutral_form"),
        ("elu", "neutral_form"), ("amigxs", "x_form")]
    assert doc._.generic_masculine is False


def test_gold_clitic_is_a_pronoun_and_seu_says_no_gender(component):
    doc = component(ud_doc("pt", "CF996-7"))  # … com Fishel, Antinori o demitiu em 1990.
    assert marks(doc) == [("o", "masculine", "pronoun")]  # the clitic, not the articles
    # "… usam sua carga emocional …": "sua" agrees with "carga", not with its possessor
    doc = component(ud_doc("pt", "CF978-5"))
    assert marks(doc) == [("tenistas", "common", "noun")]
    assert doc._.is_gender_neutral is True
