"""``genderfair audit --dask``: shards analysed on Dask workers give the records and the report
of a single-process run; an interrupted Dask run is resumed; a bad address is one line."""

import json
import re

import pytest
import spacy
from typer.testing import CliRunner

from spacy_genderfair.audit import distributed
from spacy_genderfair.audit.distributed import PipelineSettings
from spacy_genderfair.audit.inputs import read_inputs
from spacy_genderfair.audit.runner import run_audit
from spacy_genderfair.audit.schema import read_records
from spacy_genderfair.cli import app
from spacy_genderfair.pipelines import MAX_LENGTH_VARIABLE
from tests.audit.corpus import (
    ARTICLES,
    news_rows,
    parsed_docbin,
    stop_after_two_shards,
    write_jsonl,
)
from tests.conftest import EN_MODEL

pytest.importorskip("distributed", reason="the audit extra (dask[distributed]) is not "
                    "installed")

runner = CliRunner()
SETTINGS = {"model": EN_MODEL, "id_field": "id", "date_field": "date", "shard_size": 2,
            "progress": False}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """Eight articles and a malformed line between them: five shards of two."""
    rows = [json.dumps(row) for row in news_rows(2)]
    path = tmp_path_factory.mktemp("corpus") / "news.jsonl"
    path.write_text("\n".join([*rows[:3], '{"id": "x", "text": ', *rows[3:]]) + "\n",
                    encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def scheduler():
    """A scheduler address with two worker processes behind it, as on a real cluster."""
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        yield cluster.scheduler_address


@pytest.fixture(scope="module")
def single_process(corpus, tmp_path_factory):
    output = tmp_path_factory.mktemp("single")
    result = runner.invoke(app, _cli_args(corpus, output))
    assert result.exit_code == 0, result.output
    return output


def _cli_args(corpus, output, *options):
    return ["audit", str(corpus), "-o", str(output), "--model", EN_MODEL, "--id-field", "id",
            "--shard-size", "2", "--no-progress", *options]


def _shard_files(output) -> list[str]:
    return sorted(path.name for path in (output / "records").iterdir())


def test_a_local_cluster_gives_the_records_and_report_of_a_single_process_run(
        corpus, single_process, tmp_path):
    result = runner.invoke(app, _cli_args(corpus, tmp_path, "--dask", "local:2"))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1].startswith(
        "audit: 9 input records = 8 ok + 1 bad (malformed JSON 1); 5 shards written; ")
    records = read_records(tmp_path)
    assert records.num_rows == 9
    assert records.equals(read_records(single_process))
    assert (tmp_path / "report.json").read_text(encoding="utf-8") == (
        single_process / "report.json").read_text(encoding="utf-8")
    assert (tmp_path / "report.txt").read_text(encoding="utf-8") == (
        single_process / "report.txt").read_text(encoding="utf-8")
    manifest = json.loads((tmp_path / "manifest.json").read_text())["audit"]
    assert manifest["cluster"]["workers"] == 2
    assert re.fullmatch(r"tcp://127\.0\.0\.1:\d+", manifest["cluster"]["address"])
    single = json.loads((single_process / "manifest.json").read_text())["audit"]
    assert single["cluster"] is None
    assert manifest["counts"]["bad_examples"] == single["counts"]["bad_examples"] == [
        f"{corpus} line 4: malformed JSON (Expecting value at column 21)"]


def test_an_interrupted_dask_run_is_resumed(corpus, single_process, scheduler, tmp_path,
                                            monkeypatch):
    stop_after_two_shards(monkeypatch)
    with pytest.raises(RuntimeError, match="interrupted"):
        run_audit([str(corpus)], output=tmp_path, dask=scheduler, **SETTINGS)
    assert _shard_files(tmp_path) == ["_progress.json", "part-00000.parquet",
                                      "part-00001.parquet"]
    monkeypatch.undo()
    summary = run_audit([str(corpus)], output=tmp_path, dask=scheduler, **SETTINGS)
    assert (summary.shards_resumed, summary.shards_written, summary.processed) == (2, 3, 5)
    assert (summary.input_records, summary.ok, summary.bad) == (9, 8, 1)
    assert read_records(tmp_path).equals(read_records(single_process))
    manifest = json.loads((tmp_path / "manifest.json").read_text())["audit"]
    assert manifest["cluster"] == {"address": scheduler, "workers": 2}


def test_parsed_docbin_input_travels_to_the_workers(scheduler, tmp_path):
    nlp = spacy.load(EN_MODEL)
    doc_bin = parsed_docbin(nlp, news_rows())
    doc_bin.to_disk(tmp_path / "parsed.spacy")
    settings = {**SETTINGS, "model": None}
    run_audit([str(tmp_path / "parsed.spacy")], output=tmp_path / "one", **settings)
    summary = run_audit([str(tmp_path / "parsed.spacy")], output=tmp_path / "dask",
                        dask=scheduler, **settings)
    assert (summary.input_records, summary.ok, summary.shards_written) == (4, 4, 2)
    records = read_records(tmp_path / "dask")
    assert records.column("she_actors").to_pylist() == [1, 1, 1, 0]
    assert records.equals(read_records(tmp_path / "one"))


def test_an_unreachable_scheduler_is_one_line(corpus, tmp_path, monkeypatch):
    monkeypatch.setattr(distributed, "CONNECT_TIMEOUT", 1)
    result = runner.invoke(app, _cli_args(corpus, tmp_path, "--dask", "tcp://127.0.0.1:1"))
    assert (result.exit_code, result.stdout) == (1, "")
    assert re.fullmatch(r"Error: Cannot reach the Dask scheduler at tcp://127\.0\.0\.1:1: "
                        r"[^\n]+\. Start it \(dask scheduler\) or give another --dask "
                        r"address\.\n", result.stderr)
    assert _shard_files(tmp_path) == ["_progress.json"]


@pytest.mark.parametrize("options, message", [
    (["--dask", "local:0"], "--dask local:0: 'local:N' takes a number of workers N >= 1 "
     "(local:2), else give a scheduler address (tcp://host:8786)."),
    (["--dask", "local:2", "--n-process", "2"], "--dask and --n-process > 1 exclude each "
     "other: the Dask workers are the processes (start more workers instead)."),
])
def test_a_bad_dask_option_is_refused_with_one_line(corpus, tmp_path, options, message):
    result = runner.invoke(app, _cli_args(corpus, tmp_path / "audit", *options))
    assert (result.exit_code, result.stderr, result.stdout) == (1, f"Error: {message}\n", "")


def test_a_long_article_is_cut_where_the_driver_cuts_it(scheduler, tmp_path, monkeypatch):
    """The workers were started without GENDERFAIR_MAX_LENGTH: the driver's max_length
    travels with the shards."""
    first = ARTICLES[0] + "\n\n"
    corpus = write_jsonl(tmp_path / "long.jsonl", [
        {"id": "w", "date": "2019", "text": first + ARTICLES[1]}])
    monkeypatch.setenv(MAX_LENGTH_VARIABLE, str(len(first)))
    run_audit([str(corpus)], output=tmp_path / "one", **SETTINGS)
    run_audit([str(corpus)], output=tmp_path / "dask", dask=scheduler, **SETTINGS)
    whole = read_records(tmp_path / "dask").to_pylist()[0]
    assert (whole["she_actors"], whole["she_pronoun"], whole["he_unresolved"],
            whole["n_tokens"]) == (2, 4, 3, 33 + 1 + 23)
    assert read_records(tmp_path / "dask").equals(read_records(tmp_path / "one"))


def test_the_driver_reads_ahead_only_the_shards_in_flight(corpus, scheduler):
    """Memory stays flat: with two shards in flight, shard k comes back before the input of
    shard k + 3 is read (groupby reads one item past a shard to see it end)."""
    pulled = []

    def stream():
        for item in read_inputs([corpus], id_field="id", date_field="date"):
            pulled.append(item.seq)
            yield item

    settings = PipelineSettings("en", EN_MODEL, blank=False, parsed_input_only=False,
                                max_length=1_000_000)
    with distributed.connect(scheduler) as cluster:
        returned = [(number, [record["seq"] for record in records], len(pulled))
                    for number, records in distributed.analyse_shards(
                        cluster, stream(), settings, shard_size=2, max_in_flight=2)]
    assert returned == [(0, [0, 1], 5), (1, [2, 3], 7), (2, [4, 5], 9), (3, [6, 7], 9),
                        (4, [8], 9)]
