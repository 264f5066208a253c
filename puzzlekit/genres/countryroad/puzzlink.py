"""Country Road in pzprjs: ``country`` (rooms by walls, a number16 per room in its top cell;
pflag ``e``: cells left out may touch, not our rule). A room is one piece with one number."""

from __future__ import annotations

from dataclasses import replace

from ...errors import ParseError
from ...formats import board as b
from ...formats import convert, pzprv3
from ...formats import urlcodes as code
from ...formats.board import Answer, Board, Kind
from . import NAME, Puzzle, Solution

KINDS = (Kind("country", "country", "Country Road", NAME, fields=("regions", "cells"), flags="e",
              version="pzprv3.2"),)
ROW_LINES = True


def decode(empty: Board, data: str) -> tuple[Board, int]:
    walls, at = code.read_borders(data, empty.rows, empty.cols)
    regions = b.regions_from_walls(empty.rows, empty.cols, walls)
    cells, at = code.read_room_number16(data, regions, at)
    return replace(empty, regions=regions, walls=walls, cells=cells), at


def encode(board: Board) -> str:
    numbers = code.write_room_number16(board.regions, board.cells)
    return code.write_borders(board.rows, board.cols, board.walls or b.walls_of(board.regions)) + numbers


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    flags = ("e" if lines.word("the flags") == "country_empty" else "") if minor >= 2 else pzprv3.flags(lines)
    walls = pzprv3.room_walls(lines, rows, cols, minor)
    regions = b.regions_from_walls(rows, cols, walls)
    cells = lines.block(rows, cols, "the numbers", pzprv3.clue)
    h = lines.block(rows, cols - 1, "the horizontal lines", pzprv3.LINE)
    v = lines.block(rows - 1, cols, "the vertical lines", pzprv3.LINE)
    answer = Answer(lines=pzprv3.edges(h, v))
    return replace(board, flags=flags, regions=regions, walls=walls, cells=pzprv3.grid(cells)), answer


def write(board: Board, answer: Answer) -> list[str]:
    walls = board.walls or b.walls_of(board.regions)
    body = ["country_empty" if "e" in board.flags else ""]
    body += pzprv3.blocks(board.rows, board.cols, lambda p, q: int((p, q) in walls))
    body += [pzprv3.line([pzprv3.token(v) for v in row]) for row in board.cells]
    body += pzprv3.blocks(board.rows, board.cols, lambda p, q: int((p, q) in answer.lines))
    return body + [pzprv3.line([0] * board.cols) for _ in range(board.rows)]


def to_puzzle(board: Board) -> Puzzle:
    convert.no_flags(board, {"e": "cells left out touching across rooms"})
    if board.walls and board.walls != b.walls_of(board.regions):
        raise ParseError("a wall inside a room: puzzlekit's rooms are divided by their borders only")
    numbers = [[v or None for v in row] for row in convert.values(board, "the room number")]  # '?' refused
    rooms = [[str(x) for x in row] for row in board.regions]
    return Puzzle(board.rows, board.cols, rooms=rooms, numbers=numbers)


def to_board(puzzle: Puzzle) -> Board:
    h, w = puzzle.height, puzzle.width
    regions = b.regions_from_walls(h, w, b.walls_of(puzzle.rooms))
    if 1 + max(map(max, regions)) != len(set().union(*map(set, puzzle.rooms))):
        raise ParseError("a room in separate pieces: puzz.link draws rooms by walls, each one piece")
    values = {regions[r][c]: k for (r, c), k in puzzle.clues("numbers")}
    if len(values) < len(puzzle.clues("numbers")):
        raise ParseError("two numbers in one room: puzz.link keeps one number a room")
    return Board("country", h, w, regions=regions, cells=code.room_cells(regions, values.get))


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(frozenset(answer.lines))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(lines=frozenset(solution.edges))
