"""The library API: load a puzzle, solve it on a backend, count, test uniqueness, backbones."""

from __future__ import annotations

import os
import time
from collections.abc import Hashable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from puzzlekit import backends

from . import genres, textio
from .errors import BackendUnavailable
from .ir import Clause, Lit, Model

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
        """The solution JSON of GENRES.md."""
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

    ``backend="auto"`` picks the fastest installed backend for the genre; the result names it.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    module = genre_module(puzzle)
    name, solver = _backend(backend, module.NAME)
    started = time.perf_counter()
    model = module.model(puzzle)
    wanted = max(limit, 2) if unique else limit
    if time_limit is not None:  # the limit covers building the model too
        time_limit = max(0.0, time_limit - (time.perf_counter() - started))
    result = solver.solve(model, limit=wanted, time_limit=time_limit, seed=seed, **options)
    solutions = tuple(module.decode(puzzle, a) for a in result.solutions)
    is_unique: bool | None = None
    if wanted > 1 and result.status == "solved":
        if len(solutions) > 1:
            is_unique = False
        elif result.complete:
            is_unique = True
    if unique and limit == 1:
        solutions = solutions[:2]
    stats = {**result.stats, "model": model.stats()}
    return SolveResult(
        module.NAME, name, result.status, solutions, is_unique,
        time.perf_counter() - started, stats,
    )


def count(
    puzzle: Any, up_to: int = 1000, backend: str = "cpsat", time_limit: float | None = None
) -> int:
    """How many solutions the puzzle has, counting at most ``up_to``."""
    return len(solve(puzzle, backend, limit=up_to, time_limit=time_limit).solutions)


def is_unique(puzzle: Any, backend: str = "cpsat", time_limit: float | None = None) -> bool:
    """Whether the puzzle has exactly one solution (raises TimeoutError if undecided)."""
    result = solve(puzzle, backend, unique=True, time_limit=time_limit)
    if result.status == "unsolvable":
        return False
    if result.unique is None:
        raise TimeoutError("uniqueness was not decided within the time limit")
    return result.unique


def determined(
    puzzle: Any, backend: str = "cpsat", time_limit: float | None = None
) -> dict[Hashable, int] | None:
    """Answer-key values that are the same in every solution (the backbone).

    Returns None when the puzzle has no solution. Works on any backend: it keeps asking for
    a solution that differs from the running intersection somewhere, and shrinks the
    intersection, until none exists. The puzzle is unique iff every answer-key variable is
    in the result.
    """
    module = genre_module(puzzle)
    _, solver = _backend(backend, module.NAME)
    model = module.model(puzzle)
    return backbone(model, solver, time_limit)


def backbone(model: Model, solver: ModuleType, time_limit: float | None = None) -> dict[Hashable, int] | None:
    """The output variables' values fixed in every solution of an IR model."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    first = solver.solve(model, limit=1, time_limit=time_limit)
    if first.status == "unsolvable":
        return None
    if first.status != "solved":
        raise TimeoutError("no solution found within the time limit")
    index = {model.vars[i].key: i for i in model.output}
    common = dict(first.solutions[0])
    while common:
        differ = Clause(tuple(Lit(index[k], v, False) for k, v in common.items()))
        left = None if deadline is None else max(0.0, deadline - time.perf_counter())
        result = solver.solve(model.with_constraints(clauses=[differ]), limit=1, time_limit=left)
        if result.status == "unsolvable":
            break
        if result.status != "solved":
            raise TimeoutError("the backbone was not decided within the time limit")
        other = result.solutions[0]
        common = {k: v for k, v in common.items() if other[k] == v}
    return common
