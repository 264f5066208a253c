"""Nurimisaki in pzprjs: ``nurimisaki``, the circles in number16 (a circle without a number is
``.`` in the URL, ``-`` in a file); a solved file's second block marks shaded cells ``#``."""

from __future__ import annotations

from ...formats.board import UNKNOWN, Board, Kind
from ...formats.forms import Form, install
from . import NAME, Puzzle

ROW_LINES = True
FORM = Form(Kind("nurimisaki", "nurimisaki", "Nurimisaki", NAME), "numbers", "shaded", unknown="keep",
            what="a circle's number")
install(globals(), FORM)


def to_puzzle(board: Board) -> Puzzle:
    """A clue is a circle; its number, unless ``?``, the cells it sees."""
    cells = FORM.grid(board)
    circles = [[None if v is None else "o" for v in row] for row in cells]
    numbers = [[None if v is None or v == UNKNOWN else v for v in row] for row in cells]
    return Puzzle(board.rows, board.cols, circles=circles, numbers=numbers)


def to_board(puzzle: Puzzle) -> Board:
    cells = tuple(tuple(k if k is not None else None if o is None else UNKNOWN for o, k in zip(*rows))
                  for rows in zip(puzzle.circles, puzzle.numbers))
    return Board("nurimisaki", puzzle.height, puzzle.width, cells=cells)
