"""Tents: tents placed apart with a tree beside each, the counts read off them.

Every part of a Tents puzzle is fixed by its solution (the trees and all the counts), so no
clue can be revealed or removed. When a second placement of tents fits, the plant changes
near a cell where the two differ (`repair`): a tree moves round its tent, a tent and its
tree go, a new pair comes, or a tree is planted where the other placement puts a tent.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from puzzlekit import grid
from puzzlekit.generate.fingerprint import Transform
from puzzlekit.genres import tents

NAME = "tents"
LEVELS = ("scan", "rules", "pairs", "trial", "chain", "either", "deep", "search")
#: The sides of the square grids measured for `reach` (``python -m benchmarks.levels``).
SIDES: tuple[int, ...] = (6, 10)
#: Per level: the sides at which at least 95% of the requests came back at it.
RELIABLE: dict[str, tuple[int, ...]] = {
    "scan": (6, 10), "rules": (6, 10), "pairs": (10,), "trial": (10,), "chain": (10,),
}
#: Share of the cells tried as tents, drawn for each plant (fewer trees: harder puzzles).
TENT_SHARE = (0.15, 0.3)
#: Planted solutions tried per puzzle (each is quick).
ATTEMPTS = 20

Cell = tuple[int, int]


@dataclass(frozen=True)
class Plant:
    """Each tree with its tent."""

    height: int
    width: int
    pairs: tuple[tuple[Cell, Cell], ...]  # (tree, tent), sorted

    @property
    def tents(self) -> set[Cell]:
        return {tent for _, tent in self.pairs}

    @property
    def trees(self) -> set[Cell]:
        return {tree for tree, _ in self.pairs}


def check_size(height: int, width: int) -> None:
    if height * width < 4 or min(height, width) < 2:
        raise ValueError(f"a Tents puzzle needs at least a 2x2 grid, not {height}x{width}")


def _free(cell: Cell, plant_cells: set[Cell], height: int, width: int) -> bool:
    return grid.inside(cell, height, width) and cell not in plant_cells


def _tent_fits(cell: Cell, tents_now: set[Cell], taken: set[Cell], height: int, width: int) -> bool:
    return _free(cell, taken, height, width) and not any(
        n in tents_now for n in grid.king_neighbours(cell, height, width)
    )


def sample_solution(rng: random.Random, height: int, width: int) -> Plant:
    cells = list(grid.cells(height, width))
    rng.shuffle(cells)
    pairs: dict[Cell, Cell] = {}
    taken: set[Cell] = set()
    tents_now: set[Cell] = set()
    share = rng.uniform(*TENT_SHARE)
    for cell in cells[: round(share * height * width)]:
        _add(rng, cell, pairs, taken, tents_now, height, width)
    if not pairs:  # a tiny grid: any cell with a neighbour
        _add(rng, cells[0], pairs, taken, tents_now, height, width)
    return Plant(height, width, tuple(sorted(pairs.items())))


def _add(
    rng: random.Random, cell: Cell, pairs: dict[Cell, Cell], taken: set[Cell], tents_now: set[Cell],
    height: int, width: int,
) -> bool:
    """Put a tent on the cell and a tree beside it, if they fit."""
    if not _tent_fits(cell, tents_now, taken, height, width):
        return False
    spots = [n for n in grid.neighbours(cell, height, width) if n not in taken]
    if not spots:
        return False
    tree = rng.choice(spots)
    pairs[tree] = cell
    taken.update((tree, cell))
    tents_now.add(cell)
    return True


def answer(plant: Plant) -> dict[Hashable, int]:
    trees, placed = plant.trees, plant.tents
    cells = [cell for cell in grid.cells(plant.height, plant.width) if cell not in trees]
    return {tents.tent_key(cell): int(cell in placed) for cell in cells}


def solution(plant: Plant) -> tents.Solution:
    return tents.make_solution(plant.tents)


def clues(plant: Plant) -> list[tuple]:
    return []


def required(plant: Plant) -> list[tuple]:
    h, w = plant.height, plant.width
    placed = plant.tents
    out: list[tuple] = [("tree", *tree) for tree in sorted(plant.trees)]
    out += [("col", c, sum((r, c) in placed for r in range(h))) for c in range(w)]
    out += [("row", r, sum((r, c) in placed for c in range(w))) for r in range(h)]
    return out


def puzzle_from(height: int, width: int, items: list[tuple]) -> tents.Puzzle:
    cols, rows = [0] * width, [0] * height
    trees = []
    for item in items:
        if item[0] == "tree":
            trees.append((item[1], item[2]))
        elif item[0] == "col":
            cols[item[1]] = item[2]
        else:
            rows[item[1]] = item[2]
    return tents.Puzzle(tuple(cols), tuple(rows), frozenset(trees))


def breaks(item: tuple, values: dict, shown: list) -> bool:
    return False  # every clue is always shown


# repairs ----------------------------------------------------------------------------------

Move = Callable[[random.Random, Plant, Cell], "dict[Cell, Cell] | None"]


def repair(rng: random.Random, plant: Plant, values: dict | None, unfixed: list | None) -> Plant | None:
    """The plant changed near a cell where a second placement (or the ladder) disagrees."""
    h, w = plant.height, plant.width
    placed, trees = plant.tents, plant.trees
    if values is not None:
        spots = [c for c in grid.cells(h, w) if c not in trees and values[tents.tent_key(c)] != (c in placed)]
    else:
        spots = [(k[1], k[2]) for k in unfixed or ()]
    rng.shuffle(spots)
    moves: list[Move] = [_move_tree, _drop_pair, _add_pair, _tree_on]
    wanted = max(1, len(spots) // 12)  # far apart differences are repaired together
    done = 0
    for spot in spots:
        rng.shuffle(moves)
        for move in moves:
            pairs = move(rng, plant, spot)
            if pairs is not None:
                plant = Plant(h, w, tuple(sorted(pairs.items())))
                done += 1
                break
        if done == wanted:
            break
    return plant if done else None


def _near(plant: Plant, spot: Cell) -> list[tuple[Cell, Cell]]:
    around = {spot, *grid.king_neighbours(spot, plant.height, plant.width)}
    return [(tree, tent) for tree, tent in plant.pairs if tent in around or tree in around]


def _move_tree(rng: random.Random, plant: Plant, spot: Cell) -> dict[Cell, Cell] | None:
    near = _near(plant, spot)
    taken = plant.tents | plant.trees
    rng.shuffle(near)
    for tree, tent in near:
        options = [n for n in grid.neighbours(tent, plant.height, plant.width) if n not in taken]
        if options:
            pairs = dict(plant.pairs)
            del pairs[tree]
            pairs[rng.choice(options)] = tent
            return pairs
    return None


def _drop_pair(rng: random.Random, plant: Plant, spot: Cell) -> dict[Cell, Cell] | None:
    near = _near(plant, spot)
    if not near or len(plant.pairs) < 2:
        return None
    tree, _ = rng.choice(near)
    pairs = dict(plant.pairs)
    del pairs[tree]
    return pairs


def _add_pair(rng: random.Random, plant: Plant, spot: Cell) -> dict[Cell, Cell] | None:
    h, w = plant.height, plant.width
    options = [spot, *grid.king_neighbours(spot, h, w)]
    rng.shuffle(options)
    pairs = dict(plant.pairs)
    taken = plant.tents | plant.trees
    placed = plant.tents
    for cell in options:
        if _add(rng, cell, pairs, taken, placed, h, w):
            return pairs
    return None


def _tree_on(rng: random.Random, plant: Plant, spot: Cell) -> dict[Cell, Cell] | None:
    """A tree on an empty cell where the other placement has a tent, its tent beside it."""
    h, w = plant.height, plant.width
    taken = plant.tents | plant.trees
    if spot in taken:
        return None
    placed = plant.tents
    options = [n for n in grid.neighbours(spot, h, w) if _tent_fits(n, placed, taken | {spot}, h, w)]
    if not options:
        return None
    pairs = dict(plant.pairs)
    pairs[spot] = rng.choice(options)
    return pairs


def transform(puzzle: tents.Puzzle, t: Transform) -> tents.Puzzle:
    rows, cols = t.lines(puzzle.rows, puzzle.cols, lambda k: k)
    trees = frozenset(t.cell(tree, puzzle.height, puzzle.width) for tree in puzzle.trees)
    return tents.Puzzle(cols, rows, trees)
