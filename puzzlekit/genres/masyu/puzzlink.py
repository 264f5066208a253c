"""Masyu in pzprjs: ``mashu`` (pearls in a circle code; pflag ``f``: the loop through every
cell, not a rule of ours)."""

from __future__ import annotations

from dataclasses import replace

from ...formats import convert, pzprv3
from ...formats import urlcodes as code
from ...formats.board import UNKNOWN, Answer, Board, Kind
from ...formats.puzzlink import grid
from . import NAME, Puzzle, Solution

KINDS = (Kind("mashu", "mashu", "Masyu", NAME, flags="f"),)
ALIASES = {"masyu": "mashu", "pearl": "mashu"}
ROW_LINES = True


def decode(empty: Board, data: str) -> tuple[Board, int]:
    values, at = code.read_circles(data, empty.rows * empty.cols)
    return replace(empty, cells=grid(values, empty.cols)), at


def encode(board: Board) -> str:
    return code.write_circles([v for row in board.cells for v in row])


def _pearl(token: str) -> object:
    return {".": None, "1": 1, "2": 2, "-": UNKNOWN}.get(token, pzprv3.BAD)


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    flags = pzprv3.flags(lines)
    cells, segments = pzprv3.read_cells_and_edges(lines, board, _pearl, "lines", pzprv3.LINE)
    return replace(board, flags=flags, cells=cells), Answer(lines=frozenset(segments))


def write(board: Board, answer: Answer) -> list[str]:
    head = [board.flags] if board.flags else []
    body = [pzprv3.line([pzprv3.token(v) for v in row]) for row in board.cells]
    return head + body + pzprv3.blocks(board.rows, board.cols, lambda p, q: int((p, q) in answer.lines))


def to_puzzle(board: Board) -> Puzzle:
    convert.no_flags(board, {"f": "the loop through every cell"})
    return Puzzle(convert.values(board, "the pearl"))


def to_board(puzzle: Puzzle) -> Board:
    return Board("mashu", puzzle.height, puzzle.width, cells=convert.cells(puzzle.grid))


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(answer.lines)


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(lines=frozenset(solution.edges))
