"""Gokigen Naname (Slant): a diagonal in every cell; a number at a corner counts the diagonals
that touch it; the diagonals form no closed loop."""

from __future__ import annotations

import random as _random
from typing import Any

from ...board import Genre, layers
from ...board import slants as sl
from ...unionfind import DisjointSets

genre = Genre(
    "gokigen", title="Gokigen Naname", aliases=("slant", "gokigen naname"),
    rule="a diagonal in every cell; a corner's number counts the diagonals touching it; no loop",
    clues=[layers.Corners("corners")],
    answers=[layers.Slants("slants")],
    sizes=(2, 30),
)


#: What `python -m benchmarks.levels --genres gokigen --seeds 20 --sizes 5` measured
#: (2026-12-06): rules, pairs and chain 20/20 at 5x5; scan, trial, lines, either 0/20; deep 4/20.
#: At his default 8x8 (``--sizes 8 --seeds 10 --first-miss``): rules and chain 10/10.
SIDES = (5, 8)
RELIABLE = {"rules": (5, 8), "pairs": (5,), "chain": (5, 8)}


@genre.model
def rules(p: Any, m: Any) -> None:
    """The rules of docs/genres/gokigen.md, one block per sentence."""
    h, w = p.height, p.width
    lit = m.slants  # true: a \ in the cell, false: a /
    # A number at a corner of the cells counts the diagonals that touch it.
    for corner, k in m.deadline.paced(p.clues("corners"), 256):
        around = sl.touching(corner, h, w)
        with m.rule(f"the {k} at corner {corner} touches {_diagonals(k)}", cells=[c for c, _ in around]):
            m.exactly(k, [lit[cell] if d == sl.BACK else ~lit[cell] for cell, d in around])
    # The diagonals form no closed loop.
    sl.no_loop(m, lit, "the diagonals form no closed loop")


def _diagonals(k: int) -> str:
    return f"{k} diagonal{'' if k == 1 else 's'}"


@genre.verify
def check(p: Any, s: Any) -> list[str]:
    """Every broken rule, in words; read from the diagonals, never the model."""
    problems = []
    for corner, k in p.clues("corners"):
        found = sl.corner_count(s.slants, corner)
        if found != k:
            problems.append(f"the {k} at corner {corner} touches {_diagonals(found)}")
    for point in sl.loop_points(s.slants):
        problems.append(f"the diagonals form a loop through corner {point}")
    return problems


@genre.plant
def plant(rng: _random.Random, height: int, width: int) -> Any:
    """Random diagonals without a loop: each cell, in a random order, takes a random one, or
    the other when the first would close a loop (started again should both close one)."""
    while True:
        sets: DisjointSets = DisjointSets()
        rows = [[sl.BACK] * width for _ in range(height)]
        cells = [(r, c) for r in range(height) for c in range(width)]
        rng.shuffle(cells)
        for cell in cells:
            first = rng.choice((sl.BACK, sl.FORWARD))
            fits = [d for d in (first, sl.FORWARD if first == sl.BACK else sl.BACK)
                    if sets.find(sl.ends(cell, d)[0]) != sets.find(sl.ends(cell, d)[1])]
            if not fits:
                break
            sets.union(*sl.ends(cell, fits[0]))
            rows[cell[0]][cell[1]] = fits[0]
        else:
            return genre.Solution(tuple("".join(row) for row in rows))


@genre.reveal
def reveal(solution: Any, height: int, width: int) -> Any:
    """Every corner's count."""
    counts = [[sl.corner_count(solution.slants, (r, c)) for c in range(width + 1)] for r in range(height + 1)]
    return genre.Puzzle(height, width, corners=counts)


genre.export(globals())


def render(puzzle: Any, solution: Any = None) -> str:
    """The grid as text: corner rows (a number, or ``+``) between rows of diagonals."""
    slants = solution.slants if solution is not None else None
    return sl.text(puzzle.corners, slants, puzzle.height, puzzle.width)
