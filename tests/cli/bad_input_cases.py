"""The inputs and expected outcomes of the bad-input matrix (tests/cli/test_bad_input.py):
the faulty files each command reads, written per case, and the kinds of cell."""

import csv
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

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


def lines_file(suffix: str, good: list[str], as_json: Callable[[str], str] | None = None,
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


def jsonl(text: str) -> str:
    return json.dumps({"text": text, "work": "w"}, ensure_ascii=False)


def write_corpus(tmp_path: Path, case: str) -> Path:
    """JSONL for the JSON cases, else a text file (one record per line)."""
    if case in ("malformed_json", "missing_field"):
        return lines_file(".jsonl", EN, jsonl)(tmp_path, case)
    return lines_file(".txt", EN, long=LONG_IN_PIECES)(tmp_path, case)


def pair(text: str) -> str:
    return json.dumps({"original": text, "reference": text}, ensure_ascii=False)


def write_pairs(tmp_path: Path, case: str) -> Path:
    path = lines_file(".jsonl", EN, pair)(tmp_path, case)
    if case == "missing_field" and path.exists():
        path.write_text(path.read_text(encoding="utf-8").replace(
            '{"body": "no text field", "work": "w"}', json.dumps({"original": EN[0]})),
            encoding="utf-8")
    return path


REVIEW_HEADER = ["id", "original", "swapped", "edits", "entities", "decision", "correction"]


def write_review(tmp_path: Path, case: str) -> Path:
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


def write_brat(tmp_path: Path, case: str) -> Path:
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


def show_file(tmp_path: Path, case: str) -> Path:
    path = tmp_path / "text.txt"
    content = {"empty": b"", "invalid_utf8": EN[0].encode() + b"\n" + BAD_UTF8 + b"\n",
               "long_line": LONG.encode()}.get(case, EN[0].encode())
    if case != "no_such_path":
        path.write_bytes(content)
    return path


def probe_data(tmp_path: Path, case: str) -> Path:
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


def audit_folder(tmp_path: Path, case: str) -> Path:
    """An audit folder whose manifest.json has the case's fault."""
    folder = tmp_path / "audit"
    manifest = {"invalid_utf8": b'{"audit": "caf\xe9"}', "malformed_json": b'{"audit": ',
                "missing_field": b'{"balance": {}}'}.get(case)
    if case != "no_such_path":
        folder.mkdir()
    if manifest is not None:
        (folder / "manifest.json").write_bytes(manifest)
    return folder


def step_command(name: str, *options: str) -> Command:
    """exclude or balance: the AUDIT folder is their only input."""
    manifest = "{path}/manifest.json"
    return Command(
        name, audit_folder, lambda path, tmp: [name, str(path), *options], None,
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
