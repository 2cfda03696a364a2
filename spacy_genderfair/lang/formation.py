"""Which feminine a masculine person noun forms, learned from a dictionary's attested pairs.

A language whose feminine person nouns are formed by suffixes (Ukrainian: лікар → лікарка,
працівник → працівниця, кравець → кравчиня, українець → українка) lists the suffix pairs of
its grammar in the profile's ``derivation``. Which of them a masculine takes is a matter of
its ending, and the dictionary tells it: :func:`learn_formation` counts, over every pair of
a masculine and a feminine animate noun the dictionary knows that one of the profile's rules
connects, which rule each masculine ending took. A masculine the dictionary lists without a
feminine then gets the feminine of the rule its ending takes most (``FeminineFormation.
feminine``), where that rule is productive enough: a *derived* pair, as opposed to an
*attested* one.

The learned table ships as data (``lang/<code>/feminine_formation.tsv``: ending, rule,
counts; no word of the dictionary), read by the profile reader, and is rebuilt by
``benchmarks/uk_person_pairs.py learn``.
"""

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

FORMATION_COLUMNS = ("ending", "masc_suffix", "fem_suffix", "pairs", "share", "masculines")

# The longest masculine ending the table is learned for ("-льник", "-ець").
MAX_ENDING = 5
# An ending decides a derived pair with this many attested pairs of its masculines ...
MIN_PAIRS = 8
# ... where its most frequent rule formed this share of them ...
MIN_SHARE = 0.75
# ... and this share of the dictionary's masculines with the ending has an attested feminine:
# an ending most of whose animate masculines lack one names animals, organisms, devices and
# firms as often as people (-ник: заболонник, the beetle; -вач: перетворювач, the device).
MIN_PRODUCTIVITY = 0.5


@dataclass(frozen=True)
class FormationRule:
    """The feminine a masculine ``ending`` takes: strip ``masc_suffix``, add ``fem_suffix``.

    pairs (int): attested pairs of masculines with the ending that took this rule.
    share (float): their share of all attested pairs of masculines with the ending.
    masculines (int): the dictionary's masculine animate nouns with the ending, paired or not.
    """

    ending: str
    masc_suffix: str
    fem_suffix: str
    pairs: int
    share: float
    masculines: int

    @property
    def productivity(self) -> float:
        """The share of the ending's masculines that have an attested feminine."""
        return self.pairs / self.share / self.masculines if self.masculines else 0.0

    def apply(self, masculine: str) -> str:
        return masculine[: len(masculine) - len(self.masc_suffix)] + self.fem_suffix

    @classmethod
    def from_cells(cls, cells) -> "FormationRule":
        """A rule from a table row (``FORMATION_COLUMNS``); ValueError for a bad number."""
        ending, masc_suffix, fem_suffix, pairs, share, masculines = cells
        try:
            return cls(ending, masc_suffix, fem_suffix, int(pairs), float(share),
                       int(masculines))
        except ValueError:
            raise ValueError(f"pairs, share and masculines must be numbers, got {pairs!r}, "
                             f"{share!r}, {masculines!r}") from None

    def cells(self) -> tuple[str, ...]:
        return (self.ending, self.masc_suffix, self.fem_suffix, str(self.pairs),
                str(self.share), str(self.masculines))


class FeminineFormation:
    """The learned rules, looked up by the longest ending of a masculine that has one."""

    def __init__(self, rules: Iterable[FormationRule] = ()) -> None:
        self.rules = {rule.ending: rule for rule in rules}
        self._longest = max((len(ending) for ending in self.rules), default=0)

    def __len__(self) -> int:
        return len(self.rules)

    def rule_for(self, masculine: str) -> FormationRule | None:
        """The rule of the most specific ending of ``masculine`` with evidence enough
        (``MIN_PAIRS`` attested pairs of the ending in all): an ending with fewer gives way
        to a shorter one; None where no ending has enough."""
        for size in range(min(self._longest, len(masculine) - 2), 0, -1):
            rule = self.rules.get(masculine[-size:])
            if rule is not None and rule.pairs / rule.share >= MIN_PAIRS:
                return rule
        return None

    def feminine(self, masculine: str) -> str | None:
        """The feminine the most frequent rule of ``masculine``'s ending forms, where that
        rule formed ``MIN_SHARE`` of the ending's attested pairs and ``MIN_PRODUCTIVITY`` of
        the ending's masculines have an attested feminine; else None."""
        rule = self.rule_for(masculine)
        if rule is None or rule.share < MIN_SHARE or rule.productivity < MIN_PRODUCTIVITY \
                or not masculine.endswith(rule.masc_suffix):
            return None
        return rule.apply(masculine)

    def masculines(self, feminine: str) -> list[str]:
        """The masculines whose derived feminine ``feminine`` may be (each checked with
        :meth:`feminine`)."""
        found = []
        for rule in self.rules.values():
            if feminine.endswith(rule.fem_suffix):
                masculine = feminine[: len(feminine) - len(rule.fem_suffix)] + rule.masc_suffix
                if masculine not in found and self.feminine(masculine) == feminine:
                    found.append(masculine)
        return found


def attested_feminine(masculine: str, derivation, is_feminine) -> tuple[str, str, str] | None:
    """(feminine, masc_suffix, fem_suffix) of the first ``derivation`` rule whose feminine
    ``is_feminine`` accepts (an animate feminine noun of the dictionary), or None."""
    for masc_suffix, fem_suffix in derivation:
        if masculine.endswith(masc_suffix):
            feminine = masculine[: len(masculine) - len(masc_suffix)] + fem_suffix
            if feminine != masculine and is_feminine(feminine):
                return feminine, masc_suffix, fem_suffix
    return None


def learn_formation(pairs: Iterable[tuple[str, str, str]],
                    masculines: Iterable[str]) -> list[FormationRule]:
    """The rule each masculine ending takes most, from attested ``pairs`` (masculine,
    masc_suffix, fem_suffix) among the dictionary's ``masculines``: for every ending of 1 to
    ``MAX_ENDING`` letters (never the whole word) that at least two masculines of a pair
    share, its most frequent rule, with its count and share, and how many ``masculines``
    have the ending. A rule may be longer than the ending ("-к": -ник → -ниця): it applies only to
    the masculines it fits (``FeminineFormation.feminine``), so a short ending stands for
    the rule its words take, not for the rules that fit it alone."""
    counts: dict[str, Counter] = defaultdict(Counter)
    for masculine, masc_suffix, fem_suffix in pairs:
        for ending in _endings(masculine):
            counts[ending][(masc_suffix, fem_suffix)] += 1
    with_ending = Counter(ending for masculine in masculines for ending in _endings(masculine))
    rules = []
    for ending, by_rule in sorted(counts.items()):
        total = sum(by_rule.values())
        (masc_suffix, fem_suffix), count = by_rule.most_common(1)[0]
        if total >= 2:
            rules.append(FormationRule(ending, masc_suffix, fem_suffix, count,
                                       round(count / total, 3),
                                       max(with_ending[ending], total)))
    return rules


def _endings(masculine: str) -> list[str]:
    return [masculine[-size:] for size in range(1, min(MAX_ENDING, len(masculine) - 2) + 1)]


def write_formation(rules: list[FormationRule], path: Path, header: str) -> None:
    """Write ``rules`` as a table, ``header`` (provenance, one comment line each) first."""
    with open(path, "w", encoding="utf-8") as handle:
        for line in header.splitlines():
            handle.write(f"# {line}\n")
        handle.write("\t".join(FORMATION_COLUMNS) + "\n")
        for rule in rules:
            handle.write("\t".join(rule.cells()) + "\n")
