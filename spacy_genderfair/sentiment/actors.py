"""Sentiment and gender-coded wording around each actor of a document."""

from bisect import bisect_right
from statistics import fmean

from spacy.tokens import Doc

from ..extensions import (
    DOC_IS_GENDER_NEUTRAL,
    FEMININE,
    MASCULINE,
    SPANS_ACTOR_MENTIONS,
    TOKEN_GENDER_CODED,
    token_values,
)
from .base import SentimentScorer


def actor_sentiment(doc: Doc, scorer: SentimentScorer | str | None) -> dict[str, dict]:
    """Score the sentences that mention each actor.

    An actor is the ``kb_id_`` of its spans in ``doc.spans["actor_mentions"]`` (written by
    actor_linker). Its sentences are the distinct sentences of ``doc.sents`` that one of its
    mentions overlaps; a doc without sentence boundaries is one sentence. Each sentence is
    scored once per call, however many actors it mentions.

    doc (Doc): a document processed by gender_lexicon and actor_linker.
    scorer (SentimentScorer | str | None): a scorer, a registered scorer's name
        ("spacy_genderfair.vader_scorer.v1"), or None to count sentences and coded words
        only (a language without a scorer).
    RETURNS (dict[str, dict]): JSON-able, per actor id in order of first mention:
        {"A1": {"sentiment": 0.42, "sentences": 3, "coded": {"masculine": 1, "feminine": 0}}},
        "sentiment" being the mean sentence score (None without a scorer).
    """
    if SPANS_ACTOR_MENTIONS not in doc.spans:
        raise ValueError(
            f"actor_sentiment needs doc.spans['{SPANS_ACTOR_MENTIONS}']: add 'actor_linker' "
            "to the pipeline before it"
        )
    # (the extensions are registered with the package: whether gender_lexicon ran shows on
    # the Doc, as actor_linker checks it)
    if len(doc) and doc._.get(DOC_IS_GENDER_NEUTRAL) is None:
        raise ValueError(
            f"actor_sentiment counts token._.{TOKEN_GENDER_CODED}: add 'gender_lexicon' to "
            "the pipeline before it"
        )
    if isinstance(scorer, str):
        from . import get_scorer

        scorer = get_scorer(scorer)

    sentences = list(doc.sents) if doc.has_annotation("SENT_START") else [doc[:]]
    starts = [sent.start for sent in sentences]

    def sentence_of(i: int) -> int:
        return bisect_right(starts, i) - 1

    actor_sentences: dict[str, set[int]] = {}
    for span in sorted(doc.spans[SPANS_ACTOR_MENTIONS], key=lambda s: (s.start, s.end)):
        if not span.kb_id_ or not len(span):
            continue
        first, last = sentence_of(span.start), sentence_of(span.end - 1)
        actor_sentences.setdefault(span.kb_id_, set()).update(range(first, last + 1))

    scores: dict[int, float] = {}
    coded: dict[int, tuple[int, int]] = {}

    def score_of(i: int) -> float:
        if i not in scores:
            scores[i] = float(scorer.score(sentences[i].text))
        return scores[i]

    # The coded words by sentence, from the few tokens gender_lexicon marked (character
    # offsets), not from a lookup on every token of every mentioned sentence.
    char_starts = [sent.start_char for sent in sentences]
    coded_words: dict[int, list[str]] = {}
    for idx, value in token_values(doc, TOKEN_GENDER_CODED).items():
        coded_words.setdefault(bisect_right(char_starts, idx) - 1, []).append(value)

    def coded_of(i: int) -> tuple[int, int]:
        if i not in coded:
            values = coded_words.get(i, [])
            coded[i] = (values.count(MASCULINE), values.count(FEMININE))
        return coded[i]

    result = {}
    for actor_id, indices in actor_sentences.items():
        ordered = sorted(indices)
        counts = [coded_of(i) for i in ordered]
        result[actor_id] = {
            "sentiment": fmean(score_of(i) for i in ordered) if scorer is not None else None,
            "sentences": len(ordered),
            "coded": {
                MASCULINE: sum(m for m, _ in counts),
                FEMININE: sum(f for _, f in counts),
            },
        }
    return result
