"""Build a tiny random RoBERTa offline, its vocabulary trained on a DocBin's texts, for
proving configs/trf.cfg on a CPU (see spacy_genderfair.nerproject.tiny_transformer)."""

from pathlib import Path

import spacy
import typer
from spacy.tokens import DocBin

from spacy_genderfair.nerproject.tiny_transformer import write_tiny_transformer


def main(
    train_path: Path = typer.Argument(..., help="DocBin whose texts train the vocabulary"),
    out_dir: Path = typer.Argument(..., help="The model folder to write"),
    seed: int = typer.Option(0, "--seed", help="Seed of the random weights"),
) -> None:
    vocab = spacy.blank("uk").vocab
    texts = [doc.text for doc in DocBin().from_disk(train_path).get_docs(vocab)]
    write_tiny_transformer(texts, out_dir, seed=seed)
    typer.echo(f"tiny transformer ({len(texts)} training texts) -> {out_dir}")


if __name__ == "__main__":
    typer.run(main)
