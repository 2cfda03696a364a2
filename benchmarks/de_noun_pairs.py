"""Person-noun pairs from german-nouns (issue 36): how many, and how precise.

A masculine noun X with a feminine X-in in the dictionary (umlaut and -e dropped allowed:
Arzt/Ärztin, Kunde/Kundin; -mann/-frau) is a pair (``GermanNounAnalyzer.pairs``); the German
profile's ``non_person_nouns.txt`` drops the animals and creatures (Hund/Hündin). The script
prints the count of pairs before and after that, and the precision of a seeded random sample
judged by hand (``benchmarks/data/de_noun_pairs_judged.tsv``: person | animal | wrong).

    python benchmarks/de_noun_pairs.py            # the figures
    python benchmarks/de_noun_pairs.py --draw     # print the sample to judge (TSV)
"""

import argparse
import csv
import random
from pathlib import Path

from spacy_genderfair.lexicon import get_lexicon

JUDGED = Path(__file__).parent / "data" / "de_noun_pairs_judged.tsv"
SAMPLE_SIZE = 220
SEED = 36
VERDICTS = ("person", "animal", "wrong")


def kept_pairs(lexicon) -> tuple[list, list]:
    """(all pairs of the dictionary, those the profile keeps as person nouns)."""
    pairs = lexicon.nouns.analyzer.pairs()
    return pairs, [pair for pair in pairs if not lexicon.nouns.names_no_person(pair[0])]


def read_judgements(path: Path = JUDGED) -> dict[tuple[str, str], str]:
    with open(path, encoding="utf-8") as handle:
        rows = csv.reader((line for line in handle if not line.startswith("#")),
                          delimiter="\t")
        return {(masc, fem): verdict for masc, fem, verdict, *_ in rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--draw", action="store_true", help="print the sample to judge")
    args = parser.parse_args()
    lexicon = get_lexicon("de")
    pairs, kept = kept_pairs(lexicon)
    sample = random.Random(SEED).sample(kept, SAMPLE_SIZE)
    if args.draw:
        for masculine, feminine in sample:
            print(f"{masculine}\t{feminine}\t")
        return
    built_in = sum(1 for masculine, _ in kept if masculine in lexicon.persons)
    print(f"pairs in german-nouns: {len(pairs)}; person pairs kept: {len(kept)} "
          f"({len(pairs) - len(kept)} dropped by non_person_nouns.txt); "
          f"{len(kept) - built_in} with a masculine the built-in lexicon lacks")
    judged = read_judgements()
    missing = [pair for pair in sample if pair not in judged]
    if missing:
        raise SystemExit(f"{len(missing)} sampled pairs are not judged, e.g. {missing[:3]}")
    verdicts = [judged[pair] for pair in sample]
    for verdict in VERDICTS:
        print(f"  {verdict:7}: {verdicts.count(verdict)}")
    precision = verdicts.count("person") / len(sample)
    print(f"precision on a random sample of {len(sample)} pairs (seed {SEED}), judged by hand: "
          f"{precision:.1%}")


if __name__ == "__main__":
    main()
