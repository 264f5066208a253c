"""An answer layer that divides the grid into regions: `Regions`, with the rule and check
shapes of region genres (Fillomino, Palisade, Galaxies, Dominosa).

The model holds one boolean per pair of neighbouring cells, true when the two cells are in one
region (a *join*; a side that is not joined is a border). A division is the set of joins, each
region's cells all joined to their neighbours in it; the solution JSON is rows of region
labels (cells of one connected patch of equal labels are one region). `divide` ties the joins
to an owner per cell (a dot, or a region's first cell with `rooted`), so every region is one
piece; `sized` fixes region sizes.
"""

from __future__ import annotations

import copy
from collections.abc import Hashable, Iterable, Mapping
from typing import Any

from ..ir import Lit, ModelBuilder, Var
from ..unionfind import DisjointSets
from .answers import Lines
from .base import Cell
from .canvas import ABSENT, INK, STATE, Canvas, Layout
from .clues import Setting
from .places import SOLUTION, invalid, rows_of, shown
from .places import STATE as STATE_SOURCE

Pair = tuple[Cell, Cell]


def parts(joins: Iterable[Pair], height: int, width: int) -> list[list[Cell]]:
    """The regions the joins make, each a sorted list of cells, in order of their first cell."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    sets = DisjointSets(cells)
    for a, b in joins:
        sets.union(a, b)
    groups: dict[Cell, list[Cell]] = {}
    for cell in cells:  # in reading order: each region listed at its first cell
        groups.setdefault(sets.find(cell), []).append(cell)
    return list(groups.values())


def closure(joins: Iterable[Pair], height: int, width: int) -> frozenset[Pair]:
    """Every pair of neighbours that lie in one region of the joins."""
    label = {cell: i for i, part in enumerate(parts(joins, height, width)) for cell in part}
    return frozenset(p for p in _pairs(height, width) if label[p[0]] == label[p[1]])


def _pairs(height: int, width: int) -> list[Pair]:
    return Lines().pairs(height, width)


def labels(joins: Iterable[Pair], height: int, width: int,
           sizes: bool = False) -> tuple[tuple[int, ...], ...]:
    """Rows of region labels: 1, 2, ... in order of each region's first cell, or (``sizes``)
    each region's size."""
    out = [[0] * width for _ in range(height)]
    for i, part in enumerate(parts(joins, height, width), 1):
        for r, c in part:
            out[r][c] = len(part) if sizes else i
    return tuple(tuple(row) for row in out)


class SizedJoins(frozenset):
    """Joins that know the grid's size: a region of one cell in the last row or column has no
    join to tell the size by. Equal to (and hashed as) the plain set of joins."""

    size: tuple[int, int]


def _sized(joins: frozenset, height: int, width: int) -> SizedJoins:
    out = SizedJoins(joins)
    out.size = (height, width)
    return out


def _size_of(value: frozenset) -> tuple[int, int]:
    if isinstance(value, SizedJoins):
        return value.size
    cells = [cell for pair in value for cell in pair]
    return max((r for r, _ in cells), default=0) + 1, max((c for _, c in cells), default=0) + 1


class Regions(Lines):
    """A division of the grid into regions: a boolean ``(key, a, b)`` per pair of neighbouring
    cells, true when they share a region. The value is the frozenset of joined pairs; the
    solution JSON is rows of labels (``sizes``: each cell's region size, as Fillomino writes
    it); a state lists pairs known ``joined`` and known split by a border (``absent``)."""

    look = "regions"

    def __init__(self, name: str = "regions", key: str = "join", absent: str = "borders",
                 joined: str = "joined", sizes: bool = False):
        super().__init__(name, key, absent, words=("{a} and {b} are in one region",
                                                   "a border between {a} and {b}"))
        self.what, self.joined, self.sizes = "regions", joined, sizes

    def normal(self, value: Any, height: int, width: int, source: str = SOLUTION,
               classic: bool = False) -> frozenset:
        if isinstance(value, (set, frozenset)):  # joins, as made in Python
            return _sized(closure(super().normal(value, height, width, source), height, width), height, width)
        rows = rows_of(value, (self.name,), height, width, source)
        for r, row in enumerate(rows):
            for c, v in enumerate(row):
                if not isinstance(v, (int, str)) or isinstance(v, bool):
                    raise invalid((self.name, r, c), f"expected a region label, found {shown(v)}", source)
        return _sized(frozenset((a, b) for a, b in _pairs(height, width)
                                if rows[a[0]][a[1]] == rows[b[0]][b[1]]), height, width)

    def decode(self, values: Mapping[Hashable, int], height: int, width: int) -> frozenset:
        return _sized(super().decode(values, height, width), height, width)

    def to_json(self, value: frozenset) -> list[list[int]]:
        h, w = _size_of(value)
        return [list(row) for row in labels(value, h, w, self.sizes)]

    def label_rows(self, value: frozenset, height: int, width: int) -> tuple[tuple[int, ...], ...]:
        return labels(value, height, width, self.sizes)

    def marks(self, value: frozenset) -> dict[Cell, str]:
        """Each cell's region size (``sizes``) or a letter per region."""
        h, w = _size_of(value)
        rows = labels(value, h, w, self.sizes)
        abc = "abcdefghijklmnopqrstuvwxyz"
        return {(r, c): str(v)[-1] if self.sizes else abc[(v - 1) % 26]
                for r, row in enumerate(rows) for c, v in enumerate(row)}

    def draw(self, canvas: Canvas, layout: Layout, value: Any, player: bool = False) -> None:
        if player:  # a player's joins: a line between the two cells' centres
            canvas.open(self.name)
            for a, b in sorted(value):
                (x1, y1), (x2, y2) = layout.centre(a), layout.centre(b)
                canvas.line(x1, y1, x2, y2, cls=f"{self.key} state", stroke=STATE,
                            stroke_width=layout.cell * 0.1, stroke_linecap="round")
            canvas.close()
            return
        joined = set(value)
        self.draw_absent(canvas, layout, [p for p in _pairs(layout.height, layout.width) if p not in joined],
                         stroke=INK)

    def draw_absent(self, canvas: Canvas, layout: Layout, edges: list[Pair], stroke: str = ABSENT) -> None:
        """Borders: a thick line along the side two cells share."""
        canvas.open(self.absent)
        for (r, c), (r2, c2) in edges:
            if r == r2:
                x1 = x2 = layout.x(c2)
                y1, y2 = layout.y(r), layout.y(r + 1)
            else:
                y1 = y2 = layout.y(r2)
                x1, x2 = layout.x(c), layout.x(c + 1)
            canvas.line(x1, y1, x2, y2, cls="border" if stroke == INK else "border absent", stroke=stroke,
                        stroke_width=layout.cell * 0.1, stroke_linecap="round")
        canvas.close()

    # a player's state: the joined pairs under ``joined``
    def _named(self) -> Lines:
        other = copy.copy(self)
        other.name = self.joined
        return other

    def state_fields(self) -> tuple[str, ...]:
        return (self.name, self.joined, self.absent)

    def read_state(self, data: Mapping[str, Any], height: int, width: int,
                   classic: bool = False) -> dict[Hashable, int]:
        """The pairs ``joined`` and ``absent`` list; a solution's rows of labels (``name``)
        know every pair."""
        listed = Lines.read_state(self._named(), data, height, width, classic)
        if self.name not in data:
            return listed
        joins = self.normal(data[self.name], height, width, STATE_SOURCE)
        out = {(self.key, a, b): int((a, b) in joins) for a, b in _pairs(height, width)}
        for key, value in listed.items():
            if out[key] != value:
                raise invalid((self.name,), f"the labels and {self.joined}/{self.absent} disagree on "
                              f"{key[1]} and {key[2]}", STATE_SOURCE)
        return out

    def write_state(self, state: Mapping[Hashable, int], height: int, width: int) -> dict[str, Any]:
        return Lines.write_state(self._named(), state, height, width)


# --- the rule library ------------------------------------------------------------------------

Division = dict[Cell, dict[Hashable, Lit]]


def divide(m: ModelBuilder, joins: Mapping[Pair, Lit], owners: Mapping[Cell, Iterable[Hashable]],
           rule: str, key: str = "") -> Division:
    """One owner per cell, among ``owners[cell]``: two neighbours are joined exactly when they
    have one owner. Returns the literal "``cell`` belongs to ``owner``" by cell and owner
    (``key``: a prefix of the variables' names, for a second division in one model)."""
    member: Division = {cell: {o: m.bool((key + "owner", cell, o)) for o in owned}
                        for cell, owned in owners.items()}
    with m.rule(f"{rule}: every cell is in one region"):
        for lits in member.values():
            m.exactly(1, lits.values())
    for (a, b), j in joins.items():
        with m.rule(f"{rule}: {a} and {b} share a region exactly when no border splits them", cells=[a, b]):
            for o in member[a].keys() | member[b].keys():
                xa, xb = member[a].get(o), member[b].get(o)
                if xa is not None and xb is not None:
                    m.clause((~j, ~xa, xb))
                    m.clause((~j, xa, ~xb))
                    m.clause((j, ~xa, ~xb))
                else:
                    m.clause((~j, ~(xa if xa is not None else xb)))  # type: ignore[operator]
    return member


def rooted(m: Any, joins: Mapping[Pair, Lit], most: int, rule: str,
           limit: Mapping[Cell, int] | None = None, key: str = "") -> Division:
    """A division into regions of at most ``most`` cells (``limit``: fewer for some cells), each
    owned by its first cell (its root, row by row). A region is one piece: every cell but the
    root is joined to a neighbour one step nearer the root."""
    cells = sorted({cell for pair in joins for cell in pair} | set(m.cells()))
    cap = {cell: min(most, (limit or {}).get(cell, most)) for cell in cells}
    owners = {x: [y for y in cells if y <= x and abs(x[0] - y[0]) + abs(x[1] - y[1]) < min(cap[x], cap[y])]
              for x in cells}
    member = divide(m, joins, owners, rule, key)
    near: dict[Cell, list[tuple[Cell, Lit]]] = {cell: [] for cell in cells}
    for (a, b), j in joins.items():
        near[a].append((b, j))
        near[b].append((a, j))
    step = {cell: m.int((key + "step", cell), 0, cap[cell] - 1) for cell in cells}
    with m.rule(f"{rule}: each region is one piece"):
        for x in cells:
            for y, lit in member[x].items():
                if y != x:
                    m.implies(lit, member[y][y])
            m.clause((~m.eq(step[x], 0), member[x][x]))
            m.clause((m.eq(step[x], 0), ~member[x][x]))
            for k in range(1, cap[x]):
                on = [m.both((key + "nearer", x, z, k), j, m.eq(step[z], k - 1))
                      for z, j in near[x] if cap[z] > k - 1]
                m.clause((~m.eq(step[x], k), *on))
    return member


def sized(m: Any, member: Division, size: int | Mapping[Cell, Var], rule: str) -> None:
    """Each region rooted at a cell (`rooted`) has ``size`` cells: a number, or an integer
    variable per cell (the root's counts)."""
    by_root: dict[Cell, list[Lit]] = {}
    for lits in member.values():
        for y, lit in lits.items():
            by_root.setdefault(y, []).append(lit)
    for y, lits in by_root.items():
        root = member[y][y]
        with m.rule(f"{rule}: the region starting at {y}", cells=[y]):
            if isinstance(size, int):
                m.count([(1, x) for x in lits] + [(-size, root)], "==", 0)
                continue
            # "at least v cells" literals of the root's size, false off a root: the other
            # members and the missing steps up to the top size then count `var.hi - 1` on and
            # off a root, a count of unit terms (a cardinality, which clauses propagate
            # fully; the members weighed against the size took seconds where this takes a
            # fraction on a 9x7 Fillomino)
            var = size[y]
            steps = []
            for v in range(2, var.hi + 1):
                lit = m.bool(("sized", y, v))
                m.implies(lit, root)
                m.clause((~lit, *(m.eq(var, w) for w in range(max(v, var.lo), var.hi + 1))))
                for w in range(max(v, var.lo), var.hi + 1):
                    m.clause((~root, ~m.eq(var, w), lit))
                if steps:
                    m.implies(lit, steps[-1])
                steps.append(lit)
            others = [x for x in lits if x is not root]
            m.count([*others, *(~x for x in steps)], "==", var.hi - 1)


# --- the check library -----------------------------------------------------------------------

def region_sizes(joins: Iterable[Pair], height: int, width: int, sizes: Mapping[Cell, int]) -> list[str]:
    """Each given size is the size of its cell's region."""
    out = []
    for part in parts(joins, height, width):
        for cell in part:
            if cell in sizes and sizes[cell] != len(part):
                out.append(f"the {sizes[cell]} at {cell} is in a region of {len(part)} cells")
    return out


def borders(joins: Iterable[Pair], height: int, width: int) -> list[Pair]:
    """The pairs of neighbours the joins leave split (the borders)."""
    joined = set(joins)
    return [p for p in _pairs(height, width) if p not in joined]


def split_joins(joins: Iterable[Pair], height: int, width: int) -> list[str]:
    """Neighbours in one region with a border between them (a division given as joins)."""
    joined = frozenset(joins)
    return [f"{a} and {b} are in one region but a border splits them"
            for a, b in sorted(closure(joined, height, width) - joined)]


class Size(Setting):
    """A whole number for the whole puzzle on an optional header line (``size: 5``): the
    size of every region in Palisade. Stored as a number; ``default`` when left out (None:
    the number is optional, and None, no number, is what a puzzle without the line holds)."""

    def __init__(self, name: str = "size", default: int | None = 5, lo: int = 1, hi: int = 99,
                 what: str = "a region size"):
        super().__init__(name, [str(k) for k in range(lo, hi + 1)], str(default), what=what)
        self.lo, self.hi, self.default = lo, hi, default  # type: ignore[assignment]

    def normal(self, value: Any, height: int, width: int, source: str = "<puzzle>") -> Any:
        if value is None and self.default is None:
            return None
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value)
        if not (isinstance(value, int) and not isinstance(value, bool) and self.lo <= value <= self.hi):
            raise invalid((self.name,), f"{self.label} must be a whole number {self.lo}-{self.hi}, "
                          f"found {shown(value)}", source)
        return value

    def write_header(self, value: Any) -> str | None:
        return None if value == self.default else f"{self.label}: {value}"


def sides_at(cell: Cell, joins: Mapping[Pair, Any], height: int, width: int) -> tuple[list[Any], int]:
    """The joins around a cell, and how many of its sides lie on the grid's edge."""
    r, c = cell
    pairs = [((r - 1, c), cell), ((r, c - 1), cell), (cell, (r, c + 1)), (cell, (r + 1, c))]
    inside = [joins[p] for p in pairs if p in joins]
    return inside, 4 - sum(1 for a, b in pairs if 0 <= min(a[0], b[0]) and max(a[0], b[0]) < height
                           and 0 <= min(a[1], b[1]) and max(a[1], b[1]) < width)
