"""Skyscrapers in pzprjs: ``skyscrapers``, the counts outside the grid (top, bottom, left,
right, in reading order) then, when some height is given, the given heights, both in number16;
a file frames the grid with the counts, a given height ``q3``, a height entered ``3``."""

from __future__ import annotations

from dataclasses import replace

from ...errors import ParseError
from ...formats import pzprv3
from ...formats.board import Answer, Board, Kind
from ...formats.forms import Form, install
from . import AROUND, NAME, Puzzle, variant

ROW_LINES = True
FORM = Form(Kind("skyscrapers", "skyscrapers", "Skyscrapers", NAME, fields=("sides", "cells")), "givens",
            "heights", answer="digits", sides=tuple(layer.name for layer in AROUND), unknown="drop")
install(globals(), FORM)


def to_board(puzzle: Puzzle) -> Board:
    if variant(puzzle):  # pzprjs's Skyscrapers has neither variant
        raise ParseError(f"a Skyscrapers puzzle with {variant(puzzle)}: puzz.link has no such rule")
    return FORM.to_board(puzzle)


def _given(token: str) -> object:
    return pzprv3.number(token[1:]) if token.startswith("q") else None


def _entered(token: str) -> int:
    token = token.split("[", 1)[0]  # pencil marks after the height are left out
    return int(token) if token.isdigit() else 0


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    head = lines.row(cols + 2, "the counts above the grid")
    left, right, cells, digits = [], [], [], []
    for r in range(rows):
        tokens = lines.row(cols + 2, f"row {r + 1} of {rows}")
        left.append(pzprv3.clue(tokens[0]))
        right.append(pzprv3.clue(tokens[-1]))
        cells.append([_given(t) for t in tokens[1:-1]])
        digits.append([v if isinstance(v, int) else _entered(t) for v, t in zip(cells[-1], tokens[1:-1])])
    foot = lines.row(cols + 2, "the counts below the grid")
    around = ([pzprv3.clue(t) for t in head[1:-1]], [pzprv3.clue(t) for t in foot[1:-1]], left, right)
    tokens = [v for side in around for v in side] + [v for row in cells for v in row]
    if any(v is pzprv3.BAD for v in tokens):
        raise lines.error("unexpected token in the counts or the given heights", lines.at - 1)
    answer = Answer(digits=pzprv3.grid(digits)) if any(map(any, digits)) else Answer()
    sides = tuple(tuple(side) for side in around)
    return replace(board, sides=sides, cells=pzprv3.grid(cells)), answer  # type: ignore[arg-type]


def write(board: Board, answer: Answer) -> list[str]:
    top, bottom, left, right = board.sides
    digits = answer.digits or tuple((0,) * board.cols for _ in range(board.rows))
    out = [pzprv3.line([".", *map(pzprv3.token, top), "."])]
    for r in range(board.rows):
        cells = [f"q{board.cells[r][c]}" if board.cells[r][c] is not None else digits[r][c] or "."
                 for c in range(board.cols)]
        out.append(pzprv3.line([pzprv3.token(left[r]), *cells, pzprv3.token(right[r])]))
    return out + [pzprv3.line([".", *map(pzprv3.token, bottom), "."])]
