"""Planting run grids (Kakuro's): white runs of 2-9 cells, and digits in them, none twice in a
run, by a short random search."""

from __future__ import annotations

import functools
import itertools
import random


def tidy_runs(white: list[list[bool]], rng: random.Random) -> None:
    """Blacken white cells until every run both ways has 2-9 cells (most longer runs cut)."""
    h, w = len(white), len(white[0])
    changed = True
    while changed:
        changed = False
        for r, c in [(r, c) for r in range(h) for c in range(w) if white[r][c]]:
            for dr, dc in ((0, 1), (1, 0)):
                size = 1 + sum(len(_line(white, r, c, s * dr, s * dc)) for s in (1, -1))
                if size < 2 or size > 9 or size > 4 and rng.random() < 0.3:
                    white[r][c], changed = False, True
                    break


def _line(white: list[list[bool]], r: int, c: int, dr: int, dc: int) -> list[tuple[int, int]]:
    """The white cells from beside (r, c) onwards in one direction, to the first black one."""
    out, y, x = [], r + dr, c + dc
    while 0 <= y < len(white) and 0 <= x < len(white[0]) and white[y][x]:
        out.append((y, x))
        y, x = y + dr, x + dc
    return out


def fill_runs(rng: random.Random, white: list[list[bool]]) -> list[list[int | None]] | None:
    """Random digits, none twice in a run, by a short search."""
    h, w = len(white), len(white[0])
    grid: list[list[int | None]] = [[None] * w for _ in range(h)]
    cells = [(r, c) for r in range(h) for c in range(w) if white[r][c]]
    tries = [0]

    def go(i: int) -> bool:
        if i == len(cells):
            return True
        tries[0] += 1
        if tries[0] > 20000:
            return False
        r, c = cells[i]
        taken = used_digits(grid, white, r, c)
        for v in rng.sample(range(1, 10), 9):
            if v not in taken:
                grid[r][c] = v
                if go(i + 1):
                    return True
        grid[r][c] = None
        return False

    return grid if go(0) else None


def used_digits(grid: list[list[int | None]], white: list[list[bool]], r: int, c: int) -> set[int]:
    """The digits in the runs through (r, c), but its own."""
    lines = (_line(white, r, c, dr, dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
    return {grid[y][x] for line in lines for y, x in line if grid[y][x] is not None}  # type: ignore[misc]


@functools.cache
def _combinations() -> dict[tuple[int, int], int]:
    """Per (cells, sum), how many sets of distinct digits 1-9 fill a run of that many cells to
    that sum (a run whose sum has one set leaves only the order open)."""
    counts: dict[tuple[int, int], int] = {}
    for k in range(1, 10):
        for combo in itertools.combinations(range(1, 10), k):
            counts[k, sum(combo)] = counts.get((k, sum(combo)), 0) + 1
    return counts


def _run_through(white: list[list[bool]], r: int, c: int, dr: int, dc: int) -> list[tuple[int, int]]:
    """The cells of the run through (r, c) one way (dr, dc), itself included."""
    return [*_line(white, r, c, -dr, -dc), (r, c), *_line(white, r, c, dr, dc)]


def looseness(grid: list[list[int | None]], white: list[list[bool]], r: int, c: int) -> int:
    """The digit sets the two runs through (r, c) could hold with their present sums: the
    fewer, the fewer other answers those sums leave."""
    counts = _combinations()
    total = 0
    for dr, dc in ((0, 1), (1, 0)):
        run = _run_through(white, r, c, dr, dc)
        if len(run) > 1:
            total += counts[len(run), sum(grid[y][x] for y, x in run)]  # type: ignore[misc]
    return total


def tighten(rng: random.Random, grid: list[list[int | None]], white: list[list[bool]],
            steps: int) -> None:
    """Change digits one cell at a time to the free digit whose runs' sums allow the fewest
    digit sets (ties broken at random): cheap, solver-free steps that leave fewer answers."""
    cells = [(r, c) for r, row in enumerate(white) for c, v in enumerate(row) if v]
    for _ in range(steps if cells else 0):
        r, c = rng.choice(cells)
        retarget(rng, grid, white, r, c)


def retarget(rng: random.Random, grid: list[list[int | None]], white: list[list[bool]],
             r: int, c: int, keep: bool = True) -> bool:
    """Give (r, c) the free digit (its own too when ``keep``) that leaves its runs' sums the
    fewest digit sets; False when no other digit is free."""
    taken = used_digits(grid, white, r, c)
    own = grid[r][c]
    options = [v for v in range(1, 10) if v not in taken and (keep or v != own)]
    if not options:
        return False
    scored = []
    for v in options:
        grid[r][c] = v
        scored.append((looseness(grid, white, r, c), rng.random(), v))
    grid[r][c] = min(scored)[2]
    return True
