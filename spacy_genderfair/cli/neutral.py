"""``genderfair neutral``: write the gender-neutral subset of a corpus (GENEUTRAL)."""

import os
import sys
from pathlib import Path

import srsly
import typer
from tqdm import tqdm

from . import app, check_input_file, fail
from .options import (
    OnError,
    batch_size_option,
    format_option,
    lang_option,
    lexicon_option,
    model_option,
    n_process_option,
    on_error_option,
    output_option,
    progress_option,
    report_option,
    text_field_option,
)


def default_index_path(out: Path) -> Path:
    return out.with_name(out.stem + ".indices.txt")


@app.command("neutral")
def neutral_command(
    input_path: str = typer.Argument(..., metavar="INPUT",
                                     help="Text file (one entry per line) or JSONL; '-' = stdin."),
    out: Path = output_option("Kept entries, in the input's format."),
    lang: str = lang_option(),
    field: str = text_field_option(),
    fmt: str = format_option(("text", "jsonl")),
    index: Path | None = typer.Option(
        None, "--index", metavar="PATH", help="Original 0-based indices of kept entries. "
        "Default: OUTPUT with '.indices.txt'."),
    on_error: OnError = on_error_option("invalid UTF-8, malformed JSON, no text field"),
    min_chars: int = typer.Option(50, "--min-chars", help="Minimum entry length."),
    lexicon: list[Path] = lexicon_option(),
    model: str | None = model_option("Use this spaCy pipeline instead of a bare tokenizer."),
    report: Path | None = report_option(),
    batch_size: int = batch_size_option(1000),
    n_process: int = n_process_option(),
    progress: bool = progress_option(),
) -> None:
    """Write the gender-neutral subset of a corpus (GENEUTRAL).

    Kept: entries of at least MIN_CHARS characters with no first name, no gendered pronoun
    and no gendered person noun (plurals included).
    """
    from ..corpus.neutral import filter_neutral, neutral_pipeline
    from ..corpus.records import BadInputError, open_input, read_records, resolve_format

    check_input_file(input_path)
    try:
        input_format = resolve_format(input_path, fmt)
        nlp = neutral_pipeline(lang, min_chars=min_chars, lexicons=lexicon, model=model)
        nlp.get_pipe("gender_lexicon").initialize()
    except (ValueError, OSError, ImportError) as err:
        fail(str(err))
    index_path = index or default_index_path(out)
    total = os.path.getsize(input_path) if input_path != "-" else None
    bar = tqdm(total=total, unit="B", unit_scale=True, desc="neutral", disable=not progress,
               file=sys.stderr)
    try:
        with open_input(input_path) as handle, \
                open(out, "w", encoding="utf-8") as kept_out, \
                open(index_path, "w", encoding="utf-8") as index_out:

            def keep(record):
                kept_out.write(record.line + "\n")
                index_out.write(f"{record.index}\n")

            records = read_records(handle, input_format, field, progress=bar)
            summary = filter_neutral(records, nlp, keep, on_error=on_error.value,
                                     source=input_path, batch_size=batch_size,
                                     n_process=n_process)
    except BadInputError as err:
        bar.close()
        fail(f"{err} (use --on-error skip to count and skip bad lines)")
    except OSError as err:
        bar.close()
        fail(str(err))
    bar.close()
    _print_summary(summary, out, index_path)
    if report:
        srsly.write_json(report, summary.to_dict())


def _print_summary(summary, out: Path, index_path: Path) -> None:
    typer.echo(f"lines     {summary.lines}")
    typer.echo(f"kept      {summary.kept}  -> {out} (indices: {index_path})")
    typer.echo(f"rejected  {summary.rejected}")
    for reason, count in summary.reasons.most_common():
        typer.echo(f"  {reason:<14}{count}")
    typer.echo(f"bad       {summary.bad}")
    for line_no, reason in summary.bad_lines[:20]:
        typer.echo(f"  line {line_no}: {reason}")
    if summary.bad > 20:
        typer.echo(f"  ... {summary.bad - 20} more (see --report)")
    if summary.reasons:
        typer.echo("(an entry can fail several criteria; reason counts may add up to more "
                   "than 'rejected')")

