"""Tents in a pack: ``cols``, ``rows`` (the counts), ``t`` the trees, one bit a cell; ``s`` the
tents, one bit a cell."""

from __future__ import annotations

from typing import Any

from ...pack.shapes import cell_key, cell_marks, cells_in, cells_out
from . import Puzzle, Solution

ANSWER = "cells"


def answer(solution: Solution) -> Any:
    return frozenset(solution.tents)


def encode(puzzle: Puzzle, answer: Any) -> dict[str, Any]:
    return {"cols": list(puzzle.cols), "rows": list(puzzle.rows),
            "t": cells_out(puzzle.trees, puzzle.height, puzzle.width)}


def decode(data: dict[str, Any]) -> Puzzle:
    trees = cells_in(data["t"], data["h"], data["w"])
    return Puzzle(cols=tuple(data["cols"]), rows=tuple(data["rows"]), trees=trees)


def page_entries(puzzle: Puzzle, known: dict[Any, int]) -> dict[str, int]:
    """The page entries known answer-key values fix (hints): tents and cells without one (never a
    tree, which the page does not let the player mark)."""
    trees = {cell_key(r, c) for r, c in puzzle.trees}
    return {k: v for k, v in cell_marks(known, "tent").items() if k not in trees}
