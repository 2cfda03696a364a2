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

import json

import pytest
from typer.testing import CliRunner

from spacy_genderfair.cli import app
from tests.cli.bad_input_cases import (
    CASES,
    COPIES_BYTES,
    EN,
    LANG_ERROR,
    LONG_IN_PIECES,
    LOWERED_MAX_LENGTH,
    NOT_A_DOCBIN,
    NOT_JSON,
    Command,
    Counted,
    Fatal,
    NotApplicable,
    Processed,
    jsonl,
    lines_file,
    probe_data,
    show_file,
    step_command,
    write_brat,
    write_corpus,
    write_pairs,
    write_review,
)
from tests.conftest import EN_MODEL

runner = CliRunner()

COMMANDS = [
    Command(
        "audit",
        lines_file(".jsonl", EN, jsonl, long=LONG_IN_PIECES),
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
        write_corpus,
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
        write_corpus,
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
        lines_file(".jsonl", EN, jsonl, long=LONG_IN_PIECES),
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
        write_pairs,
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
        write_review,
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
        write_brat,
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
        probe_data,
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
        show_file,
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
    step_command("exclude", "--min-flags", "1"),
    step_command("balance", "--method", "greedy"),
    Command(
        "rebuild",
        lines_file(".jsonl", EN, jsonl),
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
