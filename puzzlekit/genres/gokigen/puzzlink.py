"""Gokigen Naname in pzprjs: ``gokigen`` (numbers at the grid corners in pzprjs's cross code;
a file's answer block holds ``1`` for a \\ and ``2`` for a /). The board's ``cells`` hold the
``(rows + 1) x (cols + 1)`` corners; its answer's ``digits`` the diagonals."""

from __future__ import annotations

from dataclasses import replace

from ...board import slants as sl
from ...errors import ParseError
from ...formats import pzprv3
from ...formats.board import UNKNOWN, Answer, Board, Kind
from ...formats.puzzlink import grid
from ...formats.urlcodes import CodeError
from . import NAME, Puzzle, Solution

KINDS = (Kind("gokigen", "gokigen", "Slant", NAME),)
ALIASES = {"slant": "gokigen"}
#: A diagonal in a pzprv3 answer block.
MARKS = {"1": sl.BACK, "2": sl.FORWARD}


def decode(empty: Board, data: str) -> tuple[Board, int]:
    """The cross code: ``0``-``4`` a number; ``5``-``9`` a number and one empty corner after
    it, ``a``-``e`` a number and two; ``g``-``z`` 1-20 empty corners; ``.`` a number not shown."""
    count = (empty.rows + 1) * (empty.cols + 1)
    out: list[object] = []
    at = 0
    while len(out) < count and at < len(data):
        ch = data[at]
        if "0" <= ch <= "4":
            out.append(int(ch))
        elif "5" <= ch <= "9":
            out += [int(ch) - 5, None]
        elif "a" <= ch <= "e":
            out += [int(ch, 16) - 10, None, None]
        elif "g" <= ch <= "z":
            out += [None] * (int(ch, 36) - 15)
        elif ch == ".":
            out.append(UNKNOWN)
        else:
            raise CodeError(f"unexpected {ch!r} in the corner numbers", at)
        at += 1
    out = (out + [None] * count)[:count]
    return replace(empty, cells=grid(out, empty.cols + 1)), at


def encode(board: Board) -> str:
    """As pzprjs writes it: a number takes the one or two empty corners after it when the
    next corner (the one after) holds none, the corners past the end counted as empty."""
    values = [v for row in board.cells for v in row]
    n = len(values)
    out, i, run = [], 0, 0
    while i < n:
        v, token = values[i], ""
        if v is None:
            run += 1
        elif v == UNKNOWN:
            token = "."
        elif i + 1 < n and values[i + 1] is not None:
            token = str(v)
        elif i + 2 < n and values[i + 2] is not None:
            token, i = "56789"[v], i + 1
        else:
            token, i = "abcde"[v], i + 2
        if run and (token or run == 20):
            out.append("ghijklmnopqrstuvwxyz"[run - 1])
            run = 0
        out.append(token)
        i += 1
    if run:
        out.append("ghijklmnopqrstuvwxyz"[run - 1])
    return "".join(out)


def _answer(token: str) -> object:
    return {"1": 1, "2": 2, ".": 0, "0": 0, "-1": 0}.get(token, pzprv3.BAD)


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    corners = lines.block(board.rows + 1, board.cols + 1, "the corner numbers", pzprv3.clue)
    marks = lines.block(board.rows, board.cols, "the diagonals", _answer) if lines.peek() is not None else []
    return replace(board, cells=pzprv3.grid(corners)), Answer(digits=pzprv3.grid(marks))


def write(board: Board, answer: Answer) -> list[str]:
    body = [pzprv3.line([pzprv3.token(v) for v in row]) for row in board.cells]
    marks = answer.digits or ((0,) * board.cols,) * board.rows
    return body + [pzprv3.line(["." if not v else v for v in row]) for row in marks]


def to_puzzle(board: Board) -> Puzzle:
    for r, row in enumerate(board.cells):
        for c, v in enumerate(row):
            if v == UNKNOWN:
                raise ParseError(f"the number at corner ({r}, {c}) has no value ('?'); puzzlekit needs it")
    return Puzzle(board.rows, board.cols, corners=board.cells)


def to_board(puzzle: Puzzle) -> Board:
    return Board("gokigen", puzzle.height, puzzle.width, cells=puzzle.corners)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    rows = []
    for r, row in enumerate(answer.digits):
        if 0 in row:
            raise ParseError(f"the answer has no diagonal in ({r}, {row.index(0)})")
        rows.append("".join(MARKS[str(v)] for v in row))
    return Solution(tuple(rows))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(digits=tuple(tuple(1 if d == sl.BACK else 2 for d in row) for row in solution.slants))
