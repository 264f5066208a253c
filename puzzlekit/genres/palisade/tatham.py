"""Palisade game IDs of Simon Tatham's collection (``sgt-palisade``).

His params are ``WxHnK`` (regions of K cells); his description is the grid in reading order: a
digit ``0``-``4`` for a clue, a letter ``a``-``z`` for a run
of 1-26 cells without one; the cells after the last clue are left out.
"""

from __future__ import annotations

from ...formats.tathamcodes import dims, rows, runs, write_runs
from . import Puzzle

GAME = "palisade"
TITLE = "Palisade"


def read(params: str, desc: str) -> Puzzle:
    """A puzzle from his params (``5x5n5``) and description."""
    w, h, m = dims(params, r"n(\d+)", "Palisade params are the size and the region size, such as 5x5n5")
    cells = runs(desc, w * h, "[0-4]", "Palisade", int, None, short=True)
    return Puzzle(h, w, size=int(m.group(3)), numbers=[list(r) for r in rows(cells, w)])


def write(puzzle: Puzzle) -> str:
    """``WxHnK:DESC`` (his Palisade has no level; the empty cells after the last clue are left
    out, as he writes them)."""
    cells = [k for row in puzzle.numbers for k in row]
    return f"{puzzle.width}x{puzzle.height}n{puzzle.size}:{write_runs(cells, end=False)}"
