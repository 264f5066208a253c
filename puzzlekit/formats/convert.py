"""Boards to our genres' puzzles and back; answer layers to solutions and back.

What each genre makes of a board lives in its folder, in its ``puzzlink`` part
(``to_puzzle``, ``to_board``, ``to_solution``, ``to_answer``); this module asks that part
and checks what it made. Every puzzle made here is checked by its genre's own reader
(``parse(format(puzzle))``), so a URL yields only puzzles the genre's file format would
accept. What a genre cannot hold (a clue without a value, an option puzzlekit's rules lack)
is refused with a `ParseError` that says why; what pzprjs cannot hold (a Patches shape
letter, a genre it has no id for) is refused on export with a `ParseError` too.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from .. import genres
from ..errors import ParseError
from . import board as b
from .board import UNKNOWN, Answer, Board


def where(r: int, c: int) -> str:
    """A cell as error messages show it."""
    return f"({r}, {c})"


def values(board: Board, what: str, allow_unknown: bool = False) -> tuple[tuple[int, ...], ...]:
    """The cells with 0 for no clue; refuses ``?`` clues unless allowed (then -2 stays)."""
    out = []
    for r, row in enumerate(board.cells):
        for c, v in enumerate(row):
            if v == UNKNOWN and not allow_unknown:
                raise ParseError(f"{what} at {where(r, c)} has no value ('?'); puzzlekit needs it")
        out.append(tuple(0 if v is None else v for v in row))
    return tuple(out)


def cells(grid: Any) -> tuple[tuple[int | None, ...], ...]:
    """A grid of our numbers (0: none) as board cells (None: none)."""
    return tuple(tuple(v or None for v in row) for row in grid)


def no_flags(board: Board, meaning: dict[str, str]) -> None:
    """Refuses a board with a pflag our genre's rules lack (``meaning``: what each says)."""
    for flag in board.flags:
        text = meaning.get(flag, f"option {flag!r}")
        raise ParseError(f"{board.kind.name} with {text} (pflag {flag!r}) is not a rule of puzzlekit's genre")


def to_puzzle(board: Board, source: str = "<url>") -> tuple[str, Any]:
    """Our genre's name and puzzle for a board (a ParseError when it has no such form)."""
    genre = board.kind.genre
    try:
        puzzle = b.part(board.pid).to_puzzle(board)
    except ParseError as exc:
        raise ParseError(exc.reason, source=source) from None
    return genre, _checked(genre, puzzle, source)


def _checked(genre: str, puzzle: Any, source: str) -> Any:
    """The puzzle as the genre's own reader sees it; its refusal becomes this source's error."""
    module = genres.get(genre)
    text = module.format(puzzle)
    try:
        return module.parse(text, source)
    except ParseError as exc:
        at = ""
        # a genre whose file ends in one line per row says so in its part: the row is shown
        if exc.line and getattr(_part(module), "ROW_LINES", False):
            row = exc.line - 1 - (len(text.splitlines()) - _height(puzzle))
            if row >= 0:
                at = f" (row {row})"
        raise ParseError(f"{genre}: {exc.reason}{at}", source=source) from None


def _height(puzzle: Any) -> int:
    return getattr(puzzle, "height", 0)


def _part(module: ModuleType) -> ModuleType | None:
    return genres.part(module, "puzzlink")


# export ------------------------------------------------------------------------------------


def genre_of(puzzle: Any) -> tuple[str, ModuleType]:
    """Our genre name and module of a puzzle object."""
    mod = genres.module_of(puzzle)
    return mod.NAME, mod


def to_board(puzzle: Any) -> Board:
    """The pzprjs board of a puzzle; a ParseError when pzprjs has no form for it."""
    genre, module = genre_of(puzzle)
    found = _part(module)
    if found is None or not hasattr(found, "to_board"):
        why = getattr(found, "NO_FORM", "")
        raise ParseError(f"{genre} has no puzz.link form{': ' + why if why else ''}", source=genre)
    try:
        return found.to_board(puzzle)
    except ParseError as exc:
        raise ParseError(exc.reason, source=genre) from None


# answers ------------------------------------------------------------------------------------


def to_solution(genre: str, puzzle: Any, answer: Answer, source: str = "<input>") -> Any:
    """Our genre's solution from a board's answer layer (a ParseError if it cannot hold it)."""
    found = _part(genres.get(genre))
    if found is None or not hasattr(found, "to_solution"):
        raise ParseError(f"{genre} has no pzprv3 form", source=source)
    try:
        return found.to_solution(puzzle, answer)
    except ParseError as exc:
        raise ParseError(exc.reason, source=source) from None


def to_answer(genre: str, puzzle: Any, solution: Any) -> Answer:
    """The answer layer of a solution."""
    found = _part(genres.get(genre))
    if found is None or not hasattr(found, "to_answer"):
        raise ParseError(f"{genre} has no pzprv3 form")
    return found.to_answer(puzzle, solution)
