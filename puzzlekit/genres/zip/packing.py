"""Zip in a pack: ``nums`` ``[r, c, k]``, ``walls`` ``[r1, c1, r2, c2]``; ``s`` the path's steps."""

from __future__ import annotations

from typing import Any

from ...pack.shapes import edge_marks, rows, steps
from . import Puzzle, Solution

ANSWER = "edges"


def answer(solution: Solution) -> Any:
    return steps(zip(solution.path, solution.path[1:]))


def encode(puzzle: Puzzle, answer: Any) -> dict[str, Any]:
    return {"nums": [[r, c, k] for r, row in enumerate(puzzle.grid) for c, k in enumerate(row) if k],
            "walls": [[*a, *b] for a, b in sorted(tuple(sorted(e)) for e in puzzle.walls)]}


def decode(data: dict[str, Any]) -> Puzzle:
    h, w = data["h"], data["w"]
    cells = [0] * (h * w)
    for r, c, k in data["nums"]:
        cells[r * w + c] = k
    walls = frozenset(((a, b), (c, d)) for a, b, c, d in data["walls"])
    return Puzzle(grid=rows(cells, h, w), walls=walls)


def page_entries(puzzle: Puzzle, known: dict[Any, int]) -> dict[str, int]:
    """The page entries known answer-key values fix (hints): steps and sides known empty."""
    return edge_marks(known)
