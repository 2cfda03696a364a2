"""A hand-judged sample of the Ukrainian swap on general text (issue 49).

The sentences of the UD Ukrainian IU treebank's **dev** part (fiction, news, legal and other
text, nothing of NER-UK) are swapped as bare Docs: the treebank's words and spaces, no tags,
parse or entities, ``spacy.blank("uk")`` + ``gender_swapper`` (``invert``, names swapped,
seed 0), so the clause walk runs. Of the sentences the swap changes (at least one word
written), 200 are drawn with ``random.Random(49)`` from the changed sent_ids in treebank
order; a fluent reader judges each by ``data/uk_iu_dev_judged/RUBRIC.md``. (204 of the 673
dev sentences change with the code of issue 49's start, so the sample is nearly all of them.)

The sample is fixed by its sent_ids: ``redo`` swaps the same sentences with the current code,
so a change of the swapper is judged on the very sentences judged before it. The committed
files hold no treebank text (it stays in ``../shared/data``): ``sample.jsonl`` keeps each
sentence's sent_id and the judged swap's edits (word for word), the verdicts files the
reader's verdicts; ``draw`` and ``redo`` write what the reader reads, text and swapped text
side by side, under ``benchmarks/out/uk_iu_dev_judged/`` (not committed).

    python benchmarks/uk_judged_sample.py draw      # writes data/uk_iu_dev_judged/sample.jsonl
    python benchmarks/uk_judged_sample.py score FILE  # verdicts (before.jsonl, after.jsonl)
    python benchmarks/uk_judged_sample.py redo      # writes redo.jsonl and after_carried.jsonl

``redo`` marks each sentence ``same`` (the output is the judged one: its verdict carries
over, copied into ``after_carried.jsonl``), ``changed`` (to be judged again) or ``now
unchanged`` (the swap leaves it: judged too, with the category ``now-unchanged``, on whether
leaving it is right).
"""

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

import spacy
import srsly
from _common import shared
from spacy.tokens import Doc

from spacy_genderfair.corpus.conllu import read_conllu

FOLDER = Path(__file__).parent / "data" / "uk_iu_dev_judged"
SAMPLE = FOLDER / "sample.jsonl"
# What the reader reads (treebank text), outside the repository's tracked files.
READABLE = Path(__file__).parent / "out" / "uk_iu_dev_judged"
SIZE = 200
# The number: any fixed seed would do, this one is easy to remember.
SEED = 49
SWAP_CONFIG = {"direction": "invert", "seed": 0}

VERDICTS = ("ok", "slip", "wrong")
ERRORS = ("thing-pronoun-turned", "non-person-noun-turned", "person-missed", "agreement",
          "name-form", "other")
# Not an error: the mark of a sentence that the code under judgement no longer changes.
NOW_UNCHANGED = "now-unchanged"
# The target: the share of sentences that turn something that is no person.
NOT_PERSONS = ("thing-pronoun-turned", "non-person-noun-turned")


def dev_docs(vocab) -> list[Doc]:
    paths = sorted(shared("ud", "uk_iu").glob("*dev*.conllu"))
    if not paths:
        sys.exit(f"No dev CoNLL-U file in {shared('ud', 'uk_iu')}")
    return [doc for path in paths for doc in read_conllu(path, vocab)]


def swapper():
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config=SWAP_CONFIG)
    return nlp


def swap_bare(nlp, golds: list[Doc]) -> list[dict]:
    """One record per sentence: its sent_id, text, swapped text and edits."""
    bare = (Doc(nlp.vocab, words=[t.text for t in doc],
                spaces=[bool(t.whitespace_) for t in doc]) for doc in golds)
    return [{"sent_id": gold.user_data["sent_id"], "text": doc.text,
             "swapped": doc._.swapped, "edits": doc._.swap_edits}
            for gold, doc in zip(golds, nlp.pipe(bare), strict=True)]


def changes(record: dict) -> bool:
    return any(edit["new"] for edit in record["edits"])


def draw(force: bool) -> None:
    # The sample is the fixed ground of before/after: a later code would draw other sentences.
    if SAMPLE.exists() and not force:
        sys.exit(f"{SAMPLE} exists: the judged sample is fixed; use 'redo' to re-swap it "
                 "(or 'draw --force' to replace it)")
    nlp = swapper()
    records = [r for r in swap_bare(nlp, dev_docs(nlp.vocab)) if changes(r)]
    if len(records) < SIZE:
        sys.exit(f"Only {len(records)} changed sentences, fewer than {SIZE}")
    chosen = set(random.Random(SEED).sample([r["sent_id"] for r in records], SIZE))
    FOLDER.mkdir(parents=True, exist_ok=True)
    drawn = [r for r in records if r["sent_id"] in chosen]
    write_jsonl(SAMPLE, [{"sent_id": r["sent_id"], "edits": r["edits"]} for r in drawn])
    READABLE.mkdir(parents=True, exist_ok=True)
    write_jsonl(READABLE / "sample.jsonl", drawn)
    print(f"{len(records)} of the dev sentences changed; {SIZE} drawn (seed {SEED}) to {SAMPLE}"
          f" (to read: {READABLE / 'sample.jsonl'})")


def write_jsonl(path: Path, rows: list[dict]) -> None:
    """JSONL with the Cyrillic as it is (srsly escapes it), for the reader who judges it."""
    with open(path, "w", encoding="utf-8") as handle:
        handle.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def read_sample() -> list[dict]:
    if not SAMPLE.exists():
        sys.exit(f"No sample at {SAMPLE}: run 'draw' first")
    return list(srsly.read_jsonl(SAMPLE))


def redo() -> None:
    """Swap the sample's sentences with the current code, beside the judged outputs."""
    sample = read_sample()
    nlp = swapper()
    by_id = {doc.user_data["sent_id"]: doc for doc in dev_docs(nlp.vocab)}
    missing = [r["sent_id"] for r in sample if r["sent_id"] not in by_id]
    if missing:
        sys.exit(f"sent_ids of the sample not in the dev file: {', '.join(missing[:5])}")
    now = swap_bare(nlp, [by_id[r["sent_id"]] for r in sample])
    rows, status = [], Counter()
    for old, new in zip(sample, now, strict=True):
        state = ("now unchanged" if not changes(new) else
                 "same" if new["edits"] == old["edits"] else "changed")
        status[state] += 1
        rows.append({"sent_id": old["sent_id"], "status": state, "text": new["text"],
                     "edits_before": old["edits"], "swapped": new["swapped"],
                     "edits": new["edits"]})
    READABLE.mkdir(parents=True, exist_ok=True)
    write_jsonl(READABLE / "redo.jsonl", rows)
    carried = carry_verdicts(rows)
    print(f"{SIZE} sentences re-swapped to {READABLE / 'redo.jsonl'}: "
          + ", ".join(f"{state} {status[state]}" for state in ("same", "changed",
                                                                "now unchanged")))
    if carried is not None:
        print(f"  {carried} verdicts of unchanged outputs carried over to "
              f"{FOLDER / 'after_carried.jsonl'}")


def carry_verdicts(rows: list[dict]) -> int | None:
    """Copy the before verdicts of the sentences whose output is the same; None without
    before verdicts."""
    before = FOLDER / "before.jsonl"
    if not before.exists():
        return None
    verdicts = {v["sent_id"]: v for v in srsly.read_jsonl(before)}
    same = [verdicts[r["sent_id"]] for r in rows
            if r["status"] == "same" and r["sent_id"] in verdicts]
    write_jsonl(FOLDER / "after_carried.jsonl", same)
    return len(same)


def read_verdicts(path: Path, sample_ids: list[str]) -> list[dict]:
    """The verdicts of a file, one per sample sentence, checked: a bad line exits naming it."""
    verdicts, seen = [], set()
    for n, row in enumerate(srsly.read_jsonl(path), start=1):
        where = f"{path} line {n}"
        sent_id, verdict = row.get("sent_id"), row.get("verdict")
        categories = row.get("categories", [])
        if sent_id not in sample_ids:
            sys.exit(f"{where}: sent_id {sent_id!r} is not in the sample")
        if sent_id in seen:
            sys.exit(f"{where}: sent_id {sent_id} judged twice")
        if verdict not in VERDICTS:
            sys.exit(f"{where}: verdict {verdict!r}, expected one of {', '.join(VERDICTS)}")
        unknown = [c for c in categories if c not in (*ERRORS, NOW_UNCHANGED)]
        if unknown:
            sys.exit(f"{where}: unknown categories {unknown}")
        errors = [c for c in categories if c in ERRORS]
        if (verdict == "ok") == bool(errors):
            sys.exit(f"{where}: verdict {verdict} with error categories {errors}: an ok "
                     "sentence has none, a faulty one at least one")
        seen.add(sent_id)
        verdicts.append(row)
    left = [s for s in sample_ids if s not in seen]
    if left:
        sys.exit(f"{path}: {len(left)} sentences of the sample not judged ({', '.join(left[:5])}"
              f"{', ...' if len(left) > 5 else ''})")
    return verdicts


def score(path: Path) -> None:
    if not path.exists():
        sys.exit(f"No verdicts file {path}")
    verdicts = read_verdicts(path, [r["sent_id"] for r in read_sample()])
    total = len(verdicts)
    counts = Counter(v["verdict"] for v in verdicts)
    by_category = Counter(c for v in verdicts for c in set(v["categories"]))
    print(f"{path.name}: the {total} sampled sentences of UD uk_iu dev (bare Docs, invert, "
          f"names swapped), judged by hand")
    for verdict, label in zip(VERDICTS, ("OK", "one small slip", "wrong"), strict=True):
        print(f"  {label:<16} {counts[verdict]:4d}  {100 * counts[verdict] / total:5.1f} %")
    print("  categories (sentences with it; a sentence may have several):")
    for category in (*ERRORS, NOW_UNCHANGED):
        if category in ERRORS or by_category[category]:
            print(f"    {category:<24} {by_category[category]:4d}  "
                  f"{100 * by_category[category] / total:5.1f} %")
    not_person = sum(any(c in NOT_PERSONS for c in v["categories"]) for v in verdicts)
    print(f"  something that is no person turned (thing pronoun or non-person noun): "
          f"{not_person} ({100 * not_person / total:.1f} %)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    drawing = commands.add_parser("draw", help="swap uk_iu dev and draw the sample")
    drawing.add_argument("--force", action="store_true", help="replace an existing sample")
    scoring = commands.add_parser("score", help="print the figures of a verdicts file")
    scoring.add_argument("file", type=Path, help="a verdicts JSONL file (before.jsonl, ...)")
    commands.add_parser("redo", help="re-swap the sample's sentences with the current code")
    args = parser.parse_args()
    if args.command == "draw":
        draw(args.force)
    elif args.command == "score":
        score(args.file)
    else:
        redo()


if __name__ == "__main__":
    main()
