"""Dominosa game IDs of Simon Tatham's collection (``sgt-dominosa``).

His params are the order n (``6``, with a level such as ``6db``); the grid is n+1 rows of n+2
numbers 0..n, written in reading order, a number above 9 in brackets (``[12]``).
"""

from __future__ import annotations

import re

from . import Puzzle

GAME = "dominosa"
TITLE = "Dominosa"


def read(params: str, desc: str) -> Puzzle:
    """A puzzle from his params (``6db``: the order, then his generator's level) and description."""
    found = re.fullmatch(r"(\d+)(d[a-z])?", params)
    if found is None:
        raise ValueError(f"Dominosa params are the order, such as 6 or 6db, not {params!r}")
    n = int(found.group(1))
    h, w = n + 1, n + 2
    cells: list[int] = []
    for i, token in enumerate(re.findall(r"\[\d+\]|\d|.", desc)):
        if not re.fullmatch(r"\[\d+\]|\d", token):
            raise ValueError(f"unexpected {token!r} (item {i}) in the Dominosa description")
        value = int(token.strip("[]"))
        if value > n:
            raise ValueError(f"the number {value} is above the order {n}")
        cells.append(value)
    if len(cells) != w * h:
        raise ValueError(f"the Dominosa description holds {len(cells)} numbers, the {h}x{w} grid {w * h}")
    return Puzzle(h, w, numbers=[cells[r * w:(r + 1) * w] for r in range(h)])


def write(puzzle: Puzzle) -> str:
    """``N:DESC``, as his generator prints IDs (the level is an option of his generator)."""
    if puzzle.width != puzzle.height + 1:
        raise ValueError(f"his Dominosa grids are (n+1)x(n+2), not {puzzle.height}x{puzzle.width}")
    desc = "".join(str(v) if v < 10 else f"[{v}]" for row in puzzle.numbers for v in row)
    return f"{puzzle.height - 1}:{desc}"
