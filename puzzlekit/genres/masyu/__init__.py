"""Masyu: one closed loop through cell centres that obeys the white and black pearls."""

from __future__ import annotations

import random as _random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from ... import grid, textio
from ...clock import UNLIMITED, Deadline
from ...grid import Cell, CellEdge
from ...ir import Edge, Lit, Model, ModelBuilder
from .. import _common, _states

NAME = "masyu"
EMPTY, WHITE, BLACK = 0, 1, 2
#: The cell tokens of the file format and their values.
TOKENS = {"0": EMPTY, "1": WHITE, "2": BLACK}
_CELL = _common.int_cell(EMPTY, BLACK, "0 (empty), 1 (white) or 2 (black)")


@dataclass(frozen=True)
class Puzzle(_common.GridShape):
    """Pearls on a grid: ``grid[r][c]`` is 0 (empty), 1 (white) or 2 (black).

    The data is checked when the puzzle is made, by the rules the parser applies to a file:
    a rectangular grid within the size limits of every cell a 0, 1 or 2; anything else raises
    `ParseError` naming the place (``<puzzle>: grid[1][2]: ...``). Lists are accepted for
    tuples and stored as tuples.
    """

    grid: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        _common.assign(self, grid=_common.grid_of(self.grid, _CELL))

    def pearls(self) -> dict[Cell, int]:
        """Every pearl by cell."""
        return {(r, c): v for r, row in enumerate(self.grid) for c, v in enumerate(row) if v}


@dataclass(frozen=True)
class Solution:
    """The loop as a set of edges between adjacent cells."""

    edges: frozenset[CellEdge]

    def to_json(self) -> dict[str, Any]:
        return {"edges": _common.edges_to_json(self.edges)}


def parse(text: str, source: str = "<string>") -> Puzzle:
    """Read whitespace-separated rows of 0 (empty), 1 (white) and 2 (black)."""
    lines = textio.content_lines(text, source)
    headers, body = textio.read_headers(lines, set(), source)
    rows = textio.grid_rows(body, source)
    # a token that is not a cell stays text, which the Puzzle refuses at its place
    cells = [[TOKENS.get(tok.text, tok.text) for tok in row] for row in rows]
    with _common.located(source, _common.grid_place(body, rows)):
        return Puzzle(cells)


def format(puzzle: Puzzle) -> str:
    """The puzzle in its file format."""
    return "".join(" ".join(map(str, row)) + "\n" for row in puzzle.grid)


def edge_key(a: Cell, b: Cell) -> Hashable:
    """The IR variable key of the loop edge between two adjacent cells."""
    return ("edge",) + grid.edge(a, b)


def model(puzzle: Puzzle, deadline: Deadline = UNLIMITED) -> Model:
    """The rules of docs/genres/masyu.md, one block per sentence.

    ``deadline`` (`puzzlekit.clock.Deadline`) stops the building with `OutOfTime` when it ends.
    """
    h, w = puzzle.height, puzzle.width
    m = ModelBuilder(NAME)
    lit = {e: m.bool(edge_key(*e)) for e in deadline.paced(grid.cell_edges(h, w), 1024)}

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
    with m.rule("the loop is one closed loop through cell centres that never crosses or branches"):
        m.loop(Edge(a, b, x) for (a, b), x in lit.items())

    for cell, pearl in deadline.paced(puzzle.pearls().items(), 256):
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

    m.output(lit.values())
    deadline.check()
    return m.build()


def decode(puzzle: Puzzle, assignment: dict[Hashable, int]) -> Solution:
    """The loop from the values of the edge variables."""
    return Solution(frozenset(k[1:] for k, v in assignment.items() if k[0] == "edge" and v))


def verify(puzzle: Puzzle, solution: Solution) -> list[str]:
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


def render(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The grid as text: ○ white, ● black, the loop in box-drawing characters."""
    marks = {cell: "○" if p == WHITE else "●" for cell, p in puzzle.pearls().items()}
    edges = solution.edges if solution else frozenset()
    if not edges:
        marks = {**{cell: "·" for cell in grid.cells(puzzle.height, puzzle.width)}, **marks}
    return _common.draw_lines(puzzle.height, puzzle.width, edges, marks)


def solution_from_json(puzzle: Puzzle, data: Any) -> Solution:
    """A solution from its JSON shape ``{"edges": [...]}``: cells of the grid, no edge twice."""
    return Solution(_common.edges_from_json(data, bounds=_common.grid_bounds(puzzle.height, puzzle.width)))


def state_from_json(puzzle: Puzzle, data: Any) -> dict[Hashable, int]:
    """A player's state from ``{"edges": [...], "no_edges": [...], "complete": false}`` (see
    docs/genres/masyu.md): the loop's known steps and known gaps between adjacent cells."""
    h, w = puzzle.height, puzzle.width
    return _states.edge_state(data, NAME, _common.grid_bounds(h, w), lambda: grid.cell_edges(h, w))


def state_to_json(puzzle: Puzzle, state: dict[Hashable, int]) -> dict[str, Any]:
    """The state JSON of a state (`state_from_json` reads it back to the same state)."""
    return _states.write(state, "edge", "edges", "no_edges", _states.edge_json)


def describe(puzzle: Puzzle, key: Hashable, value: int) -> str:
    """An answer-key value in words: ``the loop runs between (0, 0) and (0, 1)``."""
    _, a, b = key  # type: ignore[misc]
    return f"the loop {'runs' if value else 'does not run'} between {a} and {b}"


def random_puzzle(rng: _random.Random, height: int, width: int, density: float = 0.2) -> Puzzle:
    """Pearls placed at random with the given density (the puzzle may have no solution)."""
    rows = tuple(
        tuple(rng.choice((WHITE, BLACK)) if rng.random() < density else EMPTY for _ in range(width))
        for _ in range(height)
    )
    return Puzzle(rows)
