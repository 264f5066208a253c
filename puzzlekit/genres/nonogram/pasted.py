"""Nonogram boards pasted from puzzle-nonograms.com: ``table.nmtt`` (column clues, one
column per puzzle column) and ``table.nmtl`` (row clues, one row per puzzle row), blank
cells padding."""

from __future__ import annotations

import sys

from ... import textio
from ...errors import ParseError
from ...formats.pasted import Node, checked, having, table
from . import Puzzle

SITES = {"nmtt": "puzzle-nonograms.com", "nmtl": "puzzle-nonograms.com"}
BOARD = "puzzle-nonograms.com (table.nmtt and table.nmtl)"


def read(nodes: list[Node], source: str) -> Puzzle | None:
    top, left = having(nodes, "nmtt"), having(nodes, "nmtl")
    if not top and not left:
        return None
    columns = table(top, "nmtt", source)
    rows = table(left, "nmtl", source)
    width = len(columns[0])
    for i, row in enumerate(columns):
        if len(row) != width:
            raise ParseError(f"row {i} of table nmtt has {len(row)} cells, the first has {width}",
                             source=source)
    textio.check_size(len(rows), width, source)
    col_clues = tuple(tuple(row[c] for row in columns if row[c] is not None) for c in range(width))
    row_clues = tuple(tuple(v for v in row if v is not None) for row in rows)
    return checked(sys.modules[__package__], Puzzle(row_clues, col_clues), source)
