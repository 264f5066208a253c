"""Light Up game IDs of Simon Tatham's collection (``sgt-lightup``).

His description is the grid in reading order: a letter ``a``-``z`` for a run of 1-26 open
cells, ``B`` a wall without a number, a digit ``0``-``4`` a wall with that many lamps beside it.
"""

from __future__ import annotations

from ...formats.tathamcodes import dims, rows, runs, write_runs
from . import Puzzle

GAME = "lightup"
TITLE = "Light Up"


def read(params: str, desc: str) -> Puzzle:
    """A puzzle from his params (``7x7b20s4d1``: width x height, then options of his generator,
    which the puzzle does not need) and description."""
    w, h, _ = dims(params, r"(?:[bsd]\d+|r)*", "Light Up params are WxH and his generator's "
                   "options (b, s, d, each with a number), such as 7x7b20s4d1")
    cells = runs(desc, w * h, "[B0-4]", "Light Up", lambda t: t if t == "B" else int(t), None)
    walls = rows(["X" if v is not None else None for v in cells], w)
    numbers = rows([v if isinstance(v, int) else None for v in cells], w)
    return Puzzle(h, w, walls=[list(r) for r in walls], numbers=[list(r) for r in numbers])


def fits(puzzle: Puzzle) -> bool | None:
    """False when his generator could not have made the puzzle: a wall's number above the open
    cells beside it; None (cannot tell) otherwise."""
    h, w = puzzle.height, puzzle.width
    for r, row in enumerate(puzzle.numbers):
        for c, n in enumerate(row):
            beside = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))]
            if n is not None and n > sum(0 <= y < h and 0 <= x < w and puzzle.walls[y][x] is None
                                         for y, x in beside):
                return False
    return None


def write(puzzle: Puzzle) -> str:
    """``WxH:DESC``: the size alone, as his generator prints IDs (his wall share, symmetry and
    level are options of his generator, not part of a puzzle)."""
    cells = [None if wall is None else "B" if k is None else k
             for wrow, nrow in zip(puzzle.walls, puzzle.numbers) for wall, k in zip(wrow, nrow)]
    return f"{puzzle.width}x{puzzle.height}:{write_runs(cells)}"
