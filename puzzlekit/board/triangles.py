"""Half-cell triangles (Shakashaka): a black right triangle filling one corner of a cell.

`Triangles` is an answer layer: a value per cell, 0 none, else the corner the triangle fills
(`CORNERS`: 1 top left, 2 top right, 3 bottom left, 4 bottom right), drawn filled.
The rule `rectangles` keeps every white area a rectangle, upright or turned 45 degrees, with
clauses at the grid's corners; its check `rectangle_problems` measures each white area against
its bounding boxes. `turned_rectangle` lays a turned rectangle into cells, for a planter.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Collection, Mapping
from typing import Any

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
    or all eight: a run of 1, 3, 5, 6 or 7 is a sharp or concave corner.

    Each corner's rule is written on the values of its (up to four) cells alone: a clause per
    largest set of cell values that always breaks it (`_forbidden_boxes`). So each rule on its
    own rules out every value no way around the corner allows, and there are no helper
    variables for the ladder's pairs step to pair up (a clause per bad run over helper
    "open side" variables gave an 8x8 over a million pairs of rules to try)."""
    # A worked example: the grid point (i, j) with four white cells around it, clockwise from
    # the north-east: NE = (i-1, j), SE = (i, j), SW = (i, j-1), NW = (i-1, j-1). Say NE holds
    # ◤ (NW, 1): its left side is closed, its bottom side open, so of its two eighths at the
    # point the one by its left side is black and the one by its bottom white. Say SE holds ◤
    # or ◥: its top side is closed, so its eighth by that side is black. The white eighth of
    # NE then sits between two black ones, a run of 1: the white area comes to a 45 degree
    # point there, whatever SW and NW hold. So {NE: ◤} x {SE: ◤, ◥} x {SW: any} x {NW: any} is
    # a bad set, and no value can join it (another value of NE or SE leaves some
    # combination good), so it is one of the largest; its clause reads "NE is not ◤, or SE
    # has none, ◣ or ◢". A four-cell point has 104 such sets, one with three cells 13.
    values = {cell: m.eqs(triangles[cell]) for cell in triangles if cell not in walls}
    for i in range(m.height + 1):
        for j in range(m.width + 1):
            ring = [(i - 1, j), (i, j), (i, j - 1), (i - 1, j - 1)]  # clockwise from the north-east
            present = tuple(cell in values for cell in ring)
            if not any(present):
                continue
            with m.rule(f"{rule}: no sharp or concave corner at the grid point {where((i, j))}",
                        cells=[cell for cell in ring if cell in values]):
                for clause in _clauses(present):
                    m.clause([values[ring[k]][v] if yes else ~values[ring[k]][v] for k, v, yes in clause])


@functools.cache
def _clauses(present: tuple[bool, ...]) -> list[list[tuple[int, int, bool]]]:
    """A grid point's clauses (`_forbidden_boxes`) as (cell around it, value, equal or not)."""
    out = []
    for box in _forbidden_boxes(present):
        clause = []
        for k, states in zip([k for k, here in enumerate(present) if here], box):
            ok = [v for v in range(5) if not states >> _STATE[k][v] & 1]
            if len(ok) == 4:  # one value breaks it: "not that value" is one literal
                clause.append((k, next(v for v in range(5) if v not in ok), False))
            else:
                clause.extend((k, v, True) for v in ok)
        out.append(clause)
    return out


#: Per cell around a grid point (clockwise from the north-east, `rectangles`), its two eighths
#: at the point: the sides of the cell beside them, in turn clockwise.
_EIGHTHS = (("left", "bottom"), ("top", "left"), ("right", "top"), ("bottom", "right"))
#: Per cell around a point and value, the cell's state there: 2 x (first eighth white) +
#: (second eighth white); 0 is also a wall's.
_STATE = tuple(tuple(2 * (v not in SIDES[a]) + (v not in SIDES[b]) for v in range(5)) for a, b in _EIGHTHS)


def _good_ring(states: tuple[int, ...]) -> bool:
    """Whether the eighths the four states make are all white, none, or runs of 2 and 4."""
    ring = [bit for s in states for bit in (s >> 1, s & 1)]
    if all(ring) or not any(ring):
        return True
    k = ring.index(0)
    runs = "".join(map(str, ring[k:] + ring[:k])).split("0")
    return all(len(run) in (0, 2, 4) for run in runs)


@functools.cache
def _forbidden_boxes(present: tuple[bool, ...]) -> list[tuple[int, ...]]:
    """The largest sets of states (one bit mask of the four states per cell present) every
    combination of which breaks the corner, the absent cells (walls, off the grid) closed."""
    n = sum(present)
    allowed = []
    for states in itertools.product(range(4), repeat=n):
        it = iter(states)
        if _good_ring(tuple(next(it) if here else 0 for here in present)):
            allowed.append(states)
    # per cell and set of states, the allowed combinations (a bit each) with that cell in the set
    holds = [[sum(1 << t for t, a in enumerate(allowed) if s >> a[i] & 1) for s in range(16)]
             for i in range(n)]
    bad = set()
    for box in itertools.product(range(1, 16), repeat=n):
        meet = -1
        for i, s in enumerate(box):
            meet &= holds[i][s]
        if not meet:
            bad.add(box)
    return [box for box in sorted(bad) if not any(box[:i] + (box[i] | 1 << s,) + box[i + 1:] in bad
                                                  for i in range(n) for s in range(4) if not box[i] >> s & 1)]


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
