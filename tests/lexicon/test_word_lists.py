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


# docs/components/gender_lexicon.md names them: the pronoun forms read both as a gendered
# pronoun and as a plural, the only words whose reason a pipeline's tags may take away
FORMS_READ_BOTH_WAYS = {"en": set(), "uk": set(), "pt": set(),
                        "de": {"sie", "ihr", "ihre", "ihrem", "ihren", "ihrer", "ihres", "ihrs"}}


@pytest.mark.parametrize("lang", sorted(FORMS_READ_BOTH_WAYS))
def test_the_forms_a_tagger_may_clear_are_the_documented_ones(lang):
    pronouns = get_lexicon(lang).pronouns
    both = set()
    for form in pronouns.forms():
        groups = {reading.group for reading in pronouns.readings(form)}
        if len(groups) > 1 and len(groups & {"she/her", "he/him"}) == 1:
            both.add(form)
    assert both == FORMS_READ_BOTH_WAYS[lang]


def test_a_plural_sie_clears_the_reason_a_listed_pronoun_keeps_it():
    tagger = blank_pipeline("de").get_pipe("gender_lexicon")
    # "... aber aus dem beheizten Freibad bekomme ich sie nur mit grossen Schwierigkeiten
    # weg...": gold Number=Plur, the children; untagged, "sie" may be a woman
    plural = ud_doc("de", "dev-s183")
    assert [t.morph.get("Number") for t in plural if t.lower_ == "sie"] == [["Plur"]]
    assert blank_pipeline("de")(plural.text)._.gender_neutral_reasons == ["pronoun"]
    assert tagger(plural)._.is_gender_neutral is True
    # "Nach der Akteneinsicht hat er mit mir zusammen eine Stellungnahme erarbeitet.": "er"
    # is only ever he/him, and a (wrong) plural tag takes nothing away
    listed = ud_doc("de", "dev-s389")
    (er,) = [t for t in listed if t.text == "er"]
    er.set_morph("Case=Nom|Number=Plur|Person=3|PronType=Prs")
    assert tagger(listed)._.gender_neutral_reasons == ["pronoun"]
