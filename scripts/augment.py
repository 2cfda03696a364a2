"""Write the training sets orig, orig+gold and orig+ours (see spacy_genderfair.nerproject)."""

from pathlib import Path

import srsly
import typer

from spacy_genderfair.nerproject.augment import write_training_sets


def main(
    corpus_dir: Path = typer.Argument(..., help="The corpus step's folder"),
    ours_root: Path = typer.Argument(..., help="genderfair augment-brat's output folder"),
    original_root: Path = typer.Argument(..., help="NER-UK v2.0/data"),
    out_dir: Path = typer.Argument(..., help="Folder for <set>.spacy and augment.json"),
    limit: int = typer.Option(0, "--limit", help="NER-UK train lines to use (0: all)"),
) -> None:
    report = write_training_sets(corpus_dir, ours_root, original_root, out_dir, limit=limit)
    srsly.write_json(out_dir / "augment.json", report)
    typer.echo(f"training sets: {report['docs']} (added {report['added']})")


if __name__ == "__main__":
    typer.run(main)
