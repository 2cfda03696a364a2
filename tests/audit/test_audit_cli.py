"""``genderfair audit`` on the command line: the summary line, and every refusal one line."""

import re

import spacy
from typer.testing import CliRunner

from spacy_genderfair.audit import schema
from spacy_genderfair.cli import app
from tests.audit.corpus import news_rows, write_jsonl
from tests.conftest import EN_MODEL

runner = CliRunner()


def _fails_with(result, message: str) -> None:
    assert (result.exit_code, result.stderr, result.stdout) == (1, f"Error: {message}\n", "")


def test_the_run_ends_with_the_bad_records_and_one_summary_line(tmp_path):
    rows = news_rows()
    rows[2]["date"] = "2021-13"
    corpus = write_jsonl(tmp_path / "news.jsonl", rows)
    (tmp_path / "texts").mkdir()
    (tmp_path / "texts" / "a.txt").write_text("He said she was right.", encoding="utf-8")
    args = ["audit", str(corpus), str(tmp_path / "texts"), "-o", str(tmp_path / "audit"),
            "--blank", "--date-field", "date", "--shard-size", "2", "--no-progress"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"  bad: {corpus} line 3: invalid date '2021-13'"
    assert re.fullmatch(
        r"audit: 5 input records = 4 ok \+ 1 bad \(invalid date 1\); 3 shards written; "
        rf"[0-9.]+ docs/s -> {re.escape(str(tmp_path / 'audit'))}", lines[1])
    assert len(lines) == 2
    assert schema.read_records(tmp_path / "audit").column("id").to_pylist() == [
        "news.jsonl:1", "news.jsonl:2", "news.jsonl:3", "news.jsonl:4", "a.txt"]
    again = runner.invoke(app, args)
    assert again.stdout.splitlines()[1] == (
        f"audit: 5 input records = 4 ok + 1 bad (invalid date 1); 0 shards written, 3 "
        f"resumed -> {tmp_path / 'audit'}")


def test_a_pipeline_without_a_parser_is_refused_in_one_line(tmp_path):
    spacy.load(EN_MODEL, exclude=["parser"]).to_disk(tmp_path / "no_parser")
    corpus = write_jsonl(tmp_path / "news.jsonl", news_rows())
    result = runner.invoke(app, ["audit", str(corpus), "-o", str(tmp_path / "audit"),
                                 "--model", str(tmp_path / "no_parser")])
    _fails_with(result, f"The pipeline {tmp_path / 'no_parser'} has no parser: add "
                "'parser' (or use a trained pipeline with a parser and NER, such as "
                "en_core_web_sm), or give --blank for the lexicon-level counts only.")


def test_blank_with_a_model_changed_settings_and_unknown_inputs_are_one_line(tmp_path):
    corpus = write_jsonl(tmp_path / "news.jsonl", news_rows())
    out = str(tmp_path / "audit")
    _fails_with(runner.invoke(app, ["audit", str(corpus), "-o", out, "--blank", "--model",
                                    EN_MODEL]),
                "--blank runs no trained pipeline: give --blank or --model, not both.")
    assert runner.invoke(app, ["audit", str(corpus), "-o", out, "--blank",
                               "--no-progress"]).exit_code == 0
    _fails_with(runner.invoke(app, ["audit", str(corpus), "-o", out, "--blank",
                                    "--shard-size", "3", "--no-progress"]),
                f"{tmp_path / 'audit' / 'records'} holds records of a run with other inputs "
                "or settings: give --overwrite to replace them, or another --output.")
    overwritten = runner.invoke(app, ["audit", str(corpus), "-o", out, "--blank",
                                      "--shard-size", "3", "--overwrite", "--no-progress"])
    assert overwritten.stdout.startswith("audit: 4 input records = 4 ok + 0 bad; 2 shards")
    (tmp_path / "table.csv").write_text("a,b\n", encoding="utf-8")
    _fails_with(runner.invoke(app, ["audit", str(tmp_path / "table.csv"), "-o", out]),
                f"Cannot read {tmp_path / 'table.csv'}: give JSONL (.jsonl, .ndjson, .json), "
                "a .spacy DocBin, a .txt file or a folder of .txt files.")


def test_without_pyarrow_the_audit_says_which_extra_to_install(tmp_path, monkeypatch):
    monkeypatch.setattr(schema, "has_pyarrow", False)
    corpus = write_jsonl(tmp_path / "news.jsonl", news_rows())
    _fails_with(runner.invoke(app, ["audit", str(corpus), "-o", str(tmp_path / "a"),
                                    "--blank"]),
                "The corpus audit needs the optional package 'pyarrow': pip install "
                '"spacy-genderfair[audit]"')


def test_the_example_corpus_gets_every_report(tmp_path):
    # README command 1: the shipped example corpus, yearly periods from its "date" field.
    import json
    from pathlib import Path

    import pyarrow.compute as pc

    import spacy_genderfair

    corpus = Path(spacy_genderfair.__file__).parent / "examples" / "news_en.jsonl"
    out = tmp_path / "audit"
    result = runner.invoke(app, ["audit", str(corpus), "--lang", "en", "--model", EN_MODEL,
                                 "-o", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert [p["period"] for p in report["periods"]] == [
        "2019", "2020", "2021", "2022", "2023", "2024", "all"]
    table = schema.read_records(out)
    whole = report["periods"][-1]
    assert whole["totals"]["texts"] == table.num_rows == 62
    # the report's sums are the records' sums
    for metric, column in (("actors", "actors"), ("subject", "subject"),
                           ("quotes_direct", "quotes_direct")):
        for group, key in (("she/her", "she"), ("he/him", "he")):
            assert whole["metrics"][metric][group] == pc.sum(table[f"{key}_{column}"]).as_py()
    assert (out / "report.txt").read_text(encoding="utf-8").startswith("GENDERFAIR CORPUS AUDIT")
    assert sorted(p.name for p in (out / "plots").iterdir()) == [
        "article_shares.png", "quotes_roles_by_group.png", "sentiment_by_year.png",
        "shares_by_year.png"]
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "http://" not in html and "https://" not in html and "<link" not in html
    assert html.count('src="data:image/png;base64,') == 4
    # the report is rebuilt from the records with other definitions; the records are kept
    again = runner.invoke(app, ["audit", str(corpus), "--lang", "en", "--model", EN_MODEL,
                                "-o", str(out), "--compat", "taz2025", "--no-progress"])
    assert again.exit_code == 0, again.output
    assert "0 shards written" in again.stdout
    header = json.loads((out / "report.json").read_text(encoding="utf-8"))["header"]
    assert header["compat"] == "taz2025"


def test_the_report_read_column_by_column_equals_the_report_of_the_whole_table(tmp_path):
    # The command builds its report from ShardedRecords (columns and lemma batches read from
    # the shards) so that its memory does not grow with the lemma lists of the whole corpus.
    from pathlib import Path

    import spacy_genderfair
    from spacy_genderfair.audit.article_shares import article_share_counts
    from spacy_genderfair.audit.report import build_report

    corpus = Path(spacy_genderfair.__file__).parent / "examples" / "news_en.jsonl"
    out = tmp_path / "audit"
    result = runner.invoke(app, ["audit", str(corpus), "--lang", "en", "--model", EN_MODEL,
                                 "-o", str(out), "--shard-size", "7", "--no-progress"])
    assert result.exit_code == 0, result.output
    sharded = schema.ShardedRecords(out)
    assert len(sharded.shards) == 9 and sharded.num_rows == 62
    whole = schema.read_records(out)
    assert sharded.column("seq").to_pylist() == list(range(62))
    assert build_report(sharded, header={}) == build_report(whole, header={})
    for unit in ("mentions", "actors"):
        assert (article_share_counts(sharded, unit).tolist()
                == article_share_counts(whole, unit).tolist())
