"""Masyu: a random loop through cell centres, then pearls where the loop allows them.

The loop is the outline of a random region of the squares between cell centres
(`regions.random_region` on an (H-1) x (W-1) grid). A clue is a pearl: white on a cell
where the loop goes straight and turns in a neighbouring cell along its way, black where it
turns and goes straight in both neighbouring cells along its way.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, field

from puzzlekit import grid
from puzzlekit.generate import regions
from puzzlekit.generate.fingerprint import Transform
from puzzlekit.genres import masyu

NAME = "masyu"
LEVELS = ("scan", "rules", "pairs", "trial", "lines", "chain", "either", "deep", "search")
#: The sides of the square grids measured for `reach` (``python -m benchmarks.levels``).
SIDES: tuple[int, ...] = (6, 10)
#: Per level: the sides at which at least 95% of the requests came back at it.
RELIABLE: dict[str, tuple[int, ...]] = {
    "scan": (6, 10), "rules": (6, 10), "pairs": (6, 10), "lines": (6, 10), "chain": (6, 10),
}
FILL = 0.55
#: A pearl only adds constraints over the edges near it: one guarded model (`guard`) serves
#: every counterexample question of a plant, on one incremental solver. Not the ladder's
#: (``GUARD``): a pearl's count over a cell's edges marks the cell as on the loop, which a
#: guarded count would not.
GUARD_FINDER = True



@dataclass(frozen=True)
class Plant:
    """The planted loop and the pearl each of its cells allows."""

    height: int
    width: int
    loop: frozenset
    pearls: dict = field(compare=False)
    region: dict = field(compare=False, default_factory=dict)


def check_size(height: int, width: int) -> None:
    if height < 3 or width < 3:
        raise ValueError(f"a Masyu loop with pearls needs at least a 3x3 grid, not {height}x{width}")


def sample_solution(rng: random.Random, height: int, width: int) -> Plant:
    return _plant(height, width, regions.random_region(rng, height - 1, width - 1, FILL))


def _plant(height: int, width: int, region: dict) -> Plant:
    loop = regions.outline(region)
    values = _answer(height, width, loop)
    pearls = {}
    for cell in grid.cells(height, width):
        kind = pearl(cell, lambda a, b: _on(values, a, b))
        if kind:
            pearls[cell] = kind
    return Plant(height, width, loop, pearls, region)


def repair(rng: random.Random, plant: Plant, values: dict | None, unfixed: list | None) -> Plant | None:
    """The loop moved where a counterexample leaves it (or where the ladder is stuck): a
    square beside one of those edges added to the region or taken from it."""
    if values is not None:
        every = grid.cell_edges(plant.height, plant.width)
        edges = [e for e in every if values[masyu.edge_key(*e)] != (e in plant.loop)]
    else:
        edges = [k[1:] for k in unfixed or ()]
    region = regions.moved(rng, plant.region, edges, plant.height - 1, plant.width - 1)
    return None if region is None else _plant(plant.height, plant.width, region)


def _answer(height: int, width: int, loop: frozenset) -> dict[Hashable, int]:
    return {masyu.edge_key(a, b): int((a, b) in loop) for a, b in grid.cell_edges(height, width)}


def answer(plant: Plant) -> dict[Hashable, int]:
    return _answer(plant.height, plant.width, plant.loop)


def solution(plant: Plant) -> masyu.Solution:
    return masyu.Solution(plant.loop)


def _on(values: dict, a: tuple[int, int], b: tuple[int, int]) -> bool:
    return bool(values.get(masyu.edge_key(a, b), 0)) if a != b else False


def pearl(cell: tuple[int, int], on) -> int:
    """The pearl the loop allows at a cell (``on(a, b)``: whether edge a-b is used), or 0."""
    dirs = [d for d in "UDLR" if on(cell, grid.step(cell, d))]
    if len(dirs) != 2:
        return masyu.EMPTY
    straight = set(dirs) in ({"U", "D"}, {"L", "R"})

    def straight_at(n: tuple[int, int], d: str) -> bool:
        return on(n, grid.step(n, d)) and on(n, grid.step(n, grid.OPPOSITE[d]))

    ahead = [(grid.step(cell, d), d) for d in dirs]
    if straight:
        return masyu.WHITE if not all(straight_at(n, d) for n, d in ahead) else masyu.EMPTY
    return masyu.BLACK if all(straight_at(n, d) for n, d in ahead) else masyu.EMPTY


def clues(plant: Plant) -> list[tuple]:
    return [("pearl", r, c, kind) for (r, c), kind in sorted(plant.pearls.items())]


def puzzle_from(height: int, width: int, items: list[tuple]) -> masyu.Puzzle:
    rows = [[masyu.EMPTY] * width for _ in range(height)]
    for _, r, c, kind in items:
        rows[r][c] = kind
    return masyu.Puzzle(tuple(tuple(row) for row in rows))


def breaks(item: tuple, values: dict, shown: list) -> bool:
    _, r, c, kind = item
    return pearl((r, c), lambda a, b: _on(values, a, b)) != kind


def keys(item: tuple) -> list[Hashable]:
    _, r, c, _ = item
    out = []
    for d in "UDLR":
        near, far = grid.step((r, c), d), grid.step((r, c), d, 2)
        out += [masyu.edge_key((r, c), near), masyu.edge_key(near, far)]
    return out


def place(item: tuple) -> tuple:
    """The cells a pearl's rules cite (`guard`: pearls side by side share edges)."""
    return ((item[1], item[2]),)


def partner(plant: Plant, item: tuple, height: int, width: int) -> tuple | None:
    cell = (height - 1 - item[1], width - 1 - item[2])
    kind = plant.pearls.get(cell)
    return ("pearl", *cell, kind) if kind else None


def transform(puzzle: masyu.Puzzle, t: Transform) -> masyu.Puzzle:
    return masyu.Puzzle(t.grid(puzzle.grid))
