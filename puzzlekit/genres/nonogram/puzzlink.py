"""Nonogram in pzprjs: ``nonogram``, the clues outside the grid (each line holds at most half
its length, rounded up, of runs); a solved file marks the shaded cells ``#``."""

from __future__ import annotations

from dataclasses import replace

from ...errors import ParseError
from ...formats import pzprv3
from ...formats import urlcodes as code
from ...formats.board import UNKNOWN, Answer, Board, Kind
from ...grid import Cell
from . import NAME, Puzzle, Solution

KINDS = (Kind("nonogram", "nonogram", "Nonogram", NAME, fields=("col_clues", "row_clues")),)


def _reading(slots: list[int | None]) -> tuple[int, ...]:
    """A line's clues in reading order from its slots listed nearest the grid first."""
    return tuple(x for x in reversed(slots) if x is not None)


def decode(empty: Board, data: str) -> tuple[Board, int]:
    rows, cols = empty.rows, empty.cols
    xr, xc = -(-rows // 2), -(-cols // 2)
    values, at = code.read_number16(data, cols * xr + rows * xc, wide=False)
    col_clues = tuple(_reading(values[c * xr:(c + 1) * xr]) for c in range(cols))
    rest = values[cols * xr:]
    row_clues = tuple(_reading(rest[r * xc:(r + 1) * xc]) for r in range(rows))
    return replace(empty, col_clues=col_clues, row_clues=row_clues), at


def encode(board: Board) -> str:
    xr, xc = -(-board.rows // 2), -(-board.cols // 2)
    slots: list[int | None] = []
    for clues, size in ((board.col_clues, xr), (board.row_clues, xc)):
        for clue in clues:
            if len(clue) > size:
                raise ValueError(f"a line of this nonogram has {len(clue)} runs; the URL holds {size}")
            slots += list(reversed(clue)) + [None] * (size - len(clue))
    return code.write_number16(slots, wide=False)


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    xr, xc = -(-rows // 2), -(-cols // 2)
    full = [lines.row(xc + cols, f"clues and grid, row {i + 1} of {xr + rows}") for i in range(xr + rows)]
    first = lines.at - len(full)

    def clue(i: int, j: int) -> int | None:
        token = full[i][j]
        value = pzprv3.clue(token[1:] if token.startswith("c") else token)
        if value is pzprv3.BAD or (value is not None and (i < xr) == (j < xc)):
            raise lines.error(f"unexpected {token!r} in the clues", first + i)
        return value  # type: ignore[return-value]

    col_clues = tuple(tuple(x for i in range(xr) if (x := clue(i, xc + c)) is not None) for c in range(cols))
    row_clues = tuple(tuple(x for j in range(xc) if (x := clue(xr + r, j)) is not None) for r in range(rows))
    for i in range(xr):
        for j in range(xc):
            clue(i, j)
    marks = set()
    for r in range(rows):
        for c in range(cols):
            token = full[xr + r][xc + c]
            if token not in ("#", "+", "."):
                raise lines.error(f"unexpected {token!r} in the grid", first + xr + r)
            if token == "#":
                marks.add((r, c))
    return replace(board, col_clues=col_clues, row_clues=row_clues), Answer(marks=frozenset(marks))


def write(board: Board, answer: Answer) -> list[str]:
    rows, cols = board.rows, board.cols
    xr, xc = -(-rows // 2), -(-cols // 2)
    grid = [["."] * (xc + cols) for _ in range(xr + rows)]
    for c, clue in enumerate(board.col_clues):
        for k, value in enumerate(clue):
            grid[xr - len(clue) + k][xc + c] = pzprv3.token(value)
    for r, clue in enumerate(board.row_clues):
        for k, value in enumerate(clue):
            grid[xr + r][xc - len(clue) + k] = pzprv3.token(value)
    marks: frozenset[Cell] = answer.marks
    for r, c in marks:
        grid[xr + r][xc + c] = "#"
    return [pzprv3.line(row) for row in grid]


def _runs(clue: tuple[int, ...], what: str, i: int) -> tuple[int, ...]:
    if clue and all(v == 0 for v in clue):
        return ()
    if 0 in clue:
        raise ParseError(f"{what} {i} has a run of length 0 next to others")
    return clue


def to_puzzle(board: Board) -> Puzzle:
    for what, clues in (("column", board.col_clues), ("row", board.row_clues)):
        for i, clue in enumerate(clues):
            if UNKNOWN in clue:
                raise ParseError(f"{what} {i} has a '?' clue; puzzlekit needs every run length")
    rows = tuple(_runs(c, "row", i) for i, c in enumerate(board.row_clues))
    cols = tuple(_runs(c, "column", i) for i, c in enumerate(board.col_clues))
    return Puzzle(rows, cols)


def to_board(puzzle: Puzzle) -> Board:
    return Board("nonogram", puzzle.height, puzzle.width, col_clues=puzzle.cols, row_clues=puzzle.rows)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(tuple(tuple(int((r, c) in answer.marks) for c in range(puzzle.width))
                          for r in range(puzzle.height)))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    grid = solution.grid
    return Answer(marks=frozenset((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v))
