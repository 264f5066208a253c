"""Light Up in pzprjs: ``lightup`` (URL id ``akari``): the walls in a 4-cell code, a wall
without a number as ``.`` (``-`` in a file); a solved file marks the lamps ``#``."""

from __future__ import annotations

from dataclasses import replace

from ...errors import ParseError
from ...formats import convert, pzprv3
from ...formats import urlcodes as code
from ...formats.board import UNKNOWN, Answer, Board, Kind
from ...formats.puzzlink import grid
from . import NAME, WALL, Puzzle, Solution

KINDS = (Kind("lightup", "akari", "Akari", NAME),)
ALIASES = {"akari": "lightup"}
ROW_LINES = True


def decode(empty: Board, data: str) -> tuple[Board, int]:
    values, at = code.read_4cell(data, empty.rows * empty.cols)
    return replace(empty, cells=grid(values, empty.cols)), at


def encode(board: Board) -> str:
    return code.write_4cell([v for row in board.cells for v in row])


def _cell(token: str) -> object:
    """A cell's clue and answer: ``#`` a lamp, ``+`` a cell marked dark by the solver."""
    if token in ("#", "+"):
        return token
    return pzprv3.clue(token)


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    tokens = lines.block(board.rows, board.cols, "the cells", _cell)
    lamps = frozenset((r, c) for r, row in enumerate(tokens) for c, t in enumerate(row) if t == "#")
    cells = tuple(tuple(None if t in ("#", "+") else t for t in row) for row in tokens)
    if lines.peek() is not None:  # cells the solver ticked off: not part of the puzzle
        lines.block(board.rows, board.cols, "the ticked clues", pzprv3.mark({".": 0, "-": 1}))
    return replace(board, cells=cells), Answer(marks=lamps)  # type: ignore[arg-type]


def write(board: Board, answer: Answer) -> list[str]:
    return [pzprv3.line(["#" if (r, c) in answer.marks else pzprv3.token(v) for c, v in enumerate(row)])
            for r, row in enumerate(board.cells)]


def to_puzzle(board: Board) -> Puzzle:
    convert.no_flags(board, {})
    walls = [[None if v is None else WALL for v in row] for row in board.cells]
    numbers = [[None if v is None or v == UNKNOWN else v for v in row] for row in board.cells]
    for r, row in enumerate(numbers):
        for c, v in enumerate(row):
            if v is not None and not 0 <= v <= 4:
                where = convert.where(r, c)
                raise ParseError(f"the clue {v} at {where}: a Light Up wall has 0-4 lamps beside it")
    return Puzzle(len(walls), board.cols, walls=walls, numbers=numbers)


def to_board(puzzle: Puzzle) -> Board:
    cells = tuple(tuple(None if puzzle.walls[r][c] is None else UNKNOWN if k is None else k
                        for c, k in enumerate(row)) for r, row in enumerate(puzzle.numbers))
    return Board("lightup", puzzle.height, puzzle.width, cells=cells)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(lamps=answer.marks)


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(marks=frozenset(solution.lamps))
