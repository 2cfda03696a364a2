"""``genderfair swap`` and ``genderfair swap-apply``: gender-swap a corpus, review the swaps."""

import csv
import json
import os
import sys
import zlib
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import srsly
import typer
from tqdm import tqdm

from . import app, check_input_file, fail
from .options import (
    OnError,
    batch_size_option,
    direction_option,
    format_option,
    keep_names_option,
    lang_option,
    model_option,
    n_process_option,
    name_list_option,
    on_error_option,
    output_option,
    progress_option,
    report_option,
    seed_option,
    swap_lexicon_option,
    text_field_option,
)

if TYPE_CHECKING:
    from spacy.language import Language

MAX_BAD_LINES = 10_000
CSV_FIELD_LIMIT = 2**31 - 1  # csv's largest field size on every platform
# Re-aligning a row's entities diffs its token lists (difflib, about quadratic): 100,000
# characters take about a second; a far longer row is a bad row, not an endless run.
MAX_REVIEW_ROW_CHARS = 100_000
_SPACY_SUFFIX = ".spacy"


@dataclass
class SwapSummary:
    """``records == swapped + unchanged + bad``."""

    records: int = 0
    swapped: int = 0  # records whose text changed (at least one edit with a new form)
    unchanged: int = 0
    unknown_form_edits: int = 0  # edits due but without a known form (word kept)
    bad: int = 0
    # Line numbers of the first MAX_BAD_LINES bad lines (all are counted in ``bad``).
    bad_lines: list[tuple[int, str]] = field(default_factory=list)

    def to_dict(self) -> dict:
        data = asdict(self)
        data["bad_lines"] = [{"line": n, "reason": r} for n, r in self.bad_lines]
        return data


def swap_pipeline(lang: str, *, direction: str = "invert", seed: int = 0,
                  keep_names: bool = False, name_list: Path | None = None,
                  lexicons: Sequence[Path] = (), model: str | None = None) -> "Language":
    """The pipeline the swap commands run: ``model`` (or a bare tokenizer of ``lang``) with
    ``gender_swapper`` added, its name list and lexicons read now so that a bad path fails
    before the first record. Ends the command with a clear message on a bad setting."""
    from ..pipelines import build_pipeline
    from ..swap.direction import DIRECTIONS

    if direction not in DIRECTIONS:
        fail(f"--direction must be one of {', '.join(DIRECTIONS)}, not {direction!r}")
    from ..corpus.records import read_utf8

    # The swapper reads these files when it is initialised; reading them here first gives a
    # bad one's error its file name and line (the swapper's would give a byte offset).
    for option, path in [("--name-list", name_list), *(("--lexicon", p) for p in lexicons)]:
        if path is not None and Path(path).is_file():
            try:
                read_utf8(path)
            except (OSError, ValueError) as err:
                fail(f"{option}: {err}")
    settings = {"direction": direction, "seed": seed, "swap_names": not keep_names,
                "name_list": str(name_list) if name_list else None,
                "extra_lexicons": [str(p) for p in lexicons]}
    try:
        nlp = build_pipeline(lang, ["gender_swapper"], model=model, blank=True,
                             config={"gender_swapper": settings})
        nlp.get_pipe("gender_swapper").initialize()
    except (ValueError, OSError, ImportError) as err:
        fail(str(err))
    return nlp


@app.command("swap")
def swap_command(
    input_path: str = typer.Argument(
        ..., metavar="INPUT", help="Text file (one record per line), JSONL, or a .spacy "
        "DocBin; '-' = stdin (text or JSONL)."),
    lang: str = lang_option(),
    output: Path | None = output_option(
        "Swapped records, in the input's format: text = one swapped line per input line; "
        "JSONL = each record plus 'swapped' and 'swap_edits'; .spacy = the swapped Docs. "
        "Default: stdout (text and JSONL only).", required=False),
    direction: str = direction_option(),
    seed: int = seed_option(),
    keep_names: bool = keep_names_option(),
    name_list: Path | None = name_list_option(),
    lexicon: list[Path] = swap_lexicon_option(),
    model: str | None = model_option(
        "A trained spaCy pipeline (its NER makes the swapper target PERS/JOB entities; "
        "de/pt articles and adjectives agree only with a pipeline that gives morphology). "
        "Default: a bare tokenizer. On .spacy input its 'ner' is not run: the Docs' own "
        "entities are kept."),
    fmt: str = format_option(("text", "jsonl", "spacy")),
    field_name: str = text_field_option(),
    on_error: OnError = on_error_option(
        "invalid UTF-8, malformed JSON, no text field; with skip, text output keeps an "
        "empty line so that lines stay aligned"),
    review: Path | None = typer.Option(
        None, "--review", metavar="PATH", help="Also write a review CSV (one row per "
        "record) for 'genderfair swap-apply'."),
    report: Path | None = report_option(),
    batch_size: int = batch_size_option(256),
    n_process: int = n_process_option(),
    progress: bool = progress_option(),
) -> None:
    """Gender-swap every record of a corpus (counterfactual data).

    Each record is rewritten into its gender counterpart with full agreement; the counts at
    the end add up: records = swapped + unchanged + bad.
    """
    from ..corpus.records import BadInputError, resolve_format
    from ..corpus.swap_review import REVIEW_COLUMNS

    is_stdin = input_path == "-"
    check_input_file(input_path)
    if fmt == "spacy" or (fmt == "auto" and input_path.lower().endswith(_SPACY_SUFFIX)):
        input_format = "spacy"
        if is_stdin:
            fail("a .spacy DocBin cannot be read from stdin; give its path")
        if output is None:
            fail("a .spacy input needs --output (a DocBin is binary)")
    else:
        input_format = resolve_format(input_path, fmt)
        if output is not None and output.suffix == _SPACY_SUFFIX:
            fail(f"the output has the input's format ({input_format}), not .spacy; "
                 "give a .spacy input for a DocBin")
    nlp = swap_pipeline(lang, direction=direction, seed=seed, keep_names=keep_names,
                        name_list=name_list, lexicons=lexicon, model=model)
    summary = SwapSummary()
    try:
        with ExitStack() as stack:
            out = sys.stdout
            if output is not None and input_format != "spacy":
                out = stack.enter_context(open(output, "w", encoding="utf-8", newline=""))
            review_writer = None
            if review is not None:
                review_writer = csv.DictWriter(
                    stack.enter_context(open(review, "w", encoding="utf-8", newline="")),
                    fieldnames=REVIEW_COLUMNS)
                review_writer.writeheader()
            if input_format == "spacy":
                _swap_docbin(Path(input_path), output, nlp, summary, review_writer, progress,
                             batch_size, n_process)
            else:
                _swap_records(input_path, input_format, field_name, nlp, out, summary,
                              review_writer, on_error, progress, batch_size, n_process)
    except BadInputError as err:
        fail(f"{err} (use --on-error skip to count and skip bad lines)")
    except (OSError, ValueError) as err:
        fail(str(err))
    _print_summary(summary, output, review, to_stderr=output is None)
    if report is not None:
        srsly.write_json(report, summary.to_dict())


def _swap_records(input_path: str, input_format: str, field_name: str, nlp, out: TextIO,
                  summary: SwapSummary, review_writer, on_error: OnError, progress: bool,
                  batch_size: int, n_process: int) -> None:
    from ..corpus.pieces import join_swapped, pipe_in_pieces
    from ..corpus.records import BadInputError, BadRecord, open_input, read_records
    from ..corpus.swap_review import review_row
    from ..extensions import DOC_SWAPPED

    total = os.path.getsize(input_path) if input_path != "-" else None
    with tqdm(total=total, unit="B", unit_scale=True, desc="swap", disable=not progress,
              file=sys.stderr) as bar, open_input(input_path) as handle:

        def texts():
            # Bad records travel through the pipeline as empty texts, so that the output
            # (and its placeholder lines) stays in input order.
            for record in read_records(handle, input_format, field_name, progress=bar):
                summary.records += 1
                if isinstance(record, BadRecord):
                    if on_error == OnError.fail:
                        raise BadInputError(input_path, record)
                    yield "", record
                else:
                    yield record.text, record

        # A record longer than nlp.max_length is swapped in pieces and joined again; its
        # swap_edits count tokens from the start of the record.
        for docs, record in pipe_in_pieces(nlp, texts(), batch_size=batch_size,
                                            n_process=n_process):
            doc = join_swapped(docs)
            if isinstance(record, BadRecord):
                _count_bad(summary, record.line_no, record.reason)
                if input_format == "text":
                    out.write("\n")
                continue
            edits = _count(summary, doc)
            if input_format == "text":
                out.write(doc._.get(DOC_SWAPPED) + "\n")
            else:
                data = json.loads(record.line)
                data["swapped"], data["swap_edits"] = doc._.get(DOC_SWAPPED), edits
                out.write(json.dumps(data, ensure_ascii=False) + "\n")
            if review_writer is not None:
                review_writer.writerow(review_row(record.index, doc))


def _swap_docbin(input_path: Path, output: Path, nlp, summary: SwapSummary, review_writer,
                 progress: bool, batch_size: int, n_process: int) -> None:
    from spacy.tokens import DocBin

    from ..corpus.brat_writer import gold_entities_kept
    from ..corpus.swap_review import review_row
    from ..extensions import DOC_SWAPPED_DOC

    try:
        docbin = DocBin().from_disk(input_path)
    except (ValueError, KeyError, zlib.error) as err:
        raise ValueError(f"{input_path}: not a readable DocBin ({err})") from None
    swapped_docs = DocBin(store_user_data=True)
    with gold_entities_kept(nlp), \
            tqdm(total=len(docbin), unit="doc", desc="swap", disable=not progress,
                 file=sys.stderr) as bar:
        docs = nlp.pipe(docbin.get_docs(nlp.vocab), batch_size=batch_size,
                        n_process=n_process)
        for index, doc in enumerate(docs):
            bar.update(1)
            summary.records += 1
            edits = _count(summary, doc)
            swapped = doc._.get(DOC_SWAPPED_DOC)
            # Keep the input's own plain metadata (ids...), not extension values.
            swapped.user_data.update({k: v for k, v in doc.user_data.items()
                                      if isinstance(k, str)})
            swapped.user_data.update({"original": doc.text, "swap_edits": edits})
            swapped_docs.add(swapped)
            if review_writer is not None:
                review_writer.writerow(review_row(index, doc))
    swapped_docs.to_disk(output)


def _count(summary: SwapSummary, doc) -> list[dict]:
    from ..extensions import DOC_SWAP_EDITS, DOC_SWAPPED

    edits = doc._.get(DOC_SWAP_EDITS) or []
    summary.unknown_form_edits += sum(edit["new"] is None for edit in edits)
    if doc._.get(DOC_SWAPPED) != doc.text:
        summary.swapped += 1
    else:
        summary.unchanged += 1
    return edits


def _count_bad(summary: SwapSummary, line_no: int, reason: str) -> None:
    summary.bad += 1
    if len(summary.bad_lines) < MAX_BAD_LINES:
        summary.bad_lines.append((line_no, reason))


def _print_summary(summary: SwapSummary, output: Path | None, review: Path | None,
                   to_stderr: bool) -> None:
    def echo(line: str) -> None:
        typer.echo(line, err=to_stderr)

    echo(f"records         {summary.records}  = swapped {summary.swapped} + unchanged "
         f"{summary.unchanged} + bad {summary.bad}")
    echo(f"swapped         {summary.swapped}  -> {output or 'stdout'}")
    echo(f"unchanged       {summary.unchanged}")
    echo(f"unknown forms   {summary.unknown_form_edits} edits (word kept; see swap_edits, "
         "new = null)")
    echo(f"bad (skipped)   {summary.bad}")
    for line_no, reason in summary.bad_lines[:20]:
        echo(f"  line {line_no}: {reason}")
    if summary.bad > 20:
        echo(f"  ... {summary.bad - 20} more (see --report)")
    if review is not None:
        echo(f"review          {review} (fill in 'decision': accept / correct / dismiss)")


@app.command("swap-apply")
def swap_apply_command(
    review: Path = typer.Argument(..., metavar="REVIEW_CSV",
                                  help="A review CSV of 'genderfair swap --review'."),
    output: Path = output_option("DocBin (.spacy) of the accepted and corrected swaps."),
    lang: str = lang_option(),
    on_error: OnError = on_error_option(
        "unknown decision, 'correct' without a correction, malformed JSON cell"),
    report: Path | None = report_option(),
    progress: bool = progress_option(),
) -> None:
    """Write the reviewed swaps (decision accept or correct) as Docs with entities
    re-aligned to the approved text; pending (empty) and dismissed rows are counted."""
    import spacy
    from spacy.tokens import DocBin

    from ..corpus.swap_review import BadRowError, ReviewError, apply_review, read_review
    from ..lang import load_profile

    check_input_file(review, "Review file")
    nlp = spacy.blank(load_profile(lang).code)
    docs = DocBin(store_user_data=True)
    try:
        with _long_csv_fields(), \
                tqdm(_rows_within_limit(read_review(review)), unit="row", desc="swap-apply",
                     disable=not progress, file=sys.stderr) as rows:
            summary = apply_review(rows, nlp.make_doc, docs.add, on_error=on_error.value,
                                   source=str(review))
    except BadRowError as err:
        fail(f"{err} (use --on-error skip to count and skip bad rows)")
    except ReviewError as err:
        fail(str(err))
    except (OSError, ValueError, csv.Error) as err:
        fail(f"{review}: {err}")
    try:
        docs.to_disk(output)
    except OSError as err:
        fail(str(err))
    typer.echo(f"rows            {summary.rows}  = accepted {summary.accepted} + corrected "
               f"{summary.corrected} + dismissed {summary.dismissed} + pending "
               f"{summary.pending} + bad {summary.bad}")
    typer.echo(f"docs            {summary.accepted + summary.corrected}  -> {output}")
    typer.echo(f"entities        {summary.entities_kept} re-aligned, "
               f"{summary.entities_dropped} dropped (no counterpart in the approved text)")
    for line_no, reason in summary.bad_rows[:20]:
        typer.echo(f"  line {line_no}: {reason}")
    if summary.bad > 20:
        typer.echo(f"  ... {summary.bad - 20} more (see --report)")
    if report is not None:
        srsly.write_json(report, summary.to_dict())


def _rows_within_limit(rows):
    """The review rows, an approved one longer than MAX_REVIEW_ROW_CHARS made a bad row."""
    from ..corpus.swap_review import BadRow, ReviewRow

    for row in rows:
        if isinstance(row, ReviewRow) and row.decision in ("accept", "correct"):
            length = max(len(row.original), len(row.target))
            if length > MAX_REVIEW_ROW_CHARS:
                row = BadRow(row.line_no, f"{length:,} characters, over "
                             f"{MAX_REVIEW_ROW_CHARS:,}: too long to re-align its entities "
                             "(swap shorter records)")
        yield row


@contextmanager
def _long_csv_fields() -> Iterator[None]:
    """A review row holds whole records; csv refuses fields over 128 KB by default. The limit
    is process-wide, so it is restored afterwards (the command may run inside a program)."""
    previous = csv.field_size_limit()
    csv.field_size_limit(max(previous, CSV_FIELD_LIMIT))
    try:
        yield
    finally:
        csv.field_size_limit(previous)
