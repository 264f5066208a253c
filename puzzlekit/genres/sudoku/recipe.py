"""Sudoku: a random full grid, then givens read off it.

The full grid starts from the genre's shuffled pattern (`sudoku.random_grid`), whose
grids are all alike up to relabelling and row and column moves; part of it is then emptied
and refilled by a randomized search, so the planted grid is a fresh one (all of it for
sides up to 9, fewer cells on larger grids, where the search would take long). Clues are
the givens, each the planted digit of one cell; they only fix answer values, so the model
of the empty grid is built once (`state`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from puzzlekit import ladder
from puzzlekit.generate.fingerprint import Transform, first_seen
from puzzlekit.genres import sudoku

NAME = "sudoku"
LEVELS = ("scan", "rules", "pairs", "trial", "chain", "either", "deep", "search")
#: The sides of the square grids measured for `reach` (``python -m benchmarks.levels``).
SIDES: tuple[int, ...] = (9, 12)
#: Per level: the sides at which at least 95% of the requests came back at it.
RELIABLE: dict[str, tuple[int, ...]] = {
    "scan": (9, 12), "rules": (9, 12), "pairs": (9, 12), "trial": (9, 12), "chain": (9, 12),
}
MIN_N, MAX_N = 4, 36
#: How `puzzlekit generate --help` shows the recipe's options (``check_size``'s parameters).
OPTIONS: dict[str, object] = {"box": f"RxC (sides {MIN_N} to {MAX_N})", "diagonals": False}
#: Sudoku X is planted by a search over the whole grid: sides up to this one.
MAX_X = 16


def check_size(height: int, width: int, box: tuple[int, int] | None = None, diagonals: bool = False) -> None:
    """``diagonals`` True: Sudoku X (both main diagonals hold each digit once too)."""
    if height != width:
        raise ValueError(f"a Sudoku is square, not {height}x{width}")
    if not MIN_N <= height <= MAX_N:
        raise ValueError(f"Sudoku generation takes sides {MIN_N} to {MAX_N}, not {height}")
    box = _box(height, box)
    if box[0] * box[1] != height or min(box) < 1:
        raise ValueError(f"a {box[0]}x{box[1]} box does not tile a {height}x{height} grid")
    if not isinstance(diagonals, bool):
        raise ValueError(f"diagonals is true or false, not {diagonals!r}")
    if diagonals and height > MAX_X:
        raise ValueError(f"Sudoku X generation takes sides up to {MAX_X}, not {height}")


def _box(n: int, box: Any) -> tuple[int, int]:
    if box is None:
        return sudoku.default_box(n)
    if isinstance(box, str):
        rows, _, cols = box.lower().partition("x")
        if not (rows.strip().isdigit() and cols.strip().isdigit()):
            raise ValueError(f"box must look like RxC (e.g. 2x3), not {box!r}")
        return (int(rows), int(cols))
    return (int(box[0]), int(box[1]))


def sample_solution(rng: random.Random, height: int, width: int, box: Any = None,
                    diagonals: bool = False) -> tuple:
    """A full grid: the shuffled pattern with part of it refilled at random; its box; and
    whether it is Sudoku X (whose grid is refilled whole, the pattern holding no diagonal)."""
    n = height
    shape = _box(n, box)
    cells = [(r, c) for r in range(n) for c in range(n)]
    while True:
        full = [list(row) for row in sudoku.random_grid(rng, n, shape)]
        share = 1.0 if n <= 9 or diagonals else 0.5 if n <= 16 else 0.25
        rng.shuffle(cells)
        if refill(rng, full, shape, cells[: round(share * n * n)], diagonals) or not diagonals:
            return (tuple(tuple(row) for row in full), shape, diagonals)


def refill(
    rng: random.Random, full: list[list[int]], box: tuple[int, int], holes: list[tuple[int, int]],
    diagonals: bool = False,
) -> bool:
    """Empty the holes and fill them again by a randomized search (most constrained cell first),
    the two main diagonals too with ``diagonals``.

    Gives up (the grid unchanged) after a node budget; True when refilled.
    """
    n = len(full)
    br, bc = box
    everything = (1 << n) - 1
    keep = [row[:] for row in full]
    for r, c in holes:
        full[r][c] = 0
    rows, cols, boxes = [0] * n, [0] * n, [0] * n
    diags = [0, 0, 0]  # the main diagonal, the anti-diagonal, and (never used) the rest

    def diag(r: int, c: int) -> list[int]:
        """The indexes in `diags` of the diagonals through a cell (none without the setting)."""
        if not diagonals:
            return []
        return [i for i, on in ((0, r == c), (1, r + c == n - 1)) if on]

    for r in range(n):
        for c in range(n):
            if full[r][c]:
                bit = 1 << (full[r][c] - 1)
                rows[r] |= bit
                cols[c] |= bit
                boxes[(r // br) * br + c // bc] |= bit
                for i in diag(r, c):
                    diags[i] |= bit
    empty = sorted(holes)
    budget = [40 * n * n]

    def search(left: list[tuple[int, int]]) -> bool:
        if not left:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        best, best_free, best_count = -1, 0, n + 1
        for i, (r, c) in enumerate(left):
            free = everything & ~(rows[r] | cols[c] | boxes[(r // br) * br + c // bc])
            for j in diag(r, c):
                free &= ~diags[j]
            k = free.bit_count()
            if k < best_count:
                best, best_free, best_count = i, free, k
                if k <= 1:
                    break
        if best_count == 0:
            return False
        r, c = left[best]
        rest = left[:best] + left[best + 1 :]
        digits = [d for d in range(n) if best_free >> d & 1]
        rng.shuffle(digits)
        b = (r // br) * br + c // bc
        on = diag(r, c)
        for d in digits:
            bit = 1 << d
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            for j in on:
                diags[j] |= bit
            full[r][c] = d + 1
            if search(rest):
                return True
            rows[r] &= ~bit
            cols[c] &= ~bit
            boxes[b] &= ~bit
            for j in on:
                diags[j] &= ~bit
        full[r][c] = 0
        return False

    if search(empty):
        return True
    for r in range(n):
        full[r][:] = keep[r]
    return False


#: From this side up the reveal starts from a share of the planted digits: asked for a second
#: solution of a large grid with few givens, the solver takes minutes (a 36x36 spent nearly
#: all its time there), and seconds with most of them given.
HEAD_SIDE, HEAD_SHARE = 20, 0.75


def initial(plant: tuple) -> list[tuple]:
    """The givens the reveal starts from: none below `HEAD_SIDE`, else `HEAD_SHARE` of the
    cells, a cell and its rot180 partner together. They are drawn by a generator seeded with
    the plant itself, so the seed's own draws (and every smaller size's puzzles) stay."""
    full = plant[0]
    n = len(full)
    if n < HEAD_SIDE:
        return []
    rng = random.Random(",".join(str(v) for row in full for v in row))
    pairs = sorted({min((r, c), (n - 1 - r, n - 1 - c)) for r in range(n) for c in range(n)})
    picked = rng.sample(pairs, round(HEAD_SHARE * len(pairs)))
    cells = sorted({cell for r, c in picked for cell in ((r, c), (n - 1 - r, n - 1 - c))})
    return [("given", r, c, full[r][c]) for r, c in cells]


#: From this many cells up, the search backend does not prove a puzzle graded ``trial`` or
#: harder unique in time (docs/benchmarks.md, "Generation"): the ladder's proof and cpsat's
#: stand in for it at once (`loop.certify`).
SEARCH_PROOF_CELLS = 400


def search_proof(height: int, width: int, rank: int) -> bool:
    """Whether the search backend is asked to prove a puzzle of this size and grade unique."""
    return height * width < SEARCH_PROOF_CELLS or rank < ladder.TRIAL


def answer(plant: tuple) -> dict[Hashable, int]:
    full = plant[0]
    return {sudoku.cell_key((r, c)): v for r, row in enumerate(full) for c, v in enumerate(row)}


def solution(plant: tuple) -> sudoku.Solution:
    return sudoku.Solution(plant[0])


def clues(plant: tuple) -> list[tuple]:
    full = plant[0]
    return [("given", r, c, v) for r, row in enumerate(full) for c, v in enumerate(row)]


def required(plant: tuple) -> list[tuple]:
    return [("box", *plant[1])] + ([("diagonals",)] if plant[2] else [])


def puzzle_from(height: int, width: int, items: list[tuple]) -> sudoku.Puzzle:
    grid = [[0] * width for _ in range(height)]
    box, diagonals = None, False
    for item in items:
        if item[0] == "box":
            box = (item[1], item[2])
        elif item[0] == "diagonals":
            diagonals = True
        else:
            grid[item[1]][item[2]] = item[3]
    return sudoku.Puzzle(tuple(tuple(row) for row in grid), box, diagonals)


def state(item: tuple, height: int, width: int) -> dict[Hashable, int]:
    return {sudoku.cell_key((item[1], item[2])): item[3]}


def near(plant: tuple, item: tuple, height: int, width: int) -> list[Hashable]:
    """The cells of the given's band and stack (where a second solution without it is
    sought first: `phases.Run._near_other`)."""
    rows, cols = plant[1][:2]
    r0, c0 = item[1] // rows, item[2] // cols
    return [sudoku.cell_key((r, c)) for r in range(height) for c in range(width)
            if r // rows == r0 or c // cols == c0]


def keys(item: tuple) -> list[Hashable]:
    return [sudoku.cell_key((item[1], item[2]))] if item[0] == "given" else []


def breaks(item: tuple, values: dict, shown: list) -> bool:
    return item[0] == "given" and values[sudoku.cell_key((item[1], item[2]))] != item[3]


def partner(plant: tuple, item: tuple, height: int, width: int) -> tuple | None:
    full = plant[0]
    r, c = height - 1 - item[1], width - 1 - item[2]
    return ("given", r, c, full[r][c])


def transform(puzzle: sudoku.Puzzle, t: Transform) -> sudoku.Puzzle:
    box = puzzle.box[::-1] if t.transpose else puzzle.box
    # a symmetry of the square maps the two diagonals onto each other
    return sudoku.Puzzle(t.grid(puzzle.grid), box, puzzle.diagonals)


def variants(puzzle: sudoku.Puzzle) -> list[sudoku.Puzzle]:
    """The digits renamed in order of first appearance (row by row)."""
    order = first_seen(v for row in puzzle.grid for v in row)
    grid = tuple(tuple(order.get(v, 0) for v in row) for row in puzzle.grid)
    return [sudoku.Puzzle(grid, puzzle.box, puzzle.diagonals)]
