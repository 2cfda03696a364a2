"""`genderfair sentences` end to end: CoNLL-U (Bosque), DocBin, text and JSONL corpora."""

import json

import pytest
from spacy.tokens import DocBin, Span
from typer.testing import CliRunner

import spacy_genderfair.cli.sentences  # noqa: F401  (registers the command)
from spacy_genderfair.cli import app
from tests.conftest import EN_MODEL, shared_path, ud_doc

runner = CliRunner()


def _run(*args):
    return runner.invoke(app, ["sentences", *map(str, args), "--no-progress"])


def _records(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _bosque_blocks(*sent_ids: str) -> str:
    """The CoNLL-U blocks of these Bosque sentences, each preceded by its newdoc id."""
    blocks = {}
    for name in ("pt_bosque-ud-dev.conllu", "pt_bosque-ud-test.conllu"):
        text = shared_path("ud", "pt_bosque", name).read_text(encoding="utf-8")
        for block in text.split("\n\n"):
            for line in block.splitlines():
                if line.startswith("# sent_id = "):
                    blocks[line.split("= ", 1)[1]] = block.strip("\n")
    return "".join(
        f"# newdoc id = {sent_id.split('-')[0]}\n"
        + "\n".join(line for line in blocks[sent_id].splitlines()
                    if not line.startswith("# newdoc"))
        + "\n\n"
        for sent_id in sent_ids)


BOSQUE_SAMPLE = ("CF820-1", "CF820-4", "CF909-3", "CP1002-1", "CF951-1", "CF897-7")


def test_conllu_sample_end_to_end(tmp_path):
    corpus = tmp_path / "sample.conllu"
    corpus.write_text(_bosque_blocks(*BOSQUE_SAMPLE), encoding="utf-8")
    out, report = tmp_path / "probing.jsonl", tmp_path / "report.json"
    result = _run(corpus, "--lang", "pt", "--out", out, "--report", report)
    assert result.exit_code == 0, result.output
    assert _records(out) == [
        {"work": "CF820", "sentence": "Camila viajava no colo de Dalva, na frente do veículo.",
         "entity": "Camila", "gender": "feminine", "role": "subject", "start_char": 0,
         "end_char": 6, "tokens": 12, "source": "sample.conllu:1"},
        {"work": "CF951", "sentence": "Tenista francesa elimina Arantxa em Nova York",
         "entity": "Arantxa", "gender": "feminine", "role": "object", "start_char": 25,
         "end_char": 32, "tokens": 7, "source": "sample.conllu:94"},
    ]
    summary = json.loads(report.read_text())
    assert (summary["works"], summary["sentences"], summary["kept"], summary["tokens"]) == (
        5, 6, 2, 19)
    # Dalva (passive subject), Sérgio Fioravanti (apposition); Altino with "dela"; 4 tokens.
    assert summary["rejected"] == {"no_person": 2, "too_short": 1, "gender_marker": 1}
    assert "5 works" not in result.output and "2 works, 2 sentences, 19 tokens" in result.output
    assert "gender_marker  1" in result.output

    result = _run(corpus, "--lang", "pt", "--out", out, "--role", "subject",
                  "--role", "passive_subject")
    assert [(r["entity"], r["role"]) for r in _records(out)] == [
        ("Camila", "subject"), ("Dalva", "passive_subject")]


def test_bad_conllu_sentences_are_counted_with_line_numbers(tmp_path):
    corpus = tmp_path / "sample.conllu"
    text = _bosque_blocks("CF820-1", "CF951-1")
    broken = text.replace("\tobj\t_\t_", "\tobj\t_", 1)  # a row with 9 columns
    corpus.write_bytes(broken.encode("utf-8") + b"# sent_id = X-1\n1\t\xff\n\n")
    line_no = broken[:broken.index("\tobj\t_")].count("\n") + 1
    out = tmp_path / "probing.jsonl"
    result = _run(corpus, "--lang", "pt", "--out", out)
    assert result.exit_code == 0, result.output
    assert [r["entity"] for r in _records(out)] == ["Camila"]
    assert f"sample.conllu line {line_no}: expected 10 TAB-separated columns, got 9" \
        in result.output
    assert "invalid UTF-8 at byte 2 (sentence skipped)" in result.output
    assert "records    3 read, 2 bad" in result.output

    result = _run(corpus, "--lang", "pt", "--out", out, "--on-error", "fail")
    assert result.exit_code == 1
    assert f"line {line_no}: expected 10" in result.output
    assert "Traceback" not in result.output


def test_real_bosque_test_file_with_a_small_cap(tmp_path):
    corpus = shared_path("ud", "pt_bosque", "pt_bosque-ud-test.conllu")
    out, report = tmp_path / "probing.jsonl", tmp_path / "report.json"
    result = _run(corpus, "--lang", "pt", "--out", out, "--report", report)
    assert result.exit_code == 0, result.output
    assert "works      242 (40 with probing sentences)" in result.output
    assert "40 works, 51 sentences, 1,472 tokens" in result.output
    records = _records(out)
    assert len(records) == 51
    assert all(r["sentence"][r["start_char"]:r["end_char"]] == r["entity"] for r in records)
    assert records[0]["entity"] == "Gloria Pires" and records[0]["work"] == "CF763"
    # Newspaper articles are short: with a cap of 2, one work is over it, CP807 (four
    # sentences about women); CP862 has two about men (a third, "… a secretária de Estado o
    # informou …", holds the clitic "o": a gendered pronoun). "equal" keeps as many feminine
    # as masculine sentences of CP807: none; "fill" keeps two.
    result = _run(corpus, "--lang", "pt", "--out", out, "--report", report, "--max-per-work", "2")
    summary = json.loads(report.read_text())
    assert (summary["kept"], summary["dropped"], summary["capped_works"]) == (47, 4, 1)
    assert "capped     1 works over --max-per-work 2: 4 candidates left out" in result.output
    assert {r["work"] for r in _records(out)} & {"CP807", "CP862"} == {"CP862"}
    result = _run(corpus, "--lang", "pt", "--out", out, "--max-per-work", "2", "--balance", "fill")
    kept = [(r["work"], r["source"]) for r in _records(out) if r["work"] in ("CP807", "CP862")]
    # (each sentence's first line: CP807-7, CP807-13, CP862-1, CP862-2)
    assert kept == [("CP807", f"{corpus.name}:23121"), ("CP807", f"{corpus.name}:23282"),
                    ("CP862", f"{corpus.name}:31606"), ("CP862", f"{corpus.name}:31640")]


def test_docbin_with_entities(tmp_path):
    docbin = DocBin(store_user_data=True)
    for sent_id, persons in [("CF820-1", [(0, 1)]), ("CF952-2", [(5, 6), (13, 14)])]:
        doc = ud_doc("pt", sent_id)
        doc.ents = [Span(doc, start, end, label="PER") for start, end in persons]
        docbin.add(doc)
    corpus = tmp_path / "novel.spacy"
    docbin.to_disk(corpus)
    out = tmp_path / "probing.jsonl"
    result = _run(corpus, "--lang", "pt", "--out", out, "--entities", "ner")
    assert result.exit_code == 0, result.output
    assert [(r["work"], r["entity"], r["gender"], r["role"], r["source"])
            for r in _records(out)] == [
        ("novel", "Camila", "feminine", "subject", "novel.spacy#0"),
        ("novel", "FHC", "unknown", "subject", "novel.spacy#1")]


def test_missing_model_says_how_to_install_it(tmp_path):
    corpus = tmp_path / "works"
    corpus.mkdir()
    (corpus / "a.txt").write_text("Maria viu o João ontem à noite no teatro.\n")
    result = _run(corpus, "--out", tmp_path / "out.jsonl", "--lang", "pt")
    assert result.exit_code == 1
    assert result.output.strip() == (
        "Error: spaCy pipeline 'pt_core_news_md' is not installed; install it with: "
        "python -m spacy download pt_core_news_md")
    result = _run(corpus, "--out", tmp_path / "out.jsonl", "--model", "de_core_news_lg")
    assert "python -m spacy download de_core_news_lg" in result.output


def test_clear_errors_for_bad_arguments(tmp_path):
    corpus = tmp_path / "sample.conllu"
    corpus.write_text(_bosque_blocks("CF820-1"), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    result = _run(corpus, "--out", out, "--model", "pt_core_news_md")
    assert result.exit_code == 1 and "already parsed" in result.output
    result = _run(corpus, "--out", out, "--role", "topic")
    assert result.exit_code == 1 and "Unknown role" in result.output
    result = _run(tmp_path / "missing", "--out", out)
    assert result.exit_code == 1 and "Corpus not found" in result.output
    result = _run(corpus, "--out", out, "--entities", "ner")
    assert result.exit_code == 1 and "no named-entity annotation" in result.output
    assert "Traceback" not in result.output


@pytest.fixture
def en_model(en_nlp):
    return EN_MODEL


def test_text_folder_one_work_per_file(tmp_path, en_model):
    corpus = tmp_path / "works"
    (corpus / "austen").mkdir(parents=True)
    (corpus / "austen" / "emma.txt").write_bytes(
        b"Mary met John at the station\nyesterday morning.\n\n"  # a wrapped paragraph
        b"She said that Mary left the party early.\n"
        b"\xff\xfe broken line\n"
        b"The committee thanked Alex Smith for the report.\n")
    (corpus / "other.txt").write_text("Sarah wrote a long letter to the council.\n",
                                      encoding="utf-8")
    out = tmp_path / "probing.jsonl"
    result = _run(corpus, "--lang", "en", "--model", en_model, "--out", out)
    assert result.exit_code == 0, result.output
    assert [(r["work"], r["entity"], r["gender"], r["role"], r["source"], r["sentence"])
            for r in _records(out)] == [
        ("austen/emma", "Mary", "feminine", "subject", "emma.txt:1",
         "Mary met John at the station yesterday morning."),
        ("austen/emma", "Alex Smith", "unknown", "object", "emma.txt:6",
         "The committee thanked Alex Smith for the report."),
        ("other", "Sarah", "feminine", "subject", "other.txt:1",
         "Sarah wrote a long letter to the council."),
    ]
    assert "emma.txt line 5: invalid UTF-8 at byte 0" in result.output
    assert "records    7 read, 1 bad" in result.output


def test_jsonl_with_work_field_and_cap(tmp_path, en_model):
    corpus = tmp_path / "corpus.jsonl"
    lines = [
        {"book": "b1", "body": "Mary met the new doctor at the station."},
        {"book": "b1", "body": "John met the new doctor at the station."},
        {"book": "b1", "body": "Peter thanked the whole crew after the show."},
        {"book": "b2", "body": "Laura visited the old museum on Sunday."},
        {"body": "This line has no work id at all, sadly."},
    ]
    corpus.write_text("\n".join(json.dumps(line) for line in lines) + "\n{broken\n",
                      encoding="utf-8")
    out = tmp_path / "probing.jsonl"
    result = _run(corpus, "--lang", "en", "--model", en_model, "--out", out, "--field", "body",
                  "--work-field", "book", "--max-per-work", "2")
    assert result.exit_code == 0, result.output
    # b1 has three candidates over a cap of 2: one feminine, one masculine (the middle of
    # John, Peter: Peter).
    assert [(r["work"], r["entity"], r["gender"]) for r in _records(out)] == [
        ("b1", "Mary", "feminine"), ("b1", "Peter", "masculine"), ("b2", "Laura", "feminine")]
    # Line 5 has no work id: it is a work of its own (with no probing sentence).
    assert "works      3 (2 with probing sentences)" in result.output
    assert "line 6: malformed JSON" in result.output
    assert "capped     1 works over --max-per-work 2: 1 candidates left out" in result.output
