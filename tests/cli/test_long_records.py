"""Records longer than the pipeline's max_length (GENDERFAIR_MAX_LENGTH lowered to 20,000
characters, so that no test parses megabytes): neutral, swap and sentences finish the run,
account for every record, and give the long record what its text gives processed whole."""

import json
from importlib import resources

import pytest
from typer.testing import CliRunner

from spacy_genderfair.cli import app
from spacy_genderfair.pipelines import MAX_LENGTH_VARIABLE
from tests.conftest import EN_MODEL

MAX_LENGTH = 20_000
EXAMPLE_LINES = (resources.files("spacy_genderfair") / "examples" / "en_corpus.txt"
                 ).read_text(encoding="utf-8").splitlines()
# Gender-neutral entries of the example corpus (see test_neutral_cli.EXAMPLE_KEPT).
NEUTRAL = [EXAMPLE_LINES[i] for i in (0, 2, 4, 6, 8, 9, 12, 13, 15, 16, 18, 20, 21, 22, 24)]
# Entries with gendered nouns and pronouns but no first names (a swapped name is drawn with
# the piece's text as seed, so names would differ from the whole text's draws).
GENDERED = [EXAMPLE_LINES[i] for i in (1, 5, 10, 14, 23, 25, 27)]

runner = CliRunner()


def _run(*args):
    return runner.invoke(app, [*map(str, args), "--no-progress"])


def _long(sentences: list[str], n_chars: int, separator: str) -> str:
    """Paragraphs of five sentences, repeated to at least ``n_chars`` characters."""
    paragraphs, size, i = [], 0, 0
    while size < n_chars:
        paragraph = " ".join(sentences[(i + k) % len(sentences)] for k in range(5))
        paragraphs.append(paragraph)
        size += len(paragraph) + len(separator)
        i += 5
    return separator.join(paragraphs)


@pytest.fixture
def whole_and_pieces(monkeypatch):
    """Runs a command twice: with spaCy's max_length (records whole) and with max_length
    lowered (long records in pieces); returns both results and the output of each."""

    def run_both(output, *args, max_length=MAX_LENGTH):
        runs = []
        for limit in (None, max_length):
            if limit is None:
                monkeypatch.delenv(MAX_LENGTH_VARIABLE, raising=False)
            else:
                monkeypatch.setenv(MAX_LENGTH_VARIABLE, str(limit))
            result = _run(*args)
            assert result.exit_code == 0, result.output
            runs.append((result, output.read_text(encoding="utf-8")))
        return runs

    return run_both


def test_neutral_judges_a_long_entry_on_all_its_pieces(tmp_path, whole_and_pieces):
    long_neutral = _long(NEUTRAL, 4 * MAX_LENGTH, " ")
    middle = long_neutral.index(". ", len(long_neutral) // 2) + 2
    # One pronoun ("She said ...") in the middle, one first name ("Paul") at the very end.
    long_gendered = (long_neutral[:middle] + EXAMPLE_LINES[1] + " " + long_neutral[middle:]
                     + " " + EXAMPLE_LINES[3])
    corpus = tmp_path / "corpus.txt"
    corpus.write_bytes("\n".join([NEUTRAL[0], long_neutral, "Too short to count.",
                                  long_gendered]).encode("utf-8") + b"\n\xff broken\n")
    out, report = tmp_path / "kept.txt", tmp_path / "report.json"
    (whole, whole_kept), (pieces, pieces_kept) = whole_and_pieces(
        out, "neutral", corpus, "--lang", "en", "--out", out, "--report", report)
    assert pieces_kept == whole_kept == f"{NEUTRAL[0]}\n{long_neutral}\n"
    assert pieces.output == whole.output
    summary = json.loads(report.read_text())
    assert (summary["lines"], summary["kept"], summary["rejected"], summary["bad"]) == (
        5, 2, 2, 1)
    assert summary["reasons"] == {"too_short": 1, "name": 1, "pronoun": 1}
    assert (tmp_path / "kept.indices.txt").read_text() == "0\n1\n"


def test_neutral_jsonl_entry_with_paragraphs(tmp_path, whole_and_pieces):
    texts = [_long(NEUTRAL, 3 * MAX_LENGTH, "\n\n"), _long(NEUTRAL + GENDERED, 3 * MAX_LENGTH,
                                                           "\n\n")]
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": i, "text": t}) + "\n"
                              for i, t in enumerate(texts)), encoding="utf-8")
    out, report = tmp_path / "kept.jsonl", tmp_path / "report.json"
    (_, whole_kept), (_, pieces_kept) = whole_and_pieces(
        out, "neutral", corpus, "--lang", "en", "--out", out, "--report", report)
    assert pieces_kept == whole_kept == corpus.read_text().splitlines(keepends=True)[0]
    summary = json.loads(report.read_text())
    assert (summary["lines"], summary["kept"], summary["rejected"], summary["bad"]) == (
        2, 1, 1, 0)
    assert summary["reasons"] == {"pronoun": 1, "gendered_noun": 1}


def test_swap_en_swaps_a_long_record_in_pieces(tmp_path, whole_and_pieces):
    long_line = _long(GENDERED + NEUTRAL, 4 * MAX_LENGTH, " ")
    corpus = tmp_path / "corpus.txt"
    corpus.write_bytes(f"{GENDERED[0]}\n{long_line}\n".encode() + b"\xff broken\n")
    out = tmp_path / "swapped.txt"
    (whole, whole_out), (pieces, pieces_out) = whole_and_pieces(
        out, "swap", corpus, "--lang", "en", "--keep-names", "--output", out)
    assert pieces_out == whole_out and pieces.output == whole.output
    first, swapped_long, bad = pieces_out.split("\n")[:3]
    assert first == "He said the plan was sound but needed more detail before anyone could " \
        "vote on it."
    assert swapped_long.startswith(
        "He said the plan was sound but needed more detail before anyone could vote on it. "
        "The chairwoman thanked the volunteers for their work on the annual book fair. "
        "The waiter brought coffee")
    assert swapped_long.count("chairwoman") == long_line.count("chairman") == 45
    assert bad == ""  # the bad line keeps its place
    assert "records         3  = swapped 2 + unchanged 0 + bad 1" in pieces.output


def test_swap_jsonl_edits_count_tokens_of_the_whole_record(tmp_path, whole_and_pieces):
    text = _long(GENDERED, 2 * MAX_LENGTH, "\n\n")
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text(json.dumps({"text": text}) + "\n{broken\n", encoding="utf-8")
    out = tmp_path / "swapped.jsonl"
    (_, whole_out), (pieces, pieces_out) = whole_and_pieces(
        out, "swap", corpus, "--lang", "en", "--keep-names", "--output", out)
    assert pieces_out == whole_out
    [record] = [json.loads(line) for line in pieces_out.splitlines()]
    edits = record["swap_edits"]
    assert len(edits) == 713
    assert edits[:2] == [{"i": 0, "old": "She", "new": "He", "reason": "pronoun she -> he"},
                         {"i": 18, "old": "chairman", "new": "chairwoman",
                          "reason": "chairman -> chairwoman"}]
    assert "records         2  = swapped 1 + unchanged 0 + bad 1" in pieces.output


UK_SENTENCES = [
    "Вчителька сказала, що учні прийдуть завтра.",
    "Лікар оглянув пацієнта вранці.",
    "Студент написав листа своїй сестрі.",
    "Директорка школи подякувала батькам за допомогу.",
    "Він сказав, що повернеться ввечері.",
]


def test_swap_uk_long_record(tmp_path, whole_and_pieces):
    text = _long(UK_SENTENCES, 6_000, "\n\n")
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text(json.dumps({"text": "Лікар оглянув пацієнта вранці."}, ensure_ascii=False)
                      + "\n" + json.dumps({"text": text}, ensure_ascii=False) + "\n",
                      encoding="utf-8")
    out = tmp_path / "swapped.jsonl"
    (_, whole_out), (pieces, pieces_out) = whole_and_pieces(
        out, "swap", corpus, "--lang", "uk", "--keep-names", "--output", out, max_length=1_500)
    assert pieces_out == whole_out
    short, long = [json.loads(line) for line in pieces_out.splitlines()]
    assert short["swapped"] == "Лікарка оглянула пацієнтку вранці."
    assert long["swapped"].startswith(
        "Вчитель сказав, що учні прийдуть завтра. Лікарка оглянула пацієнтку вранці. ")
    assert "records         2  = swapped 2 + unchanged 0 + bad 0" in pieces.output


PERSON_SENTENCES = [
    "Mary met the new doctor at the station.",
    "Laura visited the old museum on Sunday.",
    "Peter thanked the whole crew after the show.",
    "The committee thanked Alex Smith for the report.",
    "Sarah wrote a long letter to the council.",
    "The rain stopped before noon and the streets were quiet again.",
]


@pytest.fixture
def en_model(en_nlp):
    return EN_MODEL


def test_sentences_long_line_in_pieces_equals_one_sentence_per_line(tmp_path, en_model):
    # 9,600 characters on one line: the parser gets pieces of at most MAX_PIECE_CHARS (2,000)
    sentences = PERSON_SENTENCES * 40
    long_corpus, lines_corpus = tmp_path / "long.txt", tmp_path / "lines.txt"
    long_corpus.write_text("A short first line.\n" + " ".join(sentences) + "\n",
                           encoding="utf-8")
    lines_corpus.write_text("A short first line.\n" + "\n".join(sentences) + "\n",
                            encoding="utf-8")
    found = {}
    for corpus in (long_corpus, lines_corpus):
        out = tmp_path / f"{corpus.stem}.jsonl"
        result = _run("sentences", corpus, "--lang", "en", "--model", en_model, "--out", out,
                      "--max-per-work", "0")
        assert result.exit_code == 0, result.output
        found[corpus.stem] = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(found["long"]) == 200
    assert [(r["sentence"], r["entity"], r["role"]) for r in found["long"]] == [
        (r["sentence"], r["entity"], r["role"]) for r in found["lines"]]
    assert found["long"][:2] == [
        {"work": "long", "sentence": "Mary met the new doctor at the station.",
         "entity": "Mary", "gender": "feminine", "role": "subject", "start_char": 0,
         "end_char": 4, "tokens": 9, "source": "long.txt:2"},
        {"work": "long", "sentence": "Laura visited the old museum on Sunday.",
         "entity": "Laura", "gender": "feminine", "role": "subject", "start_char": 0,
         "end_char": 5, "tokens": 8, "source": "long.txt:2"}]
    assert {r["source"] for r in found["long"]} == {"long.txt:2"}
    assert [r["source"] for r in found["lines"]][:5] == [
        "lines.txt:2", "lines.txt:3", "lines.txt:4", "lines.txt:5", "lines.txt:6"]


def test_sentences_jsonl_records_without_work_are_works_of_their_own(tmp_path, en_model):
    corpus = tmp_path / "corpus.jsonl"
    records = [
        {"text": "Mary met the new doctor at the station."},
        {"id": "r7", "text": "The rain stopped.\n\nPeter thanked the whole crew after the show."},
        {"text": "Laura visited the old museum on Sunday.", "work": "w1"},
        {"text": "She said that Sarah wrote a long letter to the council."},
    ]
    corpus.write_text("".join(json.dumps(r) + "\n" for r in records) + '{"text": 3}\n',
                      encoding="utf-8")
    out = tmp_path / "probing.jsonl"
    result = _run("sentences", corpus, "--lang", "en", "--model", en_model, "--out", out,
                  "--id-field", "id")
    assert result.exit_code == 0, result.output
    assert [(r["work"], r["sentence"], r["entity"], r["source"])
            for r in map(json.loads, out.read_text().splitlines())] == [
        ("corpus.jsonl:1", "Mary met the new doctor at the station.", "Mary",
         "corpus.jsonl:1"),
        ("r7", "Peter thanked the whole crew after the show.", "Peter", "corpus.jsonl:2"),
        ("w1", "Laura visited the old museum on Sunday.", "Laura", "corpus.jsonl:3"),
    ]
    assert "works      4 (3 with probing sentences)" in result.output
    assert "records    5 read, 1 bad" in result.output
    assert "corpus.jsonl line 5: no string field 'text'" in result.output


def test_sentences_source_is_the_line_the_sentence_starts_on(tmp_path, en_model):
    corpus = tmp_path / "novel.txt"
    corpus.write_text("The rain stopped before noon and the streets\n"
                      "were quiet again. Mary met John at the station\n"
                      "yesterday morning.\n\n"
                      "Laura visited the old museum on Sunday.\n", encoding="utf-8")
    out = tmp_path / "probing.jsonl"
    result = _run("sentences", corpus, "--lang", "en", "--model", en_model, "--out", out)
    assert result.exit_code == 0, result.output
    assert [(r["sentence"], r["source"]) for r in map(json.loads, out.read_text().splitlines())
            ] == [("Mary met John at the station yesterday morning.", "novel.txt:2"),
                  ("Laura visited the old museum on Sunday.", "novel.txt:5")]
