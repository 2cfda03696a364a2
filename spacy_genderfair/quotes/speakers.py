"""Speaker attribution: who says a quote, and which actor that is.

A quote's speaker is the subject of its reporting verb. For a direct quote the reporting verb
is found in the quote's frame — the words right after the quote up to the end of the sentence
("…“, sagte Merkel." / "…," she said), or right before it when they end in a colon or comma,
or end in the verb itself (Sie sagte: „…“ / He said, "…" / und gesagt "…") — and, for dialogue
dashes, in the narrator's remark (— …, — сказала вона). A colon frame before the quote wins
over a frame after it; otherwise the frame after it wins — except for a quote that closes its
sentence ("…work." Mary Jones said nothing.): the words after it are a sentence of their own,
so the verb that introduces it in its own sentence wins (a reporting verb, a verb the quote
depends on: "Brown called it '…'", or the verb before a colon), and after a colon the next
sentence is never its frame. With a parse, a reporting verb that
the parse links to the quote (the quote is its ccomp, or it is a parataxis on the quote) counts
too. A frame never crosses a paragraph break, and a quote that ends (starts) a line has no
frame after (before) it.

With a dependency parse the speaker is the verb's subject (nsubj / TIGER sb, never a passive
subject; none for a dropped or impersonal subject). Without a parse it is, before the verb, the
words that open the clause when they are at most four ("Frau Schmidt sagte", "O ministro
disse") or else the mention that ends next to the verb, and after the verb the mention that
starts next to it ("sagte sie", "disse ele", "said Merkel") or else the words that close the
clause when they are at most three ("запитав слідчий.", "disse o ministro."); a pronoun after
the verb wins over a non-pronoun before it ("Dann sagte sie"). Mentions are the
``actor_mentions`` spans (when actor_linker ran) and PERSON entities, and outside them personal
pronouns and runs of capitalised words.

A speaker becomes an actor (``kb_id_``) through the shortest ``actor_mentions`` span that
contains the speaker's head token, or failing that one inside the subject's subtree (an
apposition: "the coach, Kim Ho,"); the speaker span is then that actor mention.
"""

from bisect import bisect_left
from dataclasses import dataclass

from spacy.tokens import Doc, Span, Token

from ..extensions import SPANS_ACTOR_MENTIONS
from .cues import CLAUSE_DEPS, QuoteCues
from .syntax import (
    is_line_break,
    is_paragraph_break,
    is_sentence_end,
    noun_phrase,
    subject_of,
)

# How far a frame reaches from its quote, in tokens.
MAX_FRAME_TOKENS = 15
# Dependencies that link a quote and its reporting verb: the quote is the verb's clause, or
# the verb's clause is a parenthetical on the quote (UD parataxis).
LINK_DEPS = CLAUSE_DEPS | {"parataxis", "par"}
# Words allowed between a speaker and its verb without a parse ("sagte dann Merkel").
_MAX_GAP = 1
# The most words a clause may have before its verb for them all to be taken for the subject
# without a parse ("Die Johannesburger Zeitung berichtete, dass").
MAX_OPENING_WORDS = 4
# … and after it, up to the end of the clause ("запитав слідчий.", "disse o ministro.").
MAX_CLOSING_WORDS = 3
_NAME_INNER = frozenset("'’-")


@dataclass(frozen=True)
class Speaker:
    """A quote's speaker.

    start (int), end (int): the token range of the speaker mention (the actor mention when
        there is one, else the subject's noun phrase).
    actor (str): the actor id ("" when unknown).
    """

    start: int
    end: int
    actor: str = ""


class SpeakerFinder:
    """Finds the speakers of one document's quotes.

    doc (Doc): the document.
    cues (QuoteCues): the language's cues.
    quoted (set[int]): indices of the tokens inside direct quotes (never speakers, never frame).
    """

    def __init__(self, doc: Doc, cues: QuoteCues, quoted: set[int]) -> None:
        self.doc = doc
        self.cues = cues
        self.quoted = quoted
        self.has_dep = doc.has_annotation("DEP")
        self.has_pos = doc.has_annotation("POS")
        self.actor_mentions: list[Span] | None = (
            list(doc.spans[SPANS_ACTOR_MENTIONS]) if SPANS_ACTOR_MENTIONS in doc.spans else None
        )
        self._mentions: list[tuple[int, int]] | None = None

    def is_reporting_verb(self, token: Token, *, any_verb: bool = False) -> bool:
        """See ``QuoteCues.is_reporting_verb``."""
        return self.cues.is_reporting_verb(token, has_pos=self.has_pos, any_verb=any_verb)

    # -- frames of direct quotes ----------------------------------------------------------
    def for_direct(self, start: int, end: int) -> tuple[Token, Speaker | None] | None:
        """The reporting verb and speaker of the direct quote at tokens [start, end)."""
        pre_start, pre_end = self._frame_before(start)
        post_start, post_end, introduces_next = self._frame_after(end)
        pre_last = self._last_word(pre_start, pre_end)
        pre_ok = pre_last is not None and (
            pre_last.text in (":", ",") or self.is_reporting_verb(pre_last)
        )
        closes = self._closes_sentence(start, end)
        if closes:
            # The words after the quote are a sentence of their own ("…work." Mary Jones
            # said nothing.): its subject is no speaker while the quote's own sentence has one.
            found = self._own_sentence_speaker(pre_start, pre_end, start, end)
            if found is not None:
                return found
        colon = pre_ok and pre_last.text == ":"
        order = []
        if colon:
            order.append((pre_start, pre_end, True))
        # A colon says the speaker comes before: a closed quote after one never takes the
        # next sentence's subject, even where no verb before it is known (no tags).
        if not introduces_next and not (closes and colon):
            order.append((post_start, post_end, False))
        if pre_ok and pre_last.text != ":":
            order.append((pre_start, pre_end, True))
        for lo, hi, last in order:
            verb = self._reporting_verb(lo, hi, last=last)
            if verb is not None:
                return verb, self.for_verb(verb, lo, hi)
        verb = self._linked_verb(start, end) if self.has_dep else None
        if verb is not None:
            lo, hi = verb.sent.start, verb.sent.end
            return verb, self.for_verb(verb, lo, hi)
        return None

    def _closes_sentence(self, start: int, end: int) -> bool:
        """Whether the quote at [start, end) ends its sentence: sentence punctuation closes
        the speech, and no lower-case word after it carries the sentence on ("…?" asked
        Mary. / "…!" she said.)."""
        doc = self.doc
        last = end - 1
        while last > start and doc[last].is_punct and not is_sentence_end(doc[last]):
            last -= 1  # the closing marks
        if last <= start or not is_sentence_end(doc[last]):
            return False
        following = next((t for t in doc[end:end + MAX_FRAME_TOKENS] if not t.is_space), None)
        return following is None or not following.text[:1].islower()

    def _own_sentence_speaker(self, pre_start: int, pre_end: int, start: int, end: int
                              ) -> tuple[Token, Speaker] | None:
        """The verb that introduces a quote from the words before it in its sentence, with
        its speaker: a reporting verb ("Smith said on Monday “…”"), with a parse a verb the
        quote depends on ("Brown called it “…”"), or the verb before a colon ("Smith
        disagreed: “…”"). None when that sentence gives no speaker."""
        verb = self._reporting_verb(pre_start, pre_end, last=True)
        if verb is None and self.has_dep:
            verb = self._governing_verb(pre_start, pre_end, start, end)
        last = self._last_word(pre_start, pre_end)
        if verb is None and last is not None and last.text == ":":
            verb = self._reporting_verb(pre_start, pre_end, last=True, any_verb=True)
        speaker = self.for_verb(verb, pre_start, pre_end) if verb is not None else None
        return None if speaker is None else (verb, speaker)

    def _governing_verb(self, lo: int, hi: int, start: int, end: int) -> Token | None:
        """A verb in [lo, hi) that a word of the quote at [start, end) depends on."""
        for token in self.doc[start:end]:
            head = token.head
            if lo <= head.i < hi and head.i not in self.quoted and head.pos_ in ("VERB", "AUX"):
                return head
        return None

    def _linked_verb(self, start: int, end: int) -> Token | None:
        """A reporting verb outside the quote that the parse links to it: the quote is its
        complement (He said that "…") or it hangs on the quote (— Não sei — disse ele)."""
        for token in self.doc[start:end]:
            head = token.head
            if (token.dep_ in LINK_DEPS and not start <= head.i < end
                    and head.i not in self.quoted and self.is_reporting_verb(head)):
                return head
            for child in token.children:
                if (child.dep_ in LINK_DEPS and not start <= child.i < end
                        and child.i not in self.quoted and self.is_reporting_verb(child)):
                    return child
        return None

    def for_remark(self, lo: int, hi: int) -> tuple[Token, Speaker | None] | None:
        """The verb and speaker of a dialogue remark at tokens [lo, hi)."""
        verb = self._reporting_verb(lo, hi, last=False, any_verb=True)
        if verb is None:
            return None
        return verb, self.for_verb(verb, lo, hi)

    def _frame_before(self, start: int) -> tuple[int, int]:
        doc = self.doc
        if start > 0 and is_line_break(doc[start - 1]) and not (
                start > 1 and doc[start - 2].text == ":"):
            return start, start  # the quote opens a line; only "…:" wraps onto it
        i = start
        while i > 0 and start - i < MAX_FRAME_TOKENS:
            token = doc[i - 1]
            if token.i in self.quoted or is_sentence_end(token) or is_paragraph_break(token):
                break
            i -= 1
        return i, start

    def _frame_after(self, end: int) -> tuple[int, int, bool]:
        doc = self.doc
        i, n = end, len(doc)
        if i < n and is_line_break(doc[i]):
            return end, end, False  # the quote ends its line (paragraph)
        while i < n and i - end < MAX_FRAME_TOKENS:
            token = doc[i]
            if token.text == ":":
                return end, i, True  # "… Sie antwortete: „…“" introduces the next quote
            if token.i in self.quoted or is_sentence_end(token) or is_paragraph_break(token):
                break
            i += 1
        return end, i, False

    def _last_word(self, lo: int, hi: int) -> Token | None:
        for i in range(hi - 1, lo - 1, -1):
            if not self.doc[i].is_space:
                return self.doc[i]
        return None

    def _reporting_verb(self, lo: int, hi: int, *, last: bool, any_verb: bool = False
                        ) -> Token | None:
        indices = range(hi - 1, lo - 1, -1) if last else range(lo, hi)
        for i in indices:
            if i not in self.quoted and self.is_reporting_verb(self.doc[i], any_verb=any_verb):
                return self.doc[i]
        return None

    # -- the speaker of a verb ------------------------------------------------------------
    def for_verb(self, verb: Token, lo: int, hi: int) -> Speaker | None:
        """The speaker of ``verb``: its subject, or without a parse the mention next to it
        within [lo, hi).

        verb (Token): the reporting verb.
        lo (int), hi (int): the token window (frame or sentence) the speaker must lie in when
            it is found by adjacency.
        RETURNS (Optional[Speaker]): the speaker, or None.
        """
        if self.has_dep:
            # Trust the parse: no subject is a dropped or impersonal one ("«…», afirmou").
            subject = subject_of(verb, self.cues)
            if subject is None or subject.i in self.quoted:
                return None
            return self.for_head(subject)
        span = self._adjacent_mention(verb, lo, hi)
        return None if span is None else self.for_range(*span)

    def for_range(self, start: int, end: int) -> Speaker:
        """The speaker whose mention is the tokens [start, end) (found without a parse)."""
        return self._with_actor(start, end, range(start, end))

    def for_head(self, head: Token) -> Speaker:
        """The speaker whose mention is the noun phrase of ``head``."""
        start, end = noun_phrase(head) if self.has_dep else (head.i, head.i + 1)
        subtree = range(head.left_edge.i, head.right_edge.i + 1) if self.has_dep else ()
        return self._with_actor(start, end, subtree, head=head.i)

    def _with_actor(self, start: int, end: int, around, head: int | None = None) -> Speaker:
        if not self.actor_mentions:
            return Speaker(start, end)
        inside = [m for m in self.actor_mentions
                  if (head is not None and m.start <= head < m.end)
                  or (head is None and m.start < end and start < m.end)]
        if not inside:
            inside = [m for m in self.actor_mentions if m.start in around and m.end - 1 in around]
        if not inside:
            return Speaker(start, end)
        mention = min(inside, key=lambda m: (m.end - m.start, m.start))
        return Speaker(mention.start, mention.end, mention.kb_id_)

    def _adjacent_mention(self, verb: Token, lo: int, hi: int) -> tuple[int, int] | None:
        """The mention right before or right after the verb (see the module docstring)."""
        nearest_before = after = None
        mentions = self.mentions
        first, last = bisect_left(mentions, (lo,)), bisect_left(mentions, (hi,))
        for start, end in mentions[first:last]:
            if end > hi or any(i in self.quoted for i in range(start, end)):
                continue
            if end <= verb.i and self._gap_ok(end, verb.i):
                nearest_before = (start, end)  # mentions are sorted: the last is the nearest
            elif start > verb.i and after is None and self._gap_ok(verb.i + 1, start):
                after = (start, end)
        before = self._clause_opening(verb, lo) or nearest_before
        after = after or self._clause_closing(verb, hi)
        # "Dann sagte sie": a pronoun right after the verb is its subject in verb-second
        # order, whatever word opens the sentence.
        if after is not None and self._is_pronoun(after) and not (
                before is not None and self._is_pronoun(before)):
            return after
        return before or after

    def _clause_opening(self, verb: Token, lo: int) -> tuple[int, int] | None:
        """The words between the start of the clause and the verb when they are few ("O
        ministro disse", "Frau Schmidt sagte"): the subject in subject-verb order."""
        i = verb.i
        while i > lo:
            token = self.doc[i - 1]
            if token.is_punct or token.is_space or token.i in self.quoted:
                break
            i -= 1
            if verb.i - i > MAX_OPENING_WORDS:
                return None
        return (i, verb.i) if i < verb.i else None

    def _clause_closing(self, verb: Token, hi: int) -> tuple[int, int] | None:
        """The words between the verb and the end of its clause when they are few ("запитав
        слідчий.", "disse o ministro."): an inverted subject that is no capitalised name."""
        i = verb.i + 1
        while i < hi:
            token = self.doc[i]
            if token.is_punct or token.is_space or token.i in self.quoted:
                break
            i += 1
            if i - verb.i - 1 > MAX_CLOSING_WORDS:
                return None
        if i == verb.i + 1 or not (i == hi or self.doc[i].is_punct):
            return None
        return verb.i + 1, i

    def _gap_ok(self, lo: int, hi: int) -> bool:
        words = [t for t in self.doc[lo:hi] if not t.is_space]
        return len(words) <= _MAX_GAP and not any(t.is_punct for t in words)

    def _is_pronoun(self, span: tuple[int, int]) -> bool:
        return span[1] - span[0] == 1 and self.doc[span[0]].lower_ in self.cues.pronouns

    @property
    def mentions(self) -> list[tuple[int, int]]:
        """Candidate speaker mentions, sorted: actor mentions (when actor_linker ran) and
        PERSON entities, then personal pronouns and runs of capitalised words outside them."""
        if self._mentions is None:
            self._mentions = sorted(self._find_mentions())
        return self._mentions

    def _find_mentions(self) -> set[tuple[int, int]]:
        doc = self.doc
        found = {(m.start, m.end) for m in self.actor_mentions or ()}
        found |= {(e.start, e.end) for e in doc.ents if e.label_ in self.cues.person_labels}
        covered = {i for start, end in found for i in range(start, end)}
        run_start = None
        for token in [*doc, None]:
            if token is not None and token.i not in covered and token.lower_ in self.cues.pronouns:
                found.add((token.i, token.i + 1))
            if token is not None and token.i not in covered and self._capitalised(token):
                if run_start is None:
                    run_start = token.i
                continue
            if run_start is not None:
                found.add((run_start, token.i if token is not None else len(doc)))
                run_start = None
        return found

    def _capitalised(self, token: Token) -> bool:
        text = token.text
        if token.lower_.rstrip(".") in self.cues.honorifics:
            return True
        # Names may hold apostrophes and hyphens: О'Райлі, Prem'єr, Jean-Luc.
        return (text[:1].isupper() and all(ch.isalpha() or ch in _NAME_INNER for ch in text)
                and token.lower_ not in self.cues.pronouns)
