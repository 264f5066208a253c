"""Numberlink in a pack: ``nums`` ``[r, c, k]``, ``cover``, ``uturns`` (only when ``"no"``);
``s`` the lines' edges."""

from __future__ import annotations

from typing import Any

from ...pack.shapes import edge_marks, rows, steps
from . import Puzzle, Solution

ANSWER = "edges"


def answer(solution: Solution) -> Any:
    return steps(solution.edges)


def encode(puzzle: Puzzle, answer: Any) -> dict[str, Any]:
    nums = [[r, c, k] for r, row in enumerate(puzzle.grid) for c, k in enumerate(row) if k]
    out: dict[str, Any] = {"nums": nums, "cover": puzzle.cover}
    if puzzle.uturns != "yes":
        out["uturns"] = puzzle.uturns
    return out


def decode(data: dict[str, Any]) -> Puzzle:
    h, w = data["h"], data["w"]
    cells = [0] * (h * w)
    for r, c, k in data["nums"]:
        cells[r * w + c] = k
    return Puzzle(grid=rows(cells, h, w), cover=data["cover"], uturns=data.get("uturns", "yes"))


def page_entries(puzzle: Puzzle, known: dict[Any, int]) -> dict[str, int]:
    """The page entries known answer-key values fix (hints): steps and sides known empty."""
    return edge_marks(known)
