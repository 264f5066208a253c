"""Shakashaka in pzprjs: ``shakashaka``, the black cells in a 4-cell code (one without a number
as ``.``, ``-`` in a file); a solved file's second block holds each triangle by pzprjs's number
(2 bottom left, 3 bottom right, 4 top right, 5 top left; ``+`` a cell marked white)."""

from __future__ import annotations

from ...errors import ParseError
from ...formats import convert
from ...formats.board import UNKNOWN, Board, Kind
from ...formats.forms import Form, install
from . import NAME, WALL, Puzzle

ROW_LINES = True
FORM = Form(Kind("shakashaka", "shakashaka", "Shakashaka", NAME), "numbers", "triangles", code="4cell",
            unknown="keep", answer="digits", tokens={".": 0, "+": 0, "5": 1, "4": 2, "2": 3, "3": 4},
            what="a black cell's number")
install(globals(), FORM)


def to_puzzle(board: Board) -> Puzzle:
    """The board's cells are the black cells, a number (``?``: none) the triangles beside it."""
    cells = FORM.grid(board)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            if v is not None and not (v == UNKNOWN or 0 <= v <= 4):
                raise ParseError(f"the clue {v} at {convert.where(r, c)}: a Shakashaka black cell "
                                 "has 0-4 triangles beside it")
    walls = [[None if v is None else WALL for v in row] for row in cells]
    numbers = [[None if v == UNKNOWN else v for v in row] for row in cells]
    return Puzzle(board.rows, board.cols, walls=walls, numbers=numbers)


def to_board(puzzle: Puzzle) -> Board:
    cells = tuple(tuple(None if wall is None else UNKNOWN if k is None else k for wall, k in zip(*rows))
                  for rows in zip(puzzle.walls, puzzle.numbers))
    return Board("shakashaka", puzzle.height, puzzle.width, cells=cells)
