"""Kakuro in pzprjs: ``kakuro``, the grid inside a frame whose top row and left column hold
the sums of the runs from them. Ours is the framed grid: a puzzle whose runs start at the
grid's edge gets a frame without sums (it reads back one row and column larger). The URL lists
the inner cells (``k``-``z`` skip 1-16 white ones, ``.`` a black one without sums, else its
down and right sums as `CODE`), then the frame's sums over the columns and beside the rows
whose first cell is white; a file writes the frame, the cells (black ``right,down``), the digits."""

from __future__ import annotations

from dataclasses import replace

from ...formats import pzprv3
from ...formats.board import Answer, Board, Kind
from ...formats.urlcodes import CodeError
from . import NAME, Puzzle, Solution

KINDS = (Kind("kakuro", "kakuro", "Kakuro", NAME, fields=("cells", "sides")),)
ROW_LINES = True
NONE = 0  # a sum not given: pzprjs writes 0 or -1 (``-``), ours is 0


CODE = "0123456789abcdefghij" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # a sum 0-45, one character


def _value(ch: str) -> int:
    return CODE.index(ch) if ch and ch in CODE else NONE


def decode(empty: Board, data: str) -> tuple[Board, int]:
    rows, cols = empty.rows, empty.cols
    cells: list = [None] * (rows * cols)
    at, c = 0, 0
    while c < len(cells):
        if at >= len(data):
            raise CodeError(f"the cells stop early: {len(cells) - c} of {len(cells)} left", at)
        ch = data[at]
        if "k" <= ch <= "z":
            c += int(ch, 36) - 19
        elif ch == ".":
            cells[c] = (NONE, NONE)
            c += 1
        else:
            if at + 1 >= len(data):
                raise CodeError("a black cell's right sum is missing", at + 1)
            cells[c] = (_value(ch), _value(data[at + 1]))
            at, c = at + 1, c + 1
        at += 1
    grid = tuple(tuple(cells[r * cols:(r + 1) * cols]) for r in range(rows))
    top = [NONE] * cols
    left = [NONE] * rows
    for side, first in ((top, grid[0]), (left, [row[0] for row in grid])):
        for i, cell in enumerate(first):
            if cell is None:
                side[i] = _value(data[at]) if at < len(data) else NONE
                at += 1
    return replace(empty, cells=grid, sides=(tuple(top), (), tuple(left), ())), at


def encode(board: Board) -> str:
    out, skip = [], 0
    for cell in (cell for row in board.cells for cell in row):
        if cell is None:
            skip += 1
            if skip == 16:
                out.append("z")
                skip = 0
            continue
        if skip:
            out.append(chr(ord("k") + skip - 1))
            skip = 0
        out.append("." if cell == (NONE, NONE) else CODE[cell[0]] + CODE[cell[1]])
    if skip:
        out.append(chr(ord("k") + skip - 1))
    top, _, left, _ = board.sides
    out += [CODE[top[c]] for c, cell in enumerate(board.cells[0]) if cell is None]
    out += [CODE[left[r]] for r, row in enumerate(board.cells) if row[0] is None]
    return "".join(out)


def _sum(token: str) -> object:
    value = pzprv3.number(token.lstrip("-"))
    return NONE if token.startswith("-") or value is pzprv3.BAD else value


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    head = lines.row(cols + 1, "the sums above the grid")
    top, left, cells = [_sum(t) for t in head[1:]], [], []
    for r in range(rows):
        tokens = lines.row(cols + 1, f"row {r + 1} of {rows}")
        left.append(_sum(tokens[0]))
        row = []
        for token in tokens[1:]:
            right, _, down = token.partition(",")
            if token == ".":
                row.append(None)
            elif not down or pzprv3.number(right.lstrip("-")) is pzprv3.BAD:
                raise lines.error(f"expected '.' or 'right,down', found {token!r}", lines.at - 1)
            else:
                row.append((_sum(down), _sum(right)))
        cells.append(tuple(row))
    digits = lines.block(rows, cols, "the digits", lambda t: int(t.split("[")[0]) if t[:1].isdigit() else 0)
    answer = Answer(digits=pzprv3.grid(digits)) if any(map(any, digits)) else Answer()
    return replace(board, cells=tuple(cells), sides=(tuple(top), (), tuple(left), ())), answer


def write(board: Board, answer: Answer) -> list[str]:
    top, _, left, _ = board.sides
    digits = answer.digits or tuple((0,) * board.cols for _ in range(board.rows))
    out = [pzprv3.line([0, *top])]
    for r, row in enumerate(board.cells):
        out.append(pzprv3.line([left[r], *("." if v is None else f"{v[1]},{v[0]}" for v in row)]))
    return out + [pzprv3.line([d or "." for d in row]) for row in digits]


def _framed(puzzle: Puzzle) -> bool:
    """Whether the puzzle's first row and column are black: pzprjs's frame."""
    return all(v is not None for v in puzzle.sums[0]) and all(row[0] is not None for row in puzzle.sums)


def to_puzzle(board: Board) -> Puzzle:
    top, _, left, _ = board.sides
    rows = [[(0, 0), *((d, 0) for d in top)]] + [[(0, left[r]), *row] for r, row in enumerate(board.cells)]
    return Puzzle(board.rows + 1, board.cols + 1, sums=rows)


def to_board(puzzle: Puzzle) -> Board:
    sums = puzzle.sums if _framed(puzzle) else [[(0, 0)] * (puzzle.width + 1)] + [
        [(0, 0), *row] for row in puzzle.sums]
    inner = tuple(tuple(row[1:]) for row in sums[1:])
    top = tuple(sums[0][c + 1][0] for c in range(len(inner[0])))
    left = tuple(sums[r + 1][0][1] for r in range(len(inner)))
    return Board("kakuro", len(inner), len(inner[0]), cells=inner, sides=(top, (), left, ()))


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    digits = [[None] * puzzle.width for _ in range(puzzle.height)]
    for r, row in enumerate(answer.digits):
        for c, d in enumerate(row):
            if puzzle.sums[r + 1][c + 1] is None:
                digits[r + 1][c + 1] = d or None
    return Solution(digits=tuple(map(tuple, digits)))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    grid = solution.digits if _framed(puzzle) else [[None] * (puzzle.width + 1)] + [
        [None, *row] for row in solution.digits]
    return Answer(digits=tuple(tuple(d or 0 for d in row[1:]) for row in grid[1:]))
