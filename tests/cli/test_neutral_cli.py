"""`genderfair neutral` end to end: real files, exact kept entries, bad input accounted for."""

import json
import subprocess
import sys
from importlib import resources

import pytest
from typer.testing import CliRunner

from spacy_genderfair.cli import app

EXAMPLE = resources.files("spacy_genderfair") / "examples" / "en_corpus.txt"
# Indices of the entries of the shipped example corpus that are gender-neutral. Every other
# line names someone, uses he/she forms, a gendered noun, or is shorter than 50 characters.
EXAMPLE_KEPT = [0, 2, 4, 6, 8, 9, 12, 13, 15, 16, 18, 20, 21, 22, 24, 26, 28, 29, 31, 33, 34,
                36, 37, 39]

runner = CliRunner()


def _run(*args):
    return runner.invoke(app, ["neutral", *map(str, args), "--no-progress"])


def test_example_corpus_via_python_m(tmp_path):
    out = tmp_path / "neutral.txt"
    result = subprocess.run(
        [sys.executable, "-m", "spacy_genderfair", "neutral", str(EXAMPLE), "--lang", "en",
         "--out", str(out), "--no-progress"],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stderr
    indices = [int(i) for i in (tmp_path / "neutral.indices.txt").read_text().split()]
    assert indices == EXAMPLE_KEPT
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    assert out.read_text(encoding="utf-8").splitlines() == [lines[i] for i in EXAMPLE_KEPT]
    assert "lines     40" in result.stdout
    assert f"kept      {len(EXAMPLE_KEPT)}" in result.stdout
    assert "gendered_noun" in result.stdout and "too_short" in result.stdout


def test_bad_lines_are_counted_with_line_numbers(tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_bytes(
        b"The committee met on Tuesday to discuss the budget for the new library.\n"
        b"\xff\xfe this line is not UTF-8 at all and must be reported\n"
        b"She said that the committee would meet again on Thursday afternoon.\n"
    )
    report = tmp_path / "report.json"
    result = _run(corpus, "--out", tmp_path / "out.txt", "--report", report)
    assert result.exit_code == 0, result.output
    assert "line 2: invalid UTF-8 at byte 0" in result.output
    summary = json.loads(report.read_text())
    assert (summary["lines"], summary["kept"], summary["rejected"], summary["bad"]) == (3, 1, 1, 1)
    assert summary["reasons"] == {"pronoun": 1}
    assert summary["lines"] == summary["kept"] + summary["rejected"] + summary["bad"]


def test_on_error_fail_stops_with_a_message_not_a_traceback(tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text('{"text": "fine"}\n{"text": broken\n', encoding="utf-8")
    result = _run(corpus, "--out", tmp_path / "out.jsonl", "--on-error", "fail")
    assert result.exit_code == 1
    assert "line 2: malformed JSON" in result.output
    assert "Traceback" not in result.output


def test_jsonl_with_custom_field_keeps_records_unchanged(tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    records = [
        {"id": "a", "body": "The weather service warned of strong winds along the coast today."},
        {"id": "b", "body": "The actress thanked the whole crew when she accepted the award."},
        {"id": "c", "text": "no body field here"},
    ]
    corpus.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    out = tmp_path / "kept.jsonl"
    result = _run(corpus, "--field", "body", "--out", out)
    assert result.exit_code == 0, result.output
    assert [json.loads(line) for line in out.read_text().splitlines()] == [records[0]]
    assert "line 3: no string field 'body'" in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["missing.txt", "--out", "o.txt"], "Input file not found: missing.txt"),
    ([str(EXAMPLE), "--out", "o.txt", "--lexicon", "nope.csv"], "Lexicon file not found"),
])
def test_user_errors_are_one_clear_line(tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = _run(*args)
    assert result.exit_code == 1
    assert message in result.output
    assert "Traceback" not in result.output


def test_ukrainian_corpus(tmp_path):
    corpus = tmp_path / "uk.txt"
    corpus.write_text(
        "Учасники конференції обговорили нові правила використання державного бюджету.\n"
        "Лікарка розповіла журналістам про перспективи одужання після тривалої хвороби.\n"
        "Тарас довго розповідав про подорож до Карпат і про гірські стежки взимку.\n",
        encoding="utf-8")
    corpus.write_text(corpus.read_text(encoding="utf-8") +
                      "Нові правила використання бюджету ухвалили після тривалого обговорення.\n",
                      encoding="utf-8")
    out, report = tmp_path / "out.txt", tmp_path / "report.json"
    result = _run(corpus, "--lang", "uk", "--out", out, "--report", report)
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8").splitlines() == [
        "Нові правила використання бюджету ухвалили після тривалого обговорення."]
    # учасники (generic masculine) and лікарка are gendered nouns; Тарас is a name
    assert json.loads(report.read_text())["reasons"] == {"gendered_noun": 2, "name": 1}
