"""Does the Ukrainian swapper turn every person noun? Coverage by lemma, number and case (issue 49).

Two sources of person nouns, neither tuned on:

- *UD uk_iu*: every NOUN lemma of the Ukrainian IU treebank's dev + test with gold
  ``Animacy=Anim`` and ``Gender=Masc`` (one source) or ``Gender=Fem`` (another). Animate takes
  in animals too, so each lemma is judged by hand in ``benchmarks/data/uk_iu_anim_lemmas.tsv``
  (person yes/no, its counterpart): gods, spirits, animals and words whose general sense is a
  thing or a firm are not persons. The script stops if the treebank has a lemma the file lacks.
- *our own list*: ``benchmarks/data/uk_person_nouns_own.tsv``, general person nouns written
  before any change to the swapper (professions, trades, ranks, origins, roles, agent nouns,
  kinship); its masculine column is one source, its feminine column another.

Each lemma is put, inflected by pymorphy3 to the frame's case and number, into sentence frames
of our own (no other person word in them; the noun is the only thing to turn)::

    Nom  <N> прийшов / прийшла / прийшли на збори.   Acc  Ми запросили <N> на збори.
    Gen  На зборах не було <N>.                         Ins  Ми довго розмовляли з <N>.
    Dat  Ми подякували <N> за допомогу.                 Loc  Усі погляди зупинилися на <N>.

(the nominative frame opens with the noun, capitalised, as a sentence does), in the singular
and the plural, and swapped by ``spacy.blank("uk")`` + ``gender_swapper``
(``invert``): the clause walk of a bare tokenizer. The noun is *turned* in a frame when the
swapper wrote a form of the other gender in the frame's case and number: the counterpart's own
form (for a counterpart pymorphy3 does not know, its lemma in the nominative singular frame),
or a word pymorphy3 reads as an animate noun (or a substantivised adjective) of the
other gender, in that case and number (in the plural: whose lemma has the other gender).
Substantivised adjectives (черговий) have no gender in the plural and are not counted there;
nor is a frame whose form both genders share in its case and number (королеві is the dative of
король and of королева; українці the locative of українець and of українка): it cannot show
a turn.
Only lemmas with a counterpart count in the shares; those without one ("-", or common gender
"=") are reported apart (the swapper should keep them), and so are the lemmas judged no
person (it should keep those too). Words are written with the ASCII apostrophe.

Figures: per source, number and case, the share of lemmas turned; the share turned in every
singular frame; how many of our own pairs pymorphy3 knows on both sides as animate nouns; then
every lemma not turned, with what the dictionary knows of its counterpart.

    python benchmarks/uk_person_coverage.py [--no-plural] [--derived-pairs] [--show N]
Goal (issue 49): >= 95 % of the lemmas turned.
"""

import argparse
import csv
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from pathlib import Path

import pymorphy3
import spacy
from _common import shared
from spacy.tokens import Doc

from spacy_genderfair.extensions import DOC_SWAP_EDITS
from spacy_genderfair.lang import load_profile
from spacy_genderfair.lexicon import Lexicon
from spacy_genderfair.swap import swap_edits

DATA = Path(__file__).parent / "data"
JUDGED = DATA / "uk_iu_anim_lemmas.tsv"
OWN = DATA / "uk_person_nouns_own.tsv"

CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")
CASE_NAMES = dict(zip(CASES, ("Nom", "Gen", "Dat", "Acc", "Ins", "Loc"), strict=True))
NUMBERS = ("sing", "plur")
OTHER = {"masc": "femn", "femn": "masc"}
UD_GENDER = {"Masc": "masc", "Fem": "femn"}
NAME_TAGS = {"Surn", "Name", "Patr"}
# Frames by case: (masculine singular, feminine singular, plural); "{}" is the noun, words are
# space-separated. Only the nominative has a word that agrees with the noun.
FRAMES = {
    "nomn": ("{} прийшов на збори .", "{} прийшла на збори .", "{} прийшли на збори ."),
    "gent": ("На зборах не було {} .",) * 3,
    "datv": ("Ми подякували {} за допомогу .",) * 3,
    "accs": ("Ми запросили {} на збори .",) * 3,
    "ablt": ("Ми довго розмовляли з {} .",) * 3,
    "loct": ("Усі погляди зупинилися на {} .",) * 3,
}


@dataclass(frozen=True)
class Noun:
    source: str  # "uk_iu masc", "uk_iu fem", "own masc", "own fem"
    lemma: str
    gender: str  # pymorphy3: masc | femn
    counterpart: str  # the other gender's lemma, "-" (none) or "=" (common gender)
    person: bool = True


def plain(word: str) -> str:
    """The form pymorphy3's Ukrainian dictionary spells: lower case, ASCII apostrophe."""
    return word.lower().replace("\u2019", "'").replace("\u02bc", "'")


def read_tsv(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as handle:
        return list(csv.DictReader((line for line in handle if not line.startswith("#")),
                                   delimiter="\t"))


def treebank_lemmas() -> set[tuple[str, str]]:
    """(lemma, UD gender) of the animate masculine and feminine NOUNs of uk_iu dev + test."""
    found = set()
    for name in ("uk_iu-ud-dev.conllu", "uk_iu-ud-test.conllu"):
        with open(shared("ud", "uk_iu", name), encoding="utf-8") as handle:
            for line in handle:
                fields = line.split("\t")
                if len(fields) < 6 or fields[3] != "NOUN":
                    continue
                feats = dict(f.split("=", 1) for f in fields[5].split("|") if "=" in f)
                if feats.get("Animacy") == "Anim" and feats.get("Gender") in UD_GENDER:
                    found.add((fields[2], feats["Gender"]))
    return found


def ud_nouns() -> list[Noun]:
    rows = read_tsv(JUDGED)
    judged = {(row["lemma"], row["gender"]) for row in rows}
    missing = treebank_lemmas() - judged
    if missing:
        raise SystemExit(f"{JUDGED.name} lacks {len(missing)} treebank lemmas, e.g. "
                         f"{sorted(missing)[:5]}: judge them first")
    return [Noun(f"uk_iu {UD_GENDER[row['gender']][:4]}", plain(row["lemma"]),
                 UD_GENDER[row["gender"]], plain(row["counterpart"]), row["person"] == "yes")
            for row in rows]


def own_nouns() -> list[Noun]:
    nouns = []
    for row in read_tsv(OWN):
        masculine, feminine = plain(row["masculine"]), plain(row["feminine"])
        if masculine != "-":
            nouns.append(Noun("own masc", masculine, "masc", feminine))
        if feminine not in ("-", "="):
            nouns.append(Noun("own fem", feminine, "femn", masculine))
    return nouns


def is_name(parse) -> bool:
    return bool(NAME_TAGS & parse.tag.grammemes)


def in_case(parse, case: str) -> bool:
    """Whether a reading is in a case (pymorphy3's Ukrainian dictionary leaves the case out of
    some lemmas' nominative: американка, фінка)."""
    return parse.tag.case == case or (case == "nomn" and parse.tag.case is None)


def lemma_parse(morph, lemma: str, gender: str):
    """The reading a lemma is inflected from: its nominative as an animate noun of its gender
    (not a surname), else as a noun, else as an adjective of that gender (черговий, мала)."""
    nominatives = [p for p in morph.parse(lemma) if in_case(p, "nomn") and not is_name(p)
                   and p.tag.number != "plur" and p.tag.gender == gender]
    for wanted in (lambda p: p.tag.POS == "NOUN" and p.tag.animacy == "anim",
                   lambda p: p.tag.POS == "NOUN", lambda p: p.tag.POS == "ADJF"):
        found = next((p for p in nominatives if wanted(p)), None)
        if found is not None:
            return found
    return None


def form(parse, case: str, number: str) -> str | None:
    """The parse's form in a case and number (None where pymorphy3 has none). The parse is a
    nominative singular (``lemma_parse``)."""
    if (case, number) == ("nomn", "sing"):
        # (asked for a nominative, a caseless one would give the plural's)
        return parse.word
    if parse.tag.POS == "ADJF":
        wanted = {case, "plur"} if number == "plur" else {case, parse.tag.gender}
    else:
        wanted = {case, number} if number == "plur" else {case}
    inflected = parse.inflect(wanted)
    if inflected is None or (inflected.tag.number == "plur") != (number == "plur"):
        return None
    return inflected.word


def reads_as_other_gender(morph, word: str, case: str, number: str, gender: str) -> bool:
    """Whether pymorphy3 reads ``word`` as an animate noun (or a substantivised adjective) of
    the other gender in this case and number; in the plural, one whose lemma has that gender."""
    other = OTHER[gender]
    for parse in morph.parse(plain(word)):
        tag = parse.tag
        if is_name(parse) or not in_case(parse, case) or tag.POS not in ("NOUN", "ADJF"):
            continue
        if tag.POS == "NOUN" and tag.animacy != "anim":
            continue
        if number == "sing" and tag.number != "plur" and tag.gender == other:
            return True
        if number == "plur" and tag.number == "plur" and parse.normalized.tag.gender == other:
            return True
    return False


def is_turned(morph, written: str, source: str, case: str, number: str, gender: str,
              expected: str | None) -> bool:
    written = plain(written)
    return written != source and (written == expected or reads_as_other_gender(
        morph, written, case, number, gender))


def dictionary_knows(morph, lemma: str, gender: str) -> str:
    """What pymorphy3's dictionary holds for a lemma of a gender, in words."""
    if lemma in ("-", "="):
        return "no counterpart" if lemma == "-" else "common gender"
    if not morph.word_is_known(lemma):
        return "not in dictionary"
    readings = [p for p in morph.parse(lemma) if in_case(p, "nomn") and p.tag.gender == gender
                and p.tag.number != "plur"]
    if any(p.tag.POS == "NOUN" and p.tag.animacy == "anim" and not is_name(p) for p in readings):
        return "animate noun"
    if any(p.tag.POS == "ADJF" for p in readings):
        return "adjective"
    if any(p.tag.POS == "NOUN" and not is_name(p) for p in readings):
        return "inanimate noun only"
    if any(is_name(p) for p in readings):
        return "surname only"
    return "other word"


def frame(case: str, number: str, gender: str, word: str) -> tuple[list[str], list[bool], int]:
    """The words, spaces and noun index of a frame."""
    template = FRAMES[case][2 if number == "plur" else (0 if gender == "masc" else 1)]
    words = template.split()
    index = words.index("{}")
    words[index] = word[0].upper() + word[1:] if index == 0 else word
    spaces = [following != "." for following in words[1:]] + [False]
    return words, spaces, index


def measure(nouns: list[Noun], plural: bool = True, derived_pairs: bool = False) -> dict:
    """Swap every noun in every frame: per (noun, number, case) the written word, or None
    where no frame could be made. ``derived_pairs``: with the profile's derived pairs on
    (the swapper's own lexicon has them as the profile says)."""
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"direction": "invert", "seed": 0})
    lexicon = Lexicon(replace(load_profile("uk"), derived_pairs=True)) if derived_pairs \
        else None
    morph = pymorphy3.MorphAnalyzer(lang="uk")
    jobs, results, ambiguous = [], {}, Counter()
    for noun in nouns:
        parse = lemma_parse(morph, noun.lemma, noun.gender)
        counterpart = (lemma_parse(morph, noun.counterpart, OTHER[noun.gender])
                       if noun.counterpart not in ("-", "=") else None)
        has_counterpart = noun.person and noun.counterpart not in ("-", "=")
        for number in NUMBERS if plural else ("sing",):
            for case in CASES:
                key = (noun, number, case)
                source = form(parse, case, number) if parse is not None else None
                # (a substantivised adjective has no gender in the plural: nothing to turn)
                if source is None or (number == "plur" and parse.tag.POS == "ADJF"):
                    results[key] = None
                    continue
                # A form both genders share in this case and number (королеві: король's and
                # королева's dative) cannot show whether it turned. (A word that should stay,
                # колега, is kept whatever its readings: any change to it is an error.)
                if has_counterpart and reads_as_other_gender(morph, source, case, number,
                                                               noun.gender):
                    results[key] = None
                    ambiguous[noun.source] += 1
                    continue
                expected = (form(counterpart, case, number) if counterpart is not None
                            else noun.counterpart if (case, number) == ("nomn", "sing") else None)
                words, spaces, index = frame(case, number, noun.gender, source)
                jobs.append((key, source, expected, index, Doc(nlp.vocab, words=words,
                                                               spaces=spaces)))
    docs = (nlp.pipe(doc for *_, doc in jobs) if lexicon is None
            else (_swap_with(doc, lexicon) for *_, doc in jobs))
    for (key, source, expected, index, _), doc in zip(jobs, docs, strict=True):
        written = next((e["new"] for e in doc._.swap_edits if e["i"] == index and e["new"]),
                       doc[index].text)
        noun, number, case = key
        results[key] = {"source": source, "written": written,
                        "turned": is_turned(morph, written, source, case, number,
                                            noun.gender, expected)}
    return {"results": results, "morph": morph, "ambiguous": ambiguous}


def _swap_with(doc: Doc, lexicon: Lexicon) -> Doc:
    """The gender_swapper's edits with ``lexicon`` in place of the profile's."""
    doc._.set(DOC_SWAP_EDITS, [edit.to_dict() for edit in swap_edits(doc, lexicon, "invert")])
    return doc


def own_dictionary(morph) -> Counter:
    """Our own pairs by what pymorphy3 knows of their two sides."""
    counts: Counter = Counter()
    for row in read_tsv(OWN):
        masculine, feminine = plain(row["masculine"]), plain(row["feminine"])
        if "-" in (masculine, feminine) or feminine == "=":
            continue
        sides = (dictionary_knows(morph, masculine, "masc"),
                 dictionary_knows(morph, feminine, "femn"))
        if sides == ("animate noun", "animate noun"):
            counts["both animate nouns"] += 1
        elif sides == ("adjective", "adjective"):
            counts["both adjectives (substantivised)"] += 1
        else:
            counts[f"masculine: {sides[0]}; feminine: {sides[1]}"] += 1
    return counts


def report(nouns: list[Noun], found: dict, plural: bool, show: int) -> None:
    results, morph = found["results"], found["morph"]
    sources = list(dict.fromkeys(noun.source for noun in nouns))
    paired = [n for n in nouns if n.person and n.counterpart not in ("-", "=")]
    print("Person nouns turned to the other gender (spacy.blank('uk') + gender_swapper, "
          "invert; share of lemmas with a counterpart)")
    header = f"  {'source':<11} {'number':<6} " + " ".join(f"{CASE_NAMES[c]:>15}" for c in CASES)
    print(header)
    for source in sources:
        for number in NUMBERS if plural else ("sing",):
            cells = []
            for case in CASES:
                done = [results[(n, number, case)] for n in paired if n.source == source
                        and results[(n, number, case)] is not None]
                turned = sum(r["turned"] for r in done)
                cells.append(f"{turned}/{len(done)} {100 * turned / max(len(done), 1):5.1f}%")
            print(f"  {source:<11} {number:<6} " + " ".join(f"{c:>15}" for c in cells))
    print("\nLemmas turned in every singular frame they have (frames of a form both genders "
          "share left out), and in the nominative one:")
    for source in sources:
        mine = [n for n in paired if n.source == source]
        framed = {n: [r for c in CASES if (r := results[(n, "sing", c)]) is not None]
                  for n in mine}
        counted = [n for n in mine if framed[n]]
        every = sum(all(r["turned"] for r in framed[n]) for n in counted)
        nominatives = [r for n in mine if (r := results[(n, "sing", "nomn")]) is not None]
        nominative = sum(r["turned"] for r in nominatives)
        print(f"  {source:<11} {every}/{len(counted)} ({100 * every / max(len(counted), 1):.1f} %)"
              f"   nominative {nominative}/{len(nominatives)} "
              f"({100 * nominative / max(len(nominatives), 1):.1f} %)"
              f"   no frame at all: {len(mine) - len(counted)}"
              f"   shared-form frames left out: {found['ambiguous'][source]}")

    print("\nOur own pairs by what pymorphy3's dictionary knows of them:")
    for kind, count in own_dictionary(morph).most_common():
        print(f"  {count:4d}  {kind}")

    print("\nNot turned in some singular frame (lemma: cases missed; the counterpart and "
          "what the dictionary knows of it):")
    for source in sources:
        missed = []
        for noun in (n for n in paired if n.source == source):
            cases = [CASE_NAMES[c] for c in CASES if results[(noun, "sing", c)] is not None
                     and not results[(noun, "sing", c)]["turned"]]
            if cases:
                nominative = results[(noun, "sing", "nomn")]
                wrote = f" -> {plain(nominative['written'])}" if nominative and plain(
                    nominative["written"]) != nominative["source"] else ""
                known = dictionary_knows(morph, noun.counterpart, OTHER[noun.gender])
                missed.append(f"{noun.lemma}{wrote} [{','.join(cases)}] "
                              f"({noun.counterpart}: {known})")
        print(f"  {source}: {len(missed)}")
        for line in missed[: show or None]:
            print(f"    {line}")
    if plural:
        print("\nPlural: lemmas turned in at least one plural frame:")
        for source in sources:
            mine = [n for n in paired if n.source == source]
            some = [n.lemma for n in mine if any(
                (r := results[(n, "plur", c)]) is not None and r["turned"] for c in CASES)]
            print(f"  {source:<11} {len(some)}/{len(mine)}"
                  + (f": {', '.join(some[:show or None])}" if some else ""))

    print("\nWords that should stay (changed in some singular frame / lemmas):")
    for label, group in (
            ("no counterpart (-)", [n for n in nouns if n.person and n.counterpart == "-"]),
            ("common gender (=)", [n for n in nouns if n.person and n.counterpart == "="]),
            ("uk_iu, no person", [n for n in nouns if not n.person])):
        changed = defaultdict(list)
        for noun in group:
            for case in CASES:
                result = results[(noun, "sing", case)]
                if result is not None and plain(result["written"]) != result["source"]:
                    changed[noun.lemma].append(plain(result["written"]))
        print(f"  {label:<20} {len(changed)}/{len(group)}"
              + (": " + ", ".join(f"{lemma} -> {words[0]}" for lemma, words in
                                  list(changed.items())[: show or None]) if changed else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-plural", action="store_true", help="singular frames only")
    parser.add_argument("--derived-pairs", action="store_true",
                        help="with the profile's derived pairs on (the uk profile has them off)")
    parser.add_argument("--show", type=int, default=0,
                        help="lemmas listed per group (0: all)")
    args = parser.parse_args()
    nouns = ud_nouns() + own_nouns()
    found = measure(nouns, plural=not args.no_plural, derived_pairs=args.derived_pairs)
    report(nouns, found, not args.no_plural, args.show)


if __name__ == "__main__":
    main()
