"""Half-cell triangles (Shakashaka): a black right triangle filling one corner of a cell.

`Triangles` is an answer layer: a value per cell, 0 none, else the corner the triangle fills
(`CORNERS`: 1 top left, 2 top right, 3 bottom left, 4 bottom right), drawn filled.
The rule `rectangles` keeps every white area a rectangle, upright or turned 45 degrees, with
clauses at the grid's corners; its check `rectangle_problems` measures each white area against
its bounding boxes. `turned_rectangle` lays a turned rectangle into cells, for a planter.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from ..ir import Lit
from .canvas import INK, Canvas, Layout, draw_dot
from .canvas import STATE as STATE_INK
from .rules import BoardBuilder, where
from .sides import Marks

Cell = tuple[int, int]
NONE, NW, NE, SW, SE = range(5)
CORNERS = {NW: "top left", NE: "top right", SW: "bottom left", SE: "bottom right"}
#: The corners each side of a cell joins: a triangle at either closes that side.
SIDES = {"top": (NW, NE), "right": (NE, SE), "bottom": (SW, SE), "left": (NW, SW)}
#: The quarters of a cell (cut by both diagonals) a triangle fills.
FILLS = {NONE: (), NW: ("top", "left"), NE: ("top", "right"), SW: ("bottom", "left"), SE: ("bottom", "right")}


class Triangles(Marks):
    """A triangle or none in every cell (see the module docstring)."""

    def __init__(self, name: str = "triangles", key: str = "triangle"):
        super().__init__(name, key, "·◤◥◣◢", ["no triangle", *(f"a triangle in the {w} corner"
                                                           for w in CORNERS.values())])

    def draw(self, canvas: Canvas, layout: Layout, value: Any, player: bool = False) -> None:
        canvas.open(self.name)
        cells = value.items() if isinstance(value, dict) else (
            ((r, c), v) for r, row in enumerate(value) for c, v in enumerate(row))
        for (r, c), v in sorted(cells):
            if not v:  # known empty, as `Marks` draws it
                draw_dot(canvas, layout, (r, c))
            else:
                x0, y0, x1, y1 = layout.x(c), layout.y(r), layout.x(c + 1), layout.y(r + 1)
                corners = {NW: (x0, y0), NE: (x1, y0), SW: (x0, y1), SE: (x1, y1)}
                points = [corners[k] for k in (NW, NE, SE, SW) if k + v != 5]  # all but the far corner
                # classed as a value, as `Marks` draws its characters
                canvas.polygon(points, cls="digit triangle state" if player else "digit triangle",
                               fill=STATE_INK if player else INK)
        canvas.close()


def rectangles(m: BoardBuilder, triangles: Mapping[Cell, Any], walls: Collection[Cell], rule: str) -> None:
    """Every white area is a rectangle. Around each grid corner lie eight eighths of a turn,
    two per cell: the one beside a side of the cell is white when the cell is no wall and has
    no triangle at either end of that side. A white area is a rectangle exactly when, at every
    corner, each unbroken run of white eighths is two (a right angle) or four (straight) long,
    or all eight: a run of 1, 3, 5, 6 or 7 is a sharp or concave corner."""
    open_side: dict[tuple[Cell, str], Lit | None] = {}
    with m.rule(rule):
        for cell in sorted(triangles):
            if cell in walls:
                continue
            tri = {k: m.eq(triangles[cell], k) for k in CORNERS}
            for side, (a, b) in SIDES.items():
                x = m.bool(("open", *cell, side))
                m.clause((~x, ~tri[a]))
                m.clause((~x, ~tri[b]))
                m.clause((x, tri[a], tri[b]))
                open_side[(cell, side)] = x
    for i, j, ring in _rings(open_side, m.height, m.width):
        around = [(i + di, j + dj) for di in (-1, 0) for dj in (-1, 0)]
        with m.rule(f"{rule}: no sharp or concave corner at the grid point {where((i, j))}",
                    cells=[cell for cell in around if cell in triangles]):
            _runs_of_two_or_four(m, ring)


def _rings(open_side: Mapping, h: int, w: int) -> list[tuple[int, int, list]]:
    """Each grid point's eight eighths in turn, clockwise from the north (None: never white:
    a wall, or outside the grid)."""
    out = []
    for i in range(h + 1):
        for j in range(w + 1):
            nw, ne, sw, se = (i - 1, j - 1), (i - 1, j), (i, j - 1), (i, j)
            ring = [open_side.get(k) for k in ((ne, "left"), (ne, "bottom"), (se, "top"), (se, "left"),
                                               (sw, "right"), (sw, "top"), (nw, "bottom"), (nw, "right"))]
            if any(x is not None for x in ring):
                out.append((i, j, ring))
    return out


def _runs_of_two_or_four(m: BoardBuilder, ring: list[Lit | None]) -> None:
    """No unbroken run of true literals around the ring is 1, 3, 5, 6 or 7 long (None: false)."""
    for length in (1, 3, 5, 6, 7):
        for start in range(8):
            inside = [ring[(start + k) % 8] for k in range(length)]
            if any(x is None for x in inside):
                continue  # a false eighth inside: no such run
            bounds = {(start - 1) % 8, (start + length) % 8}
            clause = [~x for x in inside] + [ring[k] for k in sorted(bounds) if ring[k] is not None]
            m.clause(clause)


def white_quarters(walls: Collection[Cell], triangles: Mapping[Cell, int]) -> set[tuple[Cell, str]]:
    """The white quarters of the cells (each cell cut by its two diagonals into top, right,
    bottom and left quarters)."""
    return {(cell, q) for cell, v in triangles.items() if cell not in walls
            for q in ("top", "right", "bottom", "left") if q not in FILLS[v]}


def rectangle_problems(walls: Collection[Cell], triangles: Mapping[Cell, int]) -> list[str]:
    """A problem for each white area that is no rectangle: its area (a quarter cell per
    quarter) is less than that of its bounding box, upright and turned 45 degrees."""
    white = white_quarters(walls, triangles)
    across = {"top": ((-1, 0), "bottom"), "bottom": ((1, 0), "top"), "left": ((0, -1), "right"),
              "right": ((0, 1), "left")}
    ring = ("top", "right", "bottom", "left")
    seen: set = set()
    out = []
    for start in sorted(white):
        if start in seen:
            continue
        seen.add(start)
        stack, area = [start], [start]
        while stack:
            (r, c), q = stack.pop()
            (dr, dc), facing = across[q]
            i = ring.index(q)
            for n in (((r + dr, c + dc), facing), ((r, c), ring[i - 1]), ((r, c), ring[(i + 1) % 4])):
                if n in white and n not in seen:
                    seen.add(n)
                    stack.append(n)
                    area.append(n)
        points = [p for (r, c), q in area for p in _quarter(r, c, q)]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        us, vs = [x + y for x, y in points], [x - y for x, y in points]
        size = len(area) / 4
        upright = (max(xs) - min(xs)) * (max(ys) - min(ys))
        turned = (max(us) - min(us)) * (max(vs) - min(vs)) / 2
        if size not in (upright, turned):
            out.append(f"the white area at {where(area[0][0])} is not a rectangle")
    return out


def _quarter(r: int, c: int, q: str) -> list[tuple[float, float]]:
    """The corners of a cell's quarter as (x, y) points."""
    mid = (c + 0.5, r + 0.5)
    ends = {"top": ((c, r), (c + 1, r)), "right": ((c + 1, r), (c + 1, r + 1)),
            "bottom": ((c, r + 1), (c + 1, r + 1)), "left": ((c, r), (c, r + 1))}[q]
    return [*ends, mid]


def turned_rectangle(p: int, q: int) -> dict[Cell, Any]:
    """A rectangle turned 45 degrees, its sides p and q diagonals long, in a square box of
    ``p + q`` cells a side: each cell of the box white (`NONE`), a triangle at the corner left
    outside, or ``"X"`` when it lies outside the rectangle (in ``u = x + y``, ``v = x - y`` the
    rectangle is ``p <= u <= p + 2q``, ``-p <= v <= p``)."""
    n = p + q

    def side(x: int, y: int) -> int:  # 1 inside, 0 on its border, -1 outside
        u, v = x + y, x - y
        if p < u < p + 2 * q and -p < v < p:
            return 1
        return 0 if p <= u <= p + 2 * q and -p <= v <= p else -1

    out: dict[Cell, Any] = {}
    for i in range(n):
        for j in range(n):
            corners = {NW: side(j, i), NE: side(j + 1, i), SW: side(j, i + 1), SE: side(j + 1, i + 1)}
            outside = [k for k, s in corners.items() if s < 0]
            if not outside:
                out[(i, j)] = NONE
            elif len(outside) == 1 and 1 in corners.values():
                out[(i, j)] = outside[0]
            else:
                out[(i, j)] = "X"
    return out
