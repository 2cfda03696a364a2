"""``genderfair audit``: one record per input record of a corpus, in resumable parquet
shards, and the corpus report built from them (Urchs et al., Stage 1)."""

from pathlib import Path

import typer

from . import app, check_input_file, fail
from .options import (
    DEFAULT_MODEL_HELP,
    Compat,
    OnError,
    batch_size_option,
    blank_option,
    id_field_option,
    lang_option,
    model_option,
    n_process_option,
    on_error_option,
    output_option,
    progress_option,
    text_field_option,
)

# Where ``genderfair audit --rebuild`` writes the rebuilt corpus, inside the audit folder.
REBUILT_FOLDER = "rebuilt"


@app.command("audit")
def audit_command(
    corpus: list[Path] = typer.Argument(
        ..., metavar="CORPUS...", help="JSONL files (one article per line), folders of .txt "
        "files (one article per file), or .spacy DocBins of parsed docs (no model is run)."),
    output: Path = output_option("The audit folder: records/, manifest.json and the reports."),
    lang: str = lang_option(),
    model: str | None = model_option(f"spaCy pipeline with a parser and NER. "
                                     f"{DEFAULT_MODEL_HELP}"),
    blank: bool = blank_option(),
    id_field: str | None = id_field_option(),
    text_field: str = text_field_option(),
    date_field: str = typer.Option(
        "date", "--date-field", help="JSONL field (DocBin: user_data key) holding the date: "
        "an ISO date (2019-03-04, 2019-03, 2019-03-04T10:00Z) or a year. A record without "
        "it goes to the period 'unknown'."),
    compat: Compat | None = typer.Option(
        None, "--compat", help="Reproduce a reference implementation's definitions in the "
        "report (taz2025: Ognatai/corpus_balancing; docs/audit_report.md lists each)."),
    n_process: int = n_process_option(),
    dask: str | None = typer.Option(
        None, "--dask", metavar="ADDRESS", help="Analyse the shards on a Dask distributed "
        "cluster: a scheduler address (tcp://host:8786), or local:N to start N worker "
        "processes here. Not with --n-process > 1."),
    batch_size: int = batch_size_option(64),  # = audit.runner.DEFAULT_BATCH_SIZE (lazy import)
    shard_size: int = typer.Option(1000, "--shard-size", min=1, help="Records per parquet "
                                   "shard (the unit a resumed run skips)."),
    on_error: OnError = on_error_option("empty lines, invalid UTF-8, malformed JSON, no text "
                                        "field, invalid dates"),
    overwrite: bool = typer.Option(False, "--overwrite", help="Replace the records of an "
                                   "earlier run with other inputs or settings instead of "
                                   "refusing to resume."),
    progress: bool = progress_option(),
    exclude: bool = typer.Option(False, "--exclude", help="Then run 'genderfair exclude' "
                                 "with its defaults."),
    balance: bool = typer.Option(False, "--balance", help="Then run 'genderfair balance' "
                                 "with its defaults (after --exclude when given)."),
    rebuild: bool = typer.Option(False, "--rebuild", help="Then run 'genderfair rebuild' "
                                 "into OUTPUT/rebuilt."),
) -> None:
    """Audit gender representation in a corpus: per-record counts of actors, mentions,
    roles, quotes, sentiment, coded words and lemmas, then the corpus report; with
    --exclude, --balance, --rebuild the corpus steps after it.

    An interrupted run continues from its last finished shard when run again.
    """
    from ..audit.inputs import InputError
    from ..audit.runner import AuditError, run_audit
    from ..audit.schema import ShardedRecords
    from ..audit.shards import ResumeError

    for path in corpus:
        if not path.is_dir():
            check_input_file(path)
    try:
        summary = run_audit(
            [str(path) for path in corpus], output=output, lang=lang, model=model,
            blank=blank, n_process=n_process, batch_size=batch_size, shard_size=shard_size,
            id_field=id_field, text_field=text_field, date_field=date_field,
            on_error=on_error.value, progress=progress, overwrite=overwrite, dask=dask)
    except (AuditError, InputError, ResumeError, ValueError, OSError, ImportError) as err:
        fail(str(err))
    try:
        _write_reports(output, ShardedRecords(output), _report_header(output, corpus),
                       compat.value if compat else None)
    except (ValueError, OSError, ImportError) as err:
        fail(str(err))
    for example in summary.bad_examples:
        typer.echo(f"  bad: {example}")
    if summary.bad > len(summary.bad_examples):
        typer.echo(f"  ... {summary.bad - len(summary.bad_examples)} more bad records (their "
                   "reasons are in the records, column 'reason')")
    typer.echo(_summary_line(summary))
    _reconcile_steps(output, records_changed=overwrite or summary.shards_written > 0)
    _run_steps(corpus, output, exclude=exclude, balance=balance, rebuild=rebuild,
               progress=progress)


def _reconcile_steps(output: Path, *, records_changed: bool) -> None:
    """Keep the corpus steps of an earlier run when the records are those they read, drop
    them when this run wrote records (``audit.step_state``)."""
    from ..audit.step_state import own_rebuilt_folder, reconcile_steps
    from ..audit.steps import StepError

    try:
        rebuilt = own_rebuilt_folder(output) if records_changed else None
        outcome, steps = reconcile_steps(output, records_changed=records_changed)
    except (StepError, ValueError, OSError, ImportError) as err:
        fail(str(err))
    if outcome == "kept":
        typer.echo(f"corpus steps kept ({', '.join(steps)}): the records are those they read; "
                   "the report shows their stages")
    elif outcome == "dropped":
        typer.echo(f"corpus steps dropped ({', '.join(steps)}): they were computed from the "
                   "earlier records; run them again")
        if rebuilt is not None:
            typer.echo(f"removed {rebuilt}: the corpus rebuilt from the dropped steps")


def _run_steps(corpus: list[Path], output: Path, *, exclude: bool, balance: bool,
               rebuild: bool, progress: bool) -> None:
    """The corpus steps the audit chains, each with its defaults."""
    from ..audit.balance import BalanceSettings
    from ..audit.exclude import ExcludeSettings
    from ..audit.steps import StepError

    # Here, not at the top: the step commands register when their module is imported, and
    # `genderfair --help` lists them after audit. (No cycle: corpus_steps imports nothing of
    # this module.)
    from .corpus_steps import balance_step, exclude_step, rebuild_step

    try:
        if exclude:
            exclude_step(output, ExcludeSettings(), progress=progress)
        if balance:
            balance_step(output, BalanceSettings(), progress=progress)
        if rebuild:
            rebuild_step(corpus, output, output / REBUILT_FOLDER, progress=progress)
    except (StepError, ValueError, OSError, ImportError) as err:
        fail(str(err))


def _report_header(output: Path, corpus: list[Path]) -> dict:
    """The report's header: the inputs, and the manifest's versions, language, actor level
    and notes."""
    import json

    from ..audit.runner import MANIFEST_FILE

    section = json.loads((output / MANIFEST_FILE).read_text(encoding="utf-8"))["audit"]
    return {"inputs": [str(path) for path in corpus], **section["versions"],
            "lang": section["parameters"]["lang"],
            "actor_level": section["actor_level"], "notes": section["notes"]}


def _write_reports(output: Path, table, header: dict, compat: str | None) -> None:
    """report.json, report.txt, plots/*.png and report.html from the records."""
    from ..audit.html import render_html
    from ..audit.plots import write_plots
    from ..audit.report import build_report, write_report

    report = build_report(table, compat=compat, header=header)
    write_report(report, output)
    plots = write_plots(table, report, output / "plots")
    (output / "report.html").write_text(render_html(report, plots), encoding="utf-8")


def _summary_line(summary) -> str:
    reasons = ", ".join(f"{reason} {count}" for reason, count in summary.reasons.most_common())
    bad = f"{summary.bad} bad ({reasons})" if summary.bad else "0 bad"
    shards = f"{summary.shards_written} shard{'' if summary.shards_written == 1 else 's'} written"
    if summary.shards_resumed:
        shards += f", {summary.shards_resumed} resumed"
    speed = f"; {summary.docs_per_second:.1f} docs/s" if summary.processed else ""
    return (f"audit: {summary.input_records} input records = {summary.ok} ok + {bad}; "
            f"{shards}{speed} -> {summary.output}")
