"""The audit's figures, like Figures 1-5 of Urchs et al. ("Fair Play in the Newsroom"), as PNG
files in ``OUTPUT/plots/``.

Yearly figures read the report (its shares and their confidence intervals, so that a figure and
the report's tables never disagree); the per-article histograms read the records table, since the
report keeps sums only. matplotlib is imported inside the functions that draw, with the Agg
canvas and without pyplot, so that importing this module costs nothing, needs no display and
changes no global matplotlib state.
"""

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._compat import has_matplotlib, require
from ..extensions import HE, PRONOUN_GROUPS, SHE, THEY, UNKNOWN_GROUP
from .article_shares import ARTICLE_UNITS, SHARE_BINS, article_share_counts, share_bins

# A year with fewer texts than this is marked in every yearly figure (the paper's early years
# rest on one to three articles; the report warns about the same years).
MIN_RELIABLE_TEXTS = 100
# Fixed size and resolution, and no tight bounding box: every PNG has a known pixel size.
DPI = 100
WIDE = (10.0, 4.5)
GRID = (10.0, 7.0)

# Okabe-Ito colours: told apart with every common colour-vision deficiency.
GROUP_COLOURS = {SHE: "#E69F00", HE: "#0072B2", THEY: "#009E73", UNKNOWN_GROUP: "#999999"}
YEARLY_SHARES = (
    ("actors", "Actors"),
    ("mentions", "Mentions (named + pronoun)"),
    ("subject", "Subject roles"),
    ("quotes_direct", "Direct quotes"),
)
# Up to this many years, each gets its own tick; more get evenly spaced ones.
MAX_YEAR_TICKS = 12


@dataclass(frozen=True)
class FigureSpec:
    """One figure of the report.

    name (str): the PNG's file stem and the key in ``write_plots``'s result.
    title (str): the heading above the figure in the HTML report.
    caption (str): what the figure shows and how it is computed.
    needs_actors (bool): whether it shows actor-level fields (not available in --blank mode).
    needs_years (bool): whether its x axis is the year (needs at least one dated record).
    """

    name: str
    title: str
    caption: str
    needs_actors: bool = True
    needs_years: bool = False


FIGURES = (
    FigureSpec(
        "shares_by_year", "She/her share per year",
        "The she/her share, she/(she+he), of actors, of mentions (named + pronoun), of subject "
        "roles and of direct quotes per year, with the report's 95 % confidence interval as a "
        "band (a whisker for a year between gaps). The dashed line is parity (50 %); hollow "
        f"points are years with fewer than {MIN_RELIABLE_TEXTS} texts.",
        needs_years=True),
    FigureSpec(
        "sentiment_by_year", "Mean sentiment by group per year",
        "Sum of the actors' sentiment / number of actors with a sentiment, per pronoun group and "
        f"year. Hollow points are years with fewer than {MIN_RELIABLE_TEXTS} texts.",
        needs_years=True),
    FigureSpec(
        "article_shares", "She/her share per article",
        "Each article counts once, with its own she/(she+he): left of its named + pronoun "
        "mentions (mention-weighted), right of its actors (actor-weighted). Articles without a "
        "she/her or he/him mention (left) or actor (right) have no share and are left out; the "
        "panel titles give how many articles remain."),
    FigureSpec(
        "quotes_roles_by_group", "Quotes and roles by group",
        "Direct and indirect quotes by the speaker's pronoun group (left) and subject and object "
        "roles by the actor's group (right), over the whole corpus. Each bar is labelled with its "
        "count and the group's percentage of that quote type or role."),
)


def figure_notes(report: Mapping[str, Any]) -> dict[str, str]:
    """Why a figure is not drawn for this report: {figure name: reason}. A figure that is
    drawn has no entry. ``write_plots`` skips these figures and ``render_html`` shows the
    reason in their place.

    report (Mapping[str, Any]): the audit report (schema spacy_genderfair.audit_report.v1).
    RETURNS (dict[str, str]): the reason for each figure that is not drawn.
    """
    header = report.get("header") or {}
    overall = _period(report, "all")
    if header.get("actor_level") is False:
        no_actors = ("not available: the audit ran without NER and parser (--blank), so there "
                     "are no actor-level fields")
    elif not overall or not overall["totals"].get("texts_with_actors"):
        no_actors = "not drawn: no text in the corpus has an actor"
    else:
        no_actors = None
    no_years = None if _years(report) else "not drawn: no record has a date (all are 'unknown')"
    notes = {}
    for spec in FIGURES:
        if spec.needs_actors and no_actors:
            notes[spec.name] = no_actors
        elif spec.needs_years and no_years:
            notes[spec.name] = no_years
    return notes


def write_plots(table: Any, report: Mapping[str, Any], folder: str | Path) -> dict[str, Path]:
    """Draw the report's figures as PNG files.

    table (pyarrow.Table): the audit records (one row per input record).
    report (Mapping[str, Any]): the report that ``build_report`` made from the same table.
    folder (str | Path): where the PNG files go (created if missing), e.g. ``OUTPUT/plots``.
    RETURNS (dict[str, Path]): {figure name: PNG path} for each figure drawn, in FIGURES order.
    """
    require("matplotlib", has_matplotlib, "drawing the audit's figures")
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    skipped = figure_notes(report)
    draw = {
        "shares_by_year": lambda: shares_figure(report),
        "sentiment_by_year": lambda: sentiment_figure(report),
        "article_shares": lambda: article_shares_figure(table),
        "quotes_roles_by_group": lambda: quotes_roles_figure(report),
    }
    written = {}
    for spec in FIGURES:
        if spec.name in skipped:
            continue
        figure = draw[spec.name]()
        path = folder / f"{spec.name}.png"
        figure.savefig(path, dpi=DPI)
        written[spec.name] = path
    return written


def shares_figure(report: Mapping[str, Any]) -> Any:
    """Four panels: the she/her share per year of actors, mentions, subject roles and direct
    quotes, each with its 95 % confidence band and the 50 % line."""
    years, small = _years(report), _small_years(report)
    figure = _new_figure(GRID)
    axes = figure.subplots(2, 2, sharex=True)
    for ax, (metric, label) in zip(axes.flat, YEARLY_SHARES, strict=True):
        share, low, high = (
            [_percent(_period(report, year)["shares"].get(metric, {}).get(key)) for year in years]
            for key in ("share", "ci_low", "ci_high")
        )
        ax.fill_between(years, low, high, color=GROUP_COLOURS[SHE], alpha=0.25, linewidth=0,
                        label="95 % confidence interval")
        # A band needs two neighbouring years; a year alone between gaps gets a whisker.
        alone = [index for index in range(len(years)) if _isolated(share, index)]
        if alone:
            ax.vlines([years[i] for i in alone], [low[i] for i in alone],
                      [high[i] for i in alone], color=GROUP_COLOURS[SHE], alpha=0.5,
                      linewidth=6)
        _year_line(ax, years, share, small, GROUP_COLOURS[SHE], "she/her share")
        ax.axhline(50, color="black", linestyle="--", linewidth=1, label="parity (50 %)")
        ax.set(title=label, ylim=(0, 100), ylabel="she/(she+he) in %")
        if all(math.isnan(value) for value in share):  # no share in any year
            _empty_note(ax, "no she/her or he/him counts")
    _year_axis(axes[1, 0], years)
    _year_axis(axes[1, 1], years)
    _legend_below(figure, axes.flat[0], small)
    figure.suptitle("She/her share per year: she/(she+he), with 95 % confidence interval")
    figure.subplots_adjust(bottom=0.16, hspace=0.3)
    return figure


def sentiment_figure(report: Mapping[str, Any]) -> Any:
    """One line per pronoun group that has a sentiment in some year: the mean sentiment of its
    actors per year."""
    years, small = _years(report), _small_years(report)
    figure = _new_figure(WIDE)
    ax = figure.subplots()
    drawn = False
    for group in PRONOUN_GROUPS:
        means = [_number(_period(report, year)["metrics"].get("sentiment", {}).get(group))
                 for year in years]
        if all(math.isnan(value) for value in means):
            continue
        _year_line(ax, years, means, small, GROUP_COLOURS[group], group)
        drawn = True
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set(title="Mean sentiment of the actors per year", ylabel="mean sentiment")
    _year_axis(ax, years)
    if drawn:
        _legend_below(figure, ax, small)
    else:
        _empty_note(ax, "no actor has a sentiment")
    figure.subplots_adjust(bottom=0.24)
    return figure


def article_shares_figure(table: Any) -> Any:
    """Two panels, each a histogram of articles by their she/her share: mention-weighted on
    the left, actor-weighted on the right."""
    figure = _new_figure(WIDE)
    axes = figure.subplots(1, 2, sharey=True)
    # Bins centred on 0, 0.05, ..., 1: the many articles at exactly 0, 1/2 or 1 each fill the
    # bin around their value instead of the edge of one bin and the next.
    bins = share_bins()
    half = 0.5 / SHARE_BINS
    titles = {"mentions": "Mention-weighted", "actors": "Actor-weighted"}
    labels = {"mentions": "she/(she+he) of the article's named + pronoun mentions",
              "actors": "she/(she+he) of the article's actors"}
    for ax, unit in zip(axes, ARTICLE_UNITS, strict=True):
        counts = article_share_counts(table, unit)
        centres = (bins[:-1] + bins[1:]) / 2
        ax.hist(centres, bins=bins, weights=counts, color=GROUP_COLOURS[SHE], edgecolor="white")
        ax.axvline(0.5, color="black", linestyle="--", linewidth=1)
        n_articles = int(counts.sum())
        articles = "1 article" if n_articles == 1 else f"{n_articles} articles"
        ax.set(title=f"{titles[unit]} ({articles})", xlabel=labels[unit],
               xlim=(-2 * half, 1 + 2 * half))
        if not n_articles:
            _empty_note(ax, f"no article with she/her or he/him {unit}")
    axes[0].set_ylabel("articles")
    axes[0].yaxis.set_major_locator(_count_ticks())
    figure.suptitle("She/her share per article")
    figure.subplots_adjust(bottom=0.17, top=0.84)
    return figure


def quotes_roles_figure(report: Mapping[str, Any]) -> Any:
    """Two grouped bar charts over the whole corpus: direct/indirect quotes and
    subject/object roles per pronoun group."""
    import numpy

    metrics = _period(report, "all")["metrics"]
    figure = _new_figure(WIDE)
    axes = figure.subplots(1, 2)
    panels = (("Quotes by the speaker's group", "quotes",
               (("quotes_direct", "direct"), ("quotes_indirect", "indirect"))),
              ("Roles by the actor's group", "roles",
               (("subject", "subject"), ("object", "object"))))
    positions = numpy.arange(len(PRONOUN_GROUPS))
    for ax, (title, what, kinds) in zip(axes, panels, strict=True):
        width = 0.8 / len(kinds)
        grand_total = 0
        for index, (metric, label) in enumerate(kinds):
            counts = [int(_number(metrics.get(metric, {}).get(group), 0)) for group in
                      PRONOUN_GROUPS]
            total = sum(counts)
            grand_total += total
            bars = ax.bar(positions + (index - (len(kinds) - 1) / 2) * width, counts, width,
                          label=label, color=("#555555", "#BBBBBB")[index])
            ax.bar_label(bars, labels=[f"{count}\n{100 * count / total:.0f} %" if total else
                                       str(count) for count in counts], fontsize=8)
        ax.set_xticks(positions, PRONOUN_GROUPS)
        ax.set(title=title, ylabel="count")
        ax.yaxis.set_major_locator(_count_ticks())
        if grand_total:
            ax.margins(y=0.25)
            ax.set_ylim(bottom=0)
        else:  # all bars 0: matplotlib would centre the axis on 0
            ax.set_ylim(0, 1)
            _empty_note(ax, f"no {what}")
        ax.legend(frameon=False)
    figure.tight_layout()
    return figure


def _new_figure(size: tuple[float, float]) -> Any:
    """An empty figure drawn by the Agg canvas. Not through pyplot: pyplot's global backend
    and figure registry would change the state of a notebook or application that calls us."""
    require("matplotlib", has_matplotlib, "drawing the audit's figures")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=size)
    FigureCanvasAgg(figure)
    return figure


def _period(report: Mapping[str, Any], name: int | str) -> dict[str, Any] | None:
    for period in report.get("periods", ()):
        if period["period"] == str(name):
            return period
    return None


def _years(report: Mapping[str, Any]) -> list[int]:
    """The dated periods of the report, as ints in ascending order."""
    return sorted(int(period["period"]) for period in report.get("periods", ())
                  if period["period"] not in ("all", "unknown"))


def _small_years(report: Mapping[str, Any]) -> set[int]:
    return {year for year in _years(report)
            if _period(report, year)["totals"].get("texts", 0) < MIN_RELIABLE_TEXTS}


def _number(value: Any, missing: float = float("nan")) -> float:
    """A report value as a float; null (no data) becomes ``missing`` (NaN: a gap in a line)."""
    return missing if value is None else float(value)


def _percent(value: Any) -> float:
    return 100 * _number(value)


def _year_line(ax: Any, years: list[int], values: list[float], small: set[int], colour: str,
               label: str) -> None:
    """A line through the years; a year with few texts gets a hollow marker."""
    ax.plot(years, values, color=colour, marker="o", markersize=5, label=label, zorder=3)
    few = [(year, value) for year, value in zip(years, values, strict=True) if year in small]
    if few:
        ax.plot(*zip(*few, strict=True), linestyle="none", marker="o", markersize=5,
                markerfacecolor="white", markeredgecolor=colour, zorder=4)


def _count_ticks() -> Any:
    """Ticks on whole numbers in steps of 1, 2 or 5 times a power of ten (years, counts)."""
    from matplotlib.ticker import MaxNLocator

    return MaxNLocator(integer=True, steps=[1, 2, 5, 10])


def _year_axis(ax: Any, years: list[int]) -> None:
    if len(years) <= MAX_YEAR_TICKS:
        ax.set_xticks(years)
    else:
        ax.xaxis.set_major_locator(_count_ticks())
    # Set, not autoscaled: a panel whose only data is one year would otherwise span two
    # centuries around it (matplotlib widens a zero-width range by 10 % of the value).
    margin = max(0.5, (years[-1] - years[0]) * 0.03)
    ax.set_xlim(years[0] - margin, years[-1] + margin)
    ax.set_xlabel("year")


def _legend_below(figure: Any, ax: Any, small: set[int]) -> None:
    from matplotlib.lines import Line2D

    handles, labels = ax.get_legend_handles_labels()
    if small:
        handles.append(Line2D([], [], linestyle="none", marker="o", markerfacecolor="white",
                              markeredgecolor="black"))
        labels.append(f"fewer than {MIN_RELIABLE_TEXTS} texts")
    figure.legend(handles, labels, loc="lower center", ncol=len(handles), frameon=False)


def _isolated(values: list[float], index: int) -> bool:
    """Whether a value is present while both its neighbours are missing (NaN or none)."""
    def missing(at: int) -> bool:
        return not 0 <= at < len(values) or math.isnan(values[at])

    return not missing(index) and missing(index - 1) and missing(index + 1)


def _empty_note(ax: Any, text: str) -> None:
    ax.text(0.5, 0.75, text, transform=ax.transAxes, ha="center", va="center", color="#555555",
            bbox={"facecolor": "white", "edgecolor": "none"})
