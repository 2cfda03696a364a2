"""The GENEUTRAL verdict with en_core_web_sm equals the tokenizer-only verdict: the criteria
are word lists, and a tagger's or an NER's labels never take a listed word away.

Each case names the label the model gives the listed word in its sentence; the test checks it,
so that a case proves what it claims (a new model that labels differently fails loudly here).
"""

import pytest

from tests.conftest import _treebank, blank_pipeline


def _token(doc, text):
    (token,) = [t for t in doc if t.text == text]
    return token


def _assert_same_verdict(tagged, blank, reason):
    assert reason in blank._.gender_neutral_reasons
    assert tagged._.is_gender_neutral is blank._.is_gender_neutral is False
    # The tags may add reasons (a PERSON entity), never drop one.
    assert set(blank._.gender_neutral_reasons) <= set(tagged._.gender_neutral_reasons)


PRONOUN_TEMPLATES = {
    "he": "Nobody at the meeting expected that {} would sign the contract so quickly.",
    "she": "Nobody at the meeting expected that {} would sign the contract so quickly.",
    "him": "The committee thanked {} for the report and asked for a second one soon.",
    "her": "The committee thanked {} for the report and asked for a second one soon.",
    "his": "The committee read {} report twice and asked for a second one by Friday.",
    "hers": "The red bicycle in the yard is {}, and the blue one belongs to the neighbours.",
    "himself": "The manager wrote the whole report {} and sent it out on Friday morning.",
    "herself": "The manager wrote the whole report {} and sent it out on Friday morning.",
}
# (form, the model's POS, the model's entity label) for every case of every listed pronoun
PRONOUN_TAGS = [
    ("he", "PRON", ""), ("He", "PRON", ""), ("HE", "PRON", ""),
    ("she", "PRON", ""), ("She", "PRON", ""), ("SHE", "PRON", "ORG"),
    ("him", "PRON", ""), ("Him", "PRON", ""), ("HIM", "PROPN", ""),
    ("her", "PRON", ""), ("Her", "PRON", ""), ("HER", "PRON", ""),
    ("his", "PRON", ""), ("His", "PRON", ""), ("HIS", "PRON", ""),
    ("hers", "NOUN", ""), ("Hers", "PROPN", ""), ("HERS", "ADJ", ""),
    ("himself", "PRON", ""), ("Himself", "PRON", ""), ("HIMSELF", "PRON", ""),
    ("herself", "PRON", ""), ("Herself", "PRON", "PRODUCT"), ("HERSELF", "PRON", "ORG"),
]


@pytest.mark.parametrize(("form", "pos", "label"), PRONOUN_TAGS)
def test_every_listed_pronoun_counts_whatever_its_tags(en_lexicon_nlp, form, pos, label):
    text = PRONOUN_TEMPLATES[form.lower()].format(form)
    tagged, blank = en_lexicon_nlp(text), blank_pipeline("en")(text)
    token = _token(tagged, form)
    assert (token.pos_, token.ent_type_) == (pos, label)
    _assert_same_verdict(tagged, blank, "pronoun")
    # The token keeps its pronoun mark too: "HIM" tagged PROPN is still him.
    assert token._.gender_kind == "pronoun"
    assert token._.gender == ("feminine" if form.lower().startswith(("she", "her"))
                              else "masculine")


# (listed first name, the model's entity label for it, sentence); "" = no entity
NAME_LABELS = [
    ("Houston", "GPE", "The flight to Houston was cancelled because the airport lost power "
                       "during the storm."),
    ("Jordan", "GPE", "The committee met in Jordan to discuss the water agreement with the "
                      "neighbouring countries."),
    ("Wendy", "ORG", "The long line at Wendy's drive-through made us late for the afternoon "
                     "football game."),
    ("Meredith", "ORG", "The old printer in the office keeps jamming, so Meredith ordered a "
                        "new one today."),
    ("Christian", "NORP", "Most Christian families in the town attend the service on Sunday "
                          "morning before lunch."),
    ("Victoria", "LOC", "We walked along the shore of Lake Victoria until the sun went down "
                        "behind the hills."),
    ("Kennedy", "FAC", "The plane landed at Kennedy Airport two hours late because of fog over "
                       "the bay."),
    ("Katrina", "EVENT", "The damage left by Hurricane Katrina took more than ten years to "
                         "repair in some places."),
    ("Jetta", "PRODUCT", "The dealer sold the last Volkswagen Jetta on the lot to a family from "
                         "the next town."),
    ("Jude", "WORK_OF_ART", 'The whole crowd sang "Hey Jude" at the end of the concert in the '
                            "stadium last night."),
    ("Rebecca", "LAW", "The Rebecca Act was signed into law after the hearings in the Senate "
                       "last year."),
    ("Elizabeth", "DATE", "Thanks Elizabeth 36349 see you there at 4:00 unless I call you "
                          "before the meeting."),
    ("Diana", "PERSON", "The exhibition on Diana attracted visitors from many countries during "
                        "the summer."),
    ("Layla", "", 'The radio played "Layla" three times in one afternoon during the long drive '
                  "home."),
]


@pytest.mark.parametrize(("name", "label", "text"), NAME_LABELS,
                         ids=[label or "none" for _, label, _ in NAME_LABELS])
def test_listed_first_name_counts_under_every_entity_label(en_lexicon_nlp, name, label, text):
    tagged, blank = en_lexicon_nlp(text), blank_pipeline("en")(text)
    assert _token(tagged, name).ent_type_ == label
    # (the name reason comes from the listed word, not from a PERSON entity elsewhere)
    assert label == "PERSON" or "PERSON" not in {ent.label_ for ent in tagged.ents}
    _assert_same_verdict(tagged, blank, "name")
    assert tagged._.gender_neutral_reasons == ["name"]


# Names that are also words (name_homographs.txt): by the text alone, a capitalised one
# inside a sentence before a capitalised word is a name, whatever the NER says of it.
# (homograph, the model's POS and entity label, sentence, the reasons with and without tags)
HOMOGRAPHS = [
    ("Mark", "PROPN", "ORG", "The old map shows where Mark Twain lived while he worked on the "
                             "newspaper there.", ["name", "pronoun"]),
    ("Grace", "PROPN", "ORG", "Students at Grace Hopper Academy built a robot for the regional "
                              "science fair.", ["name"]),
    ("May", "PROPN", "GPE", "The shop reopens in May Street next week after the renovation of "
                            "the old building.", ["name"]),
    ("Will", "AUX", "", "Will you send the signed copy of the contract to the office before "
                        "Friday noon?", []),
]


@pytest.mark.parametrize(("word", "pos", "label", "text", "reasons"), HOMOGRAPHS,
                         ids=[word for word, *_ in HOMOGRAPHS])
def test_name_homographs_are_read_from_the_text(en_lexicon_nlp, word, pos, label, text,
                                                reasons):
    tagged, blank = en_lexicon_nlp(text), blank_pipeline("en")(text)
    token = _token(tagged, word)
    assert (token.pos_, token.ent_type_) == (pos, label)
    assert blank._.gender_neutral_reasons == tagged._.gender_neutral_reasons == reasons


# (listed noun form, the model's POS, its entity label, sentence)
NOUN_TAGS = [
    ("King", "PROPN", "ORG", "The long line at the Burger King drive-through made us late for "
                             "the football game."),
    ("Sisters", "PROPN", "ORG", "The hospital was run by the Sisters of Mercy for almost a "
                                "century after it opened."),
    ("Grandmothers", "PROPN", "ORG", "The Grandmothers of the Plaza de Mayo have searched for "
                                     "the missing for decades."),
    ("Mother", "PROPN", "DATE", "Restaurants are always fully booked on Mother's Day, so book "
                                "a table well ahead."),
    ("man", "VERB", "", "The volunteers were asked to man the phones until the last results "
                        "came in tonight."),
    ("missy", "ADJ", "", "then i told them i felt i should be able to screw missy just once "
                         "before it ended."),
    ("Waitresses", "NOUN", "", "Waitresses at the diner asked the owner for higher wages and "
                               "longer breaks in May."),
    ("MOTHERS", "NOUN", "", "THE MOTHERS OF THE TOWN ORGANISED A MARKET TO RAISE MONEY FOR THE "
                            "NEW PLAYGROUND."),
    ("Gentlemen", "PROPN", "", "The sign on the door said Gentlemen, and the room behind it was "
                               "locked all evening."),
]


@pytest.mark.parametrize(("noun", "pos", "label", "text"), NOUN_TAGS,
                         ids=[noun for noun, *_ in NOUN_TAGS])
def test_gendered_noun_counts_whatever_its_tags(en_lexicon_nlp, noun, pos, label, text):
    tagged, blank = en_lexicon_nlp(text), blank_pipeline("en")(text)
    token = _token(tagged, noun)
    assert (token.pos_, token.ent_type_) == (pos, label)
    _assert_same_verdict(tagged, blank, "gendered_noun")
    assert tagged._.gender_neutral_reasons == ["gendered_noun"]


def test_listed_words_inside_a_person_entity_still_count(en_lexicon_nlp):
    # The NER reads "Wonder Woman" as a PERSON: the entity is a name, and "Woman" is still a
    # gendered noun of the list, as it is without the NER.
    text = "The children lined up for hours to meet Wonder Woman at the comic fair downtown."
    tagged, blank = en_lexicon_nlp(text), blank_pipeline("en")(text)
    assert [(e.text, e.label_) for e in tagged.ents] == [("hours", "TIME"),
                                                         ("Wonder Woman", "PERSON")]
    assert blank._.gender_neutral_reasons == ["gendered_noun"]
    assert tagged._.gender_neutral_reasons == ["name", "gendered_noun"]


def test_a_neutral_entry_stays_neutral_with_the_tags(en_lexicon_nlp):
    text = "The committee approved the budget for the new library after a long debate."
    tagged, blank = en_lexicon_nlp(text), blank_pipeline("en")(text)
    assert blank._.is_gender_neutral is tagged._.is_gender_neutral is True
    assert tagged._.gender_neutral_reasons == []


def _ud_entries(count):
    """The first ``count`` entries of >= 50 characters made of consecutive UD EWT test
    sentences (the benchmark's entries, benchmarks/neutral_agreement.py)."""
    entries, pending = [], ""
    for doc in _treebank("en").values():
        pending = f"{pending} {doc.text}".strip()
        if len(pending) >= 50:
            entries.append(pending)
            pending = ""
        if len(entries) == count:
            break
    return entries


def test_no_ud_entry_loses_a_criterion_to_the_tags(en_lexicon_nlp):
    texts = _ud_entries(300)
    blank = list(blank_pipeline("en").pipe(texts))
    tagged = list(en_lexicon_nlp.pipe(texts))
    lost = [(b.text, sorted(set(b._.gender_neutral_reasons) - set(t._.gender_neutral_reasons)))
            for b, t in zip(blank, tagged, strict=True)
            if set(b._.gender_neutral_reasons) - set(t._.gender_neutral_reasons)]
    assert lost == []
    # The tags only add: 42 entries more are rejected for a PERSON entity no list names.
    assert (sum(d._.is_gender_neutral for d in blank),
            sum(d._.is_gender_neutral for d in tagged)) == (183, 141)
