"""Step 2 of Urchs et al.: exclude the texts that frame the two gender groups asymmetrically.

Per text and group g (she/her, he/him), from the audit's records:

- roles: (subject + 1) / (object + 1); quotes: (direct + 1) / (indirect + 1);
  naming: (named + 1) / (pronoun + 1) (Laplace-smoothed, so a zero count is no division);
- sentiment: the group's sentiment sum / the number of its actors with a sentiment.

A flag is raised when |she − he| is strictly greater than its threshold; a text is excluded
when it raises at least ``min_flags`` flags. Everything is computed over whole columns with
numpy: the records are read once, never the texts.

Texts where a group has no actor: ``absent_group="skip"`` (default) raises no flag, since
there is nothing to compare; ``"neutral"`` compares the present group with a neutral
phantom (ratios 1, sentiment 0), as the paper does; ``compat="taz2025"`` reproduces the
reference code, which also takes the sentiment of a group whose actors have no sentiment as 0.
"""

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from .schema import (
    ACTOR_LEVEL,
    DATE,
    ID,
    MONTH,
    SEQ,
    SOURCE,
    STATUS,
    STATUS_OK,
    YEAR,
    group_field,
)
from .shards import write_atomically
from .step_report import report_columns, write_step_report
from .steps import (
    STEP_BALANCE,
    STEP_EXCLUDE,
    checked_records,
    forget_step,
    phase_progress,
    taken,
    whole_columns,
    write_excluded_index,
    write_removed,
    write_section,
)

EXCLUSIONS_FILE = "exclusions.jsonl"
BALANCING_FILE = "balancing.json"  # the balance step's, dropped when exclusion is re-run
WEIGHTS_FILE = "weights.parquet"
EXCLUDE_PHASES = ("read records", "flag", "write", "report")
GROUPS = ("she", "he")
# flag -> (numerator, denominator) count of its Laplace-smoothed ratio; sentiment is a mean.
RATIO_COUNTS = {"roles": ("subject", "object"), "quotes": ("quotes_direct", "quotes_indirect"),
                "naming": ("named", "pronoun")}
FLAGS = ("sentiment", *RATIO_COUNTS)
ABSENT_GROUP_MODES = ("skip", "neutral")
COMPAT_MODES = ("taz2025",)


@dataclass(frozen=True)
class ExcludeSettings:
    """The parameters of the exclusion step.

    min_flags (int): flags (of 4) that exclude a text. Defaults to 2.
    sentiment_gap (float): threshold of |Δ mean sentiment|. Defaults to 0.3.
    role_gap (float): threshold of |Δ subject/object ratio|. Defaults to 0.5.
    quote_gap (float): threshold of |Δ direct/indirect quote ratio|. Defaults to 0.5.
    naming_gap (float): threshold of |Δ named/pronoun ratio|. Defaults to 0.5.
    absent_group (str): "skip" or "neutral" (see the module). Defaults to "skip".
    compat (str | None): "taz2025" for the reference code's definitions. Defaults to None.
    """

    min_flags: int = 2
    sentiment_gap: float = 0.3
    role_gap: float = 0.5
    quote_gap: float = 0.5
    naming_gap: float = 0.5
    absent_group: str = "skip"
    compat: str | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.min_flags <= len(FLAGS):
            raise ValueError(f"min_flags must be 1 to {len(FLAGS)}, not {self.min_flags}")
        if self.absent_group not in ABSENT_GROUP_MODES:
            raise ValueError(f"absent_group must be one of {', '.join(ABSENT_GROUP_MODES)}, "
                             f"not '{self.absent_group}'")
        if self.compat is not None and self.compat not in COMPAT_MODES:
            raise ValueError(f"unknown compat mode '{self.compat}': choose one of "
                             f"{', '.join(COMPAT_MODES)}")
        if self.compat and self.absent_group == "skip":
            # the reference compares every text, an absent group being a neutral phantom
            object.__setattr__(self, "absent_group", "neutral")
        for name in ("sentiment_gap", "role_gap", "quote_gap", "naming_gap"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must be >= 0, not {getattr(self, name)}")

    def threshold(self, flag: str) -> float:
        return {"sentiment": self.sentiment_gap, "roles": self.role_gap,
                "quotes": self.quote_gap, "naming": self.naming_gap}[flag]


@dataclass
class Flags:
    """The per-text values of the exclusion rule, one array entry per record.

    values (dict): ``values[flag][group]``: the group's ratio or mean sentiment (NaN where
        the text has no such value).
    compared (dict): ``compared[flag]``: the flag could be evaluated (both values exist).
    flagged (dict): ``flagged[flag]``: |she − he| > threshold.
    excluded (np.ndarray): flags >= min_flags.
    """

    values: dict = field(default_factory=dict)
    compared: dict = field(default_factory=dict)
    flagged: dict = field(default_factory=dict)
    excluded: np.ndarray | None = None

    @property
    def n_flags(self) -> np.ndarray:
        return sum(self.flagged[flag].astype(np.int8) for flag in FLAGS)

    def gap(self, flag: str) -> np.ndarray:
        return self.values[flag]["she"] - self.values[flag]["he"]


def flag_columns() -> list[str]:
    """The record columns the rule reads."""
    names = [STATUS, ACTOR_LEVEL]
    for key in GROUPS:
        names += [group_field(key, "actors"), group_field(key, "sentiment_sum"),
                  group_field(key, "sentiment_count")]
        names += [group_field(key, count) for pair in RATIO_COUNTS.values() for count in pair]
    return names


def flag_texts(columns: dict[str, np.ndarray], settings: ExcludeSettings) -> Flags:
    """The four flags of every record, vectorised.

    columns (dict[str, np.ndarray]): the ``flag_columns`` of the records (nulls as 0).
    settings (ExcludeSettings): thresholds and modes.
    RETURNS (Flags): the values, flags and the excluded mask.
    """
    analysed = (columns[STATUS] == STATUS_OK) & columns[ACTOR_LEVEL].astype(bool)
    present = {key: columns[group_field(key, "actors")] > 0 for key in GROUPS}
    if settings.absent_group == "skip":
        comparable = analysed & present["she"] & present["he"]
    else:
        comparable = analysed
    flags = Flags()
    for flag, (top, bottom) in RATIO_COUNTS.items():
        flags.values[flag] = {
            key: (columns[group_field(key, top)] + 1.0) / (columns[group_field(key, bottom)] + 1.0)
            for key in GROUPS}
        flags.compared[flag] = comparable
    sentiment, has_sentiment = {}, {}
    for key in GROUPS:
        count = columns[group_field(key, "sentiment_count")]
        total = columns[group_field(key, "sentiment_sum")].astype(np.float64)
        has_sentiment[key] = count > 0
        sentiment[key] = np.divide(total, count, out=np.zeros(len(count)), where=count > 0)
    if settings.compat:
        # the reference: a group without a sentiment value has sentiment 0
        flags.compared["sentiment"] = comparable
    else:
        # neutral: the absent group's phantom has sentiment 0; a present group whose actors
        # have no sentiment has no value to compare
        usable = {key: has_sentiment[key] | ~present[key] for key in GROUPS}
        if settings.absent_group == "skip":
            usable = has_sentiment
        flags.compared["sentiment"] = comparable & usable["she"] & usable["he"]
        for key in GROUPS:
            sentiment[key] = np.where(usable[key], sentiment[key], np.nan)
    flags.values["sentiment"] = sentiment
    for flag in FLAGS:
        with np.errstate(invalid="ignore"):
            gap = np.abs(flags.gap(flag))
        flags.flagged[flag] = flags.compared[flag] & (gap > settings.threshold(flag))
    flags.excluded = flags.n_flags >= settings.min_flags
    return flags


@dataclass
class ExcludeSummary:
    """What the exclusion did: texts analysed, compared, excluded, and per-flag counts."""

    records: int
    analysed: int
    compared: int
    excluded: int
    flag_counts: dict[str, int]

    def to_dict(self) -> dict:
        return asdict(self)


def run_exclude(folder: str | Path, settings: ExcludeSettings | None = None, *,
                progress: bool = False) -> ExcludeSummary:
    """Flag and exclude texts of the audit in ``folder``; write ``exclusions.jsonl``,
    ``steps/exclude.parquet``, ``excluded_index.json``, the manifest's "exclude" section and
    ``exclusion_report.txt`` / ``.json``.
    The balance step's results, computed from an earlier exclusion, are removed.

    folder (str | Path): the audit folder.
    settings (ExcludeSettings | None): the parameters. Defaults to ExcludeSettings().
    progress (bool): a progress bar of the phases on stderr (a terminal only). Defaults to
        False.
    RETURNS (ExcludeSummary): the counts.
    RAISES (StepError): the audit is unfinished or inconsistent.
    """
    settings = settings or ExcludeSettings()
    folder = Path(folder)
    with phase_progress("exclude", EXCLUDE_PHASES, progress) as phase:
        phase("read records")
        records = checked_records(folder)
        columns = whole_columns(records, sorted({YEAR, MONTH, *flag_columns(),
                                                 *report_columns()}))
        phase("flag")
        flags = flag_texts(columns, settings)
        phase("write")
        summary = _write_exclusion(folder, records, columns, flags, settings)
        phase("report")
        write_step_report(folder, records, columns)
    return summary


def _write_exclusion(folder: Path, records, columns, flags, settings) -> ExcludeSummary:
    """exclusions.jsonl, the removed texts, the index and the manifest section."""
    excluded = np.flatnonzero(flags.excluded)
    place = {name: taken(records, name, excluded) for name in (ID, SOURCE, DATE)}
    write_atomically(folder / EXCLUSIONS_FILE, lambda tmp: _write_exclusions(
        tmp, place, flags, settings, excluded))
    forget_step(folder, STEP_BALANCE, (BALANCING_FILE, WEIGHTS_FILE))
    write_removed(folder, STEP_EXCLUDE, records, excluded)
    write_excluded_index(folder, columns[YEAR], columns[MONTH])
    analysed = (columns[STATUS] == STATUS_OK) & columns[ACTOR_LEVEL].astype(bool)
    summary = ExcludeSummary(
        records=len(columns[SEQ]), analysed=int(analysed.sum()),
        compared=int(np.any([flags.compared[flag] for flag in FLAGS], axis=0).sum()),
        excluded=len(excluded),
        flag_counts={flag: int(flags.flagged[flag].sum()) for flag in FLAGS})
    write_section(folder, STEP_EXCLUDE, {"parameters": asdict(settings),
                                         "counts": summary.to_dict(),
                                         "outputs": [EXCLUSIONS_FILE, "steps/exclude.parquet"]})
    return summary


def _write_exclusions(path: Path, place: dict[str, list], flags: Flags,
                      settings: ExcludeSettings, excluded: np.ndarray) -> None:
    """One JSON line per excluded text: its place (``place``: its id, source and date) and
    every flag's values, threshold and result. The lines are joined by column (pyarrow's
    string kernels), not formatted one by one: at 1.8 M records half a million are
    written."""
    import pyarrow as pa
    import pyarrow.compute as pc

    parts = ['{"seq": ', _json_numbers(excluded),  # seq is the row number (checked_records)
             ', "id": ', _json_texts(place[ID]), ', "source": ', _json_texts(place[SOURCE]),
             ', "date": ', _json_texts(place[DATE]), ', "flags": ',
             _json_numbers(flags.n_flags[excluded]), f', "min_flags": {settings.min_flags}']
    for flag in FLAGS:
        she, he = (flags.values[flag][key][excluded] for key in GROUPS)
        parts += [f', "{flag}": {{"she": ', _json_numbers(she), ', "he": ',
                  _json_numbers(he), ', "gap": ', _json_numbers(np.abs(she - he)),
                  f', "threshold": {settings.threshold(flag)}, "flagged": ',
                  pa.array(np.where(flags.flagged[flag][excluded], "true", "false")), "}"]
    parts.append("}\n")
    # the last argument is the separator: none
    lines = pc.binary_join_element_wise(*parts, "")
    with open(path, "w", encoding="utf-8") as handle:
        for chunk in range(0, len(lines), 65_536):
            handle.write("".join(lines.slice(chunk, 65_536).to_pylist()))


def _json_numbers(values: np.ndarray):
    """Numbers as JSON strings (a pyarrow array): floats rounded to 6 decimals, NaN as
    null."""
    import pyarrow as pa
    import pyarrow.compute as pc

    if values.dtype.kind == "f":
        values = np.round(values, 6)
    array = pa.array(values, from_pandas=True)  # NaN -> null
    return pc.fill_null(pc.cast(array, pa.string()), "null")


def _json_texts(values: list):
    """Strings as JSON strings (a pyarrow array), None as null; each distinct value is
    encoded once."""
    import pyarrow as pa

    encoded = {value: json.dumps(value, ensure_ascii=False) for value in set(values)}
    return pa.array([encoded[value] for value in values], pa.string())


__all__ = [
    "FLAGS",
    "ExcludeSettings",
    "ExcludeSummary",
    "Flags",
    "flag_columns",
    "flag_texts",
    "run_exclude",
]
