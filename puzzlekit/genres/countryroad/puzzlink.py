"""Country Road in pzprjs: ``country`` (the rooms drawn by walls, then one number16 per room in
the order of their first cells, written in the room's first cell; pflag ``e``: cells left out
may touch, not a rule of ours). A room of ours must be one piece, with at most one number."""

from __future__ import annotations

from dataclasses import replace

from ...errors import ParseError
from ...formats import board as b
from ...formats import convert, pzprv3
from ...formats import urlcodes as code
from ...formats.board import UNKNOWN, Answer, Board, Kind
from . import NAME, Puzzle, Solution

KINDS = (Kind("country", "country", "Country Road", NAME, fields=("regions", "cells"), flags="e"),)
ALIASES = {"countryroad": "country"}
ROW_LINES = True


def _tops(regions) -> list[tuple[int, int]]:
    """Each room's first cell in reading order, rooms in the order of their numbers."""
    tops: dict[int, tuple[int, int]] = {}
    for r, row in enumerate(regions):
        for c, x in enumerate(row):
            tops.setdefault(x, (r, c))
    return [tops[x] for x in sorted(tops)]


def _cells(rows: int, cols: int, tops, values) -> tuple:
    cells = [[None] * cols for _ in range(rows)]
    for (r, c), v in zip(tops, values):
        cells[r][c] = v
    return tuple(tuple(row) for row in cells)


def decode(empty: Board, data: str) -> tuple[Board, int]:
    walls, at = code.read_borders(data, empty.rows, empty.cols)
    regions = b.regions_from_walls(empty.rows, empty.cols, walls)
    tops = _tops(regions)
    values, at = code.read_number16(data, len(tops), at)
    cells = _cells(empty.rows, empty.cols, tops, values)
    return replace(empty, regions=regions, walls=walls, cells=cells), at


def encode(board: Board) -> str:
    walls = board.walls or b.walls_of(board.regions)
    values = [board.cells[r][c] for r, c in _tops(board.regions)]
    return code.write_borders(board.rows, board.cols, walls) + code.write_number16(values)


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    flags = pzprv3.flags(lines)
    lines.number("the number of rooms", 1)
    ids = lines.block(rows, cols, "the rooms", pzprv3.number)
    cells = lines.block(rows, cols, "the numbers", pzprv3.clue)
    h = lines.block(rows, cols - 1, "the horizontal lines", pzprv3.LINE)
    v = lines.block(rows - 1, cols, "the vertical lines", pzprv3.LINE)
    regions = b.regions_from_walls(rows, cols, b.walls_of(pzprv3.grid(ids)))
    answer = Answer(lines=pzprv3.edges(h, v))
    return replace(board, flags=flags, regions=regions, cells=pzprv3.grid(cells)), answer


def write(board: Board, answer: Answer) -> list[str]:
    head = [board.flags] if board.flags else []
    count = 1 + max(x for row in board.regions for x in row)
    body = [str(count)] + [pzprv3.line(list(row)) for row in board.regions]
    body += [pzprv3.line([pzprv3.token(v) for v in row]) for row in board.cells]
    body += pzprv3.blocks(board.rows, board.cols, lambda p, q: int((p, q) in answer.lines))
    return head + body + [pzprv3.line([0] * board.cols) for _ in range(board.rows)]


def to_puzzle(board: Board) -> Puzzle:
    convert.no_flags(board, {"e": "cells left out touching across rooms"})
    numbers = [[None if v is None or v == UNKNOWN else v for v in row] for row in board.cells]
    for r, row in enumerate(board.cells):
        for c, v in enumerate(row):
            if v is not None and v != UNKNOWN and v < 1:
                raise ParseError(f"the number {v} at {convert.where(r, c)}: the loop visits every room")
    rooms = [[str(x) for x in row] for row in board.regions]
    return Puzzle(board.rows, board.cols, rooms=rooms, numbers=numbers)


def to_board(puzzle: Puzzle) -> Board:
    h, w = puzzle.height, puzzle.width
    regions = b.regions_from_walls(h, w, b.walls_of(puzzle.rooms))
    counts = 1 + max(x for row in regions for x in row)
    if counts != len({label for row in puzzle.rooms for label in row}):
        raise ParseError("a room in separate pieces: puzz.link draws rooms by walls, each one piece")
    values: dict[int, int] = {}
    for (r, c), k in puzzle.clues("numbers"):
        if regions[r][c] in values:
            raise ParseError(f"two numbers in the room of {convert.where(r, c)}: puzz.link has one a room")
        values[regions[r][c]] = k
    tops = _tops(regions)
    return Board("country", h, w, regions=regions,
                 cells=_cells(h, w, tops, [values.get(i) for i in range(len(tops))]))


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(frozenset(answer.lines))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(lines=frozenset(solution.edges))
