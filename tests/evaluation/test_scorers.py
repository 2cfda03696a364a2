"""The quote and actor scorers on hand-built gold Docs, with the values worked out by hand."""

import pytest
import spacy
from spacy.tokens import Span
from spacy.training import Example
from spacy.util import registry

from spacy_genderfair.evaluation.scorers import (
    ACTOR_SCORE_KEYS,
    QUOTE_SCORE_KEYS,
    score_actors,
    score_quotes,
)

NLP = spacy.blank("en")
# 0    1     2  3  4    5     6    7  8  9    10    11     12     13    14
QUOTE_WORDS = ["She", "said", ":", '"', "We", "will", "win", ".", '"',
               "He", "said", "that", "they", "lost", "."]
# 0      1      2    3    4  5      6          7    8
ACTOR_WORDS = ["Anna", "Berg", "met", "Tom", ".", "She", "thanked", "him", "."]


def doc_with(words, **groups):
    """A Doc of ``words`` with span groups from (start, end, label, kb_id, id) tuples."""
    doc = spacy.tokens.Doc(NLP.vocab, words=words)
    for key, spans in groups.items():
        doc.spans[key] = [Span(doc, start, end, label=label, kb_id=kb_id, span_id=span_id)
                          for start, end, label, kb_id, span_id in spans]
    return doc


def quote_doc(quotes, speakers):
    return doc_with(QUOTE_WORDS, quotes=quotes, quote_speakers=speakers)


GOLD_QUOTES = quote_doc(
    [(3, 9, "direct", "", "Q1"), (11, 14, "indirect", "", "Q2")],
    [(0, 1, "direct", "", "Q1"), (9, 10, "indirect", "", "Q2")])


def test_quote_scores_worked_out_by_hand():
    examples = [
        # direct quote right, its speaker wrong ("He" for "She"); the indirect quote takes
        # the full stop too, so it matches no gold quote
        Example(quote_doc([(3, 9, "direct", "", "Q1"), (11, 15, "indirect", "", "Q2")],
                          [(9, 10, "direct", "", "Q1"), (9, 10, "indirect", "", "Q2")]),
                GOLD_QUOTES),
        # direct quote and speaker right; an extra direct quote ("We will win")
        Example(quote_doc([(3, 9, "direct", "", "Q1"), (4, 7, "direct", "", "Q2")],
                          [(0, 1, "direct", "", "Q1")]),
                quote_doc([(3, 9, "direct", "", "Q1")], [(0, 1, "direct", "", "Q1")])),
    ]
    assert score_quotes(examples) == {
        "quote_direct_p": 2 / 3, "quote_direct_r": 1.0, "quote_direct_f": 0.8,
        "quote_indirect_p": 0.0, "quote_indirect_r": 0.0, "quote_indirect_f": 0.0,
        # the gold quotes with a speaker that a predicted quote matches: Q1 of each Doc
        "quote_speaker_acc": 0.5,
    }


def test_speaker_overlap_and_quote_type_are_separate():
    # the indirect quote is found but typed direct; the speaker span "He said" overlaps "He"
    predicted = quote_doc([(11, 14, "direct", "", "Q1")], [(9, 11, "direct", "", "Q1")])
    scores = score_quotes([Example(predicted, GOLD_QUOTES)])
    assert (scores["quote_direct_p"], scores["quote_indirect_r"]) == (0.0, 0.0)
    assert scores["quote_speaker_acc"] == 1.0


def test_unannotated_references_give_no_score():
    example = Example(quote_doc([(3, 9, "direct", "", "Q1")], []), doc_with(QUOTE_WORDS))
    assert score_quotes([example]) == dict.fromkeys(QUOTE_SCORE_KEYS)
    assert score_actors([example]) == dict.fromkeys(ACTOR_SCORE_KEYS)
    # annotated, but no gold quote has a speaker: nothing to measure speakers on
    no_speakers = quote_doc([(3, 9, "direct", "", "Q1")], [])
    assert score_quotes([Example(no_speakers, no_speakers)])["quote_speaker_acc"] is None


def test_actor_scores_worked_out_by_hand():
    gold = doc_with(ACTOR_WORDS, actor_mentions=[
        (0, 2, "she/her", "A1", "named"), (3, 4, "he/him", "A2", "named"),
        (5, 6, "she/her", "A1", "pronoun"), (7, 8, "he/him", "A2", "pronoun")])
    # actor ids differ from the gold's: links are compared through named mentions
    predicted = doc_with(ACTOR_WORDS, actor_mentions=[
        (0, 2, "she/her", "A7", "named"), (1, 2, "she/her", "A7", "named"),
        (3, 4, "he/him", "A8", "named"),
        (5, 6, "he/him", "A8", "pronoun"),  # "She" -> Tom: wrong
        (7, 8, "he/him", "A8", "pronoun")])  # "him" -> Tom: right
    assert score_actors([Example(predicted, gold)]) == pytest.approx({
        "actor_mention_p": 0.8, "actor_mention_r": 1.0, "actor_mention_f": 8 / 9,
        "actor_pronoun_link_p": 0.5, "actor_pronoun_link_r": 0.5,
        "actor_pronoun_link_f": 0.5,
    })


def test_a_pronoun_of_an_actor_without_a_name_is_no_link():
    gold = doc_with(ACTOR_WORDS, actor_mentions=[(5, 6, "she/her", "A1", "pronoun")])
    scores = score_actors([Example(gold, gold)])
    assert (scores["actor_mention_f"], scores["actor_pronoun_link_f"]) == (1.0, 0.0)


def test_scores_compare_characters_not_tokens():
    # the gold Doc tokenizes "Anna Berg" as one token; the mention covers the same characters
    gold = spacy.tokens.Doc(NLP.vocab, words=["Anna Berg", *ACTOR_WORDS[2:]])
    assert gold.text == doc_with(ACTOR_WORDS).text
    gold.spans["actor_mentions"] = [Span(gold, 0, 1, "she/her", kb_id="A1", span_id="named")]
    predicted = doc_with(ACTOR_WORDS, actor_mentions=[(0, 2, "she/her", "A1", "named")])
    assert score_actors([Example(predicted, gold)])["actor_mention_f"] == 1.0


@pytest.mark.parametrize(("name", "function"), [
    ("spacy_genderfair.quote_scorer.v1", score_quotes),
    ("spacy_genderfair.actor_scorer.v1", score_actors),
])
def test_scorers_are_registered(name, function):
    assert registry.scorers.get(name)() is function
