"""Skyscrapers (Towers): fill an n x n grid with heights 1..n, each once per row and column; a
number outside the grid counts the towers seen from there, taller ones hiding shorter ones."""

from __future__ import annotations

import random

from puzzlekit.board import Genre, checks, layers
from puzzlekit.board.places import invalid
from puzzlekit.board.sides import clues_around, looking_in, sides, visible, visible_count, where

AROUND = sides(lo=1, what="a tower count")
#: `auto` tries clauses first: faster than CP-SAT on the published puzzles (docs/benchmarks.md)
BACKENDS = ("sat", "cpsat")

genre = Genre(
    "skyscrapers",
    aliases=("towers",),
    title="Skyscrapers",
    rule="heights 1..n once per row and column; a number outside counts the towers seen from there",
    clues=[*AROUND, layers.Numbers("givens", lo=1, hi=16, what="a height")],
    answers=[layers.Heights("heights", lo=1, hi=16, key="height")],
    optional=("top", "bottom", "left", "right", "givens"),
    sizes=(3, 9),
)


@genre.extend
class Puzzle(genre.Puzzle):
    """The counts above, below, left and right of the grid (None: no clue) and the given
    heights (None: an empty cell). The grid is square, and every number is 1..n."""

    def __post_init__(self) -> None:
        super().__post_init__()
        n = self.width
        if self.height != n:
            raise invalid(("givens",), f"a Skyscrapers grid is square, not {self.height}x{n}")
        for layer in AROUND:
            for i, v in layer.entries(getattr(self, layer.name)):
                if v > n:
                    raise invalid((layer.name, i), f"a tower count is 1-{n} on a {n}x{n} grid, found {v}")
        for (r, c), v in self.clues("givens"):
            if v > n:
                raise invalid(("givens", r, c), f"a height is 1-{n} on a {n}x{n} grid, found {v}")


def _count(k: int) -> str:
    return f"{k} tower{'' if k == 1 else 's'}"


@genre.model
def rules(p, m):
    heights = m.heights
    for i, line in enumerate(m.rows()):
        with m.rule(f"row {i} holds each height once", cells=line):
            m.all_different([heights[c] for c in line])
    for i, line in enumerate(m.columns()):
        with m.rule(f"column {i} holds each height once", cells=line):
            m.all_different([heights[c] for c in line])
    for cell, v in p.clues("givens"):
        with m.rule(f"the given height {v} at {cell}", cells=[cell]):
            m.fix(m.eq(heights[cell], v))
    for side, i, k, cells in clues_around(p, AROUND):
        with m.rule(f"the {k} {where(side, i)} sees {_count(k)}", cells=cells):
            visible_count(m, ("sight", side, i), [heights[c] for c in cells], k)


@genre.verify
def check(p, s):
    n = p.width
    values = {(r, c): v for r, row in enumerate(s.heights) for c, v in enumerate(row)}
    for cell, v in values.items():
        if not 1 <= v <= n:
            yield f"the height {v} at {cell} is not 1-{n}"
    lines = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
    placed = {cell: v for cell, v in values.items() if 1 <= v <= n}
    yield from checks.repeats(placed, lines, "the height")
    for cell, v in p.clues("givens"):
        if values[cell] != v:
            yield f"the given height {v} at {cell} holds {values[cell]}"
    for side, i, k, cells in clues_around(p, AROUND):
        seen = visible([values[c] for c in cells])
        if seen != k:
            yield f"the {k} {where(side, i)} sees {_count(seen)}"


def latin_square(rng: random.Random, n: int) -> list[list[int]]:
    """A random n x n Latin square, row by row: each row a perfect matching of columns to the
    heights their column still lacks (one always exists), found by augmenting paths taken in
    random order."""
    rows: list[list[int]] = []
    for _ in range(n):
        free = [set(range(1, n + 1)) - {row[c] for row in rows} for c in range(n)]
        owner: dict[int, int] = {}  # height -> column
        for c in rng.sample(range(n), n):
            _augment(rng, c, free, owner, set())
        row = [0] * n
        for v, c in owner.items():
            row[c] = v
        rows.append(row)
    return rows


def _augment(rng: random.Random, c: int, free: list[set[int]], owner: dict[int, int],
             tried: set[int]) -> bool:
    for v in rng.sample(sorted(free[c]), len(free[c])):
        if v not in tried:
            tried.add(v)
            if v not in owner or _augment(rng, owner[v], free, owner, tried):
                owner[v] = c
                return True
    return False


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    if height != width:
        raise ValueError(f"a Skyscrapers grid is square, not {height}x{width}")
    return genre.Solution(heights=tuple(map(tuple, latin_square(rng, width))))


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every count around the grid, and every height given."""
    grid = solution.heights
    shown = {layer.name: tuple(visible([grid[r][c] for r, c in looking_in(layer.side, i, w, w)])
                               for i in range(w)) for layer in AROUND}
    return genre.Puzzle(w, w, givens=grid, **shown)


# what was measured of the generator (docs/generating.md, "Levels made"): the square sides
# measured, and per level the sides where at least 95% of the requests came back at it
SIDES = (5,)
RELIABLE = {"scan": (5,), "trial": (5,), "chain": (5,)}

genre.export(globals())
