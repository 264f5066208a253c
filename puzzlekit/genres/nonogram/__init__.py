"""Nonogram: fill cells so every row's and column's runs of filled cells match the clues."""

from __future__ import annotations

import random as _random
import re
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from ... import textio
from ...clock import UNLIMITED, Deadline
from ...ir import Model, ModelBuilder
from .. import _common, _states

NAME = "nonogram"
#: Keyword lines of the `.non` format that carry no constraint and are skipped.
IGNORED = frozenset({
    "title", "catalogue", "catalog", "goal", "copyright", "author", "by", "license", "licence",
    "note", "notes", "source", "url", "id", "description", "difficulty", "comment", "date",
})
SECTIONS = ("rows", "columns")

Clue = tuple[int, ...]


@dataclass(frozen=True)
class Puzzle(_common.LineShape):
    """Run lengths per row (top to bottom) and per column (left to right); ``()`` is an empty line.

    The data is checked when the puzzle is made, by the rules the parser applies to a file: a
    size within the limits, run lengths of at least 1 that fit their line, and row and column
    clues that fill the same number of cells. A break raises `ParseError` naming the place
    (``<puzzle>: rows[3]: ...``). Lists are accepted for tuples and stored as tuples.
    """

    rows: tuple[Clue, ...]
    cols: tuple[Clue, ...]

    def __post_init__(self) -> None:
        _check(self)


def _check(puzzle: Puzzle) -> None:
    """The rules of a well-formed Nonogram (see `Puzzle`); stores the clues as tuples."""
    Invalid, shown = _common.Invalid, _common.shown
    lines = {
        name: _common.sequence(getattr(puzzle, name), (name,), f"a tuple of {unit} clues")
        for name, unit in (("rows", "row"), ("cols", "column"))
    }
    height, width = len(lines["rows"]), len(lines["cols"])
    _common.check_size(height, width, ("rows",))
    clues: dict[str, tuple[Clue, ...]] = {}
    for name, unit, length in (("rows", "row", width), ("cols", "column", height)):
        out = []
        for i, clue in enumerate(lines[name]):
            clue = _common.sequence(clue, (name, i), "a clue (a tuple of run lengths)")
            for j, run in enumerate(clue):
                if not (_common.is_int(run) and run >= 1):
                    raise Invalid(
                        f"a run length is a whole number of at least 1, found {shown(run)} "
                        "(a line without runs is ())",
                        (name, i, j),
                    )
            need = sum(clue) + len(clue) - 1
            if need > length:
                raise Invalid(
                    f"the runs {','.join(map(shown, clue))} need at least {need} cells, "
                    f"but a {unit} has {length}",
                    (name, i),
                )
            out.append(tuple(map(int, clue)))
        clues[name] = tuple(out)
    total_rows, total_cols = sum(map(sum, clues["rows"])), sum(map(sum, clues["cols"]))
    if total_rows != total_cols:
        raise Invalid(
            f"the row clues fill {total_rows} cells but the column clues fill {total_cols}: "
            "both count the same filled cells, so they must agree",
            ("totals",), field="",
        )
    _common.assign(puzzle, rows=clues["rows"], cols=clues["cols"])


@dataclass(frozen=True)
class Solution:
    """The grid: ``grid[r][c]`` is 1 for a filled cell, 0 for an empty one."""

    grid: tuple[tuple[int, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {"grid": [list(row) for row in self.grid]}


def runs_of(line: Any) -> Clue:
    """Lengths of the blocks of filled (truthy) cells of a line, in order."""
    return tuple(len(list(block)) for filled, block in groupby(line, bool) if filled)


# parsing -------------------------------------------------------------------------------


def _clue(line: textio.Line, source: str) -> Clue:
    """A clue line: comma-separated run lengths, or ``0`` alone for a line without runs."""
    numbers: list[tuple[int, int]] = []
    start = 0
    for piece in line.text.split(","):
        column = start + len(piece) - len(piece.lstrip()) + 1
        start += len(piece) + 1
        text = piece.strip()
        if not re.fullmatch(r"\d{1,6}", text):
            found = repr(text) if text else "nothing"
            raise textio.error(
                source, line, column,
                f"expected a run length (a whole number, commas between numbers), found {found}",
            )
        numbers.append((int(text), column))
    if len(numbers) == 1 and numbers[0][0] == 0:
        return ()
    for value, column in numbers:
        if value == 0:
            raise textio.error(
                source, line, column, "a run length of 0 may only stand alone (a line with no runs)"
            )
    return tuple(value for value, _ in numbers)


def _size(line: textio.Line, key: str, rest: str, rest_col: int, source: str) -> int:
    """The number after ``width`` or ``height``."""
    toks = [textio.Token(m.group(), rest_col + m.start()) for m in re.finditer(r"\S+", rest)]
    if len(toks) != 1:
        raise textio.error(source, line, rest_col if toks else len(line.text) + 1,
                           f"expected '{key} N' with one whole number N")
    value = textio.parse_int(toks[0], line, source, f"the {key} (a whole number)")
    if value < 1:
        raise textio.error(source, line, toks[0].column, f"the {key} must be at least 1, found {value}")
    return value


def parse(text: str, source: str = "<string>") -> Puzzle:
    """Read the `.non` format: ``width``, ``height``, ``rows`` and ``columns`` sections."""
    lines = textio.content_lines(text, source)
    sizes: dict[str, tuple[int, textio.Line]] = {}
    sections: dict[str, tuple[textio.Line, list[textio.Line]]] = {}
    current: str | None = None
    for line in lines:
        indent = len(line.text) - len(line.text.lstrip())
        if line.text[indent].isdigit():
            if current is None:
                raise textio.error(
                    source, line, indent + 1, "a clue line must follow a 'rows' or 'columns' line"
                )
            sections[current][1].append(line)
            continue
        match = re.match(r"[A-Za-z][A-Za-z0-9_-]*", line.text[indent:])
        key = match.group().lower() if match else ""
        rest_col = indent + (match.end() if match else 0) + 1
        rest = line.text[rest_col - 1 :]
        current = None
        if key in ("width", "height"):
            if key in sizes:
                raise textio.error(source, line, indent + 1, f"'{key}' given twice")
            sizes[key] = (_size(line, key, rest, rest_col, source), line)
        elif key in SECTIONS:
            if key in sections:
                raise textio.error(source, line, indent + 1, f"'{key}' section given twice")
            if rest.strip():
                raise textio.error(
                    source, line, rest_col + len(rest) - len(rest.lstrip()),
                    f"expected nothing after '{key}' (its clues go on the following lines)",
                )
            sections[key] = (line, [])
            current = key
        elif key not in IGNORED:
            word = line.text[indent:].split()[0]
            raise textio.error(
                source, line, indent + 1,
                f"unknown line {word!r}: expected width, height, rows, columns, a clue line, "
                f"or one of {', '.join(sorted(IGNORED))}",
            )
    end = lines[-1]
    for key in ("width", "height"):
        if key not in sizes:
            raise textio.error(source, end, len(end.text) + 1, f"missing the '{key} N' line")
    width, width_line = sizes["width"]
    height, height_line = sizes["height"]
    textio.check_size(height, width, source, max(width_line, height_line, key=lambda x: x.number))
    clues: dict[str, list[Clue]] = {}
    places: dict[tuple, tuple[textio.Line, int]] = {}
    for key, field, count in (("rows", "rows", height), ("columns", "cols", width)):
        if key not in sections:
            raise textio.error(source, end, len(end.text) + 1, f"missing the '{key}' section")
        header, body = sections[key]
        unit = key[:-1]
        if len(body) < count:
            raise textio.error(
                source, header, 1,
                f"expected {count} {unit} clue lines after '{key}' ({count} {unit}s), found {len(body)}",
            )
        if len(body) > count:
            raise textio.error(
                source, body[count], 1, f"one {unit} clue line too many: there are only {count} {unit}s"
            )
        clues[field] = [_clue(line, source) for line in body]
        places[(field,)] = (header, 1)
        places.update({(field, i): (line, 1) for i, line in enumerate(body)})
    later = max((sections[k][0] for k in SECTIONS), key=lambda x: x.number)
    places[("totals",)] = (later, 1)
    with _common.located(source, lambda at: places.get(at[:2], (later, 1))):
        return Puzzle(clues["rows"], clues["cols"])


def format(puzzle: Puzzle) -> str:
    """The puzzle in the `.non` format."""

    def clue(runs: Clue) -> str:
        return ",".join(map(str, runs)) or "0"

    out = [f"width {puzzle.width}", f"height {puzzle.height}", "", "rows"]
    out += [clue(r) for r in puzzle.rows]
    out += ["", "columns"]
    out += [clue(c) for c in puzzle.cols]
    return "\n".join(out) + "\n"


# model ---------------------------------------------------------------------------------


def cell_key(r: int, c: int) -> Hashable:
    """The IR variable key of a cell (1 = filled)."""
    return ("cell", r, c)


def model(puzzle: Puzzle, deadline: Deadline = UNLIMITED) -> Model:
    """The rules of docs/genres/nonogram.md, one block per sentence.

    ``deadline`` (`puzzlekit.clock.Deadline`) stops the building with `OutOfTime` when it ends.
    """
    h, w = puzzle.height, puzzle.width
    m = ModelBuilder(NAME)
    filled = [[m.bool(cell_key(r, c)) for c in range(w)] for r in range(h)]

    # Each row's runs of filled cells have the given lengths, in order (left to right).
    for r, clue in deadline.paced(enumerate(puzzle.rows), 64):
        with m.rule(_clue_rule(f"row {r}", clue), cells=[(r, c) for c in range(w)]):
            m.runs(filled[r], clue)

    # Each column's runs of filled cells have the given lengths, in order (top to bottom).
    for c, clue in enumerate(puzzle.cols):
        with m.rule(_clue_rule(f"column {c}", clue), cells=[(r, c) for r in range(h)]):
            m.runs([filled[r][c] for r in range(h)], clue)

    m.output(x for row in filled for x in row)
    deadline.check()
    return m.build()


def _clue_rule(line: str, clue: Clue) -> str:
    """A line's clue as a rule: ``row 2 has runs 3, 1 in order``."""
    if not clue:
        return f"{line} has no filled cells"
    if len(clue) == 1:
        return f"{line} has one run of {clue[0]}"
    return f"{line} has runs {', '.join(map(str, clue))} in order"


def decode(puzzle: Puzzle, assignment: dict[Hashable, int]) -> Solution:
    """The grid from the values of the cell variables."""
    return Solution(tuple(
        tuple(int(bool(assignment.get(cell_key(r, c), 0))) for c in range(puzzle.width))
        for r in range(puzzle.height)
    ))


def verify(puzzle: Puzzle, solution: Solution) -> list[str]:
    """Every broken rule, in words; empty when the grid is valid. Independent of the model."""
    h, w = puzzle.height, puzzle.width
    cells = solution.grid
    if len(cells) != h or any(len(row) != w for row in cells):
        return [f"the grid must be {h} rows of {w} cells"]
    problems = [
        f"cell ({r}, {c}) is {v!r}, not 0 or 1"
        for r, row in enumerate(cells) for c, v in enumerate(row) if v not in (0, 1) or isinstance(v, bool)
    ]
    if problems:
        return problems

    def show(runs: Clue) -> str:
        return ",".join(map(str, runs)) or "0"

    for r, clue in enumerate(puzzle.rows):
        got = runs_of(cells[r])
        if got != clue:
            problems.append(f"row {r} has runs {show(got)}, the clue is {show(clue)}")
    for c, clue in enumerate(puzzle.cols):
        got = runs_of(cells[r][c] for r in range(h))
        if got != clue:
            problems.append(f"column {c} has runs {show(got)}, the clue is {show(clue)}")
    return problems


def render(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The grid as text: column clues stacked on top, row clues on the right, █ filled, · empty."""
    depth = max((len(c) for c in puzzle.cols), default=0) or 1
    out = []
    for i in range(depth):
        row = []
        for clue in puzzle.cols:
            shown = clue or (0,)
            k = i - (depth - len(shown))
            row.append(f"{shown[k]:<2}" if k >= 0 else "  ")
        out.append("".join(row).rstrip())
    for r, clue in enumerate(puzzle.rows):
        cells = "".join(
            "██" if solution is not None and solution.grid[r][c] else "· " for c in range(puzzle.width)
        )
        out.append(f"{cells}  {' '.join(map(str, clue)) or '0'}")
    return "\n".join(out)


def solution_from_json(puzzle: Puzzle, data: Any) -> Solution:
    """A solution from its JSON shape ``{"grid": [[0|1, ...], ...]}``: H rows of W cells."""
    rows = _common.require(data, "grid", list)
    h, w = puzzle.height, puzzle.width
    if len(rows) != h:
        raise _common.refuse(f"solution field 'grid' must have {h} rows, found {len(rows)}")
    out = []
    for r, row in enumerate(rows):
        cells_ok = isinstance(row, list) and all(_common.is_int(v) and v in (0, 1) for v in row)
        if not cells_ok or len(row) != w:
            shown = _common.shown(row)
            raise _common.refuse(f"grid[{r}]: expected a list of {w} cells 0 or 1, found {shown}")
        out.append(tuple(map(int, row)))
    return Solution(tuple(out))


def _is_fill(value: int) -> bool:
    return value in (0, 1)


_FILL_WORDS = "1 (filled), 0 (empty) or null (unknown)"


def state_from_json(puzzle: Puzzle, data: Any) -> dict[Hashable, int]:
    """A player's state from ``{"grid": [[1, 0 or null, ...], ...], "complete": false}`` (see
    docs/genres/nonogram.md): 1 a cell known filled, 0 known empty, null unknown."""
    h, w = puzzle.height, puzzle.width
    cells = _states.cell_rows(h, w, _is_fill, _FILL_WORDS, lambda value: value is None)

    def text(key: Hashable) -> str:
        return f"cell ({key[1]}, {key[2]})"  # type: ignore[index]

    def every() -> Iterator[Hashable]:
        return (cell_key(r, c) for r in range(h) for c in range(w))

    return _states.read(data, NAME, {"grid": cells}, text, every)


def state_to_json(puzzle: Puzzle, state: dict[Hashable, int]) -> dict[str, Any]:
    """The state JSON of a state (`state_from_json` reads it back to the same state); unknown
    cells are null."""
    return _states.cell_json(state, puzzle.height, puzzle.width, _is_fill, "0 or 1")


def describe(puzzle: Puzzle, key: Hashable, value: int) -> str:
    """An answer-key value in words: ``cell (3, 4) is filled`` or ``... is empty``."""
    _, r, c = key  # type: ignore[misc]
    return f"cell ({r}, {c}) is {'filled' if value else 'empty'}"


def random_puzzle(
    rng: _random.Random, height: int, width: int, density: float = 0.5, corrupt: float = 0.0
) -> Puzzle:
    """The clues of a random grid (``density`` = chance a cell is filled); so at least one solution.

    With chance ``corrupt`` one clue is disturbed without changing any total (a row clue is
    reversed or two row clues swap), which often leaves no solution or a different one.
    """
    cells = [[int(rng.random() < density) for _ in range(width)] for _ in range(height)]
    rows = [runs_of(row) for row in cells]
    cols = tuple(runs_of(cells[r][c] for r in range(height)) for c in range(width))
    if rng.random() < corrupt:
        lopsided = [r for r, clue in enumerate(rows) if clue != clue[::-1]]
        if lopsided and rng.random() < 0.5:
            r = rng.choice(lopsided)
            rows[r] = rows[r][::-1]
        elif height > 1:
            i, j = rng.sample(range(height), 2)
            rows[i], rows[j] = rows[j], rows[i]
    return Puzzle(tuple(rows), cols)
