"""Step 2, text-level exclusion, on hand-made records whose flags are computed by hand in
each test's comment: one test per rule and per edge (strict >, absent group, compat)."""

import json

import pytest

from spacy_genderfair.audit.exclude import ExcludeSettings, flag_columns, flag_texts, run_exclude
from spacy_genderfair.audit.steps import read_manifest, whole_columns

from .report_records import record, records_table
from .step_audit import write_audit

# both groups present, one actor each, nothing else: every gap 0
BOTH = {"she_actors": 1, "he_actors": 1}


def flags_of(rows: list[dict], **settings):
    table = records_table(rows)
    return flag_texts(whole_columns(table, flag_columns()), ExcludeSettings(**settings))


def flagged(rows: list[dict], **settings) -> list[list[str]]:
    flags = flags_of(rows, **settings)
    return [[flag for flag in flags.flagged if flags.flagged[flag][row]]
            for row in range(len(rows))]


def test_each_ratio_flag():
    rows = [
        # roles: she (3+1)/(0+1) = 4, he (1+1)/(1+1) = 1: gap 3
        record(**BOTH, she_subject=3, he_subject=1, he_object=1),
        # quotes: she (2+1)/(0+1) = 3, he 1: gap 2
        record(**BOTH, she_quotes_direct=2),
        # naming: he (0+1)/(2+1) = 1/3, she (1+1)/(0+1) = 2: gap 5/3
        record(**BOTH, she_named=1, he_pronoun=2),
    ]
    assert flagged(rows) == [["roles"], ["quotes"], ["naming"]]


def test_sentiment_flag_is_the_gap_of_the_group_means():
    # she 0.8 / 2 = 0.4, he -0.1 / 1 = -0.1: gap 0.5 > 0.3; second text: 0.2 - 0.0 = 0.2
    rows = [record(**BOTH, she_sentiment_sum=0.8, she_sentiment_count=2,
                   he_sentiment_sum=-0.1, he_sentiment_count=1),
            record(**BOTH, she_sentiment_sum=0.2, she_sentiment_count=1,
                   he_sentiment_sum=0.0, he_sentiment_count=1)]
    flags = flags_of(rows)
    assert flags.values["sentiment"]["she"].tolist() == [0.4, 0.2]
    assert flagged(rows) == [["sentiment"], []]


def test_a_gap_equal_to_the_threshold_is_no_flag():
    # roles: she (2+1)/(1+1) = 1.5, he 1: gap exactly 0.5; quotes likewise
    row = record(**BOTH, she_subject=2, she_object=1, she_quotes_direct=2,
                 she_quotes_indirect=1)
    assert flagged([row]) == [[]]
    assert flagged([row], role_gap=0.49) == [["roles"]]


def test_min_flags_counts_the_flags():
    row = record(**BOTH, she_subject=3, she_quotes_direct=2)  # roles and quotes
    assert flags_of([row]).n_flags.tolist() == [2]
    assert flags_of([row]).excluded.tolist() == [True]
    assert flags_of([row], min_flags=3).excluded.tolist() == [False]
    one = record(**BOTH, she_subject=3)
    assert flags_of([one]).excluded.tolist() == [False]
    assert flags_of([one], min_flags=1).excluded.tolist() == [True]


def test_an_absent_group_raises_no_flag_unless_neutral():
    # one woman, subject once, quoted directly once; no man: the paper compares her with a
    # neutral phantom (ratios 1): roles 2 - 1 = 1, quotes 2 - 1 = 1, naming 2 - 1 = 1
    woman = record(she_actors=1, she_named=1, she_subject=1, she_quotes_direct=1)
    assert flagged([woman]) == [[]]
    assert flags_of([woman]).excluded.tolist() == [False]
    assert flagged([woman], absent_group="neutral") == [["roles", "quotes", "naming"]]
    assert flags_of([woman], absent_group="neutral").excluded.tolist() == [True]


def test_compat_takes_a_missing_sentiment_as_zero():
    # she has an actor but no sentiment value, he 0.5: neutral has nothing to compare for
    # sentiment; the reference compares 0 with 0.5. Plus one roles flag (gap 1).
    row = record(**BOTH, she_subject=1, he_sentiment_sum=0.5, he_sentiment_count=1)
    assert flagged([row], absent_group="neutral") == [["roles"]]
    assert flagged([row], compat="taz2025") == [["sentiment", "roles"]]
    assert flags_of([row], compat="taz2025").excluded.tolist() == [True]
    # compat compares texts with an absent group too
    woman = record(she_actors=1, she_subject=1, she_quotes_direct=1)
    assert flags_of([woman], compat="taz2025").excluded.tolist() == [True]


def test_bad_and_blank_records_are_never_flagged():
    rows = [record(bad=True), record(blank=True, she_pronoun_tokens=4)]
    assert flagged(rows, absent_group="neutral", min_flags=1) == [[], []]


@pytest.mark.parametrize("settings", [{"min_flags": 0}, {"min_flags": 5},
                                      {"absent_group": "phantom"}, {"compat": "taz2024"},
                                      {"role_gap": -0.1}])
def test_settings_are_checked(settings):
    with pytest.raises(ValueError):
        ExcludeSettings(**settings)


def test_run_exclude_writes_every_value_the_index_and_the_manifest(tmp_path):
    rows = [
        record(id="a", **BOTH, she_subject=3, she_quotes_direct=2),  # 2019-05: excluded
        record(id="b", **BOTH),
        record(id="c", **BOTH, she_subject=3, she_quotes_direct=2, date="2020", year=2020,
               month=None),
        record(id="d", **BOTH, she_subject=3, she_quotes_direct=2, date=None, year=None,
               month=None),
    ]
    folder = write_audit(tmp_path, rows, shard_size=3)
    summary = run_exclude(folder)
    assert (summary.records, summary.analysed, summary.compared, summary.excluded) == (4, 4, 4, 3)
    assert summary.flag_counts == {"sentiment": 0, "roles": 3, "quotes": 3, "naming": 0}
    lines = (folder / "exclusions.jsonl").read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    assert first["id"] == "a" and first["seq"] == 0 and first["flags"] == 2
    assert first["roles"] == {"she": 4.0, "he": 1.0, "gap": 3.0, "threshold": 0.5,
                              "flagged": True}
    assert first["sentiment"] == {"she": None, "he": None, "gap": None, "threshold": 0.3,
                                  "flagged": False}
    index = json.loads((folder / "excluded_index.json").read_text(encoding="utf-8"))
    assert index == {"2019-05": {"exclude": ["a"]}, "2020": {"exclude": ["c"]},
                     "unknown": {"exclude": ["d"]}}
    section = read_manifest(folder)["exclude"]
    assert section["parameters"]["min_flags"] == 2
    assert section["parameters"]["absent_group"] == "skip"
    assert section["counts"]["excluded"] == 3
