"""Indirect quotes: reported clauses of reporting verbs and of attribution phrases.

- With a dependency parse: the clausal complement of a reporting verb — ``ccomp`` (ClearNLP,
  UD; with or without a complementizer: "said that …", "said he would …", "He would come,
  she said") or TIGER ``oc`` when it is a finite clause (it has a complementizer ``cp`` or its
  own subject). The quote is the complement's subtree.
- Without a parse: a reporting verb followed, within a few words of the same sentence and with
  no punctuation but commas between, by a complementizer (that / dass / що / que); the quote
  runs from the complementizer to the end of the sentence.
- Attribution phrases (according to / laut / за словами / segundo) at the start of a clause:
  the speaker is the noun phrase after the phrase; the quote is the rest of the sentence (the
  part before the phrase when the phrase ends the sentence; the whole sentence when it sits in
  the middle).

The reported clause of a verb whose complement is a direct quote ("We will win," she said) is
not an indirect quote: only complements with words outside direct quotes count.
"""

from dataclasses import dataclass

from spacy.tokens import Doc, Token

from .cues import CLAUSE_DEPS, CLAUSE_MARK_DEPS, QuoteCues
from .intervals import Intervals
from .speakers import Speaker, SpeakerFinder
from .syntax import is_sentence_end, noun_phrase

# Words allowed between a reporting verb and its complementizer without a parse
# ("told reporters on Tuesday that").
MAX_COMPLEMENTIZER_DISTANCE = 6
_CLAUSE_STOPS = frozenset((";", ":"))
_MAX_NP_TOKENS = 8


@dataclass(frozen=True)
class IndirectQuote:
    """A reported clause: tokens [start, end), its cue token and its speaker."""

    start: int
    end: int
    cue: int
    speaker: Speaker | None


def find_indirect_quotes(doc: Doc, cues: QuoteCues, finder: SpeakerFinder,
                         sentences: list[tuple[int, int]], quoted: set[int]
                         ) -> list[IndirectQuote]:
    """Find the indirect quotes of ``doc``.

    doc (Doc): the document.
    cues (QuoteCues): the language's cues.
    finder (SpeakerFinder): attributes the speakers.
    sentences (list[tuple[int, int]]): the sentences' token ranges.
    quoted (set[int]): tokens inside direct quotes.
    RETURNS (list[IndirectQuote]): outermost indirect quotes that are not inside a direct
        quote, in document order.
    """
    engine = _Finder(doc, cues, finder, quoted)
    by_verbs, by_phrases = engine.run(sentences)
    # An attribution phrase inside a verb's report ("…, nach Angaben der Entführer, …,
    # erklärte ein Sprecher") is part of it.
    verb_quotes = Intervals(by_verbs)
    found = by_verbs + [q for q in by_phrases if not verb_quotes.overlaps(q.start, q.end)]
    found.sort(key=lambda q: (q.start, -q.end))
    kept: list[IndirectQuote] = []
    kept_end = -1  # sorted by start: a quote is inside a kept one iff it ends before this
    for quote in found:
        if quote.end <= kept_end:
            continue  # reported inside a reported clause: part of the outer quote
        kept.append(quote)
        kept_end = max(kept_end, quote.end)
    return kept


class _Finder:
    def __init__(self, doc: Doc, cues: QuoteCues, finder: SpeakerFinder, quoted: set[int]):
        self.doc = doc
        self.cues = cues
        self.finder = finder
        self.quoted = quoted
        self.has_dep = doc.has_annotation("DEP")
        self.has_pos = doc.has_annotation("POS")
        self.mark_chars = frozenset("".join(m for pair in cues.quote_marks for m in pair))

    def run(self, sentences: list[tuple[int, int]]
            ) -> tuple[list[IndirectQuote], list[IndirectQuote]]:
        """The quotes of reporting verbs and those of attribution phrases."""
        found, by_phrases = [], []
        for lo, hi in sentences:
            for i in range(lo, hi):
                token = self.doc[i]
                if i in self.quoted or not self.finder.is_reporting_verb(token):
                    continue
                clause = (self._complement(token) if self.has_dep
                          else self._complementizer_clause(token, hi))
                if clause is not None:
                    found.append(IndirectQuote(*clause, i, self.finder.for_verb(token, lo, hi)))
            by_phrases.extend(self._attribution_phrases(lo, hi))
        return found, by_phrases

    # -- reporting verbs ------------------------------------------------------------------
    def _complement(self, verb: Token) -> tuple[int, int] | None:
        for child in verb.children:
            if child.dep_ not in CLAUSE_DEPS:
                continue
            if child.dep_ == "oc" and not any(
                c.dep_ in CLAUSE_MARK_DEPS or self.cues.is_subject(c) for c in child.children
            ):
                continue  # TIGER verb chain or infinitive, not a reported clause
            clause = self._trim(child.left_edge.i, child.right_edge.i + 1)
            if clause is not None:
                return clause
        return None

    def _complementizer_clause(self, verb: Token, hi: int) -> tuple[int, int] | None:
        doc = self.doc
        for j in range(verb.i + 1, min(verb.i + 2 + MAX_COMPLEMENTIZER_DISTANCE, hi)):
            token = doc[j]
            if j in self.quoted or (token.is_punct and token.text != ","):
                return None
            if token.lower_ in self.cues.complementizers:
                end = j + 1
                while end < hi and doc[end].text not in _CLAUSE_STOPS:
                    end += 1
                clause = self._trim(j, end)
                # "She said that." is no clause.
                return clause if clause is not None and clause[1] - clause[0] >= 3 else None
        return None

    # -- attribution phrases --------------------------------------------------------------
    def _attribution_phrases(self, lo: int, hi: int) -> list[IndirectQuote]:
        found = []
        lowers = [t.lower_ for t in self.doc[lo:hi]]
        for phrase in self.cues.attribution_phrases:
            size = len(phrase)
            for k in range(len(lowers) - size + 1):
                if tuple(lowers[k:k + size]) != phrase:
                    continue
                quote = self._attribution(lo + k, lo + k + size, lo, hi)
                if quote is not None:
                    found.append(quote)
        return found

    def _attribution(self, start: int, end: int, lo: int, hi: int) -> IndirectQuote | None:
        doc = self.doc
        if any(i in self.quoted for i in range(start, end)):
            return None
        first_word = self._first_word(lo, hi)
        at_start = start == first_word
        after_comma = start > lo and doc[start - 1].text in (",", "(", "—", "–", ";")
        if not (at_start or after_comma or (self.has_pos and doc[start].pos_ == "ADP")):
            return None  # "o segundo lugar", "sprach laut"
        noun = self._phrase_noun(start, end, hi, at_start)
        if noun is None:
            return None
        np_end, speaker = noun
        if at_start:
            clause = self._trim(np_end, hi)
        elif all(_is_trimmable(t) for t in doc[np_end:hi]):  # the phrase ends the sentence
            clause = self._trim(lo, start)
        else:
            clause = self._trim(lo, hi)
        if clause is None:
            return None
        return IndirectQuote(*clause, start, speaker)

    def _phrase_noun(self, start: int, end: int, hi: int, at_start: bool):
        """(end, Speaker) of the noun phrase that the phrase at [start, end) introduces."""
        doc = self.doc
        if end >= hi:
            return None
        if self.has_dep:
            phrase = set(range(start, end))
            head = next((doc[i] for i in range(end, hi)
                         if doc[i].head.i in phrase or any(c.i in phrase
                                                           for c in doc[i].children)), None)
            if head is None or head.i in self.quoted:
                return None
            np_end = max(noun_phrase(head)[1], head.i + 1)
            return np_end, self.finder.for_head(head)
        np_end = end
        while (np_end < hi and np_end - end < _MAX_NP_TOKENS and doc[np_end].text != ","
               and not is_sentence_end(doc[np_end])):
            np_end += 1
        closed_by_comma = np_end < hi and doc[np_end].text == ","
        if not (closed_by_comma or (not at_start and np_end - end < _MAX_NP_TOKENS)):
            # Nothing closes the phrase ("Laut Polizei ist …"): take its first word and the
            # capitalised words after it.
            np_end = end + 1
            while np_end < hi and doc[np_end].text[:1].isupper():
                np_end += 1
        if np_end == end:
            return None
        return np_end, self.finder.for_range(end, np_end)

    # -- helpers --------------------------------------------------------------------------
    def _first_word(self, lo: int, hi: int) -> int:
        i = lo
        while i < hi and (self.doc[i].is_punct or self.doc[i].is_space):
            i += 1
        return i

    def _trim(self, start: int, end: int) -> tuple[int, int] | None:
        """Strip punctuation and spaces (but not quotation marks) from both ends; None when
        fewer than two words are left outside direct quotes (the complement of "…," she said
        is the direct quote itself)."""
        doc = self.doc
        while start < end and self._trimmable(doc[start]):
            start += 1
        while end > start and self._trimmable(doc[end - 1]):
            end -= 1
        # A direct quote that the clause cuts (its closing mark hangs on the main verb) is
        # taken in whole.
        while start > 0 and start < end and start in self.quoted and start - 1 in self.quoted:
            start -= 1
        while end < len(doc) and end > start and end - 1 in self.quoted and end in self.quoted:
            end += 1
        words = sum(1 for i in range(start, end)
                    if i not in self.quoted and not (doc[i].is_punct or doc[i].is_space))
        return (start, end) if words >= 2 else None


    def _trimmable(self, token: Token) -> bool:
        """Spaces and punctuation, except brackets and the quotation marks of direct quotes
        inside the clause (a stray mark of an unclosed quote goes)."""
        if token.is_space:
            return True
        if all(ch in self.mark_chars for ch in token.text):
            return token.i not in self.quoted
        return token.is_punct and not token.is_bracket


def _is_trimmable(token: Token) -> bool:
    return token.is_space or (token.is_punct and not token.is_bracket)
