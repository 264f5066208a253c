"""Masyu as Simon Tatham's Pearl: ``WxH:DESC``, the cells row by row, ``B`` a black pearl,
``W`` a white one, ``a``-``z`` 1-26 empty cells. His level (``de``/``dt``) is left out of the
ID he prints, and of `write`'s: it is no part of the puzzle."""

from __future__ import annotations

import re

from ...formats.tathamcodes import rows, runs, size, write_runs
from . import BLACK, EMPTY, WHITE, Puzzle

GAME = "pearl"
TITLE = "Pearl"
_CODE = {None: EMPTY, "W": WHITE, "B": BLACK}


def read(params: str, desc: str) -> Puzzle:
    w, h, rest = size(params)
    if not re.fullmatch(r"(d[et])?n?", rest):
        raise ValueError(f"Pearl parameters are a size and a level such as '8x8dt', not {params!r}")
    return Puzzle(grid=rows([_CODE[c] for c in runs(desc, w * h, "[BW]", "Pearl")], w))


def write(puzzle: Puzzle) -> str:
    letter = {EMPTY: None, WHITE: "W", BLACK: "B"}
    return f"{puzzle.width}x{puzzle.height}:" + write_runs([letter[v] for row in puzzle.grid for v in row])
