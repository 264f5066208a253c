"""Magnets in pzprjs: ``magnets``, the counts outside (per column a - then a + count, then per
row, in number16), the region borders, and when some cell is given or left out of the
puzzle, the given poles (circle code: 1 a +, 2 a -) and the cells left out (one bit a cell).
A file holds the borders, then the grid framed by the + and - counts (``q1`` a given pole,
``a1`` an entered one, ``#`` a cell left out). ``cells`` holds 1 or 2 for a given pole, 7 for
a cell left out (blank here, a domino of its own)."""

from __future__ import annotations

from dataclasses import replace

from ...errors import ParseError
from ...formats import pzprv3
from ...formats import urlcodes as code
from ...formats.board import UNKNOWN, Answer, Board, Kind, regions_from_walls, walls_of
from ...formats.puzzlink import grid
from . import NAME, Puzzle, Solution, label

KINDS = (Kind("magnets", "magnets", "Magnets", NAME, fields=("sides", "walls", "cells"), flags="a"),)
ROW_LINES = True
OUT = 7  # a cell left out of the puzzle (pzprjs's ques 7)


def decode(empty: Board, data: str) -> tuple[Board, int]:
    rows, cols = empty.rows, empty.cols
    counts, at = code.read_number16(data, 2 * (rows + cols), wide=False)
    top, bottom = tuple(counts[1:2 * cols:2]), tuple(counts[0:2 * cols:2])
    left, right = tuple(counts[2 * cols + 1::2]), tuple(counts[2 * cols::2])
    walls, at = code.read_borders(data, rows, cols, at)
    poles, at = code.read_circles(data, rows * cols, at) if at < len(data) else ([None] * (rows * cols), at)
    out = [False] * (rows * cols)
    for i in range(rows * cols):  # five cells a base-32 digit, the first in bit 16
        if at + i // 5 < len(data):
            out[i] = bool(code.B32.find(data[at + i // 5]) & (16 >> i % 5))
    at += -(-rows * cols // 5) if any(out) else 0
    cells = [OUT if gone else pole for pole, gone in zip(poles, out)]
    return replace(empty, sides=(top, bottom, left, right), walls=walls, cells=grid(cells, cols)), at


def encode(board: Board) -> str:
    top, bottom, left, right = board.sides
    data = code.write_number16([v for pair in zip(bottom, top) for v in pair]
                               + [v for pair in zip(right, left) for v in pair], wide=False)
    data += code.write_borders(board.rows, board.cols, board.walls)
    cells = [v for row in board.cells for v in row]
    if any(v is not None for v in cells):
        data += code.write_circles([v if v in (1, 2) else None for v in cells])
        bits = [v == OUT for v in cells]
        if any(bits):
            data += "".join(code.B32[sum(16 >> k for k, b in enumerate(bits[i:i + 5]) if b)]
                            for i in range(0, len(bits), 5))
    return data


def _cell(token: str) -> tuple[object, int]:
    """A cell's clue (a given pole, OUT, None) and the pole entered there (0 for none)."""
    if token == "#":
        return OUT, 0
    if token[:1] == "q":
        return pzprv3.number(token[1:]), 0
    if token[:1] == "a" and token[1:] in ("1", "2"):
        return None, int(token[1:])
    return (None, 0) if token == "." or token[:1] == "s" else (pzprv3.BAD, 0)


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    flags = "a" if lines.peek() == "a" and lines.word("the flag") else ""
    h = lines.block(rows, cols - 1, "the vertical borders", pzprv3.WALL)
    v = lines.block(rows - 1, cols, "the horizontal borders", pzprv3.WALL)
    walls = pzprv3.edges(h, v)
    plus_cols = [pzprv3.clue(t) for t in lines.row(cols + 2, "the + counts")[2:]]
    minus_cols = [pzprv3.clue(t) for t in lines.row(cols + 2, "the - counts")[2:]]
    left, right, cells, poles = [], [], [], []
    for r in range(rows):
        tokens = lines.row(cols + 2, f"row {r + 1} of {rows}")
        left.append(pzprv3.clue(tokens[0]))
        right.append(pzprv3.clue(tokens[1]))
        read_cells = [_cell(t) for t in tokens[2:]]
        cells.append([x for x, _ in read_cells])
        poles.append([x if x in (1, 2) else p for x, p in read_cells])
    sides = (tuple(plus_cols), tuple(minus_cols), tuple(left), tuple(right))
    tokens = [x for side in sides for x in side] + [x for row in cells for x in row]
    if any(x is pzprv3.BAD for x in tokens):
        raise lines.error("unexpected token in the counts or the cells", lines.at - 1)
    answer = Answer(digits=pzprv3.grid(poles)) if any(map(any, poles)) else Answer()
    out = replace(board, flags=flags, sides=sides, walls=walls, cells=pzprv3.grid(cells))  # type: ignore[arg-type]
    return out, answer


def write(board: Board, answer: Answer) -> list[str]:
    top, bottom, left, right = board.sides
    poles = answer.digits or tuple((0,) * board.cols for _ in range(board.rows))
    out = [board.flags] if board.flags else []
    out += pzprv3.blocks(board.rows, board.cols, lambda p, q: int((p, q) in board.walls))
    out.append(pzprv3.line([".", ".", *map(pzprv3.token, top)]))
    out.append(pzprv3.line([".", ".", *map(pzprv3.token, bottom)]))
    for r in range(board.rows):
        cells = ["#" if x == OUT else f"q{x}" if x is not None else f"a{poles[r][c]}" if poles[r][c] else "."
                 for c, x in enumerate(board.cells[r])]
        out.append(pzprv3.line([pzprv3.token(left[r]), pzprv3.token(right[r]), *cells]))
    return out


def to_puzzle(board: Board) -> Puzzle:
    if "a" in board.flags:
        raise ParseError("puzz.link Magnets with the 'a' flag (like poles side by side) is not these rules")
    if any(x in (1, 2) for row in board.cells for x in row):
        raise ParseError("puzz.link Magnets with given poles: this genre gives none")
    out = [(r, c) for r, row in enumerate(board.cells) for c, x in enumerate(row) if x == OUT]
    # a cell left out belongs to no region: the cells around it are apart through it
    apart = {(min(a, b), max(a, b)) for a in out for b in ((a[0] - 1, a[1]), (a[0] + 1, a[1]),
                                                           (a[0], a[1] - 1), (a[0], a[1] + 1))}
    regions = regions_from_walls(board.rows, board.cols, board.walls | apart)
    labels = [[label(x) for x in row] for row in regions]
    sides = {name: tuple(None if v == UNKNOWN else v for v in side)
             for name, side in zip(("top", "bottom", "left", "right"), board.sides)}
    return Puzzle(board.rows, board.cols, dominoes=tuple(map(tuple, labels)), **sides)


def to_board(puzzle: Puzzle) -> Board:
    groups: dict[str, int] = {}
    for row in puzzle.dominoes:
        for x in row:
            groups.setdefault(x, len(groups))
    ids = tuple(tuple(groups[x] for x in row) for row in puzzle.dominoes)
    sides = (puzzle.top, puzzle.bottom, puzzle.left, puzzle.right)
    single = {x for x, n in _sizes(puzzle).items() if n == 1}  # a cell alone: one left out
    cells = tuple(tuple(OUT if x in single else None for x in row) for row in puzzle.dominoes)
    kept = {(r, c) for r, row in enumerate(cells) for c, x in enumerate(row) if x != OUT}
    walls = frozenset(w for w in walls_of(ids) if w[0] in kept and w[1] in kept)
    return Board("magnets", puzzle.height, puzzle.width, sides=sides, walls=walls, cells=cells)


def _sizes(puzzle: Puzzle) -> dict[str, int]:
    out: dict[str, int] = {}
    for row in puzzle.dominoes:
        for x in row:
            out[x] = out.get(x, 0) + 1
    return out


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(poles=answer.digits or tuple((0,) * puzzle.width for _ in range(puzzle.height)))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(digits=solution.poles)
