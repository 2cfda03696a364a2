"""The transformer path of the NER-UK project on a CPU, offline: a tiny random RoBERTa built
from the train lines, trained a few steps with configs/trf.cfg, evaluated and packaged."""

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import spacy
import srsly

from spacy_genderfair.nerproject.layout import copy_project
from tests.conftest import shared_path

pytest.importorskip("spacy_transformers", reason="needs the `transformers` extra")
pytest.importorskip("tokenizers", reason="needs the `transformers` extra")

ROOT = Path(__file__).resolve().parents[2]
TEST_SETS = ("original", "swapped", "augmented", "gold-swapped")
WHEEL = "packages/uk_ner_genderfair_trf-0.1.0/dist/uk_ner_genderfair_trf-0.1.0-py3-none-any.whl"


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    ner_uk = shared_path("ner-uk")
    folder = tmp_path_factory.mktemp("ner_uk_trf")
    copy_project(ROOT, folder)
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONPATH": os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    command = [sys.executable, "-m", "spacy", "project", "run", "smoke-trf", str(folder),
               "--vars.ner_uk", str(ner_uk), "--vars.max_steps", "20",
               "--vars.train_limit", "300", "--vars.test_limit", "200",
               "--vars.transformer", "training/tiny-transformer"]
    result = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return folder


def test_the_transformer_model_is_trained_and_evaluated(project):
    nlp = spacy.load(project / "training/trf/model-best")
    assert nlp.pipe_names == ["transformer", "ner"]
    assert nlp.get_pipe("transformer").model.attrs["get_spans"] is not None
    doc = nlp("Суддя Ірина Коваль відкрила засідання.")
    assert len(doc) == 6
    for testset in TEST_SETS:
        metrics = srsly.read_json(project / "metrics" / f"trf-{testset}.json")
        assert 0 <= metrics["ents_f"] <= 1
        assert set(metrics["recall_by_gender"]) == {"JOB", "PERS"}


def test_the_transformer_wheel_pins_torch(project):
    with zipfile.ZipFile(project / WHEEL) as wheel:
        metadata = next(name for name in wheel.namelist() if name.endswith("METADATA"))
        requires = [line for line in wheel.read(metadata).decode().splitlines()
                    if line.startswith("Requires-Dist:")]
    assert "Requires-Dist: torch==2.13.0" in requires
    assert any(line.startswith("Requires-Dist: spacy-transformers") for line in requires)
