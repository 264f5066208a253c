"""Kurodoko (Kuromasu, Range): shade cells apart, the rest connected; a number counts the
unshaded cells it sees in the four directions, itself included."""

from __future__ import annotations

import random

from ...board import Genre, checks, layers
from ...board.shading_rules import plant_apart, sees_exactly, text_grid

genre = Genre(
    "kurodoko", aliases=("kuromasu", "range"), title="Kurodoko",
    rule="shade cells apart, the rest connected; a number counts the unshaded cells it sees, itself included",
    clues=[layers.Numbers("numbers", lo=1, hi=999, what="a number")],
    answers=[layers.Shading("shaded")],
)


@genre.model
def rules(p, m):
    shaded = m.shaded
    unshaded = {cell: ~lit for cell, lit in shaded.items()}
    for cell, _ in p.clues("numbers"):
        with m.rule(f"the numbered cell {cell} stays unshaded", cells=[cell]):
            m.fix(unshaded[cell])
    m.no_two_adjacent(shaded, "no two shaded cells side by side")
    m.connected_cells(unshaded, "the unshaded cells form one connected group", key="open")
    for cell, k in p.clues("numbers"):
        with m.rule(f"the {k} at {cell} sees {k} unshaded cell{'' if k == 1 else 's'}, itself included",
                    cells=[cell]):
            sees_exactly(m, cell, unshaded, k - 1)


@genre.verify
def check(p, s):
    h, w = p.height, p.width
    unshaded = {(r, c) for r in range(h) for c in range(w)} - set(s.shaded)
    for cell, _ in p.clues("numbers"):
        if cell in s.shaded:
            yield f"the numbered cell {cell} is shaded"
    yield from checks.no_two_adjacent(s.shaded, "shaded cells")
    yield from checks.connected(unshaded, "unshaded cells")
    for cell, k in p.clues("numbers"):
        seen = 1 + checks.seen(cell, unshaded, h, w)
        if cell in unshaded and seen != k:
            yield f"the {k} at {cell} sees {seen} unshaded cells, itself included"


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """About a fifth of the cells shaded apart, the rest connected."""
    return genre.Solution(shaded=plant_apart(rng, height, width, 0.2))


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every unshaded cell shows the cells it sees."""
    unshaded = {(r, c) for r in range(h) for c in range(w)} - set(solution.shaded)
    rows = [[1 + checks.seen((r, c), unshaded, h, w) if (r, c) in unshaded else None for c in range(w)]
            for r in range(h)]
    return genre.Puzzle(h, w, numbers=rows)


# what was measured of the generator (docs/generating.md, "Levels made"): the square sides
# measured, and per level the sides where at least 95% of the requests came back at it
SIDES = (7,)
RELIABLE = {"rules": (7,), "trial": (7,), "chain": (7,)}

genre.export(globals())


def render(puzzle, solution=None) -> str:
    """The grid as text, numbers right-aligned in columns, ``#`` shaded, ``·`` other cells."""
    return text_grid(puzzle.numbers, solution.shaded if solution is not None else ())
