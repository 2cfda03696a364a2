"""Which way a swap goes: the ``direction`` setting shared by every engine.

- ``invert``: masculine persons become feminine and feminine ones masculine;
- ``to_feminine`` / ``to_masculine``: only the persons of the other gender change;
- ``feminine_first``: ``to_feminine`` when the Doc names anyone masculine, else ``invert``
  (its feminine persons become masculine). Every Doc gets a counterpart, and a mixed one
  gains women instead of trading them for men: this is how the NER-UK v2.0-swapped
  references were written (in DEV lines that name a man and a woman, the reference mostly
  keeps the woman and swaps the man; see ``benchmarks/swap_eval.py``).
"""

import random
from collections.abc import Callable
from typing import Literal, get_args

# The type of every "direction" setting, so that spaCy's config validation rejects a bad one.
Direction = Literal["invert", "to_feminine", "to_masculine", "feminine_first"]
DIRECTIONS = get_args(Direction)
# The reason of a report on a job entity none of whose words the lexicon knows: it tells the
# user of a gap, and says nothing of which persons a Doc names (see ``by_direction``).
UNKNOWN_TITLE = "job title not in the lexicon"


def check_direction(direction: str) -> None:
    if direction not in DIRECTIONS:
        raise ValueError(f"direction must be one of {DIRECTIONS}, got {direction!r}")


def wanted(direction: str, gender: str) -> bool:
    """Whether a person of UD ``gender`` (Masc | Fem) is swapped in a one-way or inverting
    ``direction`` (``by_direction`` resolves ``feminine_first`` to one of those)."""
    return (direction == "invert"
            or (direction == "to_feminine" and gender == "Masc")
            or (direction == "to_masculine" and gender == "Fem"))


class LazyRandom:
    """A ``random.Random`` seeded on its first draw: most sentences draw no name, and
    seeding one from the text and saving its state for each try cost more than the swap of
    a short sentence. Draws the same numbers as ``random.Random(seed)``; ``seed`` may be a
    function that makes it, called on the first draw (joining a Doc's text is work too)."""

    def __init__(self, seed: int | str | Callable[[], int | str]) -> None:
        self._seed = seed
        self._rng: random.Random | None = None

    def _random(self) -> random.Random:
        if self._rng is None:
            seed = self._seed() if callable(self._seed) else self._seed
            self._rng = random.Random(seed)
        return self._rng

    def choices(self, population, weights=None, *, cum_weights=None, k=1) -> list:
        return self._random().choices(population, weights, cum_weights=cum_weights, k=k)

    def getstate(self) -> object:
        return None if self._rng is None else self._rng.getstate()

    def setstate(self, state: object) -> None:
        if state is None:
            self._rng = None  # not drawn from yet: the next draw seeds it afresh
        else:
            self._random().setstate(state)


def by_direction(direction: str, swap: Callable[[str], list],
                 rng: random.Random | None = None) -> list:
    """The edits of ``swap(direction)``, with ``feminine_first`` resolved: the edits towards
    the feminine when there are any (a masculine person found, even one whose counterpart
    is unknown and only reported; not a job title the lexicon lacks altogether), else those
    of ``invert``. ``rng``, the one ``swap``
    draws names from, is rewound between the two tries, so the names drawn do not depend
    on the first one."""
    check_direction(direction)
    if direction != "feminine_first":
        return swap(direction)
    state = rng.getstate() if rng is not None else None
    edits = swap("to_feminine")
    if any(not edit.reason.startswith(UNKNOWN_TITLE) for edit in edits):
        return edits
    if rng is not None:
        rng.setstate(state)
    return swap("invert")
