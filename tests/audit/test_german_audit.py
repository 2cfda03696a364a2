"""``genderfair audit --lang de`` over a DocBin of the German gold sentences
(tests/audit/german_gold.py: gold UD GSD parses, PER entities by hand): the report's
whole-corpus numbers equal the sums of the hand counts in tests/audit/data/de_gold_counts.json.

A DocBin is already parsed, so no model runs: the audit adds gender_lexicon, actor_linker,
role_counter (roles through the de profile's UD role map) and quote_typer to a blank German
pipeline. A sum that contains a cell the counts file marks xfail is a strict xfail with the
same reasons: the hand count stays the true one. Needs the shared UD German GSD treebank.
"""

import json

import pytest
from typer.testing import CliRunner

from spacy_genderfair.audit.schema import INCLUSIVE_FORMS, STATUS, read_records
from spacy_genderfair.cli import app
from spacy_genderfair.extensions import PRONOUN_GROUPS
from tests.audit.german_gold import GOLD_PERSONS, write_gold_docbin
from tests.audit.hand_counts import (
    ACTOR_METRICS,
    DOCUMENT,
    INCLUSIVE_LABELS,
    QUOTE_METRICS,
    load_counts,
)

HAND_COUNTS = load_counts("de_gold_counts.json")
TEXTS = HAND_COUNTS["texts"]
METRICS = (*ACTOR_METRICS, *QUOTE_METRICS.values())


@pytest.fixture(scope="module")
def audit_folder(tmp_path_factory):
    """The audit of the gold DocBin, run once through the CLI as a user runs it."""
    folder = tmp_path_factory.mktemp("de_gold_audit")
    docbin = write_gold_docbin(folder)
    result = CliRunner().invoke(app, ["audit", str(docbin), "--lang", "de", "--output",
                                      str(folder / "audit"), "--no-progress"])
    assert result.exit_code == 0, result.output
    return folder / "audit"


@pytest.fixture(scope="module")
def whole_corpus(audit_folder) -> dict:
    """The report's "all" period (the DocBin has no dates: one period "unknown", then all)."""
    report = json.loads((audit_folder / "report.json").read_text(encoding="utf-8"))
    assert [period["period"] for period in report["periods"]] == ["unknown", "all"]
    return report["periods"][-1]


def _hand_sum(group: str, metric: str) -> int:
    return sum(item["counts"][group][metric] for item in TEXTS.values())


def _sum_cells():
    """One param per (group, metric): the hand counts summed over the texts; a strict xfail
    when a text's cell in the sum is marked xfail (the reasons joined)."""
    for group in PRONOUN_GROUPS:
        for metric in METRICS:
            reasons = sorted({item["xfail"][f"{group}.{metric}"] for item in TEXTS.values()
                              if f"{group}.{metric}" in item["xfail"]})
            marks = [pytest.mark.xfail(reason="; ".join(reasons), strict=True)] if reasons else []
            yield pytest.param(group, metric, _hand_sum(group, metric), marks=marks,
                               id=f"{group}-{metric}")


def test_hand_sums_are_the_counted_numbers():
    # The sums the report must reach, written out: a recount of the data shows up here.
    assert {group: {metric: _hand_sum(group, metric) for metric in METRICS}
            for group in ("she/her", "he/him")} == {
        "she/her": {"actors": 4, "named": 4, "pronoun": 3, "subject": 1, "object": 3,
                    "quotes_direct": 0, "quotes_indirect": 0},
        "he/him": {"actors": 10, "named": 10, "pronoun": 1, "subject": 9, "object": 0,
                   "quotes_direct": 1, "quotes_indirect": 2},
    }
    # GSD is 1990s news: paired forms and one Binnen-I, no Gender-Stern or Doppelpunkt.
    assert {label: sum(item["counts"][DOCUMENT][label] for item in TEXTS.values())
            for label in INCLUSIVE_LABELS} == {"star": 0, "colon": 0, "binnen_i": 1,
                                               "paired": 5}


@pytest.mark.parametrize(("group", "metric", "expected"), list(_sum_cells()))
def test_report_metric_equals_hand_sum(whole_corpus, group, metric, expected):
    assert whole_corpus["metrics"][metric][group] == expected


def test_report_totals_equal_hand_counts(whole_corpus):
    documents = [item["counts"][DOCUMENT] for item in TEXTS.values()]
    with_actors = sum(1 for item in TEXTS.values()
                      if any(item["counts"][group]["actors"] for group in PRONOUN_GROUPS))
    assert whole_corpus["totals"] == {
        "texts": len(GOLD_PERSONS),
        "texts_with_actors": with_actors,
        "bad_records": 0,
        "inclusive_docs": sum(1 for document in documents
                              if any(document[label] for label in INCLUSIVE_LABELS)),
        "generic_masculine_docs": sum(document["generic_masculine"] for document in documents),
    }
    assert whole_corpus["totals"] == {"texts": 18, "texts_with_actors": 13, "bad_records": 0,
                                      "inclusive_docs": 6, "generic_masculine_docs": 3}


def test_records_inclusive_forms_equal_hand_counts(audit_folder):
    table = read_records(audit_folder)
    assert table.column(STATUS).to_pylist() == ["ok"] * len(GOLD_PERSONS)
    expected = [sum(item["counts"][DOCUMENT][label] for label in INCLUSIVE_LABELS)
                for item in TEXTS.values()]
    assert table.column(INCLUSIVE_FORMS).to_pylist() == expected
    assert sum(expected) == 6

