"""Kurodoko in pzprjs: ``kurodoko``, the numbers in number16 (the shared code for numbers in
cells); a solved file's second block marks shaded cells ``#``."""

from __future__ import annotations

from dataclasses import replace

from ...errors import ParseError
from ...formats import convert, pzprv3
from ...formats.board import UNKNOWN, Answer, Board, Kind
from . import NAME, Puzzle, Solution

KINDS = (Kind("kurodoko", "kurodoko", "Kurodoko", NAME),)
ALIASES = {"kuromasu": "kurodoko"}
ROW_LINES = True


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    cells = lines.block(board.rows, board.cols, "the numbers", pzprv3.clue)
    marks = lines.block(board.rows, board.cols, "the shading", pzprv3.mark({"#": 1, "+": 0, ".": 0}))
    shaded = frozenset((r, c) for r, row in enumerate(marks) for c, x in enumerate(row) if x)
    return replace(board, cells=pzprv3.grid(cells)), Answer(marks=shaded)


def write(board: Board, answer: Answer) -> list[str]:
    body = [pzprv3.line([pzprv3.token(v) for v in row]) for row in board.cells]
    return body + [pzprv3.line(["#" if (r, c) in answer.marks else "." for c in range(board.cols)])
                   for r in range(board.rows)]


def to_puzzle(board: Board) -> Puzzle:
    convert.no_flags(board, {})
    for r, row in enumerate(board.cells):
        for c, v in enumerate(row):
            if v == UNKNOWN or (v is not None and v < 1):
                shown = "'?'" if v == UNKNOWN else str(v)
                raise ParseError(f"the clue {shown} at {convert.where(r, c)}: puzzlekit's Kurodoko "
                                 "numbers are 1 or more")
    return Puzzle(board.rows, board.cols, numbers=board.cells)


def to_board(puzzle: Puzzle) -> Board:
    return Board("kurodoko", puzzle.height, puzzle.width, cells=puzzle.numbers)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(shaded=answer.marks)


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(marks=frozenset(solution.shaded))
