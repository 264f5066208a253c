"""Kurodoko game IDs of Simon Tatham's collection, where it is called Range (``sgt-range``).

His description is the grid in reading order: a letter ``a``-``z`` for a run of 1-26 cells
without a number, a number in decimal, and ``_`` between two numbers that follow each other.
"""

from __future__ import annotations

import re

from . import Puzzle

GAME = "range"
TITLE = "Range"


def read(params: str, desc: str) -> Puzzle:
    """A puzzle from his params (``9x6``: width x height) and description."""
    size = re.match(r"(\d+)x(\d+)", params)
    if size is None:
        raise ValueError(f"Range params start with the size, such as 9x6, not {params!r}")
    w, h = int(size.group(1)), int(size.group(2))
    cells: list[int | None] = []
    for m in re.finditer(r"[a-z]|\d+|_|.", desc):
        token = m.group()
        if token.isdigit():
            cells.append(int(token))
        elif "a" <= token <= "z":
            cells += [None] * (ord(token) - ord("a") + 1)
        elif token != "_":
            raise ValueError(f"unexpected character {token!r} at {m.start()} of the Range description")
    if len(cells) != w * h:
        raise ValueError(f"the Range description holds {len(cells)} cells, the {w}x{h} grid {w * h}")
    return Puzzle(h, w, numbers=[cells[r * w:(r + 1) * w] for r in range(h)])


def write(puzzle: Puzzle) -> str:
    """``WxH:DESC``: the size, as his generator prints IDs."""
    out: list[str] = []
    run = 0
    for row in puzzle.numbers:
        for v in row:
            if v is None:
                run += 1
                if run == 26:
                    out.append("z")
                    run = 0
                continue
            if run:
                out.append(chr(ord("a") + run - 1))
                run = 0
            elif out and out[-1][-1].isdigit():
                out.append("_")
            out.append(str(v))
    if run:
        out.append(chr(ord("a") + run - 1))
    return f"{puzzle.width}x{puzzle.height}:{''.join(out)}"
