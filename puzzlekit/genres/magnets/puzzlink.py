"""Magnets in pzprjs: ``magnets``, counts (per column a - then a + one, then per row), region
borders, given poles and cells left out (``#``, ``cells`` 7: read as, and written for, a cell
alone). A file: the borders, then the grid framed by the counts (``q1`` given, ``a1`` entered)."""

from __future__ import annotations

from dataclasses import replace

from ...board.base import around
from ...board.sides import room_label as label
from ...errors import ParseError
from ...formats import pzprv3
from ...formats import urlcodes as code
from ...formats.board import UNKNOWN, Answer, Board, Kind, regions_from_walls, walls_of
from ...formats.forms import Form, install
from ...formats.puzzlink import grid
from . import NAME, Puzzle

FORM = Form(Kind("magnets", "magnets", "Magnets", NAME, fields=("sides", "walls", "cells"), flags="a"),
            "dominoes", "poles", answer="digits")
install(globals(), FORM)  # the poles as digits; the board (counts, regions, cells left out) is its own
ROW_LINES = True
OUT = 7  # a cell left out of the puzzle (pzprjs's ques 7)
TOKENS = {"#": (OUT, 0), ".": (None, 0), "a1": (None, 1), "a2": (None, 2), "s1": (None, 0), "s2": (None, 0)}


def decode(empty: Board, data: str) -> tuple[Board, int]:
    rows, cols = empty.rows, empty.cols
    counts, at = code.read_number16(data, 2 * (rows + cols), wide=False)
    sides = (counts[1:2 * cols:2], counts[0:2 * cols:2], counts[2 * cols + 1::2], counts[2 * cols::2])
    walls, at = code.read_borders(data, rows, cols, at)
    poles, at = code.read_circles(data, rows * cols, at) if at < len(data) else ([None] * (rows * cols), at)
    out, at = code.read_binary(data, rows * cols, at)
    cells = [OUT if gone else pole for pole, gone in zip(poles, out)]
    return replace(empty, sides=tuple(map(tuple, sides)), walls=walls, cells=grid(cells, cols)), at


def encode(board: Board) -> str:
    top, bottom, left, right = board.sides
    pairs = [*zip(bottom, top), *zip(right, left)]
    data = code.write_number16([v for pair in pairs for v in pair], wide=False)
    data += code.write_borders(board.rows, board.cols, board.walls)
    cells = [v for row in board.cells for v in row]
    if any(v is not None for v in cells):
        data += code.write_circles([v if v in (1, 2) else None for v in cells])
        data += code.write_binary([v == OUT for v in cells]) if OUT in cells else ""
    return data


def _cell(token: str) -> tuple[object, int]:  # a given pole, OUT or None; the pole entered (0: none)
    return (pzprv3.number(token[1:]), 0) if token[:1] == "q" else TOKENS.get(token, (pzprv3.BAD, 0))


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    flags = "a" if lines.peek() == "a" and lines.word("the flag") else ""
    h = lines.block(rows, cols - 1, "the vertical borders", pzprv3.WALL)
    v = lines.block(rows - 1, cols, "the horizontal borders", pzprv3.WALL)
    framed = [lines.row(cols + 2, "the counts or a row") for _ in range(rows + 2)]
    sides = [[pzprv3.clue(t) for t in framed[i][2:]] for i in (0, 1)]
    sides += [[pzprv3.clue(row[i]) for row in framed[2:]] for i in (0, 1)]
    read_cells = [[_cell(t) for t in row[2:]] for row in framed[2:]]
    cells, poles = ([[x[i] for x in row] for row in read_cells] for i in (0, 1))
    poles = [[x if x in (1, 2) else p for x, p in zip(*pair)] for pair in zip(cells, poles)]
    if any(x is pzprv3.BAD for line in sides + cells for x in line):
        raise lines.error("unexpected token in the counts or the cells", lines.at - 1)
    answer = Answer(digits=pzprv3.grid(poles)) if any(map(any, poles)) else Answer()
    walls, sides = pzprv3.edges(h, v), tuple(map(tuple, sides))
    return replace(board, flags=flags, sides=sides, walls=walls, cells=pzprv3.grid(cells)), answer


def write(board: Board, answer: Answer) -> list[str]:
    (top, bottom, left, right), out = board.sides, [board.flags] if board.flags else []
    poles = answer.digits or tuple((0,) * board.cols for _ in range(board.rows))
    out += pzprv3.blocks(board.rows, board.cols, lambda p, q: int((p, q) in board.walls))
    out += [pzprv3.line([".", ".", *map(pzprv3.token, side)]) for side in (top, bottom)]
    for r, row in enumerate(board.cells):
        cells = ["#" if x == OUT else f"q{x}" if x is not None else f"a{poles[r][c]}" if poles[r][c] else "."
                 for c, x in enumerate(row)]
        out.append(pzprv3.line([pzprv3.token(left[r]), pzprv3.token(right[r]), *cells]))
    return out


def to_puzzle(board: Board) -> Puzzle:
    if "a" in board.flags:
        raise ParseError("puzz.link Magnets with the 'a' flag (like poles side by side) is not these rules")
    givens = tuple(tuple("x+-"[x] if x in (1, 2) else None for x in row) for row in board.cells)
    out = [(r, c) for r, row in enumerate(board.cells) for c, x in enumerate(row) if x == OUT]
    # a cell left out belongs to no region: the cells around it are apart through it
    apart = {(min(a, b), max(a, b)) for a in out for b in around(a)}
    regions = regions_from_walls(board.rows, board.cols, board.walls | apart)
    sides = {name: tuple(None if v == UNKNOWN else v for v in side)
             for name, side in zip(("top", "bottom", "left", "right"), board.sides)}
    return Puzzle(board.rows, board.cols, dominoes=tuple(tuple(map(label, row)) for row in regions),
                  givens=givens, **sides)


def to_board(puzzle: Puzzle) -> Board:
    labels = [x for row in puzzle.dominoes for x in row]
    ids = tuple(tuple(labels.index(x) for x in row) for row in puzzle.dominoes)
    if any(v == "x" for row in puzzle.givens for v in row):
        raise ParseError("a Magnets puzzle with a given blank: pzprjs's Magnets gives only + and -")
    cells = tuple(tuple(OUT if labels.count(x) == 1 else g and "x+-".index(g) for x, g in zip(*pair))
                  for pair in zip(puzzle.dominoes, puzzle.givens))
    kept = {(r, c) for r, row in enumerate(cells) for c, x in enumerate(row) if x != OUT}
    walls = frozenset(w for w in walls_of(ids) if w[0] in kept and w[1] in kept)
    sides = (puzzle.top, puzzle.bottom, puzzle.left, puzzle.right)
    return Board("magnets", puzzle.height, puzzle.width, sides=sides, walls=walls, cells=cells)
