"""Patches in a pack: ``c`` the clues ``[r, c, area or 0, shape or ""]``; ``s`` the rectangles
``[top, left, height, width]``."""

from __future__ import annotations

from typing import Any

from ...pack.shapes import rows
from . import Clue, Puzzle, Solution


def answer(solution: Solution) -> Any:
    return frozenset(solution.rects)


def encode(puzzle: Puzzle, answer: Any) -> dict[str, Any]:
    return {"c": [[r, c, v.area or 0, v.shape or ""] for (r, c), v in sorted(puzzle.clues().items())],
            "s": [list(rect) for rect in sorted(answer)]}


def decode(data: dict[str, Any]) -> Puzzle:
    h, w = data["h"], data["w"]
    cells: list[Any] = [None] * (h * w)
    for r, c, area, shape in data["c"]:
        cells[r * w + c] = Clue(area=area or None, shape=shape or None)
    return Puzzle(grid=rows(cells, h, w))


def decode_answer(data: dict[str, Any], puzzle: Puzzle) -> Any:
    return frozenset(tuple(x) for x in data["s"])
