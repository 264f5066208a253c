"""Queens: N queens apart, one region grown around each, border cells moved until unique.

The queens are a random placement, one per row and column, none touching
(`queens.random_queens`); the regions grow from them at random, a free neighbouring cell at
a time. The regions are the whole puzzle, so nothing is revealed or removed: when a second
placement fits, a cell where it puts a queen is handed to a neighbouring region, so that
placement has two queens there and none in the region that lost it (`repair`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass

from puzzlekit import grid
from puzzlekit.board.checks import pieces
from puzzlekit.generate.fingerprint import Transform, first_seen
from puzzlekit.genres import queens

NAME = "queens"
LEVELS = ("scan", "rules", "pairs", "trial", "chain", "either", "deep", "search")
#: The sides of the square grids measured for `reach` (``python -m benchmarks.levels``).
SIDES: tuple[int, ...] = (6, 8, 11)
#: Per level: the sides at which at least 95% of the requests came back at it.
RELIABLE: dict[str, tuple[int, ...]] = {
    "scan": (6, 8, 11), "rules": (6, 8), "pairs": (6, 8, 11), "trial": (6, 8, 11), "chain": (8, 11),
}
ATTEMPTS = 10

Cell = tuple[int, int]


@dataclass(frozen=True)
class Plant:
    n: int
    queens: tuple[Cell, ...]  # queen k is the seed of region k
    owner: tuple[tuple[int, ...], ...]  # the region of each cell


def check_size(height: int, width: int) -> None:
    if height != width:
        raise ValueError(f"a Queens grid is square, not {height}x{width}")
    if not 4 <= height <= len(queens.LABELS):
        raise ValueError(f"Queens generation takes sides 4 to {len(queens.LABELS)}, not {height}")


def sample_solution(rng: random.Random, height: int, width: int) -> Plant:
    n = height
    placed = queens.random_queens(rng, n)
    assert placed is not None  # every side from 4 up has a placement
    owner = queens.grow_regions(rng, n, placed)
    return Plant(n, tuple(placed), tuple(tuple(owner[(r, c)] for c in range(n)) for r in range(n)))


def answer(plant: Plant) -> dict[Hashable, int]:
    placed = set(plant.queens)
    return {queens.queen_key(cell): int(cell in placed) for cell in grid.cells(plant.n, plant.n)}


def solution(plant: Plant) -> queens.Solution:
    return queens.Solution(tuple(sorted(plant.queens)))


def clues(plant: Plant) -> list[tuple]:
    return []


def required(plant: Plant) -> list[tuple]:
    return [("region", r, c, k) for r, row in enumerate(plant.owner) for c, k in enumerate(row)]


def puzzle_from(height: int, width: int, items: list[tuple]) -> queens.Puzzle:
    rows = [[""] * width for _ in range(height)]
    for _, r, c, k in items:
        rows[r][c] = queens.LABELS[k]
    return queens.Puzzle(tuple("".join(row) for row in rows))


def breaks(item: tuple, values: dict, shown: list) -> bool:
    return False  # the regions are always shown


def repair(rng: random.Random, plant: Plant, values: dict | None, unfixed: list | None) -> Plant | None:
    """A cell where a second placement puts a queen that is not planted (or where the ladder
    cannot decide) handed from its region to a neighbouring one, with the cells between it
    and that region when it lies inside its own (`_corridor`)."""
    n = plant.n
    placed = set(plant.queens)
    if values is not None:
        spots = [c for c in grid.cells(n, n) if values[queens.queen_key(c)] and c not in placed]
    else:
        spots = [(k[1], k[2]) for k in unfixed or () if (k[1], k[2]) not in placed]
    rng.shuffle(spots)
    for cell in spots:
        owner = _corridor(rng, plant, cell)
        if owner is not None:
            return Plant(n, plant.queens, owner)
    return None


def _corridor(rng: random.Random, plant: Plant, start: Cell) -> tuple[tuple[int, ...], ...] | None:
    """The regions with the shortest run of cells from ``start`` (inside its region, never
    through the region's queen) to a cell beside another region handed to that region; None
    when there is no such run."""
    n = plant.n
    owner = [list(row) for row in plant.owner]
    mine = owner[start[0]][start[1]]
    queen = plant.queens[mine]
    before: dict[Cell, Cell | None] = {start: None}
    todo = [start]
    while todo:
        here = todo.pop(0)
        others = sorted({owner[r][c] for r, c in grid.neighbours(here, n, n)} - {mine})
        if others:
            path = [here]
            while before[path[-1]] is not None:
                path.append(before[path[-1]])  # type: ignore[arg-type]
            target = rng.choice(others)
            for r, c in path:
                owner[r][c] = target
            # cells of the region cut off from its queen go with the run (they touch it)
            kept = _piece(owner, queen, n)
            for r, c in grid.cells(n, n):
                if owner[r][c] == mine and (r, c) not in kept:
                    owner[r][c] = target
            return tuple(tuple(row) for row in owner)
        for nxt in grid.neighbours(here, n, n):
            if nxt not in before and nxt != queen and owner[nxt[0]][nxt[1]] == mine:
                before[nxt] = here
                todo.append(nxt)
    return None


def _piece(owner: list[list[int]], start: Cell, n: int) -> set[Cell]:
    """The cells of start's region joined to it."""
    region = owner[start[0]][start[1]]
    cells = [(r, c) for r, c in grid.cells(n, n) if owner[r][c] == region]
    return next(set(piece) for piece in pieces(cells) if start in piece)


def transform(puzzle: queens.Puzzle, t: Transform) -> queens.Puzzle:
    return queens.Puzzle(tuple("".join(row) for row in t.grid(puzzle.grid)))


def variants(puzzle: queens.Puzzle) -> list[queens.Puzzle]:
    """The regions relabelled in order of first appearance (row by row)."""
    order = first_seen((label for row in puzzle.grid for label in row), skip="")
    return [queens.Puzzle(tuple("".join(queens.LABELS[order[x] - 1] for x in row) for row in puzzle.grid))]
