"""Declared pzprjs forms: the puzz.link part of a genre whose board is one grid of clues and
whose answer is one layer, said in a line instead of written out.

A genre's ``puzzlink.py`` may declare a `Form` (which of its puzzle's layers the board's
cells fill, which URL code reads them, which of its solution's layers the answer fills and
how a pzprv3 file spells it) and `install` it: the part then has ``KINDS``, ``decode`` and
``encode`` (the URL body), ``read`` and ``write`` (the pzprv3 body) and ``to_puzzle``,
``to_board``, ``to_solution`` and ``to_answer``. A part defines below the ``install`` line
whatever its genre does otherwise (a puzzle made of two layers, say), and that wins.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .. import genres
from ..errors import ParseError
from . import convert, puzzlink, pzprv3
from . import urlcodes as code
from .board import UNKNOWN, Answer, Board, Kind

__all__ = ["CODES", "Form", "install"]

#: The URL codes of a grid of clues, by name: (reader, writer) of `urlcodes`.
CODES: dict[str, tuple[Callable[..., tuple[list, int]], Callable[..., str]]] = {
    "number16": (code.read_number16, code.write_number16),
    "4cell": (code.read_4cell, code.write_4cell),
    "circles": (code.read_circles, code.write_circles),
    "cross": (code.read_cross, code.write_cross),
}
#: The tokens of an answer block of shaded cells (``+``: a cell the solver marked unshaded).
SHADED = {"#": 1, ".": 0, "+": 0}


@dataclass(frozen=True)
class Form:
    """One grid of clues and one answer layer.

    ``clues``: the puzzle's layer the board's cells fill (None no clue; a ``?`` clue is as
    ``unknown`` says: ``refuse``, ``keep`` or ``drop``; with ``full`` every cell must hold a
    clue); ``code``: the URL code (`CODES`); ``corners``: the clues stand at the
    ``(rows + 1) x (cols + 1)`` grid corners. ``sides``: the puzzle's four layers of numbers
    outside the grid (top, bottom, left, right; the board's ``sides``), in the URL before the
    clues in number16, the clues then only when there are some.
    ``solution``: the solution's layer the answer fills, as ``answer`` says: ``marks`` (a set
    of cells; ``inline``: written as ``mark`` in the clue block itself, the solver's other
    tokens in ``notes``) or ``digits`` (a grid, 0 for none). ``tokens``: the answer block's
    tokens and their values (the first token of a value is the one written). ``what``: a clue
    in error messages. ``flags``: the pflags the genre's rules lack, with what each says (all
    are refused).
    """

    kind: Kind
    clues: str
    solution: str
    answer: str = "marks"
    code: str = "number16"
    corners: bool = False
    sides: tuple[str, ...] = ()
    unknown: str = "refuse"
    full: bool = False
    inline: bool = False
    mark: str = "#"
    notes: tuple[str, ...] = ("+",)
    tokens: Mapping[str, object] = field(default_factory=lambda: dict(SHADED))
    what: str = "the clue"
    flags: Mapping[str, str] = field(default_factory=dict)

    # the size of the clue grid ------------------------------------------------------------

    def _shape(self, rows: int, cols: int) -> tuple[int, int]:
        return (rows + 1, cols + 1) if self.corners else (rows, cols)

    def _genre(self) -> Any:
        return genres.get(self.kind.genre)

    # URL -----------------------------------------------------------------------------------

    def decode(self, empty: Board, data: str) -> tuple[Board, int]:
        rows, cols = self._shape(empty.rows, empty.cols)
        at, sides = 0, ()
        if self.sides:
            around, at = code.read_number16(data, 2 * (rows + cols), wide=False)
            ends = [0, cols, 2 * cols, 2 * cols + rows, 2 * (cols + rows)]
            sides = tuple(tuple(around[a:b]) for a, b in zip(ends, ends[1:]))
        values, at = CODES[self.code][0](data, rows * cols, at) if at < len(data) or not self.sides \
            else ([None] * (rows * cols), at)
        return replace(empty, sides=sides, cells=puzzlink.grid(values, cols)), at

    def encode(self, board: Board) -> str:
        cells = [v for row in board.cells for v in row]
        if not self.sides:
            return CODES[self.code][1](cells)
        data = code.write_number16([v for side in board.sides for v in side], wide=False)
        return data + (CODES[self.code][1](cells) if any(v is not None for v in cells) else "")

    # pzprv3 --------------------------------------------------------------------------------

    def _clue(self, token: str) -> object:
        if self.inline and (token == self.mark or token in self.notes):
            return token
        return pzprv3.clue(token)

    def read(self, lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
        rows, cols = self._shape(board.rows, board.cols)
        cells = lines.block(rows, cols, "the clues", self._clue)
        if self.inline:
            marks = frozenset((r, c) for r, row in enumerate(cells) for c, t in enumerate(row)
                              if t == self.mark)
            cells = [[None if t == self.mark or t in self.notes else t for t in row] for row in cells]
            if lines.peek() is not None:  # the clues the solver ticked off: not part of the puzzle
                lines.block(board.rows, board.cols, "the ticked clues", pzprv3.mark({".": 0, "-": 1}))
            return replace(board, cells=pzprv3.grid(cells)), Answer(marks=marks)
        found = lines.block(board.rows, board.cols, "the answer", pzprv3.mark(self.tokens)) \
            if lines.peek() is not None else []
        if self.answer == "digits":
            return replace(board, cells=pzprv3.grid(cells)), Answer(digits=pzprv3.grid(found))
        marks = frozenset((r, c) for r, row in enumerate(found) for c, x in enumerate(row) if x)
        return replace(board, cells=pzprv3.grid(cells)), Answer(marks=marks)

    def write(self, board: Board, answer: Answer) -> list[str]:
        def token(r: int, c: int, v: int | None) -> str:
            return self.mark if self.inline and (r, c) in answer.marks else pzprv3.token(v)

        body = [pzprv3.line([token(r, c, v) for c, v in enumerate(row)]) for r, row in enumerate(board.cells)]
        if self.inline:
            return body
        spelled = {v: t for t, v in reversed(list(self.tokens.items()))}
        if self.answer == "digits":
            grid = answer.digits or ((0,) * board.cols,) * board.rows
            return body + [pzprv3.line([spelled.get(v, v) for v in row]) for row in grid]
        return body + [pzprv3.line([spelled[int((r, c) in answer.marks)] for c in range(board.cols)])
                       for r in range(board.rows)]

    # boards and puzzles ----------------------------------------------------------------------

    def grid(self, board: Board) -> tuple[tuple[Any, ...], ...]:
        """The board's cells as the clue layer holds them, refused where the genre cannot hold them."""
        convert.no_flags(board, dict(self.flags))
        for r, row in enumerate(board.cells):
            for c, v in enumerate(row):
                if v == UNKNOWN and self.unknown == "refuse":
                    raise ParseError(f"{self.what} at {convert.where(r, c)} has no value ('?'); "
                                     "puzzlekit needs it")
                if v is None and self.full:
                    raise ParseError(f"the cell {convert.where(r, c)} has no clue; puzzlekit's "
                                     f"{self.kind.name} has {self.what} in every cell")
        if self.unknown == "drop":
            return tuple(tuple(None if v == UNKNOWN else v for v in row) for row in board.cells)
        return board.cells

    def to_puzzle(self, board: Board) -> Any:
        # a "?" outside the grid asks nothing, so it is none
        sides = {name: tuple(None if v == UNKNOWN else v for v in side)
                 for name, side in zip(self.sides, board.sides)}
        return self._genre().Puzzle(board.rows, board.cols, **{self.clues: self.grid(board)}, **sides)

    def to_board(self, puzzle: Any) -> Board:
        sides = tuple(getattr(puzzle, name) for name in self.sides)
        cells = getattr(puzzle, self.clues)
        return Board(self.kind.pid, puzzle.height, puzzle.width, sides=sides, cells=cells)

    def to_solution(self, puzzle: Any, answer: Answer) -> Any:
        if self.answer == "digits":
            value: Any = answer.digits or tuple((0,) * puzzle.width for _ in range(puzzle.height))
        else:
            value = answer.marks
        return self._genre().Solution(**{self.solution: value})

    def to_answer(self, puzzle: Any, solution: Any) -> Answer:
        value = getattr(solution, self.solution)
        return Answer(digits=value) if self.answer == "digits" else Answer(marks=frozenset(value))


#: What `install` gives a part.
NAMES = ("decode", "encode", "read", "write", "to_puzzle", "to_board", "to_solution", "to_answer")


def install(namespace: dict[str, Any], form: Form) -> None:
    """Gives a part's module (its ``globals()``) the form's ``KINDS`` and functions (a part
    keeps the form as ``FORM`` to ask it for more, e.g. ``FORM.grid(board)``)."""
    namespace.setdefault("KINDS", (form.kind,))
    for name in NAMES:
        namespace[name] = getattr(form, name)
