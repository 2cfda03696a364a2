"""Ukrainian masculine ↔ feminine person-noun pairs at the scale of the dictionary (issue 49).

pymorphy3-dicts-uk (VESUM) lists every word with its animacy and gender. Its animate common
nouns (no first names, surnames or patronymics) are enumerated once here:

- ``learn`` writes ``spacy_genderfair/lang/uk/feminine_formation.tsv``: for every masculine
  ending, the rule of the profile's ``derivation`` its attested pairs took most, with counts
  (``spacy_genderfair.lang.formation``). The table holds endings, suffixes and
  counts, no word of the dictionary.
- ``figures`` prints what the lexicon makes of the dictionary: the masculines paired with a
  feminine the dictionary knows (*attested*), those paired with one the learned rule makes
  (*derived*), those left without, by rule; and the feminines no masculine pairs.
- ``draw`` writes a random sample of pairs of each kind for a reader to judge
  (``data/uk_person_pairs_judged/sample.tsv``: the two words, kind and rule; the reader adds
  ``verdict`` ok | wrong and a ``note``), ``score FILE`` scores the judged file.
  ``draw --seed N --kind derived --out FILE`` draws another sample, of one kind.

The lexicon itself makes the same pairs lazily, one lemma at a time, when a text has the word
(``PersonLexicon.entry_from_morphology``): this script asks it, so the figures are the
lexicon's.

    python benchmarks/uk_person_pairs.py learn | figures | draw [--seed N] | score FILE
"""

import argparse
import csv
import random
import sys
import time
import tracemalloc
from collections import Counter
from pathlib import Path

from spacy_genderfair.lang import load_profile
from spacy_genderfair.lang.formation import (
    attested_feminine,
    learn_formation,
    write_formation,
)

PACKAGE = Path(__file__).resolve().parents[1] / "spacy_genderfair"
TABLE = PACKAGE / "lang" / "uk" / "feminine_formation.tsv"
JUDGED = Path(__file__).parent / "data" / "uk_person_pairs_judged"
SAMPLE = JUDGED / "sample.tsv"
# How many pairs of each kind the reader judges.
PER_KIND = 200
SEED = 49
NAME_TAGS = frozenset({"Name", "Surn", "Patr"})


def animate_nouns() -> tuple[set[str], set[str], dict[str, str]]:
    """(masculine lemmas, feminine lemmas, tags) of the dictionary's animate common nouns."""
    import pymorphy3

    dictionary = pymorphy3.MorphAnalyzer(lang="uk").dictionary
    masculine, feminine = set(), set()
    for word, tag, _normal, _paradigm, index in dictionary.iter_known_words():
        if index != 0 or tag.POS != "NOUN" or tag.animacy != "anim" \
                or NAME_TAGS & set(tag.grammemes):
            continue
        if tag.gender == "masc":
            masculine.add(word)
        elif tag.gender == "femn":
            feminine.add(word)
    # a noun of both genders is common gender (суддя, колега): no pair
    common = masculine & feminine
    return masculine - common, feminine - common, common


def learn() -> None:
    profile = load_profile("uk")
    masculine, feminine, _common = animate_nouns()
    pairs = []
    for lemma in sorted(masculine):
        found = attested_feminine(lemma, profile.derivation, feminine.__contains__)
        if found is not None:
            pairs.append((lemma, found[1], found[2]))
    rules = learn_formation(pairs, masculine)
    header = (
        "Which rule of profile.json's `derivation` each masculine ending takes (issue 49).\n"
        "Learned by benchmarks/uk_person_pairs.py learn from the attested pairs of\n"
        f"pymorphy3-dicts-uk's animate common nouns ({len(pairs)} pairs of "
        f"{len(masculine)} masculines):\n"
        "counts of suffixes only, no word of the dictionary. pairs: attested pairs of the\n"
        "ending that took the rule; share: their share of the ending's attested pairs;\n"
        "masculines: the masculines with the ending, paired or not.")
    write_formation(rules, TABLE, header)
    print(f"{len(pairs)} attested pairs of {len(masculine)} masculines; "
          f"{len(rules)} endings written to {TABLE}")


def lexicon_pairs():
    """(masculine, feminine, kind, rule) of every masculine animate noun the lexicon pairs,
    and the counts of what it leaves."""
    from dataclasses import replace

    from spacy_genderfair.lexicon import Lexicon

    masculine, feminine, common = animate_nouns()
    # (derived pairs switched on, to count and judge them; the uk profile has them off)
    persons = Lexicon(replace(load_profile("uk"), derived_pairs=True)).persons
    rows, left = [], Counter()
    for lemma in sorted(masculine):
        entry = persons.get(lemma) or persons.entry_from_morphology(lemma)
        if entry is None or not entry.counterparts:
            left[_ending(lemma)] += 1
            continue
        counterpart = entry.counterparts[0]
        kind = {"derived": "derived", "morphology": "attested"}.get(entry.source, "listed")
        rows.append((lemma, counterpart, kind, entry.source))
    return rows, left, masculine, feminine, common


def _ending(lemma: str) -> str:
    return lemma[-3:]


def figures() -> None:
    started = time.perf_counter()
    rows, left, masculine, feminine, common = lexicon_pairs()
    kinds = Counter(kind for *_, kind, _source in rows)
    print(f"Dictionary: {len(masculine)} masculine, {len(feminine)} feminine, {len(common)} "
          f"common-gender animate common nouns (names left out)")
    print(f"Masculines paired: {len(rows)} ({len(rows) / len(masculine):.1%}): "
          f"attested (the dictionary knows both) {kinds['attested']}, derived (a learned "
          f"rule makes the feminine) {kinds['derived']}, listed (person_nouns.tsv and "
          f"compounds of it) {kinds['listed']}; left without: {sum(left.values())}")
    paired = {f for _m, f, kind, _s in rows if kind == "attested"}
    print(f"Feminines paired by a masculine: {len(paired & feminine)} of {len(feminine)}")
    print("Masculines left without a feminine, by ending (top 15):",
          ", ".join(f"-{e} {n}" for e, n in left.most_common(15)))
    print(f"({time.perf_counter() - started:.0f} s)")
    load_cost()


def load_cost() -> None:
    """Load time and memory of the lexicon with the table (a fresh lexicon, no cache)."""
    from spacy_genderfair.lexicon import Lexicon

    tracemalloc.start()
    started = time.perf_counter()
    Lexicon(load_profile("uk"))
    seconds = time.perf_counter() - started
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"Lexicon('uk') load: {seconds:.2f} s, peak {peak / 2**20:.1f} MiB "
          f"(the formation table: {TABLE.stat().st_size / 1024:.0f} KiB on disk)")


def draw(seed: int = SEED, kinds=("attested", "derived"), out: Path = SAMPLE) -> None:
    rows, *_ = lexicon_pairs()
    rng = random.Random(seed)
    sample = []
    for kind in kinds:
        mine = [row for row in rows if row[2] == kind]
        sample += sorted(rng.sample(mine, min(PER_KIND, len(mine))))
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, delimiter="\t", lineterminator="\n")
        writer.writerow(("masculine", "feminine", "kind", "source", "verdict", "note"))
        for row in sample:
            writer.writerow((*row, "", ""))
    print(f"{len(sample)} pairs written to {out}")


def score(path: Path) -> None:
    with open(path, encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    for kind in ("attested", "derived"):
        mine = [r for r in rows if r["kind"] == kind]
        judged = [r for r in mine if r["verdict"] in ("ok", "wrong")]
        ok = sum(r["verdict"] == "ok" for r in judged)
        if judged:
            print(f"{kind}: {ok}/{len(judged)} right ({ok / len(judged):.1%}); "
                  f"unjudged {len(mine) - len(judged)}")
    wrong = [r for r in rows if r["verdict"] == "wrong"]
    for row in wrong:
        print(f"  wrong {row['kind']}: {row['masculine']} -> {row['feminine']}: {row['note']}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("learn", "figures", "draw", "score"))
    parser.add_argument("file", nargs="?", type=Path, default=SAMPLE)
    parser.add_argument("--seed", type=int, default=SEED, help="draw: the random seed")
    parser.add_argument("--kind", choices=("attested", "derived"), action="append",
                        help="draw: the kind of pairs to draw (repeatable; default both)")
    parser.add_argument("--out", type=Path, default=SAMPLE, help="draw: the file to write")
    args = parser.parse_args(argv)
    if args.command == "learn":
        learn()
    elif args.command == "figures":
        figures()
    elif args.command == "draw":
        draw(args.seed, tuple(args.kind or ("attested", "derived")), args.out)
    else:
        score(args.file)


if __name__ == "__main__":
    sys.exit(main())
