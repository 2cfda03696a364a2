"""German person nouns on a blank pipeline (issue 36): the issue's rows on our own list.

For each noun of ``benchmarks/data/de_person_nouns.tsv`` (masculine plural, feminine plural,
gender-star form, neutral form), ``gender_lexicon`` on ``spacy.blank("de")`` reads one short
sentence per form and the script counts:

- masc plural marked masculine   the masculine plural token gets ``token._.gender`` masculine;
- fem plural marked feminine     the feminine plural token gets feminine;
- generic_masculine set          ``doc._.generic_masculine`` on the masculine-plural sentence;
- star/colon/Binnen-I found      the forms Lehrer*innen, Lehrer:innen and LehrerInnen each lie
                                 in a ``doc.spans["gender_inclusive"]`` span (3 per noun);
- neutral never mis-marked       the neutral form is marked neither masculine nor feminine and
                                 the sentence sets no generic masculine.

Two pipelines, same run: the profile as shipped (with its noun backend, ``noun_analyzer``)
and the same profile without it (``noun_analyzer`` null: the built-in lists and rules only).

    python benchmarks/de_person_nouns.py [--show-misses 10]
Goal (issue 36): >= 90 % on every row.
"""

import argparse
import csv
import json
import shutil
import tempfile
from importlib import resources
from pathlib import Path

import spacy

from spacy_genderfair.extensions import (
    DOC_GENERIC_MASCULINE,
    FEMININE,
    MASCULINE,
    SPANS_INCLUSIVE,
    TOKEN_GENDER,
)

NOUNS = Path(__file__).parent / "data" / "de_person_nouns.tsv"
# A plural subject in a sentence of its own: nothing else in it is a person noun.
FRAME = "Am Montag kamen die {} pünktlich in das Rathaus."
ROWS = ("masc plural marked masculine", "fem plural marked feminine",
        "generic_masculine set", "star/colon/Binnen-I found", "neutral never mis-marked")


def read_nouns(path: Path = NOUNS) -> list[dict]:
    with open(path, encoding="utf-8") as handle:
        lines = [line for line in handle if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


def profile_without_backend(folder: Path) -> str:
    """A copy of the German profile without its noun backend (``noun_analyzer`` null)."""
    source = Path(str(resources.files("spacy_genderfair.lang") / "de"))
    target = folder / "de"
    shutil.copytree(source, target)
    settings = json.loads((target / "profile.json").read_text(encoding="utf-8"))
    settings["noun_analyzer"] = None
    (target / "profile.json").write_text(json.dumps(settings), encoding="utf-8")
    return str(target)


def blank_pipeline(lang: str | None = None):
    nlp = spacy.blank("de")
    nlp.add_pipe("gender_lexicon", config={"lang": lang})
    nlp.initialize()
    return nlp


def word_gender(nlp, word: str):
    doc = nlp(FRAME.format(word))
    token = next(t for t in doc if t.text == word)
    return doc, token._.get(TOKEN_GENDER)


def inclusive_found(nlp, word: str) -> bool:
    doc = nlp(FRAME.format(word))
    start = doc.text.index(word)
    return any(span.start_char <= start < span.end_char for span in doc.spans[SPANS_INCLUSIVE])


def inclusive_variants(star: str) -> list[str]:
    stem = star[: -len("*innen")]
    return [star, f"{stem}:innen", f"{stem}Innen"]


def score(nlp, nouns: list[dict]) -> tuple[dict, dict]:
    """RETURNS (tuple[dict, dict]): row -> (hits, total), and row -> the words missed."""
    counts = {row: [0, 0] for row in ROWS}
    misses: dict[str, list[str]] = {row: [] for row in ROWS}

    def count(row: str, ok: bool, word: str) -> None:
        counts[row][0] += ok
        counts[row][1] += 1
        if not ok:
            misses[row].append(word)

    for noun in nouns:
        masc, fem = noun["masculine_plural"], noun["feminine_plural"]
        doc, gender = word_gender(nlp, masc)
        count(ROWS[0], gender == MASCULINE, masc)
        count(ROWS[2], doc._.get(DOC_GENERIC_MASCULINE), masc)
        count(ROWS[1], word_gender(nlp, fem)[1] == FEMININE, fem)
        for variant in inclusive_variants(noun["gender_star"]):
            count(ROWS[3], inclusive_found(nlp, variant), variant)
        if noun["neutral"]:
            doc, gender = word_gender(nlp, noun["neutral"])
            ok = gender not in (MASCULINE, FEMININE) and not doc._.get(DOC_GENERIC_MASCULINE)
            count(ROWS[4], ok, noun["neutral"])
    return counts, misses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--show-misses", type=int, default=0,
                        help="print up to this many missed words per row")
    args = parser.parse_args()
    nouns = read_nouns()
    with tempfile.TemporaryDirectory() as folder:
        pipelines = {
            "without backend": blank_pipeline(profile_without_backend(Path(folder))),
            "with backend": blank_pipeline(),
        }
        results = {name: score(nlp, nouns) for name, nlp in pipelines.items()}
    print(f"{len(nouns)} nouns ({sum(bool(n['neutral']) for n in nouns)} with a neutral form), "
          'spacy.blank("de") + gender_lexicon')
    print(f"{'row':32}" + "".join(f"{name:>18}" for name in results))
    for row in ROWS:
        cells = "".join(f"{f'{h / n:.1%} ({h}/{n})':>18}"
                        for (h, n) in (results[name][0][row] for name in results))
        print(f"{row:32}{cells}")
    if args.show_misses:
        for name, (_, misses) in results.items():
            for row in ROWS:
                if misses[row]:
                    print(f"[{name}] {row}: {', '.join(misses[row][: args.show_misses])}")


if __name__ == "__main__":
    main()
