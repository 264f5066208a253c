"""Easy as ABC (ABC End View): place the letters A..k once in every row and column of an
n x n grid, the other cells empty; a letter outside the grid is the first letter met
looking in from that end of its row or column; letters given in cells stay."""

from __future__ import annotations

import random

from puzzlekit.board import Genre
from puzzlekit.board.checks import repeats
from puzzlekit.board.edges import (
    LetterClues,
    LetterCount,
    Letters,
    LetterSide,
    first_letter,
    first_seen,
    letter,
)
from puzzlekit.board.latin import each_once, latin_square, lines_of
from puzzlekit.board.places import invalid
from puzzlekit.board.sides import SIDES, clues_around, looking_in, where

AROUND = [LetterSide(side, lo=1, what="a letter") for side in SIDES]

genre = Genre(
    "easyasabc",
    aliases=("easy as abc", "abcendview", "abc end view"),
    title="Easy as ABC",
    rule="letters A..k once per row and column, the rest empty; an outside letter is the first seen",
    clues=[LetterCount("letters"), *AROUND, LetterClues("givens")],
    answers=[Letters("grid", letters="letters")],
    optional=("top", "bottom", "left", "right", "givens"),
    sizes=(3, 12),
)


@genre.extend
class Puzzle(genre.Puzzle):
    """``letters``: how many letters, A..; None: as many as the grid's side (no cell empty).
    The letters outside the grid (None: no clue) and the letters given in cells (None: not
    given) are numbers, 1 for A. The grid is square."""

    def __post_init__(self) -> None:
        super().__post_init__()
        n = self.width
        if self.height != n:
            raise invalid(("givens",), f"an Easy as ABC grid is square, not {self.height}x{n}")
        if self.letters is not None and self.letters >= n:  # n: every cell holds a letter
            if self.letters > n:
                raise invalid(("letters",), f"at most {n} letters fit a {n}x{n} grid, found {self.letters}")
            object.__setattr__(self, "letters", None)
        top = self.count
        for layer in AROUND:
            for i, v in layer.entries(getattr(self, layer.name)):
                if v > top:
                    raise invalid((layer.name, i), f"a letter is A-{letter(top)} here, found {letter(v)}")
        for (r, c), v in self.clues("givens"):
            if v > top:
                raise invalid(("givens", r, c), f"a letter is A-{letter(top)} here, found {letter(v)}")

    @property
    def count(self) -> int:
        """How many letters: ``letters``, or the grid's side."""
        return self.width if self.letters is None else self.letters


@genre.model
def rules(p, m):
    grid, k = m.grid, p.count
    for name, line in lines_of(p.width).items():
        with m.rule(f"{name} holds each letter A-{letter(k)} once", cells=line):
            each_once(m, [grid[c] for c in line], k)
    for cell, v in p.clues("givens"):
        with m.rule(f"the given {letter(v)} at {cell}", cells=[cell]):
            m.fix(m.eq(grid[cell], v))
    for side, i, v, cells in clues_around(p, AROUND):
        with m.rule(f"the {letter(v)} {where(side, i)} is the first letter seen", cells=cells):
            first_seen(m, [grid[c] for c in cells], v, empty=p.width - k)


@genre.verify
def check(p, s):
    n, k = p.width, p.count
    values = {(r, c): v for r, row in enumerate(s.grid) for c, v in enumerate(row)}
    low = 0 if k < n else 1
    for cell, v in values.items():
        if not low <= v <= k:
            yield f"the value {v} at {cell} is not {low}-{k}" + (" (0: an empty cell)" if low == 0 else "")
    placed = {cell: letter(v) for cell, v in values.items() if 0 < v <= k}
    lines = lines_of(n)
    yield from repeats(placed, lines.values(), "the letter")
    for name, line in lines.items():
        held = {placed.get(c) for c in line}
        yield from (f"{name} has no {letter(v)}" for v in range(1, k + 1) if letter(v) not in held)
    for cell, v in p.clues("givens"):
        if values[cell] != v:
            yield f"the given {letter(v)} at {cell} holds {placed.get(cell, 'nothing')}"
    for side, i, v, cells in clues_around(p, AROUND):
        seen = first_letter([values[c] if 0 < values[c] <= k else 0 for c in cells])
        if seen != v:
            met = "no letter" if seen is None else letter(seen)
            yield f"the {letter(v)} {where(side, i)} sees {met} first"


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """A Latin square whose largest n - k values are emptied: k letters, about 2/3 of n."""
    if height != width:
        raise ValueError(f"an Easy as ABC grid is square, not {height}x{width}")
    k = max(1, min(width, round(width * 2 / 3)))
    square = latin_square(rng, width)
    return genre.Solution(grid=tuple(tuple(v if v <= k else 0 for v in row) for row in square))


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every first letter around the grid, and every letter given."""
    grid = solution.grid
    k = max(max(row) for row in grid)
    shown = {layer.name: tuple(first_letter([grid[r][c] for r, c in looking_in(layer.side, i, w, w)])
                               for i in range(w)) for layer in AROUND}
    givens = tuple(tuple(v or None for v in row) for row in grid)
    return genre.Puzzle(w, w, letters=None if k == w else k, givens=givens, **shown)


# what was measured of the generator (docs/generating.md, "Levels made"): the square sides
# measured, and per level the sides where at least 95% of the requests came back at it
SIDES = (5, 6, 10)
RELIABLE = {"scan": (5, 6, 10), "rules": (6, 10), "trial": (5, 6, 10), "chain": (5, 6)}

genre.export(globals())
