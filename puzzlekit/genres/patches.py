"""Patches (LinkedIn Patches, a Shikaku variant): split the grid into rectangles, one clue each."""

from __future__ import annotations

import random as _random
import re
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from math import isqrt
from typing import Any

from .. import grid, textio
from ..clock import UNLIMITED, Deadline
from ..errors import PuzzlekitError
from ..grid import Cell
from ..ir import Lit, Model, ModelBuilder
from . import _common

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


def shape_ok(shape: str | None, height: int, width: int) -> bool:
    """Whether a ``height`` x ``width`` rectangle has the shape letter's form (None: any)."""
    if shape == "s":
        return height == width
    if shape == "w":
        return width > height
    if shape == "t":
        return height > width
    return True


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


Core = tuple[int, int, int, int]  # top, bottom, left, right rows and columns, inclusive


def candidates(puzzle: Puzzle, deadline: Deadline = UNLIMITED) -> dict[Cell, list[Rect]]:
    """For each clue, every rectangle that holds it and no other clue and matches its area and shape.

    Generated row span by row span around the clue, so rectangles holding a second clue are
    never visited: the work is proportional to the rectangles listed.
    """
    clues = sorted(puzzle.clues().items())
    return _listed(puzzle, clues, [(r, r, c, c) for (r, c), _ in clues], deadline)


#: Most cells the candidate rectangles of a model may cover together (one count term each):
#: about 10 s and 1 GB to build. A grid with too few clues to fix the pieces goes far beyond.
MAX_TERMS = 10_000_000


class ModelTooLarge(PuzzlekitError, ValueError):
    """A puzzle whose model would be too large to build (see `MAX_TERMS`)."""


def pieces(puzzle: Puzzle, deadline: Deadline = UNLIMITED) -> dict[Cell, list[Rect]]:
    """The `candidates` that can be a clue's rectangle in some solution, as far as cheaply known.

    Every cell lies in some clue's rectangle. When only one clue has candidates that reach a
    cell, that clue's rectangle covers the cell, so its candidates shrink to those holding it
    and the other clues' candidates may not touch it; this is repeated until nothing changes.
    No solution is lost. On a grid with one ``?`` clue it leaves the whole grid as the only piece.
    """
    clues = sorted(puzzle.clues().items())
    return _listed(puzzle, clues, _cores(puzzle, clues, deadline), deadline)


def _size(
    puzzle: Puzzle, clues: list[tuple[Cell, Clue]], cores: list[Core], deadline: Deadline
) -> tuple[int, int]:
    """How many rectangles `_listed` would list, and how many cells they cover together."""
    space = _Space(puzzle.height, puzzle.width, cores)
    rects = cells = 0
    for (_, clue), core in zip(clues, cores):
        deadline.check()
        left, right = core[2], core[3]
        for top, bottom, a, b, widths in _pairs(space, core, clue):
            for width in widths:
                placed = min(left, b - width + 1) - max(a, right - width + 1) + 1
                rects += placed
                cells += placed * width * (bottom - top + 1)
    return rects, cells


class _Space:
    """The cores of all clues (the box each clue's rectangle must cover) on the grid, with the
    nearest core cell to the left and to the right of every cell, row by row."""

    def __init__(self, height: int, width: int, cores: list[Core]):
        self.height, self.width = height, width
        owner = [[-1] * width for _ in range(height)]
        self.overlap = False
        for k, (top, bottom, left, right) in enumerate(cores):
            for row in owner[top : bottom + 1]:
                if any(x != -1 for x in row[left : right + 1]):
                    self.overlap = True
                row[left : right + 1] = [k] * (right - left + 1)
        self.left: list[list[int]] = []  # left[i][j]: the last core column <= j in row i, or -1
        self.right: list[list[int]] = []  # right[i][j]: the first core column >= j in row i, or width
        for row in owner:
            last, lefts = -1, []
            for j, x in enumerate(row):
                if x != -1:
                    last = j
                lefts.append(last)
            first, rights = width, [0] * width
            for j in range(width - 1, -1, -1):
                if row[j] != -1:
                    first = j
                rights[j] = first
            self.left.append(lefts)
            self.right.append(rights)

    def spans(self, core: Core, most: int) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]:
        """The row spans a rectangle covering ``core`` and no other core can take, at most ``most`` tall.

        Returns ``tops``: ``(top, L, R)`` for each top row, nearest first, with the columns
        L..R that rows top..(core bottom) leave free; and ``bottoms``: ``(bottom, L, R)`` for
        the rows below the core. A rectangle of rows top..bottom may use columns
        max(L, L')..min(R, R').
        """
        top, bottom, left, right = core
        width = self.width

        def free(i: int) -> tuple[int, int] | None:
            lefts, rights = self.left[i], self.right[i]
            if not top <= i <= bottom and rights[left] <= right:
                return None  # another core lies in the core's columns
            first = lefts[left - 1] + 1 if left else 0
            return first, (rights[right + 1] - 1 if right + 1 < width else width - 1)

        lo, hi = 0, width - 1
        for i in range(top, bottom + 1):
            a, b = free(i)  # type: ignore[misc]
            lo, hi = max(lo, a), min(hi, b)
        tops = [(top, lo, hi)]
        for i in range(top - 1, max(-1, bottom - most), -1):
            limits = free(i)
            if limits is None:
                break
            lo, hi = max(lo, limits[0]), min(hi, limits[1])
            tops.append((i, lo, hi))
        lo, hi = 0, width - 1
        bottoms = [(bottom, lo, hi)]
        for i in range(bottom + 1, min(self.height, top + most)):
            limits = free(i)
            if limits is None:
                break
            lo, hi = max(lo, limits[0]), min(hi, limits[1])
            bottoms.append((i, lo, hi))
        return tops, bottoms


def _widths(clue: Clue, height: int, least: int, most: int) -> range:
    """The widths a rectangle of ``height`` rows may take for the clue, between ``least`` and ``most``."""
    if clue.area is not None:
        width = clue.area // height
        fits = width * height == clue.area and least <= width <= most
        if not fits or not shape_ok(clue.shape, height, width):
            return range(0)
        return range(width, width + 1)
    if clue.shape == "s":
        return range(height, height + 1) if least <= height <= most else range(0)
    if clue.shape == "w":
        return range(max(least, height + 1), most + 1)
    if clue.shape == "t":
        return range(least, min(most, height - 1) + 1)
    return range(least, most + 1)


def _tallest(clue: Clue, core: Core) -> int:
    """An upper bound on the height of the clue's rectangle (its area over the core's width)."""
    if clue.area is None:
        return textio.MAX_SIDE + 1
    return clue.area // (core[3] - core[2] + 1)


def _pairs(space: _Space, core: Core, clue: Clue) -> Iterator[tuple[int, int, int, int, range]]:
    """``(top, bottom, L, R, widths)`` for each row span the clue's rectangle may take."""
    tops, bottoms = space.spans(core, _tallest(clue, core))
    least = core[3] - core[2] + 1
    for top, lo, hi in tops:
        for bottom, lo2, hi2 in bottoms:
            height = bottom - top + 1
            a, b = max(lo, lo2), min(hi, hi2)
            widths = _widths(clue, height, least, b - a + 1)
            if widths:
                yield top, bottom, a, b, widths


def _listed(
    puzzle: Puzzle, clues: list[tuple[Cell, Clue]], cores: list[Core], deadline: Deadline
) -> dict[Cell, list[Rect]]:
    """Every rectangle covering each clue's core, no other core, of the clue's area and shape."""
    space = _Space(puzzle.height, puzzle.width, cores)
    out: dict[Cell, list[Rect]] = {}
    for (cell, clue), core in zip(clues, cores):
        deadline.check()
        left, right = core[2], core[3]
        rects = []
        for top, bottom, a, b, widths in _pairs(space, core, clue):
            height = bottom - top + 1
            for width in widths:
                lefts = range(max(a, right - width + 1), min(left, b - width + 1) + 1)
                rects += [(top, x, height, width) for x in lefts]
            if len(rects) > 4096:
                deadline.check()
        out[cell] = sorted(rects) if not space.overlap else []
    return out


def _cores(puzzle: Puzzle, clues: list[tuple[Cell, Clue]], deadline: Deadline) -> list[Core]:
    """For each clue, the box its rectangle covers in every solution (see `pieces`).

    Each round finds the cells only one clue reaches and grows that clue's box to hold them;
    a clue's reach is worked out again only when its box grew or another box grew into it.
    """
    h, w = puzzle.height, puzzle.width
    cores: list[Core] = [(r, r, c, c) for (r, c), _ in clues]
    # how many clues reach each cell, and the sum of their numbers (when one does: its number),
    # as differences along each row
    count = [[0] * (w + 1) for _ in range(h)]
    owner = [[0] * (w + 1) for _ in range(h)]
    reach: list[list[tuple[int, int, int]]] = [[] for _ in clues]
    boxes: list[Core] = list(cores)  # the bounding box of each clue's reach
    dirty = list(range(len(clues)))
    while dirty:
        deadline.check()
        space = _Space(h, w, cores)
        if space.overlap:  # two clues must cover one cell: there is no solution
            return cores
        for k in dirty:
            for sign, rows in ((-1, reach[k]), (1, None)):
                if rows is None:
                    rows = reach[k] = list(_reach(space, cores[k], clues[k][1]))
                    if rows:
                        lines = [i for i, _, _ in rows]
                        first, last = min(a for _, a, _ in rows), max(b for _, _, b in rows)
                        boxes[k] = (min(lines), max(lines), first, last)
                for i, a, b in rows:
                    count[i][a] += sign
                    count[i][b + 1] -= sign
                    owner[i][a] += sign * k
                    owner[i][b + 1] -= sign * k
        grown = [list(core) for core in cores]
        for i in range(h):
            seen = clue_sum = 0
            counts, owners = count[i], owner[i]
            for j in range(w):
                seen += counts[j]
                clue_sum += owners[j]
                if seen == 1:
                    box = grown[clue_sum]
                    if i < box[0]:
                        box[0] = i
                    elif i > box[1]:
                        box[1] = i
                    if j < box[2]:
                        box[2] = j
                    elif j > box[3]:
                        box[3] = j
                elif seen == 0:  # a cell no rectangle can reach: there is no solution
                    return cores
        changed = [k for k, box in enumerate(grown) if tuple(box) != cores[k]]
        cores = [tuple(box) for box in grown]  # type: ignore[misc]
        # the clues whose box grew, and those whose reach holds a cell some box grew into
        mark = {(i, j) for k in changed for i in range(cores[k][0], cores[k][1] + 1)
                for j in range(cores[k][2], cores[k][3] + 1)}
        touched = _prefix_sums(h, w, dict.fromkeys(mark, 1))
        dirty = [
            k for k, (top, bottom, left, right) in enumerate(boxes)
            if _total(touched, (top, left, bottom - top + 1, right - left + 1))
        ]
    return cores


def _reach(space: _Space, core: Core, clue: Clue) -> Iterator[tuple[int, int, int]]:
    """``(row, first, last)``: the columns of each row that some rectangle of the clue covers."""
    top, bottom, left, right = core
    above: dict[int, tuple[int, int]] = {}  # by top row: the widest columns of a rectangle starting there
    below: dict[int, tuple[int, int]] = {}  # by bottom row
    for t, b, lo, hi, widths in _pairs(space, core, clue):
        widest = widths[-1]
        first, last = max(lo, right - widest + 1), min(hi, left + widest - 1)
        old = above.get(t, (first, last))
        above[t] = (min(old[0], first), max(old[1], last))
        old = below.get(b, (first, last))
        below[b] = (min(old[0], first), max(old[1], last))
    if not above:
        return
    # a row above the core: rectangles starting at or above it; below: ending at or below it
    first, last = space.width, -1
    for i in range(min(above), top):
        if i in above:
            first, last = min(first, above[i][0]), max(last, above[i][1])
        if first <= last:
            yield i, first, last
    first = min(a for a, _ in above.values())
    last = max(b for _, b in above.values())
    for i in range(top, bottom + 1):  # the core's rows: every rectangle
        yield i, first, last
    first, last = space.width, -1
    for i in range(max(below), bottom, -1):
        if i in below:
            first, last = min(first, below[i][0]), max(last, below[i][1])
        if first <= last:
            yield i, first, last


def model(puzzle: Puzzle, deadline: Deadline = UNLIMITED) -> Model:
    """The rules of docs/genres/patches.md, one block per sentence.

    Building it can take seconds on a large grid with few clues; ``deadline`` stops it with
    `OutOfTime` (see `puzzlekit.clock`).
    """
    m = ModelBuilder(NAME)
    # Split the grid into rectangles, each holding exactly one clue; the rectangle's area
    # equals the number when given and its shape matches the letter when given: one boolean
    # per rectangle that could be the clue's piece (`pieces`: none that no solution can use).
    clues = sorted(puzzle.clues().items())
    cores = _cores(puzzle, clues, deadline)
    rects, cells = _size(puzzle, clues, cores, deadline)
    if cells > MAX_TERMS:
        raise ModelTooLarge(
            f"the patches model of this {puzzle.height}x{puzzle.width} grid would need {rects:,} candidate "
            f"rectangles covering {cells:,} cells (the limit is {MAX_TERMS:,}): its {len(clues)} clue(s) "
            "leave the pieces too free; give more clues or areas"
        )
    options = _listed(puzzle, clues, cores, deadline)
    chosen: dict[Rect, Lit] = {rect: m.bool(rect_key(rect)) for rects in options.values() for rect in rects}

    # Each clue lies in exactly one of the rectangles.
    for rects in options.values():
        m.exactly(1, [chosen[rect] for rect in rects])

    # The rectangles split the grid: every cell lies in exactly one of them.
    covering: list[list[list[Lit]]] = [[[] for _ in range(puzzle.width)] for _ in range(puzzle.height)]
    for (top, left, height, width), x in deadline.paced(chosen.items(), every=4):
        for row in covering[top : top + height]:
            for lits in row[left : left + width]:
                lits.append(x)
    for row in deadline.paced(covering, every=1):
        for lits in row:
            m.exactly(1, lits)

    m.output(chosen.values())
    return m.build()


def decode(puzzle: Puzzle, assignment: dict[Hashable, int]) -> Solution:
    """The rectangles from the values of the rectangle variables."""
    return make_solution(k[1:] for k, v in assignment.items() if k[0] == "rect" and v)


# checking ------------------------------------------------------------------------------


def _prefix_sums(h: int, w: int, values: dict[Cell, int]) -> list[list[int]]:
    """``sums[r][c]``: the total of ``values`` over the cells of rows < r and columns < c."""
    sums = [[0] * (w + 1) for _ in range(h + 1)]
    for r in range(h):
        above, here, run = sums[r], sums[r + 1], 0
        for c in range(w):
            run += values.get((r, c), 0)
            here[c + 1] = above[c + 1] + run
    return sums


def _total(sums: list[list[int]], rect: Rect) -> int:
    """The total of a `_prefix_sums` table over a rectangle."""
    top, left, height, width = rect
    bottom, right = top + height, left + width
    return sums[bottom][right] - sums[top][right] - sums[bottom][left] + sums[top][left]


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
    count = _prefix_sums(h, w, {cell: 1 for cell in clues})
    row_sum = _prefix_sums(h, w, {cell: cell[0] for cell in clues})
    col_sum = _prefix_sums(h, w, {cell: cell[1] for cell in clues})

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
        inside = _total(count, rect)
        if inside != 1:
            problems.append(f"{name} holds {inside} clues, not exactly one")
            continue
        where = (_total(row_sum, rect), _total(col_sum, rect))
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
    cells: dict[Cell, Clue] = {}
    for rect in sorted(set(owner.values())):
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
