"""Yin-Yang in pzprjs: ``yinyang``, the circles in the circles code (1 white, 2 black); a
solved file's second block colours the cells (``1`` white, ``2`` black)."""

from __future__ import annotations

from typing import Any

from ...formats.board import Board, Kind
from ...formats.forms import Form, install
from . import NAME, Puzzle

ROW_LINES = True
FORM = Form(Kind("yinyang", "yinyang", "Yin-Yang", NAME), "circles", "black", code="circles",
            tokens={"2": 1, "1": 0, ".": 0, "+": 0}, what="a circle")
install(globals(), FORM)
CIRCLES = {1: "w", 2: "b"}


def to_puzzle(board: Board) -> Any:
    """pzprjs's circles 1 and 2 are the layer's ``w`` and ``b``."""
    cells = tuple(tuple(None if v is None else CIRCLES.get(v, "?") for v in row) for row in FORM.grid(board))
    if any(v == "?" for row in cells for v in row):
        raise ValueError("a Yin-Yang circle is white (1) or black (2)")
    return Puzzle(board.rows, board.cols, circles=cells)


def to_board(puzzle: Any) -> Board:
    codes = {v: k for k, v in CIRCLES.items()}
    cells = tuple(tuple(codes.get(v) for v in row) for row in puzzle.circles)
    return Board(FORM.kind.pid, puzzle.height, puzzle.width, cells=cells)


def to_solution(puzzle: Any, answer: Any) -> Any:
    """A circle's cell takes its colour (pzprjs leaves it out of the answer block)."""
    given = {cell for cell, v in puzzle.clues("circles") if v == "b"}
    return FORM.to_solution(puzzle, answer).__class__(black=frozenset(answer.marks) | given)
