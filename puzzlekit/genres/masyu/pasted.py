"""Masyu boards pasted from puzzle-masyu.com: ``div.loop-dot`` cells placed by their
``top``/``left`` styles, ``dot-white``/``dot-black`` for pearls."""

from __future__ import annotations

from ...errors import ParseError
from ...formats.pasted import Node, having, placed
from . import BLACK, WHITE, Puzzle

SITES = {"loop-dot": "puzzle-masyu.com"}
BOARD = "puzzle-masyu.com (div.loop-dot)"


def read(nodes: list[Node], source: str) -> Puzzle | None:
    dots = having(nodes, "loop-dot")
    if not dots:
        return None
    rows, cols, grid = placed(dots, "div.loop-dot", source)
    out = []
    for r in range(rows):
        row = []
        for c in range(cols):
            classes = grid[(r, c)].classes
            if {"dot-white", "dot-black"} <= classes:
                raise ParseError(f"the cell at ({r}, {c}) is both dot-white and dot-black", source=source)
            row.append(WHITE if "dot-white" in classes else BLACK if "dot-black" in classes else 0)
        out.append(tuple(row))
    return Puzzle(tuple(out))
