"""An interrupted audit, run again, continues from its last finished shard: the records equal
an uninterrupted run's, none lost, none twice. Other inputs or settings are not resumed."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from spacy_genderfair.audit.runner import run_audit
from spacy_genderfair.audit.schema import read_records
from spacy_genderfair.audit.shards import ResumeError
from tests.audit.corpus import news_rows, stop_after_two_shards, write_jsonl
from tests.conftest import EN_MODEL

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = {"model": EN_MODEL, "id_field": "id", "date_field": "date", "shard_size": 2,
            "progress": False}
# A child process that audits the corpus, pausing after each shard so that the test can
# kill it between shards with SIGKILL (nothing of it runs after that: no cleanup).
CHILD = """
import sys, time
from spacy_genderfair.audit import shards
from spacy_genderfair.audit.runner import run_audit

write = shards.ShardStore.write

def slow_write(self, number, records):
    path = write(self, number, records)
    print(number, flush=True)
    time.sleep(60)
    return path

shards.ShardStore.write = slow_write
run_audit([sys.argv[1]], output=sys.argv[2], model=sys.argv[3], id_field="id",
          date_field="date", shard_size=2, progress=False)
"""


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    return write_jsonl(tmp_path_factory.mktemp("corpus") / "news.jsonl", news_rows(2))


@pytest.fixture(scope="module")
def uninterrupted(corpus, tmp_path_factory):
    output = tmp_path_factory.mktemp("whole")
    summary = run_audit([str(corpus)], output=output, **SETTINGS)
    assert (summary.input_records, summary.shards_written) == (8, 4)
    return read_records(output)


def _shard_files(output: Path) -> list[str]:
    return sorted(path.name for path in (output / "records").iterdir())


def test_a_run_stopped_by_an_exception_after_shard_two_is_resumed(
        corpus, uninterrupted, tmp_path, monkeypatch):
    stop_after_two_shards(monkeypatch)
    with pytest.raises(RuntimeError, match="interrupted"):
        run_audit([str(corpus)], output=tmp_path, **SETTINGS)
    assert _shard_files(tmp_path) == ["_progress.json", "part-00000.parquet",
                                      "part-00001.parquet"]
    monkeypatch.undo()
    summary = run_audit([str(corpus)], output=tmp_path, **SETTINGS)
    assert (summary.shards_resumed, summary.shards_written, summary.processed) == (2, 2, 4)
    assert (summary.input_records, summary.ok, summary.bad) == (8, 8, 0)
    assert read_records(tmp_path).equals(uninterrupted)


def test_a_run_killed_with_sigkill_is_resumed(corpus, uninterrupted, tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(corpus), str(tmp_path),
                              EN_MODEL], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout.readline().strip() == "0"  # shard 0 written; paused
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    assert _shard_files(tmp_path) == ["_progress.json", "part-00000.parquet"]
    started = time.perf_counter()
    summary = run_audit([str(corpus)], output=tmp_path, **SETTINGS)
    assert time.perf_counter() - started < 60
    assert (summary.shards_resumed, summary.shards_written) == (1, 3)
    assert read_records(tmp_path).equals(uninterrupted)


def test_a_finished_run_run_again_writes_nothing(corpus, uninterrupted, tmp_path):
    run_audit([str(corpus)], output=tmp_path, **SETTINGS)
    summary = run_audit([str(corpus)], output=tmp_path, **SETTINGS)
    assert (summary.shards_resumed, summary.shards_written, summary.input_records) == (4, 0, 8)
    assert read_records(tmp_path).equals(uninterrupted)


def test_other_inputs_or_settings_are_refused_unless_overwrite(tmp_path):
    corpus = write_jsonl(tmp_path / "news.jsonl", news_rows(2))
    output = tmp_path / "audit"
    run_audit([str(corpus)], output=output, **SETTINGS)
    refusal = (f"{output / 'records'} holds records of a run with other inputs or "
               "settings: give --overwrite to replace them, or another --output.")
    with pytest.raises(ResumeError) as err:  # other settings
        run_audit([str(corpus)], output=output, **{**SETTINGS, "shard_size": 3})
    assert str(err.value) == refusal
    write_jsonl(corpus, news_rows(2)[:-1])  # the same file, one article less
    with pytest.raises(ResumeError) as err:
        run_audit([str(corpus)], output=output, **SETTINGS)
    assert str(err.value) == refusal
    summary = run_audit([str(corpus)], output=output, overwrite=True, **SETTINGS)
    assert (summary.shards_resumed, summary.shards_written, summary.input_records) == (0, 4, 7)
    assert _shard_files(output) == ["_progress.json"] + [f"part-0000{n}.parquet"
                                                        for n in range(4)]
    assert read_records(output).column("id").to_pylist() == [f"n{n}" for n in range(1, 8)]
