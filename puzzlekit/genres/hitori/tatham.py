"""Hitori game IDs of Simon Tatham's collection, where it is called Singles (``sgt-singles``).

His description is the grid in reading order, one character a cell: the number in base 36
(``1``-``9``, then ``a`` for 10, ``b`` for 11, ...).
"""

from __future__ import annotations

import re

from . import Puzzle

GAME = "singles"
TITLE = "Singles"
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def read(params: str, desc: str) -> Puzzle:
    """A puzzle from his params (``5x5de``: width x height, then his level) and description."""
    size = re.match(r"(\d+)x(\d+)", params)
    if size is None:
        raise ValueError(f"Singles params start with the size, such as 5x5, not {params!r}")
    w, h = int(size.group(1)), int(size.group(2))
    if len(desc) != w * h:
        raise ValueError(f"the Singles description holds {len(desc)} cells, the {w}x{h} grid {w * h}")
    values = []
    for i, ch in enumerate(desc):
        if ch not in DIGITS[1:]:
            raise ValueError(f"unexpected character {ch!r} at {i} of the Singles description")
        values.append(DIGITS.index(ch))
    return Puzzle(h, w, numbers=[values[r * w:(r + 1) * w] for r in range(h)])


def fits(puzzle: Puzzle) -> bool:
    """Whether his generator could have made the puzzle: numbers up to the longer side. (His
    game takes any; a Slant ID of as many letters as cells reads as Singles too, and this
    settles it.)"""
    return all(v <= max(puzzle.width, puzzle.height) for row in puzzle.numbers for v in row if v)


def write(puzzle: Puzzle) -> str:
    """``WxH:DESC``: the size alone, as his generator prints IDs (his level is an option of his
    generator, not part of a puzzle). Numbers above 35 have no character: ValueError."""
    out = []
    for row in puzzle.numbers:
        for v in row:
            if v >= len(DIGITS):
                raise ValueError(f"Singles writes numbers up to {len(DIGITS) - 1}, not {v}")
            out.append(DIGITS[v])
    return f"{puzzle.width}x{puzzle.height}:{''.join(out)}"
