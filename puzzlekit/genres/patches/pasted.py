"""Patches boards pasted from puzzle-shikaku.com (areas only): ``div.cell`` cells placed by
their ``top``/``left`` styles, the text an area or empty."""

from __future__ import annotations

import sys

from ...formats.pasted import Node, checked, having, number, placed, style
from . import Clue, Puzzle

SITES = {"cell": "puzzle-shikaku.com"}
BOARD = "puzzle-shikaku.com (div.cell with top/left styles)"


def read(nodes: list[Node], source: str) -> Puzzle | None:
    cells = [n for n in having(nodes, "cell", "div") if "top" in style(n)]
    if not cells:
        return None
    rows, cols, grid = placed(cells, "div.cell", source)
    out = []
    for r in range(rows):
        row = []
        for c in range(cols):
            value = number(grid[(r, c)], "area", (r, c), source)
            row.append(None if value is None else Clue(value))
        out.append(tuple(row))
    return checked(sys.modules[__package__], Puzzle(tuple(out)), source)
