"""The GENEUTRAL word lists asked without tags (lexicon/word_lists.py), and where the tags
still decide: a form of several pronoun groups."""

import pytest
import spacy

from spacy_genderfair.lexicon import get_lexicon
from spacy_genderfair.lexicon.word_lists import is_listed_gendered_noun, listed_pronoun
from tests.conftest import blank_pipeline, ud_doc


def _groups(lang, text):
    """The pronoun group of each token's listed readings (None: not a listed pronoun)."""
    lexicon = get_lexicon(lang)
    groups = []
    for token in spacy.blank(lang)(text):
        readings = listed_pronoun(token, lexicon)
        groups.append(None if readings is None else {r.group for r in readings}.pop())
    return groups


def test_listed_pronouns_are_the_gendered_forms_of_one_group():
    assert _groups("en", "HE she Him her HIS hers himself HERSELF they it") == [
        "he/him", "she/her", "he/him", "she/her", "he/him", "she/her", "he/him", "she/her",
        None, None]
    # German "sie"/"ihr" are she or they (or you): a tagger may resolve them; "sein" is a
    # verb as often as a possessive, so without tags it is no listed pronoun either.
    assert _groups("de", "er ihm sie ihr sein") == ["he/him", "he/him", None, None, None]


@pytest.mark.parametrize(("lang", "word", "listed"), [
    ("en", "Kings", True), ("en", "MOTHERS", True), ("en", "missy", True),
    ("en", "developer", False), ("en", "firefighters", False),
    ("de", "Lehrerinnen", True), ("de", "lehrerinnen", False), ("de", "Lehrkräfte", False),
])
def test_listed_gendered_nouns_by_surface_form(lang, word, listed):
    (token,) = spacy.blank(lang)(word)
    assert is_listed_gendered_noun(token, get_lexicon(lang)) is listed


def test_gold_plural_sie_stays_neutral_where_the_blank_pipeline_cannot_tell():
    # "Mein Sakko - Ärmel war zu lang, da haben sie es wie original gekürzt." The gold
    # morphology says Number=Plur: "they", which the tags may resolve; untagged, "sie" could
    # be a woman, and GENEUTRAL keeps only what is surely neutral.
    doc = ud_doc("de", "dev-s86")
    (sie,) = [t for t in doc if t.text == "sie"]
    assert sie.morph.get("Number") == ["Plur"]
    tagged = blank_pipeline("de").get_pipe("gender_lexicon")(doc)
    assert tagged._.gender_neutral_reasons == []
    assert blank_pipeline("de")(doc.text)._.gender_neutral_reasons == ["pronoun"]
