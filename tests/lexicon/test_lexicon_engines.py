"""The lexicon engines on the built-in profiles: lookups, derivation, pronouns, coded words."""

import pytest
import spacy

from spacy_genderfair.lang import load_profile
from spacy_genderfair.lexicon import (
    CodedWordMatcher,
    PersonLexicon,
    PronounTable,
    get_lexicon,
    read_lexicon,
)
from spacy_genderfair.lexicon.pronouns import third_person_readings


@pytest.mark.parametrize(("lang", "word", "lemma", "gender", "number"), [
    ("en", "chairmen", "chairman", "masculine", "Plur"),
    ("en", "spokeswomen", "spokeswoman", "feminine", "Plur"),
    ("en", "firefighters", "firefighter", "neutral", "Plur"),
    ("de", "lehrerinnen", "lehrerin", "feminine", None),
    ("de", "ärzte", "arzt", "masculine", None),
    ("pt", "professoras", "professora", "feminine", "Plur"),
])
def test_surface_forms_without_a_lemmatizer(lang, word, lemma, gender, number):
    hit = get_lexicon(lang).persons.lookup(word)
    assert (hit.entry.lemma, hit.entry.gender, hit.number) == (lemma, gender, number)


def test_derivation_adds_the_feminine_of_a_listed_masculine_only():
    persons = get_lexicon("de").persons
    assert persons.get("bürgermeisterin").gender == "feminine"
    assert persons.get("bürgermeisterin").counterparts == ("bürgermeister",)
    assert persons.lookup("sonne") is None  # die Sonne is no person
    assert persons.lookup("sonnin") is None


def test_ukrainian_derivation_is_checked_by_pymorphy3():
    persons = get_lexicon("uk").persons
    # every derived feminine the built-in lexicon gained is a real animate feminine noun
    derived = [e for e in persons.entries() if e.source == "derivation"]
    assert derived
    analyzer = persons.analyzer
    for entry in derived:
        assert analyzer.is_known(entry.lemma)
        assert any(r.pos == "NOUN" and r.gender == "Fem" and r.animate
                   for r in analyzer.analyze(entry.lemma))


def test_user_lexicon_overrides_the_built_in_entry(tmp_path):
    path = tmp_path / "mine.tsv"
    path.write_text("\t\tnanny\tjob\n", encoding="utf-8")
    persons = PersonLexicon(load_profile("en"))
    data = read_lexicon(path)
    assert persons.add(data.rows, source=str(path), override=True) == 1
    assert persons.lookup("nannies").entry.gender == "neutral"


@pytest.mark.parametrize(("number", "gender", "groups"), [
    (None, None, {"she/her", "they/them"}),   # German "sie" without morphology
    ("Sing", None, {"she/her"}),
    ("Plur", None, {"they/them"}),
    (None, "Masc", {"they/them"}),            # never she/her for a masculine form
])
def test_pronoun_readings_are_narrowed_by_morphology(number, gender, groups):
    table = PronounTable(load_profile("de").pronouns)
    readings = table.resolve(table.readings("sie"), number, gender)
    assert {r.group for r in readings} == groups


def test_coded_matcher_prefers_exceptions_and_longest_prefix():
    matcher = CodedWordMatcher(
        [("shar*", "feminine"), ("lead*", "masculine"), ("leadership", "feminine")],
        exceptions=["sharks", "sharepoint"])
    assert matcher.match("sharing") == "feminine"
    assert matcher.match("sharks") is None
    assert matcher.match("sharepoint") is None
    assert matcher.match("leaders") == "masculine"
    assert matcher.match("leadership") == "feminine"  # exact entry wins
    assert matcher.match("lea") is None


@pytest.mark.parametrize("text", ["I 've saw ' em workin '", "engaged to ` em , by crikey",
                                  "done with ‘ em , as sure"])
def test_an_apostrophe_split_off_leaves_the_elided_them_not_the_neopronoun(text):
    # (LitBank's tokens: "' em" is "'em", them, which may be plural; "em" alone is the
    # neopronoun of ey/em, singular)
    profile = load_profile("en")
    table = PronounTable(profile.pronouns)
    doc = spacy.blank("en").make_doc(text)
    em = next(token for token in doc if token.lower_ == "em")
    readings = third_person_readings(em, table, profile, has_pos=False, has_morph=False)
    assert {r.number for r in readings} == {"sing", "plur"}
    alone = spacy.blank("en").make_doc("I saw em yesterday")[2]
    assert {r.number for r in third_person_readings(alone, table, profile, has_pos=False,
                                                    has_morph=False)} == {"sing"}
