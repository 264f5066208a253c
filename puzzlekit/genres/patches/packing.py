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


def page_entries(puzzle: Puzzle, known: dict[Any, int]) -> dict[str, int]:
    """The page entries known answer-key values fix (hints): the rectangles known to be patches,
    keyed ``top,left,height,width`` as the page keys them (a rectangle ruled out is no entry)."""
    return {",".join(map(str, k[1:])): 1 for k, v in known.items() if k[0] == "rect" and v}


def key_cells(puzzle: Puzzle, key: Any) -> list[tuple[int, int]]:
    """The cells of a rectangle's key."""
    _, top, left, height, width = key
    return [(r, c) for r in range(top, top + height) for c in range(left, left + width)]
