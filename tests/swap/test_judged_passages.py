"""The judged passages of our own (benchmarks/data/uk_own_passages, uk_fresh_passages): every
sentence the sentencizer cuts from the passages has exactly one verdict in each verdicts
file, by the rubric's verdicts and categories, so that their scores count every sentence."""

import json
from pathlib import Path

import pytest
import spacy

DATA = Path(__file__).parents[2] / "benchmarks" / "data"
VERDICTS = {"ok", "slip", "wrong"}
CATEGORIES = {"thing-pronoun-turned", "non-person-noun-turned", "person-missed", "agreement",
              "name-form", "other"}
FILES = [("uk_own_passages", "before.jsonl"), ("uk_own_passages", "after.jsonl"),
         ("uk_fresh_passages", "before.jsonl"), ("uk_fresh_passages", "measured.jsonl"),
         ("uk_fresh_passages", "after.jsonl")]


def _sentence_ids(folder: str) -> list[str]:
    nlp = spacy.blank("uk")
    nlp.add_pipe("sentencizer")
    ids = []
    for line in (DATA / folder / "passages.jsonl").read_text(encoding="utf-8").splitlines():
        passage = json.loads(line)
        ids += [f"{passage['id']}.{n}" for n, _ in enumerate(nlp(passage["text"]).sents)]
    return ids


@pytest.mark.parametrize("folder,name", FILES)
def test_every_sentence_has_one_verdict(folder, name):
    rows = [json.loads(line) for line in
            (DATA / folder / name).read_text(encoding="utf-8").splitlines()]
    assert [row["id"] for row in rows] == _sentence_ids(folder)
    for row in rows:
        assert row["verdict"] in VERDICTS, row["id"]
        assert set(row["categories"]) <= CATEGORIES, row["id"]
        assert row["verdict"] != "ok" or not row["categories"], row["id"]  # (ok: no error)
        assert isinstance(row["swapped"], str) and isinstance(row["changed"], bool), row["id"]
