"""Slitherlink as Simon Tatham's Loopy on its square grid: ``WxHt0:DESC``, the cells row by
row, a digit a clue, ``a``-``z`` 1-26 cells without one. His other grids (``t1``...) are
other puzzles and refused. His level (``dn``...) is left out of the ID he prints, and of
`write`'s."""

from __future__ import annotations

import re

from ...formats.tathamcodes import rows, runs, size, write_runs
from . import Puzzle

GAME = "loopy"
TITLE = "Loopy"


def read(params: str, desc: str) -> Puzzle:
    w, h, rest = size(params)
    m = re.fullmatch(r"(?:t(\d+))?(?:d[enth])?", rest)
    if m is None:
        raise ValueError(f"Loopy parameters are a size, grid type and level such as '7x7t0dh', "
                         f"not {params!r}")
    if m.group(1) not in (None, "0"):
        raise ValueError(f"Loopy grid type t{m.group(1)} is not the square grid (t0)")
    cells = runs(desc, w * h, "[0-9]", "Loopy", int)
    if any(c is not None and c > 3 for c in cells):
        raise ValueError("Loopy: a square's clue is 0-3")
    return Puzzle(grid=rows(cells, w))


def write(puzzle: Puzzle) -> str:
    return f"{puzzle.width}x{puzzle.height}t0:" + write_runs([v for row in puzzle.grid for v in row])
