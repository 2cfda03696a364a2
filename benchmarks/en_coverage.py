"""Coverage of the GENEUTRAL gendered-word list by our built-in English lexicon.

Reference list (as GENEUTRAL builds it from ecmonsen/gendered_words): every m/f entry, its
opposite-gender words from gender_map, and the plural of each. A word counts as covered when
the built-in lexicon alone (our own data, plus its inflection and derivation rules) gives it
the same gender. Multi-word entries (able_seaman, chairman_of_the_board) count when one of
their words is covered with that gender.

    python benchmarks/en_coverage.py [--missing 40]
"""

import argparse
import json
import re

from _common import shared

from spacy_genderfair.lexicon import get_lexicon


def english_plural(word: str) -> str:
    if word.endswith("man"):
        return word[:-3] + "men"
    if re.search(r"(s|x|z|ch|sh)$", word):
        return word + "es"
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + "s"


def reference_list() -> dict[str, str]:
    entries = json.loads(shared("gendered_words", "gendered_words.json").read_text("utf-8"))
    gender_of: dict[str, str] = {}
    for entry in entries:
        gender = entry["gender"]
        if gender not in ("m", "f"):
            continue
        other = "f" if gender == "m" else "m"
        gender_of.setdefault(entry["word"], gender)
        for mapped in (entry.get("gender_map") or {}).get(other, []):
            gender_of.setdefault(mapped["word"], other)
    for word, gender in list(gender_of.items()):
        gender_of.setdefault(english_plural(word), gender)
    return gender_of


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--missing", type=int, default=30, help="show this many missed words")
    args = parser.parse_args()
    persons = get_lexicon("en").persons
    wanted = {"m": "masculine", "f": "feminine"}
    totals = {"m": 0, "f": 0}
    covered = {"m": 0, "f": 0}
    missed = []
    other_class: dict[str, int] = {}
    for word, gender in sorted(reference_list().items()):
        totals[gender] += 1
        parts = [word, *re.split(r"[_\s-]", word)]
        hits = [h for h in map(persons.lookup, parts) if h is not None]
        hit = next((h for h in hits if h.entry.gender == wanted[gender]), None) or (
            hits[0] if hits else None)
        if hit is not None and hit.entry.gender == wanted[gender]:
            covered[gender] += 1
        elif hit is not None:  # a person noun we deliberately classify otherwise
            other_class[hit.entry.gender] = other_class.get(hit.entry.gender, 0) + 1
        else:
            missed.append(word)
    n = totals["m"] + totals["f"]
    print(f"reference list: {n} words ({totals['m']} M / {totals['f']} F); "
          "GENEUTRAL paper: 2,421 (1,261 M / 1,160 F)")
    for g in ("m", "f"):
        print(f"coverage {g.upper()}: {covered[g]}/{totals[g]} = {covered[g] / totals[g]:.1%}")
    print(f"coverage all: {sum(covered.values())}/{n} = {sum(covered.values()) / n:.1%}")
    print("classified otherwise on purpose (e.g. author/authoress: the base word is neutral "
          f"today): {other_class}; not in the lexicon: {len(missed)}")
    print(f"built-in English lexicon: {len(persons)} lemmas, "
          f"{len(persons.surface_forms())} surface forms")
    if args.missing:
        print("not in the lexicon (sample):", ", ".join(missed[: args.missing]))


if __name__ == "__main__":
    main()
