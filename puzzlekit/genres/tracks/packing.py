"""Tracks in a pack: ``cols``, ``rows`` (the counts), ``a`` and ``b`` (the ends), ``gv`` the given
pieces ``[r, c, "UD"]``; ``s`` the track's edges."""

from __future__ import annotations

from typing import Any

from ...pack.shapes import edge_marks, steps
from . import Puzzle, Solution

ANSWER = "edges"


def answer(solution: Solution) -> Any:
    return steps(solution.edges)


def encode(puzzle: Puzzle, answer: Any) -> dict[str, Any]:
    return {"cols": list(puzzle.cols), "rows": list(puzzle.rows), "a": list(puzzle.start),
            "b": list(puzzle.end), "gv": [[r, c, d] for (r, c), d in puzzle.givens]}


def decode(data: dict[str, Any]) -> Puzzle:
    return Puzzle(cols=tuple(data["cols"]), rows=tuple(data["rows"]), start=tuple(data["a"]),
                  end=tuple(data["b"]), givens=tuple(((r, c), d) for r, c, d in data["gv"]))


def page_entries(puzzle: Puzzle, known: dict[Any, int]) -> dict[str, int]:
    """The page entries known answer-key values fix (hints): steps and sides known empty."""
    return edge_marks(known)
