"""Slitherlink (Loopy): one closed loop along the grid lines; a cell's number counts its sides on the loop."""

from __future__ import annotations

import random as _random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from ... import grid, textio
from ...clock import UNLIMITED, Deadline
from ...grid import Cell, CellEdge
from ...ir import Edge, Model, ModelBuilder
from .. import _common, _states

NAME = "slitherlink"
CLUES = "0123"
#: Clues in words.
WORDS = ("none", "one", "two", "three")

Clue = int | None


def _clue_cell(value: Any, at: tuple) -> Clue:
    if value is None or (_common.is_int(value) and 0 <= value <= 3):
        return value if value is None else int(value)
    raise _common.Invalid(f"expected None (no clue) or a clue 0-3, found {_common.shown(value)}", at)


@dataclass(frozen=True)
class Puzzle(_common.GridShape):
    """Clues on a grid of cells: ``grid[r][c]`` is 0..3, or None for a cell without a number.

    The data is checked when the puzzle is made, as the parser checks a file: a rectangular
    grid within the size limits, every cell None or 0..3; anything else raises `ParseError`
    naming the place (``<puzzle>: grid[1][2]: ...``). Lists are accepted for tuples and
    stored as tuples.
    """

    grid: tuple[tuple[Clue, ...], ...]

    def __post_init__(self) -> None:
        _common.assign(self, grid=_common.grid_of(self.grid, _clue_cell))

    def clues(self) -> dict[Cell, int]:
        """Every clue by cell."""
        return {(r, c): v for r, row in enumerate(self.grid) for c, v in enumerate(row) if v is not None}


@dataclass(frozen=True)
class Solution:
    """The loop as a set of unit segments between lattice points ``(r, c)``, 0 <= r <= H, 0 <= c <= W."""

    edges: frozenset[CellEdge]

    def to_json(self) -> dict[str, Any]:
        return {"edges": _common.edges_to_json(self.edges)}


def parse(text: str, source: str = "<string>") -> Puzzle:
    """Read one character per cell: ``.`` no clue, ``0``-``3`` a clue."""
    lines = textio.content_lines(text, source)
    _, body = textio.read_headers(lines, set(), source)
    rows = textio.grid_rows(body, source, whitespace=False)
    out = []
    for line, row in zip(body, rows):
        values: list[Clue] = []
        for tok in row:
            if tok.text != "." and tok.text not in CLUES:
                raise textio.error(
                    source, line, tok.column, f"expected '.' (no clue) or a clue 0-3, found {tok.text!r}"
                )
            values.append(None if tok.text == "." else int(tok.text))
        out.append(tuple(values))
    return Puzzle(tuple(out))


def format(puzzle: Puzzle) -> str:
    """The puzzle in its file format."""
    return "".join("".join("." if v is None else str(v) for v in row) + "\n" for row in puzzle.grid)


def edge_key(p: Cell, q: Cell) -> Hashable:
    """The IR variable key of the segment between two adjacent lattice points."""
    return ("edge",) + grid.edge(p, q)


def model(puzzle: Puzzle, deadline: Deadline = UNLIMITED) -> Model:
    """The rules of docs/genres/slitherlink.md, one block per sentence.

    ``deadline`` (`puzzlekit.clock.Deadline`) stops the building with `OutOfTime` when it ends.
    """
    m = ModelBuilder(NAME)
    edges = grid.lattice_edges(puzzle.height, puzzle.width)
    lit = {e: m.bool(edge_key(*e)) for e in deadline.paced(edges, 1024)}

    # Draw one closed loop along the grid lines (between lattice points).
    with m.rule("the loop is one closed loop along the grid lines that never crosses or branches"):
        m.loop(Edge(p, q, x) for (p, q), x in lit.items())

    # A number in a cell is how many of its four sides the loop uses.
    for cell, clue in deadline.paced(puzzle.clues().items(), 1024):
        with m.rule(f"the {clue} at {cell}: the loop uses {WORDS[clue]} of its sides", cells=[cell]):
            m.exactly(clue, [lit[side] for side in grid.cell_sides(cell)])

    m.output(lit.values())
    deadline.check()
    return m.build()


def decode(puzzle: Puzzle, assignment: dict[Hashable, int]) -> Solution:
    """The loop from the values of the segment variables."""
    return Solution(frozenset(k[1:] for k, v in assignment.items() if k[0] == "edge" and v))


def verify(puzzle: Puzzle, solution: Solution) -> list[str]:
    """Every broken rule, in words; empty when the loop is valid. Independent of the model."""
    h, w = puzzle.height, puzzle.width
    problems = []
    for p, q in sorted(solution.edges):
        if not (grid.inside(p, h + 1, w + 1) and grid.inside(q, h + 1, w + 1)):
            problems.append(f"segment {list(p)}-{list(q)} leaves the {h + 1}x{w + 1} lattice points")
        elif abs(p[0] - q[0]) + abs(p[1] - q[1]) != 1:
            problems.append(f"segment {list(p)}-{list(q)} does not join neighbouring lattice points")
    if problems:
        return problems
    problems += _common.check_single_loop(solution.edges)
    for (r, c), clue in sorted(puzzle.clues().items()):
        used = sum(grid.edge(*side) in solution.edges for side in grid.cell_sides((r, c)))
        if used != clue:
            problems.append(f"the cell ({r}, {c}) shows {clue} but the loop uses {used} of its sides")
    return problems


def render(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The lattice as text: · points, ─── and │ for the loop, clues in the cells."""
    h, w = puzzle.height, puzzle.width
    edges = solution.edges if solution else frozenset()
    out = []
    for r in range(h + 1):
        out.append(
            "".join("·" + ("───" if ((r, c), (r, c + 1)) in edges else "   ") for c in range(w)) + "·"
        )
        if r < h:
            row = ""
            for c in range(w + 1):
                row += "│" if ((r, c), (r + 1, c)) in edges else " "
                if c < w:
                    v = puzzle.grid[r][c]
                    row += "   " if v is None else f" {v} "
            out.append(row.rstrip())
    return "\n".join(out)


def solution_from_json(puzzle: Puzzle, data: Any) -> Solution:
    """A solution from its JSON shape ``{"edges": [...]}``: lattice points of the grid, no segment twice."""
    bounds = _common.lattice_bounds(puzzle.height, puzzle.width)
    return Solution(_common.edges_from_json(data, bounds=bounds))


def state_from_json(puzzle: Puzzle, data: Any) -> dict[Hashable, int]:
    """A player's state from ``{"edges": [...], "no_edges": [...], "complete": false}`` (see
    docs/genres/slitherlink.md): segments between neighbouring lattice points known on the
    loop, and known off it (crossed out)."""
    h, w = puzzle.height, puzzle.width
    bounds = _common.lattice_bounds(h, w)
    return _states.edge_state(data, NAME, bounds, lambda: grid.lattice_edges(h, w))


def state_to_json(puzzle: Puzzle, state: dict[Hashable, int]) -> dict[str, Any]:
    """The state JSON of a state (`state_from_json` reads it back to the same state)."""
    return _states.write(state, "edge", "edges", "no_edges", _states.edge_json)


def describe(puzzle: Puzzle, key: Hashable, value: int) -> str:
    """An answer-key value in words: ``the loop runs between the dots (0, 0) and (0, 1)``."""
    _, p, q = key  # type: ignore[misc]
    return f"the loop {'runs' if value else 'does not run'} between the dots {p} and {q}"


def boundary(region: set[Cell] | frozenset[Cell]) -> frozenset[CellEdge]:
    """The cell sides between a set of cells and the cells (or the outside) around it."""
    sides: set[CellEdge] = set()
    for cell in region:
        sides ^= set(grid.cell_sides(cell))
    return frozenset(sides)


def random_loop(rng: _random.Random, height: int, width: int, fill: float = 0.5) -> frozenset[CellEdge]:
    """A random loop: the outline of a region grown cell by cell while its outline stays one loop."""
    region = {(rng.randrange(height), rng.randrange(width))}
    target = max(1, round(fill * height * width))
    for _ in range(20 * target):
        if len(region) >= target:
            break
        cell = rng.choice(sorted(region))
        options = [n for n in grid.neighbours(cell, height, width) if n not in region]
        if not options:
            continue
        grown = region | {rng.choice(options)}
        if not _common.check_single_loop(boundary(grown)):
            region = grown
    return boundary(region)


def random_puzzle(
    rng: _random.Random,
    height: int,
    width: int,
    reveal: float = 0.5,
    fill: float = 0.5,
    corrupt: float = 0.0,
) -> Puzzle:
    """Clues read off a random loop.

    ``reveal`` is the chance that a cell shows its clue; ``fill`` the share of cells the loop
    aims to enclose; ``corrupt`` the chance of moving one shown clue by one afterwards
    (usually leaving no solution).
    """
    loop = random_loop(rng, height, width, fill)
    shown: dict[Cell, int] = {}
    for cell in grid.cells(height, width):
        used = sum(side in loop for side in grid.cell_sides(cell))
        if rng.random() < reveal and used < 4:  # a 4 (the loop is one unit square) is no clue
            shown[cell] = used
    if shown and rng.random() < corrupt:
        cell = rng.choice(sorted(shown))
        up = shown[cell] == 0 or (shown[cell] < 3 and rng.random() < 0.5)
        shown[cell] += 1 if up else -1
    rows = tuple(tuple(shown.get((r, c)) for c in range(width)) for r in range(height))
    return Puzzle(rows)
