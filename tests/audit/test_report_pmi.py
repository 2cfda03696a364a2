"""PMI tables of the report on hand-made lemma counts, each value computed by hand."""

import math

import pyarrow as pa
import pytest

from spacy_genderfair.audit.report import build_report

from .report_records import record, records_table

# NOUN lemmas in the sentences that mention each group, over two texts of 2019:
#   c(w, she/her):   nurse 4 + 2 = 6, minister 1, budget 5      -> c(she/her) = 12
#   c(w, he/him):    minister 6, budget 3, nurse 1              -> c(he/him) = 10
#   c(w, they/them): budget 2                                   -> c(they/them) = 2
#   c(w): nurse 7, minister 7, budget 10;  N = 24
ROWS = [
    record(
        she_actors=1, he_actors=1,
        she_lemmas=[("NOUN", "nurse", 4), ("NOUN", "minister", 1), ("ADJ", "tall", 9)],
        he_lemmas=[("NOUN", "minister", 6), ("NOUN", "budget", 3)],
    ),
    record(
        she_actors=1, he_actors=1, they_actors=1,
        she_lemmas=[("NOUN", "nurse", 2), ("NOUN", "budget", 5)],
        he_lemmas=[("NOUN", "nurse", 1)],
        they_lemmas=[("NOUN", "budget", 2)],
    ),
]


def nouns(report: dict, label: str = "2019") -> dict:
    entry = next(entry for entry in report["periods"] if entry["period"] == label)
    return entry["pmi"]["NOUN"]


def test_pmi_per_group_with_its_count():
    table = nouns(build_report(records_table(ROWS)))
    # nurse: log2(6 * 24 / (7 * 12)) = log2(12 / 7); budget: log2(5 * 24 / (10 * 12)) = 0;
    # minister has c(w, she/her) = 1 < 5 and does not rank.
    assert table["she/her"] == [
        {"lemma": "nurse", "pmi": pytest.approx(0.7776075786635519), "count": 6},
        {"lemma": "budget", "pmi": 0.0, "count": 5},
    ]
    assert math.log2(12 / 7) == pytest.approx(0.7776075786635519)
    # minister: log2(6 * 24 / (7 * 10)) = log2(72 / 35); budget 3 and nurse 1 are below 5.
    assert table["he/him"] == [
        {"lemma": "minister", "pmi": pytest.approx(math.log2(72 / 35)), "count": 6}
    ]


def test_the_all_column_lists_the_most_frequent_lemmas():
    # c(w) over the four groups: budget 10, then minister and nurse 7 (alphabetical tie-break)
    assert nouns(build_report(records_table(ROWS)))["all"] == [
        {"lemma": "budget", "pmi": 0.0, "count": 10},
        {"lemma": "minister", "pmi": 0.0, "count": 7},
        {"lemma": "nurse", "pmi": 0.0, "count": 7},
    ]


def test_min_count_and_top_k():
    table = nouns(build_report(records_table(ROWS), min_count=1, top_k=3))
    # minister enters: log2(1 * 24 / (7 * 12)) = log2(2 / 7), below budget's 0.
    assert [(entry["lemma"], entry["count"]) for entry in table["she/her"]] == [
        ("nurse", 6), ("budget", 5), ("minister", 1)
    ]
    assert table["she/her"][2]["pmi"] == pytest.approx(math.log2(2 / 7))
    assert len(nouns(build_report(records_table(ROWS), top_k=1))["she/her"]) == 1


def test_parts_of_speech_are_separate_tables():
    entry = next(entry for entry in build_report(records_table(ROWS))["periods"])
    # tall is the only ADJ: c(w, g) = c(w) = c(g) = N = 9, PMI 0.
    assert entry["pmi"]["ADJ"]["she/her"] == [{"lemma": "tall", "pmi": 0.0, "count": 9}]
    assert entry["pmi"]["ADJ"]["he/him"] == []
    assert entry["pmi"]["VERB"] == {"all": [], "she/her": [], "he/him": []}


def test_each_period_counts_its_own_texts_and_all_sums_them():
    rows = [
        record(year=2018, she_lemmas=[("VERB", "say", 5)], he_lemmas=[("VERB", "say", 5)]),
        record(year=None, he_lemmas=[("VERB", "win", 6)]),
    ]
    report = build_report(records_table(rows))
    verbs = {entry["period"]: entry["pmi"]["VERB"] for entry in report["periods"]}
    assert verbs["2018"]["he/him"] == [{"lemma": "say", "pmi": 0.0, "count": 5}]
    assert verbs["unknown"]["he/him"] == [{"lemma": "win", "pmi": 0.0, "count": 6}]
    # all: say 5 + 5, win 6, N = 16; he/him: c = 11.
    # win: log2(6 * 16 / (6 * 11)) = log2(16 / 11); say: log2(5 * 16 / (10 * 11)) = log2(8 / 11)
    assert verbs["all"]["he/him"] == [
        {"lemma": "win", "pmi": pytest.approx(math.log2(16 / 11)), "count": 6},
        {"lemma": "say", "pmi": pytest.approx(math.log2(8 / 11)), "count": 5},
    ]


def test_lemmas_stream_over_record_batches():
    # Two chunks: the second chunk's records must keep their own periods.
    first = records_table([record(year=2018, she_lemmas=[("NOUN", "nurse", 5)])])
    second = records_table([record(year=2020, he_lemmas=[("NOUN", "pilot", 7)])])
    report = build_report(pa.concat_tables([first, second]))
    assert nouns(report, "2018")["she/her"] == [{"lemma": "nurse", "pmi": 0.0, "count": 5}]
    assert nouns(report, "2018")["he/him"] == []
    assert nouns(report, "2020")["he/him"] == [{"lemma": "pilot", "pmi": 0.0, "count": 7}]


def test_merging_the_counts_block_by_block_changes_no_table(monkeypatch):
    from spacy_genderfair.audit import pmi, schema

    # Twelve records over three years, every block of one record merged at once: the tables
    # equal those of one block merged once at the end.
    rows = [record(year=2018 + i % 3, she_actors=1, he_actors=1,
                   she_lemmas=[("NOUN", "nurse", 1 + i % 4), ("VERB", "say", 5)],
                   he_lemmas=[("NOUN", "minister", 2 + i % 3), ("NOUN", "nurse", 1)])
            for i in range(12)]
    expected = build_report(records_table(rows), min_count=1)
    monkeypatch.setattr(pmi, "_MERGE_KEYS", 0)
    monkeypatch.setattr(schema.record_blocks, "__defaults__", (1,))
    assert build_report(records_table(rows), min_count=1) == expected
