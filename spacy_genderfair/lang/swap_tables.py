"""The tables of lexical swapping in a profile (English, German, Portuguese: the languages
swapped without an analyser), read for ``reader.ProfileReader``: each function reads one file
through the reader's row and check helpers, so every error names the file and line.
"""

import re

from .profile import (
    CASES,
    GENDERS,
    NUMBERS,
    SWAP_TYPES,
    AgreementRow,
    HonorificPair,
    NounFormRule,
    PronounSwapRow,
)


def pronoun_swaps(reader):
    """The rows of ``pronoun_swaps.tsv``."""
    name = "pronoun_swaps.tsv"
    for line_no, (masc, fem, ptype, case, number) in reader._rows(name, 5):
        if not (masc and fem):
            reader._fail(name, line_no, "expected masculine<TAB>feminine<TAB>type<TAB>case"
                         "<TAB>number")
        reader._check(name, line_no, ptype, SWAP_TYPES, "type")
        reader._check(name, line_no, case or "-", CASES, "case")
        reader._check(name, line_no, number, NUMBERS, "number")
        yield PronounSwapRow(masc.lower(), fem.lower(), ptype, case or "-", number)


def honorific_pairs(reader):
    """The rows of ``honorific_pairs.tsv``."""
    name = "honorific_pairs.tsv"
    for line_no, (masc, fem, case) in reader._rows(name, 3):
        if not (masc and fem):
            reader._fail(name, line_no, "expected masculine<TAB>feminine[<TAB>case]")
        reader._check(name, line_no, case or "-", CASES, "case")
        yield HonorificPair(masc.lower(), fem.lower(), case or "-")


def noun_paradigms(reader):
    """The rows of ``noun_paradigms.tsv``."""
    name = "noun_paradigms.tsv"
    for line_no, (gender, number, cases, pattern, repl) in reader._rows(name, 5):
        reader._check(name, line_no, gender, (*GENDERS, "*"), "gender")
        reader._check(name, line_no, number, NUMBERS, "number")
        case_set = frozenset() if cases in ("*", "") else frozenset(cases.split("|"))
        for case in case_set:
            reader._check(name, line_no, case, CASES, "case")
        try:
            compiled = re.compile(pattern)
        except re.error as err:
            reader._fail(name, line_no, f"bad regex {pattern!r} ({err})")
        yield NounFormRule(gender, number.capitalize(), case_set, compiled, repl)


def agreement(reader):
    """The rows of ``agreement.tsv``."""
    name = "agreement.tsv"
    for line_no, (masc, fem, case, number, declension) in reader._rows(name, 5):
        ending = masc.startswith("-")
        if not (masc and fem) or ending != fem.startswith("-"):
            reader._fail(name, line_no, "expected masculine<TAB>feminine<TAB>case<TAB>number"
                         "<TAB>declension, both forms whole words or both -endings")
        reader._check(name, line_no, case or "-", CASES, "case")
        reader._check(name, line_no, number, NUMBERS, "number")
        yield AgreementRow(masc.lower().lstrip("-"), fem.lower().lstrip("-"), ending,
                           case or "-", number.capitalize(), declension or "-")


def determiner_readings(reader):
    """The rows of ``determiner_readings.tsv``: form -> its readings."""
    name = "determiner_readings.tsv"
    for line_no, (form, readings) in reader._rows(name, 2):
        parsed = []
        for reading in readings.split():
            case, number, *gender = reading.split(".")
            if (case, number) not in _UD_CASE_NUMBER or gender[1:] or (
                    gender and gender[0] not in ("Masc", "Fem", "Neut")):
                reader._fail(name, line_no, "readings are Case.Number[.Gender] in UD values "
                             f"(Nom.Sing.Masc, Gen.Plur), got {reading!r}")
            parsed.append((case, number, gender[0] if gender else None))
        yield form.lower(), tuple(parsed)


# The UD (case, number) pairs of determiner_readings.tsv.
_UD_CASE_NUMBER = frozenset((case, number) for case in ("Nom", "Acc", "Dat", "Gen")
                            for number in ("Sing", "Plur"))
