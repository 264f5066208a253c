"""Clue layers: what a puzzle shows. `Numbers` (a number, or ``?``, in some cells), `Symbols`
(marks such as walls or trees), `Rooms` (a label per cell: the given regions), `LineCounts`
(a number per row or column, outside the grid)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import ParseError
from ..textio import Line, Token, error
from .base import EMPTY, UNKNOWN, Cell, Layer
from .canvas import INK, Canvas, Layout
from .places import invalid, is_int, point, rows_of, said, shown

# --- clue layers: one value (or none) per cell ----------------------------------------------------


class CellClues(Layer):
    """A clue layer with at most one entry per cell, written as a block of grid rows
    (``.`` for no entry). Subclasses say which tokens are entries (`read_token`)."""

    #: Whether a cell may hold an entry at all: a layer that must fill every cell says False.
    optional = True

    def read_token(self, text: str) -> Any:
        """The entry a token stands for; ValueError with what was expected otherwise."""
        raise NotImplementedError

    def token(self, value: Any) -> str:
        return EMPTY if value is None else str(value)

    def accepts(self, value: Any) -> bool:
        """Whether a value (from Python or JSON) is an entry of this layer."""
        try:
            return value is not None and self.read_token(self.token(value)) == value
        except ValueError:
            return False

    def blank(self, height: int, width: int) -> tuple[tuple[Any, ...], ...]:
        return tuple((getattr(self, "empty", None),) * width for _ in range(height))

    def normal(self, value: Any, height: int, width: int, source: str = "<puzzle>") -> tuple:
        """The layer's value checked and stored as a tuple of rows (`ParseError` at the place)."""
        rows = rows_of(value, (self.name,), height, width, source)
        for r, row in enumerate(rows):
            for c, v in enumerate(row):
                if v is None and not self.optional:
                    raise invalid((self.name, r, c), f"every cell needs {self.what}", source)
                if v is not None and not self.accepts(v):
                    raise invalid((self.name, r, c), f"expected {self.expected()}, found {shown(v)}", source)
        return tuple(tuple(row) for row in rows)

    def expected(self) -> str:
        return self.what

    def read(self, rows: list[list[Token]], lines: list[Line], source: str) -> tuple:
        """The layer from its block of grid rows (tokens), errors at the token."""
        out = []
        for line, row in zip(lines, rows):
            values = []
            for tok in row:
                empty = getattr(self, "empty", None) is not None  # '.' is then a number
                if tok.text == EMPTY and not empty and (self.optional or not getattr(self, "words", None)):
                    if not self.optional:
                        raise error(source, line, tok.column, f"every cell needs {self.what}, found '.'")
                    values.append(None)
                    continue
                try:
                    values.append(self.read_token(tok.text))
                except ValueError as exc:
                    words = str(exc) if getattr(exc, "worded", False) else f"expected {exc}"
                    raise error(source, line, tok.column, f"{words}, found {self.found(tok.text)}") from None
            out.append(tuple(values))
        return tuple(out)

    def found(self, text: str) -> str:
        """A token the layer refused, as a message names it."""
        return repr(text)

    def write(self, value: tuple) -> list[str]:
        tokens = [[self.token(v) for v in row] for row in value]
        if getattr(self, "aligned", False):  # columns right-aligned to the widest token
            size = max(len(t) for row in tokens for t in row)
            return [" ".join(t.rjust(size) for t in row) for row in tokens]
        wide = getattr(self, "whitespace", None) or any(len(t) > 1 for row in tokens for t in row)
        return [(" " if wide else "").join(row) for row in tokens]

    def to_json(self, value: tuple) -> list[list[Any]]:
        return [list(row) for row in value]

    def entries(self, value: tuple) -> list[tuple[Cell, Any]]:
        """The cells holding an entry, in reading order, with the entry."""
        return [((r, c), v) for r, row in enumerate(value) for c, v in enumerate(row) if v is not None]

    def with_entries(self, height: int, width: int, entries: Iterable[tuple[Cell, Any]]) -> tuple:
        rows = [[getattr(self, "empty", None)] * width for _ in range(height)]
        for (r, c), v in entries:
            rows[r][c] = v
        return tuple(tuple(row) for row in rows)

    def marks(self, value: tuple) -> dict[Cell, str]:
        """One character per cell with an entry, for the text picture."""
        return {cell: self.token(v)[-1] for cell, v in self.entries(value)}

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        """The entries as text in their cells (white on a shaded cell)."""
        size = layout.cell * 0.55
        canvas.open(self.name)
        for cell, v in self.entries(value):
            x, y = layout.centre(cell)
            canvas.text(x, y, self.token(v), size, cls="clue", fill="#FFFFFF" if cell in dark else INK)
        canvas.close()


class Numbers(CellClues):
    """Whole numbers ``lo..hi`` in some cells; with ``unknown``, ``?`` for a clue whose number
    is not shown. With ``every``, each cell holds one (no ``.``)."""

    def __init__(self, name: str = "numbers", lo: int = 0, hi: int = 99, unknown: bool = False,
                 every: bool = False, what: str = "a number", expected: str | tuple[str, str] | None = None,
                 spaced: bool | None = None, aligned: bool = False, negative: bool = False,
                 empty: int | None = None, beyond: str | None = None):
        """``expected`` words what a cell may hold in messages (``0 (empty) or 1 (white)``), or
        a pair: the words for a file, then for data made in Python. ``spaced`` True: a file
        separates the numbers of a row by spaces, always; False: one character a cell.
        ``aligned``: a file is written with the numbers right-aligned in columns. ``negative``:
        a message calls a refused token such as ``-2`` a negative number.
        ``empty``: the number a cell without a clue holds in data (0 for water), ``.`` in a
        file; every cell then holds a number. ``beyond``: a file's digit outside ``lo..hi`` in
        these words (``islands carry 1-8, found '9'``)."""
        super().__init__(name, what)
        self.aligned, self.negative = aligned, negative
        self.lo, self.hi, self.unknown = lo, hi, unknown
        self.optional = not every and empty is None
        self.words = (expected, expected) if isinstance(expected, str) else expected
        self.whitespace = spaced
        self.empty, self.beyond = empty, beyond

    def read_token(self, text: str) -> Any:
        if self.unknown and text == UNKNOWN:
            return UNKNOWN
        if self.empty is not None and text == EMPTY:
            return self.empty
        if re.fullmatch(r"\d{1,9}", text) and self.lo <= int(text) <= self.hi:
            return int(text)
        if self.beyond and re.fullmatch(r"\d{1,9}", text):
            raise _worded(self.beyond)
        raise ValueError(self.expected())

    def token(self, value: Any) -> str:
        return EMPTY if value is None or value == self.empty else str(value)

    def accepts(self, value: Any) -> bool:
        if self.empty is not None and is_int(value) and value == self.empty:
            return True
        return (self.unknown and value == UNKNOWN) or (is_int(value) and self.lo <= value <= self.hi)

    def entries(self, value: tuple) -> list[tuple[Cell, Any]]:
        empty = self.empty
        return [((r, c), v) for r, row in enumerate(value) for c, v in enumerate(row)
                if v is not None and (empty is None or v != empty)]

    def found(self, text: str) -> str:
        return f"negative number {text!r}" if self.negative and text.startswith("-") else repr(text)

    def expected(self, data: bool = False) -> str:
        if self.words:
            return self.words[data]
        more = " or '?'" if self.unknown else ""
        blank = "" if not self.optional else " or '.'"
        return f"{self.what} {self.lo}-{self.hi}{more}{blank}"


def _worded(words: str) -> ValueError:
    """A reading error already in its own words (not ``expected ...``)."""
    exc = ValueError(words)
    exc.worded = True  # type: ignore[attr-defined]
    return exc


class Symbols(CellClues):
    """Marks from a fixed set in some cells, such as ``#`` for a wall: ``symbols`` maps each
    one-character token to its meaning in words."""

    def __init__(self, name: str, symbols: Mapping[str, str], what: str = "a mark"):
        super().__init__(name, what)
        if not symbols or any(len(s) != 1 or s in (EMPTY, UNKNOWN, "#") or s.isspace() for s in symbols):
            raise ValueError("symbols are single characters other than '.', '?', spaces and '#' "
                             "(a line starting with '#' is a comment)")
        self.symbols = dict(symbols)

    def read_token(self, text: str) -> Any:
        if text in self.symbols:
            return text
        raise ValueError(self.expected())

    def expected(self) -> str:
        return " or ".join(f"{s!r} ({m})" for s, m in self.symbols.items()) + " or '.'"

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        canvas.open(self.name)
        for (r, c), v in self.entries(value):
            canvas.rect(layout.x(c), layout.y(r), layout.cell, layout.cell, cls=f"symbol {self.symbols[v]}",
                        fill="#404040")
        canvas.close()


class Rooms(CellClues):
    """The given regions: a label (a letter or digit) in every cell; cells with one label form
    one room. Rooms are drawn with thick borders. With ``holes``, a cell may be in no room:
    ``.`` in a file, None in data (null in JSON), drawn grey and ``#`` in the text picture."""

    optional = False
    #: The text picture's mark for a cell in no room.
    HOLE = "#"
    #: What a cell in no room is, as a refused state entry words it (``(2, 3) is in no region``).
    off_what = "in no region"  # type: ignore[assignment]

    def __init__(self, name: str = "rooms", what: str = "a room label", text: bool = False,
                 holes: bool = False):
        """``text``: labels are one letter or digit each, a row is a string (``"AABC"``), a file's
        rows are read a character at a time (spaces ignored) and checked when the Puzzle is
        made, and the text picture shows the labels. ``holes``: a cell may be in no room (an
        answer layer whose ``off`` names this layer then leaves those cells alone)."""
        super().__init__(name, what)
        if holes and text:
            raise ValueError("a room layer read a character a row at a time has no holes")
        self.text = text
        self.whitespace = False if text else None
        self.optional = holes

    def skipped(self, value: tuple) -> frozenset[Cell]:
        """The cells in no room: those an answer layer whose ``off`` is this layer leaves alone."""
        return frozenset((r, c) for r, row in enumerate(value) for c, v in enumerate(row) if v is None)

    def read_token(self, text: str) -> Any:
        if re.fullmatch(r"[A-Za-z0-9]" if self.text else r"[A-Za-z0-9]{1,3}", text):
            return text
        raise ValueError(self.expected())

    def expected(self) -> str:
        hole = " or '.' (a cell in no region)" if self.optional else ""
        return f"{self.what} ({'a letter or digit' if self.text else 'letters or digits'}){hole}"

    def read(self, rows: list[list[Token]], lines: list[Line], source: str) -> tuple:
        if self.text:  # checked when the Puzzle is made, in the order its checks go
            return tuple("".join(tok.text for tok in row) for row in rows)
        return super().read(rows, lines, source)

    def normal(self, value: Any, height: int, width: int, source: str = "<puzzle>") -> tuple:
        if not self.text:
            return super().normal(value, height, width, source)
        if isinstance(value, (list, tuple)):
            value = [list(row) if isinstance(row, str) else row for row in value]
        rows = value
        return tuple("".join(row) for row in super().normal(rows, height, width, source))

    @staticmethod
    def rooms(value: tuple) -> dict[str, list[Cell]]:
        """Each room's cells in reading order, rooms in order of first appearance."""
        out: dict[str, list[Cell]] = {}
        for r, row in enumerate(value):
            for c, label in enumerate(row):
                if label is not None:  # a cell in no room (``holes``)
                    out.setdefault(label, []).append((r, c))
        return out

    def marks(self, value: tuple) -> dict[Cell, str]:
        holes = dict.fromkeys(self.skipped(value), self.HOLE) if self.optional else {}
        return {cell: label for cell, label in self.entries(value)} if self.text else holes

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        canvas.open(self.name)
        h, w = len(value), len(value[0])
        for r, c in sorted(self.skipped(value)):  # a cell in no room: blocked, grey
            canvas.rect(layout.x(c), layout.y(r), layout.cell, layout.cell, cls="hole", fill="#A0A0A0")
        for r in range(h):
            for c in range(w):
                if c + 1 < w and value[r][c] != value[r][c + 1]:
                    x = layout.x(c + 1)
                    canvas.line(x, layout.y(r), x, layout.y(r + 1), cls="border", stroke=INK, stroke_width=3)
                if r + 1 < h and value[r][c] != value[r + 1][c]:
                    y = layout.y(r + 1)
                    canvas.line(layout.x(c), y, layout.x(c + 1), y, cls="border", stroke=INK, stroke_width=3)
        canvas.close()


# --- clue layers outside the grid -------------------------------------------------------------------


class Setting(Layer):
    """A word from a fixed set that sets a rule for the whole puzzle, on an optional header
    line (``cover: any``): ``default`` (the first choice unless given) when the line is left
    out, and then left out of a written file. Read in any case and stored in lower case;
    ``label`` is the header's name when it differs from the field's (``u-turns``)."""

    header = True

    def __init__(self, name: str, choices: Iterable[str], default: str | None = None,
                 label: str | None = None, what: str = "a setting"):
        super().__init__(name, what)
        self.choices = tuple(choices)
        self.default = default if default is not None else self.choices[0]
        self.label = label or name

    def blank(self, height: int, width: int) -> str:
        return self.default

    def normal(self, value: Any, height: int, width: int, source: str = "<puzzle>") -> str:
        if not isinstance(value, str) or value.lower() not in self.choices:
            words = " or ".join(repr(c) for c in self.choices)
            raise invalid((self.name,), f"{self.label} must be {words}, found {said(value)}", source)
        return value.lower()

    def read_header(self, value: str, line: Line, column: int, source: str) -> str:
        try:
            return self.normal(value, 0, 0)
        except ParseError as exc:  # at the value on its header line
            raise error(source, line, column, exc.template) from None  # type: ignore[attr-defined]

    def write_header(self, value: str) -> str | None:
        return None if value == self.default else f"{self.label}: {value}"

    def to_json(self, value: str) -> str:
        return value

    def entries(self, value: str) -> list[tuple[int, Any]]:
        return []

    def with_entries(self, height: int, width: int, entries: Iterable[tuple[int, Any]]) -> str:
        return self.default

    def draw(self, canvas: Canvas, layout: Layout, value: str, dark: set[Cell]) -> None:
        """Nothing: a setting is a rule, not a mark on the grid."""


class LineCounts(Layer):
    """A number for each row (``rows``) or column (``cols``), written on a header line
    (``rows: 2 0 ? 3``); ``?`` (with ``unknown``) leaves a line's count out."""

    header = True

    def __init__(self, axis: str, name: str | None = None, lo: int = 0, unknown: bool = True,
                 what: str = "a count", expected: str | None = None, per: str | None = None,
                 signed: bool = False):
        """``expected``: the words for what a file's count may be, in messages; ``per``: what a
        missing header line holds (``tents per col``); ``signed``: a file's ``-1`` or ``+2`` is
        read as a number (to be refused when the Puzzle is made), and only ``?`` is none."""
        if axis not in ("rows", "cols"):
            raise ValueError(f"axis is 'rows' or 'cols', not {axis!r}")
        super().__init__(name or axis, what)
        self.axis, self.lo, self.unknown = axis, lo, unknown
        self.expected, self.per, self.signed = expected, per, signed

    def length(self, height: int, width: int) -> int:
        return height if self.axis == "rows" else width

    def blank(self, height: int, width: int) -> tuple:
        return (None,) * self.length(height, width)

    def normal(self, value: Any, height: int, width: int, source: str = "<puzzle>") -> tuple:
        size = self.length(height, width)
        unit = "row" if self.axis == "rows" else "column"
        if not isinstance(value, (list, tuple)) or len(value) != size:
            raise invalid((self.name,), f"expected {size} {unit} counts, found {shown(value)}", source)
        for i, v in enumerate(value):
            ok = (v is None and self.unknown) or (is_int(v) and self.lo <= v <= max(height, width) ** 2)
            if not ok:
                raise invalid((self.name, i), f"expected {self.what} (a whole number from {self.lo})"
                              + (" or null" if self.unknown else "") + f", found {shown(v)}", source)
        return tuple(value)

    def read_header(self, value: str, line: Line, column: int, source: str) -> tuple:
        out: list[int | None] = []
        for m in re.finditer(r"\S+", value):
            text, col = m.group(), column + m.start()
            if self.unknown and text in ((UNKNOWN,) if self.signed else (UNKNOWN, "-")):
                out.append(None)
            elif re.fullmatch(r"[+-]?\d{1,9}" if self.signed else r"\d{1,9}", text) and (
                    self.signed or int(text) >= self.lo):
                out.append(int(text))
            else:
                more = " or '?'" if self.unknown else ""
                words = self.expected or f"{self.what} (a whole number){more}"
                raise error(source, line, col, f"expected {words}, found {text!r}")
        return tuple(out)

    def write_header(self, value: tuple) -> str:
        return f"{self.name}: " + " ".join(UNKNOWN if v is None else str(v) for v in value)

    def to_json(self, value: tuple) -> list[Any]:
        return list(value)

    def entries(self, value: tuple) -> list[tuple[int, Any]]:
        return [(i, v) for i, v in enumerate(value) if v is not None]

    def with_entries(self, height: int, width: int, entries: Iterable[tuple[int, Any]]) -> tuple:
        out: list[Any] = [None] * self.length(height, width)
        for i, v in entries:
            out[i] = v
        return tuple(out)

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        """Row counts left of the grid, column counts above it."""
        size = layout.cell * 0.5
        canvas.open(self.name)
        for i, v in self.entries(value):
            if self.axis == "rows":
                x, y = layout.x(0) - layout.cell * 0.55, layout.y(i + 0.5)
            else:
                x, y = layout.x(i + 0.5), layout.y(0) - layout.cell * 0.55
            canvas.text(x, y, str(v), size, cls="count")
        canvas.close()




class Cells(Layer):
    """Cells marked in a grid block (``T`` a tree, ``.`` none): the value is a frozenset of
    cells (any collection of ``(row, column)`` is accepted). Always shown by the generator."""

    optional = False
    whitespace = False
    sized = True  # written as a grid block, which needs the size

    def __init__(self, name: str, mark: str, what: str):
        super().__init__(name, what)
        self.mark = mark

    def blank(self, height: int, width: int) -> frozenset[Cell]:
        return frozenset()

    def normal(self, value: Any, height: int, width: int, source: str = "<puzzle>") -> frozenset[Cell]:
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        if not isinstance(items, (list, tuple)):
            raise invalid((self.name,), f"expected a collection of cells, found {shown(value)}", source)
        return frozenset(point(v, (self.name, i), height, width, source) for i, v in enumerate(items))

    def read(self, rows: list[list[Token]], lines: list[Line], source: str) -> frozenset[Cell]:
        out = []
        for r, (line, row) in enumerate(zip(lines, rows)):
            for c, tok in enumerate(row):
                if tok.text == self.mark:
                    out.append((r, c))
                elif tok.text != EMPTY:
                    raise error(source, line, tok.column, f"expected {self.mark!r} ({self.what}) or "
                                f"'{EMPTY}' (empty), found {tok.text!r}")
        return frozenset(out)

    def write(self, value: frozenset[Cell], height: int, width: int) -> list[str]:
        return ["".join(self.mark if (r, c) in value else EMPTY for c in range(width)) for r in range(height)]

    def to_json(self, value: frozenset[Cell]) -> list[list[int]]:
        return [list(cell) for cell in sorted(value)]

    def entries(self, value: frozenset[Cell]) -> list[tuple[Cell, Any]]:
        return [(cell, self.mark) for cell in sorted(value)]

    def with_entries(self, height: int, width: int, entries: Iterable[tuple[Cell, Any]]) -> frozenset[Cell]:
        return frozenset(cell for cell, _ in entries)

    def marks(self, value: frozenset[Cell]) -> dict[Cell, str]:
        return {cell: self.mark for cell in value}

    def draw(self, canvas: Canvas, layout: Layout, value: frozenset[Cell], dark: set[Cell]) -> None:
        canvas.open(self.name)
        for cell in sorted(value):
            x, y = layout.centre(cell)
            canvas.text(x, y, self.mark, layout.cell * 0.55, cls="clue", fill=INK)
        canvas.close()
