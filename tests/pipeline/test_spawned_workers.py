"""Every component travels to spawned worker processes (``nlp.pipe(n_process=2)`` on macOS
and Windows) in any state: as made, initialized, after use, with a profile folder and user
lexicons that are gone by then; the workers' annotations are those of ``n_process=1``.

One fresh process (tests/pipeline/spawned_pipe.py) runs every case, since the start method
is chosen once per process and spawned workers each load the pipeline anew."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import EN_MODEL

SCRIPT = Path(__file__).with_name("spawned_pipe.py")
COMPONENTS = ["gender_lexicon", "actor_linker", "role_counter", "quote_typer", "gender_swapper"]
EN_CASES = ["fresh", "initialized", "used", "profile_folder"]


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    pytest.importorskip(EN_MODEL, reason=f"{EN_MODEL} is not installed")
    result = subprocess.run(
        [sys.executable, str(SCRIPT), str(tmp_path_factory.mktemp("spawned") / "scratch")],
        capture_output=True, text=True, encoding="utf-8", timeout=600,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout)


@pytest.mark.parametrize("case,component", [
    *((case, component) for case in EN_CASES for component in COMPONENTS),
    ("uk_bare", "gender_swapper"),
])
def test_spawned_workers_annotate_as_one_process(results, case, component):
    run = results[case]
    assert component in run["components"]
    assert run["error"] is None
    assert [doc[component] for doc in run["spawned"]] == [doc[component] for doc in run["single"]]


def test_the_cases_annotate_what_they_should(results):
    """The comparisons above compare real annotations, made with the data each case gave."""
    fresh = results["fresh"]["single"][0]
    assert fresh["gender_swapper"][0].startswith("Dr. ") and "she" not in fresh["gender_swapper"][0]
    assert fresh["actor_linker"]["actors"] and fresh["quote_typer"][0]
    assert fresh["role_counter"]["actors"]
    custom = results["profile_folder"]["single"][2]  # the words of the profile copy and lexicon
    assert custom["gender_swapper"][0].split()[2:] == [
        "zorbled", "that", "the", "zorbwoman", "had", "praised", "the", "dragonriderin."]
    assert [gender for _, gender, kind, _ in custom["gender_lexicon"]["tokens"] if kind] == [
        "feminine", "feminine", "masculine", "masculine"]
    assert [actor["group"] for actor in custom["actor_linker"]["actors"].values()] == ["she/her"]
    assert [quote[2] for quote in custom["quote_typer"][0]] == ["indirect"]
    assert results["uk_bare"]["single"][0]["gender_swapper"][0] == (
        "Вчора Євген Петренко поінформував лікарку.")
