"""The Ukrainian swap on passages of our own, judged by hand (issue 49).

``data/uk_own_passages/passages.jsonl`` holds 45 short passages (about 290 sentences) of
Ukrainian written for the project by a fluent writer who had not seen the swapper's rules:
news (politics, courts, economy, sports reports that name players by surname alone,
culture), fiction and memoir (kinship words of the west, first-person narrators), legal
text, interviews, reviews of books, albums, films and games, history and biography with
foreign names, science, technology and blogs. They hold what general text holds and the
treebank samples have little of: names of address, surnames alone in any case, things and
organisations referred to by він/вона/його/її, animals, quoted titles.

Each passage is swapped as one Doc (``spacy.blank("uk")`` + ``sentencizer`` +
``gender_swapper``, ``invert``, names swapped, seed 0) and every sentence, changed or not,
is judged by the rubric of ``data/uk_iu_dev_judged/RUBRIC.md``. ``before.jsonl`` judges the
code before the work the passages were written to check, ``after.jsonl`` today's code: once
read, **they are a tuning set**; a check on text nobody tuned on needs passages written
afresh. ``data/uk_fresh_passages/`` holds a second set, 40 passages by another writer,
judged on the code before the next round of work and read only after it had been measured
(``--passages``). Each verdict keeps the output it judged (``swapped``), so that ``redo``
carries it over to the same output.

    python benchmarks/uk_own_passages.py redo [--passages DIR] [--carry DIR/after.jsonl]
    python benchmarks/uk_own_passages.py score DIR/after.jsonl
"""

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import spacy
from uk_judged_sample import VERDICTS, count_not_persons

FOLDER = Path(__file__).parent / "data" / "uk_own_passages"


def swapped_sentences(folder: Path = FOLDER) -> list[dict]:
    """Every sentence of the passages of ``folder``, each with its passage's swap."""
    nlp = spacy.blank("uk")
    nlp.add_pipe("sentencizer")
    nlp.add_pipe("gender_swapper", config={"direction": "invert", "seed": 0})
    rows = []
    for line in (folder / "passages.jsonl").read_text(encoding="utf-8").splitlines():
        passage = json.loads(line)
        doc = nlp(passage["text"])
        edits = {edit["i"]: edit for edit in doc._.swap_edits}
        for n, sentence in enumerate(doc.sents):
            words = []
            for token in sentence:
                edit = edits.get(token.i)
                new = edit["new"] if edit is not None and edit["new"] is not None else token.text
                words.append(new + token.whitespace_)
            rows.append({"id": f"{passage['id']}.{n}", "genre": passage["genre"],
                         "text": sentence.text, "swapped": "".join(words).strip(),
                         "edits": [[edits[t.i]["old"], edits[t.i]["new"], edits[t.i]["reason"]]
                                   for t in sentence if t.i in edits]})
    return rows


def read_verdicts(path: Path) -> dict[str, dict]:
    if not path.exists():
        sys.exit(f"No verdicts file {path}")
    verdicts = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        row = json.loads(line)
        if row.get("verdict") not in VERDICTS or "swapped" not in row or "changed" not in row:
            sys.exit(f"{path} line {n}: a verdict ({', '.join(VERDICTS)}), the judged "
                     "output ('swapped') and whether it changed the sentence are needed")
        verdicts[row["id"]] = row
    return verdicts


def redo(carry: list[Path], folder: Path = FOLDER) -> None:
    """Swap the passages of ``folder`` with the current code, carry each verdict over to the
    output it judged, and write what is left to judge for the reader."""
    judged = [read_verdicts(path) for path in carry]
    rows, status = swapped_sentences(folder), Counter()
    for row in rows:
        verdict = next((v[row["id"]] for v in judged if row["id"] in v
                        and v[row["id"]]["swapped"] == row["swapped"]), None)
        row["changed"] = row["swapped"] != row["text"]
        row["status"] = "judged" if verdict is not None else "to judge"
        status[row["status"]] += 1
    readable = Path(__file__).parent / "out" / folder.name
    readable.mkdir(parents=True, exist_ok=True)
    with open(readable / "redo.jsonl", "w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(rows)} sentences swapped to {readable / 'redo.jsonl'}: "
          + ", ".join(f"{state} {count}" for state, count in sorted(status.items())))


def score(path: Path) -> None:
    verdicts = list(read_verdicts(path).values())
    print(f"{path}: {len(verdicts)} sentences of our own passages (invert, names "
          "swapped, each passage one Doc), judged by hand")
    for label, rows in (("every sentence", verdicts),
                        ("the sentences the swap changed", [v for v in verdicts if v["changed"]])):
        counts = Counter(v["verdict"] for v in rows)
        print(f"  {label} ({len(rows)}): " + ", ".join(
            f"{verdict} {counts[verdict]} ({100 * counts[verdict] / len(rows):.1f} %)"
            for verdict in VERDICTS))
    by_category = Counter(c for v in verdicts for c in set(v["categories"]))
    print("  categories (sentences with it): " + ", ".join(
        f"{category} {count}" for category, count in sorted(by_category.items())))
    not_person = count_not_persons(verdicts)
    print(f"  something that is no person turned: {not_person} "
          f"({100 * not_person / len(verdicts):.1f} %)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    redoing = commands.add_parser("redo", help="swap the passages with the current code")
    redoing.add_argument("--carry", type=Path, nargs="*", default=[],
                         help="verdicts files: each verdict carries over to the same output")
    redoing.add_argument("--passages", type=Path, default=FOLDER,
                         help="the folder of passages.jsonl (data/uk_own_passages, "
                              "data/uk_fresh_passages)")
    scoring = commands.add_parser("score", help="print the figures of a verdicts file")
    scoring.add_argument("file", type=Path)
    args = parser.parse_args()
    if args.command == "redo":
        redo(args.carry, args.passages)
    else:
        score(args.file)


if __name__ == "__main__":
    main()
