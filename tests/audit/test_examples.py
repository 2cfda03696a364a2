"""The example news corpus: its shape, and the full English stack against hand counts.

``tests/audit/data/news_en_counts.json`` holds hand counts for 8 of the articles, per pronoun
group: actors, named and pronoun mentions, subject and object roles (as role_counter defines
them) and direct/indirect quotes by the speaker's group. Each count is one test; a count the
pipeline gets wrong is a strict xfail in the data, with the pipeline error it shows.
"""

import hashlib
import json
import re
from collections import Counter
from importlib.resources import files

import pytest
import spacy

from tests.audit.hand_counts import cells, check_layout, load_counts, observed_counts
from tests.conftest import EN_MODEL

CORPUS = files("spacy_genderfair") / "examples" / "news_en.jsonl"
HAND_COUNTS = load_counts("news_en_counts.json")


def _articles() -> dict[str, dict]:
    lines = CORPUS.read_text(encoding="utf-8").splitlines()
    return {record["id"]: record for record in map(json.loads, lines)}


@pytest.fixture(scope="module")
def pipeline_counts():
    """The hand-counted articles through en_core_web_sm + the four counting components."""
    try:
        nlp = spacy.load(EN_MODEL)
    except OSError:
        pytest.skip(f"{EN_MODEL} is not installed: pip install 'spacy-genderfair[en]'")
    for name in ("gender_lexicon", "actor_linker", "role_counter", "quote_typer"):
        nlp.add_pipe(name, config={"sentiment": None} if name == "role_counter" else {})
    articles = _articles()
    ids = list(HAND_COUNTS["texts"])
    docs = nlp.pipe(articles[article_id]["text"] for article_id in ids)
    return {article_id: observed_counts(doc) for article_id, doc in zip(ids, docs, strict=True)}


@pytest.mark.parametrize(("article_id", "group", "metric", "expected"), list(cells(HAND_COUNTS)))
def test_pipeline_matches_hand_count(pipeline_counts, article_id, group, metric, expected):
    assert pipeline_counts[article_id][group][metric] == expected


def test_hand_counts_are_of_the_current_text():
    # A hand count is only true of the text it was made on: an edited article needs a recount.
    articles = _articles()
    assert len(HAND_COUNTS["texts"]) == 8
    for article_id, item in HAND_COUNTS["texts"].items():
        text = articles[article_id]["text"].encode("utf-8")
        assert hashlib.sha256(text).hexdigest() == item["text_sha256"], article_id
    check_layout(HAND_COUNTS, document=False)


def test_corpus_shape():
    articles = list(_articles().values())
    assert [record["id"] for record in articles] == [f"news-{n:03d}" for n in range(1, 63)]
    assert all(set(record) == {"id", "date", "title", "text"} for record in articles)
    dates = [record["date"] for record in articles]
    assert dates == sorted(dates)
    assert all(re.fullmatch(r"20(19|2[0-4])-[01]\d-[0-3]\d", date) for date in dates)
    assert Counter(date[:4] for date in dates) == {
        "2019": 10, "2020": 10, "2021": 10, "2022": 11, "2023": 11, "2024": 10}
    assert len(CORPUS.read_bytes()) < 60_000


def test_the_people_who_state_they_them_pronouns_are_they_them():
    try:
        nlp = spacy.load(EN_MODEL)
    except OSError:
        pytest.skip(f"{EN_MODEL} is not installed: pip install 'spacy-genderfair[en]'")
    for name in ("gender_lexicon", "actor_linker"):
        nlp.add_pipe(name)
    articles = _articles()
    stated = [a for a in articles.values() if "they/them pronouns" in a["text"]]
    assert len(stated) == 3
    groups = {actor.name: actor.group for doc in nlp.pipe(a["text"] for a in stated)
              for actor in doc._.actors if actor.group == "they/them"}
    assert groups == {"Jordan Ellis": "they/them", "Sam Taylor": "they/them",
                      "Alex Moreno": "they/them"}
