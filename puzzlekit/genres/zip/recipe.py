"""Zip: a random path through every cell, then numbers along it and walls beside it.

The path is a snake shuffled by backbite moves (`grid.random_path`). Its two ends are
always numbered (1 and K). A clue is a number on a cell of the path (the numbers shown are
renumbered 1..K in path order) or, with ``walls=True`` (the default), a wall between two
neighbouring cells the path does not step between. Whether a second path breaks a number
depends on the numbers around it, so `breaks` reads the shown clues (``CONTEXT``).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass

from puzzlekit import grid
from puzzlekit.generate.fingerprint import Transform
from puzzlekit.genres import zip as zipgenre

NAME = "zip"
LEVELS = ("scan", "rules", "pairs", "trial", "lines", "chain", "either", "deep", "search")
#: The sides of the square grids measured for `reach` (``python -m benchmarks.levels``).
SIDES: tuple[int, ...] = (5, 6, 7)
#: Per level: the sides at which at least 95% of the requests came back at it.
RELIABLE: dict[str, tuple[int, ...]] = {"scan": (5, 6, 7), "trial": (5, 6, 7), "chain": (6, 7)}
#: How `puzzlekit generate --help` shows the recipe's options (``check_size``'s parameters).
OPTIONS: dict[str, object] = {"walls": False}
CONTEXT = True

Cell = tuple[int, int]


@dataclass(frozen=True)
class Plant:
    height: int
    width: int
    path: tuple[Cell, ...]
    walls: bool = True

    @property
    def steps(self) -> frozenset:
        return frozenset(grid.edge(a, b) for a, b in zip(self.path, self.path[1:]))


def check_size(height: int, width: int, walls: bool = True) -> None:
    if height * width < 4 or min(height, width) < 2:
        raise ValueError(f"a Zip puzzle needs at least a 2x2 grid, not {height}x{width}")


def sample_solution(rng: random.Random, height: int, width: int, walls: bool = True) -> Plant:
    return Plant(height, width, tuple(grid.random_path(rng, height, width)), bool(walls))


def answer(plant: Plant) -> dict[Hashable, int]:
    steps = plant.steps
    every = grid.cell_edges(plant.height, plant.width)
    return {zipgenre.edge_key(a, b): int((a, b) in steps) for a, b in every}


def solution(plant: Plant) -> zipgenre.Solution:
    return zipgenre.Solution(plant.path)


def clues(plant: Plant) -> list[tuple]:
    out: list[tuple] = [("number", *cell, i) for i, cell in enumerate(plant.path)]
    if plant.walls:
        steps = plant.steps
        out += [("wall", a, b) for a, b in grid.cell_edges(plant.height, plant.width) if (a, b) not in steps]
    return sorted(out, key=repr)


def required(plant: Plant) -> list[tuple]:
    last = len(plant.path) - 1
    return sorted([("number", *plant.path[0], 0), ("number", *plant.path[last], last)])


def puzzle_from(height: int, width: int, items: list[tuple]) -> zipgenre.Puzzle:
    rows = [[zipgenre.EMPTY] * width for _ in range(height)]
    numbered = sorted((item[3], item[1], item[2]) for item in items if item[0] == "number")
    for k, (_, r, c) in enumerate(numbered, start=1):
        rows[r][c] = k
    walls = frozenset((item[1], item[2]) for item in items if item[0] == "wall")
    return zipgenre.Puzzle(tuple(tuple(row) for row in rows), walls)


def read(plant: Plant, values: dict) -> dict:
    """A counterexample as its steps and the place of each cell along its path."""
    steps = [k[1:] for k, v in values.items() if k[0] == "edge" and v]
    path = zipgenre.walk(plant.path[0], steps)
    return {"steps": values, "place": {cell: i for i, cell in enumerate(path)}}


def breaks(item: tuple, seen: dict, shown: list) -> bool:
    if item[0] == "wall":
        return bool(seen["steps"].get(zipgenre.edge_key(item[1], item[2]), 0))
    place = seen["place"]
    i = item[3]
    numbered = sorted((it[3], (it[1], it[2])) for it in shown if it[0] == "number")
    before = [cell for j, cell in numbered if j < i]
    after = [cell for j, cell in numbered if j > i]
    here = place[(item[1], item[2])]
    return (bool(before) and place[before[-1]] > here) or (bool(after) and place[after[0]] < here)


def keys(item: tuple) -> list[Hashable]:
    if item[0] == "wall":
        return [zipgenre.edge_key(item[1], item[2])]
    cell = (item[1], item[2])
    return [zipgenre.edge_key(cell, grid.step(cell, d)) for d in "UDLR"]


def transform(puzzle: zipgenre.Puzzle, t: Transform) -> zipgenre.Puzzle:
    h, w = puzzle.height, puzzle.width
    walls = frozenset(t.edge(wall, h, w) for wall in puzzle.walls)
    return zipgenre.Puzzle(t.grid(puzzle.grid), walls)


def variants(puzzle: zipgenre.Puzzle) -> list[zipgenre.Puzzle]:
    """The puzzle and the same path read from its other end (numbers K..1)."""
    last = puzzle.last
    back = tuple(tuple(last + 1 - v if v else 0 for v in row) for row in puzzle.grid)
    return [puzzle, zipgenre.Puzzle(back, puzzle.walls)]
