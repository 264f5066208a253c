"""Skyscrapers in pzprjs: ``skyscrapers``, the counts outside the grid (top, bottom, left,
right, in reading order) then, when some height is given, the given heights, both in number16;
a file frames the grid with the counts, a given height ``q3``, a height entered ``3``."""

from __future__ import annotations

from dataclasses import replace

from ...formats import pzprv3
from ...formats import urlcodes as code
from ...formats.board import UNKNOWN, Answer, Board, Kind
from ...formats.puzzlink import grid
from . import AROUND, NAME, Puzzle, Solution

KINDS = (Kind("skyscrapers", "skyscrapers", "Skyscrapers", NAME, fields=("sides", "cells")),)
ROW_LINES = True


def _lengths(rows: int, cols: int) -> list[int]:
    return [cols, cols, rows, rows]


def _split(values: list, rows: int, cols: int) -> tuple[tuple, ...]:
    out, at = [], 0
    for n in _lengths(rows, cols):
        out.append(tuple(values[at:at + n]))
        at += n
    return tuple(out)


def decode(empty: Board, data: str) -> tuple[Board, int]:
    rows, cols = empty.rows, empty.cols
    around, at = code.read_number16(data, 2 * (rows + cols), wide=False)
    values, at = code.read_number16(data, rows * cols, at) if at < len(data) else ([None] * (rows * cols), at)
    return replace(empty, sides=_split(around, rows, cols), cells=grid(values, cols)), at


def encode(board: Board) -> str:
    data = code.write_number16([v for side in board.sides for v in side], wide=False)
    cells = [v for row in board.cells for v in row]
    return data + (code.write_number16(cells) if any(v is not None for v in cells) else "")


def _given(token: str) -> object:
    return pzprv3.number(token[1:]) if token.startswith("q") else None


def _entered(token: str) -> int:
    token = token.split("[", 1)[0]  # pencil marks after the height are left out
    return int(token) if token.isdigit() else 0


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    head = lines.row(cols + 2, "the counts above the grid")
    left, right, cells, digits = [], [], [], []
    for r in range(rows):
        tokens = lines.row(cols + 2, f"row {r + 1} of {rows}")
        left.append(pzprv3.clue(tokens[0]))
        right.append(pzprv3.clue(tokens[-1]))
        cells.append([_given(t) for t in tokens[1:-1]])
        digits.append([v if isinstance(v, int) else _entered(t) for v, t in zip(cells[-1], tokens[1:-1])])
    foot = lines.row(cols + 2, "the counts below the grid")
    around = ([pzprv3.clue(t) for t in head[1:-1]], [pzprv3.clue(t) for t in foot[1:-1]], left, right)
    tokens = [v for side in around for v in side] + [v for row in cells for v in row]
    if any(v is pzprv3.BAD for v in tokens):
        raise lines.error("unexpected token in the counts or the given heights", lines.at - 1)
    answer = Answer(digits=pzprv3.grid(digits)) if any(map(any, digits)) else Answer()
    sides = tuple(tuple(side) for side in around)
    return replace(board, sides=sides, cells=pzprv3.grid(cells)), answer  # type: ignore[arg-type]


def write(board: Board, answer: Answer) -> list[str]:
    top, bottom, left, right = board.sides
    digits = answer.digits or tuple((0,) * board.cols for _ in range(board.rows))
    out = [pzprv3.line([".", *map(pzprv3.token, top), "."])]
    for r in range(board.rows):
        cells = [f"q{board.cells[r][c]}" if board.cells[r][c] is not None else digits[r][c] or "."
                 for c in range(board.cols)]
        out.append(pzprv3.line([pzprv3.token(left[r]), *cells, pzprv3.token(right[r])]))
    return out + [pzprv3.line([".", *map(pzprv3.token, bottom), "."])]


def _count(value: object) -> int | None:
    """A count of the board as ours: a ``?`` count asks nothing, so it is none."""
    return None if value is None or value == UNKNOWN else value  # type: ignore[return-value]


def to_puzzle(board: Board) -> Puzzle:
    around = {layer.name: tuple(map(_count, side)) for layer, side in zip(AROUND, board.sides)}
    givens = tuple(tuple(None if v == UNKNOWN else v for v in row) for row in board.cells)
    return Puzzle(board.rows, board.cols, givens=givens, **around)


def to_board(puzzle: Puzzle) -> Board:
    sides = tuple(getattr(puzzle, layer.name) for layer in AROUND)
    return Board("skyscrapers", puzzle.height, puzzle.width, sides=sides, cells=puzzle.givens)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(heights=answer.digits or tuple((0,) * puzzle.width for _ in range(puzzle.height)))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(digits=solution.heights)
