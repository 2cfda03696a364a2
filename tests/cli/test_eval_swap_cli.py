"""`genderfair eval-swap` end to end: swapped folders, JSONL triples, errors without
tracebacks, every pair accounted for."""

import json

from typer.testing import CliRunner

import spacy_genderfair.cli.eval_swap  # noqa: F401  (registers the command)
from spacy_genderfair.cli import app
from tests.conftest import shared_path
from tests.corpus.test_swap_pairs import _corpus

runner = CliRunner()


def _run(*args):
    return runner.invoke(app, ["eval-swap", *map(str, args)])


def _score_lines(output: str) -> dict:
    scores = {}
    for line in output.splitlines():
        name, _, value = line.rpartition(" ")
        if value.replace(".", "").isdigit() and "." in value:
            scores[name.strip()] = float(value)
    return scores


def test_folder_with_predictions_and_report(tmp_path):
    swapped_root, original_root = _corpus(tmp_path)
    predictions = tmp_path / "predictions.txt"
    predictions.write_text("Чергова лікарка поінформувала про перспективи.\n"
                           "Директорка Валерій Ріяко підписала наказ.\n", encoding="utf-8")
    report, written = tmp_path / "report.json", tmp_path / "pairs.jsonl"
    result = _run("--pairs", swapped_root, "--original-root", original_root,
                  "--predictions", predictions, "--report", report, "--write-pairs", written)
    assert result.exit_code == 0, result.output
    assert "swapped lines   2  = pairs 2 + skipped 0  (+ 1 blank lines, not pairs)" \
        in result.output
    scores = _score_lines(result.output)
    assert scores["Exact Match"] == 0.5
    assert scores["EM without PERS"] == 1.0
    assert scores["JOB Match"] == 1.0
    assert scores["Token Count Match"] == 1.0
    assert scores["Dictionary coverage"] == 1.0
    assert "Round-trip EM                -   (no --round-trip)" in result.output
    data = json.loads(report.read_text())
    assert data["scores"]["pairs"] == 2 and data["read"]["pairs"] == 2
    assert data["predictions"] == str(predictions)
    rows = [json.loads(line) for line in written.read_text().splitlines()]
    assert [r["line_index"] for r in rows] == [1, 2] and "prediction" not in rows[0]


def test_folder_baseline_counts_a_bad_index(tmp_path):
    swapped_root, original_root = _corpus(tmp_path, meta="1\n9\n")
    result = _run("--pairs", swapped_root, "--original-root", original_root)
    assert result.exit_code == 0, result.output
    assert "pairs 1 + skipped 1" in result.output
    assert "abc-swapped.meta line 2: index 9 past the end of abc.txt (4 lines)" in result.output
    assert "baseline (prediction = original)" in result.output
    assert _score_lines(result.output)["Exact Match"] == 0.0


def test_folder_on_error_fail(tmp_path):
    swapped_root, original_root = _corpus(tmp_path, meta="1\n")
    result = _run("--pairs", swapped_root, "--original-root", original_root,
                  "--on-error", "fail")
    assert result.exit_code == 1
    assert "abc-swapped.meta line 2: 1 indices for 2 non-empty lines" in result.output
    assert "Traceback" not in result.output


def test_jsonl_triples_with_entities_and_round_trip(tmp_path):
    triples = tmp_path / "triples.jsonl"
    records = [
        {"original": "Черговий лікар поінформував про перспективи.",
         "reference": "Чергова лікарка поінформувала про перспективи.",
         "prediction": "Чергова лікарка поінформувала про перспективи.",
         "reference_entities": [["JOB", 8, 15]],
         "original_entities": [{"label": "JOB", "start": 9, "end": 14}]},
        {"original": "Бургомістр міста привітав мешканців.",
         "reference": "Бургомістриня міста привітала мешканців.",
         "prediction": "Бургомістерка міста привітала мешканців.",
         "reference_entities": [["JOB", 0, 19]], "original_entities": [["JOB", 0, 16]]},
    ]
    triples.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in records) + "\n",
                       encoding="utf-8")
    round_trip = tmp_path / "round_trip.txt"
    round_trip.write_text("Черговий лікар поінформував про перспективи.\nБургомістерка міста.\n",
                          encoding="utf-8")
    result = _run("--pairs", triples, "--round-trip", round_trip)
    assert result.exit_code == 0, result.output
    assert "lines           2  = pairs 2 + bad 0 + blank 0" in result.output
    scores = _score_lines(result.output)
    assert scores["Exact Match"] == 0.5
    assert scores["JOB Match"] == 0.5
    assert scores["Round-trip EM"] == 0.5
    assert scores["Dictionary coverage"] == 0.5  # лікар/лікарка yes, бургомістр/бургомістриня no


def test_jsonl_bad_lines_are_counted_or_fail(tmp_path):
    triples = tmp_path / "triples.jsonl"
    triples.write_text(
        '{"original": "Він прийшов.", "reference": "Вона прийшла."}\n'
        "{not json\n"
        "\n"
        '{"original": "Він пішов."}\n'
        '{"original": "Він пішов.", "reference": "Вона пішла.", '
        '"reference_entities": [["PERS", 3, 40]]}\n',
        encoding="utf-8")
    result = _run("--pairs", triples)
    assert result.exit_code == 0, result.output
    assert "lines           5  = pairs 1 + bad 3 + blank 1" in result.output
    assert "line 2: malformed JSON" in result.output
    assert "line 4: no 'reference' field" in result.output
    assert "line 5: 'reference_entities': PERS (3, 40) outside the text" in result.output
    failed = _run("--pairs", triples, "--on-error", "fail")
    assert failed.exit_code == 1
    assert "triples.jsonl line 2: malformed JSON" in failed.output
    assert "Traceback" not in failed.output


def test_clear_errors(tmp_path):
    swapped_root, original_root = _corpus(tmp_path)
    missing = _run("--pairs", tmp_path / "nope.jsonl")
    assert missing.exit_code == 1 and "--pairs not found" in missing.output
    no_root = _run("--pairs", swapped_root)
    assert no_root.exit_code == 1 and "needs --original-root" in no_root.output
    short = tmp_path / "short.txt"
    short.write_text("одна\n", encoding="utf-8")
    mismatch = _run("--pairs", swapped_root, "--original-root", original_root,
                    "--predictions", short)
    assert mismatch.exit_code == 1
    assert f"--predictions {short} has 1 lines for 2 pairs" in mismatch.output
    bert = _run("--pairs", swapped_root, "--original-root", original_root,
                "--bert-model", tmp_path / "no-model")
    assert bert.exit_code == 1 and "BERTScore model folder not found" in bert.output
    for result in (missing, no_root, mismatch, bert):
        assert "Traceback" not in result.output


def test_ner_uk_dev_baseline():
    result = _run("--pairs", shared_path("ner-uk", "v2.0-swapped", "data"),
                  "--original-root", shared_path("ner-uk", "v2.0", "data"))
    assert result.exit_code == 0, result.output
    assert "swapped lines   928  = pairs 927 + skipped 1" in result.output
    scores = _score_lines(result.output)
    assert abs(scores["EM without PERS"] - 0.04) <= 0.01
    assert abs(scores["JOB Match"] - 0.13) <= 0.01
    assert abs(scores["BLEU"] - 0.72) <= 0.01
    assert abs(scores["Token Count Match"] - 0.99) <= 0.01


def test_folder_document_with_bad_utf8_is_skipped_with_its_line(tmp_path):
    swapped_root, original_root = _corpus(tmp_path)
    for root, name in ((swapped_root, "abc-swapped"), (original_root, "abc")):
        for path in (root / "ng").glob(f"{name}.*"):  # a second, good document: bcd
            path.with_name(path.name.replace("abc", "bcd")).write_bytes(path.read_bytes())
    broken = swapped_root / "ng" / "abc-swapped.txt"
    lines = broken.read_bytes().split(b"\n")
    broken.write_bytes(b"\n".join([*lines[:2], b"\xff" + lines[2], *lines[3:]]))
    result = _run("--pairs", swapped_root, "--original-root", original_root)
    assert result.exit_code == 0, result.output
    assert "swapped lines   4  = pairs 2 + skipped 2" in result.output
    assert (f"{broken} line 3: invalid UTF-8 at byte 0; document skipped (2 swapped lines)"
            in result.output)


def test_predictions_with_bad_utf8_name_their_line(tmp_path):
    swapped_root, original_root = _corpus(tmp_path)
    predictions = tmp_path / "predictions.txt"
    predictions.write_bytes("Чергова лікарка поінформувала.\n".encode() + b"caf\xe9\n")
    result = _run("--pairs", swapped_root, "--original-root", original_root,
                  "--predictions", predictions)
    assert result.exit_code == 1
    assert result.stderr == (f"Error: --predictions: {predictions} line 2: invalid UTF-8 at "
                             "byte 3\n")
