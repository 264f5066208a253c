"""pzprjs's own file format (pzprv3): boards with their clues and, when solved, the answer.

The lines are ``pzprv3[.N]``, the genre id, rows, columns (Sudoku: one size line), then the
body; every body line holds tokens separated by spaces, with a trailing space. The same text
may come with ``/`` in place of the line breaks (as puz.link URLs and the pzprjs tests hold
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
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"  # arukone: A = 1 ... z = 52


def looks_like(text: str) -> bool:
    """Whether a text is a pzprv3 board (its first line, or first ``/`` part, is ``pzprv3[.N]``)."""
    head = text.lstrip("\ufeff \t\r\n")
    first = re.split(r"[\r\n/]", head, maxsplit=1)[0].strip()
    return _VERSION.fullmatch(first) is not None


class _Lines:
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
                if value is _BAD:
                    raise self.error(f"unexpected {token!r} in {what}", self.at - 1)
                values.append(value)
            out.append(values)
        return out


_BAD = object()


def _clue(token: str) -> object:
    if token == ".":
        return None
    if token == "-":
        return UNKNOWN
    return int(token) if _NUMBER.fullmatch(token) else _BAD


def _pearl(token: str) -> object:
    return {".": None, "1": 1, "2": 2, "-": UNKNOWN}.get(token, _BAD)


def _letter(token: str) -> object:
    if token in (".", "-"):
        return None if token == "." else UNKNOWN
    return LETTERS.index(token) + 1 if len(token) == 1 and token in LETTERS else _BAD


def _mark(values: dict[str, object]) -> Callable[[str], object]:
    return lambda token: values.get(token, _BAD)


_LINE = _mark({"0": 0, "1": 1, "-1": 0})
_BRIDGE = _mark({"0": 0, "1": 1, "2": 2, "-1": 0})
_WALL = _mark({"0": 0, "1": 1, "-1": 0, "2": 1})


def _count(token: str) -> object:
    if token == ".":
        return None
    if token in ("-", "-2"):
        return UNKNOWN
    return int(token) if _NUMBER.fullmatch(token) else _BAD


def _edges(h: list[list], v: list[list], keep: Callable[[object], bool] = bool) -> frozenset[CellEdge]:
    """Segments of an H block (right neighbours) and a V block (lower neighbours)."""
    out = {((r, c), (r, c + 1)) for r, row in enumerate(h) for c, x in enumerate(row) if keep(x)}
    out |= {((r, c), (r + 1, c)) for r, row in enumerate(v) for c, x in enumerate(row) if keep(x)}
    return frozenset(out)


def _grid(rows: list[list]) -> tuple[tuple, ...]:
    return tuple(tuple(row) for row in rows)


def read(text: str, source: str = "<input>") -> tuple[Board, Answer]:
    """The board and its answer layer (empty when unsolved); a ParseError names the line."""
    lines = _Lines(text, source)
    version = _VERSION.fullmatch(lines.word("pzprv3"))
    if version is None:
        raise lines.error("not a pzprv3 board: the first line must be 'pzprv3'", 0)
    if (lines.peek() or "").startswith("v:"):
        raise lines.error(f"pzprjs variant {lines.peek()!r} is not supported")
    pid = b.kind(lines.word("the genre id"), source).pid
    if pid == "sudoku":
        rows = cols = lines.number("the size", 1)
    else:
        rows = lines.number("the number of rows", 1)
        cols = lines.number("the number of columns", 1)
    try:
        textio.check_size(rows, cols, source)
    except ParseError as exc:
        raise lines.error(exc.reason) from None
    flags = ""
    if pid in ("mashu", "slither") and re.fullmatch(r"[a-z]+", lines.peek() or ""):
        flags = lines.word("flags")
    minor = int(version.group(1) or 0)
    return _READERS[pid](lines, Board(pid, rows, cols, flags), minor)


def _read_lines(lines: _Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    flags = board.flags
    if board.pid == "arukone":
        mode = lines.word("passallcell or dontpassallcell")
        if mode not in ("passallcell", "dontpassallcell"):
            raise lines.error(f"expected passallcell or dontpassallcell, found {mode!r}", lines.at - 1)
        flags = "" if mode == "passallcell" else "e"
    read = {"mashu": _pearl, "arukone": _letter}.get(board.pid, _clue)
    cells = lines.block(rows, cols, "the clues", read)
    h = lines.block(rows, cols - 1, "the horizontal lines", _LINE)
    v = lines.block(rows - 1, cols, "the vertical lines", _LINE)
    return Board(board.pid, rows, cols, flags, _grid(cells)), Answer(lines=_edges(h, v))


def _read_hashi(lines: _Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    cells = lines.block(rows, cols, "the islands", _clue)
    h = lines.block(rows, cols - 1, "the horizontal bridges", _BRIDGE)
    v = lines.block(rows - 1, cols, "the vertical bridges", _BRIDGE)
    counts = {((r, c), (r, c + 1)): x for r, row in enumerate(h) for c, x in enumerate(row) if x}
    counts |= {((r, c), (r + 1, c)): x for r, row in enumerate(v) for c, x in enumerate(row) if x}
    return Board(board.pid, rows, cols, cells=_grid(cells)), Answer(bridges=counts)


def _read_slither(lines: _Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    if minor > 1:
        raise lines.error(f"pzprv3.{minor} Slitherlink files are not known (pzprv3 and pzprv3.1 are)")
    cells = lines.block(rows, cols, "the clues", _clue)
    if minor == 1:
        lines.block(rows, cols, "the cell colours", _mark({"0": 0, "1": 1, "2": 2}))
    left = lines.block(rows, cols + 1, "the vertical edges", _LINE)
    top = lines.block(rows + 1, cols, "the horizontal edges", _LINE)
    edges = {((r, c), (r + 1, c)) for r, row in enumerate(left) for c, x in enumerate(row) if x}
    edges |= {((r, c), (r, c + 1)) for r, row in enumerate(top) for c, x in enumerate(row) if x}
    return Board(board.pid, rows, cols, board.flags, _grid(cells)), Answer(lines=frozenset(edges))


def _read_sudoku(lines: _Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    n = board.rows
    givens = lines.block(n, n, "the givens", _clue)
    digits = [[x if isinstance(x, int) and x > 0 else 0 for x in row] for row in givens]
    if lines.peek() is not None:
        answers = lines.block(n, n, "the answers", lambda t: int(t) if _NUMBER.fullmatch(t) else 0)
        for r in range(n):
            for c in range(n):
                if not digits[r][c]:
                    digits[r][c] = answers[r][c]
    return Board("sudoku", n, n, cells=_grid(givens)), Answer(digits=_grid(digits))


def _read_nonogram(lines: _Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    xr, xc = -(-rows // 2), -(-cols // 2)
    full = [lines.row(xc + cols, f"clues and grid, row {i + 1} of {xr + rows}") for i in range(xr + rows)]
    first = lines.at - len(full)

    def clue(i: int, j: int) -> int | None:
        token = full[i][j]
        value = _clue(token[1:] if token.startswith("c") else token)
        if value is _BAD or (value is not None and (i < xr) == (j < xc)):
            raise lines.error(f"unexpected {token!r} in the clues", first + i)
        return value  # type: ignore[return-value]

    col_clues = tuple(tuple(x for i in range(xr) if (x := clue(i, xc + c)) is not None) for c in range(cols))
    row_clues = tuple(tuple(x for j in range(xc) if (x := clue(xr + r, j)) is not None) for r in range(rows))
    for i in range(xr):
        for j in range(xc):
            clue(i, j)
    marks = set()
    for r in range(rows):
        for c in range(cols):
            token = full[xr + r][xc + c]
            if token not in ("#", "+", "."):
                raise lines.error(f"unexpected {token!r} in the grid", first + xr + r)
            if token == "#":
                marks.add((r, c))
    return (Board("nonogram", rows, cols, col_clues=col_clues, row_clues=row_clues),
            Answer(marks=frozenset(marks)))


def _read_tents(lines: _Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    head = lines.row(cols + 1, "the column counts")
    col_counts = [_count(t) for t in head[1:]]
    if head[0] != "." or _BAD in col_counts:
        raise lines.error(f"unexpected token in the column counts: {' '.join(head)!r}", lines.at - 1)
    row_counts, trees, tents = [], set(), set()
    for r in range(rows):
        tokens = lines.row(cols + 1, f"row {r + 1} of {rows}")
        row_counts.append(_count(tokens[0]))
        for c, token in enumerate(tokens[1:]):
            if token == "1":
                trees.add((r, c))
            elif token == "A":
                tents.add((r, c))
            elif token not in (".", "-", "+"):
                raise lines.error(f"unexpected {token!r} in the grid", lines.at - 1)
        if row_counts[-1] is _BAD:
            raise lines.error(f"unexpected row count {tokens[0]!r}", lines.at - 1)
    out = Board("tents", rows, cols, col_counts=tuple(col_counts), row_counts=tuple(row_counts),
                trees=frozenset(trees))
    return out, Answer(marks=frozenset(tents))


def _read_starbattle(lines: _Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    stars = lines.number("the number of stars", 1)
    lines.number("the number of regions", 1)
    ids = lines.block(rows, cols, "the regions", lambda t: int(t) if _NUMBER.fullmatch(t) else _BAD)
    marks = lines.block(rows, cols, "the stars", _mark({"#": 1, "+": 0, ".": 0}))
    regions = b.regions_from_walls(rows, cols, b.walls_of(_grid(ids)))
    stars_at = frozenset((r, c) for r in range(rows) for c in range(cols) if marks[r][c])
    return Board("starbattle", rows, cols, stars=stars, regions=regions), Answer(marks=stars_at)


def _read_shikaku(lines: _Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    cells = lines.block(rows, cols, "the clues", _clue)
    h = lines.block(rows, cols - 1, "the vertical walls", _WALL)
    v = lines.block(rows - 1, cols, "the horizontal walls", _WALL)
    return Board("shikaku", rows, cols, cells=_grid(cells)), Answer(walls=_edges(h, v))


_READERS = {
    "mashu": _read_lines, "numlin": _read_lines, "arukone": _read_lines, "hashikake": _read_hashi,
    "slither": _read_slither, "sudoku": _read_sudoku, "nonogram": _read_nonogram, "tents": _read_tents,
    "starbattle": _read_starbattle, "shikaku": _read_shikaku,
}


# writing ---------------------------------------------------------------------------------


def _line(tokens: list) -> str:
    return "".join(f"{t} " for t in tokens)


def _token(value: int | None, empty: str = ".") -> str:
    if value is None:
        return empty
    return "-" if value == UNKNOWN else str(value)


def _blocks(rows: int, cols: int, value: Callable[[Cell, Cell], int]) -> list[str]:
    """An H block then a V block of segment values."""
    out = [_line([value((r, c), (r, c + 1)) for c in range(cols - 1)]) for r in range(rows)]
    out += [_line([value((r, c), (r + 1, c)) for c in range(cols)]) for r in range(rows - 1)]
    return out


def write(board: Board, answer: Answer | None = None) -> str:
    """The pzprv3 text of a board, with its answer layer when given (newline-separated)."""
    answer = answer or Answer()
    rows, cols, pid = board.rows, board.cols, board.pid
    head = ["pzprv3.1" if pid == "slither" else "pzprv3", pid]
    head += [str(rows)] if pid == "sudoku" else [str(rows), str(cols)]
    if pid in ("mashu", "slither") and board.flags:
        head.append(board.flags)
    if pid == "arukone":
        head.append("dontpassallcell" if "e" in board.flags else "passallcell")
    body: list[str] = []
    lines, marks = answer.lines, answer.marks
    if pid in ("mashu", "numlin", "arukone", "hashikake", "shikaku"):
        show = _letter_token if pid == "arukone" else _token
        body = [_line([show(v) for v in row]) for row in board.cells]
        if pid == "hashikake":
            body += _blocks(rows, cols, lambda p, q: answer.bridges.get((p, q), 0))
        elif pid == "shikaku":
            body += _blocks(rows, cols, lambda p, q: int((p, q) in answer.walls))
        else:
            body += _blocks(rows, cols, lambda p, q: int((p, q) in lines))
    elif pid == "slither":
        body = [_line([_token(v) for v in row]) for row in board.cells]
        body += [_line([0] * cols) for _ in range(rows)]
        body += [_line([int(((r, c), (r + 1, c)) in lines) for c in range(cols + 1)]) for r in range(rows)]
        body += [_line([int(((r, c), (r, c + 1)) in lines) for c in range(cols)]) for r in range(rows + 1)]
    elif pid == "sudoku":
        body = [_line([_token(v) for v in row]) for row in board.cells]
        digits = answer.digits or tuple((0,) * cols for _ in range(rows))
        body += [
            _line(["." if board.cells[r][c] is not None or not digits[r][c] else digits[r][c]
                   for c in range(cols)])
            for r in range(rows)
        ]
    elif pid == "nonogram":
        body = _write_nonogram(board, marks)
    elif pid == "tents":
        body = [_line(["."] + [_count_token(v) for v in board.col_counts])]
        for r in range(rows):
            cells = ["1" if (r, c) in board.trees else "A" if (r, c) in marks else "." for c in range(cols)]
            body.append(_line([_count_token(board.row_counts[r])] + cells))
        body += _blocks(rows, cols, lambda p, q: 0)
    elif pid == "starbattle":
        count = 1 + max((x for row in board.regions for x in row), default=-1)
        body = [str(board.stars), str(count)] + [_line(list(row)) for row in board.regions]
        body += [_line(["#" if (r, c) in marks else "." for c in range(cols)]) for r in range(rows)]
    return "".join(line + "\n" for line in head + body)


def _letter_token(value: int | None) -> str:
    if value is None or value == UNKNOWN:
        return _token(value)
    if not 1 <= value <= len(LETTERS):
        raise ValueError(f"an Arukone file writes numbers 1-{len(LETTERS)} as letters, not {value}")
    return LETTERS[value - 1]


def _count_token(value: int | None) -> str:
    return "." if value is None else "-2" if value == UNKNOWN else str(value)


def _write_nonogram(board: Board, marks: frozenset[Cell]) -> list[str]:
    rows, cols = board.rows, board.cols
    xr, xc = -(-rows // 2), -(-cols // 2)
    grid = [["."] * (xc + cols) for _ in range(xr + rows)]
    for c, clue in enumerate(board.col_clues):
        for k, value in enumerate(clue):
            grid[xr - len(clue) + k][xc + c] = _token(value)
    for r, clue in enumerate(board.row_clues):
        for k, value in enumerate(clue):
            grid[xr + r][xc - len(clue) + k] = _token(value)
    for r, c in marks:
        grid[xr + r][xc + c] = "#"
    return [_line(row) for row in grid]
