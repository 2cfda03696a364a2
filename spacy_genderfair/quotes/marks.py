"""Direct quotes delimited by quotation marks, found on the characters of a text.

The scanner pairs each opening mark with a closing mark of its pair, with nesting („… ‚…‘ …“),
and returns the outermost quotes: a quote inside a quote is part of its outer quote's content.
It never trusts an opening mark blindly: an opening mark whose quote is not closed before a
paragraph break (a blank line), before ``max_sentences`` sentence ends, or before the end of
the text is dropped, and the text after it is scanned again without it, so one stray mark
neither swallows the rest of the document nor hides the quotes that follow it.

Marks may be digraphs (the PTB/LaTeX convention ``…'' of tokenised corpora). Marks that can
both open and close (the straight ``"``, and German ``“`` which closes „…“ but
opens “…”) are told apart by their spacing: ``␣"word`` opens, ``word"␣`` closes; when the
spacing does not tell (tokenised text: ``␣"␣``), a mark closes the innermost open quote that
accepts it and opens a new one otherwise.
"""

import re
from dataclasses import dataclass

from .cues import SENTENCE_END

_PARAGRAPH_BREAK = re.compile(r"\n[^\S\n]*\n")
# Characters after which an opening mark may stand (besides whitespace and other marks).
_OPEN_CONTEXT = frozenset("([{<—–-/:;")


@dataclass(frozen=True)
class QuoteMarks:
    """The quotation mark pairs of a language.

    closers (dict[str, frozenset[str]]): the closing marks of each opening mark (German „ is
        closed by “, ” or "). A mark is one character or a digraph (PTB-style `` '').
    """

    closers: dict[str, frozenset[str]]

    @classmethod
    def from_pairs(cls, pairs) -> "QuoteMarks":
        """Build from (open, close) pairs as read from ``quote_marks.tsv``."""
        closers: dict[str, set[str]] = {}
        for open_mark, close_mark in pairs:
            if not (open_mark and close_mark) or max(len(open_mark), len(close_mark)) > 2:
                raise ValueError(f"quote marks must be one or two characters: {open_mark!r} "
                                 f"{close_mark!r}")
            closers.setdefault(open_mark, set()).add(close_mark)
        return cls({mark: frozenset(closes) for mark, closes in closers.items()})

    @property
    def marks(self) -> frozenset[str]:
        return frozenset(self.closers).union(*self.closers.values())

    @property
    def ambiguous(self) -> frozenset[str]:
        """Marks that are an opening mark of one pair and a closing mark of another."""
        return frozenset(self.closers) & frozenset().union(*self.closers.values())


def find_marked_quotes(text: str, marks: QuoteMarks, *, max_sentences: int = 10
                       ) -> list[tuple[int, int]]:
    """Find the outermost quotes of ``text``.

    text (str): the text.
    marks (QuoteMarks): the language's quotation marks.
    max_sentences (int): most sentence ends a quote may contain. Defaults to 10.
    RETURNS (list[tuple[int, int]]): (start, end) character offsets, from the opening mark to
        just after the closing mark, in text order.
    """
    if not marks.closers:
        return []
    return _Scanner(text, marks, max_sentences).run()


class _Scanner:
    def __init__(self, text: str, marks: QuoteMarks, max_sentences: int) -> None:
        self.text = text
        self.marks = marks
        self.ambiguous = marks.ambiguous
        self.mark_chars = frozenset("".join(marks.marks))
        # Longest first, so that the digraph '' wins over a single '.
        self.pattern = re.compile("|".join(
            re.escape(m) for m in sorted(marks.marks, key=len, reverse=True)))
        self.max_sentences = max_sentences
        self.rejected: set[int] = set()  # opening marks found to be unbalanced

    def run(self) -> list[tuple[int, int]]:
        text, n = self.text, len(self.text)
        found: list[tuple[int, int]] = []
        # (offset, closing marks, sentence ends seen before it opened) per open quote
        stack: list[tuple[int, frozenset[str], int]] = []
        sentences = 0  # sentence ends seen so far
        i = 0
        while i < n or stack:
            failed = None  # the open quotes that turned out to be unbalanced
            if i >= n or (stack and text[i] == "\n" and _PARAGRAPH_BREAK.match(text, i)):
                failed = stack  # every quote open here stays open to the end of it
            elif (text[i] in SENTENCE_END and (i == 0 or text[i - 1] not in SENTENCE_END)
                  and _ends_sentence(text, i, self.mark_chars)):
                sentences += 1
                if stack and sentences - stack[0][2] > self.max_sentences:
                    failed = [q for q in stack if sentences - q[2] > self.max_sentences]
            if failed:
                # Forget these opening marks and scan again from just after the outermost,
                # to find the quotes it seemed to contain. Rejecting every failed mark at once
                # keeps the rescans linear.
                self.rejected.update(q[0] for q in failed)
                i = stack[0][0] + 1
                sentences = stack[0][2]
                stack.clear()
                continue
            c = text[i]
            match = self.pattern.match(text, i) if c in self.mark_chars else None
            if match is None:
                i += 1
                continue
            mark = match.group()
            action = self._action(i, mark, stack)
            if action is not None and action >= 0:  # close the quote at stack[action]
                start = stack[action][0]
                del stack[action:]
                if not stack:
                    found.append((start, i + len(mark)))
            elif action == -1:
                stack.append((i, self.marks.closers[mark], sentences))
            i += len(mark)
        return found

    def _action(self, i: int, mark: str, stack: list) -> int | None:
        """What ``mark`` at ``i`` does: close the quote at this stack level (>= 0), open a
        quote (-1) or nothing (None)."""
        text = self.text
        prev = text[i - 1] if i else " "
        after = i + len(mark)
        nxt = text[after] if after < len(text) else " "
        level = next((k for k in range(len(stack) - 1, -1, -1) if mark in stack[k][1]), None)
        # A closing mark is never followed by a letter (don’t, l’été: apostrophes); an
        # opening mark never follows one.
        can_close = level is not None and not nxt.isalnum()
        can_open = (mark in self.marks.closers and i not in self.rejected
                    and not prev.isalnum())
        if mark in self.ambiguous:
            looks_open = ((prev.isspace() or prev in _OPEN_CONTEXT or prev in self.mark_chars)
                          and not nxt.isspace())
            looks_close = not prev.isspace() and not nxt.isalnum()
            if can_close and (looks_close or not looks_open):
                return level
            if can_open and (looks_open or not looks_close):
                return -1
            return None
        if can_close:
            return level
        return -1 if can_open else None


def _ends_sentence(text: str, i: int, mark_chars: frozenset[str]) -> bool:
    """Whether the punctuation at ``i`` ends a sentence: whitespace follows it, possibly after
    closing marks and more punctuation ("Nein!“ Er")."""
    j = i + 1
    while j < len(text) and (text[j] in mark_chars or text[j] in SENTENCE_END):
        j += 1
    return j >= len(text) or text[j].isspace()
