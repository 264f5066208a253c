"""Tatham's Unruly game IDs: ``8x8dn:adcB...`` (params: width x height, ``u`` for unique rows
and columns, ``d`` and a level letter). The description walks the cells in reading order:
a letter skips as many empty cells as its place in the alphabet (``a`` none, ``y`` 24), then
places a 0 (lower case) or a 1 (upper case); ``z``/``Z`` skips 25 cells placing nothing. One
last lower-case letter stands after the grid's end."""

from __future__ import annotations

import re
from typing import Any

from . import genre

GAME = "unruly"
TITLE = "Unruly"


def read(params: str, desc: str) -> Any:
    """A puzzle from his ID split at the first ':' (any level letter is ignored)."""
    m = re.fullmatch(r"(\d+)(?:x(\d+))?(u?)(?:d[a-z]?)?", params)
    if not m:
        raise ValueError(f"Unruly params are WxH, 'u' for unique rows and 'd' with a level, not {params!r}")
    w = int(m.group(1))
    h = int(m.group(2)) if m.group(2) else w
    if w % 2 or h % 2 or w < 4 or h < 4:
        raise ValueError(f"an Unruly grid has even sides of at least 4, not {w}x{h}")
    if not re.fullmatch(r"[A-Za-z]*", desc):
        raise ValueError(f"an Unruly description is letters only, found {desc!r}")
    givens: list[list[int | None]] = [[None] * w for _ in range(h)]
    pos = 0
    for ch in desc:
        if ch in "zZ":
            pos += 25
            continue
        pos += ord(ch.lower()) - ord("a")
        if pos < w * h:
            givens[pos // w][pos % w] = int(ch.isupper())
        pos += 1
    if pos != w * h + 1:
        raise ValueError(f"the description covers {pos - 1} cells, the {w}x{h} grid has {w * h}")
    return genre.Puzzle(h, w, unique="yes" if m.group(3) else "no", givens=givens)


def write(puzzle: Any) -> str:
    """His ID, with the params he writes (``8x8`` or ``8x8u``: the level is not recoverable)."""
    h, w = puzzle.height, puzzle.width
    out, run = [], 0
    cells = [puzzle.givens[r][c] for r in range(h) for c in range(w)] + [0]  # the closing letter
    for v in cells:
        if v is None:
            run += 1
            continue
        while run > 24:
            out.append("Z" if v else "z")
            run -= 25
        out.append(chr((ord("A") if v else ord("a")) + run))
        run = 0
    return f"{w}x{h}{'u' if puzzle.unique == 'yes' else ''}:" + "".join(out)
