"""Hitori game IDs of Simon Tatham's collection, where it is called Singles (``sgt-singles``).

His description is the grid in reading order, one character a cell: the number in base 36
(``1``-``9``, then ``a`` for 10, ``b`` for 11, ...).
"""

from __future__ import annotations

from ...formats.tathamcodes import chars, dims, rows, write_chars
from . import Puzzle

GAME = "singles"
TITLE = "Singles"


def read(params: str, desc: str) -> Puzzle:
    """A puzzle from his params (``5x5de``: width x height, then his level) and description."""
    w, h, _ = dims(params, "(?:d[a-z])?", "Singles params are the size and a level, such as 5x5de")
    values = chars(desc, w * h, "numbers", none="0")
    if None in values or max(values) > 35:  # type: ignore[type-var]
        raise ValueError(f"Singles numbers are 1-9 and a-z (10-35), found {desc!r}")
    return Puzzle(h, w, numbers=[list(r) for r in rows(values, w)])


def fits(puzzle: Puzzle) -> bool:
    """Whether his generator could have made the puzzle: numbers up to the longer side. (His
    game takes any; a Slant ID of as many letters as cells reads as Singles too, and this
    settles it.)"""
    return all(v <= max(puzzle.width, puzzle.height) for row in puzzle.numbers for v in row if v)


def write(puzzle: Puzzle) -> str:
    """``WxH:DESC``: the size alone, as his generator prints IDs (his level is an option of his
    generator, not part of a puzzle). Numbers above 35 have no character: ValueError."""
    cells = [v for row in puzzle.numbers for v in row]
    if max(cells) > 35:
        raise ValueError(f"Singles writes numbers up to 35, not {max(cells)}")
    return f"{puzzle.width}x{puzzle.height}:{write_chars(cells)}"
