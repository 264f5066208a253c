"""Masyu: one closed loop through cell centres that obeys the white and black pearls."""

from __future__ import annotations

import random as _random
from collections.abc import Hashable
from typing import Any

from ... import grid
from ...board import Genre, layers
from ...grid import Cell
from ...ir import Lit
from .. import _common

#: The backends `auto` tries first, fastest first, as measured (docs/benchmarks.md); the rest
#: follow in the default order.
BACKENDS = ("sat", "cpsat", "z3")

EMPTY, WHITE, BLACK = 0, 1, 2

genre = Genre(
    "masyu", title="Masyu", rule="one closed loop through cell centres that obeys the white and black pearls",
    clues=[layers.Numbers("grid", lo=EMPTY, hi=BLACK, every=True, spaced=True,
                          expected="0 (empty), 1 (white) or 2 (black)")],
    answers=[layers.Lines("edges", words=("the loop runs between {a} and {b}",
                                          "the loop does not run between {a} and {b}"))],
    shaped_by="grid", classic_json=True,
)


@genre.extend
class Puzzle(genre.Puzzle):
    """Pearls on a grid: ``grid[r][c]`` is 0 (empty), 1 (white) or 2 (black).

    The data is checked when the puzzle is made, by the rules the parser applies to a file:
    a rectangular grid within the size limits of every cell a 0, 1 or 2; anything else raises
    `ParseError` naming the place (``<puzzle>: grid[1][2]: ...``). Lists are accepted for
    tuples and stored as tuples.
    """

    def pearls(self) -> dict[Cell, int]:
        """Every pearl by cell."""
        return {(r, c): v for r, row in enumerate(self.grid) for c, v in enumerate(row) if v}


def edge_key(a: Cell, b: Cell) -> Hashable:
    """The IR variable key of the loop edge between two adjacent cells."""
    return ("edge",) + grid.edge(a, b)


@genre.model
def rules(puzzle: Puzzle, m: Any) -> None:
    """The rules of docs/genres/masyu.md, one block per sentence."""
    h, w = puzzle.height, puzzle.width
    lit = m.edges

    def side(cell: Cell, direction: str, distance: int = 1) -> Lit | None:
        """The edge leaving the cell ``distance - 1`` steps away, towards ``direction``."""
        a = grid.step(cell, direction, distance - 1)
        b = grid.step(cell, direction, distance)
        if not (grid.inside(a, h, w) and grid.inside(b, h, w)):
            return None
        return lit[grid.edge(a, b)]

    def never(*lits: Lit | None) -> None:
        """Not all of these edges are on the loop (a missing edge is never on it)."""
        if all(x is not None for x in lits):
            m.clause(~x for x in lits)  # type: ignore[union-attr]

    # Draw one closed loop through cell centres, moving orthogonally, never crossing or branching.
    m.one_loop(lit, "the loop is one closed loop through cell centres that never crosses or branches")

    for cell, pearl in m.deadline.paced(puzzle.pearls().items(), 256):
        near = {d: side(cell, d) for d in "UDLR"}
        far = {d: side(cell, d, 2) for d in "UDLR"}
        name = "white" if pearl == WHITE else "black"
        # It passes through every pearl.
        with m.rule(f"{name} pearl at {cell}: the loop passes through it", cells=[cell]):
            m.exactly(2, [x for x in near.values() if x is not None])
        if pearl == WHITE:
            # On a white pearl it goes straight ...
            with m.rule(f"white pearl at {cell}: the loop goes straight through it", cells=[cell]):
                for a, b in ("LR", "RL", "UD", "DU"):
                    if near[a] is not None:
                        m.clause([~near[a]] + ([near[b]] if near[b] is not None else []))
            # ... and turns in at least one of the two neighbouring cells along its way.
            with m.rule(f"white pearl at {cell}: the loop turns just before or just after it", cells=[cell]):
                never(near["L"], far["L"], far["R"])
                never(near["U"], far["U"], far["D"])
        else:
            # On a black pearl it turns ...
            with m.rule(f"black pearl at {cell}: the loop turns there", cells=[cell]):
                never(near["L"], near["R"])
                never(near["U"], near["D"])
            # ... and goes straight in both neighbouring cells along its way.
            with m.rule(f"black pearl at {cell}: the loop goes straight on both sides of it", cells=[cell]):
                for d in "UDLR":
                    if near[d] is not None:
                        m.clause([~near[d]] + ([far[d]] if far[d] is not None else []))


@genre.verify
def check(puzzle: Puzzle, solution: Any) -> list[str]:
    """Every broken rule, in words; empty when the loop is valid. Independent of the model."""
    h, w = puzzle.height, puzzle.width
    problems = _common.check_cell_edges(solution.edges, h, w)
    if problems:
        return problems
    problems += _common.check_single_loop(solution.edges)
    dirs = _common.line_directions(solution.edges)
    for (r, c), pearl in sorted(puzzle.pearls().items()):
        here = dirs.get((r, c), set())
        name = "white" if pearl == WHITE else "black"
        if len(here) != 2:
            problems.append(f"the loop does not pass through the {name} pearl at ({r}, {c})")
            continue
        straight = here in ({"L", "R"}, {"U", "D"})
        if pearl == WHITE:
            if not straight:
                problems.append(f"the loop turns on the white pearl at ({r}, {c})")
            elif all(
                dirs.get(grid.step((r, c), d), set()) == here for d in here
            ):
                problems.append(
                    f"the loop goes straight through both neighbours of the white pearl at ({r}, {c})"
                )
        else:
            if straight:
                problems.append(f"the loop goes straight on the black pearl at ({r}, {c})")
            for d in sorted(here):
                nxt = grid.step((r, c), d)
                if dirs.get(nxt, set()) != {d, grid.OPPOSITE[d]}:
                    problems.append(
                        f"the loop turns at {nxt}, next to the black pearl at ({r}, {c})"
                    )
    return problems


genre.export(globals())


def render(puzzle: Puzzle, solution: Any = None) -> str:
    """The grid as text: ○ white, ● black, the loop in box-drawing characters."""
    marks = {cell: "○" if p == WHITE else "●" for cell, p in puzzle.pearls().items()}
    edges = solution.edges if solution else frozenset()
    if not edges:
        marks = {**{cell: "·" for cell in grid.cells(puzzle.height, puzzle.width)}, **marks}
    return _common.draw_lines(puzzle.height, puzzle.width, edges, marks)


def random_puzzle(rng: _random.Random, height: int, width: int, density: float = 0.2) -> Puzzle:
    """Pearls placed at random with the given density (the puzzle may have no solution)."""
    rows = tuple(
        tuple(rng.choice((WHITE, BLACK)) if rng.random() < density else EMPTY for _ in range(width))
        for _ in range(height)
    )
    return Puzzle(rows)
