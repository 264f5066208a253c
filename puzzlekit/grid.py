"""Grid geometry shared by the genres: cells, neighbours, edges, lattice points, sight lines,
and random paths through every cell."""

from __future__ import annotations

import random
from collections.abc import Iterator

Cell = tuple[int, int]
CellEdge = tuple[Cell, Cell]

#: Orthogonal steps by direction letter: Up, Down, Left, Right.
STEPS: dict[str, Cell] = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
OPPOSITE: dict[str, str] = {"U": "D", "D": "U", "L": "R", "R": "L"}


def cells(height: int, width: int) -> Iterator[Cell]:
    """Every cell, row by row."""
    for r in range(height):
        for c in range(width):
            yield (r, c)


def inside(cell: Cell, height: int, width: int) -> bool:
    """Whether a cell lies on the grid."""
    return 0 <= cell[0] < height and 0 <= cell[1] < width


def step(cell: Cell, direction: str, distance: int = 1) -> Cell:
    """The cell ``distance`` steps away in a direction (may be off the grid)."""
    dr, dc = STEPS[direction]
    return (cell[0] + dr * distance, cell[1] + dc * distance)


def neighbours(cell: Cell, height: int, width: int) -> Iterator[Cell]:
    """Orthogonal neighbours on the grid, in U, D, L, R order."""
    for direction in "UDLR":
        other = step(cell, direction)
        if inside(other, height, width):
            yield other


def king_neighbours(cell: Cell, height: int, width: int) -> Iterator[Cell]:
    """The up to eight cells touching a cell, diagonals included."""
    r, c = cell
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and inside((r + dr, c + dc), height, width):
                yield (r + dr, c + dc)


def edge(a: Cell, b: Cell) -> CellEdge:
    """The undirected edge between two points, as a sorted pair."""
    return (a, b) if a <= b else (b, a)


def cell_edges(height: int, width: int) -> Iterator[CellEdge]:
    """Edges between orthogonally adjacent cell centres, each once, sorted."""
    for r, c in cells(height, width):
        if c + 1 < width:
            yield ((r, c), (r, c + 1))
        if r + 1 < height:
            yield ((r, c), (r + 1, c))


def lattice_points(height: int, width: int) -> Iterator[Cell]:
    """The ``(height+1) x (width+1)`` corners of a grid of cells."""
    return cells(height + 1, width + 1)


def lattice_edges(height: int, width: int) -> Iterator[CellEdge]:
    """Unit segments between lattice points (the sides of the cells)."""
    return cell_edges(height + 1, width + 1)


def cell_sides(cell: Cell) -> tuple[CellEdge, CellEdge, CellEdge, CellEdge]:
    """The four lattice edges around a cell: top, bottom, left, right."""
    r, c = cell
    return (
        ((r, c), (r, c + 1)),
        ((r + 1, c), (r + 1, c + 1)),
        ((r, c), (r + 1, c)),
        ((r, c + 1), (r + 1, c + 1)),
    )


def direction_between(a: Cell, b: Cell) -> str:
    """The direction letter of the unit step from ``a`` to adjacent ``b``."""
    delta = (b[0] - a[0], b[1] - a[1])
    for name, d in STEPS.items():
        if d == delta:
            return name
    raise ValueError(f"{a} and {b} are not orthogonal neighbours")


def sight_line(
    cell: Cell, direction: str, height: int, width: int, blocked: set[Cell] | frozenset[Cell]
) -> tuple[Cell | None, list[Cell]]:
    """Walk from ``cell`` in a direction to the first blocked cell.

    Returns that cell (None if the walk leaves the grid) and the cells passed on the way.
    Hashi uses it to pair islands that see each other across water.
    """
    passed: list[Cell] = []
    here = step(cell, direction)
    while inside(here, height, width):
        if here in blocked:
            return here, passed
        passed.append(here)
        here = step(here, direction)
    return None, passed


def random_path(rng: random.Random, height: int, width: int, moves: int | None = None) -> list[Cell]:
    """A random path through every cell: a row-by-row snake shuffled by ``moves`` backbite
    moves (default ten per cell)."""
    path = [(r, c if r % 2 == 0 else width - 1 - c) for r in range(height) for c in range(width)]
    for _ in range(10 * height * width if moves is None else moves):
        if rng.random() < 0.5:
            path.reverse()
        options = [n for n in neighbours(path[-1], height, width) if len(path) < 2 or n != path[-2]]
        if not options:
            continue
        # join the tail to a neighbour on the path and drop that neighbour's next step
        i = path.index(rng.choice(options))
        path[i + 1:] = path[i + 1:][::-1]
    return path
