"""Signpost as Simon Tatham's Signpost game IDs (``4x4c:1ddcgecfedhahcah16a``).

Params are ``WxH`` (columns first) with ``c`` when the first and last numbers are given in
corners (a rule of his generator, not of the puzzle). The description lists the cells row by
row: a cell's given number, if any, then its arrow as a letter, ``a`` north, ``b`` north-east
and on clockwise to ``h`` north-west. Every cell has an arrow in his IDs, the last one's
pointing nowhere in particular; a cell of ours without one is written ``a``.
"""

from __future__ import annotations

from typing import Any

from ...board.arrows import STEPS
from ...formats.tathamcodes import dims, rows, tokens
from . import Puzzle

GAME = "signpost"
TITLE = "Signpost"
LETTERS = dict(zip("abcdefgh", STEPS))


def read(params: str, desc: str) -> Any:
    """His game ID split at the first ':' (see the module docstring)."""
    w, h, _ = dims(params, "c?", "Signpost params are WxH (3x3 or more) with an optional c", sides=(2, 64))
    cells = [m.groups() for m in tokens(desc, r"(\d*)([a-h])", "Signpost cells (a number, an arrow a-h)")]
    if len(cells) != w * h:
        raise ValueError(f"Signpost: the description covers {len(cells)} cells, not {w * h}")
    return Puzzle(h, w, arrows=rows([LETTERS[d] for _, d in cells], w),
                  numbers=rows([int(n) if n else None for n, _ in cells], w))


def write(puzzle: Any) -> str:
    """``WxH:DESC`` as his ``--generate`` prints it (without the ``c``, which does not change
    the puzzle)."""
    letter = {d: k for k, d in LETTERS.items()}
    out = []
    for arrow_row, number_row in zip(puzzle.arrows, puzzle.numbers):
        for d, k in zip(arrow_row, number_row):
            out.append(("" if k is None else str(k)) + letter.get(d, "a"))
    return f"{puzzle.width}x{puzzle.height}:{''.join(out)}"
