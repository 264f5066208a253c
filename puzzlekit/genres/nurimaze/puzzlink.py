"""Nurimaze in pzprjs: ``nurimaze`` (rooms by walls, then a cell code: ``1`` S, ``2`` G, ``3`` a
circle, ``4`` a triangle, ``5``-``z`` a run of one to 31 empty cells). A pzprv3 board is the
number of rooms and their ids, the marks (``s g o t``), the shading (``#``; ``+`` unshaded),
and lines the solver drew (ignored)."""

from __future__ import annotations

from dataclasses import replace

from ...errors import ParseError
from ...formats import board as b
from ...formats import pzprv3
from ...formats import urlcodes as code
from ...formats.board import Answer, Board, Kind
from ...formats.puzzlink import grid
from . import NAME, Puzzle, Solution

KINDS = (Kind("nurimaze", "nurimaze", "Nurimaze", NAME, fields=("regions", "cells")),)
ROW_LINES = True
MARKS = {1: "S", 2: "G", 3: "o", 4: "^"}
CODES = {v: k for k, v in MARKS.items()}
TOKENS = {"s": 1, "g": 2, "o": 3, "t": 4}
B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def decode(empty: Board, data: str) -> tuple[Board, int]:
    walls, at = code.read_borders(data, empty.rows, empty.cols)
    n, cells = empty.rows * empty.cols, []
    while len(cells) < n and at < len(data):
        v = B36.find(data[at])
        if v < 1:
            raise code.CodeError(f"unexpected character {data[at]!r} in the cells", at)
        cells += [v] if v <= 4 else [None] * (v - 4)
        at += 1
    cells = (cells + [None] * n)[:n]
    regions = b.regions_from_walls(empty.rows, empty.cols, walls)
    return replace(empty, regions=regions, walls=walls, cells=grid(cells, empty.cols)), at


def encode(board: Board) -> str:
    out, run = [code.write_borders(board.rows, board.cols, board.walls or b.walls_of(board.regions))], 0
    for v in (v for row in board.cells for v in row):
        if v is None:
            run += 1
        if run and (v is not None or run == 31):
            out.append(B36[4 + run])
            run = 0
        if v is not None:
            out.append(str(v))
    return "".join(out) + (B36[4 + run] if run else "")


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    walls = pzprv3.room_walls(lines, rows, cols, minor)
    cells = lines.block(rows, cols, "the marks", pzprv3.mark({**TOKENS, ".": None}))
    shading = pzprv3.mark({"#": 1, "+": 0, ".": 0})
    found = lines.block(rows, cols, "the shading", shading) if lines.peek() else []
    while lines.peek() is not None:  # lines the solver drew: not part of the answer
        lines.word("a line the solver drew")
    marks = frozenset((r, c) for r, row in enumerate(found) for c, x in enumerate(row) if x)
    regions = b.regions_from_walls(rows, cols, walls)
    return replace(board, regions=regions, walls=walls, cells=pzprv3.grid(cells)), Answer(marks=marks)


def write(board: Board, answer: Answer) -> list[str]:
    spell = {v: k for k, v in TOKENS.items()}
    body = [str(1 + max(map(max, board.regions)))] + [pzprv3.line(list(row)) for row in board.regions]
    body += [pzprv3.line([spell.get(v, ".") for v in row]) for row in board.cells]
    return body + [pzprv3.line(["#" if (r, c) in answer.marks else "+" for c in range(board.cols)])
                   for r in range(board.rows)]


def to_puzzle(board: Board) -> Puzzle:
    if board.walls and board.walls != b.walls_of(board.regions):
        raise ParseError("a wall inside a room: puzzlekit's rooms are divided by their borders only")
    rooms = [[str(x) for x in row] for row in board.regions]
    ends = [[MARKS[v] if v in (1, 2) else None for v in row] for row in board.cells]
    marks = [[MARKS[v] if v in (3, 4) else None for v in row] for row in board.cells]
    return Puzzle(board.rows, board.cols, rooms=rooms, ends=ends, marks=marks)


def to_board(puzzle: Puzzle) -> Board:
    h, w = puzzle.height, puzzle.width
    regions = b.regions_from_walls(h, w, b.walls_of(puzzle.rooms))
    if 1 + max(map(max, regions)) != len(set().union(*map(set, puzzle.rooms))):
        raise ParseError("a room in separate pieces: puzz.link draws rooms by walls, each one piece")
    cells = tuple(tuple(CODES.get(e or m) for e, m in zip(*rows)) for rows in zip(puzzle.ends, puzzle.marks))
    return Board("nurimaze", h, w, regions=regions, cells=cells)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(frozenset(answer.marks))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(marks=frozenset(solution.shaded))
