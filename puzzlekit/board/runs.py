"""Run clues: a list of run lengths beside each row and above each column (Nonogram), the
grid of filled cells they describe, and the keyword-section file they are written in.

`Runs("rows")` / `Runs("cols")` are the clue layers: per line, the lengths of its blocks of
filled cells in order (``()`` for a line without any). `Filled` is the answer: a boolean per
cell, written as rows of 0 and 1. `Sections` is the common ``.non`` form (``width``,
``height``, then a keyword line per run layer followed by one clue line per line), which a
genre takes with ``Genre(..., form=Sections)``.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Mapping
from itertools import groupby
from typing import Any

from ..errors import ParseError
from ..ir import Lit, ModelBuilder
from ..textio import Line, Token, check_size, content_lines, error, parse_int
from .base import Cell, Layer
from .places import PUZZLE, SOLUTION, STATE, is_int, said

Clue = tuple[int, ...]
#: Keyword lines of the ``.non`` form that carry no constraint and are skipped.
IGNORED = frozenset({
    "title", "catalogue", "catalog", "goal", "copyright", "author", "by", "license", "licence",
    "note", "notes", "source", "url", "id", "description", "difficulty", "comment", "date",
})


def runs_of(line: Iterable[Any]) -> Clue:
    """Lengths of the blocks of filled (truthy) cells of a line, in order."""
    return tuple(len(list(block)) for filled, block in groupby(line, bool) if filled)


def clue_text(clue: Clue) -> str:
    """A clue as a file writes it: ``3,1``, or ``0`` for a line without runs."""
    return ",".join(map(str, clue)) or "0"


def _invalid(at: tuple, reason: str, label: str | None = None) -> ParseError:
    """`places.invalid`, with the printed place replaced by ``label`` when given."""
    shown_at = label if label is not None else str(at[0]) + "".join(f"[{i}]" for i in at[1:])
    exc = ParseError(f"{shown_at}: {reason}" if shown_at else reason, source=PUZZLE)
    exc.at, exc.template = at, reason  # type: ignore[attr-defined]
    return exc


class Runs(Layer):
    """A clue per row (``rows``) or column (``cols``): the run lengths of its filled cells, in
    order. ``label`` is the keyword of its section in a file (``columns``)."""

    header = True

    def __init__(self, axis: str, name: str | None = None, label: str | None = None, what: str = "a clue"):
        if axis not in ("rows", "cols"):
            raise ValueError(f"axis is 'rows' or 'cols', not {axis!r}")
        super().__init__(name or axis, what)
        self.axis = axis
        self.unit = "row" if axis == "rows" else "column"
        self.label = label or ("rows" if axis == "rows" else "columns")

    def length(self, height: int, width: int) -> int:
        """The number of clues: the grid's rows (columns)."""
        return height if self.axis == "rows" else width

    def blank(self, height: int, width: int) -> tuple:
        return ((),) * self.length(height, width)

    def sequence(self, value: Any) -> tuple:
        """The clues as a tuple (checked before the size is measured)."""
        if isinstance(value, (list, tuple)):
            return tuple(value)
        raise _invalid((self.name,), f"expected a tuple of {self.unit} clues, found {said(value)}")

    def normal(self, value: Any, height: int, width: int, source: str = PUZZLE) -> tuple[Clue, ...]:
        """Each clue a tuple of run lengths of at least 1 that fit their line."""
        span = width if self.axis == "rows" else height
        out = []
        for i, clue in enumerate(self.sequence(value)):
            if not isinstance(clue, (list, tuple)):
                raise _invalid((self.name, i), f"expected a clue (a tuple of run lengths), found "
                               f"{said(clue)}")
            for j, run in enumerate(clue):
                if not (is_int(run) and run >= 1):
                    raise _invalid((self.name, i, j), f"a run length is a whole number of at least 1, found "
                                   f"{said(run)} (a line without runs is ())")
            need = sum(clue) + len(clue) - 1
            if need > span:
                raise _invalid((self.name, i), f"the runs {','.join(map(said, clue))} need at least {need} "
                               f"cells, but a {self.unit} has {span}")
            out.append(tuple(map(int, clue)))
        return tuple(out)

    def read_clue(self, line: Line, source: str) -> Clue:
        """A clue line: comma-separated run lengths, or ``0`` alone for a line without runs."""
        numbers: list[tuple[int, int]] = []
        start = 0
        for piece in line.text.split(","):
            column = start + len(piece) - len(piece.lstrip()) + 1
            start += len(piece) + 1
            text = piece.strip()
            if not re.fullmatch(r"\d{1,6}", text):
                found = repr(text) if text else "nothing"
                raise error(source, line, column,
                            f"expected a run length (a whole number, commas between numbers), found {found}")
            numbers.append((int(text), column))
        if len(numbers) == 1 and numbers[0][0] == 0:
            return ()
        for value, column in numbers:
            if value == 0:
                raise error(source, line, column,
                            "a run length of 0 may only stand alone (a line with no runs)")
        return tuple(value for value, _ in numbers)

    def to_json(self, value: tuple) -> list[list[int]]:
        return [list(clue) for clue in value]

    def entries(self, value: tuple) -> list[tuple[int, Clue]]:
        return list(enumerate(value))

    def with_entries(self, height: int, width: int, entries: Iterable[tuple[int, Clue]]) -> tuple:
        out = list(self.blank(height, width))
        for i, clue in entries:
            out[i] = clue
        return tuple(out)

    def rules(self, m: Any, clues: tuple[Clue, ...], cells: Mapping[Cell, Lit]) -> None:
        """Each line's filled cells form its runs, in order (left to right, top to bottom);
        ``m`` is the genre's `BoardBuilder`."""
        for i, clue in m.deadline.paced(enumerate(clues), 64):
            line = ([(i, c) for c in range(m.width)] if self.axis == "rows"
                    else [(r, i) for r in range(m.height)])
            with m.rule(rule_words(f"{self.unit} {i}", clue), cells=line):
                m.runs([cells[cell] for cell in line], clue)

    def problems(self, value: tuple, grid: tuple) -> list[str]:
        """Each line whose filled cells do not form its clue's runs, in words."""
        out = []
        for i, clue in enumerate(value):
            got = runs_of(grid[i] if self.axis == "rows" else (row[i] for row in grid))
            if got != clue:
                out.append(f"{self.unit} {i} has runs {clue_text(got)}, the clue is {clue_text(clue)}")
        return out


def rule_words(line: str, clue: Clue) -> str:
    """A line's clue as a rule: ``row 2 has runs 3, 1 in order``."""
    if not clue:
        return f"{line} has no filled cells"
    if len(clue) == 1:
        return f"{line} has one run of {clue[0]}"
    return f"{line} has runs {', '.join(map(str, clue))} in order"


def same_total(puzzle: Any, rows: str = "rows", cols: str = "cols") -> None:
    """The row clues and the column clues fill the same number of cells (both count them)."""
    total_rows, total_cols = sum(map(sum, getattr(puzzle, rows))), sum(map(sum, getattr(puzzle, cols)))
    if total_rows != total_cols:
        raise _invalid(("totals",), f"the row clues fill {total_rows} cells but the column clues fill "
                       f"{total_cols}: both count the same filled cells, so they must agree", label="")


def text(row_clues: tuple[Clue, ...], col_clues: tuple[Clue, ...], grid: tuple | None = None) -> str:
    """The grid as text: column clues stacked on top, row clues on the right, █ filled, · empty."""
    depth = max((len(c) for c in col_clues), default=0) or 1
    out = []
    for i in range(depth):
        row = []
        for clue in col_clues:
            shown = clue or (0,)
            k = i - (depth - len(shown))
            row.append(f"{shown[k]:<2}" if k >= 0 else "  ")
        out.append("".join(row).rstrip())
    for r, clue in enumerate(row_clues):
        cells = "".join("██" if grid is not None and grid[r][c] else "· " for c in range(len(col_clues)))
        out.append(f"{cells}  {' '.join(map(str, clue)) or '0'}")
    return "\n".join(out)


# --- the answer: filled cells, as rows of 0 and 1 ----------------------------------------------------


class Filled(Layer):
    """Filled cells: a boolean per cell, ``(key, r, c)`` in the model. JSON: the rows, 1 for a
    filled cell and 0 for an empty one; a state: the rows with ``null`` for unknown cells, and
    ``"complete": true`` says every unknown cell is empty."""

    answer = True
    binary = True  # a complete state leaves every unknown cell empty
    WORDS = "1 (filled), 0 (empty) or null (unknown)"

    def __init__(self, name: str = "grid", key: str = "cell"):
        super().__init__(name, "filled cells")
        self.key = key

    def keys(self, height: int, width: int) -> list[Hashable]:
        return [(self.key, r, c) for r in range(height) for c in range(width)]

    def variables(self, m: ModelBuilder, height: int, width: int) -> dict[Cell, Lit]:
        return {(r, c): m.bool((self.key, r, c)) for r in range(height) for c in range(width)}

    def decode(self, values: Mapping[Hashable, int], height: int, width: int) -> tuple:
        return tuple(tuple(int(bool(values.get((self.key, r, c), 0))) for c in range(width))
                     for r in range(height))

    def answer_of(self, value: tuple, height: int, width: int) -> dict[Hashable, int]:
        return {(self.key, r, c): v for r, row in enumerate(value) for c, v in enumerate(row)}

    def normal(self, value: Any, height: int, width: int, source: str = SOLUTION,
               classic: bool = True) -> tuple:
        """Solution JSON's rows, in the wording of the hand-written genres."""
        name = self.name
        if not isinstance(value, list):
            raise ParseError(f"solution field {name!r} must be a list, found {said(value)}", source=source)
        if len(value) != height:
            raise ParseError(f"solution field {self.name!r} must have {height} rows, found {len(value)}",
                             source=source)
        out = []
        for r, row in enumerate(value):
            cells = isinstance(row, list) and all(is_int(v) and v in (0, 1) for v in row)
            if not cells or len(row) != width:
                raise ParseError(f"{name}[{r}]: expected a list of {width} cells 0 or 1, found {said(row)}",
                                 source=source)
            out.append(tuple(map(int, row)))
        return tuple(out)

    def to_json(self, value: tuple) -> list[list[int]]:
        return [list(row) for row in value]

    def state_fields(self) -> tuple[str, ...]:
        return (self.name,)

    def read_state(self, data: Mapping[str, Any], height: int, width: int, **_: Any) -> dict[Hashable, int]:
        if self.name not in data:
            return {}
        rows, name = data[self.name], self.name
        if not isinstance(rows, list):
            raise ParseError(f"{name}: expected a list, found {said(rows)}", source=STATE)
        if len(rows) != height:
            raise ParseError(f"{name}: expected {height} rows, found {len(rows)}", source=STATE)
        out: dict[Hashable, int] = {}
        for r, row in enumerate(rows):
            if not isinstance(row, list) or len(row) != width:
                raise ParseError(f"{name}[{r}]: expected a list of {width} cells, found {said(row)}",
                                 source=STATE)
            for c, v in enumerate(row):
                if v is None:
                    continue
                if not (is_int(v) and v in (0, 1)):
                    raise ParseError(f"{name}[{r}][{c}]: expected {self.WORDS}, found {said(v)}",
                                     source=STATE)
                out[(self.key, r, c)] = int(v)
        return out

    def write_state(self, state: Mapping[Hashable, int], height: int, width: int) -> dict[str, Any]:
        """The state JSON: rows, null where unknown (ValueError for a key or value that is not one)."""
        rows: list[list[int | None]] = [[None] * width for _ in range(height)]
        for key, v in state.items():
            if not (isinstance(key, tuple) and len(key) == 3 and key[0] == self.key
                    and all(is_int(i) for i in key[1:]) and 0 <= key[1] < height and 0 <= key[2] < width):
                raise ValueError(self.stray(key, height, width))
            if not (is_int(v) and v in (0, 1)):
                raise ValueError(f"{key!r} has the value {v!r}; expected 0 or 1")
            rows[key[1]][key[2]] = v
        return {self.name: rows}

    @staticmethod
    def stray(key: Any, height: int, width: int) -> str:
        """A state's key that is none of the cells, in words."""
        return f"{key!r} is not a cell of this {height}x{width} puzzle"

    def describe(self, key: tuple, value: int) -> str:
        return f"cell ({key[1]}, {key[2]}) is {'filled' if value else 'empty'}"


# --- the file: keyword sections -------------------------------------------------------------------------


class Sections:
    """The ``.non`` form of a genre whose clues are a `Runs` layer per axis: ``width W``,
    ``height H``, and each layer's keyword line (``rows``, ``columns``) followed by one clue
    line per line, in any order; the `IGNORED` keyword lines are skipped."""

    @staticmethod
    def read(genre: Any, text: str, source: str) -> Any:
        lines = content_lines(text, source)
        by_label = {layer.label: layer for layer in genre.clues if isinstance(layer, Runs)}
        sizes: dict[str, tuple[int, Line]] = {}
        sections: dict[str, tuple[Line, list[Line]]] = {}
        current: str | None = None
        for line in lines:
            indent = len(line.text) - len(line.text.lstrip())
            if line.text[indent].isdigit():
                if current is None:
                    raise error(source, line, indent + 1,
                                f"a clue line must follow a {_either(by_label)} line")
                sections[current][1].append(line)
                continue
            match = re.match(r"[A-Za-z][A-Za-z0-9_-]*", line.text[indent:])
            key = match.group().lower() if match else ""
            rest_col = indent + (match.end() if match else 0) + 1
            rest = line.text[rest_col - 1:]
            current = None
            if key in ("width", "height"):
                if key in sizes:
                    raise error(source, line, indent + 1, f"'{key}' given twice")
                sizes[key] = (_size(line, key, rest, rest_col, source), line)
            elif key in by_label:
                if key in sections:
                    raise error(source, line, indent + 1, f"'{key}' section given twice")
                if rest.strip():
                    raise error(source, line, rest_col + len(rest) - len(rest.lstrip()),
                                f"expected nothing after '{key}' (its clues go on the following lines)")
                sections[key] = (line, [])
                current = key
            elif key not in IGNORED:
                word = line.text[indent:].split()[0]
                raise error(source, line, indent + 1,
                            f"unknown line {word!r}: expected width, height, {', '.join(by_label)}, a clue "
                            f"line, or one of {', '.join(sorted(IGNORED))}")
        end = lines[-1]
        for key in ("width", "height"):
            if key not in sizes:
                raise error(source, end, len(end.text) + 1, f"missing the '{key} N' line")
        (width, width_line), (height, height_line) = sizes["width"], sizes["height"]
        check_size(height, width, source, max(width_line, height_line, key=lambda x: x.number))
        values: dict[str, tuple[Clue, ...]] = {}
        places: dict[tuple, tuple[Line, int]] = {}
        for key, layer in by_label.items():
            if key not in sections:
                raise error(source, end, len(end.text) + 1, f"missing the '{key}' section")
            header, body = sections[key]
            count, unit = layer.length(height, width), layer.unit
            if len(body) < count:
                raise error(source, header, 1, f"expected {count} {unit} clue lines after '{key}' "
                            f"({count} {unit}s), found {len(body)}")
            if len(body) > count:
                raise error(source, body[count], 1,
                            f"one {unit} clue line too many: there are only {count} {unit}s")
            values[layer.name] = tuple(layer.read_clue(line, source) for line in body)
            places[(layer.name,)] = (header, 1)
            places.update({(layer.name, i): (line, 1) for i, line in enumerate(body)})
        later = max((sections[k][0] for k in by_label), key=lambda x: x.number)
        try:
            return genre.make(height, width, values)
        except ParseError as exc:
            if not hasattr(exc, "at"):
                raise
            at_line, column = places.get(tuple(exc.at)[:2], (later, 1))  # type: ignore[attr-defined]
            raise error(source, at_line, column, exc.template) from None  # type: ignore[attr-defined]

    @staticmethod
    def write(genre: Any, puzzle: Any) -> str:
        out = [f"width {puzzle.width}", f"height {puzzle.height}"]
        for layer in genre.clues:
            out += ["", layer.label, *(clue_text(clue) for clue in getattr(puzzle, layer.name))]
        return "\n".join(out) + "\n"


def _either(labels: Iterable[str]) -> str:
    return " or ".join(f"'{label}'" for label in labels)


def _size(line: Line, key: str, rest: str, rest_col: int, source: str) -> int:
    """The number after ``width`` or ``height``."""
    toks = [Token(m.group(), rest_col + m.start()) for m in re.finditer(r"\S+", rest)]
    if len(toks) != 1:
        raise error(source, line, rest_col if toks else len(line.text) + 1,
                    f"expected '{key} N' with one whole number N")
    value = parse_int(toks[0], line, source, f"the {key} (a whole number)")
    if value < 1:
        raise error(source, line, toks[0].column, f"the {key} must be at least 1, found {value}")
    return value
