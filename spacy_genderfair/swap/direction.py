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

DIRECTIONS = ("invert", "to_feminine", "to_masculine", "feminine_first")


def check_direction(direction: str) -> None:
    if direction not in DIRECTIONS:
        raise ValueError(f"direction must be one of {DIRECTIONS}, got {direction!r}")


def wanted(direction: str, gender: str) -> bool:
    """Whether a person of UD ``gender`` (Masc | Fem) is swapped in a one-way or inverting
    ``direction`` (``by_direction`` resolves ``feminine_first`` to one of those)."""
    return (direction == "invert"
            or (direction == "to_feminine" and gender == "Masc")
            or (direction == "to_masculine" and gender == "Fem"))


def by_direction(direction: str, swap: Callable[[str], list],
                 rng: random.Random | None = None) -> list:
    """The edits of ``swap(direction)``, with ``feminine_first`` resolved: the edits towards
    the feminine when there are any (a masculine person found, even one whose counterpart
    is unknown and only reported), else those of ``invert``. ``rng``, the one ``swap``
    draws names from, is rewound between the two tries, so the names drawn do not depend
    on the first one."""
    check_direction(direction)
    if direction != "feminine_first":
        return swap(direction)
    state = rng.getstate() if rng is not None else None
    edits = swap("to_feminine")
    if edits:
        return edits
    if rng is not None:
        rng.setstate(state)
    return swap("invert")
