"""pzprjs boards of points on the doubled grid (Tentaisho's stars): the board's ``cells`` hold
the ``(2 rows - 1) x (2 cols - 1)`` points in reading order, 1 or 2 a star (white, black),
`OUT` at a cell's centre for the cell left out of the grid (pzprjs's ques 7).

A URL holds the stars (a hex digit ``v``: a star, black when ``v`` is odd, and ``v // 2``
points without one after it, ``e``/``f`` seven; ``g``-``z``: 1-20 points without one), then
the cells left out as bits, left off when there are none. A file holds the points, a row of
characters a line (``.``, ``1``, ``2``, ``X``), then the borders drawn (an H and a V block)
and the cells' colouring (the solver's notes, read and left out).
"""

from __future__ import annotations

import string

from . import pzprv3
from . import urlcodes as code
from .board import Answer, Board
from .puzzlink import grid

OUT = 7
B36 = string.digits + string.ascii_lowercase
TOKENS = {".": None, "1": 1, "2": 2, "X": OUT}


def _shape(board: Board) -> tuple[int, int]:
    return 2 * board.rows - 1, 2 * board.cols - 1


def decode(empty: Board, data: str) -> tuple[Board, int]:
    rows, cols = _shape(empty)
    points: list[int | None] = [None] * (rows * cols)
    i = at = 0
    while at < len(data) and i < len(points):
        ch, at = data[at], at + 1
        if ch in B36[:16]:
            points[i] = int(ch, 16) % 2 + 1
            i += 1 + int(ch, 16) // 2
        elif "g" <= ch <= "z":
            i += B36.index(ch) - 15
        else:
            raise code.CodeError(f"unexpected character {ch!r} in the stars", at - 1)
    out, at = code.read_binary(data, empty.rows * empty.cols, at)
    for k in (k for k, gone in enumerate(out) if gone):
        points[2 * (k // empty.cols) * cols + 2 * (k % empty.cols)] = OUT
    return Board(empty.pid, empty.rows, empty.cols, cells=grid(points, cols)), at


def encode(board: Board) -> str:
    points = [v if v in (1, 2) else None for row in board.cells for v in row]
    out, run, n = "", 0, 0
    while n < len(points):
        here = ""
        if points[n]:  # the next star up to 7 points on, else 7 points skipped
            step = next((r for r in range(1, 8) if n + r < len(points) and points[n + r]), 0)
            here = format(2 * (step - 1) + points[n] - 1 if step else 13 + points[n], "x")
            n += step - 1 if step else 7
        else:
            run += 1
        if run and (here or run == 20):
            out, run = out + B36[run + 15], 0
        out += here
        n += 1
    out += B36[run + 15] if run else ""
    gone = [board.cells[2 * r][2 * c] == OUT for r in range(board.rows) for c in range(board.cols)]
    return out + (code.write_binary(gone) if any(gone) else "")


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = _shape(board)
    points = []
    for r in range(rows):
        (line,) = lines.row(1, f"the points, row {r + 1} of {rows}")
        if len(line) != cols or any(t not in TOKENS for t in line):
            raise lines.error(f"expected {cols} points ('.', '1', '2' or 'X'), found {line!r}", lines.at - 1)
        points.append([TOKENS[t] for t in line])
    walls: frozenset = frozenset()
    if lines.peek() is not None:
        h = lines.block(board.rows, board.cols - 1, "the vertical borders", pzprv3.WALL)
        v = lines.block(board.rows - 1, board.cols, "the horizontal borders", pzprv3.WALL)
        walls = pzprv3.edges(h, v)
    return Board(board.pid, board.rows, board.cols, cells=pzprv3.grid(points)), Answer(walls=walls)


def write(board: Board, answer: Answer) -> list[str]:
    spelled = {v: t for t, v in TOKENS.items()}
    body = ["".join(spelled.get(v, ".") for v in row) for row in board.cells]
    body += pzprv3.blocks(board.rows, board.cols, lambda p, q: int((p, q) in answer.walls))
    return body + [pzprv3.line([0] * board.cols) for _ in range(board.rows)]

