"""German nouns at the scale of the language: the german-nouns backend (german_nouns.v1), its
person-noun pairs and compounds, and number from the determiner on a blank pipeline."""

import pytest

from spacy_genderfair._compat import has_german_nouns
from spacy_genderfair.lang import ProfileError, load_profile
from spacy_genderfair.morph import Reading
from spacy_genderfair.morph.german_nouns import feminine_candidates
from tests.conftest import blank_pipeline, marks, spans

needs_german_nouns = pytest.mark.skipif(
    not has_german_nouns,
    reason="german-nouns is not installed: pip install 'spacy-genderfair[de]'")


@pytest.fixture(scope="module")
def analyzer():
    from spacy_genderfair.morph import get_morph_analyzer

    return get_morph_analyzer("german_nouns.v1")


@pytest.fixture(scope="module")
def nlp():
    return blank_pipeline("de")


@pytest.mark.parametrize("masculine,feminines", [
    ("lehrer", ["lehrerin"]),
    ("arzt", ["arztin", "ärztin"]),
    ("bauer", ["bauerin", "bäuerin"]),
    ("kunde", ["kundin", "kündin", "kundein"]),
    ("franzose", ["franzosin", "französin", "franzosein"]),
    ("kaufmann", ["kauffrau"]),
    ("gärtner", ["gärtnerin"]),
    ("zauberer", ["zauberin", "zäuberin"]),
])
def test_feminine_candidates(masculine, feminines):
    assert feminine_candidates(masculine) == feminines


def test_an_umlauted_feminine_needs_an_umlauted_plural_or_an_e():
    # Schutz/Schütze: Schützin is the Schütze's; Jude/Juden still has Jüdin
    assert feminine_candidates("schutz", umlauted_plural=False) == ["schutzin"]
    assert feminine_candidates("jude", umlauted_plural=False) == ["judin", "jüdin", "judein"]


def test_only_ukrainian_has_a_bare_fallback():
    assert {code: load_profile(code).bare_fallback for code in ("de", "en", "pt", "uk")} == {
        "de": None, "en": None, "pt": None, "uk": "clause_walk"}
    assert load_profile("de").noun_analyzer == "german_nouns.v1"
    assert load_profile("de").morph_analyzer is None


def test_determiner_readings_of_the_profile():
    readings = load_profile("de").determiner_readings
    assert readings["die"] == (("Nom", "Sing", "Fem"), ("Acc", "Sing", "Fem"),
                               ("Nom", "Plur", None), ("Acc", "Plur", None))
    assert readings["vielen"] == (("Dat", "Plur", None),)


def test_a_bad_determiner_reading_names_its_line(tmp_path):
    (tmp_path / "profile.json").write_text('{"code": "xx"}', encoding="utf-8")
    (tmp_path / "person_nouns.tsv").write_text("", encoding="utf-8")
    (tmp_path / "pronouns.tsv").write_text("", encoding="utf-8")
    (tmp_path / "common_nouns.txt").write_text("", encoding="utf-8")
    (tmp_path / "determiner_readings.tsv").write_text("die\tNom.Plural\n", encoding="utf-8")
    with pytest.raises(ProfileError, match=r"determiner_readings.tsv line 1: readings are "
                                           r"Case.Number\[.Gender\].*'Nom.Plural'"):
        load_profile(str(tmp_path))


def test_an_unknown_bare_fallback_is_refused(tmp_path):
    (tmp_path / "profile.json").write_text('{"code": "xx", "bare_fallback": "neural"}',
                                           encoding="utf-8")
    with pytest.raises(ProfileError, match="bare_fallback must be null or one of clause_walk"):
        load_profile(str(tmp_path))


def test_the_old_swap_engine_key_is_refused_with_its_replacement(tmp_path):
    (tmp_path / "profile.json").write_text('{"code": "xx", "swap_engine": "morphological"}',
                                           encoding="utf-8")
    with pytest.raises(ProfileError, match=r"swap_engine is gone.*bare_fallback"):
        load_profile(str(tmp_path))


@needs_german_nouns
def test_readings_of_a_form(analyzer):
    assert analyzer.analyze("Lehrern") == (
        Reading("lehrer", "NOUN", "Masc", "Plur", "Dat", True),)
    # singular readings first: a plural only where the context rules the singular out
    assert [(r.number, r.case) for r in analyzer.analyze("Lehrer")] == [
        ("Sing", "Nom"), ("Sing", "Dat"), ("Sing", "Acc"),
        ("Plur", "Nom"), ("Plur", "Gen"), ("Plur", "Acc")]
    assert {r.lemma for r in analyzer.analyze("Ärzte")} == {"arzt"}
    assert analyzer.analyze("lehrte") == ()
    assert not analyzer.is_known("lehrte")


@needs_german_nouns
def test_animate_marks_the_nouns_of_a_pair(analyzer):
    # Leiter the leader has Leiterin; die Leiter, the ladder, has none
    assert {(r.gender, r.animate) for r in analyzer.analyze("Leiter") if r.case == "Nom"
            and r.number == "Sing"} == {("Masc", True), ("Fem", False)}
    pairs = analyzer.pairs()
    assert ("arzt", "ärztin") in pairs
    assert ("fuchs", "füchsin") in pairs  # the profile, not the analyser, drops it
    assert ("eiferer", "eiferin") in pairs and ("eifer", "eiferin") not in pairs
    assert ("zähler", "zählerin") in pairs and ("zahler", "zählerin") not in pairs


@needs_german_nouns
@pytest.mark.parametrize("text,expected,generic", [
    ("Die Lehrer kamen gestern in die Schule.", [("Lehrer", "masculine", "job")], True),
    ("Der Lehrer kam gestern in die Schule.", [("Lehrer", "masculine", "job")], False),
    ("Er traf die neuen Referenten vor dem Saal.",
     [("Er", "masculine", "pronoun"), ("Referenten", "masculine", "job")], True),
    # "den Referenten" is also the accusative singular: without the preposition's case the
    # singular, read first, stands
    ("Er sprach mit den neuen Referenten über die Pläne.",
     [("Er", "masculine", "pronoun"), ("Referenten", "masculine", "job")], False),
    ("Viele Bäcker backen am Sonntag kein Brot mehr.", [("Bäcker", "masculine", "job")], True),
    ("Die Hunde bellten, und die Hündin schlief am Ofen.", [], False),
    # no determiner: a count noun's singular takes one, so the plural comes first
    ("Auf dem Markt kaufen Kunden gern frisches Obst.", [("Kunden", "masculine", "noun")],
     True),
    ("Rund 300 Bäcker protestierten in der Stadt.", [("Bäcker", "masculine", "job")], True),
    # ... unless a name follows: a title
    ("Gestern sprach Kanzler Scholz im Bundestag.", [("Kanzler", "masculine", "job")], False),
    # a determiner after a noun opens a genitive attribute: "der" is the genitive plural
    ("Die Taschen der Verkäufer waren leer.", [("Verkäufer", "masculine", "job")], True),
])
def test_number_from_the_determiner(nlp, text, expected, generic):
    doc = nlp(text)
    assert marks(doc) == expected
    assert doc._.generic_masculine is generic


@needs_german_nouns
def test_pairs_of_the_dictionary_are_person_nouns(nlp):
    # neither is in the built-in lexicon: Imker/Imkerin is a pair of german-nouns
    doc = nlp("Die Imker trafen sich im Verein, die Imkerinnen im Garten.")
    assert [(t, g) for t, g, _ in marks(doc)] == [("Imker", "masculine"),
                                                  ("Imkerinnen", "feminine")]
    assert doc._.generic_masculine is True
    doc = nlp("Die Imkerinnen und Imker trafen sich im Verein.")
    assert spans(doc, "gender_inclusive") == [("Imkerinnen und Imker", "paired")]
    assert doc._.generic_masculine is False


@needs_german_nouns
def test_compounds_by_their_head(nlp):
    # Oppositionspolitiker: not in the dictionary, a compound of Politiker
    doc = nlp("Die Oppositionspolitikerinnen und Oppositionspolitiker stimmten dagegen.")
    assert spans(doc, "gender_inclusive") == [
        ("Oppositionspolitikerinnen und Oppositionspolitiker", "paired")]
    assert doc._.generic_masculine is False
    doc = nlp("Alle Kleingärtner der Anlage waren gekommen.")
    assert [(t, g) for t, g, _ in marks(doc)] == [("Kleingärtner", "masculine")]
    assert doc._.generic_masculine is True


@needs_german_nouns
def test_a_compound_of_another_genus_is_no_person(nlp):
    # Urkunde (f) is no Kunde (m); Sekunden no Kunden
    doc = nlp("Die Urkunde kam nach wenigen Sekunden aus dem Gerät.")
    assert marks(doc) == []


@needs_german_nouns
def test_an_agent_noun_that_names_a_machine_is_read_as_a_person(nlp):
    # A known limit: Drucker/Druckerin is a pair (the printer, a trade), and so is the machine
    doc = nlp("Die Urkunde kam aus dem Drucker.")
    assert marks(doc) == [("Drucker", "masculine", "noun")]


def test_a_missing_noun_package_leaves_the_built_in_lexicon(tmp_path):
    import json
    import shutil
    from importlib import resources

    from spacy_genderfair.lexicon import Lexicon
    from spacy_genderfair.registry import morph_analyzers

    @morph_analyzers.register("missing_package_test.v1")
    def missing():
        raise ImportError("The test backend needs the optional package 'nothing_here'")

    folder = tmp_path / "de"
    shutil.copytree(str(resources.files("spacy_genderfair.lang") / "de"), folder)
    settings = json.loads((folder / "profile.json").read_text(encoding="utf-8"))
    settings["noun_analyzer"] = "missing_package_test.v1"
    (folder / "profile.json").write_text(json.dumps(settings), encoding="utf-8")
    with pytest.warns(UserWarning, match="'nothing_here'. Without it, gender_lexicon knows only "
                                         "the built-in 'de' person nouns"):
        lexicon = Lexicon(load_profile(str(folder)))
    assert lexicon.nouns is None
    assert lexicon.persons.get("lehrer") is not None
