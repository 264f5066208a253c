"""Slitherlink boards pasted from puzzle-loop.com: ``div.loop-task-cell`` cells placed by
their ``top``/``left`` styles, the text a clue or empty."""

from __future__ import annotations

import sys

from ...errors import ParseError
from ...formats.pasted import Node, checked, having, number, placed
from . import Puzzle

SITES = {"loop-task-cell": "puzzle-loop.com"}
BOARD = "puzzle-loop.com (div.loop-task-cell)"


def read(nodes: list[Node], source: str) -> Puzzle | None:
    cells = having(nodes, "loop-task-cell")
    if not cells:
        return None
    rows, cols, grid = placed(cells, "div.loop-task-cell", source)
    out = []
    for r in range(rows):
        row = []
        for c in range(cols):
            value = number(grid[(r, c)], "clue", (r, c), source)
            if value is not None and value > 3:
                raise ParseError(f"the clue at ({r}, {c}) is {value}; Slitherlink clues are 0-3",
                                 source=source)
            row.append(value)
        out.append(tuple(row))
    return checked(sys.modules[__package__], Puzzle(tuple(out)), source)
