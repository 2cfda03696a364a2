"""The language profile's swap tables for the steps of the swap (pronouns, titles, agreeing
words and endings, noun paradigms), indexed by the form of each gender once per lexicon."""

from weakref import WeakKeyDictionary

from ...lang.profile import PronounSwapRow
from ...lexicon import Lexicon
from ...morph import OTHER_GENDER


class Tables:
    """The profile's swap tables, indexed by the form of each gender."""

    def __init__(self, lexicon: Lexicon) -> None:
        profile = lexicon.profile
        self.pronouns = _index(profile.pronoun_swaps) if profile.pronoun_swaps else _pair_index(
            profile.pronoun_pairs)
        self.titles = _index(profile.honorific_pairs)
        words = [r for r in profile.agreement if not r.ending]
        self.words = _index(words)
        self.endings = {g: [r for r in profile.agreement if r.ending] for g in OTHER_GENDER}
        self.all_words = frozenset(r.masculine for r in words) | {r.feminine for r in words}
        self.paradigms = profile.noun_paradigms
        self.cases = sorted({c for rule in self.paradigms for c in rule.cases})


def _index(rows) -> dict[str, dict[str, list]]:
    """Rows by the form of each gender: {"Masc": {masculine form: rows}, "Fem": {...}}."""
    index: dict[str, dict[str, list]] = {"Masc": {}, "Fem": {}}
    for row in rows:
        index["Masc"].setdefault(row.masculine, []).append(row)
        index["Fem"].setdefault(row.feminine, []).append(row)
    return index


def _pair_index(pairs) -> dict[str, dict[str, list]]:
    """A profile's ``pronoun_pairs`` (masculine, feminine: він/вона, йому/їй), the list of a
    language whose analyser declines (Ukrainian), indexed as swap rows of any type and case;
    a form listed with two counterparts keeps the first ("ній" → "ньому", not "нім")."""
    index: dict[str, dict[str, list]] = {"Masc": {}, "Fem": {}}
    for masculine, feminine in pairs:
        row = PronounSwapRow(masculine, feminine, "*", "-", "sing")
        index["Masc"].setdefault(masculine, [row])
        index["Fem"].setdefault(feminine, [row])
    return index


def _other(row, gender: str) -> str:
    return row.feminine if gender == "Masc" else row.masculine


def _own(row, gender: str) -> str:
    return row.masculine if gender == "Masc" else row.feminine


def _narrow(rows: list, keep) -> list:
    """The rows that ``keep`` accepts, or all of them when it accepts none: the token's
    annotation narrows the choice but never empties it (a pipeline may tag "hers" PRP)."""
    kept = [row for row in rows if keep(row)]
    return kept or rows


_TABLES: "WeakKeyDictionary[Lexicon, Tables]" = WeakKeyDictionary()


def tables_of(lexicon: Lexicon) -> Tables:
    """The tables of ``lexicon``, indexed once per lexicon."""
    if lexicon not in _TABLES:
        _TABLES[lexicon] = Tables(lexicon)
    return _TABLES[lexicon]
