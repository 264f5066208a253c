"""Cave (Bag, Corral): shade cells so the unshaded ones form one connected cave and every shaded
piece reaches the grid's edge; a number stands in the cave and counts the cave cells it sees in
the four directions, itself included."""

from __future__ import annotations

import random

from ...board import Genre, checks, layers
from ...board.caves import edge_connected, edge_problems, no_crossed_2x2, plant_cave
from ...board.rules import where
from ...board.shading_rules import sees_exactly, text_grid

genre = Genre(
    "cave", aliases=("bag", "corral"), title="Cave",
    rule="shade walls reaching the edge, the cave connected; a number counts the cave cells it sees",
    clues=[layers.Numbers("numbers", lo=1, hi=999, unknown=True, what="a number")],
    answers=[layers.Shading("shaded")],
)


@genre.model
def rules(p, m):
    shaded = m.shaded
    unshaded = {cell: ~lit for cell, lit in shaded.items()}
    for cell, _ in p.clues("numbers"):
        with m.rule(f"the numbered cell {where(cell)} is in the cave", cells=[cell]):
            m.fix(unshaded[cell])
    with m.rule("some cell is shaded"):
        m.clause(list(shaded.values()))
    m.connected_cells(unshaded, "the cave is one connected piece", key="open")
    edge_connected(m, shaded, "every shaded piece reaches the edge of the grid")
    no_crossed_2x2(m, shaded, "the cave is one piece and the walls reach the edge")
    for cell, k in p.clues("numbers"):
        if k != layers.UNKNOWN:
            cells = f"{k} cave cell{'' if k == 1 else 's'}"
            with m.rule(f"the {k} at {where(cell)} sees {cells}, itself included", cells=[cell]):
                sees_exactly(m, cell, unshaded, k - 1)


@genre.verify
def check(p, s):
    h, w = p.height, p.width
    unshaded = {(r, c) for r in range(h) for c in range(w)} - set(s.shaded)
    for cell, _ in p.clues("numbers"):
        if cell in s.shaded:
            yield f"the numbered cell {cell} is shaded"
    if not s.shaded:
        yield "no cell is shaded"
    yield from checks.connected(unshaded, "cave cells")
    yield from edge_problems(s.shaded, h, w, "shaded piece")
    for cell, k in p.clues("numbers"):
        seen = 1 + checks.seen(cell, unshaded, h, w)
        if k != layers.UNKNOWN and cell in unshaded and seen != k:
            yield f"the {k} at {cell} sees {seen} cave cells, itself included"


#: The share of thin plants (see `plant`).
THIN = 0.5


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """About 45% of the cells shaded, each shaded piece reaching the edge, the cave one piece;
    half the plants thin (every shaded cell beside the cave: with every number shown the
    counts alone fix them, as ``rules`` needs), the others with thick walls (``lines`` and up)."""
    return genre.Solution(shaded=plant_cave(rng, height, width, thin=rng.random() < THIN))


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every cave cell shows the cave cells it sees."""
    unshaded = {(r, c) for r in range(h) for c in range(w)} - set(solution.shaded)
    rows = [[1 + checks.seen((r, c), unshaded, h, w) if (r, c) in unshaded else None for c in range(w)]
            for r in range(h)]
    return genre.Puzzle(h, w, numbers=rows)


# measured by benchmarks.levels (20 seeds, stopping at a level's first miss): the sides, and per
# level the sides where it came every time (docs/genres/cave.md)
SIDES = (6, 8, 10)
RELIABLE = {"rules": (6, 8, 10), "trial": (6, 8, 10), "lines": (6, 8, 10), "chain": (6, 8, 10)}

genre.export(globals())


def render(puzzle, solution=None) -> str:
    """The grid as text, numbers right-aligned in columns, ``#`` shaded, ``·`` other cells."""
    return text_grid(puzzle.numbers, solution.shaded if solution is not None else ())
