"""German: gold UD GSD sentences and a blank pipeline (the newspaper-audit cases)."""

import pytest

from tests.conftest import blank_pipeline, marks, spans, ud_doc


@pytest.fixture(scope="module")
def component():
    return blank_pipeline("de").get_pipe("gender_lexicon")


@pytest.fixture(scope="module")
def nlp():
    return blank_pipeline("de")


def test_gold_possessive_uses_the_possessor_features(component):
    # Meine Mutter ist bettlägerig und er kam einfach mit seinen Geräten zu ihr nach Hause!
    doc = component(ud_doc("de", "dev-s60"))
    assert marks(doc) == [("Mutter", "feminine", "noun"), ("er", "masculine", "pronoun"),
                          ("seinen", "masculine", "pronoun"), ("ihr", "feminine", "pronoun")]


def test_gold_paired_form(component):
    doc = component(ud_doc("de", "test-s860"))  # Kolleginnen und Kollegen, ich weiß, ...
    assert spans(doc, "gender_inclusive") == [
        ("Kolleginnen und Kollegen", "paired")]
    assert doc._.generic_masculine is False


def test_gold_binnen_i(component):
    doc = component(ud_doc("de", "test-s939"))  # ... zwei Drittel der BerlinerInnen teilten ...
    assert spans(doc, "gender_inclusive") == [
        ("BerlinerInnen", "binnen_i")]
    assert doc._.is_gender_neutral is True


def test_gold_generic_masculine(component):
    doc = component(ud_doc("de", "dev-s21"))  # ... so nett und freundlich mit Kunden umgeht ...
    assert [s.text for s in doc.spans["generic_masculine"]] == ["Kunden"]
    assert doc._.generic_masculine is True


def test_gold_plural_sie_is_they(component):
    doc = component(ud_doc("de", "dev-s25"))  # Sie hingen zu dem Schluss hin ...
    assert marks(doc) == [("Sie", "neutral", "pronoun")]
    assert "pronoun" not in doc._.gender_neutral_reasons


@pytest.mark.parametrize(("form", "label"), [
    ("Lehrer*innen", "star"), ("Lehrer:innen", "colon"), ("Lehrer_innen", "underscore"),
    ("LehrerInnen", "binnen_i"), ("Lehrer/-innen", "slash"),
])
def test_inclusive_forms(nlp, form, label):
    doc = nlp(f"Die {form} der Schule streiken morgen.")
    assert spans(doc, "gender_inclusive") == [(form, label)]
    assert doc._.generic_masculine is False
    assert {t._.gender for t in doc if t._.gender} == {"neutral"}


def test_paired_form_and_generic_masculine_on_raw_text(nlp):
    doc = nlp("Die Lehrerinnen und Lehrer streiken.")
    assert spans(doc, "gender_inclusive") == [
        ("Lehrerinnen und Lehrer", "paired")]
    assert doc._.generic_masculine is False


def test_the_sun_is_not_a_woman(nlp):
    doc = nlp("Die Sonne schien auf die Lehrerin und den jungen Arzt.")
    assert marks(doc) == [("Lehrerin", "feminine", "job"), ("Arzt", "masculine", "job")]


def test_derived_feminine_of_a_listed_masculine(nlp):
    assert marks(nlp("Die Bürgermeisterin kam.")) == [("Bürgermeisterin", "feminine", "job")]


def test_ambiguous_sie_without_morphology_is_not_neutral(nlp):
    doc = nlp("Gestern sagte sie in einem Interview, dass der Plan nicht funktioniere.")
    assert marks(doc) == []  # she or they: no gender without morphology
    assert doc._.gender_neutral_reasons == ["pronoun"]


def test_formal_sie_is_not_a_third_person(nlp):
    doc = nlp("Können Sie mir bitte sagen, wann der nächste Zug nach Berlin fährt?")
    assert marks(doc) == []
    assert doc._.is_gender_neutral is True


def test_frau_x_sagte_dass(nlp):
    doc = nlp("Frau Schneider sagte, dass ihr Vorschlag angenommen wurde.")
    assert marks(doc)[0] == ("Frau", "feminine", "noun")
    assert doc._.gender_neutral_reasons == ["pronoun", "gendered_noun"]


def test_sein_the_verb_is_not_a_pronoun_without_tags(nlp):
    doc = nlp("Das Wetter wird morgen schön sein, sagt der Wetterdienst in Hamburg.")
    assert marks(doc) == []


def test_coded_words(nlp):
    doc = nlp("Wir suchen eine durchsetzungsstarke und einfühlsame Persönlichkeit.")
    assert [(t.text, t._.gender_coded) for t in doc if t._.gender_coded] == [
        ("durchsetzungsstarke", "masculine"), ("einfühlsame", "feminine")]
