"""Shapes of the genres played in given rooms (Heyawake, LITS): a `Rooms` layer's rooms and
their borders, the stretches of cells that cross two borders, random divisions into rooms,
and the tetrominoes (their shapes and the places they fit in a room).

The rooms themselves are the `Rooms` clue layer (`puzzlekit.board.clues`): a label per cell.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .base import around
from .checks import connected, pieces
from .clues import Rooms
from .places import invalid
from .sides import room_label

Cell = tuple[int, int]

__all__ = ["TETROMINOES", "crossed_once", "crossings", "cuts", "grow",
           "numbered", "one_piece_each", "placements", "rectangles", "renumbered",
           "room_label", "rooms", "shade_one", "shape_of"]


def rooms(value: tuple) -> dict[Any, list[Cell]]:
    """Each room's cells in reading order, rooms in order of first appearance."""
    return Rooms.rooms(value)


def one_piece_each(value: tuple, layer: str) -> None:
    """Refuses (at a cell of it) a room whose cells are not one orthogonally connected piece:
    rooms are drawn by their borders, so a label in two pieces would be two rooms."""
    for label, cells in rooms(value).items():
        if len(pieces(cells)) > 1:
            r, c = cells[-1]
            raise invalid((layer, r, c), f"the room {label} is in separate pieces")


def numbered(numbers: tuple, value: tuple, layer: str = "numbers") -> list[tuple[Any, list[Cell], int]]:
    """The rooms with a number, as (label, cells, number); refuses (at the second number) a
    room with two numbers, or a number larger than its room."""
    out = []
    for label, cells in rooms(value).items():
        given = [(cell, numbers[cell[0]][cell[1]]) for cell in cells if numbers[cell[0]][cell[1]] is not None]
        if len(given) > 1:
            raise invalid((layer, *given[1][0]), f"the room {label} has two numbers")
        if given:
            cell, k = given[0]
            if isinstance(k, int) and k > len(cells):
                raise invalid((layer, *cell), f"the {k} is more than the {len(cells)} cells of room {label}")
            out.append((label, cells, k))
    return out


def crossings(value: tuple) -> list[list[Cell]]:
    """The shortest stretches of a row or column that cross two room borders: from the last
    cell before one border to the first cell after the next one along the line (any longer
    stretch across two borders holds one of these)."""
    h, w = len(value), len(value[0])
    out = []
    lines = [[(r, c) for c in range(w)] for r in range(h)] + [[(r, c) for r in range(h)] for c in range(w)]
    for line in lines:
        cuts = [i for i in range(1, len(line)) if _label(value, line[i - 1]) != _label(value, line[i])]
        out += [line[a - 1:b + 1] for a, b in zip(cuts, cuts[1:])]
    return out


def _label(value: tuple, cell: Cell) -> Any:
    return value[cell[0]][cell[1]]


def rectangles(rng: Any, height: int, width: int, most: int = 4) -> list[list[int]]:
    """A random division of the grid into rectangles no side longer than ``most`` (each
    rectangle split in two at random until it fits), numbered in reading order."""
    out = [[0] * width for _ in range(height)]
    todo, count = [(0, 0, height, width)], 0
    while todo:
        r, c, h, w = todo.pop()
        split_rows = h > most or (h > 1 and rng.random() < 0.3 and h >= w)
        split_cols = w > most or (w > 1 and rng.random() < 0.3 and w >= h)
        if split_rows and (not split_cols or h >= w):
            k = rng.randint(1, h - 1)
            todo += [(r, c, k, w), (r + k, c, h - k, w)]
        elif split_cols:
            k = rng.randint(1, w - 1)
            todo += [(r, c, h, k), (r, c + k, h, w - k)]
        else:
            for y in range(r, r + h):
                out[y][c:c + w] = [count] * w
            count += 1
    return renumbered(out)


def cuts(grid: Sequence[Sequence[int]], cell: Cell) -> list[list[list[int]]]:
    """The divisions made by cutting the room of ``cell`` along one straight grid line across
    it (every piece of the room then a room of its own), numbered in reading order; the last
    one cuts the cell out alone."""
    h, w = len(grid), len(grid[0])
    room = grid[cell[0]][cell[1]]
    cells = [(r, c) for r in range(h) for c in range(w) if grid[r][c] == room]
    out = []
    for axis in (0, 1):
        for line in range(min(x[axis] for x in cells) + 1, max(x[axis] for x in cells) + 1):
            out.append(_split(grid, [x for x in cells if x[axis] < line]))
    return out + ([_split(grid, [cell])] if len(cells) > 2 else [])


def _split(grid: Sequence[Sequence[int]], part: list[Cell]) -> list[list[int]]:
    """The grid with each piece of ``part`` made a room of its own, and each piece of what
    is left of its room one too."""
    out = [list(row) for row in grid]
    room = grid[part[0][0]][part[0][1]]
    rest = [(r, c) for r, row in enumerate(grid) for c, x in enumerate(row)
            if x == room and (r, c) not in part]
    fresh = max(map(max, grid)) + 1
    for piece in pieces(part) + pieces(rest):
        for r, c in piece:
            out[r][c] = fresh
        fresh += 1
    return renumbered(out)


def grow(rng: Any, height: int, width: int, owner: dict[Cell, int]) -> list[list[int]]:
    """Rooms grown from the cells already owned (cell -> room), each other cell joining the
    room of a neighbour at random, numbered in reading order."""
    owner = dict(owner)
    edge = list(owner)
    while edge:
        a = edge.pop(rng.randrange(len(edge)))
        for b in _beside(a, height, width):
            if b not in owner:
                owner[b] = owner[a]
                edge.append(b)
    return renumbered([[owner[(r, c)] for c in range(width)] for r in range(height)])


def _beside(cell: Cell, height: int, width: int) -> list[Cell]:
    return [(y, x) for y, x in around(cell)
            if 0 <= y < height and 0 <= x < width]


def renumbered(grid: list[list[int]]) -> list[list[int]]:
    """The rooms numbered 0, 1, ... in reading order of their first cells."""
    names: dict[int, int] = {}
    return [[names.setdefault(x, len(names)) for x in row] for row in grid]


# tetrominoes ------------------------------------------------------------------------------------


def _normal(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    cells = list(cells)
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def _variants(cells: Sequence[Cell]) -> frozenset[tuple[Cell, ...]]:
    """A shape's rotations and reflections, each moved to the origin."""
    out, shape = set(), list(cells)
    for _ in range(4):
        shape = [(c, -r) for r, c in shape]
        out |= {_normal(shape), _normal((r, -c) for r, c in shape)}
    return frozenset(out)


#: The four tetrominoes of LITS by letter, each with all its rotations and reflections.
TETROMINOES: dict[str, frozenset[tuple[Cell, ...]]] = {
    "L": _variants([(0, 0), (1, 0), (2, 0), (2, 1)]),
    "I": _variants([(0, 0), (1, 0), (2, 0), (3, 0)]),
    "T": _variants([(0, 0), (0, 1), (0, 2), (1, 1)]),
    "S": _variants([(0, 1), (0, 2), (1, 0), (1, 1)]),
}


def shape_of(cells: Iterable[Cell]) -> str | None:
    """The letter of the tetromino the cells form (L, I, T or S), or None (the square, or not
    four cells in one piece)."""
    cells = list(cells)
    if len(cells) != 4:
        return None
    shape = _normal(cells)
    return next((letter for letter, shapes in TETROMINOES.items() if shape in shapes), None)


def placements(cells: Iterable[Cell]) -> list[tuple[str, tuple[Cell, ...]]]:
    """Every tetromino (letter, cells in order) that fits inside the given cells."""
    inside = set(cells)
    out = set()
    for letter, shapes in TETROMINOES.items():
        for shape in shapes:
            for r, c in inside:
                for dr, dc in shape:  # the shape placed with each of its cells on (r, c)
                    placed = tuple(sorted((r - dr + y, c - dc + x) for y, x in shape))
                    if all(p in inside for p in placed):
                        out.add((letter, placed))
    return sorted(out)


# Heyawake's planting ---------------------------------------------------------------------------------


def shade_one(rng: Any, run: list, shaded: set, h: int, w: int) -> set:
    """A cell of the run (tried in random order) that can join the shaded cells with none side
    by side and the rest connected, as a set (empty when none can)."""
    for cell in rng.sample(run, len(run)):
        near = {(cell[0] + dr, cell[1] + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
        rest = {(r, c) for r in range(h) for c in range(w)} - shaded - {cell}
        if cell not in shaded and not near & shaded and not connected(rest, "unshaded cells"):
            return {cell}
    return set()


def crossed_once(rng: Any, rooms: list, shaded: set, h: int, w: int) -> tuple[list, set] | None:
    """The rooms and the shading with a cell shaded (`shade_one`) in each stretch that crosses
    two borders unshaded (Heyawake's rule), or None when some stretch cannot take one."""
    shaded = set(shaded)
    for run in crossings(rooms):
        if not shaded & set(run):
            shaded |= shade_one(rng, run, shaded, h, w)
            if not shaded & set(run):
                return None
    return rooms, shaded
