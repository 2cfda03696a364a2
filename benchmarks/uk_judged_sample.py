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
    python benchmarks/uk_judged_sample.py redo [--context document] [--carry FILE ...]

A verdict belongs to the output it judged: ``before.jsonl`` judged the sample's own edits,
and every later verdicts file keeps the judged edits beside each verdict (``edits``). ``redo``
swaps the sample with the current code and carries each verdict over to the same output
(``carried.jsonl``); the rest is to be judged (``changed``, or ``now unchanged``: the swap
leaves the sentence, judged with the category ``now-unchanged`` on whether leaving it is
right). A first name drawn for a person differs with the Doc it is drawn in (the draw is
seeded by the Doc): an edit of a first name counts as the same when the same word turned as a
first name.

A user swaps documents, not sentences, and a pronoun's antecedent often stands in an
earlier sentence: ``--context document`` swaps each dev document (UD ``newdoc``) as one Doc,
its sentences in order, and judges the sample sentences' part of it
(``after_document.jsonl``); ``after.jsonl`` judges each sentence swapped alone.

``--part test`` does the same for the treebank's **test** part (``data/uk_iu_test_judged/``),
drawn with ``draw --context document``: a sample that readers judge and nobody working on the
swapper reads, so that a gain on dev can be checked on text it was not made on.

    python benchmarks/uk_judged_sample.py --part test draw --context document
    python benchmarks/uk_judged_sample.py --part test score data/uk_iu_test_judged/before.jsonl
"""

import argparse
import json
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

import spacy
import srsly
from _common import shared
from spacy.tokens import Doc

from spacy_genderfair.corpus.conllu import read_conllu
from spacy_genderfair.swap.edits import Edit, apply_edits

# The treebank part judged: dev is the ground the swapper's work is judged on; test is the
# withheld part, judged by readers only, to see whether that work holds on text nobody here read.
PARTS = ("dev", "test")
FOLDER = Path(__file__).parent / "data" / "uk_iu_dev_judged"
SAMPLE = FOLDER / "sample.jsonl"
# What the reader reads (treebank text), outside the repository's tracked files.
READABLE = Path(__file__).parent / "out" / "uk_iu_dev_judged"
SIZE = 200


def use_part(part: str) -> None:
    """Point the script at one part's sample, verdicts and readable files."""
    global FOLDER, SAMPLE, READABLE, PART
    PART = part
    FOLDER = Path(__file__).parent / "data" / f"uk_iu_{part}_judged"
    SAMPLE = FOLDER / "sample.jsonl"
    READABLE = Path(__file__).parent / "out" / f"uk_iu_{part}_judged"


PART = "dev"
# The number: any fixed seed would do, this one is easy to remember.
SEED = 49
SWAP_CONFIG = {"direction": "invert", "seed": 0}

VERDICTS = ("ok", "slip", "wrong")
ERRORS = ("thing-pronoun-turned", "non-person-noun-turned", "person-missed", "agreement",
          "name-form", "other")
VERDICT_KEYS = ("sent_id", "verdict", "categories", "comment")
# The verdicts of the outputs of ``redo`` that were judged before (some file of --carry).
CARRIED = "carried.jsonl"
# Not an error: the mark of a sentence that the code under judgement no longer changes.
NOW_UNCHANGED = "now-unchanged"
# The target: the share of sentences that turn something that is no person.
NOT_PERSONS = ("thing-pronoun-turned", "non-person-noun-turned")


def part_docs(vocab) -> list[Doc]:
    paths = sorted(shared("ud", "uk_iu").glob(f"*-{PART}.conllu"))
    if not paths:
        sys.exit(f"No {PART} CoNLL-U file in {shared('ud', 'uk_iu')}")
    return [doc for path in paths for doc in read_conllu(path, vocab)]


def documents(sentences: list[Doc]) -> list[list[Doc]]:
    """The sentences grouped by document: a sentence with a ``newdoc_id`` opens one."""
    grouped: list[list[Doc]] = []
    for sentence in sentences:
        if not grouped or "newdoc_id" in sentence.user_data:
            grouped.append([])
        grouped[-1].append(sentence)
    return grouped


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


def swap_in_documents(nlp, golds: list[Doc]) -> dict[str, dict]:
    """``swap_bare``'s records by sent_id, each sentence swapped inside its whole document
    (one Doc of its sentences in order); edits are numbered from the sentence's first token."""
    records = {}
    for group in documents(golds):
        words, spaces, bounds = [], [], []
        for gold in group:
            start = len(words)
            words += [t.text for t in gold]
            spaces += [bool(t.whitespace_) for t in gold]
            spaces[-1] = True
            bounds.append((gold, start, len(words)))
        doc = nlp(Doc(nlp.vocab, words=words, spaces=spaces))
        for gold, start, end in bounds:
            edits = [{**edit, "i": edit["i"] - start} for edit in doc._.swap_edits
                     if start <= edit["i"] < end]
            swapped = apply_edits(gold, [Edit(**edit) for edit in edits])
            records[gold.user_data["sent_id"]] = {
                "sent_id": gold.user_data["sent_id"], "text": gold.text, "swapped": swapped,
                "edits": edits}
    return records


def same_edits(mine: list[dict], judged: list[dict]) -> bool:
    """Whether two swaps of a sentence write the same, a first name's draw aside."""
    def key(edit: dict) -> tuple:
        # (the output is judged, not the reason the swapper records for it)
        drawn = edit["reason"] == "first name"
        return edit["i"], edit["old"], drawn, None if drawn else edit["new"]
    return [key(e) for e in mine] == [key(e) for e in judged]


def changes(record: dict) -> bool:
    return any(edit["new"] for edit in record["edits"])


def draw(force: bool, context: str) -> None:
    # The sample is the fixed ground of before/after: a later code would draw other sentences.
    if SAMPLE.exists() and not force:
        sys.exit(f"{SAMPLE} exists: the judged sample is fixed; use 'redo' to re-swap it "
                 "(or 'draw --force' to replace it)")
    nlp = swapper()
    golds = part_docs(nlp.vocab)
    swapped = (swap_bare(nlp, golds) if context == "sentence"
               else swap_in_documents(nlp, golds).values())
    records = [r for r in swapped if changes(r)]
    if len(records) < SIZE:
        sys.exit(f"Only {len(records)} changed sentences, fewer than {SIZE}")
    chosen = set(random.Random(SEED).sample([r["sent_id"] for r in records], SIZE))
    FOLDER.mkdir(parents=True, exist_ok=True)
    drawn = [r for r in records if r["sent_id"] in chosen]
    write_jsonl(SAMPLE, [{"sent_id": r["sent_id"], "edits": r["edits"]} for r in drawn])
    READABLE.mkdir(parents=True, exist_ok=True)
    write_jsonl(READABLE / "sample.jsonl", drawn)
    print(f"{len(records)} of the {PART} sentences changed ({context}); {SIZE} drawn "
          f"(seed {SEED}) to {SAMPLE} (to read: {READABLE / 'sample.jsonl'})")


def write_jsonl(path: Path, rows: list[dict]) -> None:
    """JSONL with the Cyrillic as it is (srsly escapes it), for the reader who judges it."""
    with open(path, "w", encoding="utf-8") as handle:
        handle.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def read_sample() -> list[dict]:
    if not SAMPLE.exists():
        sys.exit(f"No sample at {SAMPLE}: run 'draw' first")
    return list(srsly.read_jsonl(SAMPLE))


def redo(context: str, carry: list[Path]) -> None:
    """Swap the sample's sentences with the current code (each alone, or in its document)
    and carry over every verdict whose judged output is the output now."""
    sample = read_sample()
    nlp = swapper()
    golds = part_docs(nlp.vocab)
    by_id = {doc.user_data["sent_id"]: doc for doc in golds}
    missing = [r["sent_id"] for r in sample if r["sent_id"] not in by_id]
    if missing:
        sys.exit(f"sent_ids of the sample not in the {PART} file: {', '.join(missing[:5])}")
    if context == "document":
        in_documents = swap_in_documents(nlp, golds)
        now = [in_documents[r["sent_id"]] for r in sample]
    else:
        now = swap_bare(nlp, [by_id[r["sent_id"]] for r in sample])
    judged = judged_outputs(sample, carry)
    rows, status, carried = [], Counter(), []
    for record in now:
        verdict = next((v for v in judged.get(record["sent_id"], ())
                        if same_edits(record["edits"], v["edits"])), None)
        state = "now unchanged" if not changes(record) else "changed"
        state = f"{state}, judged" if verdict is not None else state
        status[state] += 1
        if verdict is not None:
            carried.append({key: verdict[key] for key in (*VERDICT_KEYS, "edits")})
        rows.append({"sent_id": record["sent_id"], "status": state, "text": record["text"],
                     "swapped": record["swapped"], "edits": record["edits"]})
    name = "redo.jsonl" if context == "sentence" else f"redo_{context}.jsonl"
    READABLE.mkdir(parents=True, exist_ok=True)
    write_jsonl(READABLE / name, rows)
    write_jsonl(FOLDER / CARRIED, carried)
    print(f"{SIZE} sentences swapped ({context}) to {READABLE / name}: "
          + ", ".join(f"{state} {count}" for state, count in sorted(status.items()))
          + f"; {len(carried)} verdicts carried over to {FOLDER / CARRIED}")


def judged_outputs(sample: list[dict], carry: list[Path]) -> dict[str, list[dict]]:
    """Each sentence's verdicts with the output they judged: ``before.jsonl`` judged the
    sample's own edits; a verdicts file that holds ``edits`` judged those."""
    ids = [r["sent_id"] for r in sample]
    judged: dict[str, list[dict]] = defaultdict(list)
    before = FOLDER / "before.jsonl"
    if before.exists():
        edits = {r["sent_id"]: r["edits"] for r in sample}
        for verdict in read_verdicts(before, ids):
            judged[verdict["sent_id"]].append({**verdict, "edits": edits[verdict["sent_id"]]})
    for path in carry:
        verdicts = read_verdicts(path, ids, complete=False)
        without = [v["sent_id"] for v in verdicts if "edits" not in v]
        if without:
            sys.exit(f"{path}: verdicts without the judged output ('edits'): "
                     f"{', '.join(without[:5])}")
        for verdict in verdicts:
            judged[verdict["sent_id"]].append(verdict)
    return judged


def read_verdicts(path: Path, sample_ids: list[str], complete: bool = True) -> list[dict]:
    """The verdicts of a file, one per sample sentence (``complete``) or some of them,
    checked: a bad line exits naming it."""
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
    if complete and left:
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
    print(f"{path.name}: the {total} sampled sentences of UD uk_iu {PART} (bare Docs, invert, "
          f"names swapped; dev: each alone or in its document, test: in its document), "
          f"judged by hand")
    for verdict, label in zip(VERDICTS, ("OK", "one small slip", "wrong"), strict=True):
        print(f"  {label:<16} {counts[verdict]:4d}  {100 * counts[verdict] / total:5.1f} %")
    print("  categories (sentences with it; a sentence may have several):")
    for category in (*ERRORS, NOW_UNCHANGED):
        if category in ERRORS or by_category[category]:
            print(f"    {category:<24} {by_category[category]:4d}  "
                  f"{100 * by_category[category] / total:5.1f} %")
    not_person = count_not_persons(verdicts)
    print(f"  something that is no person turned (thing pronoun or non-person noun): "
          f"{not_person} ({100 * not_person / total:.1f} %)")


def count_not_persons(verdicts) -> int:
    """How many judged sentences turn something that is no person (``NOT_PERSONS``)."""
    return sum(any(c in NOT_PERSONS for c in v["categories"]) for v in verdicts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    drawing = commands.add_parser("draw", help="swap the uk_iu part and draw the sample")
    drawing.add_argument("--force", action="store_true", help="replace an existing sample")
    drawing.add_argument("--context", choices=("sentence", "document"), default="sentence",
                         help="draw from the sentences changed when swapped alone (default) "
                              "or inside their documents")
    scoring = commands.add_parser("score", help="print the figures of a verdicts file")
    scoring.add_argument("file", type=Path, help="a verdicts JSONL file (before.jsonl, ...)")
    redoing = commands.add_parser("redo",
                                  help="re-swap the sample's sentences with the current code")
    redoing.add_argument("--context", choices=("sentence", "document"), default="sentence",
                         help="swap each sentence alone (default) or inside its document")
    redoing.add_argument("--carry", type=Path, nargs="*", default=[],
                         help="verdicts files with the judged outputs ('edits'): each "
                              "verdict carries over to the same output")
    parser.add_argument("--part", choices=PARTS, default="dev",
                        help="the treebank part whose sample is drawn, scored or redone "
                             "(data/uk_iu_<part>_judged/)")
    args = parser.parse_args()
    use_part(args.part)
    if args.command == "draw":
        draw(args.force, args.context)
    elif args.command == "score":
        score(args.file)
    else:
        redo(args.context, args.carry)


if __name__ == "__main__":
    main()
