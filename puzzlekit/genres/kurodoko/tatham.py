"""Kurodoko game IDs of Simon Tatham's collection, where it is called Range (``sgt-range``).

His description is the grid in reading order: a letter ``a``-``z`` for a run of 1-26 cells
without a number, a number in decimal, and ``_`` between two numbers that follow each other.
"""

from __future__ import annotations

from ...formats.tathamcodes import dims, rows, runs, write_runs
from . import Puzzle

GAME = "range"
TITLE = "Range"


def read(params: str, desc: str) -> Puzzle:
    """A puzzle from his params (``9x6``: width x height) and description."""
    w, h, _ = dims(params, "", "Range params are the size, such as 9x6")
    cells = runs(desc, w * h, r"\d+", "Range", int)
    return Puzzle(h, w, numbers=[list(r) for r in rows(cells, w)])


def fits(puzzle: Puzzle) -> bool | None:
    """False when his generator could not have made the puzzle: a number that no cell can see
    (above the row and column through it, the cell counted once, or 0); None (cannot tell)
    otherwise."""
    most = puzzle.height + puzzle.width - 1
    if any(n is not None and not 1 <= n <= most for row in puzzle.numbers for n in row):
        return False
    return None


def write(puzzle: Puzzle) -> str:
    """``WxH:DESC``: the size, as his generator prints IDs."""
    return f"{puzzle.width}x{puzzle.height}:{write_runs([v for row in puzzle.numbers for v in row], '_')}"
