"""Puzzles from elsewhere: puzz.link URLs, pzprjs files (pzprv3), boards pasted from websites,
Simon Tatham's game IDs and save files.

    >>> from puzzlekit import formats
    >>> genre, puzzle = formats.read("https://puzz.link/p?mashu/6/6/1063000i3000")
    >>> genre, formats.to_url(puzzle)
    ('masyu', 'https://puzz.link/p?mashu/6/6/1063000i3000')

`read` tells the format by content: a URL, one of Tatham's game IDs (``7x7:Ba01bBm20e1...``)
or save files, a pzprv3 file, a pasted board (HTML or JSON of the sites in docs/formats.md) or,
failing those, our own file format, which needs the genre.
Every refusal is one `ParseError` line. docs/formats.md lists the genres, forms and limits.
"""

from __future__ import annotations

import os
import re
from typing import Any

from .. import genres, textio
from ..errors import ParseError
from . import board as _board
from . import convert, pasted, puzzlink, pzprv3, tatham

__all__ = [
    "format_of", "is_url", "load", "read", "read_pzprv3", "read_pzprv3_solution", "to_tatham",
    "to_url", "write_pzprv3",
]


def is_url(text: Any) -> bool:
    """Whether a string is a puzz.link URL (``api.load`` asks before treating it as a path).

    Without a scheme or a host, a text starting with ``?`` is a URL only when a genre id and
    ``/`` follow (``?mashu/6/6/...``): a one-cell puzzle file holding ``?`` is a puzzle.
    """
    if not isinstance(text, str) or "\n" in text.strip() or not puzzlink.looks_like(text):
        return False
    stripped = text.strip().strip("<>\"'")
    before, question, body = stripped.partition("?")
    if not question or before:  # a scheme, a host, a p.html path, or the bare body form
        return True
    return re.match(r"[A-Za-z][A-Za-z0-9_]*/", body) is not None


def format_of(text: str) -> str:
    """``"url"``, ``"tatham"`` (his game ID or save file), ``"pzprv3"``, ``"pasted"`` or
    ``"text"`` (our own file format), by content."""
    if is_url(text):
        return "url"
    if tatham.looks_like(text):
        return "tatham"
    if pzprv3.looks_like(text):
        return "pzprv3"
    if pasted.looks_like(text):
        return "pasted"
    return "text"


def read(text_or_url: str, genre: str | None = None, source: str | None = None) -> tuple[str, Any]:
    """``(genre name, puzzle)`` from a URL, one of Tatham's game IDs or save files, pzprv3
    text, a pasted board or our own text.

    With ``genre`` given, a URL, file or board of another genre is refused; our own text
    needs it (there is nothing in the text to tell the genre by). For a game ID, ``genre``
    may also be his game's name (``rect``); without it every game is tried.
    """
    if not isinstance(text_or_url, str):
        raise TypeError(f"formats.read takes text, not {type(text_or_url).__name__}")
    kind = format_of(text_or_url)
    if kind == "tatham":
        return tatham.read(text_or_url, genre, source)
    if kind == "url":
        name = source or "<url>"
        found = puzzlink.split(text_or_url, name)
        if found is not None and puzzlink.is_pzprv3(found[0]):
            found_genre, puzzle, _ = read_pzprv3(puzzlink.pzprv3_text(text_or_url, name), name)
        else:
            found_genre, puzzle = convert.to_puzzle(puzzlink.decode(text_or_url, name), name)
    elif kind == "pzprv3":
        found_genre, puzzle, _ = read_pzprv3(text_or_url, source or "<pzprv3>")
    elif kind == "pasted":
        found_genre, puzzle = pasted.read(text_or_url, source or "<pasted>")
    else:
        name = source or "<string>"
        if genre is None:
            raise ParseError(
                "cannot tell the genre of this text: it is not a puzz.link URL, a pzprv3 file or a "
                "pasted board, so name the genre", source=name,
            )
        module = genres.get(genre)
        return module.NAME, module.parse(text_or_url, name)
    if genre is not None and genres.canonical(genre) != found_genre:
        raise ParseError(
            f"this {kind} holds a {found_genre} puzzle, not {genres.canonical(genre)}",
            source=source or f"<{kind}>",
        )
    return found_genre, puzzle


def load(
    path_or_text: str | os.PathLike, genre: str | None = None, source: str | None = None
) -> tuple[str, Any]:
    """`read` for a URL, a file path (``-``: standard input) or text, as ``api.load`` takes them.

    A URL or a game ID is itself even where it could name a file, unless that file exists.
    """
    if (isinstance(path_or_text, str) and (is_url(path_or_text) or tatham.looks_like(path_or_text))
            and not os.path.isfile(path_or_text)):
        return read(path_or_text.strip(), genre, source)
    text, name = textio.read_source(path_or_text, source)
    return read(text, genre, name)


def to_url(puzzle: Any) -> str:
    """The canonical puzz.link URL of a puzzle (a ParseError when pzprjs has no form for it)."""
    board = convert.to_board(puzzle)
    try:
        return puzzlink.encode(board)
    except ValueError as exc:
        raise ParseError(str(exc), source=convert.genre_of(puzzle)[0]) from None


def to_tatham(puzzle: Any) -> str:
    """Simon Tatham's game ID of a puzzle (``PARAMS:DESC``, which his programs accept); a
    ParseError when his games have no form for it."""
    return tatham.write(puzzle)


def write_pzprv3(puzzle: Any, solution: Any = None) -> str:
    """The pzprv3 file of a puzzle, with the solution's answer layer when given."""
    genre, _ = convert.genre_of(puzzle)
    if solution is not None and not isinstance(solution, genres.module_of(puzzle).Solution):
        kind = type(solution)
        raise TypeError(f"a {genre} puzzle's pzprv3 file takes a {genre} Solution, "
                        f"not a {kind.__module__}.{kind.__qualname__}")
    board = convert.to_board(puzzle)
    answer = convert.to_answer(genre, puzzle, solution) if solution is not None else None
    try:
        return pzprv3.write(board, answer)
    except ValueError as exc:
        raise ParseError(str(exc), source=genre) from None


def read_pzprv3(text: str, source: str = "<pzprv3>") -> tuple[str, Any, Any]:
    """``(genre, puzzle, solution)`` of a pzprv3 text; the solution is None when the board
    holds no answer, or when its answer layer cannot be read as one of ours."""
    board, answer = pzprv3.read(text, source)
    genre, puzzle = convert.to_puzzle(board, source)
    if answer == _board.Answer():
        return genre, puzzle, None
    try:
        return genre, puzzle, convert.to_solution(genre, puzzle, answer, source)
    except ParseError:
        return genre, puzzle, None


def read_pzprv3_solution(genre: str, puzzle: Any, text: str, source: str = "<pzprv3>") -> Any:
    """The solution held by a solved pzprv3 board (file text, ``/``-separated, or a
    ``p?pzprv3/...`` URL) of this puzzle; a ParseError when the board is for another puzzle or
    its answer has no form in our genre (e.g. a Shikaku region that is not a rectangle)."""
    if is_url(text):
        text = puzzlink.pzprv3_text(text.strip(), source)
    board, answer = pzprv3.read(text, source)
    name = genres.canonical(genre)
    if board.kind.genre != name:
        raise ParseError(f"this pzprv3 board is {board.pid}, not a {name} puzzle", source=source)
    expected = convert.to_board(puzzle)
    difference = _difference(expected, board)
    if difference:
        raise ParseError(f"this board is not the puzzle's: {difference}", source=source)
    return convert.to_solution(name, puzzle, answer, source)


def _difference(expected: _board.Board, found: _board.Board) -> str | None:
    """Where two boards' clues differ, in words (flags and arukone/numlin ids aside)."""
    if (expected.rows, expected.cols) != (found.rows, found.cols):
        return f"it is {found.rows}x{found.cols}, the puzzle {expected.rows}x{expected.cols}"
    want, got = expected.to_json(), found.to_json()
    for key in want:
        if key == "flags" or want[key] == got.get(key):
            continue
        if key in ("cells", "regions"):
            for r, (a, b) in enumerate(zip(want[key], got[key])):
                for c, (x, y) in enumerate(zip(a, b)):
                    if x != y:
                        return f"{key[:-1]} ({r}, {c}) is {y!r} there, {x!r} in the puzzle"
        return f"its {key.replace('_', ' ')} differ"
    return None
