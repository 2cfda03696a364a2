"""Gender-swap a brat corpus line by line and write it laid out like NER-UK v2.0-swapped.

For a source document ``X.txt``/``X.ann`` every line (one sentence or paragraph) is swapped on
its own. The lines that changed are written, in source order, as::

    X-swapped.txt    the swapped lines, one per line (no trailing newline, as in NER-UK)
    X-swapped.ann    TAB-separated brat entities T1.. with offsets into X-swapped.txt; the
                     entity text is the slice of the swapped text
    X-swapped.meta   one 0-based line index of X.txt per swapped line

and ``swap-settings.json`` at the root records who made them (``brat_outputs``). The
documents are exactly what :func:`.swap_pairs.read_swapped_pairs` reads back. Entities that cross
a line break are clipped to each line the way ``pairs`` clips them (its helpers are used
here).

Entity offsets are carried over token by token: a swap edit replaces one token by one word, so
the original Doc and the swapped Doc have the same tokens and an offset keeps its place
relative to its token. This keeps every ``.ann`` entity, nested ones (NER-UK nests DATE in
PERIOD) and boundaries inside a token (``2007 р`` of ``2007 р.``) included, although only
the non-overlapping, token-aligned ones can be put on ``doc.ents`` for the swapper to target.
"""

from bisect import bisect_right
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from spacy.language import Language
from spacy.tokens import Doc, DocBin
from spacy.util import filter_spans

from ..extensions import DOC_SWAP_EDITS, DOC_SWAPPED
from ..swap.realign import get_swapped_doc
from .brat import BratEntity, BratFormatError, read_ann
from .records import Utf8Error, read_utf8
from .swap_pairs import (
    SWAPPED_SUFFIX,
    LineEntity,
    Problem,
    entities_on_line,
    line_spans,
    read_split,
)


@dataclass(frozen=True)
class SwappedLine:
    """One changed line of a document.

    index (int): 0-based line of the source ``X.txt`` (the ``.meta`` value).
    text (str): the swapped line.
    entities (tuple[LineEntity, ...]): its entities, offsets relative to the swapped line.
    """

    index: int
    text: str
    entities: tuple[LineEntity, ...] = ()


@dataclass
class AugmentSummary:
    """What :func:`augment_brat` did. ``lines == swapped_lines + unchanged_lines``."""

    documents: int = 0  # source documents (X.txt with an X.ann) found
    written_documents: int = 0  # documents with at least one swapped line
    skipped_documents: int = 0  # unreadable documents (see problems)
    lines: int = 0  # non-blank source lines of the documents read
    swapped_lines: int = 0
    unchanged_lines: int = 0
    unknown_form_edits: int = 0  # edits that were due but had no known form (word kept)
    entities: int = 0  # entities on the source lines (line-clipped)
    entities_written: int = 0  # entities of the swapped lines, all written to the .ann files
    # Entities the swapper did not see as doc.ents (nested in a longer one, or not covering
    # any token); they are still written to the .ann by offset.
    entities_not_on_doc: int = 0
    written: list[str] = field(default_factory=list)  # ids (path without suffix) written
    problems: list[Problem] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


class OffsetMap:
    """Carry character offsets of a Doc over to its swapped Doc (same tokens, some words
    replaced by others of a different length).

    An offset inside an unchanged token or in whitespace keeps its distance to the token's
    start or end; an offset inside a replaced word snaps to that word's start (for a span's
    start) or end (for a span's end), since the old characters no longer exist.
    """

    def __init__(self, doc: Doc, swapped: Doc) -> None:
        """Initialize the map.

        doc (Doc): the original Doc.
        swapped (Doc): its swapped Doc (``doc._.swapped_doc``), token for token.
        """
        if len(doc) != len(swapped):
            raise ValueError(f"token counts differ: {len(doc)} != {len(swapped)}")
        self.doc = doc
        self.swapped = swapped
        self._starts = [token.idx for token in doc]

    def __call__(self, offset: int, *, end: bool = False) -> int:
        """The offset in the swapped text.

        offset (int): a character offset of the original text.
        end (bool): the offset ends a span (snaps to the end of a replaced word).
        RETURNS (int): the offset in ``swapped.text``.
        """
        i = bisect_right(self._starts, offset) - 1
        if i < 0:  # before the first token: nothing before it has changed
            return offset
        old, new = self.doc[i], self.swapped[i]
        delta = offset - old.idx
        if delta == 0:
            return new.idx
        if delta >= len(old.text):  # in the whitespace after the token (never changed)
            return new.idx + len(new.text) + delta - len(old.text)
        if old.text == new.text:
            return new.idx + delta
        return new.idx + len(new.text) if end else new.idx


def gold_entities_kept(nlp: Language):
    """A context in which ``nlp`` runs without its ``ner``, for Docs that already carry
    gold entities (a brat corpus, a DocBin) that a trained NER would overwrite.

    nlp (Language): the pipeline.
    RETURNS (DisabledPipes): the context manager of ``nlp.select_pipes``.
    """
    return nlp.select_pipes(disable=[name for name in ("ner",) if name in nlp.pipe_names])


def line_doc(make_doc: Callable[[str], Doc], line: str, entities: Iterable[LineEntity],
             first_labels: Collection[str] = ()) -> tuple[Doc, int]:
    """A Doc of one line with its entities on ``doc.ents``, so the swapper can target them.

    make_doc (Callable[[str], Doc]): the tokenizer (``nlp.make_doc``).
    line (str): the line.
    entities (Iterable[LineEntity]): its entities, offsets relative to the line.
    first_labels (Collection[str]): labels placed before the others: the persons and job
        titles the swapper targets win over an entity they are nested in ("Указом
        президента" DOC, "ФОП Любач Вадим Євгенович" ORG), which would hide them.
    RETURNS (tuple[Doc, int]): the Doc and the number of entities not put on ``doc.ents``
        (covering no token, or overlapping a placed one: among ``first_labels`` and then
        among the rest, the longer or, at equal length, the earlier one is placed, as by
        ``spacy.util.filter_spans``).
    """
    doc = make_doc(line)
    spans = []
    unplaced = 0
    for entity in entities:
        span = doc.char_span(entity.start, entity.end, label=entity.label,
                             alignment_mode="expand")
        if span is None:
            unplaced += 1
        else:
            spans.append(span)
    kept = filter_spans([span for span in spans if span.label_ in first_labels])
    taken = {i for span in kept for i in range(span.start, span.end)}
    kept += [span for span in filter_spans([s for s in spans if s.label_ not in first_labels])
             if taken.isdisjoint(range(span.start, span.end))]
    doc.ents = sorted(kept, key=lambda span: span.start)
    return doc, unplaced + len(spans) - len(kept)


def target_labels(nlp: Language) -> tuple[str, ...]:
    """The person and job-title entity labels of the pipeline's ``gender_swapper`` (its
    language profile's ``person_labels`` and ``job_labels``); none without one."""
    for name, component in nlp.pipeline:
        if nlp.get_pipe_meta(name).factory == "gender_swapper":
            profile = component.lexicon.profile
            return (*profile.person_labels, *profile.job_labels)
    return ()


def carry_entities(entities: Iterable[LineEntity], offsets: OffsetMap
                   ) -> tuple[LineEntity, ...]:
    """The entities of an original line moved to its swapped line; each ``text`` is the
    slice of the swapped line."""
    text = offsets.swapped.text
    moved = []
    for entity in entities:
        start, end = offsets(entity.start), offsets(entity.end, end=True)
        moved.append(LineEntity(entity.label, start, end, text[start:end]))
    return tuple(moved)


def swap_lines(nlp: Language, text: str, entities: Sequence[BratEntity],
               summary: AugmentSummary,
               docbin: DocBin | None = None, doc_id: str = "") -> list[SwappedLine]:
    """Swap every non-blank line of a document; return the lines that changed.

    nlp (Language): a pipeline with ``gender_swapper``; a ``ner`` component is disabled,
        so that the swapper sees the gold entities of the ``.ann``.
    text (str): the document text.
    entities (Sequence[BratEntity]): its brat entities (offsets into ``text``).
    summary (AugmentSummary): counts are added to it.
    docbin (DocBin | None): receives the swapped Doc of each changed line, with
        ``user_data`` keys ``doc_id``, ``line_index``, ``original`` and ``swap_edits``.
    doc_id (str): the document id written to ``user_data``.
    RETURNS (list[SwappedLine]): the changed lines, in source order.
    """
    docs, line_entities = [], []
    labels = target_labels(nlp)
    for index, (start, line) in enumerate(line_spans(text)):
        if not line.strip():
            continue
        on_line = entities_on_line(entities, start, line)
        # On doc.ents a tie goes to the first candidate: let an entity that lies on the line
        # win over the fragment of one that crosses a line break (same span, other label).
        end = start + len(line)
        whole = [e for e in entities if start <= e.start and e.end <= end]
        crossing = [e for e in entities if e.start < end and e.end > start
                    and not (start <= e.start and e.end <= end)]
        doc, unplaced = line_doc(nlp.make_doc, line, entities_on_line(whole, start, line)
                                 + entities_on_line(crossing, start, line), labels)
        summary.entities += len(on_line)
        summary.entities_not_on_doc += unplaced
        docs.append((doc, index))
        line_entities.append(on_line)
    summary.lines += len(docs)
    changed = []
    with gold_entities_kept(nlp):
        processed = nlp.pipe(docs, as_tuples=True)
        for (doc, index), on_line in zip(processed, line_entities, strict=True):
            edits = doc._.get(DOC_SWAP_EDITS) or []
            summary.unknown_form_edits += sum(edit["new"] is None for edit in edits)
            if doc._.get(DOC_SWAPPED) == doc.text:
                summary.unchanged_lines += 1
                continue
            swapped = get_swapped_doc(doc)
            moved = carry_entities(on_line, OffsetMap(doc, swapped))
            changed.append(SwappedLine(index, swapped.text, moved))
            summary.swapped_lines += 1
            summary.entities_written += len(moved)
            if docbin is not None:
                swapped.user_data.update({"doc_id": doc_id, "line_index": index,
                                          "original": doc.text, "swap_edits": edits})
                docbin.add(swapped)
    return changed


def write_swapped_document(folder: str | Path, stem: str, lines: list[SwappedLine],
                           suffix: str = SWAPPED_SUFFIX) -> Path:
    """Write ``{stem}{suffix}.txt``, ``.ann`` and ``.meta`` into ``folder``.

    folder (str | Path): the output folder (created if missing).
    stem (str): the source document's file stem.
    lines (list[SwappedLine]): the changed lines, in source order.
    suffix (str): stem suffix of the swapped files. Defaults to "-swapped".
    RETURNS (Path): the written ``.txt`` file.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    txt = folder / f"{stem}{suffix}.txt"
    ann_lines = []
    offset = 0
    for line in lines:
        for entity in line.entities:
            ann_lines.append(f"T{len(ann_lines) + 1}\t{entity.label}\t{offset + entity.start}"
                             f"\t{offset + entity.end}\t{entity.text}\n")
        offset += len(line.text) + 1  # the "\n" between lines
    # Write "\n" as is (newline=""): brat offsets count characters of the file.
    txt.write_text("\n".join(line.text for line in lines), encoding="utf-8", newline="")
    txt.with_suffix(".ann").write_text("".join(ann_lines), encoding="utf-8", newline="")
    txt.with_suffix(".meta").write_text("".join(f"{line.index}\n" for line in lines),
                                        encoding="utf-8", newline="")
    return txt


def source_documents(root: str | Path) -> Iterator[Path]:
    """Every ``X.txt`` under ``root`` (recursively, sorted) with an ``X.ann`` beside it;
    files that are not documents (a split file, a README) have no ``.ann``."""
    for txt in sorted(Path(root).rglob("*.txt")):
        if txt.with_suffix(".ann").is_file():
            yield txt


def augment_brat(
    src_root: str | Path,
    out_root: str | Path,
    nlp: Language,
    *,
    on_error: str = "skip",
    docbin: DocBin | None = None,
    progress=None,
    suffix: str = SWAPPED_SUFFIX,
) -> AugmentSummary:
    """Swap every brat document under ``src_root`` into ``out_root`` (same sub-folders).

    src_root (str | Path): folder with ``X.txt``/``X.ann`` (NER-UK v2.0/data layout).
    out_root (str | Path): folder for the swapped documents; a document with no changed
        line gets no files.
    nlp (Language): a pipeline ending in ``gender_swapper`` (see :func:`swap_lines`).
    on_error (str): a document that cannot be read (bad UTF-8, bad ``.ann``): "skip"
        records it in ``summary.problems``; "fail" raises BratFormatError. Defaults to
        "skip".
    docbin (DocBin | None): also collect the swapped line Docs here.
    progress: optional tqdm-like object; ``update(1)`` per document.
    suffix (str): stem suffix of the swapped files. Defaults to "-swapped".
    RETURNS (AugmentSummary): the counts, and the ids of the written documents (relative
        path without suffix) in ``summary.written``.
    """
    if on_error not in ("fail", "skip"):
        raise ValueError(f"on_error must be 'fail' or 'skip', not {on_error!r}")
    src_root, out_root = Path(src_root), Path(out_root)
    if not src_root.is_dir():
        raise BratFormatError(f"source folder not found: {src_root}")
    summary = AugmentSummary()
    for txt in source_documents(src_root):
        summary.documents += 1
        rel = txt.relative_to(src_root).with_suffix("")
        try:
            text = read_utf8(txt)
            entities = read_ann(txt.with_suffix(".ann"), text)
            _check_line_lengths(text, nlp.max_length)
        except (UnicodeDecodeError, BratFormatError) as err:
            if on_error == "fail":
                raise BratFormatError(f"{txt}: {err}") from None
            summary.skipped_documents += 1
            summary.problems.append(Problem(str(txt), None, f"{err}; document skipped"))
            continue
        except Utf8Error as err:  # its message names the file and line already
            if on_error == "fail":
                raise BratFormatError(str(err)) from None
            summary.skipped_documents += 1
            summary.problems.append(Problem(str(txt), err.line_no,
                                            f"{err.reason}; document skipped"))
            continue
        finally:
            if progress is not None:
                progress.update(1)
        lines = swap_lines(nlp, text, entities, summary, docbin, rel.as_posix())
        if lines:
            write_swapped_document(out_root / rel.parent, txt.stem, lines, suffix)
            summary.written_documents += 1
            summary.written.append(rel.as_posix())
    return summary


def _check_line_lengths(text: str, max_length: int) -> None:
    """A line is swapped as one Doc: one over the pipeline's max_length cannot be (and
    cutting it would cut its entities), so its document is skipped with a reason."""
    for line_no, line in enumerate(text.split("\n"), 1):
        if len(line) > max_length:
            raise BratFormatError(f"line {line_no} has {len(line):,} characters, over the "
                                  f"pipeline's max_length ({max_length:,})")


def write_split(split_file: str | Path, out_path: str | Path, written: Iterable[str],
                suffix: str = SWAPPED_SUFFIX) -> tuple[dict[str, int], list[str]]:
    """Write a NER-UK split file for the swapped documents, keeping each document's split.

    split_file (str | Path): the source split file (``DEV``/``TEST`` header lines, then one
        document id per line, e.g. NER-UK's dev-test-split.txt).
    out_path (str | Path): the split file to write (ids with ``suffix``, as in
        v2.0-swapped's dev-split.txt); splits keep their order and their ids' order.
    written (Iterable[str]): ids (file stems, or paths whose last part is the stem) of the
        swapped documents.
    suffix (str): stem suffix of the swapped files. Defaults to "-swapped".
    RETURNS (tuple[dict[str, int], list[str]]): documents per split, and the written ids
        that the split file does not list (left out of it).
    """
    stems = {Path(doc_id).name for doc_id in written}
    splits = read_split(split_file, suffix)
    listed = set()
    counts = {}
    out = []
    for name, ids in splits.items():
        kept = [doc_id for doc_id in ids if doc_id in stems]
        listed.update(kept)
        counts[name] = len(kept)
        out.append(name)
        out.extend(f"{doc_id}{suffix}" for doc_id in kept)
    Path(out_path).write_text("".join(f"{line}\n" for line in out), encoding="utf-8")
    return counts, sorted(stems - listed)
