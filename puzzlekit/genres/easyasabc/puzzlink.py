"""Easy as ABC in pzprjs: ``easyasabc``. The URL body is the number of letters and ``/``,
then the letters outside the grid (top, bottom, left, right, in reading order) and, when some
letter is given in a cell, the given letters, both in number16 (1 for A). A file gives the
number of letters on a line, then frames the grid with the outside letters; a given letter is
``q2``, an entered one ``2``, ``+`` a cell marked as holding some letter, ``-`` an empty one."""

from __future__ import annotations

import re
from dataclasses import replace

from ...formats import pzprv3
from ...formats import urlcodes as code
from ...formats.board import Answer, Board, Kind
from ...formats.forms import Form, install
from . import AROUND, NAME, Puzzle

ROW_LINES = True
FORM = Form(Kind("easyasabc", "easyasabc", "Easy as ABC", NAME, fields=("stars", "sides", "cells")), "givens",
            "grid", answer="digits", sides=tuple(layer.name for layer in AROUND), what="a given letter")
install(globals(), FORM)


def decode(empty: Board, data: str) -> tuple[Board, int]:
    match = re.match(r"(\d{1,3})/", data)
    if match is None or int(match.group(1)) < 1:
        raise code.CodeError("expected the number of letters, then '/'", 0)
    board, at = FORM.decode(empty, data[match.end():])
    return replace(board, stars=int(match.group(1))), at + match.end()


def encode(board: Board) -> str:
    return f"{board.stars}/" + FORM.encode(board)


def to_puzzle(board: Board) -> Puzzle:
    puzzle = FORM.to_puzzle(board)
    return replace(puzzle, letters=board.stars)


def to_board(puzzle: Puzzle) -> Board:
    return replace(FORM.to_board(puzzle), stars=puzzle.count)


def _given(token: str) -> object:
    return pzprv3.number(token[1:]) if token.startswith("q") else None


def _entered(token: str) -> int:
    token = token.split("[", 1)[0]  # the solver's pencil marks are left out
    return int(token) if token.isdigit() else 0  # '+' (some letter), '-' and '.': no letter


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    letters = lines.number("the number of letters", 1)
    head = lines.row(cols + 2, "the letters above the grid")
    left, right, cells, digits = [], [], [], []
    for r in range(rows):
        tokens = lines.row(cols + 2, f"row {r + 1} of {rows}")
        left.append(pzprv3.clue(tokens[0]))
        right.append(pzprv3.clue(tokens[-1]))
        cells.append([_given(t) for t in tokens[1:-1]])
        digits.append([v if isinstance(v, int) else _entered(t) for v, t in zip(cells[-1], tokens[1:-1])])
    foot = lines.row(cols + 2, "the letters below the grid")
    around = ([pzprv3.clue(t) for t in head[1:-1]], [pzprv3.clue(t) for t in foot[1:-1]], left, right)
    if any(v is pzprv3.BAD for part in (*around, *cells) for v in part):
        raise lines.error("unexpected token in the letters around the grid or the given letters",
                          lines.at - 1)
    answer = Answer(digits=pzprv3.grid(digits)) if any(map(any, digits)) else Answer()
    sides = tuple(tuple(side) for side in around)
    return replace(board, stars=letters, sides=sides, cells=pzprv3.grid(cells)), answer  # type: ignore[arg-type]


def write(board: Board, answer: Answer) -> list[str]:
    top, bottom, left, right = board.sides
    digits = answer.digits or tuple((0,) * board.cols for _ in range(board.rows))
    out = [str(board.stars), pzprv3.line([".", *map(pzprv3.token, top), "."])]
    for r in range(board.rows):
        cells = [f"q{board.cells[r][c]}" if board.cells[r][c] is not None else digits[r][c] or "-"
                 for c in range(board.cols)]
        out.append(pzprv3.line([pzprv3.token(left[r]), *cells, pzprv3.token(right[r])]))
    return out + [pzprv3.line([".", *map(pzprv3.token, bottom), "."])]
