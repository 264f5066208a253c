"""Dominosa game IDs of Simon Tatham's collection (``sgt-dominosa``).

His params are the order n (``6``, with a level such as ``6db``); the grid is n+1 rows of n+2
numbers 0..n, written in reading order, a number above 9 in brackets (``[12]``).
"""

from __future__ import annotations

from ...formats.tathamcodes import dims, rows, tokens
from . import Puzzle

GAME = "dominosa"
TITLE = "Dominosa"


def read(params: str, desc: str) -> Puzzle:
    """A puzzle from his params (``6db``: the order, then his generator's level) and description."""
    n, _, _ = dims(params, "(?:d[a-z])?", "Dominosa params are the order, such as 6 or 6db", square=True)
    h, w = n + 1, n + 2
    found = tokens(desc, r"\[(\d+)\]|(\d)", "numbers (above 9 in brackets)")
    cells = [int(m.group(1) or m.group(2)) for m in found]
    if any(v > n for v in cells):
        raise ValueError(f"the number {max(cells)} is above the order {n}")
    if len(cells) != w * h:
        raise ValueError(f"the Dominosa description holds {len(cells)} numbers, the {h}x{w} grid {w * h}")
    return Puzzle(h, w, numbers=[list(r) for r in rows(cells, w)])


def write(puzzle: Puzzle) -> str:
    """``N:DESC``, as his generator prints IDs (the level is an option of his generator)."""
    if puzzle.width != puzzle.height + 1:
        raise ValueError(f"his Dominosa grids are (n+1)x(n+2), not {puzzle.height}x{puzzle.width}")
    desc = "".join(str(v) if v < 10 else f"[{v}]" for row in puzzle.numbers for v in row)
    return f"{puzzle.height - 1}:{desc}"
