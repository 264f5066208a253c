"""Tracks as Simon Tatham's: ``WxH:PIECES,COUNTS``. The pieces row by row: a hexadecimal
digit is a given piece (the sides it joins: 1 right, 2 up, 4 left, 8 down), ``a``-``z`` 1-26
cells without one. The counts: the columns left to right, then the rows top to bottom; ``S``
marks the row where the track comes in at the left edge and the column where it leaves at the
bottom edge. His level (``de``...) is left out of the ID he prints, and of `write`'s."""

from __future__ import annotations

import re

from ...formats.tathamcodes import runs, size, write_runs
from . import Puzzle

GAME = "tracks"
TITLE = "Tracks"
_BITS = (("U", 2), ("D", 8), ("L", 4), ("R", 1))


def read(params: str, desc: str) -> Puzzle:
    w, h, rest = size(params)
    if not re.fullmatch(r"(d[eth])?o?", rest):
        raise ValueError(f"Tracks parameters are a size and a level such as '8x8dt', not {params!r}")
    grid, *parts = desc.split(",")
    cells = runs(grid, w * h, "[0-9A-F]", "Tracks")
    if len(parts) != w + h:
        raise ValueError(f"Tracks: {len(parts)} counts, not {w} columns + {h} rows")
    counts, marked = [], []
    for i, part in enumerate(parts):
        m = re.fullmatch(r"(S?)(\d+)", part)
        if m is None:
            raise ValueError(f"Tracks: the count {part!r} is not a number")
        counts.append(int(m.group(2)))
        if m.group(1):
            marked.append(i)
    cols, rows = [i for i in marked if i < w], [i - w for i in marked if i >= w]
    if len(cols) != 1 or len(rows) != 1:
        raise ValueError("Tracks: not one column and one row marked 'S'")
    givens = []
    for i, c in enumerate(cells):
        if c is not None:
            sides = "".join(s for s, b in _BITS if int(c, 16) & b)
            if len(sides) != 2:
                raise ValueError(f"Tracks: the piece {c!r} of cell {i + 1} does not join two sides")
            givens.append((divmod(i, w), sides))
    return Puzzle(cols=tuple(counts[:w]), rows=tuple(counts[w:]), start=(rows[0], 0),
                  end=(h - 1, cols[0]), givens=tuple(givens))


def write(puzzle: Puzzle) -> str:
    w, h = puzzle.width, puzzle.height
    start, end = puzzle.start, puzzle.end
    if not (start[1] == 0 and end[0] == h - 1):
        start, end = end, start  # the track has no direction
    if not (start[1] == 0 and end[0] == h - 1):
        raise ValueError("his Tracks comes in at the left edge and leaves at the bottom edge: "
                         f"the ends {puzzle.start} and {puzzle.end} are not there")
    given = dict(puzzle.givens)
    cells = []
    for r in range(h):
        for c in range(w):
            sides = given.get((r, c))
            cells.append(None if sides is None else f"{sum(b for s, b in _BITS if s in sides):X}")
    cols = [f"S{n}" if c == end[1] else str(n) for c, n in enumerate(puzzle.cols)]
    rows = [f"S{n}" if r == start[0] else str(n) for r, n in enumerate(puzzle.rows)]
    return f"{w}x{h}:" + write_runs(cells) + "," + ",".join(cols + rows)
