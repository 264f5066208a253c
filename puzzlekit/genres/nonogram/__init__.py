"""Nonogram: fill cells so every row's and column's runs of filled cells match the clues."""

from __future__ import annotations

import random as _random
from collections.abc import Hashable
from typing import Any

from ...board import Genre, layers, runs
from ...board.runs import IGNORED, Clue, runs_of  # noqa: F401  (the genre's names, kept for its callers)

#: The backends `auto` tries first, fastest first, as measured (docs/benchmarks.md); the rest
#: follow in the default order.
BACKENDS = ("cpsat", "sat")
#: `auto` first gives the line solver of `search` a short try within this work budget: it
#: finishes many Nonograms in a few dozen nodes, up to 3-7x faster than CP-SAT, and the budget
#: costs it at most about 0.05 s on those it does not (docs/benchmarks.md, "CP-SAT without
#: symmetry search, and a first try on the line solver by its work").
FIRST_TRY = ("search", 55_000)

ROWS, COLS = layers.Runs("rows"), layers.Runs("cols")

genre = Genre(
    "nonogram", title="Nonogram", rule="fill cells so every line's runs of filled cells match its clue",
    clues=[ROWS, COLS], answers=[layers.Filled("grid", key="cell")],
    shaped_by=("rows", "cols"), classic_json=True, form=runs.Sections,
)


@genre.extend
class Puzzle(genre.Puzzle):
    """Run lengths per row (top to bottom) and per column (left to right); ``()`` is an empty line.

    The data is checked when the puzzle is made, by the rules the parser applies to a file: a
    size within the limits, run lengths of at least 1 that fit their line, and row and column
    clues that fill the same number of cells. A break raises `ParseError` naming the place
    (``<puzzle>: rows[3]: ...``). Lists are accepted for tuples and stored as tuples.
    """

    def __post_init__(self) -> None:
        super().__post_init__()
        runs.same_total(self)


def cell_key(r: int, c: int) -> Hashable:
    """The IR variable key of a cell (1 = filled)."""
    return ("cell", r, c)


@genre.model
def rules(puzzle: Puzzle, m: Any) -> None:
    """The rules of docs/genres/nonogram.md: each row's runs of filled cells have the given
    lengths, in order (left to right), and so do each column's (top to bottom)."""
    ROWS.rules(m, puzzle.rows, m.grid)
    COLS.rules(m, puzzle.cols, m.grid)


@genre.verify
def check(puzzle: Puzzle, solution: Any) -> list[str]:
    """Every broken rule, in words; empty when the grid is valid. Independent of the model."""
    h, w, cells = puzzle.height, puzzle.width, solution.grid
    if len(cells) != h or any(len(row) != w for row in cells):
        return [f"the grid must be {h} rows of {w} cells"]
    problems = [
        f"cell ({r}, {c}) is {v!r}, not 0 or 1"
        for r, row in enumerate(cells) for c, v in enumerate(row) if v not in (0, 1) or isinstance(v, bool)
    ]
    return problems or ROWS.problems(puzzle.rows, cells) + COLS.problems(puzzle.cols, cells)


genre.export(globals())


def render(puzzle: Puzzle, solution: Any = None) -> str:
    """The grid as text: column clues stacked on top, row clues on the right, █ filled, · empty."""
    return runs.text(puzzle.rows, puzzle.cols, solution.grid if solution is not None else None)


def random_puzzle(
    rng: _random.Random, height: int, width: int, density: float = 0.5, corrupt: float = 0.0
) -> Puzzle:
    """The clues of a random grid (``density`` = chance a cell is filled); so at least one solution.

    With chance ``corrupt`` one clue is disturbed without changing any total (a row clue is
    reversed or two row clues swap), which often leaves no solution or a different one.
    """
    cells = [[int(rng.random() < density) for _ in range(width)] for _ in range(height)]
    rows = [runs_of(row) for row in cells]
    cols = tuple(runs_of(cells[r][c] for r in range(height)) for c in range(width))
    if rng.random() < corrupt:
        lopsided = [r for r, clue in enumerate(rows) if clue != clue[::-1]]
        if lopsided and rng.random() < 0.5:
            r = rng.choice(lopsided)
            rows[r] = rows[r][::-1]
        elif height > 1:
            i, j = rng.sample(range(height), 2)
            rows[i], rows[j] = rows[j], rows[i]
    return Puzzle(tuple(rows), cols)
