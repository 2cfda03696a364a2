"""Write the meta.json for `spacy package` (name, version, licence, sources)."""

from pathlib import Path

import srsly
import typer

from spacy_genderfair.nerproject.package import package_meta


def main(
    model_meta: Path = typer.Argument(..., help="The trained model's meta.json"),
    out_path: Path = typer.Argument(..., help="The meta.json to write"),
    name: str = typer.Option(..., "--name", help="Package name without the language"),
    version: str = typer.Option(..., "--version", help="Package version"),
    requirement: list[str] = typer.Option([], "--requirement",
                                          help="A requirement to add (repeatable)"),
) -> None:
    meta = package_meta(srsly.read_json(model_meta), name=name, version=version,
                        requirements=requirement)
    srsly.write_json(out_path, meta)


if __name__ == "__main__":
    typer.run(main)
