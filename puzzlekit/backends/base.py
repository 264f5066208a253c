"""What every backend returns, and the small helpers they share."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from puzzlekit.clock import Deadline
from puzzlekit.errors import UnknownName
from puzzlekit.ir import Clause, Lit, Model

Status = Literal["solved", "unsolvable", "timeout"]
Assignment = dict[Hashable, int]


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


class Session(Protocol):
    """An incremental (or re-solving) solver over a relaxed model."""

    def add(self, clauses: Sequence[Clause]) -> None:
        """Add clauses (cuts or blocking clauses) to every later solve."""

    def solve(self, seconds: float | None) -> tuple[str, Sequence[int] | None]:
        """``("sat", values)``, ``("unsat", None)`` or ``("unknown", None)`` on time-out."""


def enumerate_lazily(
    relaxation: Any, session: Session, limit: int, deadline: Deadline
) -> tuple[list[Assignment], bool, dict[str, int]]:
    """Solve, cut, repeat; collect up to ``limit`` valid solutions.

    Returns the solutions, whether the search proved there are no more, and stats
    (``rounds``: solver calls; ``cuts``: clauses added for graph constraints).
    """
    found: list[Assignment] = []
    stats = {"rounds": 0, "cuts": 0}
    model = relaxation.model
    while len(found) < limit:
        if deadline.expired():
            return found, False, stats
        status, values = session.solve(deadline.left())
        stats["rounds"] += 1
        if status == "unknown":
            return found, False, stats
        if status == "unsat":
            return found, True, stats
        assert values is not None
        cuts = relaxation.cuts(values)
        if cuts:
            stats["cuts"] += len(cuts)
            session.add(cuts)
            continue
        found.append(project(model, values))
        if len(found) < limit:
            session.add([blocking_clause(model, values)])
    return found, False, stats


# --- options: declared once per backend, checked here for the library and the CLI alike ---


@dataclass(frozen=True)
class Option:
    """One keyword option of a backend's ``solve``: its meaning, default and allowed values.

    ``choices`` lists the allowed values (text from the command line matches a choice by its
    lower-case spelling); ``parse`` converts and checks a value instead, raising `ValueError`
    with the reason. With neither, any value is taken as given.
    """

    help: str
    default: Any = None
    choices: tuple[Any, ...] = ()
    parse: Callable[[Any], Any] | None = None

    def read(self, value: Any) -> Any:
        """The checked value (raises `ValueError` naming what is allowed)."""
        if self.parse is not None:
            return self.parse(value)
        if not self.choices:
            return value
        for choice in self.choices:
            if value is choice or (type(value) is type(choice) and value == choice):
                return choice
            if isinstance(value, str) and value.lower() == str(choice).lower():
                return choice
        raise ValueError("use one of " + ", ".join(str(c) for c in self.choices))


def whole_number(lo: int, hi: int) -> Callable[[Any], int]:
    """An option parser for an integer in ``lo..hi`` (text of digits is accepted too)."""

    def parse(value: Any) -> int:
        if isinstance(value, str) and value.strip().lstrip("+-").isdigit() and len(value) < 20:
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ValueError(f"use a whole number from {lo} to {hi}")
        return value

    return parse


def check_options(backend: str, declared: Mapping[str, Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Every declared option's value: the given ones checked, the rest at their defaults.

    An unknown name or a bad value raises `UnknownName` with one message, the same from the
    library and the command line.
    """
    out = {name: option.default for name, option in declared.items()}
    for name, value in given.items():
        if name not in declared:
            offer = f"its options: {', '.join(declared)}" if declared else "it takes none"
            raise UnknownName(f"backend {backend!r} has no option {name!r}; {offer}")
        try:
            out[name] = declared[name].read(value)
        except ValueError as exc:
            message = f"backend {backend!r}: bad value {value!r} for option {name!r}: {exc}"
            raise UnknownName(message) from None
    return out
