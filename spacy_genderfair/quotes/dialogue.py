"""Direct speech marked by a line-initial dash, as in Ukrainian, Portuguese or Russian fiction.

    — Я прийду, — сказала вона, — але пізніше.
    — Não sei — disse ele.

A line (text between newlines) that starts with a dash (— – ―) followed by text is a dialogue
line. Inside it, a dash between spaces switches between speech and the narrator's remark: the
first switch after speech starts a remark when the speech before it ends in punctuation
("прийду, —") or the word after it is a reporting verb ("— disse"); otherwise the dash belongs
to the speech (Ukrainian copula dash: "Печія — це …"). After a remark, the next dash resumes
the speech.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass

from .cues import DIALOGUE_DASHES

_LINE = re.compile(r"[^\n]+")
_LINE_START = re.compile(rf"[^\S\n]*([{DIALOGUE_DASHES}])[^\S\n]*(?=[^\s{DIALOGUE_DASHES}])")
_SWITCH = re.compile(rf"[^\S\n]+([{DIALOGUE_DASHES}])[^\S\n]+(?=\S)")
_WORD = re.compile(r"\w+")
_SPEECH_END = ",.!?…:;"
_CLOSING = "»“”\"’‘›‹«)"


@dataclass(frozen=True)
class DialogueTurn:
    """One stretch of speech of a dialogue line.

    start (int): offset of the dash that opens the speech.
    end (int): offset just after the speech (trailing spaces excluded).
    frame (Optional[tuple[int, int]]): the narrator's remark that attributes it: the remark
        right after the speech, else the one right before it.
    """

    start: int
    end: int
    frame: tuple[int, int] | None


def find_dialogue_turns(text: str, is_frame_word: Callable[[str], bool]) -> list[DialogueTurn]:
    """Find the speech of every dialogue line of ``text``.

    text (str): the text.
    is_frame_word (Callable[[str], bool]): whether a lower-cased word is a reporting verb form
        (lets "— Não sei — disse ele" switch to a remark without a comma).
    RETURNS (list[DialogueTurn]): the turns in text order.
    """
    turns: list[DialogueTurn] = []
    for line in _LINE.finditer(text):
        head = _LINE_START.match(text, line.start(), line.end())
        if head is not None:
            turns.extend(_line_turns(text, head.start(1), line.end(), is_frame_word))
    return turns


def _line_turns(text: str, start: int, end: int, is_frame_word) -> list[DialogueTurn]:
    speeches: list[tuple[int, int]] = []
    remarks: list[tuple[int, int]] = []
    in_speech, segment_start = True, start
    for switch in _SWITCH.finditer(text, start + 1, end):
        if in_speech:
            before = text[segment_start:switch.start()].rstrip(_CLOSING)
            word = _WORD.match(text, switch.end())
            if not (before.endswith(tuple(_SPEECH_END))
                    or (word is not None and is_frame_word(word.group().lower()))):
                continue  # a dash inside the speech
            speeches.append((segment_start, switch.start()))
            segment_start = switch.end()
        else:
            remarks.append((segment_start, switch.start()))
            segment_start = switch.start(1)
        in_speech = not in_speech
    while end > segment_start and text[end - 1].isspace():
        end -= 1
    (speeches if in_speech else remarks).append((segment_start, end))
    turns = []
    # Speech and remarks alternate, so the nearest remark on either side is adjacent.
    for s_start, s_end in speeches:
        after = next((r for r in remarks if r[0] >= s_end), None)
        before = next((r for r in reversed(remarks) if r[1] <= s_start), None)
        turns.append(DialogueTurn(s_start, s_end, after or before))
    return turns
