"""Hashi as Simon Tatham's Bridges: ``WxHm2:DESC``, the cells row by row, a digit an island,
``a``-``z`` 1-26 cells of water. ``m2`` is his limit of two bridges between two islands,
ours; another limit, or ``L`` (no loops allowed), is refused. His generator's settings
(``i30e10``) and level (``d0``-``d2``) are left out of the ID he prints, and of `write`'s."""

from __future__ import annotations

import re

from ...formats.tathamcodes import rows, runs, size, write_runs
from . import Puzzle

GAME = "bridges"
TITLE = "Bridges"


def read(params: str, desc: str) -> Puzzle:
    w, h, rest = size(params)
    m = re.fullmatch(r"(?:i\d+)?(?:e\d+)?(?:m(\d+))?(L?)(?:d\d)?", rest)
    if m is None:
        raise ValueError(f"Bridges parameters are a size and settings such as '7x7m2', not {params!r}")
    if m.group(1) not in (None, "2"):
        raise ValueError(f"Bridges with at most {m.group(1)} bridges between two islands: hashi has 2")
    if m.group(2):
        raise ValueError("Bridges with loops forbidden ('L') has no counterpart in hashi")
    cells = runs(desc, w * h, "[0-9A-Z]", "Bridges")
    if any(c is not None and not "1" <= c <= "8" for c in cells):
        raise ValueError("Bridges: an island takes 1-8 bridges")
    return Puzzle(grid=rows([int(c or 0) for c in cells], w))


def fits(puzzle: Puzzle) -> bool:
    """Whether his generator could have made the puzzle: every bridge has two ends, so the
    islands' numbers add up to an even number."""
    return sum(v for row in puzzle.grid for v in row) % 2 == 0


def write(puzzle: Puzzle) -> str:
    return f"{puzzle.width}x{puzzle.height}m2:" + write_runs([v or None for row in puzzle.grid for v in row])
