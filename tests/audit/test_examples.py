"""The example news corpus: its shape, and the full English stack against hand counts.

``tests/audit/data/news_en_counts.json`` holds hand counts for 8 of the articles, per pronoun
group: actors, named and pronoun mentions, subject and object roles (as role_counter defines
them) and direct/indirect quotes by speaker group. Each count is one test; a count the pipeline
gets wrong is marked ``xfail`` in the data with the pipeline error it shows, so the count stays
the true one and the mark comes off when the error is fixed (strict: a fixed cell fails until
its mark is removed).
"""

import hashlib
import json
import re
from collections import Counter
from importlib.resources import files
from pathlib import Path

import pytest
import spacy

from spacy_genderfair.extensions import PRONOUN_GROUPS, SPANS_QUOTES
from tests.conftest import EN_MODEL

CORPUS = files("spacy_genderfair") / "examples" / "news_en.jsonl"
HAND_COUNTS = json.loads((Path(__file__).parent / "data" / "news_en_counts.json").read_text())
UNATTRIBUTED = "unattributed"  # the hand-count key for quotes whose speaker is no actor
QUOTE_METRICS = {"direct": "quotes_direct", "indirect": "quotes_indirect"}


def _articles() -> dict[str, dict]:
    lines = CORPUS.read_text(encoding="utf-8").splitlines()
    return {record["id"]: record for record in map(json.loads, lines)}


def _cells():
    """One pytest param per (article, group, metric), xfail where the data says so."""
    for article_id, article in HAND_COUNTS["articles"].items():
        expected = {**article["groups"], UNATTRIBUTED: article["unattributed_quotes"]}
        for group, counts in expected.items():
            for metric, count in counts.items():
                reason = article["xfail"].get(f"{group}.{metric}")
                marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
                yield pytest.param(article_id, group, metric, count, marks=marks,
                                   id=f"{article_id}-{group}-{metric}")


def observed_counts(doc) -> dict[str, dict[str, int]]:
    """The hand-counted metrics as the pipeline sees them: ``doc._.gender_stats`` groups and
    the quotes per speaker group (quotes without an actor as speaker under "unattributed")."""
    groups = doc._.gender_stats["groups"]
    counts = {group: {metric: groups[group][metric] for metric in HAND_COUNTS["metrics"]
                      if metric not in QUOTE_METRICS.values()} for group in PRONOUN_GROUPS}
    actor_groups = {actor_id: data["group"] for actor_id, data in doc._.actor_data.items()}
    quotes = Counter((actor_groups.get(quote.kb_id_, UNATTRIBUTED), QUOTE_METRICS[quote.label_])
                     for quote in doc.spans[SPANS_QUOTES])
    for group in (*PRONOUN_GROUPS, UNATTRIBUTED):
        counts.setdefault(group, {})
        for metric in QUOTE_METRICS.values():
            counts[group][metric] = quotes[group, metric]
    return counts


@pytest.fixture(scope="module")
def pipeline_counts():
    """The 8 hand-counted articles through en_core_web_sm + the four counting components."""
    try:
        nlp = spacy.load(EN_MODEL)
    except OSError:
        pytest.skip(f"{EN_MODEL} is not installed: pip install 'spacy-genderfair[en]'")
    for name in ("gender_lexicon", "actor_linker", "role_counter", "quote_typer"):
        nlp.add_pipe(name, config={"sentiment": None} if name == "role_counter" else {})
    articles = _articles()
    ids = list(HAND_COUNTS["articles"])
    docs = nlp.pipe(articles[article_id]["text"] for article_id in ids)
    return {article_id: observed_counts(doc) for article_id, doc in zip(ids, docs, strict=True)}


@pytest.mark.parametrize(("article_id", "group", "metric", "expected"), list(_cells()))
def test_pipeline_matches_hand_count(pipeline_counts, article_id, group, metric, expected):
    assert pipeline_counts[article_id][group][metric] == expected


def test_hand_counts_are_of_the_current_text():
    # A hand count is only true of the text it was made on: an edited article needs a recount.
    articles = _articles()
    for article_id, article in HAND_COUNTS["articles"].items():
        text = articles[article_id]["text"].encode("utf-8")
        assert hashlib.sha256(text).hexdigest() == article["text_sha256"], article_id


def test_hand_counts_cover_every_group_and_metric():
    metrics = set(HAND_COUNTS["metrics"])
    assert len(HAND_COUNTS["articles"]) == 8
    for article_id, article in HAND_COUNTS["articles"].items():
        assert list(article["groups"]) == list(PRONOUN_GROUPS), article_id
        assert all(set(counts) == metrics for counts in article["groups"].values()), article_id
        assert set(article["unattributed_quotes"]) == set(QUOTE_METRICS.values()), article_id
        cells = {f"{group}.{metric}" for group in (*PRONOUN_GROUPS, UNATTRIBUTED)
                 for metric in metrics}
        assert set(article["xfail"]) <= cells, article_id


def test_corpus_shape():
    articles = list(_articles().values())
    assert len(articles) == 62
    assert all(set(record) == {"id", "date", "title", "text"} for record in articles)
    assert [record["id"] for record in articles] == [f"news-{n:03d}" for n in range(1, 63)]
    dates = [record["date"] for record in articles]
    assert dates == sorted(dates)
    assert all(re.fullmatch(r"20(19|2[0-4])-\d\d-\d\d", date) for date in dates)
    assert Counter(date[:4] for date in dates) == {
        "2019": 10, "2020": 10, "2021": 10, "2022": 11, "2023": 11, "2024": 10}
    assert len(CORPUS.read_bytes()) < 60_000
