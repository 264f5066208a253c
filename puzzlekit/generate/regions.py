"""Random loops for the loop genres: the outline of a random hole-free region of cells.

A region whose outline is one simple loop stays so when a cell is added whose neighbours
in the region form one unbroken stretch of the eight cells around it, with no corner cell
touching it diagonally alone (`simple`). Growth favours cells with few neighbours in the
region, so the outline winds instead of rounding off into a blob.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from puzzlekit import grid
from puzzlekit.board import checks
from puzzlekit.errors import InternalError

Cell = tuple[int, int]
#: The eight cells around a cell, in order around it (orthogonal ones at even places).
RING: tuple[Cell, ...] = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
#: Weight of a candidate by its number of orthogonal neighbours in the region (1 to 3).
WEIGHTS = {1: 6.0, 2: 1.0, 3: 0.3}


def simple(cell: Cell, region: set[Cell] | dict, height: int, width: int, remove: bool = False) -> bool:
    """Whether adding ``cell`` (``remove``: taking it away) keeps the region's outline one
    simple loop. Taking a cell away adds it to the rest of the plane, outside included."""
    r, c = cell
    ring = [
        (0 <= r + dr < height and 0 <= c + dc < width and (r + dr, c + dc) in region) != remove
        for dr, dc in RING
    ]
    if not any(ring[0::2]):
        return False
    for i in range(1, 8, 2):  # a corner cell in the region needs a side cell next to it there
        if ring[i] and not (ring[i - 1] or ring[(i + 1) % 8]):
            return False
    runs = sum(1 for i in range(8) if ring[i] and not ring[i - 1])
    return runs == 1


def random_region(rng: random.Random, height: int, width: int, fill: float = 0.5) -> dict[Cell, None]:
    """A random hole-free region of about ``fill`` of the cells whose outline is one loop
    (cells in the order they were added)."""
    start = (rng.randrange(height), rng.randrange(width))
    region: dict[Cell, None] = {start: None}
    target = max(1, round(fill * height * width))
    frontier: dict[Cell, None] = {}

    def touch(cell: Cell) -> None:
        r, c = cell
        for dr, dc in RING[0::2]:
            n = (r + dr, c + dc)
            if 0 <= n[0] < height and 0 <= n[1] < width and n not in region:
                frontier[n] = None

    touch(start)
    while len(region) < target and frontier:
        options = [cell for cell in frontier if simple(cell, region, height, width)]
        if not options:
            break
        weights = [WEIGHTS[_sides(cell, region)] for cell in options]
        cell = rng.choices(options, weights)[0]
        region[cell] = None
        del frontier[cell]
        touch(cell)
    return region


def _sides(cell: Cell, region: set[Cell] | dict) -> int:
    r, c = cell
    return sum((r + dr, c + dc) in region for dr, dc in RING[0::2])


def outline(region: Iterable[Cell]) -> frozenset[tuple[Cell, Cell]]:
    """The region's outline as lattice edges; `InternalError` if it is not one simple loop."""
    edges: set[tuple[Cell, Cell]] = set()
    for cell in set(region):  # a side shared by two cells of the region is not on its outline
        edges ^= set(grid.cell_sides(cell))
    if checks.one_loop(edges):
        raise InternalError("a grown region's outline is not one simple loop")
    return frozenset(edges)


def toggle(
    rng: random.Random, region: dict[Cell, None], cells: list[Cell], height: int, width: int
) -> dict[Cell, None] | None:
    """The region with one of ``cells`` (tried in random order) added or taken away, keeping
    its outline one simple loop and at least two cells; None when none can be."""
    cells = [x for x in dict.fromkeys(cells) if 0 <= x[0] < height and 0 <= x[1] < width]
    rng.shuffle(cells)
    for cell in cells:
        if cell in region:
            if len(region) > 2 and simple(cell, region, height, width, remove=True):
                return {x: None for x in region if x != cell}
        elif simple(cell, region, height, width):
            return {**region, cell: None}
    return None


def squares_beside(edge: tuple[Cell, Cell]) -> list[Cell]:
    """The two cells of a grid on either side of a lattice edge (some may be off the grid)."""
    (r, c), (r2, c2) = edge
    if r == r2:  # horizontal: above and below
        return [(r - 1, c), (r, c)]
    return [(r, c - 1), (r, c)]


def moved(
    rng: random.Random, region: dict[Cell, None], edges: list[tuple[Cell, Cell]], height: int, width: int
) -> dict[Cell, None] | None:
    """The region changed beside some of ``edges`` (where two loops differ, or where the
    ladder is stuck): one cell toggled per 32 edges, at least one; None when none can be."""
    edges = list(edges)
    rng.shuffle(edges)
    wanted = max(1, len(edges) // 32)
    done = 0
    for edge in edges:
        grown = toggle(rng, region, squares_beside(edge), height, width)
        if grown is not None:
            region = grown
            done += 1
            if done == wanted:
                break
    return region if done else None
