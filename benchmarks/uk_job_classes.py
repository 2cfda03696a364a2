"""Gender classes of the JOB entities of NER-UK 2.0, next to Nahurna & Romanyshyn's Table 1.

Each JOB entity is classified by spacy_genderfair's job-title classifier (head noun →
pymorphy3 lemma → pair lexicon → common-gender list → morphology), with our built-in
Ukrainian lexicon plus, when present, the GenderGid dictionary read by path.

    python benchmarks/uk_job_classes.py [--no-gendergid] [--examples 10]
"""

import argparse
from collections import Counter, defaultdict

from _common import SHARED_DATA, shared

from spacy_genderfair.corpus.brat import read_brat_folder
from spacy_genderfair.lang import load_profile
from spacy_genderfair.lexicon import Lexicon, read_lexicon

PAPER_TABLE_1 = {"masculine": 83.0, "feminine": 3.8, "common": 11.3, "unknown": 1.8}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--no-gendergid", action="store_true")
    parser.add_argument("--examples", type=int, default=8)
    args = parser.parse_args()
    extra = []
    mapper = SHARED_DATA / "uk-gender-word-mapper"
    if not args.no_gendergid and mapper.is_dir():
        extra = [read_lexicon(mapper / "gender_pairs_dictionary.csv"),
                 read_lexicon(mapper / "common_gender_words_list.txt")]
    classifier = Lexicon(load_profile("uk"), extra).job_titles
    counts: Counter = Counter()
    examples = defaultdict(Counter)
    for _, _, entities in read_brat_folder(shared("ner-uk", "v2.0", "data")):
        for entity in entities:
            if entity.label == "JOB":
                gender = classifier.classify(entity.text)
                counts[gender] += 1
                examples[gender][entity.text.lower()] += 1
    total = sum(counts.values())
    source = "built-in + GenderGid" if extra else "built-in only"
    print(f"NER-UK 2.0 JOB entities: {total} ({source})")
    print(f"{'class':<11}{'ours':>8}{'count':>8}{'paper':>8}")
    for gender in ("masculine", "feminine", "common", "neutral", "unknown"):
        share = 100 * counts[gender] / total if total else 0.0
        paper = PAPER_TABLE_1.get(gender)
        paper_text = f"{paper:.1f}" if paper is not None else "-"
        print(f"{gender:<11}{share:>7.1f}%{counts[gender]:>8}{paper_text:>8}")
    for gender, seen in examples.items():
        top = ", ".join(f"{w} ({n})" for w, n in seen.most_common(args.examples))
        print(f"  {gender}: {top}")


if __name__ == "__main__":
    main()
