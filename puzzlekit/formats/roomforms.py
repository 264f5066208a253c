"""Declared pzprjs forms of boards divided into rooms: the rooms drawn by borders, a number on
some rooms (Heyawake: on the room's first cell) or none (LITS), and shaded cells as the answer.

A genre's ``puzzlink.py`` declares a `RoomForm` and `install`s it as a `forms.Form` is: the
part then has ``KINDS`` and the eight functions of a part. The URL is the borders, then (with
numbers) one number16 entry per room, rooms in reading order of their first cell. A pzprv3 body
is the number of rooms and a room id per cell (``pzprv3.1``: the border blocks instead), the
numbers per cell (with numbers), then the shading (``#`` shaded; ``+`` and ``.`` not).
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
from .forms import NAMES, SHADED

__all__ = ["RoomForm", "install"]


@dataclass(frozen=True)
class RoomForm:
    """``rooms``: the puzzle's `Rooms` layer; ``solution``: the solution's layer of shaded
    cells; ``label``: the label of the i-th room (the genre's, such as `board.rooms.room_label`);
    ``numbers``: the puzzle's layer of numbers, one per room at most (None: no numbers)."""

    kind: Kind
    rooms: str
    solution: str
    label: Callable[[int], str]
    numbers: str | None = None

    def _firsts(self, regions: tuple) -> list[tuple[int, int]]:
        """Each room's first cell in reading order, rooms by number."""
        out: dict[int, tuple[int, int]] = {}
        for r, row in enumerate(regions):
            for c, x in enumerate(row):
                out.setdefault(x, (r, c))
        return [out[i] for i in range(len(out))]

    def _placed(self, regions: tuple, values: list) -> tuple:
        cells = [[None] * len(regions[0]) for _ in regions]
        for (r, c), v in zip(self._firsts(regions), values):
            cells[r][c] = v
        return pzprv3.grid(cells)

    def _per_room(self, board: Board) -> list:
        """Each room's number (wherever in the room it stands), rooms by number."""
        values: list = [None] * len(self._firsts(board.regions))
        for r, row in enumerate(board.cells or ()):
            for c, v in enumerate(row):
                if v is not None:
                    values[board.regions[r][c]] = v
        return values

    # URL -----------------------------------------------------------------------------------

    def decode(self, empty: Board, data: str) -> tuple[Board, int]:
        walls, at = code.read_borders(data, empty.rows, empty.cols)
        regions = regions_from_walls(empty.rows, empty.cols, walls)
        cells: tuple = ()
        if self.numbers:
            values, at = code.read_number16(data, len(self._firsts(regions)), at)
            cells = self._placed(regions, values)
        return replace(empty, regions=regions, walls=walls, cells=cells), at

    def encode(self, board: Board) -> str:
        data = code.write_borders(board.rows, board.cols, board.walls or walls_of(board.regions))
        return data + (code.write_number16(self._per_room(board)) if self.numbers else "")

    # pzprv3 --------------------------------------------------------------------------------

    def read(self, lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
        rows, cols = board.rows, board.cols
        if minor == 1:  # the borders, as blocks of 0 and 1
            h = lines.block(rows, cols - 1, "the vertical borders", pzprv3.WALL)
            v = lines.block(rows - 1, cols, "the horizontal borders", pzprv3.WALL)
            walls = pzprv3.edges(h, v)
        else:
            lines.number("the number of rooms", 1)
            walls = walls_of(pzprv3.grid(lines.block(rows, cols, "the rooms", pzprv3.number)))
        regions = regions_from_walls(rows, cols, walls)
        cells: tuple = ()
        if self.numbers:
            cells = pzprv3.grid(lines.block(rows, cols, "the numbers", pzprv3.clue))
        found = lines.block(rows, cols, "the shading", pzprv3.mark(SHADED)) if lines.peek() else []
        marks = frozenset((r, c) for r, row in enumerate(found) for c, x in enumerate(row) if x)
        return replace(board, regions=regions, walls=walls, cells=cells), Answer(marks=marks)

    def write(self, board: Board, answer: Answer) -> list[str]:
        body = [str(len(self._firsts(board.regions)))] + [pzprv3.line(list(row)) for row in board.regions]
        if self.numbers:
            body += [pzprv3.line([pzprv3.token(v) for v in row]) for row in board.cells]
        return body + [pzprv3.line(["#" if (r, c) in answer.marks else "." for c in range(board.cols)])
                       for r in range(board.rows)]

    # boards and puzzles ----------------------------------------------------------------------

    def to_puzzle(self, board: Board) -> Any:
        rooms = tuple(tuple(self.label(x) for x in row) for row in board.regions)
        fields: dict[str, Any] = {self.rooms: rooms}
        if self.numbers:
            for r, row in enumerate(board.cells):
                for c, v in enumerate(row):
                    if v == UNKNOWN:
                        raise ParseError(f"the number at {convert.where(r, c)} has no value ('?'); "
                                         "puzzlekit needs it")
            fields[self.numbers] = board.cells
        return genres.get(self.kind.genre).Puzzle(board.rows, board.cols, **fields)

    def to_board(self, puzzle: Any) -> Board:
        labels = getattr(puzzle, self.rooms)
        regions = regions_from_walls(puzzle.height, puzzle.width, walls_of(labels))
        if len({x for row in labels for x in row}) != len(self._firsts(regions)):
            raise ParseError("a room is in separate pieces: puzz.link rooms are drawn by their borders, "
                             "so each must be connected")
        board = Board(self.kind.pid, puzzle.height, puzzle.width, regions=regions)
        if not self.numbers:
            return board
        # pzprjs reads a room's number on its first cell
        return replace(board, cells=self._placed(regions, self._per_room(
            replace(board, cells=getattr(puzzle, self.numbers)))))

    def to_solution(self, puzzle: Any, answer: Answer) -> Any:
        return genres.get(self.kind.genre).Solution(**{self.solution: answer.marks})

    def to_answer(self, puzzle: Any, solution: Any) -> Answer:
        return Answer(marks=frozenset(getattr(solution, self.solution)))


def install(namespace: dict[str, Any], form: RoomForm) -> None:
    """Gives a part's module (its ``globals()``) the form's ``KINDS`` and functions."""
    namespace.setdefault("KINDS", (form.kind,))
    for name in NAMES:
        namespace[name] = getattr(form, name)
