"""English with the real en_core_web_sm 3.8.0 pipeline, and the GENEUTRAL criteria."""

import json

import pytest
import spacy

from spacy_genderfair.lexicon import get_lexicon, read_lexicon
from tests.conftest import marks, shared_path, spans


def test_issue_example(en_lexicon_nlp):
    doc = en_lexicon_nlp("The chairman thanked her and the firefighters.")
    assert marks(doc) == [
        ("chairman", "masculine", "job"),
        ("her", "feminine", "pronoun"),
        ("firefighters", "neutral", "job"),
    ]
    assert doc._.is_gender_neutral is False
    assert doc._.gender_neutral_reasons == ["too_short", "pronoun", "gendered_noun"]


def test_person_entity_first_name_gets_its_gender(en_lexicon_nlp):
    doc = en_lexicon_nlp("Angela Merkel met Barack Obama and Mrs Smith in Berlin.")
    assert marks(doc) == [
        ("Angela", "feminine", "name"),
        ("Barack", "masculine", "name"),
        ("Mrs", "feminine", "noun"),
    ]
    assert "name" in doc._.gender_neutral_reasons


def test_generic_masculine_plural_and_pairs(en_lexicon_nlp):
    doc = en_lexicon_nlp("The chairmen of both committees met the spokeswomen.")
    assert [s.text for s in doc.spans["generic_masculine"]] == ["chairmen"]
    assert doc._.generic_masculine is True
    doc = en_lexicon_nlp("The men and women of the village voted for the new road.")
    assert spans(doc, "gender_inclusive") == [
        ("men and women", "paired")]
    assert doc._.generic_masculine is False


def test_miss_the_verb_is_not_an_honorific(en_lexicon_nlp):
    doc = en_lexicon_nlp("I will miss the long walks along the river this summer.")
    assert marks(doc) == []


def test_inclusive_slash_forms(en_lexicon_nlp):
    doc = en_lexicon_nlp("Each applicant must sign his/her form before s/he leaves.")
    assert spans(doc, "gender_inclusive") == [
        ("his/her", "slash"), ("s/he", "slash")]


def test_gender_coded_words_use_prefixes_with_exceptions(en_lexicon_nlp):
    doc = en_lexicon_nlp(
        "We want competitive, aggressive leaders who share a supportive spirit; "
        "sharks and SharePoint admins need not apply.")
    coded = [(t.text, t._.gender_coded) for t in doc if t._.gender_coded]
    assert coded == [("competitive", "masculine"), ("aggressive", "masculine"),
                     ("leaders", "masculine"), ("share", "feminine"),
                     ("supportive", "feminine")]


@pytest.mark.parametrize(("text", "reasons"), [
    ("The committee met on Tuesday to discuss the budget for the new public library.", []),
    ("The committee met on Tuesday.", ["too_short"]),
    ("Paul asked whether the bridge would reopen before the end of the winter.", ["name"]),
    ("The committee met on Tuesday and he discussed the budget for the library.", ["pronoun"]),
    ("The committee met on Tuesday and the herself discussed the budget at length.",
     ["pronoun"]),
    ("The committee met on Tuesday and the stepdaughters discussed the budget today.",
     ["gendered_noun"]),
    ("Will the committee meet on Tuesday to discuss the budget for the new library?", []),
])
def test_geneutral_criteria_on_a_bare_tokenizer(text, reasons):
    nlp = spacy.blank("en")
    nlp.add_pipe("gender_lexicon")
    doc = nlp(text)
    assert doc._.gender_neutral_reasons == reasons
    assert doc._.is_gender_neutral is (not reasons)


def test_lowercased_corpus_names_are_still_names():
    nlp = spacy.blank("en")
    nlp.add_pipe("gender_lexicon")
    assert nlp("when paul arrived the whole room went quiet for a long minute .")._.get(
        "gender_neutral_reasons") == ["name"]
    assert nlp("will you tell me if the room goes quiet for a long minute or not ?")._.get(
        "is_gender_neutral") is True


def _geneutral_words():
    path = shared_path("gendered_words", "gendered_words.json")
    words = {}
    for entry in json.loads(path.read_text(encoding="utf-8")):
        if entry["gender"] in ("m", "f") and "_" not in entry["word"]:
            words[entry["word"]] = entry["gender"]
    return path, words


def test_shared_list_loaded_by_path_rejects_every_listed_word():
    path, words = _geneutral_words()
    data = read_lexicon(path)
    assert len(data.rows) == len(json.loads(path.read_text()))  # every entry, phrases too
    nlp = spacy.blank("en")
    nlp.add_pipe("gender_lexicon", config={"extra_lexicons": [str(path)]})
    frame = "The committee met on Tuesday to talk with the {} about the library budget."
    # four words are "m" in one sense and "f" in another (or their own gender_map counterpart)
    with pytest.warns(UserWarning, match=r"^4 words given two genders .*\(divorcee: "):
        missed = [w for w in words if nlp(frame.format(w))._.is_gender_neutral]
    assert missed == []


def test_builtin_lexicon_coverage_of_the_shared_list_does_not_regress():
    """Regression guard for the figure in benchmarks/en_coverage.py (single words only)."""
    _, words = _geneutral_words()
    persons = get_lexicon("en").persons
    wanted = {"m": "masculine", "f": "feminine"}
    covered = sum(1 for w, g in words.items()
                  if (hit := persons.lookup(w)) and hit.entry.gender == wanted[g])
    assert covered / len(words) >= 0.70
