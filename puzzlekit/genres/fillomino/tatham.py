"""Filling game IDs of Simon Tatham's collection (``sgt-filling``).

His description is the grid in reading order: a digit ``1``-``9`` for a given number, a letter
``a``-``z`` for a run of 1-26 empty cells.
"""

from __future__ import annotations

from ...formats.tathamcodes import dims, rows, runs, write_runs
from . import Puzzle

GAME = "filling"
TITLE = "Filling"


def read(params: str, desc: str) -> Puzzle:
    """A puzzle from his params (``9x7``: width x height) and description."""
    w, h, _ = dims(params, "", "Filling params are the size, such as 9x7")
    cells = runs(desc, w * h, "[1-9]", "Filling", int, None)
    return Puzzle(h, w, numbers=[list(r) for r in rows(cells, w)])


def write(puzzle: Puzzle) -> str:
    """``WxH:DESC`` (his Filling has no level). A number above 9 has no spelling in his IDs."""
    cells = [k for row in puzzle.numbers for k in row]
    for k in cells:
        if k is not None and k > 9:
            raise ValueError(f"Filling takes the numbers 1-9, not {k}")
    return f"{puzzle.width}x{puzzle.height}:{write_runs(cells)}"
