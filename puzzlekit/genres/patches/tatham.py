"""Patches as Simon Tatham's Rectangles (``rect``): ``WxH:DESC``, the cells row by row, a
number an area, ``a``-``z`` 1-26 cells without one, ``_`` between two numbers side by side.
Shape letters have no counterpart in his game and are refused by `write`. His generator's
settings (``e``, ``a``) are left out of the ID he prints, and of `write`'s."""

from __future__ import annotations

import re

from ...formats.tathamcodes import rows, runs, size, write_runs
from . import Clue, Puzzle

GAME = "rect"
TITLE = "Rectangles"


def read(params: str, desc: str) -> Puzzle:
    w, h, rest = size(params)
    if not re.fullmatch(r"(e[0-9.]+)?a?", rest):
        raise ValueError(f"Rectangles parameters are a size such as '7x7', not {params!r}")
    return Puzzle(grid=rows(runs(desc, w * h, "[1-9][0-9]*", "Rectangles", lambda t: Clue(int(t))), w))


def fits(puzzle: Puzzle) -> bool:
    """Whether his generator could have made the puzzle: one area in each rectangle, so the
    areas add up to the grid (other games of his spell numbers the same way)."""
    areas = [clue.area for row in puzzle.grid for clue in row if clue is not None]
    return None not in areas and sum(areas) == puzzle.width * puzzle.height


def write(puzzle: Puzzle) -> str:
    cells = []
    for row in puzzle.grid:
        for clue in row:
            if clue is not None and (clue.area is None or clue.shape is not None):
                raise ValueError(f"his Rectangles has areas alone, not the clue {str(clue)!r}")
            cells.append(None if clue is None else str(clue.area))
    return f"{puzzle.width}x{puzzle.height}:" + write_runs(cells, "_")
