"""Simple Loop in pzprjs: ``simpleloop`` (the blocked cells as one bit a cell, five bits a
base-32 character, nothing at all when no cell is blocked). A pzprv3 board is a block of ``*``
(blocked) and ``.``, then the loop's segments."""

from __future__ import annotations

from dataclasses import replace

from ...formats import pzprv3
from ...formats import urlcodes as code
from ...formats.board import Answer, Board, Kind
from ...formats.puzzlink import grid
from . import BLOCK, NAME, Puzzle, Solution

KINDS = (Kind("simpleloop", "simpleloop", "Simple Loop", NAME),)
ROW_LINES = True


def decode(empty: Board, data: str) -> tuple[Board, int]:
    bits, at = code.read_binary(data, empty.rows * empty.cols)
    return replace(empty, cells=grid([1 if b else None for b in bits], empty.cols)), at


def encode(board: Board) -> str:
    bits = [v is not None for row in board.cells for v in row]
    return code.write_binary(bits) if any(bits) else ""


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    cells, segments = pzprv3.read_cells_and_edges(lines, board, pzprv3.mark({"*": 1, ".": None}), "lines")
    return replace(board, cells=cells), Answer(lines=frozenset(segments))


def write(board: Board, answer: Answer) -> list[str]:
    body = [pzprv3.line(["." if v is None else "*" for v in row]) for row in board.cells]
    return body + pzprv3.blocks(board.rows, board.cols, lambda p, q: int((p, q) in answer.lines))


def to_puzzle(board: Board) -> Puzzle:
    blocks = [[None if v is None else BLOCK for v in row] for row in board.cells]
    return Puzzle(board.rows, board.cols, blocks=blocks)


def to_board(puzzle: Puzzle) -> Board:
    cells = tuple(tuple(None if v is None else 1 for v in row) for row in puzzle.blocks)
    return Board("simpleloop", puzzle.height, puzzle.width, cells=cells)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(frozenset(answer.lines))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(lines=frozenset(solution.edges))
