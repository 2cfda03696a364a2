"""All quotes of one document: runs the engines, merges their results and attributes speakers.

Decisions (the component's docstring repeats them for users):

- A direct quote covers its quotation marks and everything between them; a dialogue-dash turn
  covers its dash and the speech up to the narrator's remark. Only outermost quotes are
  reported: a quote inside a quote belongs to the outer one.
- Quoted stretches of fewer than ``min_words`` words without sentence punctuation inside and
  without a reporting verb in their frame are titles or scare quotes ("the „Kranhaus“"), not
  speech, unless they sit inside an indirect quote (mixed quotation: said the result "is no
  surprise"), where they take its speaker.
- An indirect quote inside a direct quote is part of the speech; one inside another indirect
  quote is part of the outer report.
"""

import re
from dataclasses import dataclass
from functools import cache

from spacy.tokens import Doc

from ..extensions import QUOTE_DIRECT, QUOTE_INDIRECT
from .cues import SENTENCE_END, QuoteCues
from .dialogue import find_dialogue_turns
from .indirect import find_indirect_quotes
from .intervals import Intervals
from .marks import QuoteMarks, find_marked_quotes
from .speakers import Speaker, SpeakerFinder
from .syntax import sentence_bounds

_WORD = re.compile(r"\w+")
_quote_marks = cache(QuoteMarks.from_pairs)


@dataclass(frozen=True)
class Quote:
    """One quote: tokens [start, end), its type and its speaker (None when unattributed)."""

    start: int
    end: int
    label: str
    speaker: Speaker | None


@dataclass
class _Direct:
    start: int
    end: int
    speech_like: bool
    dash: bool = False  # a dialogue-dash turn rather than a quotation in marks
    frame: tuple[int, int] | None = None  # a dash turn's remark (tokens)
    speaker: Speaker | None = None
    attributed: bool = False


def find_quotes(doc: Doc, cues: QuoteCues, *, max_sentences: int = 10, min_words: int = 3,
                dialogue_dash: bool | None = None, indirect: bool = True) -> list[Quote]:
    """Find the direct and indirect quotes of ``doc`` with their speakers.

    doc (Doc): the document (any pipeline; a parse, lemmas and POS tags are used when there).
    cues (QuoteCues): the language's cues.
    max_sentences (int): most sentence ends one quote may span. Defaults to 10.
    min_words (int): shortest quoted stretch taken for speech without other evidence.
        Defaults to 3.
    dialogue_dash (Optional[bool]): find dash dialogue. Defaults to the language's setting.
    indirect (bool): find indirect quotes too. Defaults to True.
    RETURNS (list[Quote]): the quotes in document order.
    """
    if dialogue_dash is None:
        dialogue_dash = cues.dialogue_dash
    candidates = _direct_candidates(doc, cues, max_sentences, min_words, dialogue_dash)
    all_quoted = {i for q in candidates for i in range(q.start, q.end)}
    speech_quoted = {i for q in candidates if q.speech_like for i in range(q.start, q.end)}
    finder = SpeakerFinder(doc, cues, speech_quoted)
    for quote in candidates:
        if quote.dash:
            found = finder.for_remark(*quote.frame) if quote.frame is not None else None
        else:
            found = finder.for_direct(quote.start, quote.end)
        if found is not None:
            quote.attributed = True
            quote.speaker = found[1]
    reported = []
    if indirect:
        speech = Intervals(d for d in candidates if d.speech_like or d.attributed)
        reported = [
            q for q in find_indirect_quotes(doc, cues, finder, sentence_bounds(doc), all_quoted)
            if speech.containing(q.start, q.end) is None
        ]
    quotes = [Quote(q.start, q.end, QUOTE_INDIRECT, q.speaker) for q in reported]
    reports = Intervals(reported)
    for quote in candidates:
        outer = reports.containing(quote.start, quote.end)
        if not (quote.speech_like or quote.attributed or outer is not None):
            continue
        speaker = quote.speaker
        if speaker is None and outer is not None:
            speaker = outer.speaker
        quotes.append(Quote(quote.start, quote.end, QUOTE_DIRECT, speaker))
    quotes.sort(key=lambda q: (q.start, q.end, q.label))
    return quotes


def _direct_candidates(doc: Doc, cues: QuoteCues, max_sentences: int, min_words: int,
                       dialogue_dash: bool) -> list[_Direct]:
    text = doc.text
    marks = _quote_marks(cues.quote_marks)
    found: list[_Direct] = []
    for start, end in find_marked_quotes(text, marks, max_sentences=max_sentences):
        span = doc.char_span(start, end, alignment_mode="expand")
        if span is not None and len(span):
            speech_like = _speech_like(text[start + 1:end - 1], min_words)
            found.append(_Direct(span.start, span.end, speech_like))
    if dialogue_dash:
        verbs = cues.reporting_verbs
        for turn in find_dialogue_turns(text, lambda word: word in verbs):
            span = doc.char_span(turn.start, turn.end, alignment_mode="expand")
            if span is None or not len(span):
                continue
            remark = (doc.char_span(*turn.frame, alignment_mode="expand")
                      if turn.frame is not None else None)
            frame = (remark.start, remark.end) if remark is not None else None
            found.append(_Direct(span.start, span.end, True, dash=True, frame=frame))
    # Outermost first; a dialogue turn that contains a marked quote wins, otherwise the first
    # of two overlapping candidates does.
    found.sort(key=lambda q: (q.start, -q.end))
    kept: list[_Direct] = []
    for quote in found:
        if kept and quote.start < kept[-1].end:
            continue
        kept.append(quote)
    return kept


def _speech_like(content: str, min_words: int) -> bool:
    """Sentence punctuation inside, or at least ``min_words`` words."""
    return (any(ch in SENTENCE_END for ch in content)
            or len(_WORD.findall(content)) >= min_words)
