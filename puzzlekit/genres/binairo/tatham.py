"""Tatham's Unruly game IDs: ``8x8dn:adcB...`` (params: width x height, ``u`` for unique rows
and columns, ``d`` and a level letter). The description walks the cells in reading order:
a letter skips as many empty cells as its place in the alphabet (``a`` none, ``y`` 24), then
places a 0 (lower case) or a 1 (upper case); ``z``/``Z`` skips 25 cells placing nothing. One
last lower-case letter stands after the grid's end."""

from __future__ import annotations

from typing import Any

from ...formats.tathamcodes import dims, placed, rows, write_placed
from . import genre

GAME = "unruly"
TITLE = "Unruly"
#: ``a``-``y`` skip 0-24 cells then place a 0, ``A``-``Y`` a 1; ``z``/``Z`` skip 25.
LETTERS = {"z": (25, 0, False), "Z": (25, 1, False), **{chr(97 + i): (i, 0, True) for i in range(25)},
           **{chr(65 + i): (i, 1, True) for i in range(25)}}


def read(params: str, desc: str) -> Any:
    """A puzzle from his ID split at the first ':' (any level letter is ignored)."""
    w, h, m = dims(params, "(u?)(?:d[a-z]?)?", "Unruly params are WxH, 'u' for unique rows and 'd' "
                   "with a level")
    if w % 2 or h % 2 or w < 4 or h < 4:
        raise ValueError(f"an Unruly grid has even sides of at least 4, not {w}x{h}")
    givens = [list(row) for row in rows(placed(desc, w * h, LETTERS, "Unruly"), w)]
    return genre.Puzzle(h, w, unique="yes" if m.group(3) else "no", givens=givens)


def write(puzzle: Any) -> str:
    """His ID, with the params he writes (``8x8`` or ``8x8u``: the level is not recoverable)."""
    h, w = puzzle.height, puzzle.width
    cells = [v for row in puzzle.givens for v in row]
    return f"{w}x{h}{'u' if puzzle.unique == 'yes' else ''}:" + write_placed(cells, LETTERS, 0)
