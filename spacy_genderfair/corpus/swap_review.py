"""Human review of gender swaps: a CSV to fill in, and the reviewed swaps as Docs.

``genderfair swap --review review.csv`` writes one row per record::

    id, original, swapped, edits, entities, decision, correction

``edits`` is ``doc._.swap_edits`` as JSON and ``entities`` the original's entities as JSON
``[[label, start, end], ...]`` (character offsets of ``original``). The reviewer fills in
``decision``: ``accept`` (the swap is right), ``correct`` (``correction`` holds the right
swapped text) or ``dismiss`` (not usable); an empty decision is pending.

``genderfair swap-apply`` turns the accepted and corrected rows into Docs of the swapped text
with the original entities re-aligned by :func:`realign_entities`, token diffs (difflib)
original -> automatic swap -> approved text: a swap replaces words one for one, so accepted
swaps keep every entity; a correction may insert or delete words, and an entity keeps its
place when its first and last tokens still have a counterpart (else it is dropped and
counted).
"""

import csv
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from difflib import SequenceMatcher
from itertools import pairwise
from pathlib import Path

from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from ..extensions import DOC_SWAP_EDITS, DOC_SWAPPED
from .records import Utf8Error, read_utf8

REVIEW_COLUMNS = ("id", "original", "swapped", "edits", "entities", "decision", "correction")
DECISIONS = ("accept", "correct", "dismiss")
MAX_PROBLEMS = 10_000


class ReviewError(ValueError):
    """A review file that cannot be read (not a review CSV)."""


class BadRowError(ReviewError):
    """A bad row with ``on_error="fail"`` (the message names the CSV line)."""


@dataclass(frozen=True)
class ReviewRow:
    """One filled-in row of a review CSV.

    line_no (int): 1-based line of the CSV where the row starts.
    id (str): the record id (0-based record index of the swapped input).
    original (str): the original text.
    swapped (str): the automatic swap.
    edits (list[dict]): its swap edits.
    entities (list[tuple[str, int, int]]): (label, start, end) character offsets of
        ``original``.
    decision (str): "accept", "correct", "dismiss" or "" (pending).
    correction (str): the corrected swapped text (decision "correct").
    """

    line_no: int
    id: str
    original: str
    swapped: str
    edits: list
    entities: list
    decision: str
    correction: str = ""

    @property
    def target(self) -> str:
        """The swapped text the reviewer approved."""
        return self.correction if self.decision == "correct" else self.swapped


@dataclass(frozen=True)
class BadRow:
    line_no: int
    reason: str


@dataclass
class ReviewSummary:
    """What :func:`apply_review` read. ``rows == accepted + corrected + dismissed + pending
    + bad``."""

    rows: int = 0
    accepted: int = 0
    corrected: int = 0
    dismissed: int = 0
    pending: int = 0
    bad: int = 0
    entities_kept: int = 0
    entities_dropped: int = 0  # no counterpart in the approved text (see align_boundaries)
    bad_rows: list[tuple[int, str]] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


def review_row(record_id: str | int, doc: Doc) -> dict[str, str]:
    """The review CSV row of a Doc processed by ``gender_swapper``.

    record_id (str | int): the record's id.
    doc (Doc): the original Doc, with ``doc._.swapped`` and ``doc._.swap_edits`` set.
    RETURNS (dict[str, str]): one value per column of ``REVIEW_COLUMNS``.
    """
    entities = [[ent.label_, ent.start_char, ent.end_char] for ent in doc.ents]
    return {
        "id": str(record_id),
        "original": doc.text,
        "swapped": doc._.get(DOC_SWAPPED),
        "edits": json.dumps(doc._.get(DOC_SWAP_EDITS), ensure_ascii=False),
        "entities": json.dumps(entities, ensure_ascii=False),
        "decision": "",
        "correction": "",
    }


def read_review(path: str | Path) -> Iterator[ReviewRow | BadRow]:
    """Yield one ReviewRow or BadRow per CSV row, in order.

    path (str | Path): a review CSV (UTF-8, with the header of ``REVIEW_COLUMNS``; extra
        columns are ignored).
    RETURNS (Iterator[ReviewRow | BadRow]): a BadRow names the row's line and what is wrong
        (unknown decision, "correct" without correction, malformed JSON, bad offsets).
    """
    with open(path, encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        try:
            yield from _rows(reader, path)
        except UnicodeDecodeError:
            # The text decoder saw a chunk, not the line: find the line and byte in the file.
            raise ReviewError(_utf8_problem(path)) from None
        except csv.Error as err:  # e.g. a field over csv's field size limit
            raise ReviewError(f"{path} line {reader.line_num + 1}: malformed CSV ({err})") from None


def _utf8_problem(path: str | Path) -> str:
    """Where a file is not valid UTF-8: "PATH line N: invalid UTF-8 at byte B"."""
    try:
        read_utf8(path)
    except Utf8Error as err:
        return str(err)
    return f"{path}: invalid UTF-8"


def _rows(reader: csv.DictReader, path: str | Path) -> Iterator[ReviewRow | BadRow]:
    """The rows of an open review CSV, as read_review yields them."""
    missing = [c for c in REVIEW_COLUMNS if c not in (reader.fieldnames or [])]
    if missing:
        raise ReviewError(f"{path}: not a review file, missing column(s): "
                          f"{', '.join(missing)}")
    line_no = reader.line_num + 1
    for row in reader:
        try:
            yield _parse_row(row, line_no)
        except ValueError as err:
            yield BadRow(line_no, str(err))
        # A quoted field may hold line breaks: the next row starts after this one ends.
        line_no = reader.line_num + 1


def _parse_row(row: dict, line_no: int) -> ReviewRow:
    if None in row:  # csv puts surplus fields under the key None
        raise ValueError("more fields than columns")
    values = {c: row[c] if row[c] is not None else "" for c in REVIEW_COLUMNS}
    decision = values["decision"].strip().lower()
    if decision and decision not in DECISIONS:
        raise ValueError(f"unknown decision {values['decision']!r} "
                         f"(use {', '.join(DECISIONS)}, or leave it empty)")
    if decision == "correct" and not values["correction"].strip():
        raise ValueError("decision 'correct' without a correction")
    original = values["original"]
    return ReviewRow(line_no, values["id"], original, values["swapped"],
                     _json_list(values["edits"], "edits"),
                     _entities(values["entities"], original), decision, values["correction"])


def _json_list(value: str, column: str) -> list:
    if not value.strip():
        return []
    try:
        data = json.loads(value)
    except json.JSONDecodeError as err:
        raise ValueError(f"'{column}': malformed JSON ({err.msg})") from None
    if not isinstance(data, list):
        raise ValueError(f"'{column}': not a JSON list")
    return data


def _entities(value: str, text: str) -> list[tuple[str, int, int]]:
    entities = []
    for item in _json_list(value, "entities"):
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[0], str)
                and all(isinstance(x, int) for x in item[1:])):
            raise ValueError(f"'entities': expected [label, start, end], got {item!r}")
        label, start, end = item
        if not 0 <= start < end <= len(text):
            raise ValueError(f"'entities': {label} ({start}, {end}) outside the original")
        entities.append((label, start, end))
    return entities


def align_boundaries(old: Sequence[str], new: Sequence[str]
                     ) -> tuple[list[int | None], list[int | None]]:
    """Where spans of ``old`` tokens start and end in ``new``, from a difflib token diff.

    Tokens are compared case-insensitively (a correction may re-capitalise a word). Tokens
    that are equal, or replaced one for one (a swap edit, a corrected word), map to their
    counterpart. A block of k tokens replaced by m != k tokens maps as a whole: a span
    starting at its first token starts at the first new token, a span ending at its last
    token ends after the last new token; its inner boundaries have no counterpart, nor have
    deleted tokens.

    old (Sequence[str]): the original token texts.
    new (Sequence[str]): the edited token texts.
    RETURNS (tuple[list[int | None], list[int | None]]): ``starts[i]``, the new index a span
        starting at old token i starts at, and ``ends[i]``, the new exclusive end of a span
        ending with old token i; None where there is no counterpart.
    """
    starts: list[int | None] = [None] * len(old)
    ends: list[int | None] = [None] * len(old)
    matcher = SequenceMatcher(None, [t.lower() for t in old], [t.lower() for t in new],
                              autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
            for k in range(i2 - i1):
                starts[i1 + k], ends[i1 + k] = j1 + k, j1 + k + 1
        elif tag == "replace":
            starts[i1], ends[i2 - 1] = j1, j2
    return starts, ends


def realign_entities(original: Doc, target: Doc, entities: Sequence[tuple[str, int, int]],
                     via: Doc | None = None) -> tuple[list[Span], int]:
    """The entities of ``original`` (character offsets) as spans of ``target``.

    original (Doc): the original text, tokenized.
    target (Doc): the swapped or corrected text, tokenized the same way.
    entities (Sequence[tuple[str, int, int]]): (label, start, end) in ``original.text``;
        offsets inside a token expand to the whole token.
    via (Doc | None): a text between the two (the automatic swap that a correction edits):
        original -> via is a word-for-word swap and via -> target a small edit, so two
        diffs align far more tokens than one diff original -> target.
    RETURNS (tuple[list[Span], int]): non-overlapping spans of ``target``, and the number of
        entities dropped (no counterpart for the first or last token, or overlapping).
    """
    steps = [original, target] if via is None else [original, via, target]
    # Compose the token maps of each step; ``lasts`` holds the last (inclusive) new token.
    starts: list[int | None] = list(range(len(original)))
    lasts: list[int | None] = list(range(len(original)))
    for old, new in pairwise(steps):
        step_starts, step_ends = align_boundaries([t.text for t in old], [t.text for t in new])
        starts = [None if j is None else step_starts[j] for j in starts]
        lasts = [None if j is None or step_ends[j] is None else step_ends[j] - 1
                 for j in lasts]
    spans = []
    for label, start_char, end_char in entities:
        span = original.char_span(start_char, end_char, alignment_mode="expand")
        if span is None or len(span) == 0:
            continue
        start, last = starts[span.start], lasts[span.end - 1]
        if start is not None and last is not None and start <= last:
            spans.append(Span(target, start, last + 1, label=label))
    kept = filter_spans(spans)
    return kept, len(entities) - len(kept)


def reviewed_doc(row: ReviewRow, make_doc: Callable[[str], Doc]) -> tuple[Doc, int]:
    """The approved swapped text of an accepted or corrected row as a Doc.

    row (ReviewRow): a row with decision "accept" or "correct".
    make_doc (Callable[[str], Doc]): the tokenizer (``nlp.make_doc``).
    RETURNS (tuple[Doc, int]): the Doc, with entities re-aligned and ``user_data`` keys
        ``review_id``, ``original``, ``decision`` and ``swap_edits``; and the number of
        entities dropped.
    """
    doc = make_doc(row.target)
    ents, dropped = realign_entities(make_doc(row.original), doc, row.entities,
                                     via=make_doc(row.swapped) if row.swapped else None)
    doc.ents = ents
    doc.user_data.update({"review_id": row.id, "original": row.original,
                          "decision": row.decision, "swap_edits": row.edits})
    return doc, dropped


def apply_review(rows: Iterator[ReviewRow | BadRow], make_doc: Callable[[str], Doc],
                 add: Callable[[Doc], None], *, on_error: str = "fail", source: str = "review"
                 ) -> ReviewSummary:
    """Turn the accepted and corrected rows of a review into Docs.

    rows (Iterator[ReviewRow | BadRow]): from :func:`read_review`.
    make_doc (Callable[[str], Doc]): the tokenizer (``nlp.make_doc``).
    add (Callable[[Doc], None]): called with each Doc, in row order.
    on_error (str): "fail" raises BadRowError naming the line of the first bad row; "skip"
        counts bad rows and goes on. Defaults to "fail".
    source (str): the file name used in messages.
    RETURNS (ReviewSummary): the counts.
    """
    summary = ReviewSummary()
    for row in rows:
        summary.rows += 1
        if isinstance(row, BadRow):
            if on_error == "fail":
                raise BadRowError(f"{source} line {row.line_no}: {row.reason}")
            summary.bad += 1
            if len(summary.bad_rows) < MAX_PROBLEMS:
                summary.bad_rows.append((row.line_no, row.reason))
            continue
        if not row.decision:
            summary.pending += 1
            continue
        if row.decision == "dismiss":
            summary.dismissed += 1
            continue
        doc, dropped = reviewed_doc(row, make_doc)
        if row.decision == "accept":
            summary.accepted += 1
        else:
            summary.corrected += 1
        summary.entities_kept += len(doc.ents)
        summary.entities_dropped += dropped
        add(doc)
    return summary
