"""actor_sentiment: mean sentence sentiment and coded words per actor."""

import json

import pytest
from spacy.tokens import Doc, Span

from spacy_genderfair.sentiment import actor_sentiment, get_scorer

SENTENCES = [
    "Anna Schmidt is a kind and compassionate doctor.",  # feminine-coded: kind, compassionate
    "Her patients trust her completely.",  # feminine-coded: trust
    "Tom Baker is an aggressive and reckless driver.",  # masculine-coded: aggressive, reckless
    "He caused a terrible accident.",
    "Anna and Tom met on Tuesday.",
]
# (start, end, label, actor id, mention kind) over the tokens of " ".join(SENTENCES)
MENTIONS = [
    (0, 2, "she/her", "A1", "named"),
    (9, 10, "she/her", "A1", "pronoun"),
    (12, 13, "she/her", "A1", "pronoun"),  # a second mention in the same sentence
    (15, 17, "he/him", "A2", "named"),
    (24, 25, "he/him", "A2", "pronoun"),
    (30, 31, "she/her", "A1", "named"),
    (32, 33, "he/him", "A2", "named"),
]


class CountingScorer:
    """A real scorer that counts the texts it is asked to score."""

    def __init__(self, scorer):
        self.scorer = scorer
        self.texts = []

    def score(self, text: str) -> float:
        self.texts.append(text)
        return self.scorer.score(text)


def with_mentions(doc: Doc) -> Doc:
    # Stands in for actor_linker's output (being written): the span group it stores.
    doc.spans["actor_mentions"] = [
        Span(doc, start, end, label=label, kb_id=actor, span_id=kind)
        for start, end, label, actor, kind in MENTIONS
    ]
    return doc


def test_actor_sentiment_on_a_parsed_english_doc(en_lexicon_nlp):
    vader = get_scorer("spacy_genderfair.vader_scorer.v1")
    doc = with_mentions(en_lexicon_nlp(" ".join(SENTENCES)))
    assert [sent.text for sent in doc.sents] == SENTENCES
    assert [doc[s:e].text for s, e, *_ in MENTIONS] == [
        "Anna Schmidt", "Her", "her", "Tom Baker", "He", "Anna", "Tom",
    ]

    counting = CountingScorer(vader)
    result = actor_sentiment(doc, counting)

    score = [vader.score(text) for text in SENTENCES]
    assert list(result) == ["A1", "A2"]
    assert result["A1"] == {
        "sentiment": pytest.approx((score[0] + score[1] + score[4]) / 3),
        "sentences": 3,
        "coded": {"masculine": 0, "feminine": 3},
    }
    assert result["A2"] == {
        "sentiment": pytest.approx((score[2] + score[3] + score[4]) / 3),
        "sentences": 3,
        "coded": {"masculine": 2, "feminine": 0},
    }
    assert result["A1"]["sentiment"] > 0.3
    assert result["A2"]["sentiment"] < -0.3
    # Each of the five sentences scored once, though seven mentions fall into them.
    assert sorted(counting.texts) == sorted(SENTENCES)
    assert json.loads(json.dumps(result)) == result

    # A registered name works too; without a scorer only the counts remain (uk).
    assert actor_sentiment(doc, "spacy_genderfair.vader_scorer.v1") == result
    unscored = actor_sentiment(doc, None)
    assert unscored["A1"] == {**result["A1"], "sentiment": None}

    # Without sentence boundaries the whole doc is the one sentence of every actor.
    flat = Doc(doc.vocab, words=[t.text for t in doc], spaces=[bool(t.whitespace_) for t in doc])
    flat = with_mentions(en_lexicon_nlp.get_pipe("gender_lexicon")(flat))
    assert not flat.has_annotation("SENT_START")
    whole = vader.score(flat.text)
    assert actor_sentiment(flat, vader) == {
        "A1": {"sentiment": whole, "sentences": 1, "coded": {"masculine": 2, "feminine": 3}},
        "A2": {"sentiment": whole, "sentences": 1, "coded": {"masculine": 2, "feminine": 3}},
    }


def test_actor_sentiment_needs_actor_mentions(en_lexicon_nlp):
    doc = en_lexicon_nlp("Anna Schmidt is a kind doctor.")
    with pytest.raises(ValueError, match=r"doc.spans\['actor_mentions'\].*actor_linker"):
        actor_sentiment(doc, None)
