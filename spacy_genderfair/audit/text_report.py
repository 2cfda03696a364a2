"""report.txt: the audit report in the layout of Urchs et al.'s yearly reports (AGGREGATED TOTALS,
the metric table, percentage rows, STATISTICS per text, TOP PMI tables), one section per year,
then the records without a year, then the whole corpus. The numbers come from the report dict
of ``build_report`` and nothing is computed here except percentages of its counts.

Beyond the paper's layout: they/them and unknown columns after "overall" (actors of unknown
gender are never dropped), an unresolved-pronoun row, the 95 % confidence interval of every
she/her share, bad records in the totals, and a header that says the compat mode and what blank
mode leaves out. Once the corpus steps have run (exclude, balance), each period also has the
headline figures by stage: before, after exclusion, after balancing (``report_stages``).
"""

import textwrap

from .report_layout import GROUPS, OVERALL, PAIRED_METRICS

RULE = "=" * 95
LINE = "-" * 95
LABEL_WIDTH = 42
# a column of the metric table: five fit beside the label in the page's 95 columns
CELL_WIDTH = 10
NOT_AVAILABLE = "n/a"
GROUP_TITLES = {"she/her": "She/Her", "he/him": "He/Him", "they/them": "They/Them",
                "unknown": "Unknown", "all": "All"}
METRIC_LABELS = {
    "actors": "Pronoun Distribution (Actors)",
    "mentions": "Mentions by Pronoun",
    "named": "Named Mentions",
    "pronoun": "Pronoun Mentions",
    "unresolved": "Unresolved Pronouns",
    "subject": "Subject Roles",
    "object": "Object Roles",
    "quotes_direct": "Direct Quotes",
    "quotes_indirect": "Indirect Quotes",
    "coded_feminine": "Feminine-coded Words",
    "coded_masculine": "Masculine-coded Words",
    "sentiment": "Sentiment",
}
STATISTIC_LABELS = {
    "actors": "Actors",
    "mentions": "Mentions",
    "named": "Named Mentions",
    "pronoun": "Pronoun Mentions",
    "unresolved": "Unresolved Pronouns",
    "subject": "Subject Roles",
    "object": "Object Roles",
    "quotes_direct": "Direct Quotes",
    "quotes_indirect": "Indirect Quotes",
    "coded_feminine": "Coded Feminine Words",
    "coded_masculine": "Coded Masculine Words",
    "pronoun_tokens": "Pronoun Tokens (Lexicon)",
    "sentiment": "Mean Sentiment",
    "inclusive_language": "Uses Gender-Neutral Language",
    "generic_masculine": "Generic Masculine",
}
POS_TITLES = {"ADJ": "ADJECTIVES", "NOUN": "NOUNS", "VERB": "VERBS"}
COMPAT_DESCRIPTIONS = {
    None: "none (this package's definitions: docs/audit_report.md)",
    "taz2025": (
        "taz2025 (the reference code's definitions: paired percentage rows over the four\n"
        "        cells of their pair; a text without a group counts 0 in that group's sentiment;\n"
        "        the PMI tables are text frequencies; texts = texts with actors)"
    ),
}


def render_text(report: dict) -> str:
    """The report as report.txt.

    report (dict): the report of ``build_report``.
    RETURNS (str): the text, ending with a newline.
    """
    compat = report["header"].get("compat")
    stages = report.get("stages")
    by_period = {entry["period"]: entry for entry in stages["periods"]} if stages else {}
    blocks = [_header(report["header"])]
    if stages:
        blocks.append(_steps(stages["steps"]))
    blocks += [_period(period, compat, by_period.get(period["period"]))
               for period in report["periods"]]
    return "\n\n".join(blocks).rstrip() + "\n"


def _header(header: dict) -> str:
    lines = ["GENDERFAIR CORPUS AUDIT", RULE]
    for key, value in header.items():
        if key in ("compat", "actor_level", "notes"):
            continue
        if isinstance(value, dict):  # e.g. versions: {"spacy": "3.8.7", ...}
            value = ", ".join(f"{name} {item}" for name, item in value.items())
        elif isinstance(value, list | tuple):  # e.g. inputs: the corpus paths
            value = ", ".join(map(str, value))
        lines += _wrapped(f"{key}: {value}")
    lines += _wrapped(
        f"compat: {COMPAT_DESCRIPTIONS.get(header.get('compat'), header.get('compat'))}")
    available = header.get("actor_level", True)
    lines.append("actor level: " + ("available" if available else "not available (blank mode)"))
    lines += [line for note in header.get("notes", []) for line in _wrapped(f"note: {note}")]
    return "\n".join(lines)


def _wrapped(text: str) -> list[str]:
    """A line of free text on the page's width, its continuation lines indented (a word
    longer than the page, a path, stays whole)."""
    return textwrap.wrap(text, width=len(RULE), subsequent_indent="  ",
                         break_long_words=False, break_on_hyphens=False) or [text]


def _period(period: dict, compat: str | None, stages: dict | None = None) -> str:
    label = period["period"]
    if label == "all":
        title = "Report for the whole corpus"
    elif label == "unknown":
        title = "Report for the records without a year"
    else:
        title = f"Report for the year {label}"
    parts = [f"{title}\n{RULE}"]
    if period["warnings"]:
        parts.append("\n".join(f"WARNING: {warning}" for warning in period["warnings"]))
    parts += [
        _totals(period["totals"], compat),
        _metric_table(period["metrics"]),
        _share_rows(period["shares"], period["metrics"], compat),
    ]
    if stages is not None:
        parts.append(_stage_rows(stages))
    parts.append(_statistics(period["statistics"]))
    if period["pmi"] is None:
        parts.append(f"TOP PMI ADJECTIVES / NOUNS / VERBS: {NOT_AVAILABLE} (no actor level)")
    else:
        parts += [_pmi_table(pos, columns, compat) for pos, columns in period["pmi"].items()]
    return "\n\n".join(parts)


def _format(value, digits: int = 2) -> str:
    if value is None:
        return NOT_AVAILABLE
    if isinstance(value, int):
        return str(value)
    return f"{value:.{digits}f}"


def _totals(totals: dict, compat: str | None) -> str:
    rows = [
        ("Total Texts:", totals["texts"]),
        ("Texts with Actors:", totals["texts_with_actors"]),
        ("Bad Records (not texts):", totals["bad_records"]),
        ("Uses Gender Neutral Language (Docs):", totals["inclusive_docs"]),
        ("Generic Masculine Usage (Docs):", totals["generic_masculine_docs"]),
    ]
    lines = ["AGGREGATED TOTALS (texts with actors)" if compat else "AGGREGATED TOTALS (all texts)"]
    lines += [f"{label:<{LABEL_WIDTH}}{_format(value):>10}" for label, value in rows]
    return "\n".join(lines)


def _metric_table(metrics: dict) -> str:
    columns = (GROUPS[0], GROUPS[1], OVERALL, *GROUPS[2:])
    lines = [f"{'Metric':<{LABEL_WIDTH}}" + "".join(f"{column:>{CELL_WIDTH}}"
                                                  for column in columns), LINE]
    for metric, values in metrics.items():
        cells = "".join(f"{_format(values[column]):>{CELL_WIDTH}}" for column in columns)
        lines.append(f"{METRIC_LABELS[metric] + ':':<{LABEL_WIDTH}}{cells}")
    return "\n".join(lines)


def _share_rows(shares: dict, metrics: dict, compat: str | None) -> str:
    """Percentages of she/her and he/him with the 95 % interval of the she/her share."""
    title = "%; paired rows: of 4 cells" if compat else "% of she/her + he/him"
    heading = f"{'Share (' + title + ')':<{LABEL_WIDTH}}{'she/her':>11}{'he/him':>11}"
    lines = [f"{heading}   95 % CI (she/her)", LINE]
    for metric, share in shares.items():
        she_percent, he_percent = _percentages(metric, share, metrics, compat)
        interval = NOT_AVAILABLE
        if share["ci_low"] is not None:
            interval = f"[{100 * share['ci_low']:.1f}, {100 * share['ci_high']:.1f}]"
        lines.append(
            f"{METRIC_LABELS[metric] + ' (%):':<{LABEL_WIDTH}}"
            f"{_format(she_percent, 1):>11}{_format(he_percent, 1):>11}   {interval}"
        )
    return "\n".join(lines)


def _steps(steps: dict) -> str:
    """The corpus steps behind the stage columns: each step's parameters and counts."""
    lines = ["CORPUS STEPS (stage columns: before, after exclusion, after balancing)", LINE]
    for step, section in steps.items():
        if section is None:
            lines.append(f"{step}: not run")
            continue
        parameters = ", ".join(f"{name} {value}" for name, value in
                               section["parameters"].items())
        counts = ", ".join(f"{name} {value}" for name, value in section["counts"].items()
                           if not isinstance(value, dict))
        lines += _wrapped(f"{step}: {parameters}")
        lines += _wrapped(f"  {counts}")
    return "\n".join(lines)


def _stage_rows(stages: dict) -> str:
    """The headline figures by stage: texts, she/he ratios, the she/her shares (%) with
    their 95 % intervals, the mean sentiment by group. The columns are as wide as their
    widest cell; stages that do not fit the page's width go on in a table below."""
    names = [name for name in stages if name != "period"]
    first = stages[names[0]]
    rows = [("Texts:", [_format(stages[name]["texts"]) for name in names])]
    rows += [(f"She/He Ratio ({kind.capitalize()}):",
              [_format(stages[name]["ratios"][kind]) for name in names])
             for kind in ("actors", "mentions")]
    rows += [(METRIC_LABELS[metric] + " (%):",
              [format_share(stages[name]["shares"][metric]) for name in names])
             for metric in first["shares"]]
    rows += [(f"Sentiment ({GROUP_TITLES[group]}):",
              [_format(stages[name]["sentiment"][group]) for name in names])
             for group in first["sentiment"]]
    label_width = LABEL_WIDTH - 8
    width = 2 + max(len(text) for text in
                    (*names, *(cell for _, cells in rows for cell in cells)))
    per_table = max(1, (len(LINE) - label_width) // width)
    lines = []
    for start in range(0, len(names), per_table):
        shown = slice(start, start + per_table)
        lines += [f"{'BY STAGE (she/her %, 95 % CI)':<{label_width}}"
                  + "".join(f"{name:>{width}}" for name in names[shown]), LINE]
        lines += [f"{label:<{label_width}}" + "".join(f"{cell:>{width}}"
                                                       for cell in cells[shown])
                  for label, cells in rows]
    return "\n".join(lines)


def format_share(share: dict) -> str:
    """A she/her share in % with its 95 % interval, e.g. "37.5 [11.5, 63.5]"."""
    if share["share"] is None:
        return NOT_AVAILABLE
    if share["ci_low"] is None:
        return f"{100 * share['share']:.1f}"
    return (f"{100 * share['share']:.1f} [{100 * share['ci_low']:.1f}, "
            f"{100 * share['ci_high']:.1f}]")


def _percentages(metric: str, share: dict, metrics: dict, compat: str | None) -> tuple:
    if share["share"] is None:
        return None, None
    if compat and metric in PAIRED_METRICS:
        denominator = sum(metrics[paired][group] for paired in PAIRED_METRICS[metric]
                          for group in GROUPS[:2])
    else:
        denominator = share["she"] + share["he"]
    return 100 * share["she"] / denominator, 100 * share["he"] / denominator


def _statistics(statistics: dict) -> str:
    lines = [
        "STATISTICS (per text)",
        LINE,
        f"{'Metric':<{LABEL_WIDTH + 8}}{'Mean':>10}{'Median':>10}{'Std Dev':>10}",
        LINE,
    ]
    for row, summary in statistics.items():
        group, figure = row.split(":", 1)
        if group == "all":
            label = STATISTIC_LABELS[figure]
            if figure in ("actors", "mentions", "coded_feminine", "coded_masculine"):
                label = f"Total {label}"
            elif figure == "sentiment":
                label = f"{label} (All)"
        else:
            label = f"{STATISTIC_LABELS[figure]} ({GROUP_TITLES[group]})"
        cells = "".join(f"{_format(summary[key]):>10}" for key in ("mean", "median", "std"))
        lines.append(f"{label:<{LABEL_WIDTH + 8}}{cells}")
    return "\n".join(lines)


def _pmi_table(pos: str, columns: dict, compat: str | None) -> str:
    if compat:
        note = "Texts of each group in which the lemma occurs (taz2025: a frequency, not PMI)."
    else:
        note = ("she/her, he/him: PMI in bits (and the count), lemmas seen at least the minimum "
                "count;\nALL: the most frequent lemmas (count).")
    width = 31
    titles = "".join(f"{name.upper() if name == 'all' else name:<{width}}" for name in columns)
    lines = [f"TOP PMI {POS_TITLES[pos]}", LINE, note, "", f"Rank {titles}".rstrip(), LINE]
    for rank in range(max((len(entries) for entries in columns.values()), default=0)):
        cells = []
        for name, entries in columns.items():
            if rank >= len(entries):
                cells.append(" " * width)
                continue
            entry = entries[rank]
            if compat or name == "all":
                cell = f"{entry['lemma']} ({entry['count']})"
            else:
                cell = f"{entry['lemma']} ({entry['pmi']:.2f}; {entry['count']})"
            cells.append(f"{cell:<{width - 1}} ")
        lines.append(f"{rank + 1:<5}" + "".join(cells).rstrip())
    if len(lines) == 6:
        lines.append("(no lemma reaches the minimum count)")
    return "\n".join(lines)
