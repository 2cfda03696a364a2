"""WinoBias (Zhao et al. 2018): reading the bracketed files and splitting them in halves.

A line is ``"12 [The developer] argued with the designer because [she] did not like the
design."``: the brackets mark the occupation the pronoun refers to and the pronoun (or two
pronouns). The pro- and anti-stereotyped files hold the same sentences with the pronoun's
gender flipped.

Rules that were written while reading a split's errors score that split optimistically, so
the dev sentences are split in two fixed halves: a tuning half, the only one that may be
read, and a frozen half that is only ever scored. The half of a sentence is a seeded hash of
its text with every pronoun neutralised, so that the pro and anti versions of one sentence
land in the same half and the gap between them stays comparable within a half. The two
versions are the lines of the same number; the pro version's text decides, since a few anti
lines carry a typo the other does not ("helped her to won" / "helped him to win").
"""

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

KINDS = ("type1", "type2")
STEREOTYPES = ("pro", "anti")
HALVES = ("tuning", "frozen")
SPLIT_SEED = 33
PRONOUNS = frozenset(("he", "she", "him", "her", "his", "hers", "himself", "herself"))
FEMININE = frozenset(("she", "her", "hers", "herself"))
_PRONOUN_WORD = re.compile(r"\b(?:" + "|".join(sorted(PRONOUNS)) + r")\b", re.IGNORECASE)
_BRACKET = re.compile(r"(\[[^\]]*\])")


@dataclass
class Sentence:
    """One WinoBias sentence without its brackets.

    text (str): the sentence.
    antecedent (tuple[int, int]): character offsets of the bracketed occupation.
    pronouns (list[tuple[int, int]]): character offsets of the bracketed pronouns.
    half (str): "tuning" or "frozen" (``read_files``). Defaults to "".
    """

    text: str
    antecedent: tuple[int, int]
    pronouns: list[tuple[int, int]]
    half: str = ""

    @property
    def feminine(self) -> bool:
        start, end = self.pronouns[0]
        return self.text[start:end].lower() in FEMININE


def parse_line(line: str) -> Sentence:
    """A line of a WinoBias file, its number and brackets removed, their offsets kept."""
    raw = line.strip().split(" ", 1)[1]
    text, brackets = "", []
    for piece in _BRACKET.split(raw):
        if piece.startswith("["):
            piece = piece[1:-1].strip()
            brackets.append((len(text), len(text) + len(piece)))
        text += piece
    pronouns = [b for b in brackets if text[b[0]:b[1]].lower() in PRONOUNS]
    (antecedent,) = [b for b in brackets if b not in pronouns]
    return Sentence(text, antecedent, pronouns)


def read_files(folder: str | Path, kind: str) -> dict[str, list[Sentence]]:
    """The pro and anti sentences of one type's dev files, each with its pair's half.

    folder (str | Path): the folder of ``{stereotype}_stereotyped_{kind}.txt.dev``.
    kind (str): "type1" or "type2".
    RETURNS (dict[str, list[Sentence]]): by stereotype, the sentences in file order.
    """
    read = {}
    for stereotype in STEREOTYPES:
        path = Path(folder) / f"{stereotype}_stereotyped_{kind}.txt.dev"
        with open(path, encoding="utf-8") as handle:
            read[stereotype] = dict(_numbered(line) for line in handle if line.strip())
    if read["pro"].keys() != read["anti"].keys():
        raise ValueError(f"WinoBias {kind}: the pro and anti files number different lines")
    for number, pro in read["pro"].items():
        pro.half = read["anti"][number].half = half_of(pro.text)
    return {stereotype: list(by_number.values()) for stereotype, by_number in read.items()}


def _numbered(line: str) -> tuple[str, Sentence]:
    return line.split(" ", 1)[0], parse_line(line)


def neutralized(text: str) -> str:
    """The sentence with every third-person pronoun replaced by one placeholder, lower-cased:
    the same string for a sentence's pro and anti versions."""
    return _PRONOUN_WORD.sub("_", text.lower())


def half_of(text: str, seed: int = SPLIT_SEED) -> str:
    """"tuning" or "frozen": a hash of the neutralised sentence and the seed."""
    digest = hashlib.sha256(f"{seed}\t{neutralized(text)}".encode()).digest()
    return HALVES[digest[0] & 1]
