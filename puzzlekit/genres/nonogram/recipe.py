"""Nonogram: a random picture of blobs, its row and column runs as the clues.

The picture is noise smoothed by a few rounds (none to two) of the majority of each 3x3
block, redrawn until between `FILL` of its cells are filled. The clues are the whole picture's runs, so
nothing is revealed or removed: where a second picture fits the runs (or line logic leaves
cells open), some of those cells are flipped in the plant (`repair`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from puzzlekit.generate.fingerprint import Transform
from puzzlekit.genres import nonogram

NAME = "nonogram"
LEVELS = ("rules", "pairs", "trial", "chain", "either", "deep", "search")
#: The sides of the square grids measured for `reach` (``python -m benchmarks.levels``).
SIDES: tuple[int, ...] = (6, 10)
#: Per level: the sides at which at least 95% of the requests came back at it.
RELIABLE: dict[str, tuple[int, ...]] = {"rules": (6, 10)}
#: The share of filled cells a picture may have.
FILL = (0.4, 0.65)
#: Rounds of smoothing of the noise, one drawn per picture (fewer: busier, harder pictures).
SMOOTH = (0, 1, 1, 2, 2)
ATTEMPTS = 12
#: CP-SAT lays out the runs far faster than the SAT backend's automata (one worker: the
#: same answer every time).
FINDER = ("cpsat", {"workers": 1})

Grid = tuple[tuple[int, ...], ...]


def check_size(height: int, width: int) -> None:
    if height < 2 or width < 2:
        raise ValueError(f"a Nonogram picture needs at least 2x2 cells, not {height}x{width}")


def sample_solution(rng: random.Random, height: int, width: int) -> Grid:
    rounds = rng.choice(SMOOTH)
    for _ in range(50):
        cells = [[int(rng.random() < 0.55) for _ in range(width)] for _ in range(height)]
        for _ in range(rounds):
            cells = [
                [
                    int(sum(cells[a][b] for a in range(max(0, r - 1), min(height, r + 2))
                            for b in range(max(0, c - 1), min(width, c + 2)))
                        * 2 > _block(r, c, height, width))
                    for c in range(width)
                ]
                for r in range(height)
            ]
        share = sum(map(sum, cells)) / (height * width)
        if FILL[0] <= share <= FILL[1]:
            break
    return tuple(tuple(row) for row in cells)


def _block(r: int, c: int, height: int, width: int) -> int:
    """How many cells the 3x3 block around a cell has inside the grid."""
    return (min(height, r + 2) - max(0, r - 1)) * (min(width, c + 2) - max(0, c - 1))


def answer(plant: Grid) -> dict[Hashable, int]:
    return {nonogram.cell_key(r, c): v for r, row in enumerate(plant) for c, v in enumerate(row)}


def solution(plant: Grid) -> nonogram.Solution:
    return nonogram.Solution(plant)


def clues(plant: Grid) -> list[tuple]:
    return []


def required(plant: Grid) -> list[tuple]:
    width = len(plant[0])
    out: list[tuple] = [("row", r, nonogram.runs_of(row)) for r, row in enumerate(plant)]
    out += [("col", c, nonogram.runs_of(row[c] for row in plant)) for c in range(width)]
    return out


def puzzle_from(height: int, width: int, items: list[tuple]) -> nonogram.Puzzle:
    rows: list[tuple] = [()] * height
    cols: list[tuple] = [()] * width
    for kind, i, runs in items:
        (rows if kind == "row" else cols)[i] = runs
    return nonogram.Puzzle(tuple(rows), tuple(cols))


def breaks(item: tuple, values: dict, shown: list) -> bool:
    return False  # every clue is always shown


def repair(rng: random.Random, plant: Grid, values: dict | None, unfixed: list | None) -> Grid:
    """The picture with some cells flipped where a second picture (or line logic) differs."""
    height, width = len(plant), len(plant[0])
    if values is not None:
        cells_all = [(r, c) for r in range(height) for c in range(width)]
        spots = [(r, c) for r, c in cells_all if values[nonogram.cell_key(r, c)] != plant[r][c]]
    else:
        spots = [(k[1], k[2]) for k in unfixed or ()]
    rng.shuffle(spots)
    cells = [list(row) for row in plant]
    for r, c in spots[: max(1, len(spots) // 8)]:
        cells[r][c] ^= 1
    if not any(map(any, cells)):
        cells[spots[0][0]][spots[0][1]] = 1
    return tuple(tuple(row) for row in cells)


def transform(puzzle: nonogram.Puzzle, t: Transform) -> nonogram.Puzzle:
    rows, cols = t.lines(puzzle.rows, puzzle.cols, lambda runs: runs[::-1])
    return nonogram.Puzzle(rows, cols)
