"""Double Choco in pzprjs: ``dbchoco``. A board cell is ``(grey, number)``: the URL gives the
grey cells as bits, then the numbers (number16, ``-2`` a number without a value, ``?``); a file
writes ``-`` before a grey cell's number, ``0`` for ``?``, ``.`` for nothing, then the borders."""

from __future__ import annotations

from dataclasses import replace

from ...board.answers import Lines
from ...board.base import UNKNOWN as ASKED
from ...board.regions import borders
from ...formats import pzprv3
from ...formats import urlcodes as code
from ...formats.board import UNKNOWN, Answer, Board, Kind
from ...formats.puzzlink import grid
from . import GREY, NAME, Puzzle, Solution

KINDS = (Kind("dbchoco", "dbchoco", "Double Choco", NAME),)
ROW_LINES = True


def decode(empty: Board, data: str) -> tuple[Board, int]:
    count = empty.rows * empty.cols
    bits, at = code.read_binary(data, count)
    numbers, at = code.read_number16(data, count, at)
    return replace(empty, cells=grid(list(zip(bits, numbers)), empty.cols)), at


def encode(board: Board) -> str:
    cells = [v for row in board.cells for v in row]
    return code.write_binary([g for g, _ in cells]) + code.write_number16([n for _, n in cells])


def _clue(token: str) -> object:
    grey, rest = token[:1] == "-", token[1:] if token[:1] == "-" else token
    if rest in ("", "."):
        return (grey, None) if rest == "" or not grey else pzprv3.BAD
    number = pzprv3.number(rest)
    return pzprv3.BAD if number is pzprv3.BAD else (grey, UNKNOWN if number == 0 else number)


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    cells = lines.block(board.rows, board.cols, "the clues", _clue)
    walls: frozenset = frozenset()
    if lines.peek() is not None:
        h = lines.block(board.rows, board.cols - 1, "the vertical borders", pzprv3.WALL)
        v = lines.block(board.rows - 1, board.cols, "the horizontal borders", pzprv3.WALL)
        walls = pzprv3.edges(h, v)
    return replace(board, cells=pzprv3.grid(cells)), Answer(walls=walls)


def write(board: Board, answer: Answer) -> list[str]:
    def token(cell: tuple) -> str:
        grey, n = cell
        text = ("-" if grey else "") + ("" if n is None else "0" if n == UNKNOWN else str(n))
        return text or "."
    body = [pzprv3.line([token(v) for v in row]) for row in board.cells]
    return body + pzprv3.blocks(board.rows, board.cols, lambda p, q: int((p, q) in answer.walls))


def to_puzzle(board: Board) -> Puzzle:
    colours = [[GREY if g else None for g, _ in row] for row in board.cells]
    numbers = [[ASKED if n == UNKNOWN else n for _, n in row] for row in board.cells]
    return Puzzle(board.rows, board.cols, colours=colours, numbers=numbers)


def to_board(puzzle: Puzzle) -> Board:
    cells = tuple(tuple((g is not None, UNKNOWN if n == ASKED else n) for g, n in zip(*rows))
                  for rows in zip(puzzle.colours, puzzle.numbers))
    return Board("dbchoco", puzzle.height, puzzle.width, cells=cells)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    h, w = puzzle.height, puzzle.width
    return Solution(regions=frozenset(p for p in Lines().pairs(h, w) if p not in answer.walls))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(walls=frozenset(borders(solution.regions, puzzle.height, puzzle.width)))
