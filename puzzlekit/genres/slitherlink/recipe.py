"""Slitherlink: a random loop along the grid lines, then clues read off it.

The loop is the outline of a random hole-free region of cells (`regions.random_region`). A
clue is the number of a cell's sides the loop uses (0 to 3; a 4 would be a loop of one
cell). When every clue together still allows a second loop, the region gains or loses a
cell beside an edge where the two loops differ (`repair`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, field

from puzzlekit import grid
from puzzlekit.generate import regions
from puzzlekit.generate.fingerprint import Transform
from puzzlekit.genres import slitherlink

NAME = "slitherlink"
LEVELS = ("rules", "pairs", "trial", "lines", "chain", "either", "deep", "search")
#: The sides of the square grids measured for `reach` (``python -m benchmarks.levels``).
SIDES: tuple[int, ...] = (5, 8)
#: Per level: the sides at which at least 95% of the requests came back at it.
RELIABLE: dict[str, tuple[int, ...]] = {
    "rules": (5, 8), "pairs": (5, 8), "trial": (5, 8), "lines": (5, 8), "chain": (5, 8),
}
#: A clue only adds the count of its cell's sides: one guarded model serves every subset.
GUARD = True
#: Reveal starts from this share of the clues (about half are shown in the end): with none
#: shown the counterexamples are full of small loops, and cutting them off one round at a time
#: took most of a 30x30 (105 s at none, 18 s at 0.4 for seed 1).
HEAD_START = 0.4
FILL = 0.5
#: Removal asks about one clue at a time: the idle clues go first without a question
#: (`phases`), and of the rest about one in six can go, too few for chunks to pay (a 30x30:
#: some 610 ladder calls instead of 720, the same puzzles or as small).
REMOVE_SINGLY = True


@dataclass(frozen=True)
class Plant:
    """The planted loop and the region it outlines."""

    height: int
    width: int
    loop: frozenset
    region: dict = field(compare=False)


def check_size(height: int, width: int) -> None:
    if height < 2 or width < 2:
        raise ValueError(f"a Slitherlink needs at least a 2x2 grid, not {height}x{width}")


def sample_solution(rng: random.Random, height: int, width: int) -> Plant:
    region = regions.random_region(rng, height, width, FILL)
    return Plant(height, width, regions.outline(region), region)


def answer(plant: Plant) -> dict[Hashable, int]:
    edges = grid.lattice_edges(plant.height, plant.width)
    return {slitherlink.edge_key(p, q): int((p, q) in plant.loop) for p, q in edges}


def solution(plant: Plant) -> slitherlink.Solution:
    return slitherlink.Solution(plant.loop)


def _count(cell: tuple[int, int], used) -> int:
    return sum(1 for side in grid.cell_sides(cell) if used(side))


def clues(plant: Plant) -> list[tuple]:
    out = []
    for cell in grid.cells(plant.height, plant.width):
        k = _count(cell, lambda side: side in plant.loop)
        if k < 4:
            out.append(("clue", *cell, k))
    return out


def puzzle_from(height: int, width: int, items: list[tuple]) -> slitherlink.Puzzle:
    rows: list[list[int | None]] = [[None] * width for _ in range(height)]
    for _, r, c, k in items:
        rows[r][c] = k
    return slitherlink.Puzzle(tuple(tuple(row) for row in rows))


def breaks(item: tuple, values: dict, shown: list) -> bool:
    _, r, c, k = item
    return _count((r, c), lambda side: values[slitherlink.edge_key(*side)]) != k


def keys(item: tuple) -> list[Hashable]:
    return [slitherlink.edge_key(*side) for side in grid.cell_sides((item[1], item[2]))]


def partner(plant: Plant, item: tuple, height: int, width: int) -> tuple | None:
    cell = (height - 1 - item[1], width - 1 - item[2])
    k = _count(cell, lambda side: side in plant.loop)
    return ("clue", *cell, k) if k < 4 else None


def repair(rng: random.Random, plant: Plant, values: dict | None, unfixed: list | None) -> Plant | None:
    """The loop moved where a counterexample leaves it (or where the ladder is stuck)."""
    if values is not None:
        every = grid.lattice_edges(plant.height, plant.width)
        edges = [e for e in every if values[slitherlink.edge_key(*e)] != (e in plant.loop)]
    else:
        edges = [k[1:] for k in unfixed or ()]
    region = regions.moved(rng, plant.region, edges, plant.height, plant.width)
    return None if region is None else Plant(plant.height, plant.width, regions.outline(region), region)


def transform(puzzle: slitherlink.Puzzle, t: Transform) -> slitherlink.Puzzle:
    return slitherlink.Puzzle(t.grid(puzzle.grid))
