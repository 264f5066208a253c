"""Patches (LinkedIn Patches, a Shikaku variant): split the grid into rectangles, one clue each."""

from __future__ import annotations

import random as _random
import re
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from math import isqrt
from typing import Any

from ... import grid, textio
from ...clock import UNLIMITED, Deadline
from ...grid import Cell
from ...ir import Lit, Model, ModelBuilder
from .. import _common, _states
from .._rectangles import (  # noqa: F401 (part of this module's API)
    MAX_TERMS,
    ModelTooLarge,
    candidates,
    cores,
    listed,
    pieces,
    prefix_sums,
    shape_ok,
    size_of,
    total,
)

#: The backends `auto` tries first, fastest first, as measured (docs/benchmarks.md); the rest
#: follow in the default order.
BACKENDS = ("cpsat", "sat")

NAME = "patches"
SHAPES = {"s": "square", "w": "wider than tall", "t": "taller than wide"}
_TOKEN = re.compile(r"(\d{1,9})?([A-Za-z])?")

Rect = tuple[int, int, int, int]  # top, left, height, width


@dataclass(frozen=True)
class Clue:
    """A clue: the rectangle's area and shape letter (``s``, ``w``, ``t``), each optional.

    Checked when made, as the parser checks a clue token: a shape letter of `SHAPES`, an area
    from 1 to `textio.MAX_CELLS` that some rectangle of that shape has (``3s`` and ``1w`` have
    none); otherwise `ParseError`.
    """

    area: int | None = None
    shape: str | None = None

    def __post_init__(self) -> None:
        Invalid, shown = _common.Invalid, _common.shown
        area, letter = self.area, self.shape
        if letter is not None and (not isinstance(letter, str) or letter not in SHAPES):
            raise Invalid(
                f"unknown shape letter {shown(letter)}: expected s (square), w (wider than tall) "
                "or t (taller than wide)",
                ("shape",), field="",
            )
        if area is None:
            return
        if not _common.is_int(area):
            raise Invalid(f"a clue's area is a whole number, found {shown(area)}", ("area",), field="")
        problem = None
        if area < 1:
            problem = f"a rectangle's area is at least 1, found {str(self)!r}"
        elif area > textio.MAX_CELLS:
            problem = f"area {shown(area)} is larger than any grid ({textio.MAX_CELLS} cells)"
        elif letter == "s" and isqrt(area) ** 2 != area:
            problem = f"no square has area {area} ({str(self)!r})"
        elif letter in ("w", "t") and area == 1:
            problem = f"a 1x1 rectangle is a square, not {SHAPES[letter]} ({str(self)!r})"
        if problem:
            raise Invalid(problem, ("area",), field="")
        object.__setattr__(self, "area", int(area))

    def __str__(self) -> str:
        text = (_common.shown(self.area) if self.area is not None else "") + (self.shape or "")
        return text or "?"

    def fits(self, height: int, width: int) -> bool:
        """Whether a rectangle of this size matches the clue."""
        if self.area is not None and height * width != self.area:
            return False
        return shape_ok(self.shape, height, width)


def _possible(area: int, shape: str | None) -> bool:
    """Whether some rectangle has this area and shape letter."""
    if shape == "s":
        return isqrt(area) ** 2 == area
    return area > 1 or shape is None


def _clue_cell(value: Any, at: tuple) -> Clue | None:
    if value is None or isinstance(value, Clue):
        return value
    raise _common.Invalid(f"expected a Clue or None, found {_common.shown(value)}", at)


@dataclass(frozen=True)
class Puzzle(_common.GridShape):
    """The grid: ``grid[r][c]`` is a `Clue` or None for a cell without one.

    The data is checked when the puzzle is made, by the rules the parser applies to a file: a
    rectangular grid within the size limits, at least one clue, no area larger than the grid
    (each `Clue` checks itself). A break raises `ParseError` naming the place (``<puzzle>:
    grid[1][2]: ...``). Lists are accepted for tuples and stored as tuples.
    """

    grid: tuple[tuple[Clue | None, ...], ...]

    def __post_init__(self) -> None:
        rows = _common.grid_of(self.grid, _clue_cell)
        cells = len(rows) * len(rows[0])
        found = False
        for r, row in enumerate(rows):
            for c, clue in enumerate(row):
                if clue is not None:
                    found = True
                    if clue.area is not None and clue.area > cells:
                        raise _common.Invalid(
                            f"area {clue.area} is larger than the grid ({cells} cells)", ("grid", r, c)
                        )
        if not found:
            raise _common.Invalid("no clues: every rectangle needs one", ("grid",))
        _common.assign(self, grid=rows)

    def clues(self) -> dict[Cell, Clue]:
        """Every clue by cell."""
        return {(r, c): v for r, row in enumerate(self.grid) for c, v in enumerate(row) if v is not None}


@dataclass(frozen=True)
class Solution:
    """The rectangles as ``(top, left, height, width)``, sorted."""

    rects: tuple[Rect, ...]

    def to_json(self) -> dict[str, Any]:
        return {"rects": [list(rect) for rect in self.rects]}


def make_solution(rects: Any) -> Solution:
    """A Solution from rectangles in any order (duplicates are kept for `verify`)."""
    return Solution(tuple(sorted(tuple(rect) for rect in rects)))


def rect_cells(rect: Rect) -> Iterator[Cell]:
    """The cells of a rectangle, row by row."""
    top, left, height, width = rect
    for r in range(top, top + height):
        for c in range(left, left + width):
            yield (r, c)


# parsing -------------------------------------------------------------------------------


def parse_clue(tok: textio.Token, line: textio.Line, source: str) -> Clue | None:
    """One token: ``.`` no clue, ``?`` a bare clue, else an optional area and an optional letter
    (the `Clue` checks them)."""
    if tok.text == ".":
        return None
    if tok.text == "?":
        return Clue()
    match = _TOKEN.fullmatch(tok.text)
    if not tok.text or match is None:
        raise textio.error(
            source, line, tok.column,
            f"expected '.', '?', or an area and/or a shape letter s, w, t (e.g. 4s, 6, w), "
            f"found {tok.text!r}",
        )
    number, letter = match.groups()
    places = {("area",): tok.column, ("shape",): tok.column + len(number or "")}
    with _common.located(source, lambda at: (line, places.get(at, tok.column))):
        return Clue(int(number) if number is not None else None, letter)


def parse(text: str, source: str = "<string>") -> Puzzle:
    """Read whitespace-separated tokens, one line per row (see `parse_clue`)."""
    lines = textio.content_lines(text, source)
    _, body = textio.read_headers(lines, set(), source)
    rows = textio.grid_rows(body, source)
    out = [[parse_clue(tok, line, source) for tok in row] for line, row in zip(body, rows)]
    with _common.located(source, _common.grid_place(body, rows)):
        return Puzzle(out)


def format(puzzle: Puzzle) -> str:
    """The puzzle in its file format (columns aligned)."""
    texts = [["." if v is None else str(v) for v in row] for row in puzzle.grid]
    size = max(len(t) for row in texts for t in row)
    return "".join(" ".join(t.rjust(size) for t in row).rstrip() + "\n" for row in texts)


# model ---------------------------------------------------------------------------------


def rect_key(rect: Rect) -> Hashable:
    """The IR variable key of 'this rectangle is one of the pieces'."""
    return ("rect",) + rect


def model(puzzle: Puzzle, deadline: Deadline = UNLIMITED) -> Model:
    """The rules of docs/genres/patches.md, one block per sentence.

    Building it can take seconds on a large grid with few clues; ``deadline`` stops it with
    `OutOfTime` (see `puzzlekit.clock`).
    """
    m = ModelBuilder(NAME)
    # Split the grid into rectangles, each holding exactly one clue; the rectangle's area
    # equals the number when given and its shape matches the letter when given: one boolean
    # per rectangle that could be the clue's piece (`pieces`: none that no solution can use).
    options = pieces(puzzle, deadline)
    chosen: dict[Rect, Lit] = {rect: m.bool(rect_key(rect)) for rects in options.values() for rect in rects}

    # Each clue lies in exactly one of the rectangles.
    for cell, rects in options.items():
        with m.rule(_clue_rule(cell, puzzle.grid[cell[0]][cell[1]]), cells=[cell]):
            m.exactly(1, [chosen[rect] for rect in rects])

    # The rectangles split the grid: every cell lies in exactly one of them.
    covering: list[list[list[Lit]]] = [[[] for _ in range(puzzle.width)] for _ in range(puzzle.height)]
    for (top, left, height, width), x in deadline.paced(chosen.items(), every=4):
        for row in covering[top : top + height]:
            for lits in row[left : left + width]:
                lits.append(x)
    for r, row in deadline.paced(enumerate(covering), every=1):
        for c, lits in enumerate(row):
            with m.rule(f"the rectangles split the grid: cell {(r, c)} lies in exactly one", cells=[(r, c)]):
                m.exactly(1, lits)

    m.output(chosen.values())
    return m.build()


def _clue_rule(cell: Cell, clue: Clue) -> str:
    """A clue's rule in words: ``the clue 4s at (0, 4) lies in one rectangle: square, of area 4``."""
    parts = ([SHAPES[clue.shape]] if clue.shape else []) + ([f"of area {clue.area}"] if clue.area else [])
    return f"the clue {clue} at {cell} lies in one rectangle" + (": " + ", ".join(parts) if parts else "")


def decode(puzzle: Puzzle, assignment: dict[Hashable, int]) -> Solution:
    """The rectangles from the values of the rectangle variables."""
    return make_solution(k[1:] for k, v in assignment.items() if k[0] == "rect" and v)


# checking ------------------------------------------------------------------------------


def verify(puzzle: Puzzle, solution: Solution) -> list[str]:
    """Every broken rule, in words; empty when the split is valid. Independent of the model.

    Near-linear in the grid and the rectangles: the clues in a rectangle come from prefix
    sums, and cells are visited one by one only while the rectangles' areas add up to at
    most a few times the grid (beyond that, overlaps are counted, not listed cell by cell).
    """
    h, w = puzzle.height, puzzle.width
    clues = puzzle.clues()
    problems: list[str] = []
    # how many clues, and the sums of their rows and columns: one clue's place is the sums
    count = prefix_sums(h, w, {cell: 1 for cell in clues})
    row_sum = prefix_sums(h, w, {cell: cell[0] for cell in clues})
    col_sum = prefix_sums(h, w, {cell: cell[1] for cell in clues})

    def fits(rect: Rect) -> bool:
        top, left, height, width = rect
        return min(height, width) >= 1 and min(top, left) >= 0 and top + height <= h and left + width <= w

    rects = [rect for rect in solution.rects if fits(rect)]
    paint = sum(rect[2] * rect[3] for rect in rects) <= 4 * h * w
    owner: dict[Cell, Rect] = {}
    for rect in solution.rects:
        top, left, height, width = rect
        name = f"rectangle {list(rect)}"
        if height < 1 or width < 1:
            problems.append(f"{name} is empty")
            continue
        if not fits(rect):
            problems.append(f"{name} leaves the {h}x{w} grid")
            continue
        if paint:
            for cell in rect_cells(rect):
                if cell in owner:
                    problems.append(f"cell {cell} lies in both {list(owner[cell])} and {list(rect)}")
                else:
                    owner[cell] = rect
        inside = total(count, rect)
        if inside != 1:
            problems.append(f"{name} holds {inside} clues, not exactly one")
            continue
        where = (total(row_sum, rect), total(col_sum, rect))
        clue = clues[where]
        if clue.area is not None and height * width != clue.area:
            problems.append(f"{name} has area {height * width}, its clue {clue} at {where} asks {clue.area}")
        if clue.shape is not None and not shape_ok(clue.shape, height, width):
            asks = SHAPES[clue.shape]
            problems.append(f"{name} is {height}x{width}, its clue {clue} at {where} asks {asks}")
    if paint:
        missing = [cell for cell in grid.cells(h, w) if cell not in owner]
    else:
        covered = _coverage(h, w, rects)
        twice = [cell for cell in grid.cells(h, w) if covered[cell[0]][cell[1]] > 1]
        shown = ", ".join(map(str, twice[:5])) + (", ..." if len(twice) > 5 else "")
        problems.append(f"{len(twice)} cells lie in more than one rectangle: {shown}")
        missing = [cell for cell in grid.cells(h, w) if not covered[cell[0]][cell[1]]]
    if missing:
        shown = ", ".join(map(str, missing[:5])) + (", ..." if len(missing) > 5 else "")
        problems.append(f"{len(missing)} cells lie in no rectangle: {shown}")
    return problems


def _coverage(h: int, w: int, rects: list[Rect]) -> list[list[int]]:
    """How many of the rectangles cover each cell (a difference table, then running sums)."""
    diff = [[0] * (w + 1) for _ in range(h + 1)]
    for top, left, height, width in rects:
        diff[top][left] += 1
        diff[top][left + width] -= 1
        diff[top + height][left] -= 1
        diff[top + height][left + width] += 1
    out = [[0] * w for _ in range(h)]
    for r in range(h):
        run = 0
        for c in range(w):
            run += diff[r][c]
            out[r][c] = run + (out[r - 1][c] if r else 0)
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The grid with box-drawing borders around each rectangle (around every cell without a solution)."""
    h, w = puzzle.height, puzzle.width
    piece: dict[Cell, Any] = {cell: cell for cell in grid.cells(h, w)}
    for rect in solution.rects if solution else ():
        for cell in rect_cells(rect):
            piece[cell] = rect
    texts = {cell: str(clue) for cell, clue in puzzle.clues().items()}
    size = max((len(t) for t in texts.values()), default=1)

    def wall(a: Cell, b: Cell) -> bool:
        """Whether a border separates two cells (a cell off the grid is always separated)."""
        return piece.get(a, a) != piece.get(b, b) or a not in piece or b not in piece

    out = []
    for r in range(h + 1):
        top = []
        for c in range(w + 1):
            dirs = set()
            if wall((r - 1, c - 1), (r - 1, c)) and r > 0:
                dirs.add("U")
            if wall((r, c - 1), (r, c)) and r < h:
                dirs.add("D")
            if wall((r - 1, c - 1), (r, c - 1)) and c > 0:
                dirs.add("L")
            if wall((r - 1, c), (r, c)) and c < w:
                dirs.add("R")
            top.append(_common.BOX[frozenset(dirs)])
            if c < w:
                top.append(("─" if "R" in dirs else " ") * size)
        out.append("".join(top).rstrip())
        if r < h:
            row = []
            for c in range(w + 1):
                row.append("│" if wall((r, c - 1), (r, c)) else " ")
                if c < w:
                    row.append(texts.get((r, c), "").center(size))
            out.append("".join(row).rstrip())
    return "\n".join(out)


def solution_from_json(puzzle: Puzzle, data: Any) -> Solution:
    """A solution from its JSON shape ``{"rects": [[top, left, height, width], ...]}``."""
    h, w = puzzle.height, puzzle.width
    items = _common.require(data, "rects", list)
    if len(items) > h * w:
        raise _common.refuse(
            f"rects: {len(items)} rectangles listed, but the {h}x{w} grid has only {h * w} cells"
        )
    first: dict[Rect, int] = {}
    shown = _common.shown
    for i, item in enumerate(items):
        if not isinstance(item, list) or len(item) != 4 or not all(map(_common.is_int, item)):
            raise _common.refuse(f"rects[{i}]: expected [top, left, height, width], found {shown(item)}")
        top, left, height, width = rect = (int(item[0]), int(item[1]), int(item[2]), int(item[3]))
        if height < 1 or width < 1:
            raise _common.refuse(f"rects[{i}]: {shown(item)} is empty (height and width are at least 1)")
        if not (0 <= top and 0 <= left and top + height <= h and left + width <= w):
            raise _common.refuse(f"rects[{i}]: {shown(item)} leaves the {h}x{w} grid")
        if rect in first:
            raise _common.refuse(f"rects[{i}]: {list(rect)} is listed twice (first as rects[{first[rect]}])")
        first[rect] = i
    return make_solution(first)


def state_from_json(puzzle: Puzzle, data: Any) -> dict[Hashable, int]:
    """A player's state from ``{"rects": [[top, left, height, width], ...], "no_rects": [...],
    "complete": false}`` (see docs/genres/patches.md): rectangles known to be patches, and
    rectangles known not to be.

    A rectangle in ``no_rects`` that no solution can use (not among the candidates of the
    model) states nothing the puzzle does not and is left out; one in ``rects`` is kept, and a
    hint reports it as wrong.
    """
    h, w = puzzle.height, puzzle.width

    def rects(value: int) -> _states.Field:
        def item(raw: Any, place: str) -> tuple[Hashable, int]:
            if not isinstance(raw, list) or len(raw) != 4 or not all(map(_common.is_int, raw)):
                found = _common.shown(raw)
                raise _states.refuse(f"{place}: expected [top, left, height, width], found {found}")
            top, left, height, width = rect = (int(raw[0]), int(raw[1]), int(raw[2]), int(raw[3]))
            if height < 1 or width < 1:
                raise _states.refuse(f"{place}: {list(rect)} is empty (height and width are at least 1)")
            if not (0 <= top and 0 <= left and top + height <= h and left + width <= w):
                raise _states.refuse(f"{place}: {list(rect)} leaves the {h}x{w} grid")
            return rect_key(rect), value

        return _states.each(item)

    found: list[set[Hashable]] = []

    def every() -> set[Hashable]:
        if not found:
            found.append({rect_key(rect) for options in pieces(puzzle).values() for rect in options})
        return found[0]

    def text(key: Hashable) -> str:
        return f"the rectangle {list(key[1:])}"  # type: ignore[index]

    state = _states.read(data, NAME, {"rects": rects(1), "no_rects": rects(0)}, text, every)
    if any(not value for value in state.values()):
        state = {key: value for key, value in state.items() if value or key in every()}
    return state


def state_to_json(puzzle: Puzzle, state: dict[Hashable, int]) -> dict[str, Any]:
    """The state JSON of a state (`state_from_json` reads it back to the same state)."""
    return _states.write(state, "rect", "rects", "no_rects", lambda key, value: list(key[1:]))


def describe(puzzle: Puzzle, key: Hashable, value: int) -> str:
    """An answer-key value in words: ``the rectangle at rows 2-3, columns 0-4 is a patch``."""
    _, top, left, height, width = key  # type: ignore[misc]

    def span(name: str, start: int, size: int) -> str:
        return f"{name} {start}" if size == 1 else f"{name}s {start}-{start + size - 1}"

    where = f"{span('row', top, height)}, {span('column', left, width)}"
    return f"the rectangle at {where} is {'a patch' if value else 'not a patch'}"


def random_puzzle(
    rng: _random.Random,
    height: int,
    width: int,
    size: int = 4,
    area: float = 0.7,
    shape: float = 0.3,
    corrupt: float = 0.0,
) -> Puzzle:
    """A random split into rectangles (sides up to ``size``), one clue in each.

    Each clue shows its area with chance ``area`` and its shape letter with chance ``shape``
    (neither: ``?``). With chance ``corrupt`` one clue's area is moved by one, which often
    leaves no solution.
    """
    cells: dict[Cell, Clue] = {}
    for rect in random_split(rng, height, width, size):
        _, _, ph, pw = rect
        letter = "s" if ph == pw else "w" if pw > ph else "t"
        clue = Clue(ph * pw if rng.random() < area else None, letter if rng.random() < shape else None)
        cells[rng.choice(list(rect_cells(rect)))] = clue
    if cells and rng.random() < corrupt:
        where = rng.choice(sorted(cells))
        clue = cells[where]
        bigger = (clue.area or 1) + rng.choice((-1, 1))
        if 1 <= bigger <= height * width:
            letter = clue.shape if _possible(bigger, clue.shape) else None
            cells[where] = Clue(bigger, letter)
    return Puzzle(tuple(tuple(cells.get((r, c)) for c in range(width)) for r in range(height)))


def random_split(rng: _random.Random, height: int, width: int, size: int = 4) -> list[Rect]:
    """A random split of the grid into rectangles with sides up to ``size``, sorted: each free
    cell in reading order starts one, as wide as the free cells to its right allow."""
    owner: dict[Cell, Rect] = {}
    for r, c in grid.cells(height, width):
        if (r, c) in owner:
            continue
        reach = 0
        while c + reach < width and (r, c + reach) not in owner and reach < size:
            reach += 1
        pw = rng.randint(1, reach)
        ph = rng.randint(1, min(size, height - r))
        for cell in rect_cells((r, c, ph, pw)):
            owner[cell] = (r, c, ph, pw)
    return sorted(set(owner.values()))
