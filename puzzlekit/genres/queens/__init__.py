"""Queens (LinkedIn Queens, one-star Star Battle): one queen per row, column and region, none touching."""

from __future__ import annotations

import random as _random
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from ... import grid, textio
from ...clock import UNLIMITED, Deadline
from ...grid import Cell
from ...ir import Model, ModelBuilder
from .. import _common, _states

NAME = "queens"
#: Characters that may label a region (case matters: ``a`` and ``A`` are two regions).
LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
QUEEN = "♛"


@dataclass(frozen=True)
class Puzzle(_common.GridShape):
    """An N x N grid of region labels: ``grid[r][c]`` is the label of the cell's region.

    The data is checked when the puzzle is made, by the rules the parser applies to a file: a
    square grid within the size limits, labels from `LABELS`, exactly N regions. A break
    raises `ParseError` naming the place (``<puzzle>: grid[1][2]: ...``). A row may be a
    string or a list or tuple of one-letter labels, the grid a list; they are stored as a
    tuple of strings.
    """

    grid: tuple[str, ...]

    def __post_init__(self) -> None:
        _check(self)

    @property
    def n(self) -> int:
        return len(self.grid)

    def regions(self) -> dict[str, list[Cell]]:
        """The cells of each region by label, labels in order of first appearance."""
        out: dict[str, list[Cell]] = {}
        for r, row in enumerate(self.grid):
            for c, label in enumerate(row):
                out.setdefault(label, []).append((r, c))
        return out


@dataclass(frozen=True)
class Solution:
    """The queens' cells, sorted."""

    queens: tuple[Cell, ...]

    def to_json(self) -> dict[str, Any]:
        return {"queens": [list(cell) for cell in sorted(self.queens)]}


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


def parse(text: str, source: str = "<string>") -> Puzzle:
    """Read N lines of N region labels, one letter or digit per cell, and check there are N regions."""
    lines = textio.content_lines(text, source)
    _, body = textio.read_headers(lines, set(), source)
    rows = textio.grid_rows(body, source, whitespace=False)
    with _common.located(source, _common.grid_place(body, rows)):
        return Puzzle(tuple("".join(tok.text for tok in row) for row in rows))


def format(puzzle: Puzzle) -> str:
    """The puzzle in its file format."""
    return "".join(row + "\n" for row in puzzle.grid)


def queen_key(cell: Cell) -> Hashable:
    """The IR variable key of the queen-or-not boolean of a cell."""
    return ("queen", cell[0], cell[1])


def model(puzzle: Puzzle, deadline: Deadline = UNLIMITED) -> Model:
    """The rules of docs/genres/queens.md, one block per sentence.

    ``deadline`` (`puzzlekit.clock.Deadline`) stops the building with `OutOfTime` when it ends.
    """
    n = puzzle.n
    m = ModelBuilder(NAME)
    queen = {cell: m.bool(queen_key(cell)) for cell in grid.cells(n, n)}

    # Place N queens: one per row ...
    for r in range(n):
        row = [(r, c) for c in range(n)]
        with m.rule(f"row {r} holds one queen", cells=row):
            m.exactly(1, [queen[cell] for cell in row])
    # ... one per column ...
    for c in range(n):
        column = [(r, c) for r in range(n)]
        with m.rule(f"column {c} holds one queen", cells=column):
            m.exactly(1, [queen[cell] for cell in column])
    # ... and one per region.
    for label, cells in deadline.paced(puzzle.regions().items(), 16):
        with m.rule(f"region {label} holds one queen", cells=cells):
            m.exactly(1, [queen[cell] for cell in cells])

    # No two touching, diagonally included: two touching cells always share a 2x2 block.
    for r in range(n - 1):
        for c in range(n - 1):
            block = [(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1)]
            with m.rule(f"queens never touch: at most one in the 2x2 block at {(r, c)}", cells=block):
                m.at_most(1, [queen[cell] for cell in block])

    m.output(queen.values())
    deadline.check()
    return m.build()


def decode(puzzle: Puzzle, assignment: dict[Hashable, int]) -> Solution:
    """The queens from the values of the cell booleans."""
    return Solution(tuple(sorted((k[1], k[2]) for k, v in assignment.items() if k[0] == "queen" and v)))


def verify(puzzle: Puzzle, solution: Solution) -> list[str]:
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
    per_row = Counter(r for r, _ in placed)
    per_col = Counter(c for _, c in placed)
    for r in range(n):
        if per_row[r] != 1:
            problems.append(f"row {r} holds {per_row[r]} queens, expected 1")
    for c in range(n):
        if per_col[c] != 1:
            problems.append(f"column {c} holds {per_col[c]} queens, expected 1")
    per_region = Counter(puzzle.grid[r][c] for r, c in placed)
    for label in puzzle.regions():
        if per_region[label] != 1:
            problems.append(f"region {label} holds {per_region[label]} queens, expected 1")
    for r, c in sorted(placed):
        for b in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)):  # the touching cells after it
            if b in placed:
                problems.append(f"queens at {[r, c]} and {list(b)} touch")
    return problems


def render(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The region labels, with ``♛`` on the queens' cells."""
    queens = set(solution.queens) if solution else set()
    return "\n".join(
        " ".join(QUEEN if (r, c) in queens else label for c, label in enumerate(row))
        for r, row in enumerate(puzzle.grid)
    )


def solution_from_json(puzzle: Puzzle, data: Any) -> Solution:
    """A solution from its JSON shape ``{"queens": [[r,c], ...]}``."""
    bounds = _common.grid_bounds(puzzle.n, puzzle.n)
    return Solution(tuple(sorted(_common.points_from_json(data, "queens", bounds, "queen"))))


# states -----------------------------------------------------------------------------------


def state_from_json(puzzle: Puzzle, data: Any) -> dict[Hashable, int]:
    """A player's state from ``{"queens": [[r, c], ...], "no_queens": [[r, c], ...], "complete": false}``
    (see docs/genres/queens.md): cells known to hold a queen, and cells known not to."""
    n = puzzle.n
    bounds = _common.grid_bounds(n, n)

    def cells(value: int) -> _states.Field:
        return _states.each(lambda raw, place: (queen_key(_states.point(raw, place, bounds)), value))

    def text(key: Hashable) -> str:
        return f"the cell ({key[1]}, {key[2]})"  # type: ignore[index]

    fields = {"queens": cells(1), "no_queens": cells(0)}
    return _states.read(data, NAME, fields, text, lambda: (queen_key(cell) for cell in grid.cells(n, n)))


def state_to_json(puzzle: Puzzle, state: dict[Hashable, int]) -> dict[str, Any]:
    """The state JSON of a state (`state_from_json` reads it back to the same state)."""
    return _states.write(state, "queen", "queens", "no_queens", lambda key, value: list(key[1:]))


def describe(puzzle: Puzzle, key: Hashable, value: int) -> str:
    """An answer-key value in words: ``a queen at (2, 5)`` or ``no queen at (2, 5)``."""
    _, r, c = key  # type: ignore[misc]
    return f"{'a' if value else 'no'} queen at ({r}, {c})"


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
