"""Every command against bad input, as one matrix of real runs.

Rows: an empty file, invalid UTF-8 on line 2, a malformed JSON line, a missing field, a path
that does not exist, an unknown language, a 1.2 MB line (for the commands that process a long
record in pieces: a line three times the pipeline's ``max_length``, lowered to 20,000
characters, as a 1.2 MB line is over spaCy's default 1,000,000). A fatal error is exactly one
``Error:`` line on stderr with the designed exit code (1: bad input or settings, 2: a command
line that does not parse), nothing on stdout. A bad record is skipped by default
(``--on-error skip``): it is reported with its real line, and the summary adds up (``lines ==
kept + rejected + bad`` or the command's equivalent). A cell that does not apply to a command
is skipped with the reason in its test id.
"""

import csv
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spacy_genderfair.cli import app
from tests.conftest import EN_MODEL

runner = CliRunner()

EN = ["The committee met on Tuesday to discuss the budget for the new library.",
      "She said that the committee would meet again on Thursday afternoon."]
UK = ["Мер міста привітав мешканців.", "Сонце світить над Києвом."]
BAD_UTF8 = b"The caf\xe9 was closed."  # \xe9 is Latin-1: byte 7 of its line is not UTF-8
_PROSE = "The committee met on Tuesday to discuss the budget for the new library. "
LONG = (_PROSE * (1_200_000 // len(_PROSE) + 1))[:1_200_000]
LOWERED_MAX_LENGTH = 20_000
# Three times the lowered max_length, one line of sentences: what a 1.2 MB record is to the
# default max_length, at a size the tests can parse in seconds.
LONG_IN_PIECES = LONG[:3 * LOWERED_MAX_LENGTH]
LANG_ERROR = ("Invalid value for '--lang' / '-l': No language profile for 'xx'. Built-in "
              "profiles: de, en, pt, uk. To add a language, create a folder laid out as "
              "described in spacy_genderfair/lang/README.md and pass its path. "
              "(see 'genderfair {command} --help')")
CASES = ("empty", "invalid_utf8", "malformed_json", "missing_field", "no_such_path",
         "unknown_lang", "long_line")


@dataclass(frozen=True)
class Fatal:
    """The command stops: ``exit_code`` and exactly ``Error: message`` on stderr."""

    exit_code: int
    message: str  # {path}: the input path of the cell


@dataclass(frozen=True)
class Counted:
    """The command finishes; the bad record is counted with ``reason`` and the summary adds
    up to ``total`` records (input lines, rows or documents)."""

    reason: str  # {path}: the input path of the cell
    total: int


@dataclass(frozen=True)
class Processed:
    """The command finishes with the long record processed in pieces (the pipelines'
    ``max_length`` lowered to ``LOWERED_MAX_LENGTH``): the summary adds up to ``total``
    records and none is bad."""

    total: int


@dataclass(frozen=True)
class NotApplicable:
    reason: str


@dataclass(frozen=True)
class Command:
    """How to run one command on a cell's input.

    write (Callable): (tmp_path, case) -> the input path, written for the case.
    args (Callable): (input path, tmp_path) -> the command line (without --lang).
    tally (Callable): report dict -> (total, the parts that must add up to it, bad).
    """

    name: str
    write: Callable[[Path, str], Path]
    args: Callable[[Path, Path], list[str]]
    tally: Callable[[dict], tuple[int, list[int], int]] | None
    cells: dict[str, Fatal | Counted | Processed | NotApplicable]
    report: str = "report.json"  # the file under tmp_path that ``tally`` reads


def _lines_file(suffix: str, good: list[str], as_json: Callable[[str], str] | None = None,
                long: str = LONG):
    """A writer of three-line inputs (text or JSONL): good, <the case's line>, good."""

    def line(text: str) -> bytes:
        return (as_json(text) if as_json else text).encode("utf-8")

    def write(tmp_path: Path, case: str) -> Path:
        path = tmp_path / f"input{suffix}"
        middle = {
            "invalid_utf8": line("X").replace(b"X", BAD_UTF8),
            "malformed_json": b'{"text": "unterminated',
            "missing_field": b'{"body": "no text field", "work": "w"}',
            "long_line": line(long),
        }.get(case, line(good[0]))
        if case == "empty":
            path.write_bytes(b"")
        elif case != "no_such_path":
            path.write_bytes(b"\n".join([line(good[0]), middle, line(good[1])]) + b"\n")
        return path

    return write


def _jsonl(text: str) -> str:
    return json.dumps({"text": text, "work": "w"}, ensure_ascii=False)


def _write_corpus(tmp_path: Path, case: str) -> Path:
    """JSONL for the JSON cases, else a text file (one record per line)."""
    if case in ("malformed_json", "missing_field"):
        return _lines_file(".jsonl", EN, _jsonl)(tmp_path, case)
    return _lines_file(".txt", EN, long=LONG_IN_PIECES)(tmp_path, case)


def _pair(text: str) -> str:
    return json.dumps({"original": text, "reference": text}, ensure_ascii=False)


def _write_pairs(tmp_path: Path, case: str) -> Path:
    path = _lines_file(".jsonl", EN, _pair)(tmp_path, case)
    if case == "missing_field" and path.exists():
        path.write_text(path.read_text(encoding="utf-8").replace(
            '{"body": "no text field", "work": "w"}', json.dumps({"original": EN[0]})),
            encoding="utf-8")
    return path


REVIEW_HEADER = ["id", "original", "swapped", "edits", "entities", "decision", "correction"]


def _write_review(tmp_path: Path, case: str) -> Path:
    """A review CSV: header, then rows (accept, <the case's row>, dismiss)."""
    path = tmp_path / "review.csv"
    if case == "no_such_path":
        return path
    if case == "empty":
        path.write_bytes(b"")
        return path
    header = [c for c in REVIEW_HEADER if not (case == "missing_field" and c == "correction")]
    text = {"long_line": LONG}.get(case, "He met her.")
    entities = "[[" if case == "malformed_json" else "[]"
    rows = [["0", "He met her.", "She met him.", "[]", "[]", "accept", ""],
            ["1", text, text.replace("He", "She"), "[]", entities, "accept", ""],
            ["2", "He left.", "She left.", "[]", "[]", "dismiss", ""]]
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows([row[:len(header)] for row in rows])
    if case == "invalid_utf8":  # line 2 is the first row
        path.write_bytes(path.read_bytes().replace(b"He met her.", BAD_UTF8, 1))
    return path


def _write_brat(tmp_path: Path, case: str) -> Path:
    """Two brat documents: a.txt (always good) and b.txt (the case's document)."""
    root = tmp_path / "brat"
    if case == "no_such_path":
        return root
    root.mkdir()
    if case == "empty":
        return root
    (root / "a.txt").write_text("\n".join(UK) + "\n", encoding="utf-8")
    (root / "a.ann").write_text("T1\tJOB\t0\t3\tМер\n", encoding="utf-8")
    second = {"invalid_utf8": BAD_UTF8, "long_line": LONG.encode("utf-8")}.get(
        case, UK[1].encode("utf-8"))
    (root / "b.txt").write_bytes(UK[0].encode("utf-8") + b"\n" + second + b"\n")
    ann = "T1\tJOB\t0\t3\n" if case == "missing_field" else "T1\tJOB\t0\t3\tМер\n"
    (root / "b.ann").write_text(ann, encoding="utf-8")
    return root


def _show_file(tmp_path: Path, case: str) -> Path:
    path = tmp_path / "text.txt"
    content = {"empty": b"", "invalid_utf8": EN[0].encode() + b"\n" + BAD_UTF8 + b"\n",
               "long_line": LONG.encode()}.get(case, EN[0].encode())
    if case != "no_such_path":
        path.write_bytes(content)
    return path


def _probe_data(tmp_path: Path, case: str) -> Path:
    """A DocBin of gold sentences, or for the byte cases a file that is not one."""
    import spacy
    from spacy.tokens import DocBin

    path = tmp_path / "gold.spacy"
    content = {"empty": b"", "invalid_utf8": EN[0].encode() + b"\n" + BAD_UTF8 + b"\n"}
    if case in content:
        path.write_bytes(content[case])
    elif case != "no_such_path":
        DocBin(docs=list(spacy.blank("en").pipe(EN))).to_disk(path)
    return path


NOT_JSON = "n/a: {command} reads no JSON"
RECORDS_ONLY = "n/a: {command} reads the audit's records, not texts"
COPIES_BYTES = "n/a: rebuild copies the audited records' bytes and judges none"


def _audit_folder(tmp_path: Path, case: str) -> Path:
    """An audit folder whose manifest.json has the case's fault."""
    folder = tmp_path / "audit"
    manifest = {"invalid_utf8": b'{"audit": "caf\xe9"}', "malformed_json": b'{"audit": ',
                "missing_field": b'{"balance": {}}'}.get(case)
    if case != "no_such_path":
        folder.mkdir()
    if manifest is not None:
        (folder / "manifest.json").write_bytes(manifest)
    return folder


def _step_command(name: str, *options: str) -> Command:
    """exclude or balance: the AUDIT folder is their only input."""
    manifest = "{path}/manifest.json"
    return Command(
        name, _audit_folder, lambda path, tmp: [name, str(path), *options], None,
        {"empty": Fatal(1, "{path} is not an audit folder (no manifest.json): run "
                        "'genderfair audit' first."),
         "invalid_utf8": Fatal(1, f"Cannot read {manifest}: invalid UTF-8 at byte 14"),
         "malformed_json": Fatal(1, f"Cannot read {manifest}: malformed JSON (Expecting "
                                 "value at column 11)"),
         "missing_field": Fatal(1, f"{manifest} has no finished audit: run 'genderfair "
                                "audit' to the end first."),
         "no_such_path": Fatal(1, "Audit folder not found: {path}"),
         "unknown_lang": NotApplicable("n/a: {command} has no --lang"),
         "long_line": NotApplicable(RECORDS_ONLY)})


NOT_A_DOCBIN = ("--data: not a DocBin: [E1014] Error loading DocBin data. It doesn't look "
                "like the data is in DocBin (.spacy) format. If your data is in spaCy v2's "
                "JSON training format, convert it using `python -m spacy convert file.json .`.")
COMMANDS = [
    Command(
        "audit",
        _lines_file(".jsonl", EN, _jsonl, long=LONG_IN_PIECES),
        lambda path, tmp: ["audit", str(path), "-o", str(tmp / "audit"), "--no-progress"],
        lambda r: (r["audit"]["counts"]["input_records"],
                   [r["audit"]["counts"]["ok"], r["audit"]["counts"]["bad"]],
                   r["audit"]["counts"]["bad"]),
        {"empty": Fatal(1, "Input file is empty: {path}"),
         "invalid_utf8": Counted("{path} line 2: invalid UTF-8 at byte 17", 3),
         "malformed_json": Counted(
             "{path} line 2: malformed JSON (Unterminated string starting at column 10)", 3),
         "missing_field": Counted("{path} line 2: no string field 'text'", 3),
         "no_such_path": Fatal(1, "Input file not found: {path}"),
         "long_line": Processed(3)},
        report="audit/manifest.json",
    ),
    Command(
        "neutral",
        _write_corpus,
        lambda path, tmp: ["neutral", str(path), "-o", str(tmp / "out"),
                           "--report", str(tmp / "report.json"), "--no-progress"],
        lambda r: (r["lines"], [r["kept"], r["rejected"], r["bad"]], r["bad"]),
        {"empty": Fatal(1, "Input file is empty: {path}"),
         "invalid_utf8": Counted("line 2: invalid UTF-8 at byte 7", 3),
         "malformed_json": Counted(
             "line 2: malformed JSON (Unterminated string starting at column 10)", 3),
         "missing_field": Counted("line 2: no string field 'text'", 3),
         "no_such_path": Fatal(1, "Input file not found: {path}"),
         "long_line": Processed(3)},
    ),
    Command(
        "swap",
        _write_corpus,
        lambda path, tmp: ["swap", str(path), "-o", str(tmp / "out"),
                           "--report", str(tmp / "report.json"), "--no-progress"],
        lambda r: (r["records"], [r["swapped"], r["unchanged"], r["bad"]], r["bad"]),
        {"empty": Fatal(1, "Input file is empty: {path}"),
         "invalid_utf8": Counted("line 2: invalid UTF-8 at byte 7", 3),
         "malformed_json": Counted(
             "line 2: malformed JSON (Unterminated string starting at column 10)", 3),
         "missing_field": Counted("line 2: no string field 'text'", 3),
         "no_such_path": Fatal(1, "Input file not found: {path}"),
         "long_line": Processed(3)},
    ),
    Command(
        "sentences",
        _lines_file(".jsonl", EN, _jsonl, long=LONG_IN_PIECES),
        lambda path, tmp: ["sentences", str(path), "-o", str(tmp / "out.jsonl"),
                           "--model", EN_MODEL, "--report", str(tmp / "report.json"),
                           "--no-progress"],
        # records == good records + bad: every line is one or the other.
        lambda r: (r["records"], [], r["bad"]),
        {"empty": Fatal(1, "Corpus is empty: {path}"),
         "invalid_utf8": Counted("input.jsonl line 2: invalid UTF-8 at byte 17", 3),
         "malformed_json": Counted(
             "input.jsonl line 2: malformed JSON (Unterminated string starting at column 10)",
             3),
         "missing_field": Counted("input.jsonl line 2: no string field 'text'", 3),
         "no_such_path": Fatal(1, "Corpus not found: {path}"),
         "long_line": Processed(3)},
    ),
    Command(
        "eval-swap",
        _write_pairs,
        lambda path, tmp: ["eval-swap", "--pairs", str(path),
                           "--report", str(tmp / "report.json")],
        lambda r: (r["read"]["lines"], [r["read"]["pairs"], r["read"]["bad_lines"],
                                        r["read"]["blank_lines"]], r["read"]["bad_lines"]),
        {"empty": Fatal(1, "--pairs is empty: {path}"),
         "invalid_utf8": Counted("line 2: invalid UTF-8 at byte 21", 3),
         "malformed_json": Counted(
             "line 2: malformed JSON (Unterminated string starting at column 10)", 3),
         "missing_field": Counted("line 2: no 'reference' field", 3),
         "no_such_path": Fatal(1, "--pairs not found: {path}"),
         "long_line": Counted("line 2: 'original' has 1,200,000 characters, over 10,000 "
                              "(eval-swap scores sentence pairs)", 3)},
    ),
    Command(
        "swap-apply",
        _write_review,
        lambda path, tmp: ["swap-apply", str(path), "-o", str(tmp / "out.spacy"),
                           "--report", str(tmp / "report.json"), "--no-progress"],
        lambda r: (r["rows"], [r["accepted"], r["corrected"], r["dismissed"], r["pending"],
                               r["bad"]], r["bad"]),
        {"empty": Fatal(1, "Review file is empty: {path}"),
         # The review is one file that swap wrote: bad bytes in it are fatal, with their line.
         "invalid_utf8": Fatal(1, "{path} line 2: invalid UTF-8 at byte 9"),
         "malformed_json": Counted(
             "line 3: 'entities': malformed JSON (Expecting value)", 3),
         "missing_field": Fatal(1, "{path}: not a review file, missing column(s): correction"),
         "no_such_path": Fatal(1, "Review file not found: {path}"),
         "long_line": Counted("line 3: 1,200,000 characters, over 100,000: too long to "
                              "re-align its entities (swap shorter records)", 3)},
    ),
    Command(
        "augment-brat",
        _write_brat,
        lambda path, tmp: ["augment-brat", str(path), str(tmp / "swapped"),
                           "--report", str(tmp / "report.json"), "--no-progress"],
        lambda r: (r["documents"], [], r["skipped_documents"]),
        {"empty": Fatal(1, "no brat documents (X.txt with an X.ann beside it) under {path}"),
         "invalid_utf8": Counted("{path}/b.txt line 2: invalid UTF-8 at byte 7; document "
                                 "skipped", 2),
         "malformed_json": NotApplicable(NOT_JSON),
         "missing_field": Counted("{path}/b.txt: {path}/b.ann line 1: not a brat entity "
                                  "line: 'T1\\tJOB\\t0\\t3'; document skipped", 2),
         "no_such_path": Fatal(1, "Source folder not found: {path}"),
         "unknown_lang": Fatal(2, "Invalid value for '--lang' / '-l': augment-brat serves uk "
                               "only, not 'xx' (see 'genderfair augment-brat --help')"),
         "long_line": Counted("{path}/b.txt: line 2 has 1,200,000 characters, over the "
                              "pipeline's max_length (1,000,000); document skipped", 2)},
    ),
    Command(
        "probe",
        _probe_data,
        lambda path, tmp: ["probe", "--model", EN_MODEL, "--data", str(path)],
        None,
        {"empty": Fatal(1, "--data is empty: {path}"),
         "invalid_utf8": Fatal(1, NOT_A_DOCBIN),
         "malformed_json": NotApplicable(NOT_JSON),
         "missing_field": NotApplicable("n/a: probe reads Docs, which have no fields"),
         "no_such_path": Fatal(1, "--data not found: {path}"),
         "long_line": NotApplicable("n/a: probe reads Docs of sentences, not lines")},
    ),
    Command(
        "show",
        _show_file,
        lambda path, tmp: ["show", "--file", str(path), "--blank"],
        None,
        {"empty": Fatal(1, "Input file is empty: {path}"),
         "invalid_utf8": Fatal(1, "{path} line 2: invalid UTF-8 at byte 7"),
         "malformed_json": NotApplicable(NOT_JSON),
         "missing_field": NotApplicable("n/a: show reads plain text, which has no fields"),
         "no_such_path": Fatal(1, "Input file not found: {path}"),
         "long_line": Fatal(1, "the text has 1,200,000 characters; show renders at most "
                               "1,000,000 (the pipeline's max_length): show a part of it")},
    ),
    _step_command("exclude", "--min-flags", "1"),
    _step_command("balance", "--method", "greedy"),
    Command(
        "rebuild",
        _lines_file(".jsonl", EN, _jsonl),
        lambda path, tmp: ["rebuild", str(path), str(tmp / "audit"), "-o", str(tmp / "out"),
                           "--no-progress"],
        None,
        {"empty": Fatal(1, "Input file is empty: {path}"),
         "invalid_utf8": NotApplicable(COPIES_BYTES),
         "malformed_json": NotApplicable(COPIES_BYTES),
         "missing_field": NotApplicable(COPIES_BYTES),
         "no_such_path": Fatal(1, "Input file not found: {path}"),
         "unknown_lang": NotApplicable("n/a: {command} has no --lang"),
         "long_line": NotApplicable(COPIES_BYTES)},
    ),
]


def _cells():
    for command in COMMANDS:
        for case in CASES:
            cell = command.cells.get(case)
            if case == "unknown_lang" and cell is None:
                cell = Fatal(2, LANG_ERROR.format(command=command.name))
            test_id = f"{command.name}-{case}"
            if isinstance(cell, NotApplicable):
                reason = cell.reason.format(command=command.name)
                test_id += f"-skipped({reason})"
                yield pytest.param(command, case, cell, id=test_id,
                                   marks=pytest.mark.skip(reason=reason))
            else:
                yield pytest.param(command, case, cell, id=test_id)


def test_the_matrix_covers_every_registered_command():
    import typer.main

    registered = set(typer.main.get_command(app).commands)
    assert registered == {command.name for command in COMMANDS}
    for command in COMMANDS:
        assert set(command.cells) | {"unknown_lang"} == set(CASES), command.name


@pytest.mark.parametrize(("command", "case", "cell"), list(_cells()))
def test_bad_input(tmp_path, monkeypatch, command, case, cell):
    if isinstance(cell, Processed):
        monkeypatch.setenv("GENDERFAIR_MAX_LENGTH", str(LOWERED_MAX_LENGTH))
    path = command.write(tmp_path, case)
    args = command.args(path, tmp_path)
    if case == "unknown_lang":
        args += ["--lang", "xx"]
    result = runner.invoke(app, args)
    assert "Traceback" not in result.output
    if isinstance(cell, Fatal):
        assert (result.exit_code, result.stderr) == (
            cell.exit_code, f"Error: {cell.message.format(path=path)}\n")
        assert result.stdout == ""
        return
    assert result.exit_code == 0, result.output
    total, parts, bad = command.tally(json.loads((tmp_path / command.report).read_text()))
    if isinstance(cell, Processed):
        assert (total, bad) == (cell.total, 0)
    else:
        assert cell.reason.format(path=path) in result.output
        assert (total, bad) == (cell.total, 1)
    if parts:
        assert sum(parts) == total
