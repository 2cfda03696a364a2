"""The corpus steps refuse an audit folder that is unfinished or not one audit's own, with
one line, before they write anything."""

import json

import pytest

from spacy_genderfair.audit.exclude import run_exclude
from spacy_genderfair.audit.steps import StepError

from .report_records import record
from .step_audit import write_audit

ROWS = [record(id=f"t{n}", she_actors=1, he_actors=1) for n in range(5)]


def test_a_missing_shard_is_one_error_and_nothing_written(tmp_path):
    folder = write_audit(tmp_path, ROWS, shard_size=2)
    (folder / "records" / "part-00001.parquet").unlink()
    with pytest.raises(StepError, match=r"misses 1 records shard\(s\) \(part-00001\.parquet\)"):
        run_exclude(folder)
    assert not (folder / "exclusions.jsonl").exists()


def test_records_of_another_audit_are_refused(tmp_path):
    folder = write_audit(tmp_path / "one", ROWS, shard_size=2)
    other = write_audit(tmp_path / "two", ROWS[:3], shard_size=2, inputs=["other.jsonl"])
    (folder / "manifest.json").write_text((other / "manifest.json").read_text())
    with pytest.raises(StepError, match="records of another audit"):
        run_exclude(folder)


def test_a_folder_without_a_finished_audit_is_refused(tmp_path):
    with pytest.raises(StepError, match="not an audit folder"):
        run_exclude(tmp_path)
    (tmp_path / "manifest.json").write_text(json.dumps({"balance": {}}))
    with pytest.raises(StepError, match="no finished audit"):
        run_exclude(tmp_path)
