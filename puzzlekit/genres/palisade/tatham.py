"""Palisade game IDs of Simon Tatham's collection (``sgt-palisade``).

His params are ``WxHnK`` (regions of K cells); his description is the grid in reading order: a
digit ``0``-``4`` for a clue, a letter ``a``-``z`` for a run
of 1-26 cells without one; the cells after the last clue are left out.
"""

from __future__ import annotations

import re

from . import Puzzle

GAME = "palisade"
TITLE = "Palisade"


def read(params: str, desc: str) -> Puzzle:
    """A puzzle from his params (``5x5n5``) and description."""
    found = re.fullmatch(r"(\d+)x(\d+)n(\d+)", params)
    if found is None:
        raise ValueError(f"Palisade params are the size and the region size, such as 5x5n5, not {params!r}")
    w, h, k = map(int, found.groups())
    cells: list[int | None] = []
    for i, ch in enumerate(desc):
        if "a" <= ch <= "z":
            cells += [None] * (ord(ch) - ord("a") + 1)
        elif "0" <= ch <= "4":
            cells.append(int(ch))
        else:
            raise ValueError(f"unexpected character {ch!r} at {i} of the Palisade description")
    if len(cells) > w * h:  # he leaves out the empty cells after the last clue
        raise ValueError(f"the Palisade description holds {len(cells)} cells, the {w}x{h} grid {w * h}")
    cells += [None] * (w * h - len(cells))
    return Puzzle(h, w, size=k, numbers=[cells[r * w:(r + 1) * w] for r in range(h)])


def write(puzzle: Puzzle) -> str:
    """``WxHnK:DESC`` (his Palisade has no level; the empty cells after the last clue are left
    out, as he writes them)."""
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
            if run:
                out.append(chr(ord("a") + run - 1))
                run = 0
            out.append(str(k))
    return f"{puzzle.width}x{puzzle.height}n{puzzle.size}:{''.join(out)}"
