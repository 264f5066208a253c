"""Diagonals in cells and numbers at grid corners (Gokigen Naname, Tatham's Slant).

`Slants` is an answer layer: a diagonal in every cell, ``\\`` (top left to bottom right) or
``/``; a boolean ``(key, r, c)`` per cell in the model, true for ``\\``. A solution's value is a
tuple of rows, each a string of ``\\`` and ``/``; a player's state is rows with ``.`` where the
cell is not filled in yet.

`Corners` is a clue layer: numbers at the corners of the cells (the lattice points), an
``(h + 1) x (w + 1)`` block in a file and in data, ``(r, c)`` with ``0 <= r <= h``.

The rule shapes: `touching` (the cells whose diagonal would end at a corner, with the
diagonal that does), `no_loop` (the diagonals form no closed loop, as one `Connected` graph
constraint on the sides of the cells) and the checks `corner_count` and `loop_points`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from ..ir import Edge, Lit, ModelBuilder
from ..unionfind import DisjointSets
from .base import Cell, Layer
from .canvas import INK, Canvas, Layout
from .canvas import STATE as STATE_INK
from .clues import Numbers
from .places import SOLUTION, STATE, invalid, rows_of, shown

BACK, FORWARD = "\\", "/"
#: The state's mark for a cell not filled in yet.
OPEN = "."


def touching(corner: Cell, height: int, width: int) -> list[tuple[Cell, str]]:
    """The cells around a grid corner, each with the diagonal that would end at the corner."""
    r, c = corner
    around = (((r - 1, c - 1), BACK), ((r - 1, c), FORWARD), ((r, c - 1), FORWARD), ((r, c), BACK))
    return [(cell, d) for cell, d in around if 0 <= cell[0] < height and 0 <= cell[1] < width]


def ends(cell: Cell, diagonal: str) -> tuple[Cell, Cell]:
    """The two grid corners a cell's diagonal joins."""
    r, c = cell
    return ((r, c), (r + 1, c + 1)) if diagonal == BACK else ((r, c + 1), (r + 1, c))


class Slants(Layer):
    """A diagonal in every cell (see the module docstring)."""

    answer = True
    look = "diagonal"
    underneath = True  # drawn under the numbers at the corners (the kit's picture)

    def __init__(self, name: str = "slants", key: str = "slant"):
        super().__init__(name, "diagonals")
        self.key = key

    def keys(self, height: int, width: int) -> list[Hashable]:
        return [(self.key, r, c) for r in range(height) for c in range(width)]

    def variables(self, m: ModelBuilder, height: int, width: int) -> dict[Cell, Lit]:
        return {(r, c): m.bool((self.key, r, c)) for r in range(height) for c in range(width)}

    def decode(self, values: Mapping[Hashable, int], height: int, width: int) -> tuple[str, ...]:
        return tuple("".join(BACK if values[(self.key, r, c)] else FORWARD for c in range(width))
                     for r in range(height))

    def answer_of(self, value: tuple[str, ...], height: int, width: int) -> dict[Hashable, int]:
        return {(self.key, r, c): int(d == BACK) for r, row in enumerate(value) for c, d in enumerate(row)}

    def _rows(self, value: Any, height: int, width: int, source: str, allowed: str) -> tuple[str, ...]:
        """Rows given as strings (or lists of one-character marks), each mark one of ``allowed``."""
        if isinstance(value, (list, tuple)):
            value = [list(row) if isinstance(row, str) else row for row in value]
        rows = rows_of(value, (self.name,), height, width, source)
        for r, row in enumerate(rows):
            for c, v in enumerate(row):
                if not isinstance(v, str) or v not in allowed:
                    words = " or ".join(repr(a) for a in allowed)
                    raise invalid((self.name, r, c), f"expected {words}, found {shown(v)}", source)
        return tuple("".join(row) for row in rows)

    def normal(self, value: Any, height: int, width: int, source: str = SOLUTION) -> tuple[str, ...]:
        return self._rows(value, height, width, source, BACK + FORWARD)

    def to_json(self, value: tuple[str, ...]) -> list[str]:
        return list(value)

    def marks(self, value: tuple[str, ...]) -> dict[Cell, str]:
        return {(r, c): d for r, row in enumerate(value) for c, d in enumerate(row)}

    def dark(self, value: Any) -> set[Cell]:
        return set()

    def draw(self, canvas: Canvas, layout: Layout, value: Any, player: bool = False) -> None:
        """A solution's rows; or, from a player's state, the list of cells holding ``\\`` (the
        kit's picture passes the cells set true, and those set false to `draw_absent`)."""
        if isinstance(value, (list, set, frozenset)):
            cells = [(cell, BACK) for cell in value]
        else:
            cells = list(self.marks(value).items())
        canvas.open(self.name)
        for cell, d in sorted(cells):
            self._stroke(canvas, layout, cell, d, player)
        canvas.close()

    def draw_absent(self, canvas: Canvas, layout: Layout, cells: list[Cell]) -> None:
        """A player's ``/`` cells (set false in the model)."""
        for cell in cells:
            self._stroke(canvas, layout, cell, FORWARD, True)

    @staticmethod
    def _stroke(canvas: Canvas, layout: Layout, cell: Cell, diagonal: str, player: bool) -> None:
        (r1, c1), (r2, c2) = ends(cell, diagonal)
        cls = ("slant back" if diagonal == BACK else "slant forward") + (" state" if player else "")
        canvas.line(layout.x(c1), layout.y(r1), layout.x(c2), layout.y(r2), cls=cls,
                    stroke=STATE_INK if player else INK, stroke_width=layout.cell * 0.1,
                    stroke_linecap="round")

    # a player's state
    def state_fields(self) -> tuple[str, ...]:
        return (self.name,)

    def read_state(self, data: Mapping[str, Any], height: int, width: int) -> dict[Hashable, int]:
        if self.name not in data:
            return {}
        rows = self._rows(data[self.name], height, width, STATE, BACK + FORWARD + OPEN)
        return {(self.key, r, c): int(d == BACK) for r, row in enumerate(rows)
                for c, d in enumerate(row) if d != OPEN}

    def write_state(self, state: Mapping[Hashable, int], height: int, width: int) -> dict[str, Any]:
        rows = [[OPEN] * width for _ in range(height)]
        for k, v in state.items():
            if isinstance(k, tuple) and k and k[0] == self.key:
                rows[k[1]][k[2]] = BACK if v else FORWARD
        return {self.name: ["".join(row) for row in rows]}

    def describe(self, key: tuple, value: int) -> str:
        what = "a \\ (top left to bottom right)" if value else "a / (bottom left to top right)"
        return f"{what} in ({key[1]}, {key[2]})"


class Corners(Numbers):
    """Numbers at the corners of the cells: an ``(h + 1) x (w + 1)`` block (``.`` for none)."""

    #: The block is this many rows and columns bigger than the grid of cells.
    extent = 1

    def __init__(self, name: str = "corners", lo: int = 0, hi: int = 4, what: str = "a number"):
        super().__init__(name, lo=lo, hi=hi, what=what, spaced=False)

    def blank(self, height: int, width: int) -> tuple[tuple[Any, ...], ...]:
        return super().blank(height + 1, width + 1)

    def normal(self, value: Any, height: int, width: int, source: str = "<puzzle>") -> tuple:
        return super().normal(value, height + 1, width + 1, source)

    def with_entries(self, height: int, width: int, entries: Any) -> tuple:
        return super().with_entries(height + 1, width + 1, entries)

    def marks(self, value: tuple) -> dict[Cell, str]:
        return {}  # corners are not cells: `text` draws them between the cells

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        canvas.open(self.name)
        radius = layout.cell * 0.24
        for (r, c), v in self.entries(value):
            x, y = layout.x(c), layout.y(r)
            canvas.circle(x, y, radius, cls="corner", fill="#FFFFFF", stroke=INK, stroke_width=1.5)
            canvas.text(x, y, str(v), layout.cell * 0.32, cls="clue", fill=INK)
        canvas.close()


def text(corners: tuple, slants: tuple[str, ...] | None, height: int, width: int) -> str:
    """The grid as text: corner rows (a number, or ``+``) between rows of diagonals."""
    out = []
    for r in range(height + 1):
        out.append(" ".join("+" if v is None else str(v) for v in corners[r]))
        if r < height:
            row = slants[r] if slants is not None else " " * width
            out.append(" " + " ".join(row))
    return "\n".join(out)


# the rule shapes -----------------------------------------------------------------------------------


def no_loop(m: Any, lits: Mapping[Cell, Lit], rule: str) -> None:
    """The diagonals form no closed loop: every side of every cell is reached from outside the
    grid without crossing a diagonal. A ``\\`` joins a cell's top and right sides and its
    bottom and left sides, a ``/`` its top and left and its bottom and right; a side on the
    border is the outside. A loop would fence off the sides inside it, and without a loop
    every region between the diagonals reaches the border."""
    h, w = m.height, m.width

    def side(r: int, c: int) -> Hashable:  # a side by its midpoint, in half cells
        return "outside" if r in (0, 2 * h) or c in (0, 2 * w) else ("side", r, c)

    edges = []
    for (r, c), lit in sorted(lits.items()):
        top, bottom = side(2 * r, 2 * c + 1), side(2 * r + 2, 2 * c + 1)
        left, right = side(2 * r + 1, 2 * c), side(2 * r + 1, 2 * c + 2)
        edges += [Edge(top, right, lit), Edge(bottom, left, lit)]  # a backslash
        edges += [Edge(top, left, ~lit), Edge(bottom, right, ~lit)]  # a /
    nodes = sorted({e.u for e in edges} | {e.v for e in edges}, key=repr)
    with m.rule(rule):
        m.connected([(node, None) for node in nodes], edges)


def corner_count(slants: tuple[str, ...], corner: Cell) -> int:
    """How many diagonals end at a grid corner."""
    h, w = len(slants), len(slants[0]) if slants else 0
    return sum(slants[r][c] == d for (r, c), d in touching(corner, h, w))


def loop_points(slants: tuple[str, ...]) -> list[Cell]:
    """The grid corners where a diagonal closes a loop (empty when there is none), in the
    order the cells are read."""
    sets: DisjointSets[Cell] = DisjointSets()
    out = []
    for r, row in enumerate(slants):
        for c, d in enumerate(row):
            a, b = ends((r, c), d)
            if a in sets and b in sets and sets.find(a) == sets.find(b):
                out.append(a)
            sets.union(a, b)
    return out
