"""Zip (LinkedIn Zip): one path through every cell, from 1 through the numbers in order, never through a wall.

The model splits each intermediate number k into two graph nodes, where the path arrives
(``in``) and where it leaves (``out``), and asks for vertex-disjoint paths 1 -> 2in,
2out -> 3in, ..., (K-1)out -> K that together cover every cell. The order of the numbers
then needs no rank variables. ``model(puzzle, encoding="ranks")`` is the alternative
measured against it: one path from 1 to K plus a rank per cell (see docs/genres/zip.md).
"""

from __future__ import annotations

import random as _random
from collections import Counter
from collections.abc import Hashable
from typing import Any

from ... import grid
from ...board import Genre, layers, paths
from ...board.paths import walk  # noqa: F401  (the genre's name for it, kept for its callers)
from ...clock import UNLIMITED, Deadline
from ...grid import Cell, CellEdge
from ...ir import Edge, Lit, Model, ModelBuilder
from .. import _common

#: The backends `auto` tries first, fastest first, as measured (docs/benchmarks.md); the rest
#: follow in the default order.
BACKENDS = ("sat", "search", "cpsat")

EMPTY = 0
ENCODINGS = ("split", "ranks")
#: Largest number (nine digits, as in the file format).
MAX_NUMBER = 999_999_999

genre = Genre(
    "zip", title="Zip",
    rule="one path through every cell, from 1 through the numbers in order, never through a wall",
    clues=[layers.InOrder("grid"), layers.Walls("walls")], answers=[layers.Path("path")],
    shaped_by="grid", classic_json=True, form=paths.GridThenWalls,
)


@genre.extend
class Puzzle(genre.Puzzle):
    """Numbers on a grid (``grid[r][c]`` is 0 or a number 1..K, each once) and walls between cells.

    The data is checked when the puzzle is made, by the rules the parser applies to a file: a
    rectangular grid within the size limits whose numbers are 1..K, each once, K >= 2, and
    walls between two neighbouring cells of the grid. A break raises `ParseError` naming the
    place (``<puzzle>: grid[1][2]: ...``). Lists are accepted for tuples and stored as tuples;
    ``walls`` may be any collection of cell pairs and is stored as a frozenset of sorted pairs.
    """

    def numbers(self) -> dict[int, Cell]:
        """The cell of each number."""
        return layers.InOrder.numbers(self.grid)

    @property
    def last(self) -> int:
        """K, the largest number (where the path ends)."""
        return max(max(row) for row in self.grid)


@genre.extend
class Solution(genre.Solution):
    """The path as its cells in order, from the 1 to the largest number."""

    @property
    def edges(self) -> frozenset[CellEdge]:
        """The path's steps as sorted cell pairs."""
        return frozenset(grid.edge(a, b) for a, b in zip(self.path, self.path[1:]))


def edge_key(a: Cell, b: Cell) -> Hashable:
    """The IR variable key of the step between two adjacent cells."""
    return ("edge",) + grid.edge(a, b)


@genre.model
def rules(puzzle: Puzzle, m: Any, encoding: str = "split") -> None:
    """The rules of docs/genres/zip.md, one block per sentence (``encoding``: "split" or "ranks").

    Orthogonal steps, never crossing a wall: the answer layer has no step across a wall.
    """
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown zip encoding {encoding!r}; expected one of {', '.join(ENCODINGS)}")
    numbers, deadline, lit = puzzle.numbers(), m.deadline, m.answers["path"]  # m.path is the IR's rule
    first, last = numbers[1], numbers[puzzle.last]
    at: dict[Cell, list[Lit]] = {cell: [] for cell in grid.cells(puzzle.height, puzzle.width)}
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


@genre.verify
def check(puzzle: Puzzle, solution: Any) -> list[str]:
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


genre.export(globals())


def model(puzzle: Puzzle, encoding: str = "split", deadline: Deadline = UNLIMITED) -> Model:
    """The rules as an IR model (``encoding``: "split" or "ranks"); ``deadline``
    (`puzzlekit.clock.Deadline`) stops the building with `OutOfTime` when it ends."""
    return genre.build(puzzle, deadline, encoding=encoding)


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
