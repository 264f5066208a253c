"""Kakuro (Cross Sums): black cells hold the sums of the runs of white cells below them and to
their right; each white cell takes a digit 1-9, no digit twice in a run, a run adding up to its
sum."""

from __future__ import annotations

import random

from ...board import Genre, layers
from ...board import sums as sm
from ...board.shading_rules import other_answer

genre = Genre(
    "kakuro", aliases=("crosssums", "kakkuro"), title="Kakuro",
    rule="fill the white cells with 1-9 so each run adds up to the sum beside it, no digit twice in a run",
    clues=[layers.Sums("sums")],
    answers=[layers.Fill("digits", off="sums")],
    optional=(),
    sizes=(3, 30),
)


@genre.extend
class Puzzle(genre.Puzzle):
    """The black cells with their sums (``None`` for a white cell)."""

    @property
    def runs(self) -> list[sm.Run]:
        """The runs of white cells, across then down, each with its sum (or None)."""
        return sm.runs(self.sums)


@genre.model
def rules(p, m):
    sm.run_rules(m, m.digits, p.runs)


@genre.verify
def check(p, s):
    for r, row in enumerate(p.sums):
        for c, clue in enumerate(row):
            if clue is None and s.digits[r][c] is None:
                yield f"the white cell ({r}, {c}) holds no digit"
            elif clue is not None and s.digits[r][c] is not None:
                yield f"the black cell ({r}, {c}) holds the digit {s.digits[r][c]}"
    yield from sm.run_problems(p.runs, s.digits)


def _tidy(white: list[list[bool]], rng: random.Random) -> None:
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


def _fill(rng: random.Random, white: list[list[bool]]) -> list[list[int | None]] | None:
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
        taken = _used(grid, white, r, c)
        for v in rng.sample(range(1, 10), 9):
            if v not in taken:
                grid[r][c] = v
                if go(i + 1):
                    return True
        grid[r][c] = None
        return False

    return grid if go(0) else None


def _used(grid: list[list[int | None]], white: list[list[bool]], r: int, c: int) -> set[int]:
    """The digits in the runs through (r, c), but its own."""
    lines = (_line(white, r, c, dr, dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
    return {grid[y][x] for line in lines for y, x in line if grid[y][x] is not None}  # type: ignore[misc]


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """White runs of 2-9 cells filled with random digits, none twice in a run; while the sums
    allow another answer, a cell where the other differs takes another digit or turns black."""
    if min(height, width) < 3:  # the first row and column are black: no run of two fits
        raise ValueError("a Kakuro is planted on 3 rows and 3 columns or more")
    while True:
        white = [[r > 0 and c > 0 and rng.random() > 0.15 for c in range(width)] for r in range(height)]
        _tidy(white, rng)
        grid = _fill(rng, white)
        for _ in range(3 * height * width if grid is not None else 0):
            solution = genre.Solution(digits=tuple(map(tuple, grid)))
            other = _another(reveal(solution, height, width), solution)
            if other is None:
                if sum(map(sum, white)) >= height * width // 4:
                    return solution
                break
            r, c = rng.choice([(r, c) for r, row in enumerate(grid) for c, v in enumerate(row)
                               if v != other[r][c]])
            free = sorted(set(range(1, 10)) - _used(grid, white, r, c) - {grid[r][c]})
            if free and rng.random() < 0.9:
                grid[r][c] = rng.choice(free)
                continue
            white[r][c] = False
            _tidy(white, rng)
            grid = [[v if white[y][x] else None for x, v in enumerate(row)] for y, row in enumerate(grid)]


def _another(puzzle, solution):
    """Another answer's digits the sums allow (the generator proves the last one unique)."""
    found = other_answer(genre.build(puzzle), genre.answer_of(puzzle, solution))
    return None if found is None else genre.decode(puzzle, found).digits


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every black cell with the sums of the runs after it."""
    grid = solution.digits
    rows = [[None if grid[r][c] is not None else (0, 0) for c in range(w)] for r in range(h)]
    for run in sm.runs(rows):
        if run.clue is not None:
            r, c = run.clue
            total = sum(grid[y][x] for y, x in run.cells)
            rows[r][c] = (total, rows[r][c][1]) if run.direction == "down" else (rows[r][c][0], total)
    return genre.Puzzle(h, w, sums=rows)


genre.export(globals())
