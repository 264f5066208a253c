"""Arrows in cells, and a numbering of the cells along a path (Signpost, Tatham's Signpost).

`Arrows` is a clue layer: one of the eight compass directions in some cells (``N``, ``NE``,
``E``, ``SE``, ``S``, ``SW``, ``W``, ``NW``), a block of tokens separated by spaces in a file,
``.`` for a cell without one; drawn as a small arrow in the cell's corner. `ray` gives the cells
an arrow points at, to the edge of the grid.

`Order` is an answer layer: the numbers ``1..h*w``, one in every cell (`Digits` whose largest
value is the number of cells).
"""

from __future__ import annotations

from typing import Any

from .answers import Digits
from .base import Cell
from .canvas import INK, Canvas, Layout
from .clues import CellClues

#: Each direction's row and column step, clockwise from north.
STEPS: dict[str, tuple[int, int]] = {
    "N": (-1, 0), "NE": (-1, 1), "E": (0, 1), "SE": (1, 1),
    "S": (1, 0), "SW": (1, -1), "W": (0, -1), "NW": (-1, -1),
}
#: Each direction as one character (the text picture, and the SVG's arrow).
GLYPHS = dict(zip(STEPS, "↑↗→↘↓↙←↖"))


def ray(cell: Cell, direction: str, height: int, width: int) -> list[Cell]:
    """The cells an arrow in ``cell`` points at, nearest first, to the edge of the grid."""
    dr, dc = STEPS[direction]
    out = []
    r, c = cell[0] + dr, cell[1] + dc
    while 0 <= r < height and 0 <= c < width:
        out.append((r, c))
        r, c = r + dr, c + dc
    return out


def direction(a: Cell, b: Cell) -> str | None:
    """The direction from ``a`` to ``b`` when ``b`` lies along one of ``a``'s eight rays."""
    dr, dc = b[0] - a[0], b[1] - a[1]
    if (dr or dc) and (dr == 0 or dc == 0 or abs(dr) == abs(dc)):
        step = ((dr > 0) - (dr < 0), (dc > 0) - (dc < 0))
        return next(d for d, s in STEPS.items() if s == step)
    return None


class Arrows(CellClues):
    """Compass directions in some cells (see the module docstring)."""

    def __init__(self, name: str = "arrows", what: str = "an arrow"):
        super().__init__(name, what)
        self.whitespace = True  # tokens of one or two letters, separated by spaces
        self.aligned = True

    def read_token(self, text: str) -> Any:
        if text in STEPS:
            return text
        raise ValueError(self.expected())

    def expected(self) -> str:
        return f"{self.what} ({', '.join(STEPS)}) or '.'"

    def marks(self, value: tuple) -> dict[Cell, str]:
        return {cell: GLYPHS[d] for cell, d in self.entries(value)}

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        """A small arrow in each cell's top left corner (a number may stand in the middle)."""
        canvas.open(self.name)
        for (r, c), d in self.entries(value):
            dr, dc = STEPS[d]
            x, y, half = layout.x(c + 0.25), layout.y(r + 0.25), layout.cell * 0.16
            canvas.line(x - dc * half, y - dr * half, x + dc * half, y + dr * half, cls=f"arrow {d}",
                        stroke=INK, stroke_width=layout.cell * 0.05, stroke_linecap="round")
            # the head: two short strokes back from the tip, 45 degrees either side
            tip_x, tip_y = x + dc * half, y + dr * half
            for turn in (-1, 1):
                back = _turn(d, 3 * turn)
                br, bc = STEPS[back]
                canvas.line(tip_x, tip_y, tip_x + bc * half * 0.7, tip_y + br * half * 0.7,
                            cls="arrow head", stroke=INK, stroke_width=layout.cell * 0.05,
                            stroke_linecap="round")
        canvas.close()


def _turn(d: str, eighths: int) -> str:
    """The direction ``eighths`` of a turn clockwise from ``d``."""
    names = list(STEPS)
    return names[(names.index(d) + eighths) % 8]


class Order(Digits):
    """The numbers ``1..h*w``, one in every cell: the order of a path through every cell."""

    def __init__(self, name: str = "order", key: str = "order"):
        super().__init__(name, lo=1, hi=None, key=key)

    def top(self, height: int, width: int) -> int:
        return height * width

    def describe(self, key: tuple, value: int) -> str:
        return f"{value} in ({key[1]}, {key[2]})"
