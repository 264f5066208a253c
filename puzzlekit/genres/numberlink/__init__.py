"""Numberlink: join each pair of equal numbers with a path; paths never cross or share a cell."""

from __future__ import annotations

import random as _random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from ... import grid
from ...board import Genre, checks, layers
from ...board.places import invalid
from ...grid import Cell, CellEdge
from ...ir import Edge
from .. import _common, _states

#: The backends `auto` tries first, fastest first, as measured (docs/benchmarks.md); the rest
#: follow in the default order.
BACKENDS = ("sat", "cpsat")

EMPTY = 0
COVER_MODES = ("all", "any")
#: ``u-turns: no`` forbids a line to turn back beside itself inside a 2x2 block of cells.
UTURN_MODES = ("yes", "no")
#: Largest number (nine digits, as in the file format).
MAX_NUMBER = 999_999_999

genre = Genre(
    "numberlink", title="Numberlink",
    rule="join each pair of equal numbers with a path; paths never cross or share a cell",
    clues=[layers.Numbers("grid", lo=EMPTY, hi=MAX_NUMBER, every=True, aligned=True, negative=True,
                          expected="0 (empty) or a number k >= 1"),
           layers.Setting("cover", COVER_MODES), layers.Setting("uturns", UTURN_MODES, label="u-turns")],
    answers=[layers.Lines("edges", words=("a line runs between {a} and {b}",
                                          "no line runs between {a} and {b}"))],
    shaped_by="grid", classic_json=True, classic_files=True,
)


@genre.extend
class Puzzle(genre.Puzzle):
    """Numbers on a grid (``grid[r][c]``: 0 empty, k >= 1 an end of pair k), the cover mode and
    whether a line may turn back beside itself (``uturns``).

    The data is checked when the puzzle is made, by the rules the parser applies to a file: a
    rectangular grid within the size limits, cells 0..`MAX_NUMBER`, each number exactly twice
    and at least one, ``cover`` "all" or "any", ``uturns`` "yes" or "no" (in any case; stored
    in lower case). A break raises `ParseError` naming the place (``<puzzle>: grid[1][2]: ...``).
    Lists are accepted for tuples and stored as tuples.
    """

    def __post_init__(self) -> None:
        for layer in genre.headers:  # the settings are checked before the grid
            layer.normal(getattr(self, layer.name), 0, 0)
        super().__post_init__()
        seen: dict[int, list[Cell]] = {}
        for cell, value in genre.grids[0].entries(self.grid):
            if value:
                seen.setdefault(value, []).append(cell)
                if len(seen[value]) == 3:
                    raise invalid(("grid", *cell),
                                  f"number {value} appears a third time (each number appears exactly twice)")
        if not seen:
            raise invalid(("grid",), "no numbers: the grid needs at least one pair")
        for value, places in sorted(seen.items(), key=lambda kv: kv[1][0]):
            if len(places) == 1:
                raise invalid(("grid", *places[0]),
                              f"number {value} appears only once (each number appears exactly twice)")

    def numbers(self) -> dict[Cell, int]:
        """Every number by cell."""
        return {(r, c): v for r, row in enumerate(self.grid) for c, v in enumerate(row) if v}

    def pairs(self) -> dict[int, tuple[Cell, Cell]]:
        """The two cells of each number, in reading order, by number (ascending)."""
        ends: dict[int, list[Cell]] = {}
        for cell, k in self.numbers().items():
            ends.setdefault(k, []).append(cell)
        return {k: (v[0], v[1]) for k, v in sorted(ends.items()) if len(v) == 2}


@genre.extend
@dataclass(frozen=True)
class Solution(genre.Solution):
    """The paths as edges between adjacent cells, and each cell's number (0: unused)."""

    cells: tuple[tuple[int, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {"edges": _common.edges_to_json(self.edges), "cells": [list(row) for row in self.cells]}


def edge_key(a: Cell, b: Cell) -> Hashable:
    """The IR variable key of the path edge between two adjacent cells."""
    return ("edge",) + grid.edge(a, b)


@genre.model
def rules(puzzle: Puzzle, m: Any) -> None:
    """The rules of docs/genres/numberlink.md, one block per sentence.

    No pruning that assumes a unique answer.
    """
    lit = m.edges
    around = {cell: [lit[grid.edge(cell, n)] for n in m.neighbours(cell)] for cell in m.cells()}
    numbers = puzzle.numbers()

    # Connect each pair of equal numbers with one path of orthogonal steps;
    # paths never cross or share a cell.
    with m.rule("each pair of equal numbers is joined by one line; lines never cross or share a cell"):
        m.disjoint_paths((Edge(a, b, x) for (a, b), x in lit.items()), puzzle.pairs().values())

    # Each number is an end of its path: exactly one step leaves it.
    for cell, k in numbers.items():
        with m.rule(f"the {k} at {cell} ends its line: one step leaves it", cells=[cell]):
            m.exactly(1, around[cell])

    others = [cell for cell in m.cells() if cell not in numbers]
    if puzzle.cover == "all":
        # With cover: all every cell lies on a path, so a path passes straight or turning through it.
        for cell in m.deadline.paced(others, 1024):
            with m.rule(f"every cell is on a line, so one passes through {cell}: two steps", cells=[cell]):
                m.exactly(2, around[cell])
    else:
        # With cover: any cells may stay empty; a path through a cell uses two of its sides.
        for cell in m.deadline.paced(others, 1024):
            with m.rule(f"lines never branch or cross: at most two steps at {cell}", cells=[cell]):
                m.at_most(2, around[cell])

    if puzzle.uturns == "no":
        # A line never turns back beside itself: three steps inside a 2x2 block would be one
        # line going round three sides of it.
        for block in m.deadline.paced(_blocks(m.height, m.width), 1024):
            rule = f"no line turns back beside itself: at most two steps inside the 2x2 block at {block}"
            with m.rule(rule, cells=_block_cells(block)):
                m.at_most(2, [lit[e] for e in _block_edges(block)])


def _blocks(h: int, w: int) -> list[Cell]:
    """The top-left cells of every 2x2 block of cells."""
    return [(r, c) for r in range(h - 1) for c in range(w - 1)]


def _block_cells(block: Cell) -> list[Cell]:
    r, c = block
    return [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]


def _block_edges(block: Cell) -> list[CellEdge]:
    """The four steps between the cells of the 2x2 block at ``block``."""
    a, b, c, d = _block_cells(block)
    return [grid.edge(a, b), grid.edge(c, d), grid.edge(a, c), grid.edge(b, d)]


# checking ------------------------------------------------------------------------------------


@genre.verify
def check(puzzle: Puzzle, solution: Solution) -> list[str]:
    """Every broken rule, in words; empty when the paths are valid. Independent of the model."""
    h, w = puzzle.height, puzzle.width
    problems = _common.check_cell_edges(solution.edges, h, w)
    if problems:
        return problems
    numbers = puzzle.numbers()
    deg = checks.degrees(solution.edges)
    for cell in grid.cells(h, w):
        d = deg.get(cell, 0)
        if cell in numbers:
            if d == 0:
                problems.append(f"no line leaves number {numbers[cell]} at {cell}")
            elif d > 1:
                problems.append(f"number {numbers[cell]} at {cell} is not the end of a line ({d} lines meet)")
        elif d == 1:
            problems.append(f"a line ends at {cell}, which holds no number")
        elif d > 2:
            problems.append(f"lines {'cross' if d == 4 else 'branch'} at {cell}")
        elif d == 0 and puzzle.cover == "all":
            problems.append(f"cell {cell} is on no path (cover: all)")
    pieces = sorted(_common.components(solution.edges), key=min)
    piece_of = {cell: i for i, piece in enumerate(pieces) for cell in piece}
    for piece in pieces:
        ends = sorted((numbers[c], c) for c in piece if c in numbers)
        if not ends:
            kind = "loop" if all(deg[c] == 2 for c in piece) else "line"
            problems.append(f"a stray {kind} through {min(piece)} joins no numbers")
        elif len({k for k, _ in ends}) > 1:
            said = ", ".join(f"{k} at {c}" for k, c in ends)
            problems.append(f"one line joins different numbers: {said}")
    for k, (a, b) in puzzle.pairs().items():
        if a not in piece_of or piece_of[a] != piece_of.get(b):
            problems.append(f"the two {k}s at {a} and {b} are not joined")
    if puzzle.uturns == "no":
        for block in _blocks(h, w):
            if sum(e in solution.edges for e in _block_edges(block)) > 2:
                problems.append(f"a line turns back beside itself in the 2x2 block at {block} (u-turns: no)")
    problems += _check_cells(puzzle, solution)
    return problems


def _check_cells(puzzle: Puzzle, solution: Solution) -> list[str]:
    """Problems with the ``cells`` field: its shape, and agreement with the paths."""
    h, w = puzzle.height, puzzle.width
    if len(solution.cells) != h or any(len(row) != w for row in solution.cells):
        return [f"cells is not a {h}x{w} grid"]
    expected = label_cells(puzzle, solution.edges)
    for r, c in grid.cells(h, w):
        if solution.cells[r][c] != expected[r][c]:
            return [f"cells gives {solution.cells[r][c]} at {(r, c)} but the paths give {expected[r][c]}"]
    return []


genre.export(globals())


# answers the kit's layers do not hold: each cell's number along the lines ----------------------


def decode(puzzle: Puzzle, assignment: dict[Hashable, int]) -> Solution:
    """The paths from the values of the edge variables, and the cells labelled along them."""
    edges = frozenset(k[1:] for k, v in assignment.items() if k[0] == "edge" and v)
    return Solution(edges, label_cells(puzzle, edges))


def label_cells(puzzle: Puzzle, edges: frozenset[CellEdge]) -> tuple[tuple[int, ...], ...]:
    """Each cell's number, found by walking each pair's path from its first end.

    Numbers label their own cells. A walk stops at a number, a dead end, a branch or a cell
    another walk took, so labels are defined for any edge set; cells no walk reaches are 0.
    """
    links: dict[Cell, list[Cell]] = {}
    for a, b in edges:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    numbers = puzzle.numbers()
    label = [list(row) for row in puzzle.grid]
    for k, (start, _) in puzzle.pairs().items():
        prev, here = None, start
        while True:
            ahead = [n for n in links.get(here, []) if n != prev]
            if len(ahead) != 1 or label[ahead[0][0]][ahead[0][1]] not in (EMPTY, k) or ahead[0] == start:
                break
            prev, here = here, ahead[0]
            label[here[0]][here[1]] = k
            if here in numbers:
                break
    return tuple(tuple(row) for row in label)


# drawing -------------------------------------------------------------------------------------


def render(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The grid as text: numbers, paths in box-drawing characters, ``·`` for unused cells.

    Every cell is as wide as the widest number plus one character for the line to the right,
    so columns stay aligned; vertical lines run under the last digit.
    """
    size = max(len(str(v)) for row in puzzle.grid for v in row)
    dirs = _common.line_directions(solution.edges if solution else ())
    numbers = puzzle.numbers()
    out = []
    for r in range(puzzle.height):
        row = []
        for c in range(puzzle.width):
            d = dirs.get((r, c), set())
            fill = "─" if "L" in d else " "
            if (r, c) in numbers:
                text = str(numbers[(r, c)])
                row.append(fill * (size - len(text)) + text)
            else:
                row.append(fill * (size - 1) + (_common.BOX.get(frozenset(d), "?") if d else "·"))
            row.append("─" if "R" in d else " ")
        out.append("".join(row).rstrip())
    return "\n".join(out)


def solution_from_json(puzzle: Puzzle, data: Any) -> Solution:
    """A solution from ``{"edges": [...], "cells": [[...], ...]}``; either field alone is enough.

    From ``edges`` alone the cells are labelled along the paths. From ``cells`` alone the edges
    join adjacent cells with the same number, which is refused where that is ambiguous (a
    path touching itself). With both, they must agree.
    """
    if not isinstance(data, dict) or not ({"edges", "cells"} & set(data)):
        raise _common.refuse("solution JSON has neither an 'edges' nor a 'cells' field")
    cells = _cells_from_json(puzzle, data["cells"]) if "cells" in data else None
    if "edges" in data:
        edges = _common.edges_from_json(data, bounds=_common.grid_bounds(puzzle.height, puzzle.width))
    else:
        assert cells is not None
        edges = _edges_from_cells(puzzle, cells)
    derived = label_cells(puzzle, edges)
    if cells is None:
        return Solution(edges, derived)
    if "edges" in data:
        for r, c in grid.cells(puzzle.height, puzzle.width):
            if cells[r][c] != derived[r][c]:
                raise _common.refuse(f"cells[{r}][{c}] is {cells[r][c]} but the edges give {derived[r][c]}")
    return Solution(edges, cells)


def _cells_from_json(puzzle: Puzzle, value: Any) -> tuple[tuple[int, ...], ...]:
    """The ``cells`` field: H rows of W numbers, each 0 or one of the puzzle's numbers."""
    h, w = puzzle.height, puzzle.width
    shown = _common.shown
    if not isinstance(value, list) or len(value) != h:
        raise _common.refuse(f"solution field 'cells' must be a list of {h} rows, found {shown(value)}")
    labels = set(puzzle.pairs())
    rows = []
    for r, row in enumerate(value):
        if not isinstance(row, list) or len(row) != w:
            raise _common.refuse(f"cells[{r}] must be a list of {w} numbers, found {shown(row)}")
        for c, x in enumerate(row):
            if not (_common.is_int(x) and (x == EMPTY or x in labels)):
                some = ", ".join(map(str, sorted(labels)[:5])) + (", ..." if len(labels) > 5 else "")
                raise _common.refuse(
                    f"cells[{r}][{c}]: expected 0 or a number of the puzzle ({some}), found {shown(x)}"
                )
        rows.append(tuple(map(int, row)))
    return tuple(rows)


def _edges_from_cells(puzzle: Puzzle, cells: tuple[tuple[int, ...], ...]) -> frozenset[CellEdge]:
    """Edges between adjacent cells with the same non-zero number, where that is unambiguous."""
    h, w = puzzle.height, puzzle.width
    numbers = puzzle.numbers()
    edges = frozenset(
        (a, b) for a, b in grid.cell_edges(h, w)
        if cells[a[0]][a[1]] and cells[a[0]][a[1]] == cells[b[0]][b[1]]
    )
    for cell, d in sorted(_common.degrees(edges).items()):
        if d > (1 if cell in numbers else 2):
            raise _common.refuse(
                f"cells alone do not fix the path at {cell} ({d} neighbours share its number); "
                "give 'edges' as well"
            )
    return edges


# states --------------------------------------------------------------------------------------


def state_from_json(puzzle: Puzzle, data: Any) -> dict[Hashable, int]:
    """A player's state from ``{"edges": [...], "no_edges": [...], "complete": false}`` (see
    docs/genres/numberlink.md): the known steps of the lines and the known gaps. A ``cells``
    field, as in a solution, is checked but not read: the labels follow from the lines."""
    h, w = puzzle.height, puzzle.width
    cells = _states.ignored(lambda value: _cells_from_json(puzzle, value))
    return _states.edge_state(
        data, genre.name, _common.grid_bounds(h, w), lambda: grid.cell_edges(h, w), extra={"cells": cells}
    )


# random instances ----------------------------------------------------------------------------


def random_puzzle(
    rng: _random.Random, height: int, width: int, cover: str = "all", pairs: int | None = None
) -> Puzzle:
    """A solvable puzzle: a random path through every cell, cut into ``pairs`` pieces of 2+ cells.

    The path starts as a row-by-row snake and is shuffled by backbite moves; each piece's ends
    become its numbers. ``pairs`` defaults to about one per six cells.
    """
    n = height * width
    if n < 2:
        raise ValueError("a numberlink grid needs at least two cells")
    if cover not in COVER_MODES:
        raise ValueError(f"cover must be 'all' or 'any', not {cover!r}")
    k = max(1, n // 6) if pairs is None else pairs
    if not 1 <= k <= n // 2:
        raise ValueError(f"pairs must be between 1 and {n // 2} on a {height}x{width} grid")
    path = [(r, c if r % 2 == 0 else width - 1 - c) for r in range(height) for c in range(width)]
    for _ in range(10 * n):
        path = _backbite(rng, path, height, width)
    lengths = [2] * k
    for _ in range(n - 2 * k):
        lengths[rng.randrange(k)] += 1
    labels = list(range(1, k + 1))
    rng.shuffle(labels)
    values = [[EMPTY] * width for _ in range(height)]
    start = 0
    for label, length in zip(labels, lengths):
        for r, c in (path[start], path[start + length - 1]):
            values[r][c] = label
        start += length
    return Puzzle(tuple(tuple(row) for row in values), cover)


def _backbite(rng: _random.Random, path: list[Cell], height: int, width: int) -> list[Cell]:
    """One backbite move: join an end to a neighbour on the path and cut the edge that closes."""
    if rng.random() < 0.5:
        path = path[::-1]
    end = path[0]
    choices = [n for n in grid.neighbours(end, height, width) if len(path) < 2 or n != path[1]]
    if not choices:
        return path
    i = path.index(rng.choice(choices))
    return path[:i][::-1] + path[i:]
