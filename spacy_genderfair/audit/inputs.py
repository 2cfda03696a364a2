"""The audit's input: CORPUS paths as one stream of items, every input record accounted for.

A CORPUS path is a JSONL file (one article per line), a folder of ``.txt`` files (one
article per file), a single ``.txt`` file, or a ``.spacy`` DocBin of already-parsed docs.
Each line of a JSONL file, each ``.txt`` file and each doc of a DocBin becomes exactly one
``InputItem``: an article to analyse, or a bad record with its reason. ``seq`` numbers the
items over all paths in the order given, so that a run can be resumed by it.
"""

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from datetime import date as Date
from datetime import datetime
from pathlib import Path

from spacy.tokens import Doc, DocBin
from spacy.vocab import Vocab

from ..corpus.records import BadRecord, Utf8Error, open_input, read_records, read_utf8

JSONL_SUFFIXES = (".jsonl", ".ndjson", ".json")
DOCBIN_SUFFIX = ".spacy"
TEXT_SUFFIX = ".txt"
# YYYY, YYYY-MM, YYYY-MM-DD, optionally followed by a time ("T10:00Z", " 10:00:00+01:00").
_ISO_DATE = re.compile(r"(\d{4})(?:-(\d{2})(?:-(\d{2})([T ].+)?)?)?")


class InputError(ValueError):
    """A CORPUS path the audit cannot read at all (missing, of an unknown kind, corrupt)."""


@dataclass(frozen=True)
class InputItem:
    """One input record.

    seq (int): 0-based position over all inputs.
    id (str): the record's id (``--id-field``, else file name and line).
    source (str): the CORPUS path as given.
    line (int | None): 1-based JSONL line, 0-based DocBin index, None for a ``.txt`` file.
    date (str | None): the raw date value.
    year, month (int | None): the parsed date.
    text (str | None): the article (JSONL, ``.txt``).
    doc (Doc | None): the parsed article (DocBin).
    reason (str | None): why the record is bad; None for a good one.
    """

    seq: int
    id: str
    source: str
    line: int | None
    date: str | None = None
    year: int | None = None
    month: int | None = None
    text: str | None = None
    doc: Doc | None = None
    reason: str | None = None

    @property
    def is_bad(self) -> bool:
        return self.reason is not None

    @property
    def where(self) -> str:
        """The record's place for an error message: ``corpus.jsonl line 3``."""
        return self.source if self.line is None else f"{self.source} line {self.line}"


def parse_date(value) -> tuple[str | None, int | None, int | None]:
    """A record's date as ``(raw, year, month)``.

    value: an ISO date ("2019-03-04", "2019-03", "2019-03-04T10:00Z"), a year (2019 or
        "2019"), or None / "" (no date).
    RETURNS (tuple): the raw value as a string, the year, the month (None for a year alone).
    RAISES (ValueError): "invalid date '...'" for anything else.
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        return None, None, None
    raw = str(value)
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 9999:
        return raw, value, None
    match = _ISO_DATE.fullmatch(raw.strip()) if isinstance(value, str) else None
    if match is None:
        raise ValueError(f"invalid date '{raw}'")
    year, month, day, time = match.groups()
    try:
        if time is not None:
            datetime.fromisoformat(raw.strip())
        elif day is not None:
            Date(int(year), int(month), int(day))
        elif month is not None and not 1 <= int(month) <= 12:
            raise ValueError(month)
        if int(year) < 1:
            raise ValueError(year)
    except ValueError:
        raise ValueError(f"invalid date '{raw}'") from None
    return raw, int(year), int(month) if month is not None else None


def input_kind(path: str | Path) -> str:
    """``jsonl``, ``txt`` (a file or a folder of them) or ``docbin``; InputError otherwise."""
    path = Path(path)
    if path.is_dir():
        return "txt"
    if not path.is_file():
        raise InputError(f"Input not found: {path}")
    suffix = path.suffix.lower()
    if suffix in JSONL_SUFFIXES:
        return "jsonl"
    if suffix == DOCBIN_SUFFIX:
        return "docbin"
    if suffix == TEXT_SUFFIX:
        return "txt"
    raise InputError(f"Cannot read {path}: give JSONL (.jsonl, .ndjson, .json), a .spacy "
                     "DocBin, a .txt file or a folder of .txt files.")


def input_files(path: str | Path) -> list[Path]:
    """The files a CORPUS path stands for: a folder's ``.txt`` files (recursively, sorted),
    else the path itself."""
    path = Path(path)
    if path.is_dir():
        return sorted(p for p in path.rglob(f"*{TEXT_SUFFIX}") if p.is_file())
    return [path]


def read_inputs(
    paths: Iterable[str | Path],
    *,
    vocab: Vocab | None = None,
    id_field: str | None = None,
    text_field: str = "text",
    date_field: str | None = None,
) -> Iterator[InputItem]:
    """Yield one InputItem per input record of ``paths``, in order, ``seq`` counting from 0.

    paths (Iterable[str | Path]): the CORPUS paths, as given on the command line.
    vocab (Vocab | None): the vocab to read DocBin docs into (needed for ``.spacy`` paths).
    id_field (str | None): JSONL field (DocBin: ``doc.user_data`` key) holding the id.
        Defaults to None: the file name and line.
    text_field (str): JSONL field holding the text. Defaults to "text".
    date_field (str | None): JSONL field (DocBin: ``doc.user_data`` key) holding the date.
        Defaults to None: no dates.
    """
    seq = 0
    for path in paths:
        kind = input_kind(path)
        if kind == "jsonl":
            items = _jsonl_items(str(path), id_field, text_field, date_field)
        elif kind == "docbin":
            if vocab is None:
                raise InputError(f"Reading {path} needs the pipeline's vocab.")
            items = _docbin_items(str(path), vocab, id_field, date_field)
        else:
            items = _txt_items(str(path))
        for item in items:
            yield replace(item, seq=seq)
            seq += 1


def _fields(source: str, line: int | None, default_id: str, fields: dict, id_field: str | None,
            date_field: str | None, **content) -> InputItem:
    """An item from a record's id and date fields; bad when either does not read."""
    record_id = default_id
    if id_field is not None:
        value = fields.get(id_field)
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            return InputItem(-1, default_id, source, line,
                             reason=f"no string or number field '{id_field}'")
        record_id = str(value)
    raw_date = fields.get(date_field) if date_field is not None else None
    try:
        raw, year, month = parse_date(raw_date)
    except ValueError as err:
        return InputItem(-1, record_id, source, line, date=str(raw_date), reason=str(err))
    return InputItem(-1, record_id, source, line, raw, year, month, **content)


def _jsonl_items(source: str, id_field: str | None, text_field: str,
                 date_field: str | None) -> Iterator[InputItem]:
    name = Path(source).name
    with open_input(source) as handle:
        for record in read_records(handle, "jsonl", text_field):
            default_id = f"{name}:{record.line_no}"
            if isinstance(record, BadRecord):
                yield InputItem(-1, default_id, source, record.line_no, reason=record.reason)
                continue
            # read_records has checked the line is a JSON object with a string text field.
            fields = json.loads(record.line) if id_field or date_field else {}
            yield _fields(source, record.line_no, default_id, fields, id_field, date_field,
                          text=record.text)


def _txt_items(source: str) -> Iterator[InputItem]:
    root = Path(source)
    for path in input_files(root):
        item_id = path.relative_to(root).as_posix() if root.is_dir() else path.name
        try:
            text = read_utf8(path)
        except Utf8Error as err:
            yield InputItem(-1, item_id, source, None,
                            reason=f"{err.reason} of line {err.line_no}")
            continue
        if not text.strip():
            yield InputItem(-1, item_id, source, None, reason="empty file")
            continue
        yield InputItem(-1, item_id, source, None, text=text)


def _docbin_items(source: str, vocab: Vocab, id_field: str | None,
                  date_field: str | None) -> Iterator[InputItem]:
    try:
        doc_bin = DocBin(store_user_data=True).from_disk(source)
    except (ValueError, OSError, KeyError) as err:
        raise InputError(f"Cannot read the DocBin {source}: {err}") from None
    name = Path(source).name
    for index, doc in enumerate(doc_bin.get_docs(vocab)):
        yield _fields(source, index, f"{name}:{index}", doc.user_data, id_field, date_field,
                      doc=doc)


__all__ = ["InputError", "InputItem", "input_files", "input_kind", "parse_date",
           "read_inputs"]
