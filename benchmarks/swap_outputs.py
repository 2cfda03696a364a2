"""Every output of the Ukrainian swapper on the benchmark texts, for refactoring safely.

Writes one JSON line per swapped text — the swapped text and its edits — for: the NER-UK
v2.0-swapped DEV originals under ``feminine_first`` and ``invert``, each with and without
their gold entities; the UD uk_iu dev + test sentences (bare Docs, ``invert``); and every
non-empty line of NER-UK v2.0 with its entities (``feminine_first``). Prints the number of
outputs and a digest. A change meant to keep behaviour (moving code, splitting a module)
must give the same digest; with ``--compare OLD`` the number of differing outputs is printed
for each set, and the texts only for the sets that may be read: the tuning part of DEV and UD
uk_iu (never the frozen part or the NER-UK lines, which hold the TEST documents).

    python benchmarks/swap_outputs.py OUT.jsonl [--compare OLD.jsonl]
"""

import argparse
import hashlib
import json
from pathlib import Path

import swap_grammaticality
from _common import shared
from swap_eval import swapper, with_entities

from spacy_genderfair.corpus.brat import read_brat_folder
from spacy_genderfair.corpus.swap_pairs import (
    PairReport,
    entities_on_line,
    line_spans,
    read_split,
    read_swapped_pairs,
)
from spacy_genderfair.evaluation.swap_parts import part_of


def outputs() -> tuple[list[str], list[tuple[str, bool]]]:
    """The outputs, and for each its set's name and whether its texts may be read."""
    root = shared("ner-uk", "v2.0-swapped", "data")
    pairs = list(read_swapped_pairs(root, shared("ner-uk", "v2.0", "data"), on_error="skip",
                                    report=PairReport(),
                                    documents=read_split(root / "dev-split.txt").get("DEV")))
    tuning = [part_of(p.doc_id) == "tuning" for p in pairs]
    found, sets = [], []

    def add(docs, name: str, readable) -> None:
        for doc, may_read in zip(docs, readable, strict=True):
            found.append(json.dumps([doc._.swapped, doc._.swap_edits], ensure_ascii=False))
            sets.append((name, may_read))

    for direction in ("feminine_first", "invert"):
        nlp = swapper(seed=0, direction=direction)
        add(nlp.pipe(with_entities(nlp, p.original, p.original_entities) for p in pairs),
            f"DEV, {direction}", tuning)
        add(nlp.pipe(nlp.make_doc(p.original) for p in pairs),
            f"DEV, {direction}, no entities", tuning)
    inverted = swapper(seed=0, direction="invert")
    golds = swap_grammaticality.gold_docs(inverted.vocab)
    add(inverted.pipe(swap_grammaticality.bare(gold, inverted.vocab) for gold in golds),
        "UD uk_iu", [True] * len(golds))
    nlp = swapper(seed=0, direction="feminine_first")
    lines = [(line, entities_on_line(entities, start, line))
             for _, text, entities in read_brat_folder(shared("ner-uk", "v2.0", "data"))
             for start, line in line_spans(text) if line.strip()]
    add(nlp.pipe(with_entities(nlp, line, entities) for line, entities in lines),
        "NER-UK v2.0, all lines", [False] * len(lines))
    return found, sets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, help="where to write the outputs (JSON lines)")
    parser.add_argument("--compare", type=Path, help="an earlier run's outputs")
    args = parser.parse_args()
    found, sets = outputs()
    args.out.write_text("\n".join(found) + "\n", encoding="utf-8")
    digest = hashlib.sha256("\n".join(found).encode()).hexdigest()[:16]
    print(f"{len(found):,} outputs, digest {digest}")
    if not args.compare:
        return
    old = args.compare.read_text(encoding="utf-8").splitlines()
    if len(old) != len(found):
        print(f"{len(old):,} outputs before, {len(found):,} now: not comparable")
        return
    differing = [k for k, (a, b) in enumerate(zip(old, found, strict=True)) if a != b]
    print(f"{len(differing):,} outputs differ")
    for name in dict.fromkeys(name for name, _ in sets):
        print(f"  {name}: {sum(sets[k][0] == name for k in differing)}")
    for k in [k for k in differing if sets[k][1]][:20]:
        print(f"  {sets[k][0]} #{k}: {json.loads(old[k])[0]}\n     → {json.loads(found[k])[0]}")


if __name__ == "__main__":
    main()
