"""``genderfair swap`` and ``genderfair swap-apply``: gender-swap a corpus, review the swaps."""

import csv
import json
import os
import sys
import zlib
from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import srsly
import typer
from tqdm import tqdm

from . import OnError, app, fail

if TYPE_CHECKING:
    from spacy.language import Language

MAX_BAD_LINES = 10_000
FORMATS = ("auto", "text", "jsonl", "spacy")
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


DIRECTION_HELP = ("invert | to_feminine | to_masculine | feminine_first (to_feminine, else "
                  "invert).")


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
    lang: str = typer.Option(..., "--lang", "-l", help="Language profile: uk, en, de, pt "
                             "(de/pt articles and adjectives agree only with a --model "
                             "whose pipeline gives morphology)."),
    output: Path | None = typer.Option(
        None, "--output", "-o", help="Swapped records, in the input's format: text = one "
        "swapped line per input line; JSONL = each record plus 'swapped' and 'swap_edits'; "
        ".spacy = the swapped Docs. Default: stdout (text and JSONL only)."),
    direction: str = typer.Option("invert", "--direction", help=DIRECTION_HELP),
    seed: int = typer.Option(0, "--seed", help="Seed of the first-name draws."),
    keep_names: bool = typer.Option(False, "--keep-names",
                                    help="Do not swap person names (job titles still swap)."),
    name_list: Path | None = typer.Option(
        None, "--name-list", help="First names to draw from (name<TAB>gender<TAB>weight "
        "TSV). Default: the language profile's list."),
    lexicon: list[Path] = typer.Option(
        [], "--lexicon", help="Extra lexicon file (repeatable), overriding built-in pairs."),
    model: str | None = typer.Option(
        None, "--model", help="A trained spaCy pipeline (its NER makes the swapper target "
        "PERS/JOB entities). Default: a bare tokenizer. On .spacy input its 'ner' is not "
        "run: the Docs' own entities are kept."),
    fmt: str = typer.Option("auto", "--format",
                            help="auto | text | jsonl | spacy (auto: by suffix)."),
    field_name: str = typer.Option("text", "--field", help="JSONL field holding the text."),
    on_error: OnError = typer.Option(
        OnError.skip, "--on-error", help="Bad lines (invalid UTF-8, malformed JSON, no "
        "field): skip (text output keeps an empty line, so lines stay aligned) or fail."),
    review: Path | None = typer.Option(
        None, "--review", help="Also write a review CSV (one row per record) for "
        "'genderfair swap-apply'."),
    report: Path | None = typer.Option(None, "--report", help="Write the summary as JSON."),
    batch_size: int = typer.Option(256, "--batch-size"),
    progress: bool = typer.Option(True, "--progress/--no-progress"),
) -> None:
    """Gender-swap every record of a corpus (counterfactual data).

    Each record is rewritten into its gender counterpart with full agreement; the counts at
    the end add up: records = swapped + unchanged + bad.
    """
    from ..corpus.records import BadInputError, resolve_format
    from ..swap.review import REVIEW_COLUMNS

    is_stdin = input_path == "-"
    if not is_stdin and not Path(input_path).is_file():
        fail(f"Input file not found: {input_path}")
    if fmt not in FORMATS:
        fail(f"Unknown input format '{fmt}'. Use one of: {', '.join(FORMATS)}.")
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
                             batch_size)
            else:
                _swap_records(input_path, input_format, field_name, nlp, out, summary,
                              review_writer, on_error, progress, batch_size)
    except BadInputError as err:
        fail(f"{err} (use --on-error skip to count and skip bad lines)")
    except (OSError, ValueError) as err:
        fail(str(err))
    _print_summary(summary, output, review, to_stderr=output is None)
    if report is not None:
        srsly.write_json(report, summary.to_dict())


def _swap_records(input_path: str, input_format: str, field_name: str, nlp, out: TextIO,
                  summary: SwapSummary, review_writer, on_error: OnError, progress: bool,
                  batch_size: int) -> None:
    from ..corpus.pieces import pipe_in_pieces
    from ..corpus.records import BadInputError, BadRecord, open_input, read_records
    from ..extensions import DOC_SWAPPED
    from ..swap.pieces import join_swapped
    from ..swap.review import review_row

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
        for docs, record in pipe_in_pieces(nlp, texts(), batch_size=batch_size):
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
                 progress: bool, batch_size: int) -> None:
    from spacy.tokens import DocBin

    from ..extensions import DOC_SWAPPED_DOC
    from ..swap.brat_writer import gold_entities_kept
    from ..swap.review import review_row

    try:
        docbin = DocBin().from_disk(input_path)
    except (ValueError, KeyError, zlib.error) as err:
        raise ValueError(f"{input_path}: not a readable DocBin ({err})") from None
    swapped_docs = DocBin(store_user_data=True)
    with gold_entities_kept(nlp), \
            tqdm(total=len(docbin), unit="doc", desc="swap", disable=not progress,
                 file=sys.stderr) as bar:
        docs = nlp.pipe(docbin.get_docs(nlp.vocab), batch_size=batch_size)
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
    output: Path = typer.Option(..., "--output", "-o",
                                help="DocBin (.spacy) of the accepted and corrected swaps."),
    lang: str = typer.Option("uk", "--lang", "-l", help="Tokenizer language."),
    on_error: OnError = typer.Option(
        OnError.fail, "--on-error", help="Bad rows (unknown decision, 'correct' without "
        "correction, malformed JSON): fail (default) or skip."),
    report: Path | None = typer.Option(None, "--report", help="Write the summary as JSON."),
    progress: bool = typer.Option(True, "--progress/--no-progress"),
) -> None:
    """Write the reviewed swaps (decision accept or correct) as Docs with entities
    re-aligned to the approved text; pending (empty) and dismissed rows are counted."""
    import spacy
    from spacy.tokens import DocBin

    from ..lang import load_profile
    from ..swap.review import BadRowError, ReviewError, apply_review, read_review

    if not review.is_file():
        fail(f"Review file not found: {review}")
    try:
        nlp = spacy.blank(load_profile(lang).code)
    except (ValueError, OSError, ImportError) as err:
        fail(str(err))
    docs = DocBin(store_user_data=True)
    try:
        with tqdm(read_review(review), unit="row", desc="swap-apply", disable=not progress,
                  file=sys.stderr) as rows:
            summary = apply_review(rows, nlp.make_doc, docs.add, on_error=on_error.value,
                                   source=str(review))
    except BadRowError as err:
        fail(f"{err} (use --on-error skip to count and skip bad rows)")
    except ReviewError as err:
        fail(str(err))
    except (OSError, UnicodeDecodeError, ValueError) as err:
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
