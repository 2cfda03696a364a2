"""Write a copy of a training config with our gender swapper as the train augmenter."""

from pathlib import Path

import typer
from thinc.api import Config

from spacy_genderfair.nerproject.configs import with_swap_augmenter


def main(
    config_path: Path = typer.Argument(..., help="The training config, e.g. configs/cnn.cfg"),
    out_path: Path = typer.Argument(..., help="The config to write"),
    level: float = typer.Option(0.5, "--level", help="Share of examples also swapped"),
    direction: str = typer.Option("invert", "--direction", help="Swap direction"),
    seed: int = typer.Option(0, "--seed", help="Seed of the swaps"),
) -> None:
    config = Config().from_disk(config_path, interpolate=False)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    with_swap_augmenter(config, level=level, direction=direction, seed=seed).to_disk(out_path)


if __name__ == "__main__":
    typer.run(main)
