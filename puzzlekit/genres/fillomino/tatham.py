"""Filling game IDs of Simon Tatham's collection (``sgt-filling``).

His description is the grid in reading order: a digit ``1``-``9`` for a given number, a letter
``a``-``z`` for a run of 1-26 empty cells.
"""

from __future__ import annotations

import re

from . import Puzzle

GAME = "filling"
TITLE = "Filling"


def read(params: str, desc: str) -> Puzzle:
    """A puzzle from his params (``9x7``: width x height) and description."""
    size = re.fullmatch(r"(\d+)x(\d+)", params)
    if size is None:
        raise ValueError(f"Filling params are the size, such as 9x7, not {params!r}")
    w, h = int(size.group(1)), int(size.group(2))
    cells: list[int | None] = []
    for i, ch in enumerate(desc):
        if "a" <= ch <= "z":
            cells += [None] * (ord(ch) - ord("a") + 1)
        elif "1" <= ch <= "9":
            cells.append(int(ch))
        else:
            raise ValueError(f"unexpected character {ch!r} at {i} of the Filling description")
    if len(cells) != w * h:
        raise ValueError(f"the Filling description holds {len(cells)} cells, the {w}x{h} grid {w * h}")
    return Puzzle(h, w, numbers=[cells[r * w:(r + 1) * w] for r in range(h)])


def write(puzzle: Puzzle) -> str:
    """``WxH:DESC`` (his Filling has no level). A number above 9 has no spelling in his IDs."""
    out: list[str] = []
    run = 0
    for row in puzzle.numbers:
        for k in row:
            if k is None:
                run += 1
                if run == 26:
                    out.append("z")
                    run = 0
                continue
            if k > 9:
                raise ValueError(f"Filling takes the numbers 1-9, not {k}")
            if run:
                out.append(chr(ord("a") + run - 1))
                run = 0
            out.append(str(k))
    if run:
        out.append(chr(ord("a") + run - 1))
    return f"{puzzle.width}x{puzzle.height}:{''.join(out)}"
