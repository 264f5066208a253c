"""Skyscrapers (Towers): fill an n x n grid with heights 1..n, each once per row and column; a
number outside the grid counts the towers seen from there, taller ones hiding shorter ones.
Two settings give janko.at's variants: ``diagonals: yes`` (the main diagonals too hold each
height once) and ``tallest: k`` (heights 1..k only, the other cells of each line empty)."""

from __future__ import annotations

import random

from puzzlekit.board import Genre, layers
from puzzlekit.board.latin import each_once, latin_square, line_problems, lines_of
from puzzlekit.board.places import invalid
from puzzlekit.board.regions import Size
from puzzlekit.board.sides import clues_around, looking_in, sides, visible, visible_count, where

AROUND = sides(lo=1, what="a tower count")
#: `auto` tries clauses first: faster than CP-SAT on the published puzzles (docs/benchmarks.md)
BACKENDS = ("sat", "cpsat")

genre = Genre(
    "skyscrapers",
    aliases=("towers",),
    title="Skyscrapers",
    rule="heights 1..n once per row and column; a number outside counts the towers seen from there",
    clues=[*AROUND, layers.Numbers("givens", lo=1, hi=16, what="a height"),
           layers.Setting("diagonals", ("no", "yes")), Size("tallest", None, 1, 16, "the tallest height")],
    answers=[layers.Heights("heights", lo=1, hi=16, key="height", tallest="tallest")],
    optional=("top", "bottom", "left", "right", "givens"),
    sizes=(3, 9),
)


@genre.extend
class Puzzle(genre.Puzzle):
    """The counts above, below, left and right of the grid (None: no clue), the given heights
    (None: an empty cell), ``diagonals`` ("yes": the main diagonals too hold each height once)
    and ``tallest`` (None: n; k < n: heights 1..k, the rest of each line empty). The grid is
    square, and every number is 1..tallest."""

    def __post_init__(self) -> None:
        super().__post_init__()
        n = self.width
        if self.height != n:
            raise invalid(("givens",), f"a Skyscrapers grid is square, not {self.height}x{n}")
        if self.tallest is not None and self.tallest >= n:  # n, or more: every cell holds one
            if self.tallest > n:
                raise invalid(("tallest",), f"the tallest height is at most {n} on a {n}x{n} grid, "
                              f"found {self.tallest}")
            object.__setattr__(self, "tallest", None)
        top = self.top_height
        for layer in AROUND:
            for i, v in layer.entries(getattr(self, layer.name)):
                if v > top:
                    raise invalid((layer.name, i), f"a tower count is 1-{top} on a {n}x{n} grid, found {v}")
        for (r, c), v in self.clues("givens"):
            if v > top:
                raise invalid(("givens", r, c), f"a height is 1-{top} on a {n}x{n} grid, found {v}")

    @property
    def top_height(self) -> int:
        """The tallest height: ``tallest``, or the grid's side."""
        return self.width if self.tallest is None else self.tallest


def variant(p: Puzzle) -> str:
    """The puzzle's variant rules in words (empty for plain Skyscrapers)."""
    words = ["the diagonals rule"] if p.diagonals == "yes" else []
    return " and ".join(words + ([f"heights 1-{p.tallest} only"] if p.tallest is not None else []))


def _count(k: int) -> str:
    return f"{k} tower{'' if k == 1 else 's'}"


@genre.model
def rules(p, m):
    heights, top = m.heights, p.top_height
    empty = "" if top == p.width else f" (1-{top}, the rest empty)"
    for name, line in lines_of(p.width, p.diagonals == "yes").items():
        with m.rule(f"{name} holds each height once{empty}", cells=line):
            each_once(m, [heights[c] for c in line], top)
    for cell, v in p.clues("givens"):
        with m.rule(f"the given height {v} at {cell}", cells=[cell]):
            m.fix(m.eq(heights[cell], v))
    for side, i, k, cells in clues_around(p, AROUND):
        with m.rule(f"the {k} {where(side, i)} sees {_count(k)}", cells=cells):
            visible_count(m, ("sight", side, i), [heights[c] for c in cells], k)


@genre.verify
def check(p, s):
    n, top = p.width, p.top_height
    values = {(r, c): v for r, row in enumerate(s.heights) for c, v in enumerate(row)}
    low = 0 if top < n else 1
    for cell, v in values.items():
        if not low <= v <= top:
            yield f"the height {v} at {cell} is not {low}-{top}" + (" (0: an empty cell)" if low == 0 else "")
    fitting = {cell: v for cell, v in values.items() if low <= v <= top}
    yield from line_problems(fitting, lines_of(n, p.diagonals == "yes"), top)
    for cell, v in p.clues("givens"):
        if values[cell] != v:
            yield f"the given height {v} at {cell} holds {values[cell]}"
    for side, i, k, cells in clues_around(p, AROUND):
        seen = visible([values[c] for c in cells])
        if seen != k:
            yield f"the {k} {where(side, i)} sees {_count(seen)}"


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
