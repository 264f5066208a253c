"""The check library: plain-Python judges of a decoded answer, by the same shapes as the rule
library, written again without reading any model (so a genre's ``verify`` stays an independent
second reading of its rules). Each returns the problems it finds, in words, or the facts a
genre's check words itself (the cells seen from a clue, the pieces of a set of cells).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..unionfind import DisjointSets

Cell = tuple[int, int]
STEPS: tuple[tuple[int, int], ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))


def where(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"


def pieces(cells: Iterable[Cell]) -> list[list[Cell]]:
    """The orthogonally connected pieces of a set of cells, each sorted, largest first."""
    cells = set(cells)
    sets = DisjointSets(sorted(cells))
    for r, c in cells:
        for other in ((r, c + 1), (r + 1, c)):
            if other in cells:
                sets.union((r, c), other)
    groups: dict[Cell, list[Cell]] = {}
    for cell in sorted(cells):
        groups.setdefault(sets.find(cell), []).append(cell)
    return sorted(groups.values(), key=lambda g: (-len(g), g))


def connected(cells: Iterable[Cell], what: str) -> list[str]:
    """One problem when the cells form more than one orthogonally connected piece."""
    parts = pieces(cells)
    if len(parts) <= 1:
        return []
    firsts = ", ".join(where(p[0]) for p in parts[:4]) + (", ..." if len(parts) > 4 else "")
    return [f"the {what} are in {len(parts)} separate pieces (at {firsts}), not one"]


def full_blocks(cells: Iterable[Cell], height: int, width: int) -> list[Cell]:
    """The top-left cells of the 2x2 blocks whose four cells are all in the set."""
    cells = set(cells)
    return [(r, c) for r in range(height - 1) for c in range(width - 1)
            if {(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)} <= cells]


def no_2x2(cells: Iterable[Cell], height: int, width: int, what: str) -> list[str]:
    """A problem for each 2x2 block made only of the cells."""
    return [f"the 2x2 block at {where(cell)} is all {what}" for cell in full_blocks(cells, height, width)]


def touching_pairs(cells: Iterable[Cell], diagonal: bool = False) -> list[tuple[Cell, Cell]]:
    """The pairs of cells of the set that stand side by side (or, with ``diagonal``, touch at a
    corner too), in order."""
    cells = set(cells)
    steps = ((0, 1), (1, -1), (1, 0), (1, 1)) if diagonal else ((0, 1), (1, 0))
    return [((r, c), (r + dr, c + dc)) for r, c in sorted(cells) for dr, dc in steps
            if (r + dr, c + dc) in cells]


def no_two_adjacent(cells: Iterable[Cell], what: str) -> list[str]:
    """A problem for each pair of the cells side by side."""
    return [f"the {what} at {where(a)} and {where(b)} are side by side" for a, b in touching_pairs(cells)]


def seen(cell: Cell, cells: Iterable[Cell], height: int, width: int) -> int:
    """How many cells of the set a clue at ``cell`` sees: in each direction, those up to the
    first cell not in the set (or the edge of the grid)."""
    cells = set(cells)
    total = 0
    for dr, dc in STEPS:
        r, c = cell[0] + dr, cell[1] + dc
        while 0 <= r < height and 0 <= c < width and (r, c) in cells:
            total += 1
            r, c = r + dr, c + dc
    return total


def count_per_line(cells: Iterable[Cell], rows: Iterable[int | None], cols: Iterable[int | None],
                   what: str) -> list[str]:
    """A problem for each row or column whose number of cells differs from its count (None:
    no count given)."""
    cells = list(cells)
    out = []
    for axis, counts in (("row", rows), ("column", cols)):
        index = 0 if axis == "row" else 1
        for i, k in enumerate(counts):
            found = sum(1 for cell in cells if cell[index] == i)
            if k is not None and found != k:
                out.append(f"{axis} {i} has {found} {what}, the count is {k}")
    return out


def repeats(values: Mapping[Cell, object], lines: Iterable[Iterable[Cell]], what: str) -> list[str]:
    """A problem for each value that stands twice in one line (row, column, room)."""
    out = []
    for line in lines:
        first: dict[object, Cell] = {}
        for cell in line:
            if cell not in values:
                continue
            v = values[cell]
            if v in first:
                out.append(f"{what} {v} stands at both {where(first[v])} and {where(cell)}")
            else:
                first[v] = cell
    return out


def degrees(edges: Iterable[tuple[Cell, Cell]]) -> dict[Cell, int]:
    """How many of the edges touch each cell."""
    out: dict[Cell, int] = {}
    for a, b in edges:
        out[a] = out.get(a, 0) + 1
        out[b] = out.get(b, 0) + 1
    return out


def one_loop(edges: Iterable[tuple[Cell, Cell]]) -> list[str]:
    """Problems unless the edges form exactly one closed loop: a cell the line ends or branches
    at, more than one loop, or no line at all."""
    edges = list(edges)
    if not edges:
        return ["there is no loop"]
    out = [f"the line {'ends' if d == 1 else 'branches'} at {where(cell)}"
           for cell, d in sorted(degrees(edges).items()) if d != 2]
    sets = DisjointSets(sorted(degrees(edges)))
    for a, b in edges:
        sets.union(a, b)
    parts = len({sets.find(cell) for cell in degrees(edges)})
    if parts > 1:
        out.append(f"the line is in {parts} separate pieces, not one loop")
    return out
