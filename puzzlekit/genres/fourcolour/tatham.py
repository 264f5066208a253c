"""Four Colour as Simon Tatham's Map game IDs (``6x5n6:ebacdaccaaabfacaaaadaca,03a212``).

Params are ``WxHnN`` (columns first, N regions) and an optional level ``d`` with ``e``, ``n``,
``h`` or ``u``. The description is the region borders, then a comma and the given colours:

- the borders walk the sides between cells side by side, first the sides below each cell row
  by row (``w * (h - 1)``), then the sides right of each cell column by column; the letters
  are the lengths of runs alternately without and with a border (``a`` 1 to ``y`` 25), the
  first run counting one notional side without a border; ``z`` is 25 with no switch;
- the regions are numbered in reading order of their first cell; the colours list them in
  that order, a digit ``0``-``3`` for a given colour (ours 1-4) and a letter ``a``-``z`` for a
  run of 1-26 regions without one.

He draws some cells split along a diagonal to smooth the outlines; which regions touch is read
from the whole cells, as here.
"""

from __future__ import annotations

import re
from typing import Any

from ...formats.tathamcodes import runs, write_runs
from ...unionfind import DisjointSets
from . import Puzzle, _label

GAME = "map"
TITLE = "Map"


def _sides(w: int, h: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The sides between cells in his order: below each cell row by row, then right of each
    cell column by column."""
    out = [((i // w, i % w), (i // w + 1, i % w)) for i in range(w * (h - 1))]
    out += [((i % h, i // h), (i % h, i // h + 1)) for i in range((w - 1) * h)]
    return out


def read(params: str, desc: str) -> Any:
    """His game ID split at the first ':' (see the module docstring)."""
    m = re.fullmatch(r"(\d+)x(\d+)n(\d+)(?:d[enhu])?", params)
    if m is None:
        raise ValueError(f"Map params are WxHnN with an optional level (de, dn, dh, du), not {params!r}")
    w, h, n = map(int, m.groups())
    if not (w >= 2 and h >= 2) or "," not in desc:
        raise ValueError("Map: a description is the borders, a comma, then the colours")
    borders, colours = desc.split(",", 1)
    sides = _sides(w, h)
    sets: DisjointSets = DisjointSets((r, c) for r in range(h) for c in range(w))
    pos, border = -1, False
    for ch in borders:
        if not "a" <= ch <= "z":
            raise ValueError(f"Map: unexpected {ch!r} in the borders")
        for _ in range(25 if ch == "z" else ord(ch) - ord("a") + 1):
            if pos >= len(sides):
                raise ValueError("Map: the borders run past the last side")
            if pos >= 0 and not border:
                sets.union(*sides[pos])
            pos += 1
        border = border if ch == "z" else not border
    if pos != len(sides):
        raise ValueError(f"Map: the borders cover {pos} sides, not {len(sides)}")
    number: dict[Any, int] = {}
    regions = [[number.setdefault(sets.find((r, c)), len(number)) for c in range(w)] for r in range(h)]
    if len(number) != n:
        raise ValueError(f"Map: the borders make {len(number)} regions, not {n}")
    given_by_region = runs(colours, n, "[0-3]", "Map: the colours", lambda t: int(t) + 1, None)
    given: list[list[int | None]] = [[None] * w for _ in range(h)]
    first: dict[int, tuple[int, int]] = {}
    for r in range(h):
        for c in range(w):
            first.setdefault(regions[r][c], (r, c))
    for i, k in enumerate(given_by_region):
        if k is not None:
            given[first[i][0]][first[i][1]] = k
    return Puzzle(h, w, regions=[[_label(i) for i in row] for row in regions], given=given)


def write(puzzle: Any) -> str:
    """``WxHnN:BORDERS,COLOURS`` as his ``--generate`` prints it (without a level, which does
    not change the puzzle). A region's given colour is the first one given in it."""
    h, w = puzzle.height, puzzle.width
    number: dict[str, int] = {}
    for row in puzzle.regions:
        for label in row:
            number.setdefault(label, len(number))
    out, run, before = [], 1, False
    for a, b in _sides(w, h):
        border = puzzle.regions[a[0]][a[1]] != puzzle.regions[b[0]][b[1]]
        if border != before:
            out.append(chr(ord("a") - 1 + run))
            run, before = 1, border
        else:
            if run == 25:
                out.append("z")
                run = 0
            run += 1
    out.append(chr(ord("a") - 1 + run))
    colour: dict[int, int] = {}
    for (r, c), k in puzzle.clues("given"):
        colour.setdefault(number[puzzle.regions[r][c]], k)
    clues = write_runs([colour[i] - 1 if i in colour else None for i in range(len(number))])
    return f"{w}x{h}n{len(number)}:{''.join(out)},{clues}"
