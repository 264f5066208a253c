"""Norinori in pzprjs: ``norinori``, the regions drawn by walls; a pzprv3 file lists the
region numbers (a ``pzprv3.1`` file its walls instead), and a solved file marks shaded cells
``#``."""

from __future__ import annotations

from dataclasses import replace

from ...board.stars import label
from ...errors import ParseError
from ...formats import board as b
from ...formats import pzprv3
from ...formats import urlcodes as code
from ...formats.board import Answer, Board, Kind
from . import NAME, Puzzle, Solution

KINDS = (Kind("norinori", "norinori", "Norinori", NAME, fields=("regions",)),)
ROW_LINES = True


def decode(empty: Board, data: str) -> tuple[Board, int]:
    walls, at = code.read_borders(data, empty.rows, empty.cols, 0)
    return replace(empty, regions=b.regions_from_walls(empty.rows, empty.cols, walls), walls=walls), at


def encode(board: Board) -> str:
    return code.write_borders(board.rows, board.cols, board.walls or b.walls_of(board.regions))


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    if minor >= 1:  # the walls: right of each cell, then below each
        right = lines.block(rows, cols - 1, "the walls", pzprv3.WALL)
        below = lines.block(rows - 1, cols, "the walls", pzprv3.WALL)
        walls = pzprv3.edges(right, below)
    else:
        lines.number("the number of regions", 1)
        walls = b.walls_of(pzprv3.grid(lines.block(rows, cols, "the regions", pzprv3.number)))
    marks = lines.block(rows, cols, "the shaded cells", pzprv3.mark({"#": 1, "+": 0, ".": 0}))
    shaded = frozenset((r, c) for r in range(rows) for c in range(cols) if marks[r][c])
    return replace(board, regions=b.regions_from_walls(rows, cols, walls)), Answer(marks=shaded)


def write(board: Board, answer: Answer) -> list[str]:
    count = 1 + max((x for row in board.regions for x in row), default=-1)
    body = [str(count)] + [pzprv3.line(list(row)) for row in board.regions]
    body += [pzprv3.line(["#" if (r, c) in answer.marks else "." for c in range(board.cols)])
             for r in range(board.rows)]
    return body


def to_puzzle(board: Board) -> Puzzle:
    return Puzzle(board.rows, board.cols, regions=[[label(x) for x in row] for row in board.regions])


def to_board(puzzle: Puzzle) -> Board:
    h, w = puzzle.height, puzzle.width
    regions = b.regions_from_walls(h, w, b.walls_of(tuple(tuple(row) for row in puzzle.regions)))
    if len(puzzle.rooms()) != 1 + max(x for row in regions for x in row):
        raise ParseError("a region is in separate pieces: puzz.link regions are drawn by walls, so "
                         "each must be connected")
    return Board("norinori", h, w, regions=regions)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(shaded=frozenset(answer.marks))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(marks=frozenset(solution.shaded))
