"""`genderfair swap`, `swap-apply` and `augment-brat` end to end: real files in every format,
every record accounted for, errors without tracebacks."""

import csv
import json
import shutil
import subprocess
import sys

import spacy
import srsly
from spacy.tokens import DocBin, Span
from typer.testing import CliRunner

from spacy_genderfair.cli import app
from spacy_genderfair.corpus.brat import read_ann
from spacy_genderfair.corpus.swap_pairs import PairReport, read_split, read_swapped_pairs
from tests.conftest import shared_path

runner = CliRunner()

DOCTOR = "Черговий лікар ще вночі ґрунтовно поінформував про перспективи одужання."
DOCTOR_SWAPPED = "Чергова лікарка ще вночі ґрунтовно поінформувала про перспективи одужання."
MAYOR = "Мер міста привітав мешканців."
MAYOR_SWAPPED = "Очільниця міста привітала мешканців."
SUN = "Сонце світить над Києвом."


def _run(*args):
    return runner.invoke(app, [*map(str, args), "--no-progress"])


def _rows(path):
    with open(path, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _write_rows(path, rows):
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def _docs(path, lang="uk"):
    return list(DocBin().from_disk(path).get_docs(spacy.blank(lang).vocab))


def test_text_lines_stay_aligned_and_bad_lines_are_counted(tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_bytes(f"{DOCTOR}\n".encode() + b"\xff\xfe not UTF-8\n"
                       + f"{SUN}\n\n{MAYOR}\n".encode())
    out, report = tmp_path / "swapped.txt", tmp_path / "report.json"
    result = _run("swap", corpus, "--lang", "uk", "--output", out, "--report", report)
    assert result.exit_code == 0, result.output
    # One output line per input line; the bad line is an empty placeholder.
    assert out.read_text(encoding="utf-8").split("\n") == [
        DOCTOR_SWAPPED, "", SUN, "", MAYOR_SWAPPED, ""]
    assert "records         5  = swapped 2 + unchanged 2 + bad 1" in result.output
    assert "line 2: invalid UTF-8 at byte 0" in result.output
    summary = json.loads(report.read_text())
    assert (summary["records"], summary["swapped"], summary["unchanged"], summary["bad"]) == \
        (5, 2, 2, 1)


def test_stdin_to_stdout_via_python_m(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "spacy_genderfair", "swap", "-", "--lang", "uk",
         "--direction", "to_masculine", "--no-progress"],
        input=f"{DOCTOR_SWAPPED}\n{MAYOR}\n", capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    # to_masculine leaves masculine text as it is.
    assert result.stdout.splitlines() == [DOCTOR, MAYOR]
    assert "records         2  = swapped 1 + unchanged 1 + bad 0" in result.stderr


def test_jsonl_records_get_swapped_fields(tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    records = [{"id": "a", "body": MAYOR}, {"id": "b", "text": "no body"}, {"id": "c", "body": SUN}]
    corpus.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in records) + "\n",
                      encoding="utf-8")
    out = tmp_path / "out.jsonl"
    result = _run("swap", corpus, "--lang", "uk", "--field", "body", "--output", out)
    assert result.exit_code == 0, result.output
    written = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["id"], r["swapped"]) for r in written] == [("a", MAYOR_SWAPPED), ("c", SUN)]
    assert written[0]["body"] == MAYOR
    assert [(e["old"], e["new"]) for e in written[0]["swap_edits"]] == [
        ("Мер", "Очільниця"), ("привітав", "привітала")]
    assert written[1]["swap_edits"] == []
    assert "line 2: no string field 'body'" in result.output


def test_on_error_fail_names_the_line_without_a_traceback(tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text(json.dumps({"text": MAYOR}) + '\n{"text": broken\n', encoding="utf-8")
    result = _run("swap", corpus, "--lang", "uk", "-o", tmp_path / "o.jsonl",
                  "--on-error", "fail")
    assert result.exit_code == 1
    assert "line 2: malformed JSON" in result.output and "--on-error skip" in result.output
    assert "Traceback" not in result.output


def test_bad_settings_are_one_line_errors(tmp_path):
    corpus = tmp_path / "c.txt"
    corpus.write_text(MAYOR + "\n", encoding="utf-8")
    for args, message in [
        (("swap", tmp_path / "missing.txt", "--lang", "uk"), "Input file not found"),
        (("swap", corpus, "--lang", "uk", "--direction", "sideways"), "--direction must be"),
        (("swap", corpus, "--lang", "uk", "--name-list", tmp_path / "none.tsv"), "Error:"),
    ]:
        result = _run(*args)
        assert result.exit_code == 1, (args, result.output)
        assert message in result.output and "Traceback" not in result.output
    # A value the option does not take is a usage error (exit code 2).
    result = _run("swap", corpus, "--lang", "uk", "--format", "xml")
    assert result.exit_code == 2
    assert result.output == ("Error: Invalid value for '--format': 'xml' is not one of: auto, "
                             "text, jsonl, spacy (see 'genderfair swap --help')\n")


def test_docbin_in_docbin_out_with_entities_and_review(tmp_path):
    nlp = spacy.blank("uk")
    doc = nlp.make_doc("Директор Валерій Ріяко підписав наказ у Києві.")
    doc.ents = [Span(doc, 0, 1, "JOB"), Span(doc, 1, 3, "PERS"), Span(doc, 6, 7, "LOC")]
    doc.user_data["doc_id"] = "ng/abc"
    source = tmp_path / "in.spacy"
    DocBin(docs=[doc, nlp.make_doc(SUN)], store_user_data=True).to_disk(source)
    out, review = tmp_path / "out.spacy", tmp_path / "review.csv"
    result = _run("swap", source, "--lang", "uk", "--output", out, "--review", review,
                  "--keep-names")
    assert result.exit_code == 0, result.output
    assert "records         2  = swapped 1 + unchanged 1 + bad 0" in result.output
    swapped, sun = _docs(out)
    assert swapped.text.startswith("Директорка Валерій Ріяко ")  # names kept
    assert [(e.text, e.label_) for e in swapped.ents] == [
        ("Директорка", "JOB"), ("Валерій Ріяко", "PERS"), ("Києві", "LOC")]
    assert swapped.user_data["doc_id"] == "ng/abc"
    assert swapped.user_data["original"] == doc.text
    assert swapped.user_data["swap_edits"][0]["new"] == "Директорка"
    assert sun.text == SUN and list(sun.user_data["swap_edits"]) == []
    rows = _rows(review)
    assert [r["id"] for r in rows] == ["0", "1"]
    assert json.loads(rows[0]["entities"]) == [["JOB", 0, 8], ["PERS", 9, 22], ["LOC", 40, 45]]

    # The reviewer accepts the first row and leaves the second pending.
    rows[0]["decision"] = "accept"
    _write_rows(review, rows)
    pairs = tmp_path / "pairs.spacy"
    result = _run("swap-apply", review, "--output", pairs)
    assert result.exit_code == 0, result.output
    assert ("rows            2  = accepted 1 + corrected 0 + dismissed 0 + pending 1 + bad 0"
            in result.output)
    (accepted,) = _docs(pairs)
    assert [(e.text, e.label_) for e in accepted.ents] == [
        ("Директорка", "JOB"), ("Валерій Ріяко", "PERS"), ("Києві", "LOC")]


def test_review_round_trip_with_corrections(tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text(f"{DOCTOR}\n{MAYOR}\n{SUN}\nДиректор прийшов.\n", encoding="utf-8")
    review = tmp_path / "review.csv"
    result = _run("swap", corpus, "--lang", "uk", "-o", tmp_path / "out.txt",
                  "--review", review)
    assert result.exit_code == 0, result.output
    rows = _rows(review)
    assert list(rows[0]) == ["id", "original", "swapped", "edits", "entities", "decision",
                             "correction"]
    assert [(r["original"], r["swapped"]) for r in rows[:2]] == [
        (DOCTOR, DOCTOR_SWAPPED), (MAYOR, MAYOR_SWAPPED)]
    # Entities can come from anywhere (here: added by hand), as original character offsets.
    rows[1]["entities"] = json.dumps([["JOB", 0, 3], ["LOC", 4, 9]])
    rows[0]["decision"] = "accept"
    rows[1].update(decision="correct", correction="Мерка Львова привітала мешканців.")
    rows[2]["decision"] = "dismiss"
    _write_rows(review, rows)
    pairs = tmp_path / "pairs.spacy"
    result = _run("swap-apply", review, "--output", pairs, "--lang", "uk")
    assert result.exit_code == 0, result.output
    assert ("rows            4  = accepted 1 + corrected 1 + dismissed 1 + pending 1 + bad 0"
            in result.output)
    assert "entities        2 re-aligned, 0 dropped" in result.output
    accepted, corrected = _docs(pairs)
    assert accepted.text == DOCTOR_SWAPPED
    assert corrected.text == "Мерка Львова привітала мешканців."
    assert [(e.text, e.label_) for e in corrected.ents] == [("Мерка", "JOB"), ("Львова", "LOC")]
    assert corrected.user_data["decision"] == "correct"

    # An unknown decision is counted with its CSV line (--on-error skip, the default), or
    # stops the command with --on-error fail.
    rows[3]["decision"] = "perhaps"
    _write_rows(review, rows)
    result = _run("swap-apply", review, "--output", pairs, "--lang", "uk", "--on-error", "fail")
    assert result.exit_code == 1
    assert "line 5: unknown decision 'perhaps'" in result.output
    assert "Traceback" not in result.output
    result = _run("swap-apply", review, "--output", pairs, "--lang", "uk")
    assert result.exit_code == 0, result.output
    assert "pending 0 + bad 1" in result.output and "line 5: unknown decision" in result.output


def test_augment_brat_on_ner_uk_documents(tmp_path):
    source = shared_path("ner-uk", "v2.0", "data")
    src, out = tmp_path / "v2.0", tmp_path / "v2.0-swapped"
    for folder, doc_id in (("ng", "003d28360166"), ("ng", "00b1a798bebf"),
                           ("bruk", "561acef3f531")):
        (src / folder).mkdir(parents=True, exist_ok=True)
        for suffix in (".txt", ".ann"):
            shutil.copy(source / folder / f"{doc_id}{suffix}", src / folder)
    split = src / "dev-test-split.txt"
    split.write_text("DEV\n003d28360166\nTEST\n561acef3f531\n00b1a798bebf\n", encoding="utf-8")
    docbin = tmp_path / "swapped.spacy"
    result = _run("augment-brat", src, out, "--lang", "uk", "--split-file", split,
                  "--docbin", docbin)
    assert result.exit_code == 0, result.output
    assert "documents       3  = written 3 + without a swap 0 + skipped 0" in result.output
    assert read_split(out / "dev-test-split.txt") == {
        "DEV": ["003d28360166"], "TEST": ["561acef3f531", "00b1a798bebf"]}
    report = PairReport()
    pairs = list(read_swapped_pairs(out, src, report=report))
    assert not report.problems and pairs
    for swapped_txt in out.rglob("*-swapped.txt"):
        text = swapped_txt.read_text(encoding="utf-8")
        for entity in read_ann(swapped_txt.with_suffix(".ann")):
            assert entity.text == text[entity.start:entity.end]
    docs = _docs(docbin)
    assert [d.text for d in docs] == [p.reference for p in pairs]
    assert {d.user_data["doc_id"] for d in docs} == {
        "ng/003d28360166", "ng/00b1a798bebf", "bruk/561acef3f531"}
    # The swapped corpus is what eval-swap reads.
    result = runner.invoke(app, ["eval-swap", "--pairs", str(out), "--original-root", str(src)])
    assert result.exit_code == 0, result.output
    assert f"swapped lines   {len(pairs)}  = pairs {len(pairs)} + skipped 0" in result.output
    settings = srsly.read_json(out / "swap-settings.json")
    assert (settings["swapper"], settings["direction"], settings["seed"]) == (
        "gender_swapper", "invert", 0)
    # A second run into the same folder would leave the first run's documents beside its own.
    stale = out / "ng" / "0000stale-swapped.meta"
    stale.write_text("0\n", encoding="utf-8")
    result = _run("augment-brat", src, out, "--lang", "uk", "--direction", "feminine_first")
    assert result.exit_code == 1
    assert f"{out} already holds 12 files of swapped documents" in result.output
    assert srsly.read_json(out / "swap-settings.json")["direction"] == "invert"
    result = _run("augment-brat", src, out, "--lang", "uk", "--direction", "feminine_first",
                  "--overwrite")
    assert result.exit_code == 0, result.output
    assert not stale.exists() and not (out / "dev-test-split.txt").exists()
    assert srsly.read_json(out / "swap-settings.json")["direction"] == "feminine_first"
    assert len(list(out.rglob("*-swapped.txt"))) == 3


def test_english_pronoun_swap(tmp_path):
    corpus = tmp_path / "en.txt"
    corpus.write_text("He is a doctor.\nThe weather is fine.\n", encoding="utf-8")
    out = tmp_path / "out.txt"
    result = _run("swap", corpus, "--lang", "en", "--output", out)
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8").splitlines()[0] == "She is a doctor."
    assert "records         2  = swapped 1 + unchanged 1 + bad 0" in result.output
