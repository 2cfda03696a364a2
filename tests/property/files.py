"""Strategies for the bytes of user files: every line a reader may meet.

Lines are well-formed most of the time (so that the readers' real paths run), and otherwise
invalid UTF-8, NUL and control characters, malformed or deeply nested JSON, missing or
mistyped fields, lines of 200,000 characters; joined by LF, CRLF or a lone CR, with or
without a byte-order mark and a final line break.
"""

import json
import re
import shutil
from pathlib import Path

from hypothesis import strategies as st

from .strategies import QUOTE_MARKS, arbitrary_text, control_text

BOM = b"\xef\xbb\xbf"
NEWLINES = (b"\n", b"\n", b"\n", b"\r\n", b"\r")
INVALID_UTF8 = (b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\x80abc",
                b"caf\xe9", b"\xc0\xaf")

any_bytes = st.binary(max_size=30)
invalid_utf8 = st.builds(lambda a, bad, b: a + bad + b, st.binary(max_size=6),
                         st.sampled_from(INVALID_UTF8), st.binary(max_size=6))
huge_text = st.builds(lambda unit, n: unit * n, st.sampled_from(("a", "ж ", "'", '"', "\t", "é")),
                      st.sampled_from((70_000, 200_000)))
deep_json = st.builds(lambda opener, n: opener * n, st.sampled_from(("[", '{"a":')),
                      st.sampled_from((10, 5_000, 100_000))).map(
    lambda s: s + ("]" * s.count("[")) + ("}" * s.count("{")))
plain_text = st.one_of(arbitrary_text, control_text, st.sampled_from(QUOTE_MARKS),
                       st.just(""), st.just("   "))
json_value = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | arbitrary_text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(arbitrary_text, inner,
                                                                 max_size=3),
    max_leaves=6,
)


def json_line(fields: dict):
    """A JSON object with ``fields`` (name -> strategy), each field sometimes missing or
    of another type, and sometimes an extra one."""
    @st.composite
    def build(draw):
        obj = {}
        for name, strategy in fields.items():
            kind = draw(st.integers(0, 9))
            if kind < 7:
                obj[name] = draw(strategy)
            elif kind < 9:
                obj[name] = draw(json_value)
        if draw(st.booleans()):
            obj.update(draw(st.dictionaries(arbitrary_text, json_value, max_size=2)))
        return json.dumps(obj, ensure_ascii=draw(st.booleans()))
    return build()


def encoded(text_strategy):
    return text_strategy.map(lambda text: text.encode("utf-8", "surrogatepass"))


# A line no reader can use.
BAD_LINE = st.one_of(
    invalid_utf8,
    any_bytes,
    encoded(huge_text),
    encoded(deep_json),
    encoded(plain_text),
    st.sampled_from((b"{", b"[]", b"null", b'"text"', b"{'text': 1}", b"\x00", b"{}")),
)


def file_bytes(good_line, max_lines: int = 12):
    """Lines from ``good_line`` (a bytes strategy) mixed with bad ones, joined by any
    newline; maybe a BOM first and no newline last."""
    return _joined(st.lists(st.one_of(good_line, good_line, BAD_LINE), max_size=max_lines))


def clean_file_bytes(good_line, max_lines: int = 12):
    """Lines from ``good_line`` only, joined by any newline."""
    return _joined(st.lists(good_line, max_size=max_lines))


@st.composite
def _joined(draw, lines_strategy) -> bytes:
    lines = draw(lines_strategy)
    out = BOM if draw(st.integers(0, 9)) == 0 else b""
    for index, line in enumerate(lines):
        out += line
        if index < len(lines) - 1 or draw(st.booleans()):
            out += draw(st.sampled_from(NEWLINES))
    return out


def count_lines(data: bytes) -> int:
    """How many lines a binary file iterator yields (it splits on LF only)."""
    return data.count(b"\n") + (0 if not data or data.endswith(b"\n") else 1)


def one_line(text: str) -> str:
    """``text`` with TABs and line breaks as spaces: one cell of a TAB-separated line."""
    return re.sub(r"[\t\r\n]", " ", text)


def fresh_folder(folder: Path) -> Path:
    """An empty ``folder``: the files of the previous example removed."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder
