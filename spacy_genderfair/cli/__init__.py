"""The ``genderfair`` command line (also ``python -m spacy_genderfair``).

Every error ends a command with one line on stderr (``Error: ...``) and a non-zero exit code:
1 for bad input, data or settings, 2 for a command line that does not parse. A traceback is
shown only when the environment variable GENDERFAIR_TRACEBACK is set (for bug reports).
"""

import os
import sys
from pathlib import Path
from typing import NoReturn

import typer
from typer.core import TyperGroup

try:  # newer typer releases parse with their own copy of click
    from typer._click import exceptions as click_exceptions
except ImportError:
    from click import exceptions as click_exceptions

EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a tool whose reader left
TRACEBACK_ENV = "GENDERFAIR_TRACEBACK"


def one_line(message: str) -> str:
    """``message`` with its line breaks and runs of spaces folded into single spaces."""
    return " ".join(str(message).split())


def fail(message: str) -> NoReturn:
    """End a command with one clear line on stderr and exit code 1 (never a traceback)."""
    typer.echo(f"Error: {one_line(message)}", err=True)
    raise typer.Exit(code=EXIT_ERROR)


def check_input_file(path: str | Path, what: str = "Input file") -> None:
    """End the command unless ``path`` is ``-`` (stdin) or a file with content: an empty
    input is a mistake (a wrong path, a failed earlier step), not an empty corpus."""
    if str(path) == "-":
        return
    path = Path(path)
    if path.is_dir():
        fail(f"{what} is a folder, not a file: {path}")
    if not path.is_file():
        fail(f"{what} not found: {path}")
    if path.stat().st_size == 0:
        fail(f"{what} is empty: {path}")


def _usage_error(err: "click_exceptions.UsageError", command_path: str) -> NoReturn:
    command = err.ctx.command_path if err.ctx is not None else command_path
    typer.echo(f"Error: {one_line(err.format_message())} (see '{command} --help')", err=True)
    raise typer.Exit(code=EXIT_USAGE)


class OneLineErrorGroup(TyperGroup):
    """The command group of ``genderfair``: usage errors and any exception a command lets
    escape become one ``Error:`` line, instead of click's usage box or a traceback."""

    def make_context(self, info_name, args, parent=None, **extra):
        # The group's own options ("genderfair --bogus") are parsed here, before invoke.
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click_exceptions.UsageError as err:
            # "genderfair" alone shows the help through this error (click >= 8.2).
            if isinstance(err, getattr(click_exceptions, "NoArgsIsHelpError", ())):
                raise
            _usage_error(err, info_name or "genderfair")

    def invoke(self, ctx: typer.Context):
        try:
            return super().invoke(ctx)
        except click_exceptions.UsageError as err:
            # Raised while the sub-command's arguments are parsed, before it runs.
            _usage_error(err, ctx.command_path)
        except (typer.Exit, typer.Abort, click_exceptions.ClickException):
            raise
        except BrokenPipeError:
            # The reader of our output went away ("genderfair swap ... | head"): stop quietly,
            # as Unix tools do, and keep Python from complaining about stdout at exit.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise typer.Exit(code=EXIT_BROKEN_PIPE) from None
        except Exception as err:
            if os.environ.get(TRACEBACK_ENV):
                raise
            reason = one_line(str(err)) or "(no message)"
            typer.echo(f"Error: {type(err).__name__}: {reason} (set {TRACEBACK_ENV}=1 for "
                       "the traceback)", err=True)
            raise typer.Exit(code=EXIT_ERROR) from None


app = typer.Typer(
    name="genderfair",
    cls=OneLineErrorGroup,
    help="Audit gender representation in corpora and build gender-balanced data.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"genderfair {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(False, "--version", is_eager=True, callback=_print_version,
                                 help="Print the version and exit."),
) -> None:
    """spacy_genderfair command line."""


# Commands register themselves on import.
from . import (  # noqa: E402, F401
    audit,
    augment_brat,
    corpus_steps,
    eval_swap,
    neutral,
    probe,
    sentences,
    show,
    swap,
)
