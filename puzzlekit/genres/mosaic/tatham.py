"""Mosaic game IDs of Simon Tatham's collection (``sgt-mosaic``).

His description is the grid in reading order: a digit ``0``-``9`` for a count, a letter
``a``-``z`` for a run of 1-26 cells without one.
"""

from __future__ import annotations

import re

from . import Puzzle

GAME = "mosaic"
TITLE = "Mosaic"


def read(params: str, desc: str) -> Puzzle:
    """A puzzle from his params (``10x10``, ``50x50h0``: width x height, then an option of his
    generator) and description."""
    size = re.match(r"(\d+)x(\d+)", params)
    if size is None:
        raise ValueError(f"Mosaic params start with the size, such as 10x10, not {params!r}")
    w, h = int(size.group(1)), int(size.group(2))
    cells: list[int | None] = []
    for i, ch in enumerate(desc):
        if ch.isdigit():
            cells.append(int(ch))
        elif "a" <= ch <= "z":
            cells += [None] * (ord(ch) - ord("a") + 1)
        else:
            raise ValueError(f"unexpected character {ch!r} at {i} of the Mosaic description")
    if len(cells) != w * h:
        raise ValueError(f"the Mosaic description holds {len(cells)} cells, the {w}x{h} grid {w * h}")
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
            out.append(str(v))
    if run:
        out.append(chr(ord("a") + run - 1))
    return f"{puzzle.width}x{puzzle.height}:{''.join(out)}"
