"""Numberlink: a path through every cell cut into pieces; each piece's ends are a pair.

The path is a snake shuffled by backbite moves (`grid.random_path`), cut into pieces of at
least three cells, about one per `CELLS_PER_PAIR` cells. The numbers are fixed by the
pieces, so nothing is revealed or removed: where a second set of paths fits, a piece is cut
in two at a cell where they differ, or two pieces whose ends meet there are joined
(`repair`). Every cell lies on a path (``cover: all``).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass

from puzzlekit import grid
from puzzlekit.generate.fingerprint import Transform, first_seen
from puzzlekit.genres import numberlink

NAME = "numberlink"
LEVELS = ("scan", "rules", "pairs", "trial", "lines", "chain", "either", "deep", "search")
#: The sides of the square grids measured for `reach` (``python -m benchmarks.levels``).
SIDES: tuple[int, ...] = (6, 8)
#: Per level: the sides at which at least 95% of the requests came back at it.
RELIABLE: dict[str, tuple[int, ...]] = {"scan": (6, 8), "trial": (6, 8), "lines": (8,)}
CELLS_PER_PAIR = 7
ATTEMPTS = 10

Cell = tuple[int, int]


@dataclass(frozen=True)
class Plant:
    height: int
    width: int
    paths: tuple[tuple[Cell, ...], ...]  # each from its smaller end, sorted

    @property
    def edges(self) -> frozenset:
        return frozenset(grid.edge(a, b) for path in self.paths for a, b in zip(path, path[1:]))


def _plant(height: int, width: int, paths: list[list[Cell]]) -> Plant:
    return Plant(height, width, tuple(sorted(tuple(p if p[0] <= p[-1] else p[::-1]) for p in paths)))


def check_size(height: int, width: int) -> None:
    if height * width < 6 or min(height, width) < 2:
        raise ValueError(f"a Numberlink puzzle needs at least a 2x3 grid, not {height}x{width}")


def sample_solution(rng: random.Random, height: int, width: int) -> Plant:
    path = grid.random_path(rng, height, width)
    n = len(path)
    lengths = [3] * max(1, min(n // CELLS_PER_PAIR, n // 3))
    for _ in range(n - sum(lengths)):
        lengths[rng.randrange(len(lengths))] += 1
    pieces, start = [], 0
    for length in lengths:
        pieces.append(path[start : start + length])
        start += length
    return _plant(height, width, pieces)


def answer(plant: Plant) -> dict[Hashable, int]:
    edges = plant.edges
    every = grid.cell_edges(plant.height, plant.width)
    return {numberlink.edge_key(a, b): int((a, b) in edges) for a, b in every}


def solution(plant: Plant) -> numberlink.Solution:
    puzzle = puzzle_from(plant.height, plant.width, required(plant))
    return numberlink.Solution(plant.edges, numberlink.label_cells(puzzle, plant.edges))


def clues(plant: Plant) -> list[tuple]:
    return []


def required(plant: Plant) -> list[tuple]:
    return sorted(("pair", *path[0], *path[-1]) for path in plant.paths)


def puzzle_from(height: int, width: int, items: list[tuple]) -> numberlink.Puzzle:
    rows = [[numberlink.EMPTY] * width for _ in range(height)]
    for k, (_, r1, c1, r2, c2) in enumerate(sorted(items), start=1):
        rows[r1][c1] = rows[r2][c2] = k
    return numberlink.Puzzle(tuple(tuple(row) for row in rows))


def breaks(item: tuple, values: dict, shown: list) -> bool:
    return False  # every pair is always shown


def repair(rng: random.Random, plant: Plant, values: dict | None, unfixed: list | None) -> Plant | None:
    """A piece cut in two, or two pieces joined, where a second set of paths (or the
    ladder) disagrees."""
    if values is not None:
        every = grid.cell_edges(plant.height, plant.width)
        edges = [e for e in every if values[numberlink.edge_key(*e)] != (e in plant.edges)]
    else:
        edges = [k[1:] for k in unfixed or ()]
    spots = sorted({cell for edge in edges for cell in edge})
    rng.shuffle(spots)
    paths = [list(p) for p in plant.paths]
    for spot in spots:
        if _cut(rng, paths, spot) or _join(paths, spot):
            return _plant(plant.height, plant.width, paths)
    return None


def _cut(rng: random.Random, paths: list[list[Cell]], spot: Cell) -> bool:
    """Cut the piece through the spot beside it, leaving pieces of 3+ cells (two numbers side
    by side would give the pair away)."""
    for i, path in enumerate(paths):
        if spot in path:
            at = path.index(spot)
            options = [j for j in (at, at + 1) if 3 <= j <= len(path) - 3]
            if not options:
                return False
            j = rng.choice(options)
            paths[i : i + 1] = [path[:j], path[j:]]
            return True
    return False


def _join(paths: list[list[Cell]], spot: Cell) -> bool:
    """Join the piece ending at the spot to a piece ending beside it."""
    mine = next((p for p in paths if spot in (p[0], p[-1])), None)
    if mine is None or len(paths) < 2:
        return False
    for other in paths:
        if other is mine:
            continue
        for end in (other[0], other[-1]):
            if abs(end[0] - spot[0]) + abs(end[1] - spot[1]) == 1:
                a = mine if mine[-1] == spot else mine[::-1]
                b = other if other[0] == end else other[::-1]
                paths.remove(mine)
                paths.remove(other)
                paths.append(a + b)
                return True
    return False


def transform(puzzle: numberlink.Puzzle, t: Transform) -> numberlink.Puzzle:
    return numberlink.Puzzle(t.grid(puzzle.grid), puzzle.cover)


def variants(puzzle: numberlink.Puzzle) -> list[numberlink.Puzzle]:
    """The numbers renamed in order of first appearance (row by row)."""
    order = first_seen(v for row in puzzle.grid for v in row)
    grid_ = tuple(tuple(order.get(v, 0) for v in row) for row in puzzle.grid)
    return [numberlink.Puzzle(grid_, puzzle.cover)]
