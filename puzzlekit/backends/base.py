"""What every backend returns, the one solve loop they share, and their options.

A solver backend's ``solve`` is a short pipeline over this module: `check_options`, a
`Deadline`, then `run`, which prepares the model (`prepare`: the shared transforms for the
kinds the backend does not lower itself), builds the backend's `Session` under the clock,
enumerates with lazy cuts and blocking clauses (`enumerate_lazily`) and reports a `Result`.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable, Hashable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol

from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.errors import OutOfTime, UnknownName
from puzzlekit.ir import Clause, Lit, Model
from puzzlekit.transforms import cuts
from puzzlekit.transforms.cuts import Relaxation
from puzzlekit.transforms.runs import expand_runs

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


class Session:
    """An incremental (or re-solving) solver over a prepared model, as the driver sees it.

    Subclasses implement `add` and `solve`; `stats` and `close` are optional.
    """

    def add(self, clauses: Sequence[Clause]) -> None:
        """Add clauses (cuts or blocking clauses) to every later solve."""
        raise NotImplementedError

    def solve(self, seconds: float | None) -> tuple[str, Sequence[int] | None]:
        """``("sat", values)``, ``("unsat", None)`` or ``("unknown", None)`` on time-out.

        ``values`` is a full assignment of the prepared model's variables (the answer key's
        at least, when no cuts are asked of it). Raising `OutOfTime` means ``unknown``.
        """
        raise NotImplementedError

    def stats(self) -> dict[str, Any]:
        """Solver counters for `Result.stats` (read once, after the enumeration)."""
        return {}

    def close(self) -> None:
        """Free the solver (called once, however the enumeration ended)."""


class Cutter(Protocol):
    """What checks a candidate: `Relaxation`, a `cuts.Cutter`, or a backend's own."""

    def cuts(self, values: Sequence[int]) -> list[Clause]:
        """Clauses the candidate breaks and every real solution keeps; empty if it is valid."""
        ...


_BASIC = frozenset({"Count", "Clause"})  # kinds without a shared transform: every backend lowers them


def prepare(
    model: Model, supports: AbstractSet[str], deadline: Deadline = UNLIMITED, **relax_options: Any
) -> Relaxation:
    """The model with every kind the backend does not lower natively rewritten by the shared
    transforms: `Runs` to clauses (`expand_runs`), graph constraints to degree counts plus
    cuts (`cuts.relax`, given ``relax_options``). Graph kinds in ``supports`` stay in the
    model. Raises `OutOfTime` when the deadline passes while it works.
    """
    missing = _BASIC - supports
    if missing:
        raise ValueError(f"every backend lowers {', '.join(sorted(missing))} itself")
    deadline.check()  # no time left (the model took it all): no work at all
    if model.runs and "Runs" not in supports:
        model = expand_runs(model, deadline)
    relaxed = tuple(g for g in model.graphs if type(g).__name__ not in supports)
    if not relaxed:
        return Relaxation(model, ())
    kept = tuple(g for g in model.graphs if type(g).__name__ in supports)
    relaxation = cuts.relax(replace(model, graphs=relaxed), deadline=deadline, **relax_options)
    if kept:
        relaxation = Relaxation(replace(relaxation.model, graphs=kept), relaxation.graphs)
    return relaxation


def enumerate_lazily(
    model: Model, cutter: Cutter, session: Session, limit: int, deadline: Deadline
) -> tuple[list[Assignment], bool, dict[str, int]]:
    """Solve, cut, repeat; collect up to ``limit`` valid solutions of ``model``.

    Every candidate the cutter accepts is a solution; its answer key is then blocked, so the
    next solve finds another. Returns the solutions, whether the search proved there are no
    more, and stats (``rounds``: solver calls; ``cuts``: clauses added for graph constraints).
    """
    found: list[Assignment] = []
    stats = {"rounds": 0, "cuts": 0}
    while len(found) < limit:
        if deadline.expired():
            return found, False, stats
        stats["rounds"] += 1
        try:
            status, values = session.solve(deadline.left())
        except OutOfTime:
            return found, False, stats
        if status == "unknown":
            return found, False, stats
        if status == "unsat":
            return found, True, stats
        assert values is not None
        try:
            broken = cutter.cuts(values)  # a cutter may read the clock too (sat's probe does)
        except OutOfTime:
            return found, False, stats
        if broken:
            stats["cuts"] += len(broken)
            session.add(broken)
            continue
        found.append(project(model, values))
        if len(found) < limit:
            session.add([blocking_clause(model, values)])
    return found, False, stats


@contextlib.contextmanager
def gc_paused() -> Any:
    """Python's cycle collector off for the block (and back on after, if it was on).

    Lowering a large model makes hundreds of thousands of small objects that are garbage
    only by reference counting; each allocation burst otherwise triggers full collections
    over everything alive, which doubled the time to write a 36x36 Sudoku's CNF.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def run(
    model: Model,
    limit: int,
    deadline: Deadline,
    build: Callable[[Relaxation, Deadline], Session],
    *,
    supports: AbstractSet[str],
    relax: Mapping[str, Any] | None = None,
    cutter: Callable[[Relaxation, Session], Cutter] | None = None,
    stats: Mapping[str, Any] | None = None,
) -> Result:
    """The one solve loop of the solver backends.

    1. `prepare` the model for what the backend ``supports`` (``relax``: options of
       `cuts.relax`), and ``build`` its session; both run under the deadline (and with the
       cycle collector paused, `gc_paused`), and an `OutOfTime` from either is a ``timeout``
       result (with ``compile_seconds``).
    2. `enumerate_lazily` up to ``limit`` solutions, the candidates checked by
       ``cutter(relaxation, session)`` (default: the relaxation's own cuts).
    3. Close the session and report: status, completeness and stats, namely ``seconds``,
       ``compile_seconds``, ``rounds``, ``cuts``, the session's own counters and ``stats``.
    """
    extra = dict(stats or {})
    try:
        with gc_paused():
            relaxation = prepare(model, supports, deadline, **(relax or {}))
            session = build(relaxation, deadline)
    except OutOfTime:
        return timed_out(deadline, **extra)
    compile_seconds = round(deadline.elapsed(), 6)
    try:
        check = relaxation if cutter is None else cutter(relaxation, session)
        found, exhausted, loop = enumerate_lazily(relaxation.model, check, session, limit, deadline)
        counters = session.stats()
    finally:
        session.close()
    status, complete = outcome(found, exhausted)
    report = {"compile_seconds": compile_seconds, **extra, **loop, **counters}
    return finish(status, found, complete, deadline, **report)


# --- options: declared once per backend, checked here for the library and the CLI alike ---


@dataclass(frozen=True)
class Option:
    """One keyword option of a backend's ``solve``: its meaning, default and allowed values.

    ``choices`` lists the allowed values (text from the command line matches a choice by its
    lower-case spelling); ``noun`` names what they are, for the message that refuses
    another value ("unknown MIP solver 'x'"). ``parse`` converts and checks a value instead,
    raising `ValueError` with the reason. With neither, any value is taken as given.
    """

    help: str
    default: Any = None
    choices: tuple[Any, ...] = ()
    parse: Callable[[Any], Any] | None = None
    noun: str = ""

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
        allowed = "use one of " + ", ".join(str(c).lower() if isinstance(c, bool) else str(c)
                                            for c in self.choices)
        raise ValueError(f"unknown {self.noun} {value!r}; {allowed}" if self.noun else allowed)


def whole_number(lo: int, hi: int, what: str = "the value") -> Callable[[Any], int]:
    """An option parser for an integer in ``lo..hi`` (text of digits is accepted too);
    ``what`` names it in the message that refuses another value."""

    def parse(value: Any) -> int:
        if isinstance(value, str) and value.strip().lstrip("+-").isdigit() and len(value) < 20:
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ValueError(f"{what} must be a whole number from {lo} to {hi}")
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
