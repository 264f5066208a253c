"""Queens (LinkedIn Queens, one-star Star Battle): one queen per row, column and region, none touching."""

from __future__ import annotations

import random as _random
from collections.abc import Hashable, Sequence
from typing import Any

from ... import grid
from ...board import Genre, layers, stars
from ...grid import Cell
from .. import _common

#: The backends `auto` tries first, fastest first, as measured (docs/benchmarks.md); the rest
#: follow in the default order.
BACKENDS = ("sat", "cpsat")

#: Characters that may label a region (case matters: ``a`` and ``A`` are two regions).
LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
QUEEN = "♛"

genre = Genre(
    "queens", title="Queens", rule="one queen per row, column and region, no two touching",
    clues=[layers.Rooms("grid", what="a region label", text=True)],
    answers=[layers.Objects("queens", key="queen", absent="no_queens", mark=QUEEN, noun="queen",
                            ordered=True)],
    shaped_by="grid", classic_json=True,
)


@genre.extend
class Puzzle(genre.Puzzle):
    """An N x N grid of region labels: ``grid[r][c]`` is the label of the cell's region.

    The data is checked when the puzzle is made, by the rules the parser applies to a file: a
    square grid within the size limits, labels from `LABELS`, exactly N regions. A break
    raises `ParseError` naming the place (``<puzzle>: grid[1][2]: ...``). A row may be a
    string or a list or tuple of one-letter labels, the grid a list; they are stored as a
    tuple of strings.
    """

    def __post_init__(self) -> None:
        _check(self)
        super().__post_init__()

    @property
    def n(self) -> int:
        return len(self.grid)

    def regions(self) -> dict[str, list[Cell]]:
        """The cells of each region by label, labels in order of first appearance."""
        return layers.Rooms.rooms(self.grid)


def _check(puzzle: Puzzle) -> None:
    """The rules of a well-formed Queens puzzle (see `Puzzle`); stores the rows as strings."""
    Invalid, shown = _common.Invalid, _common.shown
    rows = []
    for r, row in enumerate(_common.sequence(puzzle.grid, ("grid",), "a tuple of rows of region labels")):
        if isinstance(row, (list, tuple)) and all(isinstance(label, str) for label in row):
            row = "".join(row)
        if not isinstance(row, str):
            raise Invalid(f"expected a row of region labels (a string), found {shown(row)}", ("grid", r))
        rows.append(row)
    n = len(rows[0]) if rows else 0
    _common.check_size(len(rows), n, ("grid",))
    for r, row in enumerate(rows):
        if len(row) != n:
            raise Invalid(
                f"ragged grid: expected {n} cells in this row (as in row 0), found {len(row)}", ("grid", r)
            )
    if len(rows) != n:
        where = ("grid", n) if len(rows) > n else ("grid", len(rows) - 1)
        raise Invalid(f"the grid must be square: {len(rows)} rows of {n} cells", where)
    first: dict[str, tuple[int, int]] = {}
    for r, row in enumerate(rows):
        for c, label in enumerate(row):
            if label not in LABELS:
                raise Invalid(
                    f"expected a region label (a letter or digit), found {label!r}", ("grid", r, c)
                )
            first.setdefault(label, (r, c))
    if len(first) != n:
        labels = list(first)
        where = ("grid", *first[labels[n]]) if len(labels) > n else ("grid",)
        problem = f"found {len(labels)} regions ({''.join(labels)}) in a {n}x{n} grid; expected {n}"
        raise Invalid(problem, where)
    _common.assign(puzzle, grid=tuple(rows))


def queen_key(cell: Cell) -> Hashable:
    """The IR variable key of the queen-or-not boolean of a cell."""
    return ("queen", cell[0], cell[1])


@genre.model
def rules(puzzle: Puzzle, m: Any) -> None:
    """The rules of docs/genres/queens.md, one block per sentence."""
    # one star per row, column and region, none touching: Star Battle's rules with one star
    stars.spread(m, m.queens, puzzle.regions(), 1, "queen")


@genre.verify
def check(puzzle: Puzzle, solution: Any) -> list[str]:
    """Every broken rule, in words; empty when the queens are valid. Independent of the model."""
    n = puzzle.n
    problems = []
    placed: set[Cell] = set()
    for cell in solution.queens:
        if not grid.inside(cell, n, n):
            problems.append(f"queen at {list(cell)} is outside the {n}x{n} grid")
        elif cell in placed:
            problems.append(f"queen at {list(cell)} is listed twice")
        else:
            placed.add(cell)
    if len(placed) != n:
        problems.append(f"{len(placed)} queens placed, expected {n}")
    return problems + stars.spread_problems(placed, puzzle.regions(), n, n, 1, "queen")


genre.export(globals())


# random instances -------------------------------------------------------------------------


def random_queens(rng: _random.Random, n: int) -> list[Cell] | None:
    """N queens one per row and column, none touching, at random; None when N is 2 or 3."""
    columns: list[int] = []

    def place(r: int) -> bool:
        options = [c for c in rng.sample(range(n), n) if c not in columns]
        for c in options:
            if r and abs(columns[-1] - c) <= 1:
                continue
            columns.append(c)
            if r + 1 == n or place(r + 1):
                return True
            columns.pop()
        return False

    return [(r, c) for r, c in enumerate(columns)] if place(0) else None


def random_puzzle(
    rng: _random.Random, height: int, width: int, planted: float = 0.75
) -> Puzzle:
    """N regions grown at random from N seed cells.

    With probability ``planted`` the seeds are a valid queen placement (at least one
    solution); otherwise any N cells (often no solution). Growing regions by random steps
    gives one or many solutions.
    """
    if height != width:
        raise ValueError(f"a Queens grid is square, not {height}x{width}")
    n = height
    if n > len(LABELS):
        raise ValueError(f"at most {len(LABELS)} regions can be labelled, not {n}")
    seeds = random_queens(rng, n) if rng.random() < planted else None
    if seeds is None:
        seeds = rng.sample(list(grid.cells(n, n)), n)
    owner = grow_regions(rng, n, seeds)
    return Puzzle(tuple("".join(LABELS[owner[(r, c)]] for c in range(n)) for r in range(n)))


def grow_regions(rng: _random.Random, n: int, seeds: Sequence[Cell]) -> dict[Cell, int]:
    """Regions grown from one seed cell each by random steps until they fill the n x n grid:
    each cell's region index (that of its seed in ``seeds``)."""
    owner: dict[Cell, int] = {cell: k for k, cell in enumerate(seeds)}
    frontier = [(cell, k) for k, cell in enumerate(seeds)]
    while len(owner) < n * n:
        i = rng.randrange(len(frontier))
        cell, k = frontier[i]
        free = [x for x in grid.neighbours(cell, n, n) if x not in owner]
        if not free:
            frontier[i] = frontier[-1]
            frontier.pop()
            continue
        nxt = rng.choice(free)
        owner[nxt] = k
        frontier.append((nxt, k))
    return owner
