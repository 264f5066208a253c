"""Mosaic game IDs of Simon Tatham's collection (``sgt-mosaic``).

His description is the grid in reading order: a digit ``0``-``9`` for a count, a letter
``a``-``z`` for a run of 1-26 cells without one.
"""

from __future__ import annotations

from ...formats.tathamcodes import dims, rows, runs, write_runs
from . import Puzzle

GAME = "mosaic"
TITLE = "Mosaic"


def read(params: str, desc: str) -> Puzzle:
    """A puzzle from his params (``10x10``, ``50x50h0``: width x height, then an option of his
    generator) and description."""
    w, h, _ = dims(params, r"(?:h\d*)?", "Mosaic params are the size and an option of his "
                   "generator, such as 10x10 or 50x50h0")
    cells = runs(desc, w * h, "[0-9]", "Mosaic", int, None)
    return Puzzle(h, w, numbers=[list(r) for r in rows(cells, w)])


def fits(puzzle: Puzzle) -> bool | None:
    """False when his generator could not have made the puzzle: a count above the cells of
    its 3x3 block (a Filling ID is digits and run letters alike, and its numbers are often
    too big for a corner or an edge); None (cannot tell) otherwise."""
    h, w = puzzle.height, puzzle.width
    for r, row in enumerate(puzzle.numbers):
        for c, n in enumerate(row):
            if n is not None and n > (min(r + 2, h) - max(r - 1, 0)) * (min(c + 2, w) - max(c - 1, 0)):
                return False
    return None


def write(puzzle: Puzzle) -> str:
    """``WxH:DESC``: the size, as his generator prints IDs."""
    return f"{puzzle.width}x{puzzle.height}:{write_runs([v for row in puzzle.numbers for v in row])}"
