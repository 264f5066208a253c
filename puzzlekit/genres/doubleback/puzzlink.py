"""Double Back in pzprjs: ``doubleback`` (rooms by walls, then the blocked cells as one bit a
cell, nothing when none is blocked). A pzprv3 board is the rooms (pzprv3.2: their walls), a
block of ``*`` (blocked) and ``.``, the loop's segments, then the solver's cell marks."""

from __future__ import annotations

from dataclasses import replace

from ...errors import ParseError
from ...formats import board as b
from ...formats import pzprv3
from ...formats import urlcodes as code
from ...formats.board import Answer, Board, Kind
from ...formats.puzzlink import grid
from . import BLOCK, NAME, Puzzle, Solution

KINDS = (Kind("doubleback", "doubleback", "Double Back", NAME, fields=("regions", "cells"),
              version="pzprv3.2"),)
ROW_LINES = True


def decode(empty: Board, data: str) -> tuple[Board, int]:
    walls, at = code.read_borders(data, empty.rows, empty.cols)
    bits, at = code.read_binary(data, empty.rows * empty.cols, at)
    regions = b.regions_from_walls(empty.rows, empty.cols, walls)
    cells = grid([1 if x else None for x in bits], empty.cols)
    return replace(empty, regions=regions, walls=walls, cells=cells), at


def encode(board: Board) -> str:
    bits = [v is not None for row in board.cells for v in row]
    walls = code.write_borders(board.rows, board.cols, board.walls or b.walls_of(board.regions))
    return walls + (code.write_binary(bits) if any(bits) else "")


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    walls = pzprv3.room_walls(lines, rows, cols, minor)
    cells, segments = pzprv3.read_cells_and_edges(lines, board, pzprv3.mark({"*": 1, ".": None}), "lines")
    if lines.peek() is not None:  # the solver's marks in cells: not part of the answer
        lines.block(rows, cols, "the cell marks", pzprv3.number)
    regions = b.regions_from_walls(rows, cols, walls)
    return replace(board, regions=regions, walls=walls, cells=cells), Answer(lines=frozenset(segments))


def write(board: Board, answer: Answer) -> list[str]:
    walls = board.walls or b.walls_of(board.regions)
    body = pzprv3.blocks(board.rows, board.cols, lambda p, q: int((p, q) in walls))
    body += [pzprv3.line(["." if v is None else "*" for v in row]) for row in board.cells]
    body += pzprv3.blocks(board.rows, board.cols, lambda p, q: int((p, q) in answer.lines))
    return body + [pzprv3.line([0] * board.cols) for _ in range(board.rows)]


def to_puzzle(board: Board) -> Puzzle:
    if board.walls and board.walls != b.walls_of(board.regions):
        raise ParseError("a wall inside a room: puzzlekit's rooms are divided by their borders only")
    rooms = [[str(x) for x in row] for row in board.regions]
    blocks = [[None if v is None else BLOCK for v in row] for row in board.cells]
    return Puzzle(board.rows, board.cols, rooms=rooms, blocks=blocks)


def to_board(puzzle: Puzzle) -> Board:
    h, w = puzzle.height, puzzle.width
    regions = b.regions_from_walls(h, w, b.walls_of(puzzle.rooms))
    if 1 + max(map(max, regions)) != len(set().union(*map(set, puzzle.rooms))):
        raise ParseError("a room in separate pieces: puzz.link draws rooms by walls, each one piece")
    cells = tuple(tuple(None if v is None else 1 for v in row) for row in puzzle.blocks)
    return Board("doubleback", h, w, regions=regions, cells=cells)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(frozenset(answer.lines))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(lines=frozenset(solution.edges))
