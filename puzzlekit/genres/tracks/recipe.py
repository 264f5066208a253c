"""Tracks: a random path from the left side to the bottom, its counts, pieces read off it.

The path is the longer arc of a winding loop (`regions.random_region`, as for Masyu)
between a cell of it on the left column and one on the bottom row. The row and column
counts and the two ends are always shown; a clue is one given piece of the path (at an end,
with its exit out of the grid). A piece only fixes the steps around its cell, so the model
of the counts is built once and pieces are added as fixed values (`state`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass

from puzzlekit import grid
from puzzlekit.generate import regions
from puzzlekit.generate.fingerprint import Transform
from puzzlekit.genres import tracks

NAME = "tracks"
LEVELS = ("scan", "rules", "pairs", "trial", "lines", "chain", "either", "deep", "search")
#: The sides of the square grids measured for `reach` (``python -m benchmarks.levels``).
SIDES: tuple[int, ...] = (6, 8)
#: Per level: the sides at which at least 95% of the requests came back at it.
RELIABLE: dict[str, tuple[int, ...]] = {"scan": (6, 8), "rules": (6, 8), "trial": (6, 8), "chain": (8,)}
#: Share of the squares between cell centres inside the loop the path is cut from.
FILL = 0.5

Cell = tuple[int, int]


@dataclass(frozen=True)
class Plant:
    height: int
    width: int
    path: tuple[Cell, ...]

    @property
    def edges(self) -> frozenset:
        return frozenset(grid.edge(a, b) for a, b in zip(self.path, self.path[1:]))


def check_size(height: int, width: int) -> None:
    if height < 2 or width < 2:
        raise ValueError(f"a Tracks puzzle needs at least a 2x2 grid, not {height}x{width}")


def sample_solution(rng: random.Random, height: int, width: int) -> Plant:
    """The longer arc of a winding loop between a cell of it on the left side and one on the
    bottom row; a random walk between two such cells when the loop touches neither."""
    for _ in range(20):
        loop = regions.outline(regions.random_region(rng, height - 1, width - 1, FILL))
        order = _cycle(loop)
        left = [i for i, cell in enumerate(order) if cell[1] == 0 and cell[0] < height - 1]
        bottom = [i for i, cell in enumerate(order) if cell[0] == height - 1]
        if left and bottom:
            i, j = rng.choice(left), rng.choice(bottom)
            one = order[i : j + 1] if i < j else order[i:] + order[: j + 1]
            other = (order[j : i + 1] if j < i else order[j:] + order[: i + 1])[::-1]
            return Plant(height, width, tuple(max(one, other, key=len)))
    start = (rng.randrange(height - 1), 0)  # the left side, above the bottom-left corner
    end = (height - 1, rng.randrange(width))
    return Plant(height, width, tuple(tracks.random_path(rng, height, width, start, end)))


def _cycle(loop: frozenset) -> list[Cell]:
    """The loop's cells in order round it, from its smallest cell."""
    links: dict[Cell, list[Cell]] = {}
    for a, b in sorted(loop):
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    first = min(links)
    order, here, before = [first], links[first][0], first
    while here != first:
        order.append(here)
        here, before = next(x for x in links[here] if x != before), here
    return order


def answer(plant: Plant) -> dict[Hashable, int]:
    edges = plant.edges
    every = grid.cell_edges(plant.height, plant.width)
    return {tracks.edge_key(a, b): int((a, b) in edges) for a, b in every}


def solution(plant: Plant) -> tracks.Solution:
    return tracks.Solution(plant.edges, plant.path)


def _piece(plant: Plant, i: int) -> str:
    """The letters of the path's piece at step ``i`` (an end gets its exit out of the grid)."""
    path = plant.path
    dirs = {grid.direction_between(path[i], path[j]) for j in (i - 1, i + 1) if 0 <= j < len(path)}
    if i == 0:
        dirs.add("L")
    elif i == len(path) - 1:
        dirs.add("D")
    return "".join(d for d in tracks.ORDER if d in dirs)


def clues(plant: Plant) -> list[tuple]:
    return sorted(("piece", *cell, _piece(plant, i)) for i, cell in enumerate(plant.path))


def required(plant: Plant) -> list[tuple]:
    h, w = plant.height, plant.width
    on = set(plant.path)
    out: list[tuple] = [("start", *plant.path[0]), ("end", *plant.path[-1])]
    out += [("col", c, sum((r, c) in on for r in range(h))) for c in range(w)]
    out += [("row", r, sum((r, c) in on for c in range(w))) for r in range(h)]
    return out


def puzzle_from(height: int, width: int, items: list[tuple]) -> tracks.Puzzle:
    cols, rows = [0] * width, [0] * height
    ends: dict[str, Cell] = {}
    pieces = []
    for item in items:
        kind = item[0]
        if kind == "col":
            cols[item[1]] = item[2]
        elif kind == "row":
            rows[item[1]] = item[2]
        elif kind in ("start", "end"):
            ends[kind] = (item[1], item[2])
        else:
            pieces.append(((item[1], item[2]), item[3]))
    return tracks.Puzzle(tuple(cols), tuple(rows), ends["start"], ends["end"], tuple(pieces))


def state(item: tuple, height: int, width: int) -> dict[Hashable, int]:
    """The steps a piece fixes: to each neighbour inside the grid, on or off."""
    cell = (item[1], item[2])
    out = {}
    for d in "UDLR":
        other = grid.step(cell, d)
        if grid.inside(other, height, width):
            out[tracks.edge_key(cell, other)] = int(d in item[3])
    return out


def breaks(item: tuple, values: dict, shown: list) -> bool:
    cell = (item[1], item[2])
    for d in "UDLR":
        value = values.get(tracks.edge_key(cell, grid.step(cell, d)))
        if value is not None and value != (d in item[3]):
            return True
    return False


def keys(item: tuple) -> list[Hashable]:
    cell = (item[1], item[2])
    return [tracks.edge_key(cell, grid.step(cell, d)) for d in "UDLR"]


def partner(plant: Plant, item: tuple, height: int, width: int) -> tuple | None:
    cell = (height - 1 - item[1], width - 1 - item[2])
    if cell not in plant.path:
        return None
    return ("piece", *cell, _piece(plant, plant.path.index(cell)))


def transform(puzzle: tracks.Puzzle, t: Transform) -> tracks.Puzzle:
    h, w = puzzle.height, puzzle.width
    rows, cols = t.lines(puzzle.rows, puzzle.cols, lambda k: k)
    pieces = tuple(
        (t.cell(cell, h, w), "".join(t.direction(d) for d in letters)) for cell, letters in puzzle.givens
    )
    return tracks.Puzzle(cols, rows, t.cell(puzzle.start, h, w), t.cell(puzzle.end, h, w), pieces)
