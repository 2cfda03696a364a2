"""The Ukrainian swap with a *predicted* parse: the parse-based steps against the clause walk.

``swap_grammaticality.py --parsed`` gives the steps the treebank's gold tags and parse; a
user's pipeline predicts them. This script runs a trained Ukrainian pipeline (a morphologizer
and a parser) before ``gender_swapper`` and compares, on the same inputs, the steps that read
its parse with the clause walk that reads only the words (``read_parse=False``):

1. our own general-Ukrainian cases (``tests/swap/data/uk/*.jsonl``, expected outputs written
   by hand; ``news/`` counted apart): how many come out as expected;
2. NER-UK v2.0-swapped DEV, tuning and frozen parts (``feminine_first``, gold entities, names
   swapped): the figures of ``swap_eval.py`` (figures only: no text is printed);
3. UD uk_iu dev, swapped and checked against its gold tree as ``swap_grammaticality.py``
   does: the sentences with no agreement violation.

No trained Ukrainian pipeline installs here. ``--train`` trains a small one (CNN, no vectors:
``spacy init config -l uk -p morphologizer,parser -o efficiency``) on UD uk_iu *test* (dev
as its dev set), so part 3 reads sentences it was not trained on; where a real pipeline is
installed, give it with ``--model`` (e.g. ``uk_core_news_lg``).

    python benchmarks/swap_predicted_parse.py --train       # ~15 min on 2 CPU cores
    python benchmarks/swap_predicted_parse.py --model PATH_OR_NAME
"""

import argparse
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pymorphy3
import spacy
import swap_grammaticality
from _common import CACHE_ROOT, shared
from swap_eval import with_entities

from spacy_genderfair.corpus.conllu import read_conllu
from spacy_genderfair.corpus.swap_pairs import PairReport, read_split, read_swapped_pairs
from spacy_genderfair.evaluation.swap_metrics import SwapTriple, evaluate_swaps
from spacy_genderfair.evaluation.swap_parts import PARTS, part_of

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "swap" / "data" / "uk"
sys.path.insert(0, str(ROOT))  # (the test helper that places a case's entities)
from tests.swap.helpers import doc_with_entities  # noqa: E402

COLUMNS = ("exact_match_without_pers", "job_match", "bleu_without_pers", "token_count_match")


def train(folder: Path) -> Path:
    """Train the small morphologizer + parser on UD uk_iu test; the best model's path."""
    folder.mkdir(parents=True, exist_ok=True)
    python = sys.executable
    for split in ("test", "dev"):
        subprocess.run([python, "-m", "spacy", "convert", "-n", "10", "-c", "conllu",
                        str(shared("ud", "uk_iu", f"uk_iu-ud-{split}.conllu")), str(folder)],
                       check=True)
    subprocess.run([python, "-m", "spacy", "init", "config", "-l", "uk", "-p",
                    "morphologizer,parser", "-o", "efficiency", "-F", str(folder / "config.cfg")],
                   check=True)
    subprocess.run([python, "-m", "spacy", "train", str(folder / "config.cfg"),
                    "--paths.train", str(folder / "uk_iu-ud-test.spacy"),
                    "--paths.dev", str(folder / "uk_iu-ud-dev.spacy"),
                    "--output", str(folder / "out"), "--training.max_epochs", "25",
                    "--training.seed", "0"], check=True)
    return folder / "out" / "model-best"


def pipeline(model: str, direction: str, names: bool, read_parse: bool):
    nlp = spacy.load(model)
    nlp.add_pipe("gender_swapper", config={"direction": direction, "seed": 0,
                                           "swap_names": names, "read_parse": read_parse})
    return nlp


def own_cases(model: str) -> Counter:
    """Per (set, system): how many cases come out as expected, and how many there are."""
    found: Counter = Counter()
    made: dict = {}
    for path in sorted(CASES.rglob("*.jsonl")):
        kind = "news-shaped" if "news" in path.parts else "own"
        for line in path.read_text("utf-8").splitlines():
            case = json.loads(line) if line.strip() else None
            if case is None or case.get("names") or case.get("xfail"):
                continue  # (a case's own name list, or a known error of the walk)
            for read_parse in (True, False):
                key = case["direction"], case.get("swap_names", False), read_parse
                if key not in made:
                    made[key] = pipeline(model, *key)
                nlp = made[key]
                doc = (nlp.make_doc(case["text"]) if case["entities"] is None
                       else doc_with_entities(nlp, case["text"], case["entities"]))
                system = "steps (parse)" if read_parse else "clause walk"
                found[kind, system] += nlp(doc)._.swapped == case["expected"]
                found[kind, "cases"] += read_parse
    return found


def ner_uk(model: str) -> dict:
    root = shared("ner-uk", "v2.0-swapped", "data")
    pairs = list(read_swapped_pairs(root, shared("ner-uk", "v2.0", "data"), on_error="skip",
                                    report=PairReport(),
                                    documents=read_split(root / "dev-split.txt").get("DEV")))
    parts = [part_of(p.doc_id) for p in pairs]
    found = {}
    for read_parse in (True, False):
        nlp = pipeline(model, "feminine_first", True, read_parse)
        swapped = list(nlp.pipe(with_entities(nlp, p.original, p.original_entities)
                                for p in pairs))
        for part in PARTS:
            keep = [k for k, name in enumerate(parts) if name == part]
            found["steps (parse)" if read_parse else "clause walk", part] = evaluate_swaps(
                [SwapTriple(pairs[k].original, pairs[k].reference, swapped[k]._.swapped,
                            pairs[k].reference_entities, pairs[k].original_entities)
                 for k in keep]).to_dict()
    return found


def uk_iu_dev(model: str) -> dict:
    morph = pymorphy3.MorphAnalyzer(lang="uk")
    found = {}
    for read_parse in (True, False):
        nlp = pipeline(model, "invert", True, read_parse)
        golds = list(read_conllu(shared("ud", "uk_iu") / "uk_iu-ud-dev.conllu", nlp.vocab))
        swapped = nlp.pipe(swap_grammaticality.bare(gold, nlp.vocab) for gold in golds)
        changed = [(gold, doc) for gold, doc in zip(golds, swapped, strict=True)
                   if any(edit["new"] for edit in doc._.swap_edits)]
        clean = sum(not swap_grammaticality.check(morph, gold, doc, Counter())
                    for gold, doc in changed)
        found["steps (parse)" if read_parse else "clause walk"] = (clean, len(changed))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", help="a trained Ukrainian pipeline (name or path)")
    parser.add_argument("--train", action="store_true",
                        help="train the small pipeline on UD uk_iu test first")
    args = parser.parse_args()
    if args.train:
        model = str(train(CACHE_ROOT / "uk_iu_parser"))
    elif args.model:
        model = args.model
    else:
        parser.error("give --model or --train")
    scores = spacy.load(model).meta.get("performance", {})
    print(f"pipeline {model}: POS {scores.get('pos_acc', 0):.3f}, morph "
          f"{scores.get('morph_acc', 0):.3f}, LAS {scores.get('dep_las', 0):.3f} (its dev set)")
    counts = own_cases(model)
    for kind in ("own", "news-shaped"):
        print(f"{kind} cases as expected, of {counts[kind, 'cases']}: " + ", ".join(
            f"{system} {counts[kind, system]}" for system in ("steps (parse)", "clause walk")))
    for (system, part), values in ner_uk(model).items():
        print(f"NER-UK DEV {part:<7} {system:<14} " + "  ".join(
            f"{column} {values[column]:.3f}" for column in COLUMNS))
    for system, (clean, changed) in uk_iu_dev(model).items():
        print(f"UD uk_iu dev, {system}: {clean} of {changed} swapped sentences with no "
              f"agreement violation ({100 * clean / max(changed, 1):.1f} %)")


if __name__ == "__main__":
    main()
