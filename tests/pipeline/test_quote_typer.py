"""quote_typer: the character-level engines and the component's contracts (span groups,
quote ids, actor ids, serialization, multiprocessing, config)."""

import pytest
import spacy
from spacy.tokens import Doc, DocBin, Span
from spacy.vocab import Vocab

from spacy_genderfair.extensions import SPANS_ACTOR_MENTIONS, SPANS_QUOTE_SPEAKERS, SPANS_QUOTES
from spacy_genderfair.pipeline.quote_typer import QuoteTyper
from spacy_genderfair.quotes import QuoteMarks, find_marked_quotes, get_cues
from spacy_genderfair.quotes.dialogue import find_dialogue_turns


def marked(lang: str, text: str, **kwargs) -> list[str]:
    marks = QuoteMarks.from_pairs(get_cues(lang).quote_marks)
    return [text[s:e] for s, e in find_marked_quotes(text, marks, **kwargs)]


def quotes(doc) -> list[tuple[str, str, str, str, str | None]]:
    """(id, type, text, actor id, speaker text) of each quote."""
    speakers = {s.id_: s.text for s in doc.spans[SPANS_QUOTE_SPEAKERS]}
    return [(q.id_, q.label_, q.text, q.kb_id_, speakers.get(q.id_))
            for q in doc.spans[SPANS_QUOTES]]


@pytest.fixture(scope="module")
def de_nlp():
    nlp = spacy.blank("de")
    nlp.add_pipe("quote_typer")
    return nlp


GERMAN = ("„Wir schaffen das“, sagte Merkel. Frau Schmidt sagte, dass sie morgen kommt. "
          "Dann sagte sie: „Das bleibt so.“")
GERMAN_QUOTES = [
    ("Q1", "direct", "„Wir schaffen das“", "", "Merkel"),
    ("Q2", "indirect", "dass sie morgen kommt", "", "Frau Schmidt"),
    ("Q3", "direct", "„Das bleibt so.“", "", "sie"),
]


# -- quotation marks ----------------------------------------------------------------------------
def test_marks_nested_quotes_stay_inside_the_outer_one():
    text = "Er sagte: „Sie rief ‚Halt!‘ und lief weg.“ Danach „nichts“."
    assert marked("de", text) == ["„Sie rief ‚Halt!‘ und lief weg.“", "„nichts“"]
    text = "“She told me ‘never again’ and left,” he said."
    assert marked("en", text) == ["“She told me ‘never again’ and left,”"]


def test_marks_unbalanced_opening_is_dropped_and_later_quotes_found():
    text = "„Das ist falsch. Er ging. Später rief er: „Ja!“ und „Nein“."
    assert marked("de", text) == ["„Ja!“", "„Nein“"]


def test_marks_quote_never_crosses_a_paragraph():
    text = "Er sagte: „Das ist falsch.\n\nNeuer Absatz mit „Zitat“."
    assert marked("de", text) == ["„Zitat“"]


def test_marks_max_sentences_limits_an_open_quote():
    text = "“One. Two. Three. Four.” Then “a. b. c. d. e. and no end"
    assert marked("en", text, max_sentences=4) == ["“One. Two. Three. Four.”"]
    assert marked("en", "“One. Two. Three. Four.”", max_sentences=3) == []


def test_marks_apostrophes_do_not_close_single_quotes():
    text = "“Don’t say ‘we can’t’ again,” she said. It’s the players’ union."
    assert marked("en", text) == ["“Don’t say ‘we can’t’ again,”"]


def test_marks_symmetric_straight_quotes_by_spacing_and_state():
    # Tokenised text (LitBank style): spaces on both sides, the state decides.
    assert marked("en", 'He said " yes , " and " no . "') == ['" yes , "', '" no . "']
    # A stray straight quote: the next opening-looking one starts afresh.
    text = 'A stray " mark. Later "we will vote," she said.'
    assert marked("en", text) == ['"we will vote,"']


def test_marks_german_variants_and_digraphs():
    assert marked("de", '„Ja", sagte er. »Nein«, rief sie. ``So\'\' sagte es.') == [
        '„Ja"', "»Nein«", "``So''"]
    # « opens Swiss «…» but closes »…«: its spacing decides.
    assert marked("de", "Eier! Schinken!« schrie er. «Gut», sagte sie.") == ["«Gut»"]


def test_marks_many_stray_marks_are_rejected_in_one_pass():
    # 4,000 opening marks that never close, no sentence end: each is rejected once (a rescan
    # per mark would take minutes), and the one real quote at the end is still found.
    text = ("„" + "wort " * 20) * 4000 + "\n\n„Das ist echt.“"
    assert marked("de", text) == ["„Das ist echt.“"]


def test_intervals():
    from spacy_genderfair.quotes.intervals import Intervals

    spans = Intervals([Span(Doc(Vocab(), words=["a"] * 20), s, e) for s, e in
                       [(0, 10), (2, 4), (12, 15)]])
    assert (spans.containing(3, 4).start, spans.containing(3, 4).end) == (2, 4)
    assert spans.containing(5, 10).end == 10
    assert spans.containing(9, 13) is None
    assert spans.overlaps(9, 11) and spans.overlaps(14, 20) and not spans.overlaps(10, 12)


def test_marks_without_any_marks():
    assert marked("en", "No quotes at all, just text.") == []
    assert marked("en", "") == []


# -- dialogue dashes ----------------------------------------------------------------------------
def test_dialogue_turns_with_remarks():
    text = "— Я прийду, — сказала вона, — але пізніше.\n— Добре.\n– – – –"
    turns = find_dialogue_turns(text, lambda word: False)
    assert [(text[t.start:t.end], t.frame and text[t.frame[0]:t.frame[1]]) for t in turns] == [
        ("— Я прийду,", "сказала вона,"),
        ("— але пізніше.", "сказала вона,"),
        ("— Добре.", None),
    ]


def test_dialogue_copula_dash_stays_in_the_speech():
    text = "— Печія — це хвороба, — пояснює лікарка."
    turns = find_dialogue_turns(text, lambda word: False)
    assert [text[t.start:t.end] for t in turns] == ["— Печія — це хвороба,"]


def test_dialogue_switch_on_a_reporting_verb_without_comma():
    text = "— Não sei — disse ele. — Talvez amanhã."
    turns = find_dialogue_turns(text, lambda word: word == "disse")
    assert [(text[t.start:t.end], text[t.frame[0]:t.frame[1]]) for t in turns] == [
        ("— Não sei", "disse ele."), ("— Talvez amanhã.", "disse ele.")]


# -- the component ------------------------------------------------------------------------------
def test_quotes_ids_and_speakers_in_document_order(de_nlp):
    assert quotes(de_nlp(GERMAN)) == GERMAN_QUOTES


def test_document_without_quotes(de_nlp):
    doc = de_nlp("Das Museum öffnet am Montag. Der Eintritt kostet zwölf Euro.")
    assert list(doc.spans[SPANS_QUOTES]) == []
    assert list(doc.spans[SPANS_QUOTE_SPEAKERS]) == []
    assert quotes(de_nlp("")) == []


def _mention(doc, text: str, actor: str, kind: str = "named", nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = doc.text.index(text, start + 1)
    return doc.char_span(start, start + len(text), label="she/her", kb_id=actor, span_id=kind)


def test_speakers_get_actor_ids_from_actor_mentions(de_nlp):
    doc = de_nlp.make_doc(GERMAN)
    # What actor_linker stores: Merkel is actor A1, Frau Schmidt and her pronouns actor A2.
    doc.spans[SPANS_ACTOR_MENTIONS] = [
        _mention(doc, "Merkel", "A1"),
        _mention(doc, "Frau Schmidt", "A2"),
        _mention(doc, "sie", "A2", "pronoun"),
        _mention(doc, "sie", "A2", "pronoun", nth=1),
    ]
    doc = de_nlp.get_pipe("quote_typer")(doc)
    assert quotes(doc) == [
        ("Q1", "direct", "„Wir schaffen das“", "A1", "Merkel"),
        ("Q2", "indirect", "dass sie morgen kommt", "A2", "Frau Schmidt"),
        ("Q3", "direct", "„Das bleibt so.“", "A2", "sie"),
    ]
    assert [(s.id_, s.kb_id_, s.label_) for s in doc.spans[SPANS_QUOTE_SPEAKERS]] == [
        ("Q1", "A1", "direct"), ("Q2", "A2", "indirect"), ("Q3", "A2", "direct")]


def test_speaker_without_an_actor_mention_keeps_an_empty_actor_id(de_nlp):
    doc = de_nlp.make_doc(GERMAN)
    doc.spans[SPANS_ACTOR_MENTIONS] = [_mention(doc, "Merkel", "A1")]
    doc = de_nlp.get_pipe("quote_typer")(doc)
    assert [(q[0], q[3], q[4]) for q in quotes(doc)] == [
        ("Q1", "A1", "Merkel"), ("Q2", "", "Frau Schmidt"), ("Q3", "", "sie")]


def test_doc_bytes_round_trip_keeps_ids(de_nlp):
    doc = de_nlp.make_doc(GERMAN)
    doc.spans[SPANS_ACTOR_MENTIONS] = [_mention(doc, "Merkel", "A1")]
    doc = de_nlp.get_pipe("quote_typer")(doc)
    restored = Doc(Vocab()).from_bytes(doc.to_bytes())
    assert quotes(restored) == quotes(doc)
    assert quotes(restored)[0] == ("Q1", "direct", "„Wir schaffen das“", "A1", "Merkel")


def test_docbin_round_trip(de_nlp):
    doc = de_nlp(GERMAN)
    data = DocBin(docs=[doc]).to_bytes()
    (restored,) = DocBin().from_bytes(data).get_docs(Vocab())
    assert quotes(restored) == GERMAN_QUOTES


def test_multiprocessing(de_nlp):
    docs = list(de_nlp.pipe([GERMAN, "Keine Zitate hier.", GERMAN], n_process=2, batch_size=1))
    assert [quotes(doc) for doc in docs] == [GERMAN_QUOTES, [], GERMAN_QUOTES]


def test_pipeline_serialization_keeps_the_config(tmp_path):
    nlp = spacy.blank("uk")
    nlp.add_pipe("quote_typer", config={"max_sentences": 3, "dialogue_dash": False})
    nlp.to_disk(tmp_path / "pipeline")
    loaded = spacy.load(tmp_path / "pipeline")
    pipe = loaded.get_pipe("quote_typer")
    assert (pipe.max_sentences, pipe.dialogue_dash, pipe.min_words) == (3, False, 3)
    assert quotes(loaded("— Добре, — сказала вона.")) == []


def test_config_defaults_and_profile_settings():
    nlp = spacy.blank("pt")
    pipe = nlp.add_pipe("quote_typer")
    assert isinstance(pipe, QuoteTyper)
    assert nlp.get_pipe_config("quote_typer") == {
        "factory": "quote_typer", "lang": None, "max_sentences": 10, "min_words": 3,
        "dialogue_dash": None, "indirect": True,
        "scorer": {"@scorers": "spacy_genderfair.quote_scorer.v1"}}
    assert pipe.cues.dialogue_dash is True
    assert quotes(nlp("— Não sei — disse ele.")) == [("Q1", "direct", "— Não sei", "", "ele")]


def test_indirect_can_be_switched_off():
    nlp = spacy.blank("de")
    nlp.add_pipe("quote_typer", config={"indirect": False})
    assert [q[:3] for q in quotes(nlp(GERMAN))] == [
        ("Q1", "direct", "„Wir schaffen das“"), ("Q2", "direct", "„Das bleibt so.“")]


def test_unknown_language_and_bad_config_fail_early():
    with pytest.raises(ValueError, match="No language profile for 'xx'"):
        spacy.blank("xx").add_pipe("quote_typer")
    with pytest.raises(ValueError, match="max_sentences"):
        spacy.blank("en").add_pipe("quote_typer", config={"max_sentences": 0})


def test_min_words_separates_titles_from_speech():
    nlp = spacy.blank("de")
    nlp.add_pipe("quote_typer", config={"min_words": 1})
    text = "Wir aßen im „Kranhaus“ zu Abend."
    assert [q[2] for q in quotes(nlp(text))] == ["„Kranhaus“"]
    default = spacy.blank("de")
    default.add_pipe("quote_typer")
    assert quotes(default(text)) == []


@pytest.mark.parametrize("text,speaker", [
    # A reporting verb before a quote that ends its sentence: its subject speaks, not the
    # next sentence's.
    ("Die Ministerin sagte am Montag „Wir schaffen das.“ Der Kanzler schwieg.",
     "Die Ministerin"),
    # Nothing before the quote in its sentence: the next sentence's subject speaks.
    ("Er drehte sich um. „Wir schaffen das.“ Die Ministerin sagte es zweimal.",
     "Die Ministerin"),
    # A colon puts the speaker before the quote; without tags "widersprach" is no known
    # verb, so no speaker is better than the next sentence's.
    ("Herr Schmidt widersprach: „Er ist bereit.“ Die Pflegerin sagte nichts.", None),
])
def test_quote_that_closes_its_sentence_without_a_parse(de_nlp, text, speaker):
    assert [q[4] for q in quotes(de_nlp(text))] == [speaker]
