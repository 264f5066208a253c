"""pzprjs's own file format (pzprv3): boards with their clues and, when solved, the answer.

The lines are ``pzprv3[.N]``, the genre id, rows, columns (Sudoku: one size line), then the
body; every body line holds tokens separated by spaces, with a trailing space. The same text
may come with ``/`` in place of the line breaks (as puzz.link URLs and the pzprjs tests hold
it). Rows come before columns here, unlike in URLs. `read` gives a `Board` and an `Answer`;
`write` the text pzprjs writes (newer layouts: Slitherlink as pzprv3.1).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .. import textio
from ..errors import ParseError
from ..grid import Cell, CellEdge
from . import board as b
from .board import UNKNOWN, Answer, Board

_NUMBER = re.compile(r"\d{1,9}")
_VERSION = re.compile(r"pzprv3(?:\.(\d{1,3}))?")


def looks_like(text: str) -> bool:
    """Whether a text is a pzprv3 board (its first line, or first ``/`` part, is ``pzprv3[.N]``)."""
    head = text.lstrip("\ufeff \t\r\n")
    first = re.split(r"[\r\n/]", head, maxsplit=1)[0].strip()
    return _VERSION.fullmatch(first) is not None


class Lines:
    """The lines of a pzprv3 text, read one by one, with errors naming the line."""

    def __init__(self, text: str, source: str):
        self.source = source
        text = text.lstrip("\ufeff")
        stripped = text.lstrip(" \t\r\n")
        self.skipped = text[: len(text) - len(stripped)].count("\n")
        first = re.split(r"[\r\n]", stripped, maxsplit=1)[0]
        self.slash = "/" in first and not _VERSION.fullmatch(first.strip())
        if self.slash:
            parts = first.split("/")
            self.unit = "part"
        else:
            parts = [line.rstrip("\r") for line in stripped.split("\n")]
            self.unit = "line"
        if parts and not parts[-1].strip():
            parts.pop()
        self.lines = parts
        self.at = 0

    def error(self, message: str, index: int | None = None) -> ParseError:
        index = self.at if index is None else index
        if self.slash:
            return ParseError(f"pzprv3 part {index + 1}: {message}", source=self.source)
        return ParseError(f"pzprv3: {message}", source=self.source, line=index + 1 + self.skipped)

    def peek(self) -> str | None:
        return self.lines[self.at].strip() if self.at < len(self.lines) else None

    def word(self, what: str) -> str:
        if self.at >= len(self.lines):
            raise self.error(f"the board stops early: expected {what}")
        self.at += 1
        return self.lines[self.at - 1].strip()

    def number(self, what: str, low: int = 0) -> int:
        text = self.word(what)
        if not _NUMBER.fullmatch(text) or int(text) < low:
            raise self.error(f"expected {what}, found {text!r}", self.at - 1)
        return int(text)

    def row(self, width: int, what: str) -> list[str]:
        if self.at >= len(self.lines):
            raise self.error(f"the board stops early: expected {what}")
        tokens = self.lines[self.at].split()
        if len(tokens) != width:
            raise self.error(f"expected {width} tokens ({what}), found {len(tokens)}")
        self.at += 1
        return tokens

    def block(self, height: int, width: int, what: str, read: Callable[[str], object]) -> list[list]:
        out = []
        for r in range(height):
            tokens = self.row(width, f"{what}, row {r + 1} of {height}")
            values = []
            for token in tokens:
                value = read(token)
                if value is BAD:
                    raise self.error(f"unexpected {token!r} in {what}", self.at - 1)
                values.append(value)
            out.append(values)
        return out


#: What a token reader gives for a token it does not know.
BAD = object()


def clue(token: str) -> object:
    """A number clue: ``.`` none, ``-`` a clue without a value."""
    if token == ".":
        return None
    if token == "-":
        return UNKNOWN
    return int(token) if _NUMBER.fullmatch(token) else BAD


def number(token: str) -> object:
    return int(token) if _NUMBER.fullmatch(token) else BAD


def mark(values: dict[str, object]) -> Callable[[str], object]:
    """A token reader of fixed tokens."""
    return lambda token: values.get(token, BAD)


#: A line segment (a cross, -1, is no line); a wall (2: one the solver drew).
LINE = mark({"0": 0, "1": 1, "-1": 0})
WALL = mark({"0": 0, "1": 1, "-1": 0, "2": 1})


def edges(h: list[list], v: list[list], keep: Callable[[object], bool] = bool) -> frozenset[CellEdge]:
    """Segments of an H block (right neighbours) and a V block (lower neighbours)."""
    out = {((r, c), (r, c + 1)) for r, row in enumerate(h) for c, x in enumerate(row) if keep(x)}
    out |= {((r, c), (r + 1, c)) for r, row in enumerate(v) for c, x in enumerate(row) if keep(x)}
    return frozenset(out)


def grid(rows: list[list]) -> tuple[tuple, ...]:
    return tuple(tuple(row) for row in rows)


def flags(lines: Lines) -> str:
    """The pflag line some genres write after the size, or "" when there is none."""
    return lines.word("flags") if re.fullmatch(r"[a-z]+", lines.peek() or "") else ""


def read_cells_and_edges(lines: Lines, board: Board, read: Callable[[str], object], what: str,
                         edge: Callable[[str], object] = LINE) -> tuple[tuple, dict[CellEdge, object]]:
    """A clue block, then an H and a V block of the segments between cells (lines, bridges,
    walls): the clues and the segments' nonzero values."""
    rows, cols = board.rows, board.cols
    cells = lines.block(rows, cols, "the clues", read)
    h = lines.block(rows, cols - 1, f"the horizontal {what}", edge)
    v = lines.block(rows - 1, cols, f"the vertical {what}", edge)
    found = {((r, c), (r, c + 1)): x for r, row in enumerate(h) for c, x in enumerate(row) if x}
    found |= {((r, c), (r + 1, c)): x for r, row in enumerate(v) for c, x in enumerate(row) if x}
    return grid(cells), found


def read(text: str, source: str = "<input>") -> tuple[Board, Answer]:
    """The board and its answer layer (empty when unsolved); a ParseError names the line."""
    lines = Lines(text, source)
    version = _VERSION.fullmatch(lines.word("pzprv3"))
    if version is None:
        raise lines.error("not a pzprv3 board: the first line must be 'pzprv3'", 0)
    if (lines.peek() or "").startswith("v:"):
        raise lines.error(f"pzprjs variant {lines.peek()!r} is not supported")
    kind = b.kind(lines.word("the genre id"), source)
    pid = kind.pid
    if kind.square:
        rows = cols = lines.number("the size", 1)
    else:
        rows = lines.number("the number of rows", 1)
        cols = lines.number("the number of columns", 1)
    try:
        textio.check_size(rows, cols, source)
    except ParseError as exc:
        raise lines.error(exc.reason) from None
    return b.part(pid).read(lines, Board(pid, rows, cols), int(version.group(1) or 0))


# writing ---------------------------------------------------------------------------------


def line(tokens: list) -> str:
    """A body line: each token followed by a space."""
    return "".join(f"{t} " for t in tokens)


def token(value: int | None, empty: str = ".") -> str:
    """A number clue's token (``-``: a clue without a value)."""
    if value is None:
        return empty
    return "-" if value == UNKNOWN else str(value)


def blocks(rows: int, cols: int, value: Callable[[Cell, Cell], object]) -> list[str]:
    """An H block then a V block of segment values."""
    out = [line([value((r, c), (r, c + 1)) for c in range(cols - 1)]) for r in range(rows)]
    out += [line([value((r, c), (r + 1, c)) for c in range(cols)]) for r in range(rows - 1)]
    return out


def write(board: Board, answer: Answer | None = None) -> str:
    """The pzprv3 text of a board, with its answer layer when given (newline-separated)."""
    kind = board.kind
    head = [kind.version, kind.pid]
    head += [str(board.rows)] if kind.square else [str(board.rows), str(board.cols)]
    body = b.part(kind.pid).write(board, answer or Answer())
    return "".join(text + "\n" for text in head + body)


def room_walls(lines: Lines, rows: int, cols: int, minor: int) -> frozenset[CellEdge]:
    """A file's rooms as walls: from version 3.2 an H and a V block of walls, before it the
    number of rooms and a block of room ids."""
    if minor >= 2:
        h = lines.block(rows, cols - 1, "the vertical walls", WALL)
        return edges(h, lines.block(rows - 1, cols, "the horizontal walls", WALL))
    lines.number("the number of rooms", 1)
    ids = lines.block(rows, cols, "the rooms", number)
    return frozenset((a, b) for r in range(rows) for c in range(cols) for a, b in
                     (((r, c), (r, c + 1)), ((r, c), (r + 1, c)))
                     if b[0] < rows and b[1] < cols and ids[r][c] != ids[b[0]][b[1]])
