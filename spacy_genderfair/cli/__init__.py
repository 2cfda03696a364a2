"""The ``genderfair`` command line (also ``python -m spacy_genderfair``)."""

from enum import Enum
from typing import NoReturn

import typer

app = typer.Typer(
    name="genderfair",
    help="Audit gender representation in corpora and build gender-balanced data.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def main() -> None:
    """spacy_genderfair command line."""


class OnError(str, Enum):
    """What a command does with a bad input record: count and skip it, or stop."""

    skip = "skip"
    fail = "fail"


def fail(message: str) -> NoReturn:
    """End a command with one clear line on stderr and exit code 1 (never a traceback)."""
    typer.echo(f"Error: {message}", err=True)
    raise typer.Exit(code=1)


# Commands register themselves on import.
from . import augment_brat, eval_swap, neutral, sentences, show, swap  # noqa: E402, F401
