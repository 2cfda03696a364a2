"""The corpus steps' figures (Urchs et al., Figures 5-11): the per-article she/her share
before, after exclusion and after balancing; per year at each stage, the she/her share of
actors, mentions, roles and quotes and the mean sentiment by group; and the whole corpus's
roles, quotes and sentiment by stage, as PNG files in ``AUDIT/plots/``.

Drawn as the audit's figures are (``plots``: the Agg canvas, no pyplot, the same bins and
colour-blind-safe colours), from the columns and stage weights ``step_report`` computes.
"""

from pathlib import Path

import numpy as np

from .article_shares import ARTICLE_UNITS, share_bins
from .plots import DPI, GRID, WIDE, _new_figure
from .schema import group_field

# Okabe-Ito colours of the three stages
STAGE_COLOURS = ("#999999", "#E69F00", "#0072B2")
FIGURE_FILES = {"histogram": "stages_article_shares.png",
                "yearly": "stages_by_year.png",
                "groups": "stages_roles_quotes_sentiment.png"}
GROUP_PANELS = (("Roles", ("subject", "object")),
                ("Quotes", ("quotes_direct", "quotes_indirect")))
YEARLY_SHARES = (("actors", "Actors"), ("mentions", "Mentions"), ("subject", "Subject roles"),
                 ("object", "Object roles"), ("quotes_direct", "Direct quotes"),
                 ("quotes_indirect", "Indirect quotes"))
YEARLY_SENTIMENT = (("she/her", "Sentiment, she/her"), ("he/him", "Sentiment, he/him"))


def _article_counts(columns, unit: str) -> tuple[np.ndarray, np.ndarray]:
    """Per record: she and he counts of ``unit`` (actors, or named + pronoun mentions)."""
    def count(key):
        if unit == "actors":
            return columns[group_field(key, "actors")].astype(float)
        return (columns[group_field(key, "named")]
                + columns[group_field(key, "pronoun")]).astype(float)

    return count("she"), count("he")


def stage_histogram_figure(columns, weights: dict[str, np.ndarray]):
    """Two panels (mention-weighted, actor-weighted): for each stage, the articles (weighted)
    by their she/her share, drawn as a step line so that the stages overlay."""
    figure = _new_figure(WIDE)
    axes = figure.subplots(1, 2, sharey=True)
    bins = share_bins()
    for ax, unit in zip(axes, ARTICLE_UNITS, strict=True):
        she, he = _article_counts(columns, unit)
        has_share = she + he > 0
        shares = she[has_share] / (she[has_share] + he[has_share])
        # each article's bin once (as np.histogram: [edge, next edge)), then one weighted
        # count per stage
        bin_of = np.clip(np.searchsorted(bins, shares, side="right") - 1, 0, len(bins) - 2)
        for (stage, weight), colour in zip(weights.items(), STAGE_COLOURS, strict=True):
            counts = np.bincount(bin_of, weights=weight[has_share], minlength=len(bins) - 1)
            ax.stairs(counts, bins, color=colour, linewidth=2, label=stage)
        ax.axvline(0.5, color="black", linestyle="--", linewidth=1)
        ax.set(title={"mentions": "Mention-weighted", "actors": "Actor-weighted"}[unit],
               xlabel="she/(she+he) of the article")
    axes[0].set_ylabel("articles")
    axes[1].legend(loc="upper right", fontsize="small")
    figure.suptitle("She/her share per article, by stage")
    figure.subplots_adjust(bottom=0.17, top=0.84)
    return figure


def stage_yearly_figure(report: dict):
    """Per year, one line per stage (``step_report``): the she/her share of actors,
    mentions, subject and object roles, direct and indirect quotes, and the mean sentiment
    of each group (the paper's yearly lines before and after)."""
    figure = _new_figure(GRID)
    axes = figure.subplots(2, 4, sharex=True)
    panels = [("shares_by_year", metric, title) for metric, title in YEARLY_SHARES]
    panels += [("sentiment_by_year", group, title) for group, title in YEARLY_SENTIMENT]
    for ax, (key, name, title) in zip(axes.flat, panels, strict=True):
        for (stage, values), colour in zip(report["stages"].items(), STAGE_COLOURS,
                                           strict=True):
            yearly = values[key][name]
            scale = 100 if key == "shares_by_year" else 1
            ax.plot([int(year) for year in yearly],
                    [np.nan if value is None else scale * value for value in yearly.values()],
                    marker="o", markersize=3, color=colour, label=stage)
        if key == "shares_by_year":
            ax.axhline(50, color="black", linestyle="--", linewidth=1)
            ax.set_ylim(0, 100)
        else:
            ax.axhline(0, color="black", linewidth=1)
        ax.set_title(title, fontsize="small")
        ax.tick_params(labelsize="x-small")
    axes[0, 0].set_ylabel("she/her share (%)")
    axes[1, 0].set_ylabel("she/her share (%)")
    axes[1, 2].set_ylabel("mean sentiment")
    axes[0, 0].legend(loc="upper left", fontsize="x-small")
    figure.suptitle("By year and stage: she/her shares and sentiment by group")
    figure.subplots_adjust(hspace=0.3, wspace=0.35)
    return figure


def stage_groups_figure(report: dict):
    """Three panels, one bar per stage: the she/her share of subject and object roles, of
    direct and indirect quotes (with their 95 % intervals), and the mean sentiment by group
    (the paper's before/after figures of roles, quotes and sentiment)."""
    figure = _new_figure(WIDE)
    axes = figure.subplots(1, 3)
    stages = report["stages"]
    width = 0.8 / len(stages)
    for ax, (title, metrics) in zip(axes, GROUP_PANELS, strict=False):
        for index, ((stage, values), colour) in enumerate(zip(stages.items(), STAGE_COLOURS,
                                                              strict=True)):
            shares = [values["shares"][metric] for metric in metrics]
            heights = [100 * (share["share"] or 0.0) for share in shares]
            errors = [[100 * ((share["share"] or 0) - (share["ci_low"] or share["share"] or 0))
                       for share in shares],
                      [100 * ((share["ci_high"] or share["share"] or 0) - (share["share"] or 0))
                       for share in shares]]
            ax.bar(np.arange(len(metrics)) + index * width, heights, width, yerr=errors,
                   color=colour, label=stage, capsize=2)
        ax.axhline(50, color="black", linestyle="--", linewidth=1)
        ax.set(title=f"{title}: she/her share (%)", ylim=(0, 100),
               xticks=np.arange(len(metrics)) + width * (len(stages) - 1) / 2,
               xticklabels=[metric.split("_")[-1] for metric in metrics])
    ax = axes[2]
    for index, ((stage, values), colour) in enumerate(zip(stages.items(), STAGE_COLOURS,
                                                          strict=True)):
        means = [values["sentiment"][group] for group in ("she/her", "he/him")]
        ax.bar(np.arange(2) + index * width, [np.nan if m is None else m for m in means],
               width, color=colour, label=stage)
    ax.axhline(0, color="black", linewidth=1)
    ax.set(title="Mean sentiment", xticks=np.arange(2) + width * (len(stages) - 1) / 2,
           xticklabels=["she/her", "he/him"])
    axes[0].legend(loc="lower left", fontsize="x-small")
    figure.suptitle("Roles, quotes and sentiment by group, by stage")
    figure.subplots_adjust(bottom=0.12, top=0.82, wspace=0.35)
    return figure


def write_step_plots(folder: Path, columns, weights: dict[str, np.ndarray],
                     report: dict) -> dict[str, Path]:
    """Write the figures into ``folder/plots``; the yearly one only when a text has a year."""
    plots = Path(folder) / "plots"
    plots.mkdir(exist_ok=True)
    figures = {"histogram": stage_histogram_figure(columns, weights),
               "groups": stage_groups_figure(report)}
    if any(stage["shares_by_year"]["mentions"] for stage in report["stages"].values()):
        figures["yearly"] = stage_yearly_figure(report)
    written = {}
    for name, figure in figures.items():
        written[name] = plots / FIGURE_FILES[name]
        figure.savefig(written[name], dpi=DPI)
    return written


__all__ = ["FIGURE_FILES", "stage_groups_figure", "stage_histogram_figure",
           "stage_yearly_figure", "write_step_plots"]
