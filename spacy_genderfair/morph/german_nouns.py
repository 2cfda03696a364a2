"""german-nouns backend: German nouns from Wiktionary, with genus and declension table.

The package `german-nouns <https://pypi.org/project/german-nouns/>`_ (CC BY-SA 4.0) ships
~100,000 nouns as one CSV file. This backend reads that file from the installed package once,
on first use, into a form index: every form of every noun, with all its readings (number,
case, genus). It analyses nouns only: an unknown word, or a word of another part of speech,
has no readings. Install it with ``pip install "spacy-genderfair[de]"``.
"""

import csv
import re
from functools import lru_cache

from .._compat import has_german_nouns, require
from ..registry import morph_analyzers
from . import Reading

# Parts of speech of the CSV's "pos" cell that name no common noun: such rows are left out
# (a row that is also a plain "Substantiv" of its own has a row of its own).
_NOT_COMMON_NOUNS = frozenset((
    "Vorname", "Nachname", "Familienname", "Eigenname", "Toponym", "Straßenname", "Buchstabe",
    "Symbol", "Affix", "Suffix", "Gebundenes Lexem", "Wortverbindung", "Redewendung",
    "Geflügeltes Wort", "Grußformel", "Ortsnamengrundwort",
))
_GENDER = {"m": "Masc", "f": "Fem", "n": "Neut"}
_CASE = {"nominativ": "Nom", "genitiv": "Gen", "dativ": "Dat", "akkusativ": "Acc"}
_NUMBER = {"singular": "Sing", "plural": "Plur"}
# Packed readings: one small int per (lemma, genus, number, case), decoded on lookup. A tuple
# of Readings per form would hold ~700,000 objects; the ints cost a tenth of the memory.
_GENDERS, _NUMBERS, _CASES = tuple(_GENDER.values()), ("Sing", "Plur"), tuple(_CASE.values())

# The feminine counterpart of a masculine person noun: X + in (Lehrer/Lehrerin), -e dropped
# (Kunde/Kundin), -er of -erer dropped (Zauberer/Zauberin), -mann → -frau (Kaufmann/Kauffrau),
# with the last stem vowel umlauted where the masculine has an umlauted plural or ends in -e
# (Arzt/Ärzte/Ärztin, Jude/Jüdin; not Schutz/Schützin, Zahler/Zählerin). The dictionary has
# no animacy; the pair is the evidence that both nouns denote beings.
_UMLAUT = {"au": "äu", "a": "ä", "o": "ö", "u": "ü"}
_UMLAUTS = frozenset("äöü")
_VOWEL_GROUP = re.compile("[aeiouäöüy]+")


def feminine_candidates(masculine: str, umlauted_plural: bool = True) -> list[str]:
    """The lower-cased feminines German derives from a lower-cased masculine noun.

    umlauted_plural (bool): whether the masculine's plural is umlauted (Arzt/Ärzte), which
        allows an umlauted feminine. Defaults to True.
    """
    if masculine.endswith("mann"):
        return [masculine[: -len("mann")] + "frau"]
    stems = [masculine[:-1]] if masculine.endswith("e") else []
    stems.append(masculine[:-2] if masculine.endswith("erer") else masculine)
    umlaut = umlauted_plural or masculine.endswith("e")
    candidates = []
    for stem in stems:
        candidates.append(stem + "in")
        if umlaut:
            candidates += [umlauted + "in" for umlauted in umlauted_stems(stem)]
    return candidates


def umlauted_stems(stem: str) -> list[str]:
    """``stem`` with its last full vowel umlauted (arzt → ärzt, bauer → bäuer, koch →
    köch), or nothing where that vowel has no umlaut (lehrer: the -er is no full vowel)."""
    end = len(stem) - 2 if stem.endswith(("el", "er", "en")) and len(stem) > 3 else len(stem)
    vowels = list(_VOWEL_GROUP.finditer(stem, 0, end))
    if not vowels:
        return []
    group = vowels[-1]
    umlaut = _UMLAUT.get(group.group())
    return [stem[: group.start()] + umlaut + stem[group.end():]] if umlaut else []


@morph_analyzers.register("german_nouns.v1")
class GermanNounAnalyzer:
    """German noun readings (lemma, genus, number, case) from the ``german-nouns`` package.

    Readings come singular first: a form that is both ("Lehrer") is read as a plural only
    where its context rules the singular out (the determiner before it, see
    ``Lexicon.token_readings``). ``animate`` is set for the nouns of a masculine/feminine
    pair (Lehrer/Lehrerin, Hund/Hündin): the dictionary marks no animacy, and the pair is the
    evidence of a being; which beings are no persons is the language profile's business
    (``non_person_nouns.txt``).
    """

    def __init__(self) -> None:
        require("german_nouns", has_german_nouns, "The German noun backend (german_nouns.v1)")
        self._lemmas: list[str] = []
        self._lemma_ids: dict[str, int] = {}
        forms: dict[str, set[int]] = {}
        self._lemma_genders: dict[str, set[str]] = {}
        self._umlauted_plurals: set[str] = set()
        for lemma, genders, cells in _read_rows():
            lemma_id = self._lemma_id(lemma)
            self._lemma_genders.setdefault(lemma, set()).update(genders)
            for form, column_genders, number, case in cells:
                if number == "Plur" and _umlaut_count(form) > _umlaut_count(lemma):
                    self._umlauted_plurals.add(lemma)
                for gender in column_genders or genders:
                    code = ((lemma_id * 3 + _GENDERS.index(gender)) * 2
                            + _NUMBERS.index(number)) * 4 + _CASES.index(case)
                    forms.setdefault(form, set()).add(code)
        # singular first, then by case (the table's order); see the class docstring
        self._forms = {form: tuple(sorted(codes, key=_reading_order)) for form, codes in
                       forms.items()}
        self._pairs = self._find_pairs()
        self._animate = frozenset((lemma, gender) for pair in self._pairs
                                  for lemma, gender in zip(pair, ("Masc", "Fem"), strict=True))
        self.analyze = lru_cache(maxsize=200_000)(self._analyze)

    def _lemma_id(self, lemma: str) -> int:
        lemma_id = self._lemma_ids.get(lemma)
        if lemma_id is None:
            lemma_id = self._lemma_ids[lemma] = len(self._lemmas)
            self._lemmas.append(lemma)
        return lemma_id

    def _find_pairs(self) -> list[tuple[str, str]]:
        pairs = []
        for masculine, genders in self._lemma_genders.items():
            if "Masc" not in genders:
                continue
            for feminine in self._feminines(masculine):
                # Eiferin is Eiferer's, not Eifer's (zeal)
                if not (masculine.endswith("er") and feminine in self._feminines(masculine + "er")):
                    pairs.append((masculine, feminine))
        return sorted(pairs)

    def _feminines(self, masculine: str) -> list[str]:
        if "Masc" not in self._lemma_genders.get(masculine, ()):
            return []
        return [feminine for feminine in feminine_candidates(
            masculine, masculine in self._umlauted_plurals)
            if "Fem" in self._lemma_genders.get(feminine, ())]

    def _analyze(self, word: str) -> tuple[Reading, ...]:
        readings = []
        for code in self._forms.get(word.lower(), ()):
            rest, case = divmod(code, 4)
            rest, number = divmod(rest, 2)
            lemma_id, gender = divmod(rest, 3)
            lemma = self._lemmas[lemma_id]
            readings.append(Reading(lemma, "NOUN", _GENDERS[gender], _NUMBERS[number],
                                    _CASES[case], (lemma, _GENDERS[gender]) in self._animate))
        return tuple(readings)

    def is_known(self, word: str) -> bool:
        return word.lower() in self._forms

    def lemmas(self, gender: str | None = None) -> list[str]:
        """Every lower-cased lemma, or those of one UD genus ("Masc", "Fem", "Neut")."""
        return [lemma for lemma, genders in self._lemma_genders.items()
                if gender is None or gender in genders]

    def pairs(self) -> list[tuple[str, str]]:
        """Every (masculine, feminine) lemma pair the dictionary holds (animals included)."""
        return list(self._pairs)


def _umlaut_count(word: str) -> int:
    return sum(char in _UMLAUTS for char in word)


def _reading_order(code: int) -> tuple[int, int, int]:
    rest, case = divmod(code, 4)
    return (rest % 2, case, code)


def _read_rows():
    """(lower-cased lemma, UD genera, [(form, column genera, number, case)]) per noun row."""
    from importlib import resources

    with (resources.files("german_nouns") / "nouns.csv").open(encoding="utf-8") as handle:
        rows = csv.reader(handle)
        header = next(rows)
        columns = [_column(name) for name in header]
        genus_columns = {name: at for at, name in enumerate(header) if name.startswith("genus")}
        for row in rows:
            lemma = row[0]
            if not lemma or lemma.startswith("-") or (
                    _NOT_COMMON_NOUNS.intersection(row[1].split(","))):
                continue
            genders_by_column = {name: _GENDER[row[at]] for name, at in genus_columns.items()
                                 if row[at] in _GENDER}
            if not genders_by_column:
                continue
            cells = []
            for at, column in enumerate(columns):
                if column is None or not row[at]:
                    continue
                number, case, variant = column
                # "nominativ singular 2" is the form of "genus 2"
                own = genders_by_column.get(f"genus {variant}") if variant.isdigit() else None
                cells.append((row[at].lower(), (own,) if own else (), number, case))
            yield lemma.lower(), set(genders_by_column.values()), cells


def _column(name: str) -> tuple[str, str, str] | None:
    """(UD number, UD case, variant) of a declension column ("genitiv singular*")."""
    parts = name.replace("*", " *").split()
    if len(parts) < 2 or parts[0] not in _CASE or parts[1] not in _NUMBER:
        return None
    return _NUMBER[parts[1]], _CASE[parts[0]], parts[2] if len(parts) > 2 else ""


__all__ = ["GermanNounAnalyzer", "feminine_candidates", "umlauted_stems"]
