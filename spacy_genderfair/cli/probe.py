"""``genderfair probe``: a counterfactual probe of any spaCy NER pipeline."""

from pathlib import Path

import srsly
import typer

from . import app, check_input_file, fail
from .options import direction_option, lang_option, report_option, seed_option


@app.command("probe")
def probe_command(
    model: str = typer.Option(..., "--model", help="The NER pipeline: a package name or a "
                              "folder."),
    data: Path = typer.Option(..., "--data", help="Gold sentences with entities (.spacy "
                              "DocBin)."),
    lang: str = lang_option("uk"),
    direction: str = direction_option(),
    seed: int = seed_option(),
    examples: int = typer.Option(10, "--examples", help="Sentences found on one side only "
                                 "to print."),
    report: Path | None = report_option("Write the recalls, differences and every "
                                        "one-sided sentence as JSON."),
) -> None:
    """Run the NER on each sentence and on its gender-swapped counterpart: recall per label
    and gender on each side, the paired difference with a bootstrap 95 % interval, and the
    sentences where an entity is found on one side only."""
    import spacy
    from spacy.tokens import DocBin

    from ..evaluation.probe import (
        gender_classifier,
        one_sided,
        probe_sentences,
        probe_summary,
        swap_gold_docs,
    )
    from .swap import swap_pipeline

    check_input_file(data, "--data")
    swapper = swap_pipeline(lang, direction=direction, seed=seed)
    try:
        gold = list(DocBin().from_disk(data).get_docs(swapper.vocab))
    except ValueError as err:
        fail(f"--data: not a DocBin: {err}")
    try:
        nlp = spacy.load(model)
    except OSError as err:
        fail(f"--model: {err}")
    pairs = swap_gold_docs(swapper, gold)
    sentences = probe_sentences(nlp, pairs, gender_classifier(lang))
    summary = probe_summary(sentences, seed=seed)
    typer.echo(f"sentences {len(gold)}, swapped {len(pairs)}")
    typer.echo(f"{'label':<8}{'gender':<11}{'n':>6}{'original':>10}{'swapped':>9}"
               f"{'diff':>8}  95 % CI")
    for label, genders in summary.items():
        for gender, row in genders.items():
            interval = ("–" if row["ci_low"] is None
                        else f"[{row['ci_low']:+.3f}, {row['ci_high']:+.3f}]")
            typer.echo(f"{label:<8}{gender:<11}{row['entities']:>6}"
                       f"{row['recall_original']:>10.3f}{row['recall_swapped']:>9.3f}"
                       f"{row['difference']:>+8.3f}  {interval}")
    lopsided = one_sided(sentences)
    typer.echo(f"found on one side only: {len(lopsided)} sentences")
    for sentence in lopsided[:examples]:
        for entity in sentence.entities:
            side = "original" if entity.found_original else "swapped"
            typer.echo(f"  [{entity.label}] {entity.original!r} / {entity.swapped!r}: "
                       f"only in the {side}")
    if report is not None:
        srsly.write_json(report, {
            "model": model, "data": str(data), "sentences": len(gold), "swapped": len(pairs),
            "summary": summary,
            "one_sided": [{"original": s.original, "swapped": s.swapped,
                           "entities": [vars(e) for e in s.entities]} for s in lopsided]})
