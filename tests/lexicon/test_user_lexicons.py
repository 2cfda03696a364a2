"""User lexicons (``extra_lexicons``): every word a file lists overrides the built-in entry,
in every format; what a file cannot say is a one-line error, what it says twice a warning."""

import json

import pytest
import spacy

from spacy_genderfair.lexicon import LexiconFormatError, read_lexicon
from tests.conftest import marks


def _json_lexicon(tmp_path, entries, name="words.json"):
    path = tmp_path / name
    path.write_text(json.dumps(entries), encoding="utf-8")
    return path


def test_gendered_words_json_neutral_other_and_multiword_entries_override(en_nlp, tmp_path):
    # ecmonsen/gendered_words: "n" is gender-neutral, "o" another gender than male or female
    # (the resource's "hermaphrodite"), "_" joins the words of a WordNet multi-word entry
    path = _json_lexicon(tmp_path, [
        {"word": "chairman", "wordnet_senseno": "chairman.n.01", "gender": "n"},
        {"word": "hermaphrodite", "wordnet_senseno": "hermaphrodite.n.01", "gender": "o"},
        {"word": "founding_father", "wordnet_senseno": "founding_father.n.01", "gender": "n"},
        {"word": "sumo_wrestler", "wordnet_senseno": "sumo_wrestler.n.01", "gender": "m"},
    ])
    en_nlp.add_pipe("gender_lexicon", config={"extra_lexicons": [str(path)]})
    try:
        doc = en_nlp("The chairman thanked the founding fathers and the hermaphrodite for "
                     "their work on the library budget.")
        wrestler = en_nlp("The sumo wrestler spoke to the committee about the budget.")
    finally:
        en_nlp.remove_pipe("gender_lexicon")
    assert marks(doc) == [("chairman", "neutral", "job"), ("fathers", "neutral", "noun"),
                          ("hermaphrodite", "neutral", "noun"), ("their", "neutral", "pronoun")]
    assert doc._.is_gender_neutral is True
    # the phrase's head carries its mark (the parse's root of "sumo wrestler")
    assert marks(wrestler) == [("wrestler", "masculine", "noun")]
    assert wrestler._.gender_neutral_reasons == ["gendered_noun"]


def test_a_word_with_a_gendered_sense_stays_gendered(tmp_path):
    # GENEUTRAL's list is the m/f entries and their gender_map words: "actor" is "n" in two
    # senses and the masculine of "actress" in the file, and stays masculine, with its pair
    path = _json_lexicon(tmp_path, [
        {"word": "actor", "gender": "n"},
        {"word": "actress", "gender": "f", "gender_map": {"m": [{"word": "actor"}]}},
        {"word": "artilleryman", "gender": "m", "gender_map": {
            "f": [{"parts_of_speech": "*", "word": "artillerywoman"}],
            "n": [{"parts_of_speech": "*", "word": "artilleryperson"}]}},
    ])
    nlp = spacy.blank("en")
    nlp.add_pipe("gender_lexicon", config={"extra_lexicons": [str(path)]})
    doc = nlp("The actor, the actress and the artilleryperson met the artillerywoman.")
    assert marks(doc) == [("actor", "masculine", "job"), ("actress", "feminine", "job"),
                          ("artilleryperson", "neutral", "job"),
                          ("artillerywoman", "feminine", "job")]
    assert nlp.get_pipe("gender_lexicon").lexicon.persons.get("actor").counterparts == (
        "actress",)


@pytest.mark.parametrize(("suffix", "text", "expected"), [
    (".tsv", "\t\tchairman\tjob\n\t\tmember of parliament\tjob\n",
     [("chairman", "neutral", "job"), ("member", "neutral", "job")]),
    # a file without a kind column keeps the kind the built-in lexicon gives a word
    (".txt", "chairman\nmember of parliament\n",
     [("chairman", "common", "job"), ("member", "common", "noun")]),
    (".json", json.dumps([{"word": "chairman", "gender": "n"},
                          {"word": "member_of_parliament", "gender": "n"}]),
     [("chairman", "neutral", "job"), ("member", "neutral", "noun")]),
])
def test_a_user_lexicon_overrides_every_word_it_lists(tmp_path, suffix, text, expected):
    # a phrase's mark is on its last person noun ("member" is a built-in common noun)
    path = tmp_path / f"mine{suffix}"
    path.write_text(text, encoding="utf-8")
    nlp = spacy.blank("en")
    nlp.add_pipe("gender_lexicon", config={"extra_lexicons": [str(path)]})
    assert marks(nlp("The chairman met a member of parliament.")) == expected


def test_a_pair_csv_multiword_alternative_is_matched(tmp_path):
    # GenderGid writes "академікиня, пані академік": the phrase is the feminine, and its
    # masculine word inside it is no masculine mark
    path = tmp_path / "pairs.csv"
    path.write_text("male,female\nакадемік,\"академікиня, пані академік\"\n", encoding="utf-8")
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_lexicon", config={"extra_lexicons": [str(path)]})
    assert marks(nlp("Виступила пані академік.")) == [("академік", "feminine", "job")]


@pytest.mark.parametrize(("gender_map", "message"), [
    ([{"word": "x"}], "entry 0: 'gender_map' must be an object"),
    ({"x": [{"word": "actor"}]}, "entry 0: 'gender_map' keys are m, f, n, o; got 'x'"),
    ({"m": [{"word": 3}]}, r"entry 0: 'gender_map' lists objects with a 'word'"),
    ({"m": "actor"}, r"entry 0: 'gender_map' lists objects with a 'word'"),
])
def test_a_malformed_gender_map_is_one_line(tmp_path, gender_map, message):
    path = _json_lexicon(tmp_path, [{"word": "actress", "gender": "f",
                                     "gender_map": gender_map}])
    with pytest.raises(LexiconFormatError, match=message) as err:
        read_lexicon(path)
    assert "\n" not in str(err.value) and str(path) in str(err.value)


def test_a_word_given_two_genders_warns_with_the_one_kept(tmp_path):
    path = _json_lexicon(tmp_path, [{"word": "squire", "gender": "m"},
                                    {"word": "squire", "gender": "f"},
                                    {"word": "divorcee", "gender": "f"},
                                    {"word": "divorcee", "gender": "m"}])
    nlp = spacy.blank("en")
    nlp.add_pipe("gender_lexicon", config={"extra_lexicons": [str(path)]})
    with pytest.warns(UserWarning, match=r"^2 words given two genders in one lexicon, the "
                      r"first kept \(squire: masculine, not feminine; divorcee: feminine, not "
                      r"masculine; from .*words.json\)"):
        doc = nlp("The squire met the divorcee.")
    assert [m[:2] for m in marks(doc)] == [("squire", "masculine"), ("divorcee", "feminine")]


def test_a_neutral_person_noun_is_still_a_listed_first_name(tmp_path):
    # gendered_words has "daniel" (the prophet) and "christian" as "n" entries; the built-in
    # lexicon has "hunter": a capitalised listed name still meets GENEUTRAL's name criterion
    path = _json_lexicon(tmp_path, [{"word": "daniel", "gender": "n"}])
    nlp = spacy.blank("en")
    nlp.add_pipe("gender_lexicon", config={"extra_lexicons": [str(path)]})
    for text in ("Yesterday Daniel wrote to the committee about the library budget.",
                 "Yesterday Hunter Smith wrote to the committee about the library budget."):
        assert nlp(text)._.gender_neutral_reasons == ["name"], text
    assert nlp("Yesterday the hunter wrote to the committee about the library budget."
               )._.is_gender_neutral is True
