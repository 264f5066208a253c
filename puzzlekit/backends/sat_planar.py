"""Planar parities for disjoint paths drawn on a grid, as XOR constraints in the sat backend's CNF.

Lines drawn along the grid never cross. Join the two ends of line k by a fixed reference
curve g_k (from the centre of one end to a corner of its cell, along cell borders to the
same corner of the other end's cell, to its centre); line k and g_k make a closed curve
C_k. Every other line j misses line k, so it crosses C_k only on g_k, and an odd number of
times exactly when C_k separates its two ends. A cell lies inside C_k when a ray from it
crosses C_k an odd number of times: the ray's crossings with g_k are fixed, those with line
k are the ray's grid edges on line k. So for every two pairs j != k:

    (edges of line j that g_k crosses) + (edges of line k the rays from j's ends cross) = fixed (mod 2)

a parity of "edge e is on line j" literals that every solution keeps, whatever else the
model says (so counting stays exact). Resolution, and so a CDCL solver, cannot derive such
parities at any reasonable size; stated as clauses they cut the search where lines may leave
cells empty, when the sparse layouts must be refuted (docs/benchmarks.md, "Numberlink:
planar parities"). Each pair k gets two reference curves, the one that runs along a row
first and the one that runs along a column first, each with every later pair j; each ray
leaves its cell the shortest way out of the grid. The other parities follow from these and
the pieces' degrees, and the fewer, shorter ones were the faster in our measurements.

It applies to a `DisjointPaths` of two pairs or more whose nodes are ``(row, column)``
pairs of integers from 0 and whose edges join orthogonal neighbours, the lines drawn as the
straight steps between cell centres (a ray going left or up lists the edges down to row or
column 0).
"""

from __future__ import annotations

from typing import Any

Point = tuple[int, int]  # (row, column) in quarter cells: cell centres are multiples of 4
_QUARTERS = 4
#: Literals per directly encoded piece of a parity (2^(n-1) clauses; longer ones chain).
_PIECE = 4


def applies(g: Any) -> bool:
    """Whether the relaxed graph ``g`` is a `DisjointPaths` of two or more pairs on grid
    cells (coordinates from 0) with orthogonal steps."""
    pairs = getattr(g.constraint, "pairs", None)
    if pairs is None or len(pairs) < 2:
        return False
    for e in g.constraint.edges:
        for node in (e.u, e.v):
            if not (isinstance(node, tuple) and len(node) == 2
                    and all(type(x) is int and x >= 0 for x in node)):
                return False
        if abs(e.u[0] - e.v[0]) + abs(e.u[1] - e.v[1]) != 1:
            return False
    return True


def add_parities(cnf: Any, g: Any, code: dict[Any, int], bits: int) -> int:
    """Add the planar parities of ``g`` (see the module docstring) to ``cnf``, with pair
    membership read from the binary pair codes (``code[node]``: the lowest of its ``bits``
    variables, as `sat_paths.pair_codes` makes them). Returns how many parities."""
    pairs = list(g.constraint.pairs)
    lit: dict[frozenset, int] = {}
    for e in g.constraint.edges:
        x = cnf.lit(e.lit)
        if e.u != e.v:
            lit[frozenset((e.u, e.v))] = x
    on_line = _Membership(cnf, lit, code, bits)
    last = (max(node[0] for edge in lit for node in edge), max(node[1] for edge in lit for node in edge))
    count = 0
    for k, (a, b) in enumerate(pairs):
        for rows_first in (False, True):
            points, crossed = _reference(a, b, rows_first)
            for j in range(k + 1, len(pairs)):
                lits = [on_line(edge, j) for edge in crossed]
                parity = 0
                for cell in pairs[j]:
                    way = _shortest_way_out(cell, last)
                    lits += [on_line(edge, k) for edge in _ray_edges(cell, way, last)]
                    parity ^= _ray_crossings(cell, points, way) & 1
                _xor(cnf, lits, parity)
                count += 1
    return count


class _Membership:
    """``(edge, j)`` -> a SAT literal true just when the edge is chosen and its ends carry
    pair j's code; made on first use, -1 for an edge the graph lacks."""

    def __init__(self, cnf: Any, lit: dict[frozenset, int], code: dict[Any, int], bits: int):
        self.cnf, self.lit, self.code, self.bits = cnf, lit, code, bits
        self.made: dict[tuple[frozenset, int], int] = {}

    def __call__(self, edge: frozenset, j: int) -> int:
        key = (edge, j)
        if key in self.made:
            return self.made[key]
        x = self.lit.get(edge, -1)  # an edge the graph lacks is never chosen
        if x == -1:
            self.made[key] = -1
            return -1
        node = min(edge)
        low = self.code[node]
        match = [low + i if j >> i & 1 else -(low + i) for i in range(self.bits)]
        cnf = self.cnf
        cnf.top += 1
        y = cnf.top
        cnf.clauses.extend([-y, m] for m in match)
        if x != 1:
            cnf.clauses.append([-y, x])
            cnf.clauses.append([y, -x, *(-m for m in match)])
        else:
            cnf.clauses.append([y, *(-m for m in match)])
        self.made[key] = y
        return y


def _reference(
    a: tuple[int, int], b: tuple[int, int], rows_first: bool
) -> tuple[list[Point], list[frozenset]]:
    """The reference curve from cell a's centre to cell b's (through the lower right corners
    of both, along cell borders between, first along a row or first along a column), as
    points in quarter cells (`_QUARTERS`), and the grid edges it crosses (some maybe outside
    the graph)."""
    q = _QUARTERS
    r, c = q * a[0] + q // 2, q * a[1] + q // 2  # the corner, a quarter-grid point
    tr, tc = q * b[0] + q // 2, q * b[1] + q // 2
    points: list[Point] = [(q * a[0], q * a[1]), (r, c)]
    crossed: list[frozenset] = []

    def along_row() -> None:
        nonlocal c
        while c != tc:
            step = q if tc > c else -q
            col = (c + step // 2) // q  # the column whose two cells the step passes between
            crossed.append(frozenset((((r - q // 2) // q, col), ((r + q // 2) // q, col))))
            c += step
            points.append((r, c))

    def along_column() -> None:
        nonlocal r
        while r != tr:
            step = q if tr > r else -q
            row = (r + step // 2) // q
            crossed.append(frozenset(((row, (c - q // 2) // q), (row, (c + q // 2) // q))))
            r += step
            points.append((r, c))

    for walk in (along_row, along_column) if rows_first else (along_column, along_row):
        walk()
    points.append((q * b[0], q * b[1]))
    return points, crossed


def _shortest_way_out(cell: tuple[int, int], last: tuple[int, int]) -> str:
    """The direction (right, left, up or down) in which the cell is nearest the grid's edge."""
    r, c = cell
    return min([(last[1] - c, "right"), (c, "left"), (r, "up"), (last[0] - r, "down")])[1]


def _ray_edges(cell: tuple[int, int], way: str, last: tuple[int, int]) -> list[frozenset]:
    """The grid edges a ray from the cell's centre crosses: going right or left a quarter cell
    above the centre, the steps up from each cell on its way; going up or down a quarter cell
    right of it, the steps right. (The step through the start itself belongs to the cell,
    a terminal, whose line the parity does not ask about.)"""
    r, c = cell
    if way == "right":
        return [frozenset(((r - 1, col), (r, col))) for col in range(c + 1, last[1] + 1)]
    if way == "left":
        return [frozenset(((r - 1, col), (r, col))) for col in range(c)]
    if way == "up":
        return [frozenset(((row, c), (row, c + 1))) for row in range(r)]
    return [frozenset(((row, c), (row, c + 1))) for row in range(r + 1, last[0] + 1)]


def _ray_crossings(cell: tuple[int, int], points: list[Point], way: str) -> int:
    """How many times the ray from the cell (see `_ray_edges`) crosses the polyline (whose
    points lie on the half-cell grid, so the ray, a quarter cell off the centre, meets no
    point of it)."""
    q = _QUARTERS
    if way in ("up", "down"):  # the same with rows and columns swapped
        points = [(x, y) for y, x in points]
        y, x = q * cell[1] + 1, q * cell[0]
    else:
        y, x = q * cell[0] - 1, q * cell[1]
    ahead = 1 if way in ("right", "down") else -1
    count = 0
    for (y0, x0), (y1, x1) in zip(points, points[1:]):
        if (y0 < y) == (y1 < y):
            continue
        # the crossing lies ahead when (x0 - x) + (y - y0) * (x1 - x0) / (y1 - y0) has its sign
        count += ahead * ((x0 - x) * (y1 - y0) + (y - y0) * (x1 - x0)) * (y1 - y0) > 0
    return count


def _xor(cnf: Any, lits: list[int], parity: int) -> None:
    """Clauses for "an odd number of ``lits`` are true" (``parity`` 1) or an even number (0):
    pieces of `_PIECE` literals forbid each wrong assignment, chained by new variables."""
    live = []
    for x in lits:
        if x == 1:
            parity ^= 1
        elif x != -1:
            live.append(x)
    while len(live) > _PIECE:
        head, live = live[:_PIECE - 1], live[_PIECE - 1:]
        cnf.top += 1
        live.append(cnf.top)
        _direct(cnf, [*head, cnf.top], 0)
    if live:
        _direct(cnf, live, parity)
    elif parity:
        cnf.clauses.append([])


def _direct(cnf: Any, lits: list[int], parity: int) -> None:
    """Forbid every assignment of ``lits`` whose number of true literals has the wrong parity."""
    n = len(lits)
    for mask in range(1 << n):
        if bin(mask).count("1") & 1 != parity:
            cnf.clauses.append([-x if mask >> i & 1 else x for i, x in enumerate(lits)])

