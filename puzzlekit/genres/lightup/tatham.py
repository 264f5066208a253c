"""Light Up game IDs of Simon Tatham's collection (``sgt-lightup``).

His description is the grid in reading order: a letter ``a``-``z`` for a run of 1-26 open
cells, ``B`` a wall without a number, a digit ``0``-``4`` a wall with that many lamps beside it.
"""

from __future__ import annotations

import re

from . import Puzzle

GAME = "lightup"
TITLE = "Light Up"


def read(params: str, desc: str) -> Puzzle:
    """A puzzle from his params (``7x7b20s4d1``: width x height, then options of his generator,
    which the puzzle does not need) and description."""
    # his settings: wall share b, symmetry s, level d; nothing else (a
    # Loopy ID on triangles, t1, spells its clues as this description does)
    size = re.fullmatch(r"(\d+)x(\d+)(?:b\d+)?(?:s\d+)?(?:d\d+)?", params)
    if size is None:
        raise ValueError(f"Light Up params are the size and his settings, such as 7x7b20s4d1, not {params!r}")
    w, h = int(size.group(1)), int(size.group(2))
    cells: list[str | int | None] = []
    for i, ch in enumerate(desc):
        if "a" <= ch <= "z":
            cells += [None] * (ord(ch) - ord("a") + 1)
        elif ch == "B":
            cells.append("B")
        elif "0" <= ch <= "4":
            cells.append(int(ch))
        else:
            raise ValueError(f"unexpected character {ch!r} at {i} of the Light Up description")
    if len(cells) != w * h:
        raise ValueError(f"the Light Up description holds {len(cells)} cells, the {w}x{h} grid {w * h}")
    walls = [["X" if cells[r * w + c] is not None else None for c in range(w)] for r in range(h)]
    numbers = [[v if isinstance(v, int) else None for v in cells[r * w:(r + 1) * w]] for r in range(h)]
    return Puzzle(h, w, walls=walls, numbers=numbers)


def write(puzzle: Puzzle) -> str:
    """``WxH:DESC``: the size alone, as his generator prints IDs (his wall share, symmetry and
    level are options of his generator, not part of a puzzle)."""
    out: list[str] = []
    run = 0
    for r in range(puzzle.height):
        for c in range(puzzle.width):
            if puzzle.walls[r][c] is None:
                run += 1
                if run == 26:
                    out.append("z")
                    run = 0
                continue
            if run:
                out.append(chr(ord("a") + run - 1))
                run = 0
            k = puzzle.numbers[r][c]
            out.append("B" if k is None else str(k))
    if run:
        out.append(chr(ord("a") + run - 1))
    return f"{puzzle.width}x{puzzle.height}:{''.join(out)}"
