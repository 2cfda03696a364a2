"""compat="taz2025": each of the reference code's definitions against ours, on the same records,
with the expected numbers computed by hand."""

import pytest

from spacy_genderfair.audit.report import build_report

from .report_records import record, records_table

ROWS = [
    record(
        she_actors=1, she_named=2, she_pronoun=1, she_subject=3, she_quotes_direct=1,
        she_sentiment_sum=0.6, she_sentiment_count=1,
        he_actors=1, he_named=1, he_pronoun=2, he_subject=1, he_object=2, he_quotes_indirect=1,
        he_sentiment_sum=-0.4, he_sentiment_count=1,
        she_lemmas=[("NOUN", "nurse", 3)], he_lemmas=[("NOUN", "nurse", 1)],
    ),
    record(
        he_actors=2, he_named=3, he_pronoun=1, he_object=2, he_quotes_direct=2,
        he_sentiment_sum=0.2, he_sentiment_count=2,
        she_lemmas=[("NOUN", "nurse", 2)], he_lemmas=[("NOUN", "pilot", 4)],
    ),
    record(inclusive_forms=1),  # a text without actors
]
# she/her: named 2, pronoun 1, subject 3, object 0, direct 1, indirect 0
# he/him:  named 4, pronoun 3, subject 1, object 4, direct 2, indirect 1


def entry(compat):
    return build_report(records_table(ROWS), compat=compat, min_count=1)["periods"][0]


@pytest.mark.parametrize(
    "metric,ours,reference",
    [
        # ours: she / (she + he); taz2025: she / (the pair's four cells of both groups)
        ("named", 2 / 6, 2 / 10),  # four cells: 2 + 4 + 1 + 3
        ("pronoun", 1 / 4, 1 / 10),
        ("subject", 3 / 4, 3 / 8),  # four cells: 3 + 1 + 0 + 4
        ("object", 0 / 4, 0 / 8),
        ("quotes_direct", 1 / 3, 1 / 4),  # four cells: 1 + 2 + 0 + 1
        ("quotes_indirect", 0 / 1, 0 / 4),
        ("actors", 1 / 4, 1 / 4),  # no pair: the same in both modes
        ("mentions", 3 / 10, 3 / 10),
    ],
)
def test_percentage_rows_divide_by_the_four_cells_of_their_pair(metric, ours, reference):
    assert entry(None)["shares"][metric]["share"] == pytest.approx(ours)
    assert entry("taz2025")["shares"][metric]["share"] == pytest.approx(reference)


def test_sentiment_counts_a_text_without_the_group_as_zero():
    ours, reference = entry(None)["metrics"]["sentiment"], entry("taz2025")["metrics"]["sentiment"]
    # ours: she 0.6 / 1 actor; he (-0.4 + 0.2) / 3 actors; overall 0.4 / 4
    assert ours["she/her"] == pytest.approx(0.6)
    assert ours["he/him"] == pytest.approx(-0.2 / 3)
    assert ours["overall"] == pytest.approx(0.1)
    # taz2025, over the 2 texts with actors: she (0.6 + 0) / 2; he (-0.4 + 0.1) / 2;
    # overall per text (0.6 - 0.4) / 2 = 0.1 and 0.2 / 2 = 0.1 -> 0.1
    assert reference["she/her"] == pytest.approx(0.3)
    assert reference["he/him"] == pytest.approx(-0.15)
    assert reference["overall"] == pytest.approx(0.1)


def test_total_texts_are_the_texts_with_actors():
    assert entry(None)["totals"]["texts"] == 3
    assert entry(None)["totals"]["inclusive_docs"] == 1
    reference = entry("taz2025")["totals"]
    assert reference["texts"] == reference["texts_with_actors"] == 2
    assert reference["inclusive_docs"] == 0  # its one inclusive text has no actors


def test_the_pmi_tables_are_text_frequencies():
    nouns = entry("taz2025")["pmi"]["NOUN"]
    # nurse occurs in 2 texts of she/her, 1 of he/him; pilot in 1 of he/him.
    assert nouns["she/her"] == [{"lemma": "nurse", "pmi": 2.0, "count": 2}]
    assert nouns["he/him"] == [
        {"lemma": "nurse", "pmi": 1.0, "count": 1},
        {"lemma": "pilot", "pmi": 1.0, "count": 1},
    ]
    # all = she/her + he/him frequencies: nurse 3, pilot 1
    assert nouns["all"] == [
        {"lemma": "nurse", "pmi": 3.0, "count": 3},
        {"lemma": "pilot", "pmi": 1.0, "count": 1},
    ]
    # ours on the same records: counts, not texts (nurse 3 + 2 for she/her).
    assert entry(None)["pmi"]["NOUN"]["she/her"][0]["count"] == 5


def test_per_text_sentiment_statistic_counts_a_text_without_sentiment_as_zero():
    # ours: texts with a sentiment: 0.2 / 2 = 0.1 and 0.2 / 2 = 0.1; taz2025: the same two
    # texts (the one without actors is not a text there).
    assert entry(None)["statistics"]["all:sentiment"]["mean"] == pytest.approx(0.1)
    rows = [*ROWS[:2], record(they_actors=1)]  # a text with an actor but no sentiment
    ours = build_report(records_table(rows))["periods"][0]["statistics"]["all:sentiment"]
    reference = build_report(records_table(rows), compat="taz2025")["periods"][0]
    assert ours["mean"] == pytest.approx(0.1)
    assert reference["statistics"]["all:sentiment"]["mean"] == pytest.approx(0.2 / 3)


def test_the_header_says_compat_is_on():
    assert build_report(records_table(ROWS), compat="taz2025")["header"]["compat"] == "taz2025"
    assert build_report(records_table(ROWS))["header"]["compat"] is None
