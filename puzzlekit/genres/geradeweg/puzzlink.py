"""Geradeweg in pzprjs: ``geradeweg`` (numbers in cells in the 16-code, ``.`` a circle without
its number; pflag ``f``: the loop through every cell, not a rule of ours)."""

from __future__ import annotations

from dataclasses import replace

from ...formats import convert, pzprv3
from ...formats import urlcodes as code
from ...formats.board import UNKNOWN, Answer, Board, Kind
from ...formats.puzzlink import grid
from . import NAME, Puzzle, Solution

KINDS = (Kind("geradeweg", "geradeweg", "Geradeweg", NAME, flags="f"),)
ROW_LINES = True


def decode(empty: Board, data: str) -> tuple[Board, int]:
    values, at = code.read_number16(data, empty.rows * empty.cols)
    return replace(empty, cells=grid(values, empty.cols)), at


def encode(board: Board) -> str:
    return code.write_number16([v for row in board.cells for v in row])


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    flags = pzprv3.flags(lines)
    cells, segments = pzprv3.read_cells_and_edges(lines, board, pzprv3.clue, "lines", pzprv3.LINE)
    return replace(board, flags=flags, cells=cells), Answer(lines=frozenset(segments))


def write(board: Board, answer: Answer) -> list[str]:
    head = [board.flags] if board.flags else []
    body = [pzprv3.line([pzprv3.token(v) for v in row]) for row in board.cells]
    return head + body + pzprv3.blocks(board.rows, board.cols, lambda p, q: int((p, q) in answer.lines))


def to_puzzle(board: Board) -> Puzzle:
    convert.no_flags(board, {"f": "the loop through every cell"})
    numbers = [["?" if v == UNKNOWN else v for v in row] for row in board.cells]
    return Puzzle(board.rows, board.cols, numbers=numbers)


def to_board(puzzle: Puzzle) -> Board:
    cells = tuple(tuple(UNKNOWN if v == "?" else v for v in row) for row in puzzle.numbers)
    return Board("geradeweg", puzzle.height, puzzle.width, cells=cells)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(frozenset(answer.lines))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(lines=frozenset(solution.edges))
