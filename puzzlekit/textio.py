"""Reading puzzle files: size limits, comments, headers, tokens with line and column.

Every genre parser goes through these helpers so that every error names the file, the line
and the column, and so that oversized or binary input is refused before it costs memory.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from .errors import ParseError

#: Largest puzzle file read, in bytes.
MAX_BYTES = 2 * 1024 * 1024
#: Largest number of rows or columns in any grid.
MAX_SIDE = 1000
#: Largest number of cells in any grid.
MAX_CELLS = 40_000

_HEADER = re.compile(r"^([A-Za-z][A-Za-z0-9_-]*)\s*:(.*)$")


@dataclass(frozen=True)
class Line:
    """One meaningful line of a puzzle file (1-based line number)."""

    number: int
    text: str


@dataclass(frozen=True)
class Token:
    """A token and the 1-based column where it starts."""

    text: str
    column: int


def read_source(path_or_text: str | os.PathLike, source: str | None = None) -> tuple[str, str]:
    """Return ``(text, source name)`` for a file path, ``"-"`` (standard input), or puzzle text.

    A `PathLike` is always a path. A ``str`` is a path when it is ``-``, names an existing file,
    or looks like a file name (a folder separator, or a name ending in ``.`` and letters, such as
    ``puzzle.txt``); any other ``str`` is the puzzle text itself, e.g. ``"0 1 0"``.
    """
    if isinstance(path_or_text, str) and not _is_path(path_or_text):
        if len(path_or_text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
            raise ParseError(f"puzzle text is over {MAX_BYTES} bytes", source=source or "<string>")
        return path_or_text.removeprefix("\ufeff"), source or "<string>"
    return read_file(path_or_text, source)


_FILE_NAME = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,7}$")


def _is_path(text: str) -> bool:
    """Whether a one-argument ``str`` names a file rather than holding a puzzle (see `read_source`)."""
    if "\n" in text or "\r" in text:
        return False
    if text == "-" or os.path.isfile(text):
        return True
    return os.sep in text or "/" in text or _FILE_NAME.search(text.strip()) is not None


def read_file(path: str | os.PathLike, source: str | None = None) -> tuple[str, str]:
    """Return ``(text, source name)`` of a file (``"-"``: standard input), size-checked."""
    name = os.fspath(path)
    if name == "-":
        import sys

        label = source or "<stdin>"
        return decode_bytes(sys.stdin.buffer.read(MAX_BYTES + 1), label), label
    label = source or name
    try:
        if os.path.isdir(name):
            raise ParseError("is a directory, expected a file", source=label)
        size = os.path.getsize(name)
        if size > MAX_BYTES:
            raise ParseError(f"file is {size} bytes; puzzle files are limited to {MAX_BYTES}", source=label)
        # a device or pipe reports size 0 however much it holds (/dev/zero never ends): read at
        # most one byte past the limit, whatever the size said
        with Path(name).open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ParseError(f"cannot read file: {exc.strerror or exc}", source=label) from exc
    if len(data) > MAX_BYTES:
        raise ParseError(f"input is over {MAX_BYTES} bytes; puzzle files are limited to {MAX_BYTES}",
                         source=label)
    return decode_bytes(data, label), label


def read_json(path: str | os.PathLike, source: str | None = None) -> tuple[object, str]:
    """``(value, source name)`` of a JSON file (``"-"``: standard input), size-checked.

    Every way the text can fail to be JSON within our limits is a ParseError: a syntax error
    (with line and column), an integer too long to convert (over 4,300 digits) or nesting too
    deep for the decoder.
    """
    text, label = read_file(path, source)
    return parse_json(text, label), label


def parse_json(text: str, source: str) -> object:
    """JSON text as a value; every way it can fail within our limits is a ParseError."""
    label = source
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        where = {"source": label, "line": exc.lineno, "column": exc.colno}
        raise ParseError(f"invalid JSON: {exc.msg}", **where) from None
    except RecursionError:
        raise ParseError("invalid JSON: lists or objects nested too deeply", source=label) from None
    except ValueError as exc:  # an integer over the conversion limit
        raise ParseError(f"invalid JSON: {str(exc).split(';')[0]}", source=label) from None


def decode_bytes(data: bytes, source: str) -> str:
    """UTF-8 text of a file (a leading byte-order mark is dropped), with the place of the first
    byte that is not: a NUL byte means binary data, anything else text in another encoding."""
    if len(data) > MAX_BYTES:
        raise ParseError(f"input is over {MAX_BYTES} bytes", source=source)
    data = data.removeprefix(b"\xef\xbb\xbf")
    nul = data.find(b"\x00")
    try:
        text = data.decode("utf-8")
        bad = nul
    except UnicodeDecodeError as exc:
        bad = exc.start if nul < 0 else nul
    if bad < 0:
        return text
    line = data.count(b"\n", 0, bad) + 1
    column = bad - (data.rfind(b"\n", 0, bad) + 1) + 1
    if bad == nul:
        message = "binary data: expected UTF-8 text"
    else:
        message = f"byte 0x{data[bad]:02X} is not UTF-8: save the file as UTF-8 text"
    raise ParseError(message, source=source, line=line, column=column)


def content_lines(text: str, source: str) -> list[Line]:
    """Non-blank lines that are not ``#`` comments; an input with none is an error."""
    lines = [
        Line(i, raw.rstrip("\r\n").rstrip())
        for i, raw in enumerate(text.splitlines(), start=1)
        if raw.strip() and not raw.lstrip().startswith("#")
    ]
    if not lines:
        raise ParseError("empty puzzle: no grid or header lines found", source=source)
    return lines


def is_header(line: Line) -> bool:
    """Whether a line looks like ``key: value``."""
    return _HEADER.match(line.text.strip()) is not None


def split_header(line: Line) -> tuple[str, str, int]:
    """``(key, value, value column)`` of a header line."""
    stripped = line.text.strip()
    match = _HEADER.match(stripped)
    assert match is not None
    indent = len(line.text) - len(line.text.lstrip())
    value = match.group(2)
    value_col = indent + match.start(2) + (len(value) - len(value.lstrip())) + 1
    return match.group(1).lower(), value.strip(), value_col


def read_headers(
    lines: list[Line], allowed: set[str], source: str, repeatable: frozenset[str] = frozenset()
) -> tuple[dict[str, list[tuple[str, Line, int]]], list[Line]]:
    """Split leading ``key: value`` lines from the rest; unknown or repeated keys are errors.

    Returns ``{key: [(value, line, value column), ...]}`` and the remaining lines.
    """
    headers: dict[str, list[tuple[str, Line, int]]] = {}
    index = 0
    while index < len(lines) and is_header(lines[index]):
        key, value, col = split_header(lines[index])
        line = lines[index]
        if key not in allowed:
            expected = ", ".join(sorted(allowed)) or "no headers"
            raise error(source, line, 1, f"unknown header {key!r} (expected: {expected})")
        if key in headers and key not in repeatable:
            raise error(source, line, 1, f"header {key!r} given twice")
        headers.setdefault(key, []).append((value, line, col))
        index += 1
    return headers, lines[index:]


def tokens(line: Line, whitespace: bool = True) -> list[Token]:
    """Tokens of a line: whitespace-separated, or one per non-space character."""
    if whitespace:
        return [Token(m.group(), m.start() + 1) for m in re.finditer(r"\S+", line.text)]
    return [Token(ch, i + 1) for i, ch in enumerate(line.text) if not ch.isspace()]


def parse_int(token: Token, line: Line, source: str, what: str = "an integer") -> int:
    """An integer token, or a ParseError naming what was expected."""
    if not re.fullmatch(r"[+-]?\d{1,9}", token.text):
        raise error(source, line, token.column, f"expected {what}, found {token.text!r}")
    return int(token.text)


def grid_rows(
    lines: list[Line], source: str, whitespace: bool | None = True
) -> list[list[Token]]:
    """Tokenise grid lines and require a rectangular grid within the size limits.

    ``whitespace`` None reads each line on its own: whitespace-separated tokens when it has
    a space or tab inside, else one token per character.
    """
    rows = [tokens(line, whitespace if whitespace is not None else bool(re.search(r"\S\s+\S", line.text)))
            for line in lines]
    if not rows:
        raise ParseError("no grid rows found", source=source)
    width = len(rows[0])
    for line, row in zip(lines, rows):
        if len(row) != width:
            column = row[width].column if len(row) > width else len(line.text) + 1
            raise error(
                source, line, column,
                f"ragged grid: expected {width} cells in this row (as in line "
                f"{lines[0].number}), found {len(row)}",
            )
    check_size(len(rows), width, source, lines[0])
    return rows


def check_size(height: int, width: int, source: str, line: Line | None = None) -> None:
    """Refuse grids over the documented limits (`MAX_SIDE`, `MAX_CELLS`)."""
    problem = size_problem(height, width)
    if problem:
        raise error(source, line, 1, problem)


def size_problem(height: int, width: int) -> str | None:
    """What is wrong with a grid of this size (empty, or over `MAX_SIDE` or `MAX_CELLS`), or None."""
    if height < 1 or width < 1:
        return f"grid must have at least one row and column, got {height}x{width}"
    if height > MAX_SIDE or width > MAX_SIDE or height * width > MAX_CELLS:
        return (
            f"grid {height}x{width} is over the size limit ({MAX_SIDE} rows or columns, "
            f"{MAX_CELLS} cells)"
        )
    return None


def error(source: str, line: Line | None, column: int, message: str) -> ParseError:
    """A ParseError at a line (or the whole file when ``line`` is None) and column."""
    if line is None:
        return ParseError(message, source=source)
    return ParseError(message, source=source, line=line.number, column=column)
