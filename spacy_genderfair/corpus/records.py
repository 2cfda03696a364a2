"""Stream records from text (one entry per line) or JSONL files, accounting for every line.

Every input line becomes exactly one ``Record`` or one ``BadRecord``: invalid UTF-8, malformed
JSON and JSON lines without the text field are reported with their line numbers, never
dropped silently and never a traceback.
"""

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

FORMATS = ("auto", "text", "jsonl")
_JSONL_SUFFIXES = (".jsonl", ".ndjson", ".json")


@dataclass(frozen=True)
class Record:
    index: int  # 0-based position in the input (the GENEUTRAL index)
    text: str
    line: str  # the decoded input line, written back unchanged for kept records

    @property
    def line_no(self) -> int:
        return self.index + 1


@dataclass(frozen=True)
class BadRecord:
    index: int
    reason: str

    @property
    def line_no(self) -> int:
        return self.index + 1


class Utf8Error(ValueError):
    """A file is not valid UTF-8. The message names the file, the line and the byte."""

    def __init__(self, path: str | Path, err: UnicodeDecodeError) -> None:
        data = err.object
        self.path = Path(path)
        # 1-based line, 0-based byte within it: where an editor's cursor would go.
        self.line_no = data.count(b"\n", 0, err.start) + 1
        self.byte = err.start - (data.rfind(b"\n", 0, err.start) + 1)
        self.reason = f"invalid UTF-8 at byte {self.byte}"
        super().__init__(f"{path} line {self.line_no}: {self.reason}")


def read_utf8(path: str | Path) -> str:
    """The text of a UTF-8 file. Raises Utf8Error naming the file and the bad line (where
    ``Path.read_text`` only gives a byte offset into the whole file)."""
    data = Path(path).read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise Utf8Error(path, err) from None


def json_error_reason(err: json.JSONDecodeError) -> str:
    """A readable reason for a JSON line that does not parse. ``err.msg`` may end with
    "at" ("Unterminated string starting at"), so the column must follow without another
    "at"."""
    joint = " " if err.msg.endswith(" at") else " at "
    return f"malformed JSON ({err.msg}{joint}column {err.colno})"


class BadInputError(ValueError):
    """Raised with ``on_error="fail"`` at the first bad line."""

    def __init__(self, path: str, record: BadRecord) -> None:
        super().__init__(f"{path} line {record.line_no}: {record.reason}")
        self.record = record


def resolve_format(path: str | Path, fmt: str) -> str:
    if fmt not in FORMATS:
        raise ValueError(f"Unknown input format '{fmt}'. Use one of: {', '.join(FORMATS)}.")
    if fmt != "auto":
        return fmt
    return "jsonl" if str(path).lower().endswith(_JSONL_SUFFIXES) else "text"


def open_input(path: str | Path) -> BinaryIO:
    """Open ``path`` for binary reading; ``-`` is standard input."""
    if str(path) == "-":
        return sys.stdin.buffer
    return open(path, "rb")


def read_records(
    handle: BinaryIO, fmt: str = "text", field: str = "text", progress=None
) -> Iterator[Record | BadRecord]:
    """Yield one Record or BadRecord per input line, in order, with constant memory.

    handle (BinaryIO): the input, read line by line as bytes (so bad UTF-8 is per line).
    fmt (str): "text" (the line is the entry) or "jsonl" (the entry is ``obj[field]``).
    field (str): the JSONL field holding the text. Defaults to "text".
    progress: optional tqdm-like object; ``update(n_bytes)`` is called per line.
    """
    for index, raw in enumerate(handle):
        if progress is not None:
            progress.update(len(raw))
        raw = raw.rstrip(b"\r\n")
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            yield BadRecord(index, f"invalid UTF-8 at byte {err.start}")
            continue
        if fmt == "text":
            yield Record(index, line, line)
            continue
        if not line.strip():
            yield BadRecord(index, "empty line (expected a JSON object)")
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as err:
            yield BadRecord(index, json_error_reason(err))
            continue
        except RecursionError:  # json's decoder recurses once per nesting level
            yield BadRecord(index, "malformed JSON (nested too deeply)")
            continue
        text = obj.get(field) if isinstance(obj, dict) else None
        if not isinstance(text, str):
            yield BadRecord(index, f"no string field '{field}'")
            continue
        yield Record(index, text, line)
