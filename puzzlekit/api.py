"""The library API and the one pipeline: load, model, solve on a backend, decode, verify.

The command line, the benchmarks and batch runs all go through `solve` here, so every answer
anyone sees has passed the genre's rule checker.
"""

from __future__ import annotations

import os
from collections.abc import Hashable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from puzzlekit import backends

from . import genres, textio
from .clock import Deadline
from .errors import BackendUnavailable, InternalError, OutOfTime
from .ir import Clause, Lit

#: Fastest installed backend per genre, in order of preference, from docs/benchmarks.md.
PREFERENCE: dict[str, tuple[str, ...]] = {
    "masyu": ("sat", "cpsat"),
    "tracks": ("sat", "search", "cpsat"),
    "numberlink": ("sat", "cpsat"),
    "hashi": ("sat", "cpsat"),
    "slitherlink": ("sat", "cpsat"),
    "sudoku": ("cpsat", "sat"),
    "nonogram": ("cpsat", "sat"),
    "queens": ("search", "sat", "cpsat"),
    "zip": ("search", "sat", "cpsat"),
    "tents": ("cpsat", "sat"),
    "patches": ("cpsat", "sat"),
}
DEFAULT_PREFERENCE: tuple[str, ...] = ("cpsat", "sat", "z3", "mip", "search", "csp")


@dataclass(frozen=True)
class SolveResult:
    """What `solve` found: status, decoded solutions, uniqueness when checked, stats."""

    genre: str
    backend: str
    status: str
    solutions: tuple[Any, ...]
    unique: bool | None
    seconds: float
    stats: dict = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The solution JSON shared by every genre (see docs/genres/)."""
        return {
            "genre": self.genre,
            "backend": self.backend,
            "status": self.status,
            "seconds": round(self.seconds, 3),
            "unique": self.unique,
            "solutions": [s.to_json() for s in self.solutions],
        }


def genre_module(puzzle: Any) -> ModuleType:
    """The genre module a puzzle object belongs to."""
    module = type(puzzle).__module__
    prefix = genres.__name__ + "."
    if not module.startswith(prefix):
        raise TypeError(f"{type(puzzle).__name__} is not a puzzlekit puzzle")
    return genres.get(module[len(prefix):])


def load(genre: str, path_or_text: str | os.PathLike, source: str | None = None) -> Any:
    """Parse a puzzle from a file path (``-``: standard input) or from its text."""
    module = genres.get(genre)
    text, name = textio.read_source(path_or_text, source)
    return module.parse(text, name)


def choose_backend(genre: str | None = None) -> str:
    """The backend ``auto`` stands for: the fastest measured for the genre among those installed."""
    for name in PREFERENCE.get(genre or "", ()) + DEFAULT_PREFERENCE:
        if backends.version(name) is not None:
            return name
    raise BackendUnavailable("cpsat", "ortools", "cpsat")



def _backend(name: str, genre: str) -> tuple[str, ModuleType]:
    chosen = choose_backend(genre) if name == "auto" else name
    return chosen, backends.get(chosen)


def _checked(module: ModuleType, puzzle: Any, backend: str, assignment: dict) -> Any:
    """The decoded solution, after the genre's rule checker has accepted it."""
    solution = module.decode(puzzle, assignment)
    problems = module.verify(puzzle, solution)
    if problems:
        raise InternalError(
            f"backend {backend!r} returned a {module.NAME} answer that breaks the rules: "
            + "; ".join(problems[:3]) + (f" (and {len(problems) - 3} more)" if len(problems) > 3 else "")
        )
    return solution


def solve(
    puzzle: Any,
    backend: str = "cpsat",
    limit: int = 1,
    time_limit: float | None = None,
    unique: bool = False,
    seed: int = 0,
    **options: Any,
) -> SolveResult:
    """Solve a puzzle; with ``unique`` (or ``limit`` > 1) also decide uniqueness.

    The pipeline: model -> backend -> decode -> verify. Every returned solution has passed the
    genre's rule checker; one that does not is a bug and raises `InternalError`.
    ``backend="auto"`` picks the fastest installed backend for the genre; the result names it.
    The time limit covers building the model too.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    module = genre_module(puzzle)
    name, solver = _backend(backend, module.NAME)
    deadline = Deadline(time_limit)
    model = module.model(puzzle)
    model_seconds = deadline.elapsed()
    wanted = max(limit, 2) if unique else limit
    result = solver.solve(model, limit=wanted, time_limit=deadline.left(), seed=seed, **options)
    solutions = tuple(_checked(module, puzzle, name, a) for a in result.solutions)
    is_unique: bool | None = None
    if wanted > 1 and result.status == "solved":
        if len(solutions) > 1:
            is_unique = False
        elif result.complete:
            is_unique = True
    if unique and limit == 1:
        solutions = solutions[:2]
    stats = {**result.stats, "model_seconds": round(model_seconds, 6), "model": model.stats()}
    return SolveResult(module.NAME, name, result.status, solutions, is_unique, deadline.elapsed(), stats)


def count(
    puzzle: Any, up_to: int = 1000, backend: str = "cpsat", time_limit: float | None = None
) -> int:
    """How many solutions the puzzle has, counting at most ``up_to``."""
    return len(solve(puzzle, backend, limit=up_to, time_limit=time_limit).solutions)


def is_unique(puzzle: Any, backend: str = "cpsat", time_limit: float | None = None) -> bool:
    """Whether the puzzle has exactly one solution (raises `OutOfTime` if undecided)."""
    result = solve(puzzle, backend, unique=True, time_limit=time_limit)
    if result.status == "unsolvable":
        return False
    if result.unique is None:
        raise OutOfTime("uniqueness was not decided within the time limit")
    return result.unique


def determined(
    puzzle: Any, backend: str = "cpsat", time_limit: float | None = None
) -> dict[Hashable, int] | None:
    """Answer-key values that are the same in every solution (the backbone).

    Returns None when the puzzle has no solution; raises `OutOfTime` when the time limit ends
    first. Works on any backend: it keeps asking for a solution that differs from the running
    intersection somewhere, and shrinks the intersection, until none exists. The puzzle is
    unique iff every answer-key variable is in the result. Every solution met is verified.
    """
    module = genre_module(puzzle)
    name, solver = _backend(backend, module.NAME)
    deadline = Deadline(time_limit)
    model = module.model(puzzle)

    def another(extra: list[Clause]) -> dict | None:
        result = solver.solve(model.with_constraints(clauses=extra), limit=1, time_limit=deadline.left())
        if result.status == "unsolvable":
            return None
        if result.status != "solved":
            raise OutOfTime("the backbone was not decided within the time limit")
        _checked(module, puzzle, name, result.solutions[0])
        return result.solutions[0]

    first = another([])
    if first is None:
        return None
    index = {model.vars[i].key: i for i in model.output}
    common = dict(first)
    while common:
        other = another([Clause(tuple(Lit(index[k], v, False) for k, v in common.items()))])
        if other is None:
            break
        common = {k: v for k, v in common.items() if other[k] == v}
    return common
