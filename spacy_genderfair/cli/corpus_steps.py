"""``genderfair exclude``, ``balance`` and ``rebuild``: the corpus steps after the audit
(Urchs et al., steps 2 to 4). Each reads the audit's records, never re-runs the NLP, and
writes into the audit folder, so a step can be re-run with other parameters."""

from enum import Enum
from pathlib import Path

import typer

from . import app, check_input_file, fail
from .options import Compat, output_option, progress_option

AUDIT_HELP = "The audit folder (genderfair audit --output)."


class AbsentGroup(str, Enum):
    """What a text where one group has no actor is compared with."""

    skip = "skip"
    neutral = "neutral"


class Method(str, Enum):
    """How the corpus is balanced."""

    greedy = "greedy"
    optimal = "optimal"
    weights = "weights"


class Keep(str, Enum):
    """What the optimal balancing keeps most of."""

    texts = "texts"
    tokens = "tokens"


class Period(str, Enum):
    """The periods in each of which the bounds are met."""

    year = "year"


def _step_errors():
    from ..audit.steps import StepError

    return (StepError, ValueError, ImportError, OSError)


@app.command("exclude")
def exclude_command(
    audit_dir: Path = typer.Argument(..., metavar="AUDIT", help=AUDIT_HELP),
    min_flags: int = typer.Option(2, "--min-flags", min=1, max=4, help="Flags (of 4) that "
                                  "exclude a text."),
    sentiment_gap: float = typer.Option(0.3, "--sentiment-gap", min=0, help="Flag a text "
                                        "whose groups' mean sentiments differ by more."),
    role_gap: float = typer.Option(0.5, "--role-gap", min=0, help="Flag a text whose "
                                   "groups' (subject+1)/(object+1) ratios differ by more."),
    quote_gap: float = typer.Option(0.5, "--quote-gap", min=0, help="Flag a text whose "
                                    "groups' (direct+1)/(indirect+1) quote ratios differ by "
                                    "more."),
    naming_gap: float = typer.Option(0.5, "--naming-gap", min=0, help="Flag a text whose "
                                     "groups' (named+1)/(pronoun+1) ratios differ by more."),
    absent_group: AbsentGroup = typer.Option(
        AbsentGroup.skip, "--absent-group", help="A text where one group has no actor: skip "
        "(no flag) or neutral (compared with a neutral phantom, as the paper)."),
    compat: Compat | None = typer.Option(
        None, "--compat", help="Reproduce a reference implementation's rule (taz2025: "
        "Ognatai/corpus_balancing; implies --absent-group neutral)."),
    progress: bool = progress_option(),
) -> None:
    """Exclude the texts that frame she/her and he/him asymmetrically (Urchs et al., step
    2): exclusions.jsonl, excluded_index.json and the manifest's "exclude" section."""
    from ..audit.exclude import ExcludeSettings

    try:
        settings = ExcludeSettings(
            min_flags=min_flags, sentiment_gap=sentiment_gap, role_gap=role_gap,
            quote_gap=quote_gap, naming_gap=naming_gap, absent_group=absent_group.value,
            compat=compat.value if compat else None)
        exclude_step(audit_dir, settings, progress=progress)
    except _step_errors() as err:
        fail(str(err))


def exclude_step(audit_dir: Path, settings, *, progress: bool) -> None:
    """Run the exclusion and print its summary line."""
    from ..audit.exclude import EXCLUSIONS_FILE, run_exclude

    summary = run_exclude(audit_dir, settings, progress=progress)
    flags = ", ".join(f"{flag} {count}" for flag, count in summary.flag_counts.items())
    typer.echo(f"exclude: {summary.excluded} of {summary.analysed} analysed texts excluded "
               f"({summary.compared} compared; flags: {flags}) -> "
               f"{audit_dir / EXCLUSIONS_FILE}")


@app.command("balance")
def balance_command(
    audit_dir: Path = typer.Argument(..., metavar="AUDIT", help=AUDIT_HELP),
    bounds: tuple[float, float] = typer.Option(
        (0.75, 1.25), "--bounds", metavar="LOWER UPPER", help="The bounds of the she/he "
        "ratios of actors and of mentions."),
    method: Method = typer.Option(
        Method.optimal, "--method", help="greedy (the paper's rule), optimal (fewest texts "
        "removed, a MILP) or weights (no removal: a weight per text)."),
    by: Period | None = typer.Option(None, "--by", help="Meet the bounds in every year "
                                     "(keeps the time distribution)."),
    keep: Keep = typer.Option(Keep.texts, "--keep", help="What --method optimal keeps most "
                              "of: texts (fewest removed) or tokens."),
    time_limit: float = typer.Option(60.0, "--time-limit", min=0.1, help="Seconds the "
                                     "solver may take per period (optimal, weights)."),
    min_weight: float = typer.Option(0.1, "--min-weight", min=0.0, max=1.0, help="The "
                                     "smallest weight of --method weights."),
    progress: bool = progress_option(),
) -> None:
    """Bring the she/he ratios of actors and mentions into bounds (Urchs et al., step 3),
    on the texts left after exclusion: balancing.json, the texts removed, weights.parquet
    (--method weights) and the manifest's "balance" section."""
    from ..audit.balance import BalanceSettings

    try:
        settings = BalanceSettings(method=method.value, lower=bounds[0], upper=bounds[1],
                                   by_year=by is not None, keep=keep.value,
                                   time_limit=time_limit, min_weight=min_weight)
        balance_step(audit_dir, settings, progress=progress)
    except _step_errors() as err:
        fail(str(err))


def balance_step(audit_dir: Path, settings, *, progress: bool) -> None:
    """Run the balancing and print its summary line."""
    from ..audit.balance import run_balance
    from ..audit.exclude import BALANCING_FILE
    from ..audit.step_report import verdict

    report = run_balance(audit_dir, settings, progress=progress)
    before, after = report["ratios_before"], report["ratios_after"]
    change = ", ".join(f"{kind} {_ratio(before[kind])} -> {_ratio(after[kind])}"
                       for kind in before)
    if settings.method != "weights":
        what = f"{report['removed']} of {report['texts']} texts removed"
    elif report["reached"] is None:  # no ratio to balance: no weights were written
        what = f"no weights for {report['texts']} texts"
    else:
        what = f"{report['texts']} texts weighted"
    typer.echo(f"balance ({settings.method}): {what}; she/he {change}; bounds "
               f"[{settings.lower}, {settings.upper}] {verdict(report)} -> "
               f"{audit_dir / BALANCING_FILE}")


def _ratio(value: float | None) -> str:
    return "none" if value is None else f"{value:.2f}"


@app.command("rebuild")
def rebuild_command(
    corpus: list[Path] = typer.Argument(..., metavar="CORPUS...", help="The audit's CORPUS "
                                        "paths, in the same order."),
    audit_dir: Path = typer.Argument(..., metavar="AUDIT", help=AUDIT_HELP),
    output: Path = output_option("The folder of the rebuilt corpus: one output per CORPUS "
                                 "path, of the same name."),
    progress: bool = progress_option(),
) -> None:
    """Write the corpus without the texts the exclude and balance steps removed (Urchs et
    al., step 4): every input file, kept records byte for byte (DocBins: the kept docs)."""
    for path in corpus:
        if not path.is_dir():
            check_input_file(path)
    try:
        rebuild_step(corpus, audit_dir, output, progress=progress)
    except _step_errors() as err:
        fail(str(err))


def rebuild_step(corpus: list[Path], audit_dir: Path, output: Path, *,
                 progress: bool) -> None:
    """Run the rebuild and print its summary line."""
    from ..audit.rebuild import run_rebuild

    counts = run_rebuild(corpus, audit_dir, output, progress=progress)
    removed = {step: sum(item.removed[step] for item in counts) for step in counts[0].removed}
    records = sum(item.records for item in counts)
    kept = sum(item.kept for item in counts)
    typer.echo(f"rebuild: {records} records = {kept} kept + {records - kept} removed "
               f"({', '.join(f'{step} {n}' for step, n in removed.items())}) in "
               f"{len(counts)} input(s) -> {output}")
