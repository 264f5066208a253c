"""Circled cells (Nurimisaki's capes): a layer of circles and the checks of dead ends.

`Circles`: a grid block of ``o`` and ``.``, drawn as an open circle in the cell.
`dead_ends`: the cells of a set with exactly one neighbour in the set (a check's reading).
"""

from __future__ import annotations

from collections.abc import Iterable

from .base import Cell, around
from .canvas import INK, Canvas, Layout
from .clues import Symbols


class Circles(Symbols):
    """Circles in some cells: ``o`` in a file, drawn as a ring around the cell's clue."""

    def __init__(self, name: str = "circles", what: str = "a circle"):
        super().__init__(name, {"o": "circle"}, what)

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        canvas.open(self.name)
        for cell, _ in self.entries(value):
            x, y = layout.centre(cell)
            canvas.circle(x, y, layout.cell * 0.4, cls="circle", fill="#FFFFFF", stroke=INK, stroke_width=1.5)
        canvas.close()


def neighbours_in(cell: Cell, cells: Iterable[Cell]) -> int:
    """How many of a cell's four neighbours are in the set."""
    cells = cells if isinstance(cells, (set, frozenset)) else set(cells)
    return sum(n in cells for n in around(cell))


def dead_ends(cells: Iterable[Cell]) -> list[Cell]:
    """The cells of the set with exactly one neighbour in the set, in order."""
    cells = set(cells)
    return sorted(cell for cell in cells if neighbours_in(cell, cells) == 1)
