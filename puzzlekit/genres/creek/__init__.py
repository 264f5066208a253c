"""Creek: shade cells so that the unshaded cells are one connected group; a number on a grid
corner counts the shaded cells among the (up to four) cells touching that corner."""

from __future__ import annotations

import random

from ...board import Genre, checks, layers
from ...board.around import corner_cells, corner_count, corner_text

genre = Genre(
    "creek", title="Creek",
    rule="shade cells, the rest connected; a corner's number counts the shaded cells touching it",
    clues=[layers.Corners("corners")],
    answers=[layers.Shading("shaded")],
    sizes=(2, 30),
)


def _cells(k: int) -> str:
    return f"{k} shaded cell{'' if k == 1 else 's'}"


@genre.model
def rules(p, m):
    shaded = m.shaded
    h, w = p.height, p.width
    with m.rule("at least one cell is shaded"):
        m.at_least(1, list(shaded.values()))
    for corner, k in m.deadline.paced(p.clues("corners"), 256):
        around = corner_cells(corner, h, w)
        with m.rule(f"the {k} at corner {corner} touches {_cells(k)}", cells=around):
            m.exactly(k, [shaded[cell] for cell in around])
    unshaded = {cell: ~lit for cell, lit in shaded.items()}
    m.connected_cells(unshaded, "the unshaded cells form one connected group", key="open")


@genre.verify
def check(p, s):
    h, w = p.height, p.width
    if not s.shaded:
        yield "no cell is shaded"
    for corner, k in p.clues("corners"):
        found = corner_count(corner, s.shaded, h, w)
        if found != k:
            yield f"the {k} at corner {corner} touches {_cells(found)}"
    unshaded = {(r, c) for r in range(h) for c in range(w)} - set(s.shaded)
    yield from checks.connected(unshaded, "unshaded cells")


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """Cells shaded one at a time in a random order, each only when the unshaded cells stay
    connected, until about two fifths of the grid is shaded."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(cells)
    goal = max(1, int(len(cells) * rng.uniform(0.35, 0.5)))
    shaded: set = set()
    for cell in cells:
        if len(shaded) >= goal:
            break
        if len(checks.pieces(set(cells) - shaded - {cell})) == 1:
            shaded.add(cell)
    if not shaded or len(shaded) == len(cells):
        raise ValueError(f"no Creek answer planted on {height}x{width}")
    return genre.Solution(shaded=frozenset(shaded))


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every corner's count."""
    counts = [[corner_count((r, c), solution.shaded, h, w) for c in range(w + 1)] for r in range(h + 1)]
    return genre.Puzzle(h, w, corners=counts)


#: What `python -m benchmarks.levels --genres creek --seeds 20 --sizes 6,10 --first-miss` measured
#: (2026-12-07, docs/genres/creek.md): scan, pairs, trial, lines and chain 20/20 at both sides;
#: `either` ran out of 60 s at the first 6x6 seed (it had come back 10/10 on 2026-12-06).
SIDES = (6, 10)
RELIABLE = {"scan": (6, 10), "pairs": (6, 10), "trial": (6, 10), "lines": (6, 10), "chain": (6, 10)}

genre.export(globals())


def render(puzzle, solution=None) -> str:
    """The grid as text: corner rows (a number, or ``+``) between rows of cells."""
    shaded = None if solution is None else solution.shaded
    return corner_text(puzzle.corners, shaded, puzzle.height, puzzle.width)
