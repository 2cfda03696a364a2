"""``genderfair augment-brat``: a gender-swapped copy of a brat NER corpus (NER-UK layout)."""

import sys
from pathlib import Path

import srsly
import typer
from tqdm import tqdm

from .. import __version__
from . import app, fail
from .options import (
    OnError,
    direction_option,
    keep_names_option,
    lang_option,
    name_list_option,
    on_error_option,
    progress_option,
    report_option,
    seed_option,
    swap_lexicon_option,
)
from .swap import swap_pipeline


@app.command("augment-brat")
def augment_brat_command(
    src_root: Path = typer.Argument(..., metavar="SRC_ROOT",
                                    help="Folder of brat X.txt/X.ann (e.g. NER-UK v2.0/data)."),
    out_root: Path = typer.Argument(
        ..., metavar="OUT_ROOT", help="Folder for X-swapped.txt/.ann/.meta (same "
        "sub-folders), laid out like NER-UK v2.0-swapped/data."),
    lang: str = lang_option("uk", only=("uk",)),
    split_file: Path | None = typer.Option(
        None, "--split-file", help="Split file of the source (DEV/TEST headers, one id per "
        "line); the swapped documents get the same split, written to OUT_ROOT under the "
        "same name."),
    direction: str = direction_option(),
    seed: int = seed_option(),
    keep_names: bool = keep_names_option(),
    name_list: Path | None = name_list_option(),
    lexicon: list[Path] = swap_lexicon_option(),
    docbin: Path | None = typer.Option(
        None, "--docbin", help="Also write the swapped lines as a DocBin (.spacy), with "
        "entities; user_data: doc_id, line_index, original, swap_edits."),
    on_error: OnError = on_error_option("documents that cannot be read: bad UTF-8, bad .ann"),
    report: Path | None = report_option(),
    overwrite: bool = typer.Option(
        False, "--overwrite", help="Delete the swapped documents of an earlier run in "
        "OUT_ROOT first (a run writes only the documents it changes, so older files would "
        "otherwise stay beside the new ones)."),
    progress: bool = progress_option(),
) -> None:
    """Swap every line of every brat document; write the changed lines with their entities
    and source line indices (readable by 'genderfair eval-swap --pairs OUT_ROOT')."""
    from spacy.tokens import DocBin

    from ..corpus.brat import BratFormatError
    from ..corpus.brat_outputs import SETTINGS_FILE, earlier_outputs
    from ..corpus.brat_writer import augment_brat, source_documents, write_split

    if not src_root.is_dir():
        fail(f"Source folder not found: {src_root}")
    if split_file is not None and not split_file.is_file():
        fail(f"Split file not found: {split_file}")
    if out_root.resolve() == src_root.resolve():
        fail("OUT_ROOT must differ from SRC_ROOT")
    earlier = earlier_outputs(out_root)
    if earlier and not overwrite:
        fail(f"{out_root} already holds {len(earlier)} files of swapped documents (e.g. "
             f"{earlier[0].name}); give --overwrite to replace them, or another OUT_ROOT")
    total = sum(1 for _ in source_documents(src_root))
    if total == 0:
        fail(f"no brat documents (X.txt with an X.ann beside it) under {src_root}")
    for path in earlier:
        path.unlink()
    nlp = swap_pipeline(lang, direction=direction, seed=seed, keep_names=keep_names,
                        name_list=name_list, lexicons=lexicon)
    # Who made the swaps, for the provenance of every Doc built from them downstream.
    settings = {"swapper": "gender_swapper", "version": __version__, "lang": lang,
                "direction": direction, "seed": seed, "keep_names": keep_names,
                "name_list": str(name_list) if name_list else None,
                "lexicons": [str(path) for path in lexicon],
                "split_file": split_file.name if split_file is not None else None}
    docs = DocBin(store_user_data=True) if docbin is not None else None
    with tqdm(total=total, unit="doc", desc="augment-brat", disable=not progress,
              file=sys.stderr) as bar:
        try:
            summary = augment_brat(src_root, out_root, nlp, on_error=on_error.value,
                                   docbin=docs, progress=bar)
        except BratFormatError as err:
            fail(f"{err} (use --on-error skip to count and skip bad documents)")
        except OSError as err:
            fail(str(err))
    split_counts, unlisted = {}, []
    out_root.mkdir(parents=True, exist_ok=True)
    srsly.write_json(out_root / SETTINGS_FILE, settings)
    if split_file is not None:
        try:
            split_counts, unlisted = write_split(split_file, out_root / split_file.name,
                                                 summary.written)
        except (OSError, ValueError) as err:  # SwapDataError, Utf8Error
            fail(f"--split-file: {err}")
    if docs is not None:
        docs.to_disk(docbin)
    _print_summary(summary, out_root, split_file, split_counts, unlisted, docbin)
    if report is not None:
        srsly.write_json(report, {**summary.to_dict(), "split": split_counts,
                                  "not_in_split": unlisted, "settings": settings,
                                  "replaced_earlier_files": len(earlier)})


def _print_summary(summary, out_root: Path, split_file: Path | None,
                   split_counts: dict[str, int], unlisted: list[str], docbin: Path | None
                   ) -> None:
    unswapped = summary.documents - summary.written_documents - summary.skipped_documents
    typer.echo(f"documents       {summary.documents}  = written {summary.written_documents} "
               f"+ without a swap {unswapped} + skipped {summary.skipped_documents}")
    typer.echo(f"lines           {summary.lines}  = swapped {summary.swapped_lines} + "
               f"unchanged {summary.unchanged_lines}  -> {out_root}")
    typer.echo(f"unknown forms   {summary.unknown_form_edits} edits (word kept)")
    typer.echo(f"entities        {summary.entities} on the source lines; "
               f"{summary.entities_written} written for the swapped lines; "
               f"{summary.entities_not_on_doc} not shown to the swapper (nested or "
               "between tokens; still written)")
    for problem in summary.problems[:20]:
        where = f"{problem.path} line {problem.line}" if problem.line else problem.path
        typer.echo(f"  {where}: {problem.reason}")
    if len(summary.problems) > 20:
        typer.echo(f"  ... {len(summary.problems) - 20} more (see --report)")
    if split_file is not None:
        counts = ", ".join(f"{name} {n}" for name, n in split_counts.items())
        typer.echo(f"split           {out_root / split_file.name}: {counts}")
        if unlisted:
            typer.echo(f"  {len(unlisted)} written documents are not in {split_file.name} "
                       f"(left out of the split): {', '.join(unlisted[:10])}")
    if docbin is not None:
        typer.echo(f"docbin          {summary.swapped_lines} docs -> {docbin}")
