"""build_report on hand-made records: periods, totals, metrics, shares and their intervals,
sentiment, per-text statistics, warnings and blank mode; every expected number computed by hand
in the comments."""

import json
import math

import numpy as np
import pyarrow as pa
import pytest

from spacy_genderfair.audit.report import METRICS, SCHEMA, build_report

from .report_records import record, records_table


def period(report: dict, label: str) -> dict:
    return next(entry for entry in report["periods"] if entry["period"] == label)


def test_periods_are_years_ascending_then_unknown_then_all():
    table = records_table([record(year=2020), record(year=2018), record(year=None), record()])
    report = build_report(table)
    assert [entry["period"] for entry in report["periods"]] == [
        "2018", "2019", "2020", "unknown", "all"
    ]
    assert report["schema"] == SCHEMA


def test_no_unknown_period_when_every_record_has_a_year():
    report = build_report(records_table([record(year=2019), record(year=2021)]))
    assert [entry["period"] for entry in report["periods"]] == ["2019", "2021", "all"]


def test_records_without_a_year_form_the_unknown_bucket():
    table = records_table([
        record(year=None, she_actors=1),
        record(year=None, he_actors=2),
        record(bad=True, year=None),
        record(year=2019, he_actors=1),
    ])
    report = build_report(table)
    unknown = period(report, "unknown")
    assert unknown["totals"]["texts"] == 2
    assert unknown["totals"]["bad_records"] == 1
    assert unknown["metrics"]["actors"] == {
        "she/her": 1, "he/him": 2, "they/them": 0, "unknown": 0, "overall": 3
    }
    # "all" holds every record: 3 texts, 1 bad, 1 + 3 he/him actors.
    everything = period(report, "all")
    assert everything["totals"]["texts"] == 3
    assert everything["metrics"]["actors"]["he/him"] == 3


def test_totals_count_texts_and_bad_records_apart():
    table = records_table([
        record(she_actors=1, inclusive_forms=2),
        record(generic_masculine=True),
        record(unknown_actors=1, generic_masculine=True),
        record(bad=True, year=2019),
    ])
    totals = period(build_report(table), "2019")["totals"]
    assert totals == {
        "texts": 3,
        "texts_with_actors": 2,  # an actor of unknown gender is an actor
        "bad_records": 1,
        "inclusive_docs": 1,
        "generic_masculine_docs": 2,
    }


def test_every_record_is_accounted_for_in_every_period():
    rows = [record(year=year) for year in (2018, 2018, 2019, None)]
    rows += [record(bad=True, year=year) for year in (2018, None, None)]
    report = build_report(records_table(rows))
    for entry in report["periods"][:-1]:
        assert entry["totals"]["texts"] + entry["totals"]["bad_records"] == sum(
            1 for row in rows if str(row["year"] or "unknown") == entry["period"]
        )
    everything = period(report, "all")["totals"]
    assert everything["texts"] + everything["bad_records"] == len(rows) == 7


def test_metrics_sum_every_group_and_overall_counts_unknown_and_they():
    table = records_table([
        record(she_actors=1, she_named=2, she_pronoun=1, he_actors=1, he_named=1,
               they_actors=1, they_pronoun=2, unknown_actors=2, unknown_named=2),
        record(he_actors=2, he_named=3, he_pronoun=4, he_unresolved=3, she_unresolved=1,
               she_quotes_direct=1, he_quotes_indirect=2),
    ])
    metrics = period(build_report(table), "2019")["metrics"]
    assert list(metrics) == list(METRICS)
    assert metrics["actors"] == {
        "she/her": 1, "he/him": 3, "they/them": 1, "unknown": 2, "overall": 7
    }
    # mentions = named + pronoun: she 2 + 1; he (1 + 0) + (3 + 4); they 0 + 2; unknown 2 + 0
    assert metrics["mentions"] == {
        "she/her": 3, "he/him": 8, "they/them": 2, "unknown": 2, "overall": 15
    }
    assert metrics["unresolved"]["she/her"] == 1
    assert metrics["unresolved"]["he/him"] == 3
    assert metrics["quotes_direct"]["overall"] == 1
    assert metrics["quotes_indirect"]["he/him"] == 2


def test_share_is_she_over_she_plus_he_with_a_delta_method_interval():
    # she/he actors per text: (1, 1), (2, 0), (0, 1), (0, 0); S = 3, T = 5, share = 0.6.
    # Residuals s - 0.6 t: -0.2, 0.8, -0.6, 0; their squares sum to 1.04.
    # Var = n / (n - 1) * 1.04 / T^2 = 4/3 * 1.04 / 25 = 0.0554667; se = 0.2355136.
    # 1.959964 * se = 0.4615989: [0.1384011, 1.0616 -> clipped to 1.0].
    table = records_table([
        record(she_actors=1, he_actors=1),
        record(she_actors=2),
        record(he_actors=1),
        record(),
    ])
    share = period(build_report(table), "2019")["shares"]["actors"]
    assert share["she"] == 3
    assert share["he"] == 2
    assert share["share"] == pytest.approx(0.6)
    assert share["ci_low"] == pytest.approx(0.1384011, abs=1e-6)
    assert share["ci_high"] == 1.0


def direct_interval(she: list[int], he: list[int]) -> tuple[float, float, float]:
    """The delta-method interval of sum(she) / sum(she + he), one text at a time."""
    total = sum(she) + sum(he)
    share = sum(she) / total
    squares = sum((s - share * (s + h)) ** 2 for s, h in zip(she, he, strict=True))
    n = len(she)
    se = math.sqrt(n / (n - 1) * squares) / total
    return share, max(0.0, share - 1.959963984540054 * se), min(1.0, share + 1.959963984540054 * se)


def test_intervals_match_a_direct_computation_per_period():
    rng = np.random.default_rng(7)
    she = rng.poisson(1.0, 300).tolist()
    he = rng.poisson(1.6, 300).tolist()
    years = [2018 + index % 3 for index in range(300)]
    table = records_table([
        record(year=year, she_subject=s, he_subject=h)
        for year, s, h in zip(years, she, he, strict=True)
    ])
    report = build_report(table)
    for label in ("2018", "2019", "2020"):
        picked = [i for i, year in enumerate(years) if str(year) == label]
        expected = direct_interval([she[i] for i in picked], [he[i] for i in picked])
        share = period(report, label)["shares"]["subject"]
        assert (share["share"], share["ci_low"], share["ci_high"]) == pytest.approx(expected)
    share = period(report, "all")["shares"]["subject"]
    assert (share["share"], share["ci_low"], share["ci_high"]) == pytest.approx(
        direct_interval(she, he)
    )


def test_share_and_interval_are_null_without_she_or_he():
    table = records_table([record(they_actors=2), record(unknown_actors=1)])
    share = period(build_report(table), "2019")["shares"]["actors"]
    assert share == {"she": 0, "he": 0, "share": None, "ci_low": None, "ci_high": None}


def test_a_single_text_has_a_share_but_no_interval():
    share = period(build_report(records_table([record(she_actors=1, he_actors=3)])), "2019")
    assert share["shares"]["actors"]["share"] == 0.25
    assert share["shares"]["actors"]["ci_low"] is None


def test_shares_cover_every_metric_but_sentiment():
    shares = period(build_report(records_table([record()])), "2019")["shares"]
    assert list(shares) == [metric for metric in METRICS if metric != "sentiment"]
    assert set(shares["named"]) == {"she", "he", "share", "ci_low", "ci_high"}


def test_sentiment_of_a_group_is_the_mean_over_its_actors():
    table = records_table([
        # she: two actors with a sentiment summing to 0.6; he: one of -0.2
        record(she_actors=2, she_sentiment_sum=0.6, she_sentiment_count=2,
               he_actors=1, he_sentiment_sum=-0.2, he_sentiment_count=1),
        record(she_actors=1, she_sentiment_sum=-0.3, she_sentiment_count=1),
        record(he_actors=1, he_sentiment_sum=0.5, he_sentiment_count=1),
    ])
    sentiment = period(build_report(table), "2019")["metrics"]["sentiment"]
    assert sentiment["she/her"] == pytest.approx(0.3 / 3)  # (0.6 - 0.3) / 3 actors
    assert sentiment["he/him"] == pytest.approx(0.3 / 2)  # (-0.2 + 0.5) / 2 actors
    assert sentiment["overall"] == pytest.approx(0.6 / 5)
    assert sentiment["they/them"] is None  # no they/them actor: no sentiment, not 0


def test_per_text_statistics_mean_median_and_sample_std():
    # she/her actors per text: 1, 2, 0, 0: mean 0.75, median 0.5,
    # std (n - 1): squared deviations 0.0625 + 1.5625 + 0.5625 + 0.5625 = 2.75, / 3, sqrt.
    table = records_table([
        record(she_actors=1, she_sentiment_sum=0.4, she_sentiment_count=1),
        record(she_actors=2, he_actors=1, she_sentiment_sum=0.2, she_sentiment_count=2,
               he_sentiment_sum=-0.5, he_sentiment_count=1),
        record(coded_feminine=3),
        record(she_pronoun_tokens=2, inclusive_forms=1),
    ])
    statistics = period(build_report(table), "2019")["statistics"]
    assert statistics["she/her:actors"] == pytest.approx(
        {"mean": 0.75, "median": 0.5, "std": math.sqrt(2.75 / 3)}
    )
    # Mean sentiment per text over the texts that have one: 0.4 and (0.2 - 0.5) / 3 = -0.1.
    assert statistics["all:sentiment"] == pytest.approx(
        {"mean": 0.15, "median": 0.15, "std": math.sqrt(2 * 0.25**2)}
    )
    assert statistics["all:actors"]["mean"] == pytest.approx(4 / 4)
    assert statistics["all:coded_feminine"]["mean"] == pytest.approx(3 / 4)
    assert statistics["she/her:pronoun_tokens"]["mean"] == pytest.approx(2 / 4)
    assert statistics["all:inclusive_language"]["mean"] == pytest.approx(1 / 4)


@pytest.mark.parametrize("texts,warned", [(99, True), (100, False)])
def test_a_period_with_fewer_than_100_texts_is_warned(texts, warned):
    rows = [record(year=2019) for _ in range(texts)] + [record(bad=True, year=2019)]
    entry = period(build_report(records_table(rows)), "2019")
    expected = [f"fewer than 100 texts ({texts}): shares are unreliable"] if warned else []
    assert entry["warnings"] == expected


def test_blank_mode_reports_actor_figures_as_not_available():
    table = records_table([
        record(blank=True, she_pronoun_tokens=3, he_pronoun_tokens=1, inclusive_forms=1),
        record(blank=True, year=2020, generic_masculine=True, coded_masculine=2),
    ])
    report = build_report(table, header={"lang": "en"})
    assert report["header"]["actor_level"] is False
    assert report["header"]["lang"] == "en"
    assert "blank mode" in report["header"]["notes"][0]
    entry = period(report, "all")
    assert entry["totals"] == {
        "texts": 2, "texts_with_actors": None, "bad_records": 0,
        "inclusive_docs": 1, "generic_masculine_docs": 1,
    }
    assert all(value is None for values in entry["metrics"].values() for value in values.values())
    assert entry["shares"]["actors"] == dict.fromkeys(("she", "he", "share", "ci_low", "ci_high"))
    assert entry["pmi"] is None
    assert entry["statistics"]["she/her:actors"] == {"mean": None, "median": None, "std": None}
    # Lexicon-level figures stay: pronoun tokens 3 and 0 over two texts, coded words 0 and 2.
    assert entry["statistics"]["she/her:pronoun_tokens"]["mean"] == pytest.approx(1.5)
    assert entry["statistics"]["all:coded_masculine"]["mean"] == pytest.approx(1.0)


def test_the_report_is_json_with_the_contract_keys():
    table = records_table([record(she_actors=1, she_lemmas=[("NOUN", "nurse", 5)])])
    report = build_report(table, header={"model": "en_core_web_sm"})
    assert json.loads(json.dumps(report)) == report
    assert set(report) == {"schema", "header", "periods"}
    assert report["header"] == {"model": "en_core_web_sm", "compat": None, "actor_level": True}
    for entry in report["periods"]:
        assert set(entry) == {
            "period", "warnings", "totals", "metrics", "shares", "statistics", "pmi"
        }
        assert set(entry["pmi"]) == {"ADJ", "NOUN", "VERB"}
        assert set(entry["pmi"]["NOUN"]) == {"all", "she/her", "he/him"}


def test_an_unknown_compat_mode_is_refused_in_one_line():
    with pytest.raises(ValueError, match=r"^unknown compat mode 'taz2024': choose one of taz2025$"):
        build_report(records_table([record()]), compat="taz2024")


def test_a_table_in_several_chunks_aggregates_like_one():
    rows = [record(year=2018 + index % 2, she_actors=index % 3, he_actors=1) for index in range(10)]
    whole = build_report(records_table(rows))
    chunked = pa.concat_tables([records_table(rows[:4]), records_table(rows[4:])])
    assert build_report(chunked)["periods"][-1]["metrics"] == whole["periods"][-1]["metrics"]


def test_an_empty_table_has_only_the_all_period():
    report = build_report(records_table([]))
    assert [entry["period"] for entry in report["periods"]] == ["all"]
    assert report["periods"][0]["totals"]["texts"] == 0
    assert report["periods"][0]["warnings"] == ["fewer than 100 texts (0): shares are unreliable"]
    assert report["header"]["actor_level"] is True  # nothing was analysed: not blank mode


def test_a_period_of_bad_records_only_has_no_figures_and_is_not_blank_mode():
    report = build_report(records_table([record(bad=True, year=None), record(she_actors=1)]))
    unknown = period(report, "unknown")
    assert unknown["totals"]["texts"] == 0
    assert unknown["totals"]["bad_records"] == 1
    assert unknown["metrics"]["actors"]["she/her"] is None
    assert unknown["pmi"] is None
    assert period(report, "all")["metrics"]["actors"]["she/her"] == 1
    assert report["header"] == {"compat": None, "actor_level": True}


def test_per_text_statistics_are_taken_within_each_period():
    years_and_actors = [(2019, 5), (2018, 1), (None, 2), (2018, 3), (None, 8), (None, 2)]
    table = records_table([record(year=year, he_actors=n) for year, n in years_and_actors])
    medians = {
        entry["period"]: entry["statistics"]["he/him:actors"]["median"]
        for entry in build_report(table)["periods"]
    }
    # 2018: 1, 3; 2019: 5; unknown: 2, 8, 2; all: 1 2 2 3 5 8
    assert medians == {"2018": 2.0, "2019": 5.0, "unknown": 2.0, "all": 2.5}


class BlocksOnly:
    """Records that can only be read block by block: no ``column``, no ``num_rows``, so a
    report (or a figure) that reads a whole column at once fails here."""

    def __init__(self, table) -> None:
        self._table = table

    def select(self, names):
        return self._table.select(names)


def test_the_report_read_block_by_block_equals_the_report_of_one_block(monkeypatch):
    from spacy_genderfair.audit import schema
    from spacy_genderfair.audit.article_shares import article_share_counts

    # Sentiments in quarters: sums of them are exact in any order, so the reports can be equal.
    rows = [record(year=2018 + i % 3, she_actors=i % 4, he_actors=(i * 5) % 3, he_named=i,
                   she_sentiment_sum=0.25 * i, she_sentiment_count=i % 2) for i in range(8)]
    table = records_table(rows)
    in_one_block = build_report(table)
    # Blocks of 3 rows: the 8 records span three blocks, each year more than one.
    monkeypatch.setattr(schema.record_blocks, "__defaults__", (3,))
    assert build_report(BlocksOnly(table)) == in_one_block
    # she_actors 0 1 2 3 0 1 2 3, he_actors 0 2 1 0 2 1 0 2: all but the first have a share.
    assert article_share_counts(BlocksOnly(table), "actors").sum() == 7
