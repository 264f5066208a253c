"""Slitherlink (Loopy): one closed loop along the grid lines; a cell's number counts its sides on the loop."""

from __future__ import annotations

import random as _random
from collections.abc import Hashable
from typing import Any

from ... import grid
from ...board import Genre, layers
from ...grid import Cell, CellEdge
from .. import _common

#: The backends `auto` tries first, fastest first, as measured (docs/benchmarks.md); the rest
#: follow in the default order.
BACKENDS = ("sat", "cpsat")

CLUES = "0123"
#: Clues in words.
WORDS = ("none", "one", "two", "three")

genre = Genre(
    "slitherlink", title="Slitherlink",
    rule="one closed loop along the grid lines; a number counts its sides on it",
    clues=[layers.Numbers("grid", lo=0, hi=3, spaced=False, expected=(
        "'.' (no clue) or a clue 0-3", "None (no clue) or a clue 0-3"))],
    answers=[layers.Lines("edges", lattice=True, words=(
        "the loop runs between the dots {a} and {b}", "the loop does not run between the dots {a} and {b}"))],
    shaped_by="grid", classic_json=True,
)


@genre.extend
class Puzzle(genre.Puzzle):
    """Clues on a grid of cells: ``grid[r][c]`` is 0..3, or None for a cell without a number.

    The data is checked when the puzzle is made, as the parser checks a file: a rectangular
    grid within the size limits, every cell None or 0..3; anything else raises `ParseError`
    naming the place (``<puzzle>: grid[1][2]: ...``). Lists are accepted for tuples and
    stored as tuples.
    """

    def clues(self, name: str | None = None) -> Any:
        """Every clue by cell (with a layer's name: that layer's entries, as in every kit genre)."""
        if name is not None:
            return super().clues(name)
        return {(r, c): v for r, row in enumerate(self.grid) for c, v in enumerate(row) if v is not None}


def edge_key(p: Cell, q: Cell) -> Hashable:
    """The IR variable key of the segment between two adjacent lattice points."""
    return ("edge",) + grid.edge(p, q)


@genre.model
def rules(puzzle: Puzzle, m: Any) -> None:
    """The rules of docs/genres/slitherlink.md, one block per sentence."""
    lit = m.edges
    # Draw one closed loop along the grid lines (between lattice points).
    m.one_loop(lit, "the loop is one closed loop along the grid lines that never crosses or branches")
    # A number in a cell is how many of its four sides the loop uses.
    for cell, clue in m.deadline.paced(puzzle.clues().items(), 1024):
        with m.rule(f"the {clue} at {cell}: the loop uses {WORDS[clue]} of its sides", cells=[cell]):
            m.exactly(clue, [lit[side] for side in grid.cell_sides(cell)])


@genre.verify
def check(puzzle: Puzzle, solution: Any) -> list[str]:
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


genre.export(globals())


def render(puzzle: Puzzle, solution: Any = None) -> str:
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
