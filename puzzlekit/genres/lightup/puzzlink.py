"""Light Up in pzprjs: ``lightup`` (URL id ``akari``): the walls in a 4-cell code, a wall
without a number as ``.`` (``-`` in a file); a solved file marks the lamps ``#``."""

from __future__ import annotations

from ...errors import ParseError
from ...formats import convert
from ...formats.board import UNKNOWN, Board, Kind
from ...formats.forms import Form, install
from . import NAME, WALL, Puzzle

ALIASES = {"akari": "lightup"}
ROW_LINES = True
FORM = Form(Kind("lightup", "akari", "Akari", NAME), "numbers", "lamps", code="4cell", unknown="keep",
            inline=True)
install(globals(), FORM)


def to_puzzle(board: Board) -> Puzzle:
    """The board's cells are the walls, a wall's number (``?``: none) the lamps beside it."""
    cells = FORM.grid(board)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            if v is not None and not (v == UNKNOWN or 0 <= v <= 4):
                where = convert.where(r, c)
                raise ParseError(f"the clue {v} at {where}: a Light Up wall has 0-4 lamps beside it")
    walls = [[None if v is None else WALL for v in row] for row in cells]
    numbers = [[None if v == UNKNOWN else v for v in row] for row in cells]
    return Puzzle(board.rows, board.cols, walls=walls, numbers=numbers)


def to_board(puzzle: Puzzle) -> Board:
    cells = tuple(tuple(None if wall is None else UNKNOWN if k is None else k for wall, k in zip(*rows))
                  for rows in zip(puzzle.walls, puzzle.numbers))
    return Board("lightup", puzzle.height, puzzle.width, cells=cells)
