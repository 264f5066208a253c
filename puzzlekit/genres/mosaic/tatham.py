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


def write(puzzle: Puzzle) -> str:
    """``WxH:DESC``: the size, as his generator prints IDs."""
    return f"{puzzle.width}x{puzzle.height}:{write_runs([v for row in puzzle.numbers for v in row])}"
