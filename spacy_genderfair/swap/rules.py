"""The morphological swapper's rules as data: an id, the grammar each encodes, where it fires.

Every decision of the Ukrainian engine that is grammar rather than plumbing — a relation
that finds the words agreeing with a person (subject and predicate, relative pronoun,
apposition, …), a predicate that says a word is no person to swap, a reading of a name — is
a method marked ``@rule("id")``. The id's row in ``lang/uk/swap_rules.tsv`` says which
relation it belongs to and, in one line, the general grammar it encodes.

A rule *fires* when its predicate holds (returns a true value) or its relation finds a word.
``counting_rules()`` counts firings while it is open (``benchmarks/swap_eval.py`` prints
them per document for the tuning and frozen parts of NER-UK DEV and for UD uk_iu), and
``rules_disabled(ids)`` switches rules off, as if deleted, to measure what each is worth
(``benchmarks/swap_rule_ablation.py``). The marked methods are wrapped only while one of
them is open: a swap outside them runs the plain methods.

    >>> with counting_rules() as fired:
    ...     doc = nlp("Лікар сказав, що сам знайшов причину.")
    >>> fired.most_common(3)
"""

import csv
import functools
import inspect
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

RULE_TABLE = Path(__file__).parent.parent / "lang" / "uk" / "swap_rules.tsv"
RELATIONS = ("structure", "target", "modifier", "subject-predicate", "predicate-complement",
             "relative-pronoun", "apposition", "anaphoric-pronoun", "name")


@dataclass(frozen=True)
class Rule:
    id: str
    relation: str
    statement: str


class _Switches:
    """What the wrapped methods report to and obey, while a context manager is open."""
    counts: Counter | None = None
    disabled: frozenset[str] = frozenset()
    depth = 0  # open context managers: the methods are wrapped while it is above 0


_SWITCHES = _Switches()
# (class, attribute, method, rule id) of every marked method, filled as classes are made
_MARKED: list[tuple[type, str, object, str]] = []
# the ids that marked methods use
USED_IDS: set[str] = set()


class rule:  # (lower case: it is used as a decorator, ``@rule("id")``)
    """Mark a method as the rule ``rule_id``.

    The class keeps the plain method: a swap pays nothing for the marking. While
    ``counting_rules`` or ``rules_disabled`` is open, the method is wrapped to count its
    firings and obey the switch: switched off, a predicate returns None (its condition
    never holds) and a relation finds nothing.
    """

    def __init__(self, rule_id: str) -> None:
        self.rule_id = rule_id
        USED_IDS.add(rule_id)

    def __call__(self, method):
        self.method = method
        return self

    def __set_name__(self, owner: type, name: str) -> None:
        _MARKED.append((owner, name, self.method, self.rule_id))
        setattr(owner, name, self.method)


def _wrapped(method, rule_id: str):
    if inspect.isgeneratorfunction(method):
        @functools.wraps(method)
        def relation(*args, **kwargs):
            if rule_id in _SWITCHES.disabled:
                return
            found = False
            for item in method(*args, **kwargs):
                if not found:
                    found = True
                    if _SWITCHES.counts is not None:
                        _SWITCHES.counts[rule_id] += 1
                yield item
        return relation

    @functools.wraps(method)
    def predicate(*args, **kwargs):
        if rule_id in _SWITCHES.disabled:
            return None
        result = method(*args, **kwargs)
        if result and _SWITCHES.counts is not None:
            _SWITCHES.counts[rule_id] += 1
        return result
    return predicate


@contextmanager
def _watching() -> Iterator[None]:
    """Wrap the marked methods while the block runs (blocks may nest)."""
    if _SWITCHES.depth == 0:
        for owner, name, method, rule_id in _MARKED:
            setattr(owner, name, _wrapped(method, rule_id))
    _SWITCHES.depth += 1
    try:
        yield
    finally:
        _SWITCHES.depth -= 1
        if _SWITCHES.depth == 0:
            for owner, name, method, _ in _MARKED:
                setattr(owner, name, method)


@contextmanager
def counting_rules() -> Iterator[Counter]:
    """Count the rules' firings (rule id -> times) while the block runs."""
    previous, _SWITCHES.counts = _SWITCHES.counts, Counter()
    try:
        with _watching():
            yield _SWITCHES.counts
    finally:
        _SWITCHES.counts = previous


@contextmanager
def rules_disabled(rule_ids: Iterable[str]) -> Iterator[None]:
    """Switch the rules ``rule_ids`` off while the block runs, as if they were deleted."""
    rule_ids = frozenset(rule_ids)
    unknown = sorted(rule_ids - set(read_rules()))
    if unknown:
        raise ValueError(f"No such swap rule: {', '.join(unknown)} (see {RULE_TABLE.name})")
    previous = _SWITCHES.disabled
    _SWITCHES.disabled = previous | rule_ids
    try:
        with _watching():
            yield
    finally:
        _SWITCHES.disabled = previous


@functools.lru_cache(maxsize=1)
def read_rules(path: Path = RULE_TABLE) -> dict[str, Rule]:
    """The rule table: id -> Rule, in the table's order (``#`` lines are comments)."""
    rules: dict[str, Rule] = {}
    with open(path, encoding="utf-8", newline="") as handle:
        rows = csv.reader((line for line in handle if line.strip() and not line.startswith("#")),
                          delimiter="\t", quoting=csv.QUOTE_NONE)
        for number, row in enumerate(rows, 1):
            if len(row) != 3 or row[1] not in RELATIONS or row[0] in rules:
                raise ValueError(f"{path.name}, row {number}: expected a new id, one of "
                                 f"{', '.join(RELATIONS)} and a statement: {row!r}")
            rules[row[0]] = Rule(*row)
    return rules
