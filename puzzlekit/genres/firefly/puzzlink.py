"""Hotaru Beam in pzprjs: ``firefly`` (arrow numbers in a 16-code, as Yajilin's). A board cell
is ``(direction, number)``: direction 1 up, 2 down, 3 left, 4 right (the mouth), number -2 for
a firefly without one; a circle without a mouth (direction 0) is refused."""

from __future__ import annotations

from dataclasses import replace

from ...errors import ParseError
from ...formats import convert, pzprv3
from ...formats import urlcodes as code
from ...formats.board import UNKNOWN, Answer, Board, Kind
from ...formats.puzzlink import grid
from . import NAME, Puzzle, Solution

KINDS = (Kind("firefly", "firefly", "Hotaru Beam", NAME),)
ROW_LINES = True
LETTER = {1: "N", 2: "S", 3: "W", 4: "E"}
NUMBER = {v: k for k, v in LETTER.items()}


def decode(empty: Board, data: str) -> tuple[Board, int]:
    cells, at = code.read_arrow_number16(data, empty.rows * empty.cols)
    return replace(empty, cells=grid(cells, empty.cols)), at


def encode(board: Board) -> str:
    return code.write_arrow_number16([v for row in board.cells for v in row])


def _clue(token: str) -> object:
    if token == ".":
        return None
    d, _, n = token.partition(",")
    if not d or d not in "01234" or not (n == "-" or n.isdigit()):
        return pzprv3.BAD
    return int(d), UNKNOWN if n == "-" else int(n)


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    cells, segments = pzprv3.read_cells_and_edges(lines, board, _clue, "lines", pzprv3.LINE)
    return replace(board, cells=cells), Answer(lines=frozenset(segments))


def write(board: Board, answer: Answer) -> list[str]:
    body = [pzprv3.line(["." if v is None else f"{v[0]},{'-' if v[1] == UNKNOWN else v[1]}" for v in row])
            for row in board.cells]
    return body + pzprv3.blocks(board.rows, board.cols, lambda p, q: int((p, q) in answer.lines))


def to_puzzle(board: Board) -> Puzzle:
    fireflies = [[None] * board.cols for _ in range(board.rows)]
    numbers = [[None] * board.cols for _ in range(board.rows)]
    for r, row in enumerate(board.cells):
        for c, v in enumerate(row):
            if v is None:
                continue
            if v[0] == 0:
                raise ParseError(f"the firefly at {convert.where(r, c)} has no mouth")
            fireflies[r][c] = LETTER[v[0]]
            numbers[r][c] = None if v[1] == UNKNOWN else v[1]
    return Puzzle(board.rows, board.cols, fireflies=fireflies, numbers=numbers)


def to_board(puzzle: Puzzle) -> Board:
    cells = tuple(tuple(None if d is None else (NUMBER[d], UNKNOWN if k is None else k)
                        for d, k in zip(*rows)) for rows in zip(puzzle.fireflies, puzzle.numbers))
    return Board("firefly", puzzle.height, puzzle.width, cells=cells)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(frozenset(answer.lines))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(lines=frozenset(solution.edges))
