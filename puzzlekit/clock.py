"""Deadlines: one wall-clock budget shared by everything a call does."""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from typing import TypeVar

from .errors import OutOfTime

T = TypeVar("T")


class Deadline:
    """Wall-clock budget of one call; ``seconds=None`` means no limit."""

    def __init__(self, seconds: float | None):
        self.start = time.perf_counter()
        self.seconds = seconds

    def elapsed(self) -> float:
        """Seconds since the deadline was made."""
        return time.perf_counter() - self.start

    def left(self) -> float | None:
        """Seconds left, or None without a limit (never negative)."""
        if self.seconds is None:
            return None
        return max(0.0, self.seconds - self.elapsed())

    def budget(self) -> float | None:
        """The seconds left, as the time limit of a call that takes one (None: no limit);
        `OutOfTime` once none is left, since such a call refuses a limit of 0 s (one reading of
        the clock: a check before `left` could still pass it 0 s)."""
        left = self.left()
        if left is not None and left <= 0.0:
            raise OutOfTime("the time limit ended")
        return left

    def expired(self) -> bool:
        """Whether the time is up."""
        left = self.left()
        return left is not None and left <= 0.0

    def check(self) -> None:
        """Raise `OutOfTime` once the time is up."""
        if self.seconds is not None and time.perf_counter() - self.start >= self.seconds:
            raise OutOfTime("the time limit ended")

    def paced(self, items: Iterable[T], every: int = 16) -> Iterator[T]:
        """The items, reading the clock every few of them: long loops stop at the limit."""
        if self.seconds is None:
            yield from items
            return
        for i, item in enumerate(items):
            if not i % every:
                self.check()
            yield item


UNLIMITED = Deadline(None)  # for code called without a time limit
