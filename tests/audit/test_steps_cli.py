"""``genderfair exclude``, ``balance`` and ``rebuild`` on the command line: one summary line
each, and every refusal one line; ``genderfair audit --exclude --balance --rebuild`` chains
them on a real audit."""

import json

from typer.testing import CliRunner

from spacy_genderfair.cli import app
from tests.audit.corpus import news_rows, write_jsonl
from tests.conftest import EN_MODEL

from .test_rebuild import audit_of, make_corpus

runner = CliRunner()


def _fails_with(result, message: str) -> None:
    assert (result.exit_code, result.stderr, result.stdout) == (1, f"Error: {message}\n", "")


def test_the_three_steps_print_one_line_each(tmp_path):
    paths = make_corpus(tmp_path / "corpus")
    folder = audit_of(tmp_path / "audit", paths)
    result = runner.invoke(app, ["exclude", str(folder)])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "exclude: 1 of 8 analysed texts excluded (1 compared; flags: sentiment 0, roles 1, "
        f"quotes 1, naming 0) -> {folder / 'exclusions.jsonl'}\n")
    result = runner.invoke(app, ["balance", str(folder), "--method", "greedy"])
    assert result.stdout == (
        "balance (greedy): 2 of 7 texts removed; she/he actors 0.50 -> 1.00, mentions 0.50 "
        f"-> 1.00; bounds [0.75, 1.25] reached -> {folder / 'balancing.json'}\n")
    out = tmp_path / "out"
    result = runner.invoke(app, ["rebuild", *paths, str(folder), "-o", str(out),
                                 "--no-progress"])
    assert result.stdout == ("rebuild: 9 records = 6 kept + 3 removed (exclude 1, balance 2) "
                             f"in 4 input(s) -> {out}\n")


def test_bad_input_is_one_line(tmp_path):
    paths = make_corpus(tmp_path / "corpus")
    folder = audit_of(tmp_path / "audit", paths)
    _fails_with(runner.invoke(app, ["exclude", str(tmp_path / "corpus")]),
                f"{tmp_path / 'corpus'} is not an audit folder (no manifest.json): run "
                "'genderfair audit' first.")
    _fails_with(runner.invoke(app, ["balance", str(folder), "--bounds", "1.2", "0.8"]),
                "the bounds must satisfy 0 < lower <= 1 <= upper, not [1.2, 0.8]")
    (folder / "records" / "part-00002.parquet").unlink()
    _fails_with(runner.invoke(app, ["balance", str(folder)]),
                f"{folder / 'records'} misses 1 records shard(s) (part-00002.parquet): run "
                "'genderfair audit' again to write them.")


def test_a_changed_corpus_is_one_line_and_no_output(tmp_path):
    paths = make_corpus(tmp_path / "corpus")
    folder = audit_of(tmp_path / "audit", paths)
    with open(paths[0], "ab") as handle:
        handle.write(b"\n")
    result = runner.invoke(app, ["rebuild", *paths, str(folder), "-o", str(tmp_path / "out")])
    _fails_with(result, f"{paths[0]} changed since the audit (its sha256 is not the one in "
                "the audit's manifest): run 'genderfair audit' again on it.")
    assert not (tmp_path / "out").exists()


def test_audit_chains_the_steps(tmp_path):
    corpus = write_jsonl(tmp_path / "news.jsonl", news_rows(copies=2))
    out = tmp_path / "audit"
    result = runner.invoke(app, ["audit", str(corpus), "-o", str(out), "--model", EN_MODEL,
                                 "--no-progress", "--exclude", "--balance", "--rebuild"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    steps = [line.split(":")[0].split(" ")[0] for line in lines]
    assert steps == ["audit", "exclude", "balance", "rebuild"]
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert sorted(manifest) == ["audit", "balance", "exclude", "rebuild"]
    rebuilt = (out / "rebuilt" / "news.jsonl").read_bytes().splitlines(keepends=True)
    original = corpus.read_bytes().splitlines(keepends=True)
    assert len(rebuilt) == manifest["rebuild"]["kept"]
    assert all(line in original for line in rebuilt)
    # Run again on the same records: nothing is written, the steps still hold and the
    # report written anew shows their stages.
    report_with_stages = json.loads((out / "report.json").read_text(encoding="utf-8"))
    result = runner.invoke(app, ["audit", str(corpus), "-o", str(out), "--model", EN_MODEL,
                                 "--no-progress"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == (
        "corpus steps kept (exclude, balance, rebuild): the records are those they read; the "
        "report shows their stages")
    assert json.loads((out / "report.json").read_text(encoding="utf-8")) == report_with_stages
    # --overwrite writes the records anew: the steps read other records, so they go.
    result = runner.invoke(app, ["audit", str(corpus), "-o", str(out), "--model", EN_MODEL,
                                 "--no-progress", "--overwrite"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-2:] == [
        "corpus steps dropped (exclude, balance, rebuild): they were computed from the "
        "earlier records; run them again",
        f"removed {(out / 'rebuilt').resolve()}: the corpus rebuilt from the dropped steps"]
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert sorted(manifest) == ["audit"]
    assert not (out / "rebuilt").exists()  # (no stale rebuilt corpus beside the new report)
    for name in ("exclusions.jsonl", "excluded_index.json", "balancing.json",
                 "exclusion_report.json", "steps/exclude.parquet", "steps/balance.parquet"):
        assert not (out / name).exists(), name
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert "stages" not in report and report["schema"].endswith(".v1")


def test_only_the_audits_own_rebuilt_folder_goes_with_dropped_steps(tmp_path):
    from spacy_genderfair.audit.step_state import own_rebuilt_folder
    from spacy_genderfair.audit.steps import STEP_REBUILD, write_section

    audit = tmp_path / "audit"
    audit.mkdir()
    (audit / "manifest.json").write_text('{"audit": {}}\n', encoding="utf-8")
    for output in (audit / "rebuilt", tmp_path / "elsewhere"):
        output.mkdir(parents=True)
        write_section(audit, STEP_REBUILD, {"output": str(output)})
        expected = output.resolve() if output.parent == audit else None
        assert own_rebuilt_folder(audit) == expected
