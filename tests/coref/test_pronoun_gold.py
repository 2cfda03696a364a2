"""The per-language gold sets of benchmarks/coref_languages.py: actor_linker's resolution on
them must not fall below the figures measured when they were made (a regression fails)."""

from pathlib import Path

import pytest
import spacy

from spacy_genderfair.evaluation.pronoun_gold import (
    gold_doc,
    pronoun_outcomes,
    read_gold,
    summarize,
)
from tests.conftest import ud_doc

GOLD = Path(__file__).resolve().parents[2] / "benchmarks" / "data"
# Pronouns resolved right per backend and language, as measured (docs/benchmarks.md).
FLOORS = {"builtin": {"de": 51, "pt": 47, "uk": 52}, "learned": {"de": 50, "pt": 40, "uk": 52}}


def resolve(lang: str, coref: str) -> dict:
    nlp = spacy.blank(lang)
    nlp.add_pipe("gender_lexicon")
    nlp.add_pipe("actor_linker", config={"coref": coref})
    outcomes = []
    for item in read_gold(GOLD / f"coref_gold_{lang}.jsonl"):
        doc = gold_doc(item, {i: ud_doc(lang, i) for i in item["sent_ids"]})
        for _, component in nlp.pipeline:
            doc = component(doc)
        outcomes += pronoun_outcomes(doc, item)
    return summarize(outcomes)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("lang", ["de", "pt", "uk"])
@pytest.mark.parametrize("coref", sorted(FLOORS))
def test_resolution_on_the_gold_set_does_not_regress(lang, coref):
    summary = resolve(lang, coref)
    assert summary["pronouns"] >= 50
    assert summary["right"] >= FLOORS[coref][lang], summary


def test_a_gold_token_that_is_not_the_annotated_word_raises():
    item = {"sent_ids": ["dev-s717"], "entities": [[4, 5]],
            "pronouns": [{"token": 7, "text": "er", "antecedents": [[4, 5]]}]}
    sentences = {"dev-s717": ud_doc("de", "dev-s717")}
    with pytest.raises(ValueError, match="token 7 is 'ob', the gold set says 'er'"):
        gold_doc(item, sentences)
    item["pronouns"][0]["token"] = 8
    assert [e.text for e in gold_doc(item, sentences).ents] == ["Oskar"]
