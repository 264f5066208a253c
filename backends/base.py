"""What every backend returns, and the small helpers they share."""

from __future__ import annotations

import time
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeVar

from puzzlekit.ir import Clause, Lit, Model

Status = Literal["solved", "unsolvable", "timeout"]
Assignment = dict[Hashable, int]
T = TypeVar("T")


class OutOfTime(Exception):
    """The time limit ended while a backend was still building its solver model."""


@dataclass(frozen=True)
class Result:
    """Outcome of `solve`: status, up to ``limit`` distinct answer-key assignments, stats.

    ``status`` is ``solved`` when at least one solution was found, ``unsolvable`` when none
    exists, ``timeout`` when the time limit ended before the first solution. ``complete`` is
    true when the enumeration proved there are no solutions beyond those listed (so
    ``len(solutions) < limit`` and ``complete`` means the list is every solution).
    """

    status: Status
    solutions: tuple[Assignment, ...] = ()
    complete: bool = False
    stats: dict = field(default_factory=dict)


class Deadline:
    """Wall-clock budget shared by the solver calls of one `solve`."""

    def __init__(self, seconds: float | None):
        self.start = time.perf_counter()
        self.seconds = seconds

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def left(self) -> float | None:
        """Seconds left, or None without a limit (never negative)."""
        if self.seconds is None:
            return None
        return max(0.0, self.seconds - self.elapsed())

    def expired(self) -> bool:
        left = self.left()
        return left is not None and left <= 0.0

    def check(self) -> None:
        """Raise `OutOfTime` once the time is up."""
        if self.seconds is not None and time.perf_counter() - self.start >= self.seconds:
            raise OutOfTime

    def paced(self, items: Iterable[T], every: int = 16) -> Iterator[T]:
        """The items, reading the clock every few of them: lowering loops stop at the limit."""
        if self.seconds is None:
            yield from items
            return
        for i, item in enumerate(items):
            if not i % every:
                self.check()
            yield item


UNLIMITED = Deadline(None)  # for lowering code called without a time limit


def project(model: Model, values: Sequence[int]) -> Assignment:
    """The answer-key part of a full assignment, keyed by variable key."""
    return {model.vars[i].key: int(values[i]) for i in model.output}


def blocking_clause(model: Model, values: Sequence[int]) -> Clause:
    """A clause that forbids this assignment of the output variables (and nothing else)."""
    return Clause(tuple(Lit(i, int(values[i]), False) for i in model.output))


def finish(
    status: Status, solutions: list[Assignment], complete: bool, deadline: Deadline, **stats
) -> Result:
    """Build a Result, adding the wall time to the stats."""
    stats = {"seconds": round(deadline.elapsed(), 6), **stats}
    return Result(status, tuple(solutions), complete, stats)


def timed_out(deadline: Deadline, **stats) -> Result:
    """The result of a solve whose time ran out before the solver model was built."""
    return finish("timeout", [], False, deadline, compile_seconds=round(deadline.elapsed(), 6), **stats)


def outcome(found: list[Assignment], exhausted: bool) -> tuple[Status, bool]:
    """Status and completeness after an enumeration stopped by exhaustion or by the clock."""
    if found:
        return "solved", exhausted
    return ("unsolvable", True) if exhausted else ("timeout", False)
