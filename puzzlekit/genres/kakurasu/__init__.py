"""Kakurasu: shade cells so that, in every row, the column numbers (1 at the left) of its
shaded cells add up to the row's number, and in every column the row numbers (1 at the top)
of its shaded cells add up to the column's number."""

from __future__ import annotations

import random

from puzzlekit.board import Genre, layers
from puzzlekit.board.edges import weighted_sum
from puzzlekit.board.places import invalid
from puzzlekit.board.sides import Side

#: `auto` tries CP-SAT first: the sums are linear constraints it takes as they are
BACKENDS = ("cpsat", "sat")


def _sums(axis: str) -> Side:
    """A sum per line, drawn at its far end (below the columns, right of the rows), where the
    puzzle prints them; the grid's first row and column weigh 1."""
    word = "row" if axis == "rows" else "column"
    return Side("right" if axis == "rows" else "bottom", name=axis, what=f"a {word} sum", looks=False,
                expected=f"a {word} sum (a whole number, or ? for none)")


genre = Genre(
    "kakurasu",
    title="Kakurasu",
    rule="shade cells; a row's number is the sum of its shaded cells' column numbers, and likewise",
    clues=[_sums("cols"), _sums("rows")],
    answers=[layers.Shading("shaded")],
    shaped_by=("cols", "rows"),
    optional=("cols", "rows"),
    sizes=(2, 12),
)


def most(n: int) -> int:
    """The largest sum of a line of n cells: 1 + 2 + ... + n."""
    return n * (n + 1) // 2


@genre.extend
class Puzzle(genre.Puzzle):
    """The sums under the columns (left to right) and beside the rows (top to bottom); None
    for a line without one. A row's sum is at most 1 + ... + width, a column's 1 + ... + height."""

    def __post_init__(self) -> None:
        super().__post_init__()
        for name, top in (("cols", most(self.height)), ("rows", most(self.width))):
            for i, k in self.clues(name):
                if k > top:
                    raise invalid((name, i), f"a sum is 0-{top} here, found {k}")


def lines(p):
    """Each line with a sum: its name, the sum, its cells with their weights."""
    for r, k in p.clues("rows"):
        yield f"row {r}", k, [((r, c), c + 1) for c in range(p.width)]
    for c, k in p.clues("cols"):
        yield f"column {c}", k, [((r, c), r + 1) for r in range(p.height)]


@genre.model
def rules(p, m):
    for name, k, cells in lines(p):
        with m.rule(f"{name}'s shaded cells add up to {k}", cells=[cell for cell, _ in cells]):
            weighted_sum(m, [w for _, w in cells], [m.shaded[cell] for cell, _ in cells], k)


@genre.verify
def check(p, s):
    for name, k, cells in lines(p):
        found = sum(w for cell, w in cells if cell in s.shaded)
        if found != k:
            yield f"{name}'s shaded cells add up to {found}, not {k}"


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """Random dense shading: high sums have few sets of weights, so fewer answers and less
    search (docs/genres/kakurasu.md, "Generating")."""
    share = rng.uniform(0.6, 0.75)
    return genre.Solution(shaded=frozenset((r, c) for r in range(height) for c in range(width)
                                           if rng.random() < share))


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every row's and column's sum."""
    rows = tuple(sum(c + 1 for c in range(w) if (r, c) in solution.shaded) for r in range(h))
    cols = tuple(sum(r + 1 for r in range(h) if (r, c) in solution.shaded) for c in range(w))
    return genre.Puzzle(cols, rows)


# what was measured of the generator (docs/generating.md, "Levels made"): the square sides
# measured, and per level the sides where at least 95% of the requests came back at it
SIDES = (6, 8, 10)
RELIABLE = {"scan": (6, 8), "rules": (6, 8), "trial": (6, 8, 10), "chain": (6, 8, 10), "deep": (8, 10)}

genre.export(globals())
