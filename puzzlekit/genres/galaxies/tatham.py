"""Galaxies game IDs of Simon Tatham's collection (``sgt-galaxies``).

His params are ``WxH`` and a level (``dn`` normal, ``du`` unreasonable); his description runs
over the ``(2h - 1) x (2w - 1)`` points inside the grid in reading order: a letter ``a``-``y``
is 0-24 points without a dot and then a dot, ``z`` is 25 points without one; the points after
the last dot are left out.
"""

from __future__ import annotations

from ...board.dots import DOT, holes
from ...formats.tathamcodes import dims
from . import Puzzle

GAME = "galaxies"
TITLE = "Galaxies"


def read(params: str, desc: str) -> Puzzle:
    """A puzzle from his params (``7x7dn``) and description."""
    w, h, _ = dims(params, r"(d[nu])?", "Galaxies params are the size and a level, such as 7x7dn")
    size = (2 * h - 1) * (2 * w - 1)
    if any(not "a" <= ch <= "z" for ch in desc):
        raise ValueError("a Galaxies description is letters a-z, found " + repr(desc))
    points: list = []
    for ch in desc:
        points += [None] * (ord(ch) - ord("a")) + ([] if ch == "z" else [DOT])
    if len(points) > size:
        raise ValueError(f"the Galaxies description covers {len(points)} points, the grid has {size}")
    points += [None] * (size - len(points))
    rows = [points[i:i + 2 * w - 1] for i in range(0, size, 2 * w - 1)]
    return Puzzle(h, w, dots=rows)


def write(puzzle: Puzzle) -> str:
    """``WxH:DESC`` (the level is not recoverable and his parser takes the size alone; a black
    dot is a dot to him, a cell left out of the grid he has not)."""
    if holes(puzzle.dots):
        raise ValueError("Tatham's Galaxies has no cells left out of the grid")
    out, run = [], 0
    for v in (v for row in puzzle.dots for v in row):
        if v is None:
            run += 1
        else:  # the points after the last dot are left out
            out.append("z" * (run // 25) + chr(ord("a") + run % 25))
            run = 0
    return f"{puzzle.width}x{puzzle.height}:{''.join(out)}"
