"""The NER-UK spaCy project end to end on tiny vars: every output, every model x test set,
and the packaged wheel installed in a fresh virtualenv and loaded."""

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest
import spacy
import srsly
from spacy.tokens import DocBin

from spacy_genderfair.nerproject.layout import copy_project
from tests.conftest import shared_path

ROOT = Path(__file__).resolve().parents[2]
SMOKE_MODELS = ("orig", "orig+ours")
TEST_SETS = ("original", "swapped", "augmented", "gold-swapped")
WHEEL = "packages/uk_ner_genderfair-0.1.0/dist/uk_ner_genderfair-0.1.0-py3-none-any.whl"


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    ner_uk = shared_path("ner-uk")
    folder = tmp_path_factory.mktemp("ner_uk_project")
    copy_project(ROOT, folder)
    # The project's scripts import this checkout's package, whatever is installed.
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    command = [sys.executable, "-m", "spacy", "project", "run", "smoke", str(folder),
               "--vars.ner_uk", str(ner_uk), "--vars.max_steps", "200",
               "--vars.train_limit", "300", "--vars.test_limit", "200"]
    result = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return folder


def test_every_step_writes_its_outputs(project):
    for path in ("corpus/train.spacy", "corpus/dev.spacy", "corpus/test.spacy",
                 "corpus/corpus.json", "corpus/ours-swapped.json",
                 "corpus/train/orig.spacy", "corpus/train/orig+gold.spacy",
                 "corpus/train/orig+ours.spacy", "corpus/train/augment.json",
                 "corpus/test/swap-test.json", "metrics/table.md", "metrics/table.json",
                 "metrics/probe-orig.json", "metrics/probe-orig+ours.json",
                 *(f"corpus/test/{name}.spacy" for name in TEST_SETS),
                 *(f"training/{model}/model-best/meta.json" for model in SMOKE_MODELS)):
        assert (project / path).is_file(), path
    corpus = srsly.read_json(project / "corpus/corpus.json")
    assert corpus["entities"]["misaligned"] == 0
    augment = srsly.read_json(project / "corpus/train/augment.json")
    assert augment["docs"]["orig"] == 300
    assert augment["docs"]["orig+ours"] == 300 + augment["added"]["ours"] > 300
    # Provenance: who made our swaps, with which direction, in the reports and on every Doc.
    assert (augment["ours_swapper"]["swapper"], augment["ours_swapper"]["direction"]) == (
        "gender_swapper", "invert")
    ours = list(DocBin().from_disk(project / "corpus/train/orig+ours.spacy").get_docs(
        spacy.blank("uk").vocab))[300:]
    assert {doc.user_data["swapper"]["direction"] for doc in ours} == {"invert"}
    swap_test = srsly.read_json(project / "corpus/test/swap-test.json")
    assert swap_test["swapped_source"] == "ours"
    assert swap_test["swapped_swapper"] == augment["ours_swapper"]
    assert swap_test["docs"]["original"] == 200


def test_metrics_for_every_model_and_test_set(project):
    table = srsly.read_json(project / "metrics/table.json")
    assert {(row["model"], row["testset"]) for row in table["rows"]} == {
        (model, testset) for model in SMOKE_MODELS for testset in TEST_SETS}
    for model in SMOKE_MODELS:
        for testset in TEST_SETS:
            metrics = srsly.read_json(project / "metrics" / f"{model}-{testset}.json")
            assert 0 <= metrics["ents_f"] <= 1
            job = metrics["recall_by_gender"]["JOB"]
            assert set(job) == {"masculine", "feminine", "common", "neutral", "unknown"}
            assert sum(value["gold"] for value in job.values()) > 0
    assert "made by our gender_swapper" in (project / "metrics/table.md").read_text()
    probe = srsly.read_json(project / "metrics/probe-orig+ours.json")
    assert probe["sentences"] == 200
    assert {"JOB", "PERS"} <= set(probe["summary"])


def test_the_wheel_installs_in_a_fresh_venv_and_loads(project, tmp_path):
    meta = srsly.read_json(project / "training/package-meta.json")
    assert (meta["name"], meta["license"]) == ("ner_genderfair", "CC BY-NC-SA 4.0")
    # A plain venv: the wheel must bring its own requirements (spacy), nothing leaks in.
    venv.create(tmp_path / "venv", with_pip=True)
    python = tmp_path / "venv" / "bin" / "python"
    install = subprocess.run([python, "-m", "pip", "install", "-q", project / WHEEL],
                             capture_output=True, text=True)
    assert install.returncode == 0, install.stderr[-3000:]
    code = ("import spacy; nlp = spacy.load('uk_ner_genderfair'); "
            "doc = nlp('Директорка школи Ірина Петренко прийшла.'); "
            "print(nlp.pipe_names, nlp.meta['license'], len(doc))")
    loaded = subprocess.run([python, "-c", code], capture_output=True, text=True)
    assert loaded.returncode == 0, loaded.stderr[-3000:]
    assert loaded.stdout.strip() == "['tok2vec', 'ner'] CC BY-NC-SA 4.0 6"
