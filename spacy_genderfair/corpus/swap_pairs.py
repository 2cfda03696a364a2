"""Read gender-swapped sentence pairs: a brat folder of originals + a folder of swapped lines.

Layout (NER-UK v2.0-swapped; any corpus laid out the same way works)::

    ORIGINAL_ROOT/<dir>/X.txt           original text, one sentence/paragraph per line
    ORIGINAL_ROOT/<dir>/X.ann           its brat entities (offsets into X.txt)
    SWAPPED_ROOT/<dir>/X-swapped.txt    only the swapped sentences, one per line
    SWAPPED_ROOT/<dir>/X-swapped.ann    their brat entities (offsets into X-swapped.txt)
    SWAPPED_ROOT/<dir>/X-swapped.meta   one 0-based line index into X.txt per swapped line

The k-th *non-empty* line of ``X-swapped.txt`` is the swap of line ``meta[k]`` of ``X.txt``
(some swapped files hold blank lines between sentences; they are not pairs, only counted).
Lines are split on ``"\\n"`` exactly, as brat offsets count characters of the whole file.

Entities are given per line, as ``(label, start, end, text)`` with offsets relative to the
line. An entity that crosses a line break (brat allows it) is clipped to the part that lies on
the line; its ``text`` is always ``line[start:end]``.

Problems are never dropped silently. A ``.meta`` whose number of indices differs from the
number of non-empty swapped lines, a missing ``.meta``/original file, a non-integer index or
an index past the end of the original raise :class:`SwapDataError` naming the file and line,
or, with ``on_error="skip"``, are recorded in a :class:`PairReport` (a bad index skips that
line; a count mismatch or a missing file skips the document, whose alignment is unknown).
Two swapped lines pointing at the same original line are kept and listed as warnings.
"""

from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import NamedTuple

from .brat import BratEntity, BratFormatError, read_ann
from .records import Utf8Error, read_utf8

SWAPPED_SUFFIX = "-swapped"


class SwapDataError(ValueError):
    """A swapped corpus that cannot be aligned with its originals (file and line named)."""


class LineEntity(NamedTuple):
    """A brat entity relative to its line: ``(label, start, end, text)``."""

    label: str
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class SwapPair:
    """One original sentence and its gender-swapped reference.

    doc_id (str): the original document, as its path under the root without suffix
        (e.g. "ng/003d28360166").
    line_index (int): 0-based line of the original ``X.txt`` (the ``.meta`` value).
    original (str): that line.
    reference (str): the swapped line.
    original_entities (tuple[LineEntity, ...]): entities of the original line.
    reference_entities (tuple[LineEntity, ...]): entities of the swapped line.
    """

    doc_id: str
    line_index: int
    original: str
    reference: str
    original_entities: tuple[LineEntity, ...] = ()
    reference_entities: tuple[LineEntity, ...] = ()

    def to_dict(self) -> dict:
        """JSON-able record (the JSONL format ``genderfair eval-swap`` also reads)."""
        record = asdict(self)
        record["original_entities"] = [list(e) for e in self.original_entities]
        record["reference_entities"] = [list(e) for e in self.reference_entities]
        return record


@dataclass(frozen=True)
class Problem:
    path: str
    line: int | None  # 1-based line of ``path``; None for a whole file
    reason: str


@dataclass
class PairReport:
    """What a read of a swapped corpus found. ``swapped_lines == pairs + skipped_lines``."""

    documents: int = 0
    skipped_documents: int = 0
    swapped_lines: int = 0  # non-empty lines of the swapped files
    pairs: int = 0
    skipped_lines: int = 0
    blank_lines: int = 0  # empty lines of the swapped files (not pairs)
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


def read_swapped_pairs(
    swapped_root: str | Path,
    original_root: str | Path,
    *,
    on_error: str = "fail",
    report: PairReport | None = None,
    documents: Iterable[str] | None = None,
    suffix: str = SWAPPED_SUFFIX,
) -> Iterator[SwapPair]:
    """Yield every swapped line with its original line, document by document (sorted paths).

    swapped_root (str | Path): folder searched recursively for ``*{suffix}.txt``.
    original_root (str | Path): folder with the originals, same sub-folders.
    on_error (str): "fail" raises SwapDataError at the first problem; "skip" records it in
        ``report`` and goes on. Defaults to "fail".
    report (PairReport | None): filled in while reading; required with "skip".
    documents (Iterable[str] | None): read only these document ids (file stems, with or
        without the suffix, e.g. the ids of a split file). Defaults to all.
    suffix (str): stem suffix of swapped files. Defaults to "-swapped".
    """
    if on_error not in ("fail", "skip"):
        raise ValueError(f"on_error must be 'fail' or 'skip', not {on_error!r}")
    if on_error == "skip" and report is None:
        raise ValueError("on_error='skip' needs a PairReport to record what was skipped")
    report = report if report is not None else PairReport()
    swapped_root, original_root = Path(swapped_root), Path(original_root)
    for root, what in ((swapped_root, "swapped"), (original_root, "original")):
        if not root.is_dir():
            raise SwapDataError(f"{what} folder not found: {root}")
    wanted = None if documents is None else {_strip(d, suffix) for d in documents}
    files = sorted(swapped_root.rglob(f"*{suffix}.txt"))
    if not files:
        raise SwapDataError(f"no *{suffix}.txt files under {swapped_root}")
    for swapped_txt in files:
        stem = _strip(swapped_txt.stem, suffix)
        if wanted is not None and stem not in wanted:
            continue
        report.documents += 1
        yield from _read_document(swapped_txt, stem, swapped_root, original_root, on_error,
                                  report)


def read_split(path: str | Path, suffix: str = SWAPPED_SUFFIX) -> dict[str, list[str]]:
    """Read a NER-UK split file (a ``DEV``/``TEST`` header line, then one id per line).

    RETURNS (dict[str, list[str]]): split name -> document ids without ``suffix``.
    """
    splits: dict[str, list[str]] = {}
    current = None
    try:
        text = read_utf8(path)
    except Utf8Error as err:
        raise SwapDataError(str(err)) from None
    for line_no, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        if line.isupper() and line.isalpha():
            current = splits.setdefault(line, [])
        elif current is None:
            raise SwapDataError(f"{path} line {line_no}: document id before a split header")
        else:
            current.append(_strip(line, suffix))
    return splits


def _strip(name: str, suffix: str) -> str:
    return name[: -len(suffix)] if suffix and name.endswith(suffix) else name


def _problem(report: PairReport, on_error: str, path: Path, line: int | None, reason: str):
    where = f"{path} line {line}" if line is not None else str(path)
    if on_error == "fail":
        raise SwapDataError(f"{where}: {reason}")
    report.problems.append(Problem(str(path), line, reason))


def _read_document(swapped_txt: Path, stem: str, swapped_root: Path, original_root: Path,
                   on_error: str, report: PairReport) -> Iterator[SwapPair]:
    rel_dir = swapped_txt.parent.relative_to(swapped_root)
    original_txt = original_root / rel_dir / f"{stem}.txt"
    meta_path = swapped_txt.with_suffix(".meta")
    try:
        text, bad_text = read_utf8(swapped_txt), None
    except Utf8Error as err:
        # Still counted by its lines, so that the swapped lines add up.
        text, bad_text = swapped_txt.read_bytes().decode("utf-8", errors="replace"), err
    swapped_lines = line_spans(text)
    nonempty = [(start, line) for start, line in swapped_lines if line.strip()]
    report.swapped_lines += len(nonempty)
    report.blank_lines += len(swapped_lines) - len(nonempty)

    def skip_document(path: Path, line: int | None, reason: str) -> None:
        _problem(report, on_error, path, line, f"{reason}; document skipped "
                 f"({len(nonempty)} swapped lines)")
        report.skipped_documents += 1
        report.skipped_lines += len(nonempty)

    if bad_text is not None:
        skip_document(swapped_txt, bad_text.line_no, bad_text.reason)
        return
    for path in (meta_path, original_txt):
        if not path.is_file():
            skip_document(path, None, "file not found")
            return
    try:
        meta = read_utf8(meta_path).split("\n")
        original_text = read_utf8(original_txt)
    except Utf8Error as err:
        skip_document(err.path, err.line_no, err.reason)
        return
    while meta and not meta[-1].strip():
        meta.pop()
    if len(meta) != len(nonempty):
        first_bad = min(len(meta), len(nonempty)) + 1
        skip_document(meta_path, first_bad, f"{len(meta)} indices for {len(nonempty)} "
                      f"non-empty lines of {swapped_txt.name}")
        return
    original_lines = line_spans(original_text)
    try:
        swapped_ents = _entities(swapped_txt, text)
        original_ents = _entities(original_txt, original_text)
    except BratFormatError as err:
        skip_document(swapped_txt, None, str(err))
        return
    except UnicodeDecodeError as err:
        skip_document(swapped_txt, None, f"its .ann or the original's is not UTF-8 "
                      f"({err.reason} at byte {err.start})")
        return
    doc_id = (rel_dir / stem).as_posix()
    seen: dict[int, int] = {}
    for meta_no, (value, (start, line)) in enumerate(zip(meta, nonempty, strict=True), start=1):
        value = value.strip()
        if not value.isdigit():
            _problem(report, on_error, meta_path, meta_no, f"not a line index: {value!r}")
            report.skipped_lines += 1
            continue
        index = int(value)
        if index >= len(original_lines):
            _problem(report, on_error, meta_path, meta_no,
                     f"index {index} past the end of {original_txt.name} "
                     f"({len(original_lines)} lines)")
            report.skipped_lines += 1
            continue
        if index in seen:
            report.warnings.append(Problem(
                str(meta_path), meta_no, f"index {index} also used on line {seen[index]}"))
        seen.setdefault(index, meta_no)
        original_start, original = original_lines[index]
        report.pairs += 1
        yield SwapPair(
            doc_id, index, original, line,
            entities_on_line(original_ents, original_start, original),
            entities_on_line(swapped_ents, start, line),
        )


def line_spans(text: str) -> list[tuple[int, str]]:
    """(start offset, line) of every line of ``text`` split on "\\n" (no trailing empty)."""
    lines, start = [], 0
    parts = text.split("\n")
    if parts and parts[-1] == "":
        parts.pop()
    for part in parts:
        lines.append((start, part))
        start += len(part) + 1
    return lines


def _entities(txt: Path, text: str) -> list[BratEntity]:
    ann = txt.with_suffix(".ann")
    return read_ann(ann, text) if ann.is_file() else []


def entities_on_line(entities: list[BratEntity], start: int, line: str
                     ) -> tuple[LineEntity, ...]:
    """The entities of one line, clipped to it, with offsets relative to ``start``."""
    end = start + len(line)
    found = []
    for entity in entities:
        if entity.end <= start or entity.start >= end:
            continue
        a, b = max(entity.start, start) - start, min(entity.end, end) - start
        if a < b:
            found.append(LineEntity(entity.label, a, b, line[a:b]))
    return tuple(sorted(found, key=lambda e: (e.start, e.end)))
