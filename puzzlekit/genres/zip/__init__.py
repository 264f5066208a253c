"""Zip (LinkedIn Zip): one path through every cell, from 1 through the numbers in order, never through a wall.

The model splits each intermediate number k into two graph nodes, where the path arrives
(``in``) and where it leaves (``out``), and asks for vertex-disjoint paths 1 -> 2in,
2out -> 3in, ..., (K-1)out -> K that together cover every cell. The order of the numbers
then needs no rank variables. ``model(puzzle, encoding="ranks")`` is the alternative
measured against it: one path from 1 to K plus a rank per cell (see docs/genres/zip.md).
"""

from __future__ import annotations

import random as _random
import re
from collections import Counter
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import Any

from ... import grid, textio
from ...clock import UNLIMITED, Deadline
from ...grid import Cell, CellEdge
from ...ir import Edge, Lit, Model, ModelBuilder
from .. import _common, _states

NAME = "zip"
EMPTY = 0
ENCODINGS = ("split", "ranks")
_WALLS = re.compile(r"(?i)walls\s*:.*")


#: Largest number (nine digits, as in the file format).
MAX_NUMBER = 999_999_999
_CELL = _common.int_cell(EMPTY, MAX_NUMBER, "0 (empty) or a number 1, 2, 3, ...")


@dataclass(frozen=True)
class Puzzle(_common.GridShape):
    """Numbers on a grid (``grid[r][c]`` is 0 or a number 1..K, each once) and walls between cells.

    The data is checked when the puzzle is made, by the rules the parser applies to a file: a
    rectangular grid within the size limits whose numbers are 1..K, each once, K >= 2, and
    walls between two neighbouring cells of the grid. A break raises `ParseError` naming the
    place (``<puzzle>: grid[1][2]: ...``). Lists are accepted for tuples and stored as tuples;
    ``walls`` may be any collection of cell pairs and is stored as a frozenset of sorted pairs.
    """

    grid: tuple[tuple[int, ...], ...]
    walls: frozenset[CellEdge] = frozenset()

    def __post_init__(self) -> None:
        _check(self)

    def numbers(self) -> dict[int, Cell]:
        """The cell of each number."""
        return {v: (r, c) for r, row in enumerate(self.grid) for c, v in enumerate(row) if v}

    @property
    def last(self) -> int:
        """K, the largest number (where the path ends)."""
        return max(max(row) for row in self.grid)


@dataclass(frozen=True)
class Solution:
    """The path as its cells in order, from the 1 to the largest number."""

    path: tuple[Cell, ...]

    @property
    def edges(self) -> frozenset[CellEdge]:
        """The path's steps as sorted cell pairs."""
        return frozenset(grid.edge(a, b) for a, b in zip(self.path, self.path[1:]))

    def to_json(self) -> dict[str, Any]:
        return {"path": [list(cell) for cell in self.path]}


# parsing -------------------------------------------------------------------------------


def _check(puzzle: Puzzle) -> None:
    """The rules of a well-formed Zip (see `Puzzle`); stores the grid and walls normalised."""
    Invalid = _common.Invalid
    rows = _common.grid_of(puzzle.grid, _CELL)
    h, w = len(rows), len(rows[0])
    where: dict[int, Cell] = {}
    for r, row in enumerate(rows):
        for c, k in enumerate(row):
            if k in where:
                first = ("grid", *where[k])
                raise Invalid(f"number {k} appears twice (first at {{0}})", ("grid", r, c), refs=(first,))
            if k:
                where[k] = (r, c)
    # the numbers must be exactly 1..K with K >= 2
    if not where:
        raise Invalid("no numbers: the path needs at least a 1 and a 2", ("grid",))
    last = max(where)
    if last < 2:
        raise Invalid("only the number 1: the path needs at least a 1 and a 2", ("grid", *where[last]))
    for k in range(1, last + 1):
        if k not in where:
            raise Invalid(
                f"number {k} is missing: the numbers must be 1..{last}, each once",
                ("grid", *where[min(n for n in where if n > k)]),
            )
    walls = puzzle.walls
    if isinstance(walls, (set, frozenset)):
        walls = list(walls)
    out = set()
    for i, wall in enumerate(_common.sequence(walls, ("walls",), "a collection of walls (cell pairs)")):
        if not isinstance(wall, (list, tuple)) or len(wall) != 2:
            raise Invalid(f"expected a wall (two cells), found {_common.shown(wall)}", ("walls", i))
        a, b = (_common.cell_of(cell, ("walls", i, j), h, w) for j, cell in enumerate(wall))
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise Invalid(
                f"a wall lies between adjacent cells; {a} and {b} are not adjacent", ("walls", i, 0)
            )
        out.add(grid.edge(a, b))
    _common.assign(puzzle, grid=rows, walls=frozenset(out))


def parse(text: str, source: str = "<string>") -> Puzzle:
    """Read ``.``/number tokens, then optionally ``walls:`` and one ``r1 c1 r2 c2`` line per wall."""
    lines = textio.content_lines(text, source)
    split = next((i for i, line in enumerate(lines) if _WALLS.fullmatch(line.text.strip())), None)
    if split == 0:
        raise textio.error(source, lines[0], 1, "the grid must come before the 'walls:' line")
    _, grid_lines = textio.read_headers(lines if split is None else lines[:split], set(), source)
    rows = textio.grid_rows(grid_lines, source)
    values: list[list[int]] = []
    for line, row in zip(grid_lines, rows):
        out = []
        for tok in row:
            if tok.text == ".":
                out.append(EMPTY)
            elif re.fullmatch(r"\d{1,9}", tok.text) and int(tok.text):
                out.append(int(tok.text))
            else:
                raise textio.error(
                    source, line, tok.column, f"expected '.' or a number 1, 2, 3, ..., found {tok.text!r}"
                )
        values.append(out)
    walls, places = [], {}
    if split is not None:
        walls, places = _parse_walls(lines[split], lines[split + 1:], source)
    place = _common.grid_place(grid_lines, rows)

    def ref_text(line: textio.Line, column: int) -> str:
        return f"line {line.number}, column {column}"

    with _common.located(source, lambda at: places.get(at) or place(at), ref_text):
        return Puzzle(values, walls)


def _parse_walls(
    head: textio.Line, lines: list[textio.Line], source: str
) -> tuple[list[tuple[Cell, Cell]], dict[tuple, tuple[textio.Line, int]]]:
    """The ``r1 c1 r2 c2`` lines after ``walls:`` (the Puzzle checks the cells), and their places."""
    _, value, col = textio.split_header(head)
    if value:
        raise textio.error(source, head, col, "put each wall on its own line after 'walls:'")
    walls = []
    places: dict[tuple, tuple[textio.Line, int]] = {}
    for i, line in enumerate(lines):
        toks = textio.tokens(line)
        if len(toks) != 4:
            column = toks[4].column if len(toks) > 4 else len(line.text) + 1
            raise textio.error(
                source, line, column, f"a wall is four numbers 'r1 c1 r2 c2', found {len(toks)} token(s)"
            )
        nums = [textio.parse_int(tok, line, source, "a row or column number") for tok in toks]
        walls.append(((nums[0], nums[1]), (nums[2], nums[3])))
        places.update({("walls", i): (line, 1), ("walls", i, 0): (line, toks[0].column)})
        places[("walls", i, 1)] = (line, toks[2].column)
    return walls, places


def format(puzzle: Puzzle) -> str:
    """The puzzle in its file format."""
    size = len(str(puzzle.last))
    text = "".join(" ".join((str(v) if v else ".").rjust(size) for v in row) + "\n" for row in puzzle.grid)
    if puzzle.walls:
        text += "walls:\n" + "".join(f"{a[0]} {a[1]} {b[0]} {b[1]}\n" for a, b in sorted(puzzle.walls))
    return text


# model ---------------------------------------------------------------------------------


def edge_key(a: Cell, b: Cell) -> Hashable:
    """The IR variable key of the step between two adjacent cells."""
    return ("edge",) + grid.edge(a, b)


def model(puzzle: Puzzle, encoding: str = "split", deadline: Deadline = UNLIMITED) -> Model:
    """The rules of docs/genres/zip.md, one block per sentence (``encoding``: "split" or "ranks").

    ``deadline`` (`puzzlekit.clock.Deadline`) stops the building with `OutOfTime` when it ends.
    """
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown zip encoding {encoding!r}; expected one of {', '.join(ENCODINGS)}")
    h, w = puzzle.height, puzzle.width
    numbers = puzzle.numbers()
    first, last = numbers[1], numbers[puzzle.last]
    m = ModelBuilder(NAME)

    # Orthogonal steps, never crossing a wall: a walled pair of cells has no step variable.
    unwalled = (e for e in grid.cell_edges(h, w) if e not in puzzle.walls)
    lit = {e: m.bool(edge_key(*e)) for e in deadline.paced(unwalled, 1024)}
    at: dict[Cell, list[Lit]] = {cell: [] for cell in grid.cells(h, w)}
    for (a, b), x in lit.items():
        at[a].append(x)
        at[b].append(x)

    # One path through every cell exactly once, starting at 1 and ending at the largest number:
    # two steps at every cell, one at each end.
    for cell, steps in deadline.paced(at.items(), 1024):
        if cell == first:
            rule = f"the path starts at the 1 at {cell}: one step leaves it"
        elif cell == last:
            rule = f"the path ends at the {puzzle.last} at {cell}: one step enters it"
        else:
            rule = f"the path passes through every cell once, so {cell} has two steps"
        with m.rule(rule, cells=[cell]):
            m.exactly(1 if cell in (first, last) else 2, steps)

    if encoding == "split":
        _ordered_by_split_numbers(m, puzzle, lit, deadline)
    else:
        _ordered_by_ranks(m, puzzle, lit, deadline)

    m.output(lit.values())
    deadline.check()
    return m.build()


def _ordered_by_split_numbers(
    m: ModelBuilder, puzzle: Puzzle, lit: dict[CellEdge, Lit], deadline: Deadline = UNLIMITED
) -> None:
    """Visiting the numbered cells in increasing order: disjoint paths 1->2, 2->3, ..., (K-1)->K.

    Number k's cell is two nodes, ``(cell, "in")`` (end of the path from k-1) and
    ``(cell, "out")`` (start of the path to k+1); a step into it is a step into one of them.
    """
    number = {cell: k for k, cell in puzzle.numbers().items()}
    last = puzzle.last

    def nodes(cell: Cell) -> list[Hashable]:
        k = number.get(cell)
        if k is None:
            return [cell]
        return ([(cell, "in")] if k > 1 else []) + ([(cell, "out")] if k < last else [])

    edges: list[Edge] = []
    for (a, b), x in deadline.paced(lit.items(), 1024):
        if a in number and b in number:
            # Two numbers are neighbours on the path only when they are consecutive.
            lo, hi = sorted((a, b), key=number.get)
            if number[hi] == number[lo] + 1:
                edges.append(Edge((lo, "out"), (hi, "in"), x))
            else:
                with m.rule(f"the {number[lo]} at {lo} and the {number[hi]} at {hi} are not consecutive: "
                            "the path does not step between them", cells=[lo, hi]):
                    m.fix(~x)
            continue
        ends = [(u, v) for u in nodes(a) for v in nodes(b)]
        if len(ends) == 1:
            edges.append(Edge(*ends[0], x))
            continue
        # a step between a plain cell and a middle number enters it or leaves it, not both
        parts = [m.bool(("_half", a, b, side)) for side in ("in", "out")]
        middle = a if a in number else b
        with m.rule(f"a step between {a} and {b} either enters or leaves the {number[middle]} at {middle}",
                    cells=[a, b]):
            m.count([*parts, (-1, x)], "==", 0)
        edges += [Edge(u, v, part) for (u, v), part in zip(ends, parts)]

    cells = [cell for _, cell in sorted(puzzle.numbers().items())]
    pairs = [((cells[i], "out"), (cells[i + 1], "in")) for i in range(len(cells) - 1)]
    with m.rule(f"the path visits the numbers 1 to {last} in order", cells=cells):
        m.disjoint_paths(edges, pairs)


def _ordered_by_ranks(
    m: ModelBuilder, puzzle: Puzzle, lit: dict[CellEdge, Lit], deadline: Deadline = UNLIMITED
) -> None:
    """Visiting the numbered cells in increasing order: one path from 1 to K, a rank per cell.

    Ranks are all different, 0 at the 1, N-1 at K, and differ by one along every step, so
    they number the cells in path order; each number's rank is below the next number's.
    """
    h, w = puzzle.height, puzzle.width
    n = h * w
    numbers = puzzle.numbers()
    first, last = numbers[1], numbers[puzzle.last]
    with m.rule(f"the path runs from the 1 at {first} to the {puzzle.last} at {last}", cells=[first, last]):
        m.path((Edge(a, b, x) for (a, b), x in lit.items()), first, last)
    rank = {cell: m.int(("_rank", cell), 0, n - 1) for cell in grid.cells(h, w)}
    with m.rule(f"the path starts at the 1 at {first}", cells=[first]):
        m.fix(ModelBuilder.eq(rank[first], 0))
    with m.rule(f"the path ends at the {puzzle.last} at {last}", cells=[last]):
        m.fix(ModelBuilder.eq(rank[last], n - 1))
    for t in deadline.paced(range(n), 64):
        with m.rule(f"the path visits every cell once: one cell is its step {t}"):
            m.exactly(1, [ModelBuilder.eq(rank[cell], t) for cell in rank])
    for (a, b), x in deadline.paced(lit.items(), 1):
        with m.rule(f"a step between {a} and {b} joins two consecutive cells of the path", cells=[a, b]):
            for u, v in ((a, b), (b, a)):
                for t in range(n):
                    near = [ModelBuilder.eq(rank[v], s) for s in (t - 1, t + 1) if 0 <= s < n]
                    m.clause([~x, ~ModelBuilder.eq(rank[u], t), *near])
    for k in deadline.paced(range(1, puzzle.last), 1):
        here, after = rank[numbers[k]], rank[numbers[k + 1]]
        with m.rule(f"the path reaches {k} at {numbers[k]} before {k + 1} at {numbers[k + 1]}",
                    cells=[numbers[k], numbers[k + 1]]):
            for t in range(n):
                m.clause([~ModelBuilder.eq(here, t), *(ModelBuilder.eq(after, s) for s in range(t + 1, n))])


def decode(puzzle: Puzzle, assignment: dict[Hashable, int]) -> Solution:
    """The path from the values of the step variables, walked from the 1."""
    steps = [k[1:] for k, v in assignment.items() if k[0] == "edge" and v]
    return Solution(tuple(walk(puzzle.numbers()[1], steps)))


def walk(start: Cell, steps: list[CellEdge] | frozenset[CellEdge]) -> list[Cell]:
    """The cells met walking the steps from ``start`` until no unused step is left at the current cell."""
    nxt: dict[Cell, list[Cell]] = {}
    for a, b in steps:
        nxt.setdefault(a, []).append(b)
        nxt.setdefault(b, []).append(a)
    path, used = [start], set()
    while True:
        here = path[-1]
        options = sorted(c for c in nxt.get(here, []) if grid.edge(here, c) not in used)
        if not options:
            return path
        used.add(grid.edge(here, options[0]))
        path.append(options[0])


# checking and drawing ------------------------------------------------------------------


def verify(puzzle: Puzzle, solution: Solution) -> list[str]:
    """Every broken rule, in words; empty when the path is valid. Independent of the model."""
    h, w = puzzle.height, puzzle.width
    path = solution.path
    if not path:
        return ["the path is empty"]
    off = [cell for cell in path if not grid.inside(cell, h, w)]
    if off:
        return [f"the path leaves the {h}x{w} grid at {off[0]}"]
    problems = []
    for a, b in zip(path, path[1:]):
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            problems.append(f"the step from {a} to {b} is not to an orthogonal neighbour")
        elif grid.edge(a, b) in puzzle.walls:
            problems.append(f"the step from {a} to {b} crosses a wall")
    visits = Counter(path)
    problems += [f"the path visits {cell} {n} times" for cell, n in sorted(visits.items()) if n > 1]
    missing = [cell for cell in grid.cells(h, w) if cell not in visits]
    if missing:
        shown = ", ".join(map(str, missing[:5])) + (", ..." if len(missing) > 5 else "")
        problems.append(f"the path never visits {len(missing)} cell(s): {shown}")
    numbers = puzzle.numbers()
    last = puzzle.last
    if path[0] != numbers[1]:
        problems.append(f"the path starts at {path[0]}, not at the 1 at {numbers[1]}")
    if path[-1] != numbers[last]:
        problems.append(f"the path ends at {path[-1]}, not at the largest number {last} at {numbers[last]}")
    position: dict[Cell, int] = {}
    for i, cell in enumerate(path):
        position.setdefault(cell, i)
    for k in range(2, last + 1):
        before, after = numbers[k - 1], numbers[k]
        if before in position and after in position and position[after] < position[before]:
            problems.append(f"the path reaches {k} at {after} before {k - 1} at {before}")
    return problems


def render(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The grid as text: numbers, the path in box-drawing characters, ┃ and ━ for walls."""
    h, w = puzzle.height, puzzle.width
    size = len(str(puzzle.last))
    dirs = _common.line_directions(solution.edges) if solution else {}
    out = []
    for r in range(h):
        row = ""
        for c in range(w):
            here = dirs.get((r, c), set())
            v = puzzle.grid[r][c]
            glyph = str(v) if v else (_common.BOX.get(frozenset(here), "?") if solution else "·")
            row += ("─" if "L" in here else " ") * (size - len(glyph)) + glyph
            if c + 1 < w:
                row += "─" if "R" in here else ("┃" if ((r, c), (r, c + 1)) in puzzle.walls else " ")
        out.append(row.rstrip())
        if r + 1 < h:
            marks = [
                "│" if "D" in dirs.get((r, c), set())
                else "━" if ((r, c), (r + 1, c)) in puzzle.walls else " "
                for c in range(w)
            ]
            out.append(" ".join(" " * (size - 1) + mark for mark in marks).rstrip())
    return "\n".join(out)


def solution_from_json(puzzle: Puzzle, data: Any) -> Solution:
    """A solution from its JSON shape ``{"path": [[r, c], ...]}``."""
    h, w = puzzle.height, puzzle.width
    items = _common.require(data, "path", list)
    if len(items) > h * w:
        raise _common.refuse(
            f"path: {len(items)} cells listed, but the {h}x{w} grid has {h * w}: the path visits each cell "
            "once"
        )
    bounds = _common.grid_bounds(h, w)
    return Solution(tuple(_common.point(item, f"path[{i}]", bounds) for i, item in enumerate(items)))


# states --------------------------------------------------------------------------------


def state_from_json(puzzle: Puzzle, data: Any) -> dict[Hashable, int]:
    """A player's state from ``{"edges": [...], "no_edges": [...], "path": [...], "complete": false}``
    (see docs/genres/zip.md): the path's known steps and known gaps between adjacent cells; the
    steps of a listed ``path`` (a solution's, or any stretch of it) are known steps too."""
    h, w = puzzle.height, puzzle.width
    bounds = _common.grid_bounds(h, w)

    def wall(step: CellEdge) -> str | None:
        a, b = step
        return f"a wall lies between {a} and {b}" if step in puzzle.walls else None

    def every() -> Iterator[CellEdge]:
        return (e for e in grid.cell_edges(h, w) if e not in puzzle.walls)

    path = _states.path(bounds, wall)
    return _states.edge_state(data, NAME, bounds, every, wall, extra={"path": path})


def state_to_json(puzzle: Puzzle, state: dict[Hashable, int]) -> dict[str, Any]:
    """The state JSON of a state (`state_from_json` reads it back to the same state)."""
    return _states.write(state, "edge", "edges", "no_edges", _states.edge_json)


def describe(puzzle: Puzzle, key: Hashable, value: int) -> str:
    """An answer-key value in words: ``the path steps between (0, 0) and (0, 1)``."""
    _, a, b = key  # type: ignore[misc]
    return f"the path {'steps' if value else 'does not step'} between {a} and {b}"


# random instances ----------------------------------------------------------------------



def random_puzzle(
    rng: _random.Random,
    height: int,
    width: int,
    reveal: float = 0.25,
    walls: float = 0.15,
    swap: float = 0.0,
) -> Puzzle:
    """Numbers along a random path through every cell, plus walls off the path.

    ``reveal`` is the chance that a middle cell of the path gets a number; ``walls`` the
    chance that a pair of neighbours not consecutive on the path gets a wall; ``swap`` the
    chance of exchanging two numbers afterwards (often leaving no solution).
    """
    if height * width < 2:
        raise ValueError(f"a {height}x{width} grid has no room for the numbers 1 and 2")
    path = grid.random_path(rng, height, width)
    shown = [0] + [i for i in range(1, len(path) - 1) if rng.random() < reveal] + [len(path) - 1]
    cells = [path[i] for i in shown]
    if len(cells) > 2 and rng.random() < swap:
        i, j = rng.sample(range(len(cells)), 2)
        cells[i], cells[j] = cells[j], cells[i]
    number = {cell: k for k, cell in enumerate(cells, start=1)}
    steps = {grid.edge(a, b) for a, b in zip(path, path[1:])}
    walled = frozenset(e for e in grid.cell_edges(height, width) if e not in steps and rng.random() < walls)
    rows = tuple(tuple(number.get((r, c), EMPTY) for c in range(width)) for r in range(height))
    return Puzzle(rows, walled)
