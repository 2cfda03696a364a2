"""Reading a probing-sentence corpus: text, JSONL, CoNLL-U and DocBin files, each input record
counted, bad ones reported with their line (``BadInput``), and every text cut into pieces the
parser can take (``MAX_PIECE_CHARS``) with the input line of each of its characters
(``TextSource``).
"""

import json
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path
from typing import Protocol

from spacy.tokens import Doc, DocBin

from .pieces import piece_offsets, split_text
from .records import BadRecord, read_records

INPUT_FORMATS = ("auto", "text", "jsonl", "conllu", "spacy")
PARAGRAPH_MODES = ("blank", "line")
_SUFFIXES = {
    "text": (".txt",),
    "jsonl": (".jsonl", ".ndjson", ".json"),
    "conllu": (".conllu", ".conll"),
    "spacy": (".spacy",),
}
# Lines are joined into a paragraph up to this many characters (a longer line stays whole).
MAX_PARAGRAPH_CHARS = 100_000
# The most characters the parser gets in one Doc: a longer paragraph is cut into pieces at
# sentence ends. The parser's memory grows with the characters of a batch: a 1.2 MB line
# took 4.3 GB in pieces of 100,000 characters, 0.66 GB in pieces of 2,000 (batches of 64).
MAX_PIECE_CHARS = 2_000
# doc.user_data key of (surface text, [(start, end) per token]) for CoNLL-U documents, whose
# tokens are syntactic words: the surface span of "de" and "as" is that of "das".
SURFACE_KEY = "genderfair_surface"

@dataclass(frozen=True)
class BadInput:
    source: str
    line_no: int | None  # None for a whole file (an unreadable DocBin)
    reason: str

    def __str__(self) -> str:
        where = f"{self.source} line {self.line_no}" if self.line_no else self.source
        return f"{where}: {self.reason}"


@dataclass(frozen=True)
class TextSource:
    """Where a text comes from: its file and the input line each of its characters is on.

    file (str): the file's name.
    lines (tuple[tuple[int, int], ...]): ``(first character, line number)`` of each input
        line in the text, in order, the first at character 0.
    """

    file: str
    lines: tuple[tuple[int, int], ...]

    def at(self, char: int) -> str:
        """``"file:line"`` of the line the character at offset ``char`` is on."""
        index = max(bisect_right(self.lines, char, key=itemgetter(0)) - 1, 0)
        return f"{self.file}:{self.lines[index][1]}"

    def piece(self, start: int, length: int) -> "TextSource":
        """The source of ``text[start:start + length]``, with offsets from ``start``."""
        first = max(bisect_right(self.lines, start, key=itemgetter(0)) - 1, 0)
        end = max(bisect_left(self.lines, start + length, key=itemgetter(0)), first + 1)
        return TextSource(self.file, tuple((max(offset - start, 0), line_no)
                                           for offset, line_no in self.lines[first:end]))



class RecordCounter(Protocol):
    """What a reader counts its input records in (``SentenceSummary``)."""

    records: int


# -- input -----------------------------------------------------------------------------------
def detect_format(path: str | Path, fmt: str = "auto") -> str:
    """The input format of a file or folder: text | jsonl | conllu | spacy."""
    if fmt not in INPUT_FORMATS:
        raise ValueError(f"Unknown input format '{fmt}'. Use one of: {', '.join(INPUT_FORMATS)}.")
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"Corpus not found: {path}")
    if fmt != "auto":
        return fmt
    if path.is_file():
        for name, suffixes in _SUFFIXES.items():
            if path.suffix.lower() in suffixes:
                return name
        return "text"
    found = [name for name, suffixes in _SUFFIXES.items()
             if any(p.suffix.lower() in suffixes for p in path.rglob("*") if p.is_file())]
    if not found:
        raise ValueError(f"No .txt, .jsonl, .conllu or .spacy files in {path}.")
    if len(found) > 1 and set(found) & {"conllu", "spacy"}:
        # A treebank folder carries LICENSE.txt, README.txt: parsed files take precedence.
        found = [name for name in found if name in ("conllu", "spacy")]
    if len(found) > 1:
        raise ValueError(f"{path} holds several input formats ({', '.join(found)}): pass "
                         "--format to choose one.")
    return found[0]


def corpus_files(path: str | Path, fmt: str) -> list[tuple[Path, str]]:
    """``(file, default work id)`` of a corpus file or folder, sorted. The work id is the
    file's path relative to the folder, without suffix ("machado/dom_casmurro")."""
    path = Path(path)
    if path.is_file():
        return [(path, path.stem)]
    suffixes = _SUFFIXES[fmt]
    files = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in suffixes)
    return [(p, p.relative_to(path).with_suffix("").as_posix()) for p in files]


Accounting = Callable[[BadInput], None]


def read_text_paragraphs(path: Path, work: str, summary: RecordCounter, on_bad: Accounting,
                         *, paragraphs: str = "blank", limit: int = MAX_PIECE_CHARS,
                         progress=None) -> Iterator[tuple[str, tuple[str, TextSource]]]:
    """One work per text file: yield ``(text, (work, source))`` for nlp.pipe, one per
    paragraph or, for a paragraph over ``limit`` characters, per piece of it.

    paragraphs (str): "blank": blank lines separate paragraphs and the lines of a paragraph
        are joined (wrapped text); "line": each line is a paragraph.
    limit (int): the most characters of one text. Defaults to MAX_PIECE_CHARS.
    """
    with open(path, "rb") as handle:
        lines = _good_lines(read_records(handle, "text", progress=progress), path.name,
                            summary, on_bad)
        for paragraph, line_starts in _paragraphs(lines, paragraphs):
            for text, source in _pieces(paragraph, TextSource(path.name, line_starts), limit):
                yield text, (work, source)


def read_jsonl_paragraphs(path: Path, summary: RecordCounter, on_bad: Accounting, *,
                          field: str = "text", work_field: str = "work",
                          id_field: str | None = None, paragraphs: str = "blank",
                          limit: int = MAX_PIECE_CHARS, progress=None
                          ) -> Iterator[tuple[str, tuple[str, TextSource]]]:
    """Yield ``(text, (work, source))`` from JSONL records, per paragraph of the record's
    ``field`` (or per piece of a paragraph over ``limit`` characters); ``source`` is the
    record's line.

    work_field (str): the field holding the work id. A record without it (or with null) is
        a work of its own: its ``id_field`` value, else "file:line".
    id_field (str | None): the field holding the record's id. Defaults to None.
    """
    with open(path, "rb") as handle:
        for record in read_records(handle, "jsonl", field, progress=progress):
            summary.records += 1
            if isinstance(record, BadRecord):
                on_bad(BadInput(path.name, record.line_no, record.reason))
                continue
            try:
                work = _record_work(json.loads(record.line), work_field, id_field)
            except ValueError as err:
                on_bad(BadInput(path.name, record.line_no, str(err)))
                continue
            work = work or f"{path.name}:{record.line_no}"
            source = TextSource(path.name, ((0, record.line_no),))
            lines = enumerate(record.text.splitlines(), start=record.line_no)
            for paragraph, _ in _paragraphs(lines, paragraphs):
                for text, piece_source in _pieces(paragraph, source, limit):
                    yield text, (work, piece_source)


def _record_work(data: dict, work_field: str, id_field: str | None) -> str | None:
    """The work id a JSONL record gives (its work, else its id), or None. Raises ValueError
    for a value that cannot be an id."""
    for name, what in ((work_field, "work id"), (id_field, "record id")):
        value = data.get(name) if name else None
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, str | int) or value == "":
            raise ValueError(f"field '{name}' (the {what}) is not a non-empty string or an "
                             "integer")
        return str(value)
    return None


def _pieces(paragraph: str, source: TextSource, limit: int
            ) -> Iterator[tuple[str, TextSource]]:
    """The paragraph in pieces of at most ``limit`` characters, cut at sentence ends (no
    sentence of the parser spans two pieces unless it is longer than the limit)."""
    for offset, piece in piece_offsets(split_text(paragraph, limit)):
        if piece.strip():
            yield piece, source.piece(offset, len(piece))


def _good_lines(records, name: str, summary: RecordCounter, on_bad: Accounting
                ) -> Iterator[tuple[int, str | None]]:
    for record in records:
        summary.records += 1
        if isinstance(record, BadRecord):
            on_bad(BadInput(name, record.line_no, record.reason))
            yield record.line_no, None  # a bad line ends the paragraph
        else:
            yield record.line_no, record.text


def _paragraphs(lines: Iterable[tuple[int, str | None]], mode: str
                ) -> Iterator[tuple[str, tuple[tuple[int, int], ...]]]:
    """Each paragraph, whitespace normalised, with ``(first character, line number)`` of
    each of its lines."""
    if mode not in PARAGRAPH_MODES:
        raise ValueError(f"Unknown paragraph mode '{mode}': use {', '.join(PARAGRAPH_MODES)}.")
    parts, line_starts, size = [], [], 0
    for line_no, line in lines:
        text = " ".join(line.split()) if line else ""
        if parts and (not text or mode == "line" or size + len(text) > MAX_PARAGRAPH_CHARS):
            yield " ".join(parts), tuple(line_starts)
            parts, line_starts, size = [], [], 0
        if text:
            line_starts.append((size, line_no))
            parts.append(text)
            size += len(text) + 1
    if parts:
        yield " ".join(parts), tuple(line_starts)


def read_conllu_docs(path: Path, work: str, vocab, summary: RecordCounter,
                     on_bad: Accounting, *, progress=None) -> Iterator[tuple[Doc, str, str]]:
    """Yield ``(doc, work, "file:line")`` per CoNLL-U sentence, gold annotation kept; the
    line is the sentence's first (its first comment, else its first word).

    The work is the ``# newdoc id`` in force (``newdoc_id`` too, as in UD Bosque), else
    ``work``. A malformed sentence is reported at its first line and skipped.
    """
    from .conllu import conllu_blocks, sentence_doc

    newdoc = None
    for line_no, rows, comments, error in conllu_blocks(path, progress):
        summary.records += 1
        doc_id = comments.get("newdoc id", comments.get("newdoc_id"))
        if doc_id is not None:
            newdoc = doc_id or None
        if error is None:
            try:
                doc = sentence_doc(vocab, rows, comments)
            except (ValueError, IndexError) as err:
                error = (line_no, f"malformed CoNLL-U sentence ({type(err).__name__}: {err})")
        if error is not None:
            on_bad(BadInput(path.name, error[0], f"{error[1]} (sentence skipped)"))
            continue
        doc.user_data[SURFACE_KEY] = _surface(rows, comments.get("text", ""))
        yield doc, newdoc or work, f"{path.name}:{line_no}"


def _surface(rows: list[list[str]], text: str) -> tuple[str, list[tuple[int, int]]]:
    """The sentence as written and each syntactic word's character span in it (the span of
    its multiword token). The ``# text`` comment is used when it matches the forms."""
    parts: list[str] = []
    offsets: list[tuple[int, int]] = []
    position, mwt_end, mwt_span = 0, 0, (0, 0)
    for cols in rows:
        token_id = cols[0]
        if "." in token_id:
            continue
        if "-" not in token_id and int(token_id) <= mwt_end:
            offsets.append(mwt_span)
            continue
        span = (position, position + len(cols[1]))
        space = "SpaceAfter=No" not in cols[9]
        parts.append(cols[1] + (" " if space else ""))
        position = span[1] + space
        if "-" in token_id:
            mwt_end, mwt_span = int(token_id.split("-")[1]), span
        else:
            offsets.append(span)
    rebuilt = "".join(parts).rstrip()
    return (text if text == rebuilt else rebuilt), offsets


def read_docbin_docs(path: Path, work: str, vocab, summary: RecordCounter,
                     on_bad: Accounting) -> Iterator[tuple[Doc, str, str]]:
    """Yield ``(doc, work, "file#index")`` from a DocBin; the work is the document's
    ``user_data["work"]`` when set, else ``work``. An unreadable file is one bad record."""
    try:
        docbin = DocBin(store_user_data=True).from_disk(path)
    except Exception as err:  # zlib, msgpack, KeyError...: any failure means not a DocBin
        summary.records += 1
        on_bad(BadInput(path.name, None, f"not a readable spaCy DocBin ({err})"))
        return
    for index, doc in enumerate(docbin.get_docs(vocab)):
        summary.records += 1
        doc_work = doc.user_data.get("work")
        yield doc, str(doc_work) if doc_work not in (None, "") else work, f"{path.name}#{index}"
