"""Minesweeper: place mines in cells without numbers; each number counts the mines among its
eight neighbours, and the puzzle may give the total of mines."""

from __future__ import annotations

import random

from ...board import Genre, layers
from ...board.fleet import around
from ...board.regions import Size

#: `auto` tries CP-SAT first: it takes the counts as they are, where `sat` writes each out as
#: clauses; on the corpus (docs/benchmarks.md) it was three times quicker
BACKENDS = ("cpsat", "sat")

TOTAL = Size("total", default=None, lo=0, hi=9999, what="a number of mines")
TOTAL.label = "mines"  # the header's name: ``mines: 10``

genre = Genre(
    "minesweeper", aliases=("mines", "mine", "minesweeperpuzzle"), title="Minesweeper",
    rule="place mines in cells without numbers; a number counts the mines among its eight neighbours",
    clues=[layers.Numbers("numbers", lo=0, hi=8, what="a count of mines"),
           TOTAL],
    answers=[layers.Objects("mines", key="mine", absent="safe", noun="mine")],
)


def _mines(k: int) -> str:
    return f"{k} mine{'' if k == 1 else 's'}"


@genre.model
def rules(p, m):
    mines = m.mines
    for cell, _ in p.clues("numbers"):
        with m.rule(f"the number at {cell} holds no mine", cells=[cell]):
            m.fix(~mines[cell])
    for cell, k in p.clues("numbers"):
        m.count_in(k, mines, around(cell, p.height, p.width), f"the {k} at {cell} has {_mines(k)} around it")
    if p.total is not None:
        m.count_in(p.total, mines, sorted(mines), f"the grid holds {_mines(p.total)}")


@genre.verify
def check(p, s):
    h, w = p.height, p.width
    outside = sorted(cell for cell in s.mines if not (0 <= cell[0] < h and 0 <= cell[1] < w))
    if outside:
        yield f"mines outside the {h}x{w} grid: {', '.join(map(str, outside))}"
    for cell, k in p.clues("numbers"):
        if cell in s.mines:
            yield f"the number at {cell} holds a mine"
        n = sum(1 for other in around(cell, h, w) if other in s.mines)
        if n != k:
            yield f"the {k} at {cell} has {_mines(n)} around it"
    if p.total is not None and len(set(s.mines)) != p.total:
        yield f"the grid holds {_mines(len(set(s.mines)))}, not {p.total}"


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """About a fifth of the cells mined, at random."""
    return genre.Solution(mines=frozenset((r, c) for r in range(height) for c in range(width)
                                          if rng.random() < 0.2))


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every cell without a mine shows its count."""
    rows = [[None if (r, c) in solution.mines else sum(n in solution.mines for n in around((r, c), h, w))
             for c in range(w)] for r in range(h)]
    return genre.Puzzle(h, w, numbers=rows)


#: What was measured of the generator (``python -m benchmarks.levels --sizes 6,10 --seeds 20
#: --first-miss``, 2026-12-07, docs/genres/minesweeper.md): every level below 20/20.
SIDES = (6, 10)
#: Trial came back too, but slowly (20-40 s at 10x10), so it is offered only as the nearest.
RELIABLE = {"rules": (6, 10), "pairs": (6, 10), "chain": (10,)}


genre.export(globals())
