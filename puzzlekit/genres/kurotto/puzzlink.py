"""Kurotto in pzprjs: ``kurotto``, the circles in number16 (the shared code for numbers in cells;
``?`` a circle without a number); a solved file's second block marks shaded cells ``#``."""

from __future__ import annotations

from typing import Any

from ...board.base import UNKNOWN
from ...formats.board import UNKNOWN as BOARD_UNKNOWN
from ...formats.board import Board, Kind
from ...formats.forms import Form, install
from . import NAME, Puzzle

ROW_LINES = True
FORM = Form(Kind("kurotto", "kurotto", "Kurotto", NAME), "numbers", "shaded", unknown="keep",
            what="a circle's number")
install(globals(), FORM)


def to_puzzle(board: Board) -> Any:
    """The board's ``?`` (pzprjs's -2) is the layer's ``?``: a circle without a number."""
    cells = tuple(tuple(UNKNOWN if v == BOARD_UNKNOWN else v for v in row) for row in FORM.grid(board))
    return Puzzle(board.rows, board.cols, numbers=cells)


def to_board(puzzle: Any) -> Board:
    cells = tuple(tuple(BOARD_UNKNOWN if v == UNKNOWN else v for v in row) for row in puzzle.numbers)
    return Board(FORM.kind.pid, puzzle.height, puzzle.width, cells=cells)
