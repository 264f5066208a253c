"""Generated puzzles for the size ladders: makers that are solvable by construction.

Each maker takes the genre module, a seeded ``random.Random`` and a size, and returns a puzzle
object; `benchmarks.instances` seeds the rng by genre and size so every run sees the same
puzzles.
"""

from __future__ import annotations

import inspect
import random
from types import ModuleType
from typing import Any


def masyu_from_loop(module: ModuleType, rng: random.Random, height: int, width: int) -> Any:
    """A solvable masyu: pearls placed where a random loop allows them (the loop is a solution).

    ``masyu.random_puzzle`` scatters pearls blindly and is almost never solvable beyond tiny
    grids, so the ladder grows a random loop instead (the boundary of a random hole-free patch
    of the squares between cell centres) and puts a pearl on most of the cells where the loop
    obeys the white or black rule (each such cell with chance 0.85).
    """
    loop = random_loop(rng, height, width)
    dirs: dict[tuple[int, int], set[str]] = {}
    step = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
    towards = {v: k for k, v in step.items()}
    for a, b in loop:
        for x, y in ((a, b), (b, a)):
            dirs.setdefault(x, set()).add(towards[(y[0] - x[0], y[1] - x[1])])

    def straight(cell: tuple[int, int]) -> bool:
        return dirs.get(cell) in ({"L", "R"}, {"U", "D"})

    def ahead(cell: tuple[int, int], d: str) -> tuple[int, int]:
        return (cell[0] + step[d][0], cell[1] + step[d][1])

    grid = [[0] * width for _ in range(height)]
    for cell in sorted(dirs):
        if rng.random() >= 0.85:
            continue
        if straight(cell):
            if not all(straight(ahead(cell, d)) for d in dirs[cell]):
                grid[cell[0]][cell[1]] = 1
        elif all(straight(ahead(cell, d)) for d in dirs[cell]):
            grid[cell[0]][cell[1]] = 2
    return module.Puzzle(tuple(tuple(row) for row in grid))


def random_loop(rng: random.Random, height: int, width: int, share: float = 0.5) -> set:
    """Edges between cell centres forming one simple loop: the boundary of a random patch of squares.

    Square ``(i, j)`` has the cell centres ``(i, j)`` .. ``(i+1, j+1)`` as corners. The patch
    grows by small random rectangles (for straight stretches, which black pearls need), keeping
    its boundary one simple cycle (every corner on 0 or 2 boundary edges, one piece), until it
    covers ``share`` of the squares or stops growing.
    """
    if height < 2 or width < 2:
        raise ValueError("a loop needs at least a 2x2 grid")
    rows, cols = height - 1, width - 1

    def sides(sq: tuple[int, int]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        i, j = sq
        nw, ne, sw, se = (i, j), (i, j + 1), (i + 1, j), (i + 1, j + 1)
        return [(nw, ne), (sw, se), (nw, sw), (ne, se)]

    def is_loop(boundary: set) -> bool:
        links: dict[tuple[int, int], list] = {}
        for a, b in boundary:
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
        if any(len(v) != 2 for v in links.values()):
            return False
        start = next(iter(links))
        seen, todo = {start}, [start]
        while todo:
            for n in links[todo.pop()]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return len(seen) == len(links)

    first = (rng.randrange(rows), rng.randrange(cols))
    patch, boundary = {first}, set(sides(first))
    target = max(1, round(share * rows * cols))
    for _ in range(40 * rows * cols):
        if len(patch) >= target:
            break
        i, j = rng.choice(sorted(patch))
        di, dj = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
        hi, wi = rng.randint(1, 3), rng.randint(1, 3)
        top = i + di if di else i - rng.randrange(hi)
        left = j + dj if dj else j - rng.randrange(wi)
        if di < 0:
            top = i - hi
        if dj < 0:
            left = j - wi
        block = {(a, b) for a in range(top, top + hi) for b in range(left, left + wi)} - patch
        if not block or not all(0 <= a < rows and 0 <= b < cols for a, b in block):
            continue
        grown = set(boundary)
        for sq in block:
            grown.symmetric_difference_update(sides(sq))
        if is_loop(grown):
            patch |= block
            boundary = grown
    return boundary


def default_generate(module: ModuleType, rng: random.Random, height: int, width: int) -> Any:
    """``module.random_puzzle`` called with the rng and a size it understands."""
    params = list(inspect.signature(module.random_puzzle).parameters)[1:]
    if len(params) >= 2 and params[1] in ("width", "w", "cols", "columns"):
        return module.random_puzzle(rng, height, width)
    return module.random_puzzle(rng, height)


def sudoku_ladder(module: ModuleType, rng: random.Random, height: int, width: int) -> Any:
    """A solvable sudoku: 60% of a random full grid's cells given, none changed.

    The genre's maker draws the share of givens at random and sometimes breaks a given (right
    for the cross-check, which wants unsolvable and many-solution puzzles too); a size ladder
    wants puzzles of one kind, so it fixes the share and keeps every given true.
    """
    return module.random_puzzle(rng, height, width, reveal=0.6, corrupt=0.0)
