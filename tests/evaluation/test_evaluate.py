"""The scorers through spaCy's own evaluation: ``nlp.evaluate`` and ``spacy evaluate`` on
en_core_web_sm + gender_lexicon + actor_linker + quote_typer, against hand-made gold."""

import json
import os
import subprocess
import sys

import pytest
from spacy.tokens import DocBin
from spacy.training import Example

from spacy_genderfair.evaluation.scorers import ACTOR_SCORE_KEYS, QUOTE_SCORE_KEYS

OURS = ("gender_lexicon", "actor_linker", "quote_typer")
# (text, actor mentions, quotes): mentions as (text, kind, actor), quotes as (text, label,
# speaker text); every text occurs once in its document.
GOLD = [
    ('"We will win the final," said Maria Lopez. She thanked her coach.',
     [("Maria Lopez", "named", "A1"), ("She", "pronoun", "A1"), ("her", "pronoun", "A1"),
      # a person the pipeline does not report (generic_nouns is off)
      ("coach", "noun", "A2")],
     [('"We will win the final,"', "direct", "Maria Lopez")]),
    ("John Smith said that the team had played well. He praised Anna Berg.",
     [("John Smith", "named", "A1"), ("He", "pronoun", "A1"), ("Anna Berg", "named", "A2")],
     [("that the team had played well", "indirect", "John Smith")]),
]
# 6 of the 7 gold mentions found, no false one; the 3 pronoun links right; both quotes and
# their speakers right
EXPECTED = {
    "actor_mention_p": 1.0, "actor_mention_r": 6 / 7, "actor_mention_f": 12 / 13,
    "actor_pronoun_link_p": 1.0, "actor_pronoun_link_r": 1.0, "actor_pronoun_link_f": 1.0,
    "quote_direct_p": 1.0, "quote_direct_r": 1.0, "quote_direct_f": 1.0,
    "quote_indirect_p": 1.0, "quote_indirect_r": 1.0, "quote_indirect_f": 1.0,
    "quote_speaker_acc": 1.0,
}


@pytest.fixture(scope="module")
def nlp(en_nlp):
    for name in OURS:
        en_nlp.add_pipe(name)
    yield en_nlp
    for name in OURS:
        en_nlp.remove_pipe(name)


def gold_doc(nlp, text, mentions, quotes):
    doc = nlp.make_doc(text)

    def chars(part):
        start = text.index(part)
        return doc.char_span(start, start + len(part))

    doc.spans["actor_mentions"] = [
        doc.char_span(chars(part).start_char, chars(part).end_char, label="",
                      kb_id=actor, span_id=kind)
        for part, kind, actor in mentions]
    doc.spans["quotes"] = [doc.char_span(chars(part).start_char, chars(part).end_char,
                                         label=label, span_id=f"Q{i}")
                           for i, (part, label, _) in enumerate(quotes, start=1)]
    doc.spans["quote_speakers"] = [doc.char_span(chars(speaker).start_char,
                                                 chars(speaker).end_char, label=label,
                                                 span_id=f"Q{i}")
                                   for i, (_, label, speaker) in enumerate(quotes, start=1)]
    return doc


def test_nlp_evaluate_reports_our_scores(nlp):
    examples = [Example(nlp.make_doc(text), gold_doc(nlp, text, mentions, quotes))
                for text, mentions, quotes in GOLD]
    scores = nlp.evaluate(examples)
    assert {key: scores[key] for key in (*ACTOR_SCORE_KEYS, *QUOTE_SCORE_KEYS)} == (
        pytest.approx(EXPECTED))
    # the spaCy model's own scores are still there (the gold has no entities)
    assert (scores["token_acc"], scores["ents_f"]) == (1.0, None)
    # spacy train weighs (and shows) the F-scores and the speaker accuracy
    weights = nlp.config["training"]["score_weights"]
    assert [key for key, weight in weights.items() if weight and key.startswith(
        ("quote_", "actor_"))] == ["actor_mention_f", "actor_pronoun_link_f",
                                   "quote_direct_f", "quote_indirect_f", "quote_speaker_acc"]


def test_spacy_evaluate_on_a_saved_pipeline(nlp, tmp_path):
    nlp.to_disk(tmp_path / "pipeline")
    gold = DocBin(docs=[gold_doc(nlp, *case) for case in GOLD])
    gold.to_disk(tmp_path / "gold.spacy")
    result = subprocess.run(
        [sys.executable, "-m", "spacy", "evaluate", str(tmp_path / "pipeline"),
         str(tmp_path / "gold.spacy"), "--output", str(tmp_path / "scores.json"),
         "--per-component"],
        capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert result.returncode == 0, result.stderr
    scores = json.loads((tmp_path / "scores.json").read_text(encoding="utf-8"))
    assert {**scores["actor_linker"], **scores["quote_typer"]} == pytest.approx(EXPECTED)
    assert "Saved results to" in result.stdout
