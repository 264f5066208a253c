"""Mosaic (Fill-a-Pix): shade cells so that each number counts the shaded cells of the 3x3
block around it, itself included."""

from __future__ import annotations

import random

from ...board import Genre, layers
from ...board.shading_rules import block

genre = Genre(
    "mosaic", aliases=("fillapix",), title="Mosaic",
    rule="a number counts the shaded cells of the 3x3 block around it, itself included",
    clues=[layers.Numbers("numbers", lo=0, hi=9, what="a count")],
    answers=[layers.Shading("shaded")],
)


@genre.model
def rules(p, m):
    for cell, k in p.clues("numbers"):
        m.count_in(k, m.shaded, block(cell, p.height, p.width),
                   f"the {k} at {cell} has {k} shaded cell{'' if k == 1 else 's'} around it")


@genre.verify
def check(p, s):
    for (r, c), k in p.clues("numbers"):
        n = sum(1 for y in range(r - 1, r + 2) for x in range(c - 1, c + 2) if (y, x) in s.shaded)
        if n != k:
            yield f"the {k} at {(r, c)} has {n} shaded cell{'' if n == 1 else 's'} around it"
    h, w = p.height, p.width
    outside = sorted(cell for cell in s.shaded if not (0 <= cell[0] < h and 0 <= cell[1] < w))
    if outside:
        yield f"shaded cells outside the {h}x{w} grid: {', '.join(map(str, outside))}"


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """About half the cells shaded, at random."""
    return genre.Solution(shaded=frozenset((r, c) for r in range(height) for c in range(width)
                                           if rng.random() < 0.5))


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every cell shows the count of its block."""
    rows = [[sum(cell in solution.shaded for cell in block((r, c), h, w)) for c in range(w)]
            for r in range(h)]
    return genre.Puzzle(h, w, numbers=rows)


#: What was measured of the generator (``python -m benchmarks.levels --sizes 5,7 --seeds 8``):
#: the sides of the square grids asked, and per level the sides at which every request came
#: back at that level (`puzzlekit.generate.reach` offers those levels at and near them).
SIDES = (5, 7)
RELIABLE = {"pairs": (5, 7), "trial": (5, 7), "chain": (7,), "deep": (7,)}


genre.export(globals())
