"""Convert NER-UK (brat) into DocBins: train/dev/test and the gold swapped lines by split."""

from pathlib import Path

import srsly
import typer

from spacy_genderfair.nerproject.corpus import write_corpus


def main(
    ner_uk: Path = typer.Argument(..., help="NER-UK root (holds v2.0/data, v2.0-swapped/data)"),
    out_dir: Path = typer.Argument(..., help="Folder for the .spacy files and corpus.json"),
    seed: int = typer.Option(0, "--seed", help="Seeds the choice of dev documents"),
    dev_share: float = typer.Option(0.1, "--dev-share", help="Share of DEV documents in dev"),
) -> None:
    swapped = ner_uk / "v2.0-swapped" / "data"
    report = write_corpus(ner_uk / "v2.0" / "data", out_dir,
                          swapped_root=swapped if swapped.is_dir() else None,
                          dev_share=dev_share, seed=seed)
    srsly.write_json(out_dir / "corpus.json", report)
    entities = report["entities"]
    typer.echo(f"docs: {report['docs']}")
    typer.echo(f"entities: {entities['entities']} = kept {entities['kept']} + nested "
               f"{entities['nested']} + overlapping {entities['overlapping']} + misaligned "
               f"{entities['misaligned']}; duplicates {entities['duplicates']}, tokens split "
               f"{entities['split_tokens']}")
    pairs = report["swapped_pairs"]
    typer.echo(f"gold swapped lines: {pairs['pairs']} read, {pairs['skipped_lines']} lines and "
               f"{pairs['skipped_documents']} documents skipped (see corpus.json)")


if __name__ == "__main__":
    typer.run(main)
