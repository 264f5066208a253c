"""Declared pzprjs forms of rooms filled with digits (Ripple Effect, Suguru): the rooms drawn by
borders, given digits in some cells, and the digits entered as the answer.

A genre's ``puzzlink.py`` declares a `RoomDigitsForm` and `install`s it as a `forms.Form` is.
The URL is the borders, then one number16 entry per cell. A pzprv3 body is the vertical and
the horizontal border blocks, the givens (``.`` none, ``-`` a given without a value) and the
digits entered (``.`` on a given or an empty cell).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from .. import genres
from ..errors import ParseError
from . import convert, pzprv3
from . import urlcodes as code
from .board import UNKNOWN, Answer, Board, Kind, regions_from_walls, walls_of
from .forms import NAMES

__all__ = ["RoomDigitsForm", "install"]


@dataclass(frozen=True)
class RoomDigitsForm:
    """``rooms``: the puzzle's `Rooms` layer; ``givens``: its layer of given digits;
    ``solution``: the solution's layer of digits; ``label``: the label of the i-th room."""

    kind: Kind
    rooms: str
    givens: str
    solution: str
    label: Callable[[int], str]

    def decode(self, empty: Board, data: str) -> tuple[Board, int]:
        walls, at = code.read_borders(data, empty.rows, empty.cols)
        values, at = code.read_number16(data, empty.rows * empty.cols, at)
        cells = pzprv3.grid([values[r * empty.cols:(r + 1) * empty.cols] for r in range(empty.rows)])
        return replace(empty, regions=regions_from_walls(empty.rows, empty.cols, walls), walls=walls,
                       cells=cells), at

    def encode(self, board: Board) -> str:
        data = code.write_borders(board.rows, board.cols, board.walls or walls_of(board.regions))
        return data + code.write_number16([v for row in board.cells for v in row])

    def read(self, lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
        rows, cols = board.rows, board.cols
        h = lines.block(rows, cols - 1, "the vertical borders", pzprv3.WALL)
        walls = pzprv3.edges(h, lines.block(rows - 1, cols, "the horizontal borders", pzprv3.WALL))
        cells = pzprv3.grid(lines.block(rows, cols, "the givens", pzprv3.clue))
        entered = lines.block(rows, cols, "the digits", pzprv3.clue) if lines.peek() else []
        digits = tuple(tuple(v if isinstance(v, int) and v > 0 else 0 for v in row) for row in entered)
        if digits:  # the givens are part of the answer
            digits = tuple(tuple(g if isinstance(g, int) and g > 0 else d for g, d in zip(grow, drow))
                           for grow, drow in zip(cells, digits))
        board = replace(board, regions=regions_from_walls(rows, cols, walls), walls=walls, cells=cells)
        return board, Answer(digits=digits)

    def write(self, board: Board, answer: Answer) -> list[str]:
        rows, cols = board.rows, board.cols
        walls = board.walls or walls_of(board.regions)
        body = pzprv3.blocks(rows, cols, lambda a, b: int((a, b) in walls))
        body += [pzprv3.line([pzprv3.token(v) for v in row]) for row in board.cells]
        digits = answer.digits or ((0,) * cols,) * rows
        return body + [pzprv3.line(["." if board.cells[r][c] is not None or not digits[r][c] else digits[r][c]
                                    for c in range(cols)]) for r in range(rows)]

    def to_puzzle(self, board: Board) -> Any:
        for r, row in enumerate(board.cells):
            for c, v in enumerate(row):
                if v == UNKNOWN:
                    raise ParseError(f"the given at {convert.where(r, c)} has no value ('?'); "
                                     "puzzlekit needs it")
        rooms = tuple(tuple(self.label(x) for x in row) for row in board.regions)
        return genres.get(self.kind.genre).Puzzle(board.rows, board.cols, **{self.rooms: rooms,
                                                                             self.givens: board.cells})

    def to_board(self, puzzle: Any) -> Board:
        labels = getattr(puzzle, self.rooms)
        regions = regions_from_walls(puzzle.height, puzzle.width, walls_of(labels))
        if len({x for row in labels for x in row}) != 1 + max(x for row in regions for x in row):
            raise ParseError("a room is in separate pieces: puzz.link rooms are drawn by their borders, "
                             "so each must be connected")
        return Board(self.kind.pid, puzzle.height, puzzle.width, regions=regions,
                     cells=getattr(puzzle, self.givens))

    def to_solution(self, puzzle: Any, answer: Answer) -> Any:
        digits = answer.digits or tuple((0,) * puzzle.width for _ in range(puzzle.height))
        return genres.get(self.kind.genre).Solution(**{self.solution: digits})

    def to_answer(self, puzzle: Any, solution: Any) -> Answer:
        return Answer(digits=getattr(solution, self.solution))


def install(namespace: dict[str, Any], form: RoomDigitsForm) -> None:
    """Gives a part's module (its ``globals()``) the form's ``KINDS`` and functions."""
    namespace.setdefault("KINDS", (form.kind,))
    for name in NAMES:
        namespace[name] = getattr(form, name)
