"""German compound person nouns by their head (issue 36): the noun backend against compound-split.

Positives: the masculine and feminine plurals of the block of newspaper compounds and rarer
agent nouns of ``benchmarks/data/de_person_nouns.tsv`` (Kommunalpolitiker ... Stadtführer).
Negatives: compounds that end in a person noun's letters but name none (Urkunde: Kunde,
Geräte: Räte, surnames in -mann). Two ways to find the head:

- ``backend``: gender_lexicon with the german_nouns.v1 backend on spacy.blank("de"): the
  dictionary's own entry, else the longest head that is a person noun of the compound's genus;
- ``compound-split``: the best split of ``compound_split.char_split`` (GPL-3.0; ngram
  statistics), its head looked up in the person lexicon and the dictionary.

A form counts as found when it gets the gender of its row; a negative as a false mark when it
gets any. Prints load times too.

    python benchmarks/de_compounds.py
"""

import time

import spacy
from de_person_nouns import read_nouns

from spacy_genderfair.extensions import FEMININE, MASCULINE, TOKEN_GENDER
from spacy_genderfair.lexicon import get_lexicon

# The noun list's block of newspaper compounds and rarer agent nouns starts here.
FIRST_COMPOUND_ROW = "Kommunalpolitiker"
NEGATIVES = ["Urkunde", "Sekunden", "Geräte", "Vogelbauer", "Neumann", "Hoffmann", "Baumann",
             "Feuerleiter", "Stromleiter", "Seehunde", "Apparate", "Gebäude", "Abendkurse",
             "Landkreise", "Wasserkocher"]
FRAME = "Am Montag kamen die {} pünktlich in das Rathaus."


def positives() -> list[tuple[str, str]]:
    nouns = read_nouns()
    start = next(i for i, n in enumerate(nouns) if n["masculine_plural"] == FIRST_COMPOUND_ROW)
    return [(form, gender) for noun in nouns[start:]
            for form, gender in ((noun["masculine_plural"], MASCULINE),
                                 (noun["feminine_plural"], FEMININE))]


def backend_gender(nlp, word: str) -> str | None:
    doc = nlp(FRAME.format(word))
    return next(t._.get(TOKEN_GENDER) for t in doc if t.text == word)


def compound_split_gender(split, lexicon, word: str) -> str | None:
    splits = split(word)
    if not splits or splits[0][0] <= 0:
        return None  # no split it believes in
    head = splits[0][2].lower()
    hit = lexicon.nouns.lookup_word(head)
    return hit.entry.gender if hit is not None else None


def main() -> None:
    start = time.perf_counter()
    nlp = spacy.blank("de")
    nlp.add_pipe("gender_lexicon")
    nlp.initialize()
    backend_load = time.perf_counter() - start
    start = time.perf_counter()
    from compound_split.char_split import split_compound

    split_load = time.perf_counter() - start
    lexicon = get_lexicon("de")
    ways = {"backend": lambda word: backend_gender(nlp, word),
            "compound-split": lambda word: compound_split_gender(split_compound, lexicon, word)}
    pos = positives()
    print(f"{len(pos)} compound forms, {len(NEGATIVES)} negatives")
    print(f"load: backend (whole gender_lexicon) {backend_load:.1f} s, "
          f"compound-split {split_load:.1f} s")
    print(f"{'':16}{'found':>14}{'false marks':>14}")
    for name, gender_of in ways.items():
        found = sum(gender_of(word) == gender for word, gender in pos)
        false = [word for word in NEGATIVES if gender_of(word) in (MASCULINE, FEMININE)]
        print(f"{name:16}{f'{found}/{len(pos)}':>14}{f'{len(false)}/{len(NEGATIVES)}':>14}"
              f"  {', '.join(false)}")


if __name__ == "__main__":
    main()
