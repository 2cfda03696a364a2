"""The options that several ``genderfair`` commands share, defined once.

Each factory returns the ``typer.Option`` a command puts as the default of its parameter, so
that a concept has the same name, alias, default and help in every command (docs/cli.md
lists them). A command passes only what is its own: what its bad records are, its default
batch size, the formats it reads.
"""

from enum import Enum
from pathlib import Path

import typer

LANGUAGE_HELP = "Language profile: a built-in code (de, en, pt, uk) or a profile folder."
DEFAULT_MODEL_HELP = ("Default: the language profile's pipeline (en: en_core_web_sm; de, pt, "
                      "uk: <lang>_core_news_md).")


class OnError(str, Enum):
    """What a command does with a bad input record: count and skip it, or stop."""

    skip = "skip"
    fail = "fail"


class Compat(str, Enum):
    """Reference implementations whose definitions the audit's report and exclusion can
    reproduce (``--compat`` of audit and exclude)."""

    taz2025 = "taz2025"


def output_option(help_text: str, *, required: bool = True):
    """``--output/-o`` (``--out`` is the older spelling, still accepted). The folder it names
    a file in is created when missing, as ``-o out/subset.txt`` in a fresh clone expects."""
    return typer.Option(... if required else None, "--output", "-o", "--out",
                        metavar="PATH", help=help_text, callback=_make_parent_folder)


def _make_parent_folder(value):
    if value is not None and str(value) != "-":
        try:
            Path(value).parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise typer.BadParameter(f"cannot create the folder of {value}: {err}") from None
    return value


def lang_option(default: str = "en", *, only: tuple[str, ...] = ()):
    """``--lang/-l``, checked before the command runs: an unknown language is one error line
    that lists the built-in ones.

    default (str): the command's language. Defaults to "en" (a command that serves one
        language defaults to it).
    only (tuple[str, ...]): the languages the command serves; others are refused. Defaults
        to () (any profile).
    """
    help_text = (f"Language: {', '.join(only)} only." if only else LANGUAGE_HELP)
    return typer.Option(default, "--lang", "-l", help=help_text,
                        callback=_language_check(only))


def _language_check(only: tuple[str, ...]):
    def check(ctx: typer.Context, value: str) -> str:
        from ..lang import load_profile

        if only and value not in only:
            raise typer.BadParameter(f"{ctx.info_name} serves {', '.join(only)} only, not "
                                     f"'{value}'")
        try:
            load_profile(value)
        except ValueError as err:
            raise typer.BadParameter(str(err)) from None
        return value

    return check


def model_option(help_text: str):
    """``--model``: a trained spaCy pipeline (name or path)."""
    return typer.Option(None, "--model", metavar="NAME_OR_PATH", help=help_text)


def blank_option():
    """``--blank``: no trained pipeline, a bare tokenizer of ``--lang``."""
    return typer.Option(False, "--blank", help="Use no trained pipeline, only a tokenizer "
                        "of --lang: lexicon-level output (gendered words), no actors or "
                        "quotes.")


def text_field_option():
    """``--text-field`` (``--field`` is the older spelling, still accepted)."""
    return typer.Option("text", "--text-field", "--field", help="JSONL field holding the "
                        "text.")


def id_field_option():
    """``--id-field``: the JSONL field holding a record's id (default: file and line)."""
    return typer.Option(None, "--id-field", help="JSONL field holding the record's id. "
                        "Default: the file name and line number.")


def format_option(formats: tuple[str, ...]):
    """``--format``: ``auto`` (by the input's suffix) or one of ``formats``."""
    choices = ("auto", *formats)

    def check(value: str) -> str:
        if value not in choices:
            raise typer.BadParameter(f"'{value}' is not one of: {', '.join(choices)}")
        return value

    return typer.Option("auto", "--format", callback=check,
                        help=f"Input format: auto (by suffix) or {' | '.join(formats)}.")


def on_error_option(bad_records: str):
    """``--on-error skip|fail``, ``skip`` in every command.

    bad_records (str): what the command counts as a bad record, for the help.
    """
    return typer.Option(OnError.skip, "--on-error", help=f"Bad records ({bad_records}): "
                        "skip (count them and go on) or fail (stop at the first).")


def batch_size_option(default: int):
    """``--batch-size``: documents per ``nlp.pipe`` batch."""
    return typer.Option(default, "--batch-size", min=1,
                        help="Documents per batch of the spaCy pipeline.")


def n_process_option():
    """``--n-process``: processes of ``nlp.pipe``."""
    return typer.Option(1, "--n-process", min=1, help="Processes for the spaCy pipeline.")


def lexicon_option(help_text: str = "Extra lexicon file (repeatable): .tsv/.csv/.json/.txt."):
    """``--lexicon`` (repeatable)."""
    return typer.Option([], "--lexicon", help=help_text)


def report_option(help_text: str = "Write the summary as JSON."):
    """``--report``: the summary as JSON."""
    return typer.Option(None, "--report", metavar="PATH", help=help_text)


def progress_option():
    """``--progress/--no-progress``: the progress bar on stderr."""
    return typer.Option(True, "--progress/--no-progress", help="Show a progress bar on "
                        "stderr.")


# Options of the two swapping commands (swap, augment-brat).


def direction_option():
    return typer.Option("invert", "--direction", help="invert | to_feminine | to_masculine "
                        "| feminine_first (to_feminine, else invert).")


def seed_option():
    return typer.Option(0, "--seed", help="Seed of the first-name draws.")


def keep_names_option():
    return typer.Option(False, "--keep-names",
                        help="Do not swap person names (job titles still swap).")


def swap_lexicon_option():
    return lexicon_option("Extra lexicon file (repeatable), overriding built-in pairs.")


def name_list_option():
    return typer.Option(None, "--name-list", metavar="PATH", help="First names to draw "
                        "from (name<TAB>gender<TAB>weight TSV). Default: the language "
                        "profile's list.")

