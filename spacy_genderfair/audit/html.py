"""The audit's HTML report: one self-contained page that a researcher opens in a browser.

The page holds everything it shows: the figures are embedded as base64 data URIs and the style
sheet is inline, so that the file can be mailed or archived alone and opens offline. The layout
follows the paper's yearly report: a header, the whole corpus's headline table, the figures,
then one section per year with its tables.
"""

import base64
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from ..extensions import HE, PRONOUN_GROUPS, SHE
from .plots import FIGURES, MIN_RELIABLE_TEXTS, figure_notes
from .report_layout import OVERALL

TEMPLATE = "report.html.j2"
METRIC_LABELS = {
    "actors": "Actors",
    "mentions": "Mentions (named + pronoun)",
    "named": "Named mentions",
    "pronoun": "Pronoun mentions",
    "unresolved": "Unresolved pronouns",
    "subject": "Subject roles",
    "object": "Object roles",
    "quotes_direct": "Direct quotes",
    "quotes_indirect": "Indirect quotes",
    "coded_feminine": "Feminine-coded words",
    "coded_masculine": "Masculine-coded words",
    "sentiment": "Sentiment (mean per actor)",
}
TOTAL_LABELS = {
    "texts": "Total texts",
    "texts_with_actors": "Texts with actors",
    "bad_records": "Bad records (with a reason)",
    "inclusive_docs": "Uses gender-inclusive language (docs)",
    "generic_masculine_docs": "Generic masculine usage (docs)",
}
# Metrics that are means, not counts: always shown with decimals.
MEAN_METRICS = ("sentiment",)
# The header's keys that a reader looks for first, in this order; any other key follows.
HEADER_ORDER = ("corpus", "inputs", "lang", "model", "model_version", "compat", "actor_level")
HEADER_LABELS = {"actor_level": "actor level", "model_version": "model version"}
PMI_COLUMNS = ("all", SHE, HE)
# Per-text statistics that are not report metrics.
STATISTIC_LABELS = {
    "pronoun_tokens": "Pronoun tokens (lexicon)",
    "inclusive_language": "Uses gender-inclusive language",
    "generic_masculine": "Generic masculine",
    "sentiment": "Mean sentiment",
}
STAGE_FIGURE_TITLES = {
    "stages_histogram": "She/her share per article, by stage",
    "stages_yearly": "By year and stage: she/her shares and sentiment by group",
    "stages_groups": "Roles, quotes and sentiment by group, by stage",
}
PERIOD_TITLES = {"all": "Whole corpus", "unknown": "Unknown year (undated)"}


def render_html(report: Mapping[str, Any], plots: Mapping[str, str | Path]) -> str:
    """Render the audit report as one self-contained HTML page.

    report (Mapping[str, Any]): the audit report (schema audit_report.v1, or v2 with the
        stages of the corpus steps).
    plots (Mapping[str, str | Path]): {figure name: PNG path}, as ``write_plots`` returns it.
        A figure that is missing is replaced by a note saying why.
    RETURNS (str): the page; write it as UTF-8 (e.g. ``OUTPUT/report.html``).
    """
    periods = list(report.get("periods", ()))
    overall = next((period for period in periods if period["period"] == "all"), None)
    stages = report.get("stages")
    by_period = {entry["period"]: entry for entry in stages["periods"]} if stages else {}

    def view(period):
        return _period_view(period, by_period.get(period["period"]))

    return _template().render(
        header=_header_rows(report.get("header") or {}),
        notes=_notes(report.get("header") or {}),
        overall=view(overall) if overall else None,
        figures=_figures(report, plots),
        stages=_stages_view(stages, plots) if stages else None,
        periods=[view(period) for period in periods if period["period"] != "all"],
        min_texts=MIN_RELIABLE_TEXTS,
    )


def format_number(value: Any) -> str:
    """A count as an integer, any other number with two decimals, null as "n/a"."""
    if value is None:
        return "n/a"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
        return str(int(value))
    return format_decimal(value)


def format_decimal(value: float | None) -> str:
    """A mean, median, deviation or sentiment with two decimals (no "-0.00"); null as "n/a"."""
    if value is None:
        return "n/a"
    text = f"{value:.2f}"
    return "0.00" if text == "-0.00" else text


def format_percent(value: float | None) -> str:
    """A share in [0, 1] as a percentage with one decimal; null (no she/he counts) as "n/a"."""
    return "n/a" if value is None else f"{100 * value:.1f} %"


def format_interval(low: float | None, high: float | None) -> str:
    """A confidence interval as percentages, e.g. "36.2–40.1"."""
    if low is None or high is None:
        return "n/a"
    return f"{100 * low:.1f}–{100 * high:.1f}"


@cache
def _template() -> Any:
    import jinja2

    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("spacy_genderfair.audit", "templates"),
        autoescape=True,  # corpus names, notes and lemmas come from user data
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters.update(number=format_number, decimal=format_decimal,
                               percent=format_percent, interval=format_interval)
    return environment.get_template(TEMPLATE)


def _header_rows(header: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(label, value) for each header entry; notes are shown apart."""
    keys = [key for key in HEADER_ORDER if key in header]
    keys += [key for key in header if key not in keys and key != "notes"]
    return [(HEADER_LABELS.get(key, key), _plain(header[key])) for key in keys]


def _notes(header: Mapping[str, Any]) -> list[str]:
    """The header's notes (what is not available, and why), as sentences."""
    notes = header.get("notes") or []
    if isinstance(notes, str):
        notes = [notes]
    elif isinstance(notes, Mapping):
        notes = [f"{key}: {value}" for key, value in notes.items()]
    else:
        notes = [str(note) for note in notes]
    if header.get("actor_level") is False and not notes:
        notes = ["Actor-level fields are not available (the audit ran with --blank): only "
                 "lexicon-level counts are reported."]
    return notes


def _plain(value: Any) -> str:
    """A header value as text: yes/no, "none", lists and mappings joined by commas."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return ", ".join(f"{key} {_plain(item)}" for key, item in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_plain(item) for item in value)
    return str(value)


def _figures(report: Mapping[str, Any], plots: Mapping[str, str | Path]) -> list[dict]:
    notes = figure_notes(report)
    figures = []
    for spec in FIGURES:
        path = plots.get(spec.name)
        figures.append({
            "name": spec.name,
            "title": spec.title,
            "caption": spec.caption,
            "uri": _data_uri(Path(path)) if path else None,
            "note": notes.get(spec.name, "not drawn: no PNG was written for this report"),
        })
    return figures


def _data_uri(path: Path) -> str:
    return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")


def _stages_view(stages: Mapping[str, Any], plots: Mapping[str, str | Path]) -> dict:
    """The corpus steps (their parameters and counts) and the stages' figures."""
    steps = [(step, "not run" if section is None else _plain(section["parameters"]),
              "" if section is None else _plain({name: value for name, value in
                                                 section["counts"].items()
                                                 if not isinstance(value, Mapping)}))
             for step, section in stages["steps"].items()]
    figures = [{"name": name, "title": title, "uri": _data_uri(Path(plots[name]))}
               for name, title in STAGE_FIGURE_TITLES.items() if plots.get(name)]
    return {"names": stages["names"], "steps": steps, "figures": figures}


def _stage_rows(stages: Mapping[str, Any]) -> dict[str, Any]:
    """One period's figures by stage: rows of (label, [(value, interval) per stage])."""
    names = [name for name in stages if name != "period"]
    rows = [("Texts", [(format_number(stages[name]["texts"]), "") for name in names])]
    rows += [(f"She/he ratio, {kind}", [(format_decimal(stages[name]["ratios"][kind]), "")
                                        for name in names]) for kind in ("actors", "mentions")]
    for metric in stages[names[0]]["shares"]:
        rows.append((f"{METRIC_LABELS.get(metric, metric)}: she/her share", [
            (format_percent(share["share"]), format_interval(share["ci_low"], share["ci_high"]))
            for share in (stages[name]["shares"][metric] for name in names)]))
    rows += [(f"Sentiment, {group}", [(format_decimal(stages[name]["sentiment"][group]), "")
                                      for name in names])
             for group in stages[names[0]]["sentiment"]]
    return {"names": names, "rows": rows}


def _period_view(period: Mapping[str, Any], stages: Mapping[str, Any] | None = None
                 ) -> dict[str, Any]:
    """What the template shows of one period: its rows in display order, labelled, and its
    figures by stage when the corpus steps have run."""
    metrics = period.get("metrics") or {}
    shares = period.get("shares") or {}
    present = {group for values in metrics.values() for group in values}
    groups = [group for group in (*PRONOUN_GROUPS, OVERALL) if group in present]
    rows = [{"label": METRIC_LABELS.get(name, name),
             "values": [values.get(group) for group in groups],
             "share": shares.get(name),
             "mean": name in MEAN_METRICS}
            for name, values in _ordered(metrics, METRIC_LABELS)]
    pmi = period.get("pmi") or {}
    return {
        "name": period["period"],
        "title": PERIOD_TITLES.get(period["period"], period["period"]),
        "warnings": period.get("warnings") or [],
        "totals": [(TOTAL_LABELS.get(name, name), value)
                   for name, value in _ordered(period.get("totals") or {}, TOTAL_LABELS)],
        "texts": (period.get("totals") or {}).get("texts"),
        "groups": groups,
        "rows": rows,
        "statistics": _statistics_by_group(period.get("statistics") or {}),
        "pmi": [(pos, _pmi_ranks(tables)) for pos, tables in pmi.items()],
        "stages": _stage_rows(stages) if stages else None,
    }


def _statistics_by_group(rows: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The per-text statistics as one small table per group: a row named "she/her:actors"
    goes into the she/her table as "Actors"; a row without a group prefix into the first
    table, titled "all"."""
    tables: dict[str, list] = {}
    for name, values in rows.items():
        group, _, metric = name.rpartition(":")
        label = STATISTIC_LABELS.get(metric) or METRIC_LABELS.get(metric) or metric.replace(
            "_", " ").capitalize()
        tables.setdefault(group or "all", []).append((label, values))
    return [{"group": group, "rows": table} for group, table in tables.items()]


def _ordered(values: Mapping[str, Any], order: Mapping[str, str]) -> list[tuple[str, Any]]:
    """The known keys in ``order``'s order, then any others as they come."""
    known = [(name, values[name]) for name in order if name in values]
    return known + [(name, value) for name, value in values.items() if name not in order]


def _pmi_ranks(tables: Mapping[str, list]) -> dict[str, Any]:
    """One row per rank: a cell per column ("lemma (PMI, n)"), empty past a column's end."""
    columns = [column for column in PMI_COLUMNS if column in tables]
    columns += [column for column in tables if column not in columns]
    depth = max((len(tables[column]) for column in columns), default=0)
    rows = [[tables[column][rank] if rank < len(tables[column]) else None
             for column in columns] for rank in range(depth)]
    return {"columns": columns, "rows": rows}
