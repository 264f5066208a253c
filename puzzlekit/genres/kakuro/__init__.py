"""Kakuro (Cross Sums): black cells hold the sums of the runs of white cells below them and to
their right; each white cell takes a digit 1-9, no digit twice in a run, a run adding up to its
sum."""

from __future__ import annotations

import random

from ...board import Genre, layers, runfill
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


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """White runs of 2-9 cells filled with random digits, none twice in a run, then moved
    toward sums with few digit sets; while the sums allow another answer, a cell where the
    other differs takes the digit leaving its runs the fewest sets, or turns black."""
    if min(height, width) < 3:  # the first row and column are black: no run of two fits
        raise ValueError("a Kakuro is planted on 3 rows and 3 columns or more")
    while True:
        white = [[r > 0 and c > 0 and rng.random() > 0.15 for c in range(width)] for r in range(height)]
        runfill.tidy_runs(white, rng)
        grid = runfill.fill_runs(rng, white)
        if grid is not None:  # sums with few digit sets first: fewer solver rounds below
            runfill.tighten(rng, grid, white, 4 * height * width)
        for _ in range(3 * height * width if grid is not None else 0):
            solution = genre.Solution(digits=tuple(map(tuple, grid)))
            other = _another(reveal(solution, height, width), solution)
            if other is None:
                if sum(map(sum, white)) >= height * width // 4:
                    return solution
                break
            r, c = rng.choice([(r, c) for r, row in enumerate(grid) for c, v in enumerate(row)
                               if v != other[r][c]])
            if rng.random() < 0.9 and runfill.retarget(rng, grid, white, r, c, keep=False):
                continue
            white[r][c] = False
            runfill.tidy_runs(white, rng)
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


#: What was measured of the generator (``python -m benchmarks.levels --genres kakuro --sizes 6,10
#: --seeds 20 --first-miss --levels scan,trial``): the sides asked, and per level the sides where
#: every request came back at it (its planted sums rarely need pairs).
SIDES = (6, 10)
RELIABLE = {"scan": (6, 10), "trial": (6, 10)}

genre.export(globals())
