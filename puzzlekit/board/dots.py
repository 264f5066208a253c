"""Points on the doubled grid: `Dots`, a clue layer of dots at cell centres, at the midpoints
of the sides two cells share, and at the corners four cells share (Galaxies).

A point is ``(i, j)`` in half cells: ``(2r, 2c)`` is the centre of cell ``(r, c)``, an odd
coordinate lies on a line between cells. The block in a file and in data is
``(2h - 1) x (2w - 1)``, ``o`` for a dot, ``*`` for a black dot (a dot all the same, whose
region a picture shades, as puzz.link draws it), ``X`` at a cell's centre for a cell left out
of the grid (a hole no region takes in) and ``.`` for none. The cell ``(r, c)`` turned half
round about the point ``(i, j)`` is ``(i - r, j - c)`` (`mirror`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from ..ir import Edge, Lit, ModelBuilder
from .base import Cell
from .canvas import INK, Canvas, Layout
from .clues import CellClues
from .places import invalid
from .regions import Pair, divide, parts, split_joins

DOT, BLACK, HOLE = "o", "*", "X"


def mirror(cell: Cell, point: Cell) -> Cell:
    """The cell a half turn about a point (in half cells) takes ``cell`` to."""
    return point[0] - cell[0], point[1] - cell[1]


def core(point: Cell) -> list[Cell]:
    """The 1, 2 or 4 cells that touch a point: every region round it holds them."""
    i, j = point
    return sorted({(r, c) for r in {i // 2, (i + 1) // 2} for c in {j // 2, (j + 1) // 2}})


def points(value: tuple) -> list[Cell]:
    """The dots (black ones too) of a `Dots` value, in reading order."""
    return [(i, j) for i, row in enumerate(value) for j, v in enumerate(row) if v in (DOT, BLACK)]


def holes(value: tuple) -> set[Cell]:
    """The cells a `Dots` value leaves out of the grid."""
    return {(i // 2, j // 2) for i, row in enumerate(value) for j, v in enumerate(row) if v == HOLE}


def reaching(points: list[Cell], height: int, width: int, holes: set[Cell] | frozenset[Cell] = frozenset()
             ) -> dict[Cell, list[Cell]]:
    """Each cell's points: those whose region may hold the cell. A region about a point keeps
    the cell and its half turn inside the grid and away from the cells only another point can
    own (the cells touching a point, then those left with one point) and from the holes, and it
    is one piece round the point: a point's cells are grown from the cells touching it, a cell
    and its half turn at a time, repeated until no cell is left with one point more."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    fixed: dict[Cell, Cell] = {x: (-1, -1) for x in holes} | {x: d for d in points for x in core(d)}
    while True:
        reach: dict[Cell, list[Cell]] = {x: [] for x in cells}
        for d in points:
            for x in _grown(d, fixed, height, width):
                reach[x].append(d)
        more = {x: ds[0] for x, ds in reach.items() if len(ds) == 1 and x not in fixed}
        if not more:
            return reach
        fixed |= more


def _grown(d: Cell, fixed: dict[Cell, Cell], height: int, width: int) -> set[Cell]:
    """The cells joined to the point's core through cells whose half turn about it stays inside
    and neither of which belongs to another point."""
    def free(x: Cell) -> bool:
        y = mirror(x, d)
        return (0 <= x[0] < height and 0 <= x[1] < width and 0 <= y[0] < height and 0 <= y[1] < width
                and fixed.get(x, d) == d and fixed.get(y, d) == d)

    seen = set(core(d))  # a point's own cells, even where another point claims them too
    todo = list(seen)
    while todo:
        r, c = todo.pop()
        for x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if x not in seen and free(x):
                seen.add(x)
                todo.append(x)
    return seen


def grow(rng: random.Random, height: int, width: int) -> dict[Cell, Cell]:
    """Each cell's point: regions symmetric about their points, grown from random points, a cell
    and its mirror at a time (a planter's random division)."""
    owner: dict[Cell, Cell] = {}
    while len(owner) < height * width:
        start = rng.choice([(r, c) for r in range(height) for c in range(width) if (r, c) not in owner])
        options = [(2 * start[0] + dr, 2 * start[1] + dc) for dr in (0, 1) for dc in (0, 1)]
        options = [d for d in options if d[0] < 2 * height - 1 and d[1] < 2 * width - 1
                   and not owner.keys() & set(core(d))]
        d = rng.choice(options)
        part = set(core(d))
        for _ in range(rng.randrange(1, height + width)):
            grow = {(r + dr, c + dc) for r, c in part for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
            grow = sorted(x for x in grow if 0 <= x[0] < height and 0 <= x[1] < width and x not in part
                          and (y := mirror(x, d)) not in owner and x not in owner
                          and 0 <= y[0] < height and 0 <= y[1] < width)
            if not grow:
                break
            x = rng.choice(grow)
            part |= {x, mirror(x, d)}
        owner |= dict.fromkeys(part, d)
    return owner



class Dots(CellClues):
    """Dots on the doubled grid (see the module docstring)."""

    #: The file's only block is the doubled grid: ``2h - 1`` rows of ``2w - 1`` points.
    doubled = True

    def __init__(self, name: str = "dots", what: str = "a dot"):
        super().__init__(name, what)
        self.whitespace = False

    def read_token(self, text: str) -> Any:
        if text in (DOT, BLACK, HOLE):
            return text
        raise ValueError(f"{DOT!r} (a dot), {BLACK!r} (a black dot), {HOLE!r} (a cell left out) or '.'")

    def blank(self, height: int, width: int) -> tuple[tuple[Any, ...], ...]:
        return super().blank(2 * height - 1, 2 * width - 1)

    def normal(self, value: Any, height: int, width: int, source: str = "<puzzle>") -> tuple:
        out = super().normal(value, 2 * height - 1, 2 * width - 1, source)
        for (i, j), v in self.entries(out):
            if v == HOLE and (i % 2 or j % 2):
                raise invalid((self.name, i, j), f"a cell left out ({HOLE!r}) stands at a cell's centre, "
                              f"not at the point ({i}, {j})", source)
        return out

    def with_entries(self, height: int, width: int, entries: Any) -> tuple:
        return super().with_entries(2 * height - 1, 2 * width - 1, entries)

    def marks(self, value: tuple) -> dict[Cell, str]:
        return {(i // 2, j // 2): v for (i, j), v in self.entries(value) if i % 2 == j % 2 == 0}

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        canvas.open(self.name)
        for r, c in sorted(holes(value)):
            canvas.rect(layout.x(c), layout.y(r), layout.cell, layout.cell, cls="symbol hole", fill="#404040")
        for (i, j), v in self.entries(value):
            if v != HOLE:
                canvas.circle(layout.x((j + 1) / 2), layout.y((i + 1) / 2), layout.cell * 0.16, cls="dot",
                              fill=INK if v == BLACK else "#FFFFFF", stroke=INK, stroke_width=1.5)
        canvas.close()


# --- the rule and check library: regions the same after a half turn about their dot ----------


def symmetric_regions(m: ModelBuilder, joins: Mapping[Pair, Lit], dots: list[Cell], out: set[Cell],
                      height: int, width: int) -> None:
    """The grid divided into regions round the dots (Galaxies): every cell in the region of one
    dot (a cell left out alone in its own), which holds the cells touching the dot, is the same
    after a half turn about it and is one piece."""
    owners: dict[Cell, list[Any]] = dict(reaching(dots, height, width, out))
    owners |= {x: [("hole", x), *owners[x]] for x in out}
    member = divide(m, joins, owners, "divide the grid into regions round the dots")
    with m.rule("a cell left out belongs to no region", cells=sorted(out)):
        for x in sorted(out):
            m.fix(member[x][("hole", x)])
    for d in dots:
        with m.rule(f"the dot at {d} lies in its region", cells=core(d)):
            for cell in core(d):  # (a dot inside the grid reaches the cells round it)
                m.fix(member[cell][d])
        with m.rule(f"the region of the dot at {d} is the same after a half turn"):
            for cell, owned in member.items():
                if d in owned:
                    m.implies(owned[d], member[mirror(cell, d)][d])
        lits = {cell: owned[d] for cell, owned in member.items() if d in owned}
        with m.rule(f"the region of the dot at {d} is one piece"):
            edges = [Edge(a, b, m.both(("inside", d, a, b), lits[a], j)) for (a, b), j in joins.items()
                     if a in lits and b in lits]
            m.connected(sorted(lits.items()), edges)


def symmetric_problems(joins: frozenset[Pair], dots: list[Cell], out: set[Cell], height: int,
                       width: int) -> Iterator[str]:
    """What breaks `symmetric_regions` in a division given as joins, in words."""
    yield from split_joins(joins, height, width)
    for part in parts(joins, height, width):
        cells = set(part)
        if cells & out:
            if len(part) > 1:
                yield f"the cell left out at {min(cells & out)} is in the region at {part[0]}"
            continue
        inside = [d for d in dots if set(core(d)) <= cells]
        if len(inside) != 1:
            yield f"the region at {part[0]} holds {len(inside)} dots, not 1"
        elif any(mirror(cell, inside[0]) not in cells for cell in part):
            yield f"the region at {part[0]} is not the same after a half turn about its dot"


def centres(joins: frozenset[Pair], height: int, width: int) -> list[tuple[Cell, str]]:
    """A dot at the centre of each region's bounding box (a symmetric region's own)."""
    out = []
    for part in parts(joins, height, width):
        rows, cols = [r for r, _ in part], [c for _, c in part]
        out.append(((min(rows) + max(rows), min(cols) + max(cols)), DOT))
    return out
