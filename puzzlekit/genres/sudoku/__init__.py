"""Sudoku: fill digits 1..N so that every row, column and box holds each digit once (with the
X setting, both main diagonals too)."""

from __future__ import annotations

import functools
import math
import random as _random
import re
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import Any

from ... import textio
from ...clock import UNLIMITED, Deadline
from ...grid import Cell
from ...ir import Model, ModelBuilder
from .. import _common, _states

#: The backends `auto` tries first, fastest first, as measured (docs/benchmarks.md); the rest
#: follow in the default order.
BACKENDS = ("cpsat", "sat")
#: `auto` first gives CP-SAT a try within this work budget, then the SAT backend the time left
#: (`THEN`): CP-SAT solves every Sudoku but the hard 25x25s within it, and on those the SAT
#: backend is faster in all (docs/benchmarks.md, "Hard Sudoku").
FIRST_TRY = ("cpsat", 1.5)
THEN = "sat"

NAME = "sudoku"
EMPTY = 0
#: Largest side accepted: the model's units mean 3 N^2 counts of N terms each to a backend
#: without a native AllDifferent.
MAX_N = 64
#: Sides up to this one are written one character per cell; larger ones as integer tokens.
MAX_CHAR_N = 9

_BOX = re.compile(r"(\d{1,3})\s*[xX]\s*(\d{1,3})")


def default_box(n: int) -> tuple[int, int]:
    """The box shape ``(rows, cols)`` for side ``n``: square root, else the closest factor pair."""
    return min(((r, n // r) for r in range(1, math.isqrt(n) + 1) if n % r == 0), key=lambda p: p[1] - p[0])


@dataclass(frozen=True)
class Puzzle(_common.GridShape):
    """An N x N grid of givens (``grid[r][c]``: 0 empty, else 1..N) and the box shape (rows, cols).

    ``box`` None means `default_box`. ``diagonals`` True is Sudoku X: both main diagonals
    hold each digit once too (a ``diagonals: yes`` header). The data is checked when the
    puzzle is made, by the rules the parser applies to a file: a square grid of at most
    `MAX_N` sides, a box of R x C = N cells, givens 0..N, and no digit given twice in a row,
    column or box (or diagonal). A break raises
    `ParseError` naming the place (``<puzzle>: grid[1][2]: ...``). Lists are accepted for
    tuples and stored as tuples.
    """

    grid: tuple[tuple[int, ...], ...]
    box: tuple[int, int] | None = None
    diagonals: bool = False

    def __post_init__(self) -> None:
        _check(self)

    @property
    def n(self) -> int:
        return len(self.grid)

    def givens(self) -> dict[Cell, int]:
        """Every given digit by cell."""
        return {(r, c): v for r, row in enumerate(self.grid) for c, v in enumerate(row) if v}

    def units(self) -> tuple[tuple[str, tuple[Cell, ...]], ...]:
        """Every row, column and box (and diagonal, in Sudoku X), named, with its cells in
        reading order."""
        return units(self.n, self.box, self.diagonals)


@dataclass(frozen=True)
class Solution:
    """The filled grid."""

    grid: tuple[tuple[int, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {"grid": [list(row) for row in self.grid]}


@functools.lru_cache(maxsize=16)
def units(n: int, box: tuple[int, int], diagonals: bool = False) -> tuple[tuple[str, tuple[Cell, ...]], ...]:
    """Rows, columns and boxes of an N x N grid with boxes of ``box`` = (rows, cols), and with
    ``diagonals`` the two main diagonals.

    Kept per shape: a solve reads them when it builds the model and again when it checks.
    """
    br, bc = box
    out = [(f"row {r}", tuple((r, c) for c in range(n))) for r in range(n)]
    out += [(f"column {c}", tuple((r, c) for r in range(n))) for c in range(n)]
    for top in range(0, n, br):
        for left in range(0, n, bc):
            cells = tuple((r, c) for r in range(top, top + br) for c in range(left, left + bc))
            out.append((f"box at ({top}, {left})", cells))
    if diagonals:
        out.append(("the main diagonal", tuple((i, i) for i in range(n))))
        out.append(("the anti-diagonal", tuple((i, n - 1 - i) for i in range(n))))
    return tuple(out)


# reading and writing -------------------------------------------------------------------------


def _check(puzzle: Puzzle) -> None:
    """The rules of a well-formed Sudoku (see `Puzzle`); stores the grid and box as tuples."""
    Invalid = _common.Invalid
    rows = _common.grid_of(puzzle.grid, lambda value, at: value)
    n = len(rows)
    if len(rows[0]) != n:
        raise Invalid(f"a Sudoku grid is square, found {n} rows of {len(rows[0])} cells", ("grid",))
    if n > MAX_N:
        raise Invalid(f"a {n}x{n} Sudoku is over the size limit ({MAX_N}x{MAX_N})", ("grid",))
    box = default_box(n) if puzzle.box is None else puzzle.box
    if not isinstance(box, (list, tuple)) or len(box) != 2 or not all(map(_common.is_int, box)):
        raise Invalid(f"box must be a pair (rows, columns), found {_common.shown(box)}", ("box",))
    box = (int(box[0]), int(box[1]))
    if min(box) < 1:
        raise Invalid(f"box sides must be at least 1, found '{box[0]}x{box[1]}'", ("box",))
    if box[0] * box[1] != n:
        raise Invalid(
            f"a {box[0]}x{box[1]} box holds {box[0] * box[1]} cells, but the first row has {n}: "
            f"the box must hold exactly one row's worth of cells",
            ("box",),
        )
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if not (_common.is_int(value) and 0 <= value):
                problem = f"expected 0 (empty) or a digit 1-{n}, found {_common.shown(value)}"
                raise Invalid(problem, ("grid", r, c))
            if value > n:
                problem = f"digit {_common.shown(value)} is larger than {n}, the side of the grid"
                raise Invalid(problem, ("grid", r, c))
    if not isinstance(puzzle.diagonals, bool):
        raise Invalid(f"diagonals must be true or false, found {_common.shown(puzzle.diagonals)}",
                      ("diagonals",))
    rows = tuple(tuple(map(int, row)) for row in rows)
    # a digit given twice in one row, column or box: refused rather than "unsolvable", since
    # it is almost always a typing slip
    for name, cells in units(n, box, puzzle.diagonals):
        seen: dict[int, Cell] = {}
        for r, c in cells:
            value = rows[r][c]
            if not value:
                continue
            if value in seen:
                raise Invalid(
                    f"digit {value} is given twice in {name}: at {{0}} and at {{1}}",
                    ("grid", r, c), refs=(("grid", *seen[value]), ("grid", r, c)),
                )
            seen[value] = (r, c)
    _common.assign(puzzle, grid=rows, box=box)


def parse(text: str, source: str = "<string>") -> Puzzle:
    """Read optional ``box: RxC`` and ``diagonals: yes`` headers, then N rows of N cells (``.``
    or ``0`` empty)."""
    lines = textio.content_lines(text, source)
    headers, body = textio.read_headers(lines, {"box", "diagonals"}, source)
    if not body:
        raise textio.error(source, lines[-1], 1, "no grid rows after the headers")
    chars = textio.tokens(body[0], whitespace=False)
    n = len(chars) if len(chars) <= MAX_CHAR_N else len(textio.tokens(body[0]))
    box = _read_box(headers["box"][0], source) if "box" in headers else None
    diagonals = _read_diagonals(headers["diagonals"][0], source) if "diagonals" in headers else False
    rows, tokens = _read_rows(body, n, source)

    def place(at: tuple) -> tuple[textio.Line, int]:
        if at[0] == "box":
            return headers["box"][0][1], headers["box"][0][2]
        if len(at) == 3:
            return body[at[1]], tokens[at[1]][at[2]].column
        return body[0], 1

    with _common.located(source, place):
        return Puzzle(rows, box, diagonals)


def _read_box(header: tuple[str, textio.Line, int], source: str) -> tuple[int, int]:
    """The ``box: RxC`` header (the Puzzle checks that it tiles the grid)."""
    value, line, col = header
    match = _BOX.fullmatch(value)
    if not match:
        raise textio.error(source, line, col, f"box must look like RxC (e.g. 2x3), found {value!r}")
    return (int(match.group(1)), int(match.group(2)))


def _read_diagonals(header: tuple[str, textio.Line, int], source: str) -> bool:
    """The ``diagonals: yes`` header (Sudoku X); ``no`` is the rule without it."""
    value, line, col = header
    if value.lower() not in ("yes", "no"):
        raise textio.error(source, line, col, f"diagonals must be 'yes' or 'no', found {value!r}")
    return value.lower() == "yes"


def _read_rows(
    body: list[textio.Line], n: int, source: str
) -> tuple[list[list[int]], list[list[textio.Token]]]:
    """N rows of N digits (one character per cell when N <= 9, else integer tokens), and their tokens."""
    whitespace = n > MAX_CHAR_N
    mode = "whitespace-separated cells" if whitespace else "one character per cell"
    if len(body) > n:
        raise textio.error(
            source, body[n], 1, f"too many rows: a {n}x{n} Sudoku has {n} rows, found {len(body)}"
        )
    out, tokens = [], []
    for line in body:
        toks = textio.tokens(line, whitespace)
        if len(toks) != n:
            column = toks[n].column if len(toks) > n else len(line.text) + 1
            raise textio.error(
                source, line, column, f"expected {n} cells in this row ({mode}), found {len(toks)}"
            )
        out.append([_cell(tok, line, n, source) for tok in toks])
        tokens.append(toks)
    if len(body) < n:
        last = body[-1]
        raise textio.error(
            source, last, len(last.text) + 1,
            f"too few rows: a {n}x{n} Sudoku has {n} rows, found {len(body)}",
        )
    return out, tokens


def _cell(tok: textio.Token, line: textio.Line, n: int, source: str) -> int:
    """A cell token: ``.`` (empty) or a whole number (the Puzzle checks that it is at most N)."""
    if tok.text == ".":
        return EMPTY
    if not re.fullmatch(r"\d{1,9}", tok.text):
        raise textio.error(
            source, line, tok.column, f"expected '.', '0' or a digit 1-{n}, found {tok.text!r}"
        )
    return int(tok.text)


def format(puzzle: Puzzle) -> str:
    """The puzzle in its file format (the ``box`` header only when it is not the default, the
    ``diagonals`` header only in Sudoku X)."""
    n = puzzle.n
    head = "" if puzzle.box == default_box(n) else f"box: {puzzle.box[0]}x{puzzle.box[1]}\n"
    head += "diagonals: yes\n" if puzzle.diagonals else ""
    if n <= MAX_CHAR_N:
        return head + "".join("".join(str(v) if v else "." for v in row) + "\n" for row in puzzle.grid)
    width = len(str(n))
    return head + "".join(
        " ".join((str(v) if v else ".").rjust(width) for v in row) + "\n" for row in puzzle.grid
    )


# the model --------------------------------------------------------------------------------


def cell_key(cell: Cell) -> Hashable:
    """The IR variable key of a cell's digit."""
    return ("cell", cell[0], cell[1])


def model(puzzle: Puzzle, deadline: Deadline = UNLIMITED) -> Model:
    """The rules of docs/genres/sudoku.md, one block per sentence.

    ``deadline`` (`puzzlekit.clock.Deadline`) stops the building with `OutOfTime` when it ends.
    """
    n = puzzle.n
    m = ModelBuilder(NAME)

    # Fill digits 1..N ...
    digit = {(r, c): m.int(cell_key((r, c)), 1, n) for r in range(n) for c in range(n)}

    # ... so each row, column and box (and diagonal, in Sudoku X) holds each once: its N cells
    # hold N different digits.
    for name, cells in deadline.paced(puzzle.units(), 16):
        with m.rule(f"{name} holds each digit once", cells=cells):
            m.all_different(digit[cell] for cell in cells)

    # The givens stay as they are.
    for cell, value in puzzle.givens().items():
        with m.rule(f"the given {value} at {cell} stays", cells=[cell]):
            m.fix(m.eq(digit[cell], value))

    m.output(digit.values())
    deadline.check()
    return m.build()


def decode(puzzle: Puzzle, assignment: dict[Hashable, int]) -> Solution:
    """The filled grid from the values of the cell variables."""
    n = puzzle.n
    return Solution(tuple(tuple(assignment[cell_key((r, c))] for c in range(n)) for r in range(n)))


def verify(puzzle: Puzzle, solution: Solution) -> list[str]:
    """Every broken rule, in words; empty when the grid is valid. Independent of the model."""
    n = puzzle.n
    rows = solution.grid
    if len(rows) != n or any(len(row) != n for row in rows):
        return [f"the grid is not {n}x{n}"]
    problems = []
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if not (isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= n):
                problems.append(f"cell ({r}, {c}) holds {value!r}, not a digit 1-{n}")
    for (r, c), value in sorted(puzzle.givens().items()):
        if rows[r][c] != value:
            problems.append(f"the given {value} at ({r}, {c}) was changed to {rows[r][c]!r}")
    digits = set(range(1, n + 1))
    for name, cells in puzzle.units():
        held = [rows[r][c] for r, c in cells]
        if len(held) == n and digits.issubset(held):  # every digit once: nothing to say
            continue
        twice = sorted({v for v in held if isinstance(v, int) and held.count(v) > 1})
        missing = [v for v in range(1, n + 1) if v not in held]
        if twice or missing:
            parts = ([f"repeats {', '.join(map(str, twice))}"] if twice else []) + (
                [f"lacks {', '.join(map(str, missing))}"] if missing else []
            )
            problems.append(f"{name} {' and '.join(parts)}")
    return problems


def render(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The grid as text with box borders; empty cells are ``·``."""
    n = puzzle.n
    br, bc = puzzle.box
    values = solution.grid if solution else puzzle.grid
    width = len(str(n))
    out = []
    for r, row in enumerate(values):
        if r and r % br == 0:
            out.append("┼".join("─" * ((width + 1) * bc + 1) for _ in range(n // bc))[1:-1])
        cells = [(str(v) if v else "·").rjust(width) for v in row]
        out.append(" │ ".join(" ".join(cells[c : c + bc]) for c in range(0, n, bc)))
    return "\n".join(out)


def solution_from_json(puzzle: Puzzle, data: Any) -> Solution:
    """A solution from its JSON shape ``{"grid": [[...], ...]}``: N rows of N digits 1..N."""
    rows = _common.require(data, "grid", list)
    n = puzzle.n
    if len(rows) != n:
        raise _common.refuse(f"solution field 'grid' must have {n} rows, found {len(rows)}")
    out = []
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != n:
            raise _common.refuse(f"grid[{r}]: expected a list of {n} digits, found {_common.shown(row)}")
        for c, value in enumerate(row):
            if not (_common.is_int(value) and 1 <= value <= n):
                raise _common.refuse(f"grid[{r}][{c}]: expected a digit 1-{n}, found {_common.shown(value)}")
        out.append(tuple(map(int, row)))
    return Solution(tuple(out))


# states -----------------------------------------------------------------------------------


def state_from_json(puzzle: Puzzle, data: Any) -> dict[Hashable, int]:
    """A player's state from ``{"grid": [[digit, 0 or null, ...], ...], "complete": false}`` (see
    docs/genres/sudoku.md): the digits entered; 0 and null are unknown cells."""
    n = puzzle.n
    cells = _states.cell_rows(
        n, n, lambda value: 1 <= value <= n, f"a digit 1-{n}, or 0 or null (unknown)",
        lambda value: value is None or (_common.is_int(value) and value == 0),
    )

    def text(key: Hashable) -> str:
        return f"cell ({key[1]}, {key[2]})"  # type: ignore[index]

    def every() -> Iterator[Hashable]:
        return (cell_key((r, c)) for r in range(n) for c in range(n))

    return _states.read(data, NAME, {"grid": cells}, text, every, absent=None)


def state_to_json(puzzle: Puzzle, state: dict[Hashable, int]) -> dict[str, Any]:
    """The state JSON of a state (`state_from_json` reads it back to the same state); unknown
    cells are null."""
    n = puzzle.n
    return _states.cell_json(state, n, n, lambda value: 1 <= value <= n, f"a digit 1-{n}")


def describe(puzzle: Puzzle, key: Hashable, value: int) -> str:
    """An answer-key value in words: ``cell (3, 4) is 7``."""
    _, r, c = key  # type: ignore[misc]
    return f"cell ({r}, {c}) is {value}"


# random instances -------------------------------------------------------------------------


def random_grid(rng: _random.Random, n: int, box: tuple[int, int]) -> tuple[tuple[int, ...], ...]:
    """A random full grid: a fixed valid pattern, then digits, rows and columns shuffled."""
    br, bc = box
    # bands are groups of br rows, stacks groups of bc columns; shuffling within and between keeps units
    rows = [b * br + i for b in rng.sample(range(n // br), n // br) for i in rng.sample(range(br), br)]
    cols = [s * bc + j for s in rng.sample(range(n // bc), n // bc) for j in rng.sample(range(bc), bc)]
    digits = rng.sample(range(1, n + 1), n)
    pattern = [[(bc * (r % br) + r // br + c) % n for c in range(n)] for r in range(n)]
    full = [[digits[pattern[r][c]] for c in cols] for r in rows]
    if br == bc and rng.random() < 0.5:
        full = [list(col) for col in zip(*full)]
    return tuple(tuple(row) for row in full)


def random_puzzle(
    rng: _random.Random,
    height: int,
    width: int,
    box: tuple[int, int] | None = None,
    reveal: float | None = None,
    corrupt: float = 0.25,
) -> Puzzle:
    """Givens revealed at random from a random full grid; sometimes one given is changed.

    ``reveal`` is the share of cells given (default: drawn from 0..1); with probability
    ``corrupt`` one given gets another digit that repeats none of its row, column or box
    (the puzzle then usually has no solution).
    """
    if height != width:
        raise ValueError(f"a Sudoku is square, not {height}x{width}")
    n = height
    box = box or default_box(n)
    if box[0] * box[1] != n:
        raise ValueError(f"box {box[0]}x{box[1]} does not tile a {n}x{n} grid")
    full = random_grid(rng, n, box)
    share = rng.random() if reveal is None else reveal
    values = [[v if rng.random() < share else EMPTY for v in row] for row in full]
    givens = [(r, c) for r in range(n) for c in range(n) if values[r][c]]
    if givens and rng.random() < corrupt:
        r, c = rng.choice(givens)
        clash = {values[a][b] for _, cells in units(n, box) if (r, c) in cells for a, b in cells}
        free = [v for v in range(1, n + 1) if v not in clash]
        if free:
            values[r][c] = rng.choice(free)
    return Puzzle(tuple(tuple(row) for row in values), box)
