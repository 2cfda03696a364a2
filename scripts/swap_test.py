"""Write the test sets original, swapped, augmented, gold-swapped (see
spacy_genderfair.nerproject). The swapped lines come from SWAPPED_TEST when it names a
folder, else from our swapper's output OURS_ROOT; the report says which."""

from pathlib import Path

import srsly
import typer

from spacy_genderfair.nerproject.augment import write_test_sets


def main(
    corpus_dir: Path = typer.Argument(..., help="The corpus step's folder"),
    ours_root: Path = typer.Argument(..., help="genderfair augment-brat's output folder"),
    original_root: Path = typer.Argument(..., help="NER-UK v2.0/data"),
    out_dir: Path = typer.Argument(..., help="Folder for <set>.spacy and swap-test.json"),
    swapped_test: str = typer.Option("", "--swapped-test",
                                     help="Swapped TEST documents (v2.0-swapped layout)"),
    limit: int = typer.Option(0, "--limit", help="NER-UK test lines to use (0: all)"),
) -> None:
    given = Path(swapped_test) if swapped_test else None
    report = write_test_sets(corpus_dir, given or ours_root, original_root, out_dir,
                             source="gold" if given else "ours", limit=limit)
    srsly.write_json(out_dir / "swap-test.json", report)
    typer.echo(f"test sets: {report['docs']}; swapped lines from {report['swapped_source']} "
               f"({report['swapped_root']})")


if __name__ == "__main__":
    typer.run(main)
