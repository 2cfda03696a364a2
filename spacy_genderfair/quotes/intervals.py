"""Containment and overlap queries over token ranges, in O(log n) per query (documents may
hold thousands of quotes)."""

from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from itertools import accumulate
from typing import Generic, TypeVar

T = TypeVar("T")


class Intervals(Generic[T]):
    """Items with ``start``/``end`` token offsets (end exclusive), sorted for queries.

    items (Iterable[T]): objects with ``start`` and ``end`` attributes.
    """

    def __init__(self, items: Iterable[T]) -> None:
        self.items = sorted(items, key=lambda item: (item.start, item.end))
        self.starts = [item.start for item in self.items]
        # max_end[k]: the largest end among the first k items
        self.max_end = [-1, *accumulate((item.end for item in self.items), max)]

    def containing(self, start: int, end: int) -> T | None:
        """The item that covers [start, end) and starts last, or None."""
        k = bisect_right(self.starts, start)
        while k > 0 and self.max_end[k] >= end:
            item = self.items[k - 1]
            if item.end >= end:
                return item
            k -= 1
        return None

    def overlaps(self, start: int, end: int) -> bool:
        """Whether an item shares a token with [start, end)."""
        return self.max_end[bisect_left(self.starts, end)] > start
