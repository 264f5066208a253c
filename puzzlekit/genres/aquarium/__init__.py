"""Aquarium: the grid is divided into tanks; fill some cells with water so that the water of
each tank has one level (every cell of the tank at or below it full, every cell above it
empty), and the numbers above the columns and left of the rows count their full cells."""

from __future__ import annotations

import random

from puzzlekit.board import Genre, layers
from puzzlekit.board.edges import Water, level_problems, level_rules, tank_rows
from puzzlekit.board.places import invalid
from puzzlekit.board.rooms import grow
from puzzlekit.board.sides import room_label

__all__ = ["room_label"]  # the puzz.link part labels its tanks the same way


def _counts(axis: str) -> layers.LineCounts:
    word = "row" if axis == "rows" else "column"
    return layers.LineCounts(axis, what=f"a {word} count", per=f"full cells per {word}",
                             expected=f"a {word} count (a whole number, or ? for none)")


genre = Genre(
    "aquarium",
    title="Aquarium",
    rule="fill each tank with water up to one level; the numbers count the full cells of their lines",
    clues=[_counts("cols"), _counts("rows"), layers.Rooms("tanks", what="a tank label")],
    answers=[Water("water", key="water", absent="dry", noun="full cell")],
    optional=("cols", "rows"),
    sizes=(2, 30),
)


@genre.extend
class Puzzle(genre.Puzzle):
    """The full cells per column (left to right) and per row (top to bottom), None for a line
    without a count, and the tanks: a label per cell (a tank may be in pieces: its water still
    has one level)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        for name, most in (("cols", self.height), ("rows", self.width)):
            for i, k in self.clues(name):
                if k > most:
                    raise invalid((name, i), f"a count is 0-{most} here, found {k}")

    def rooms(self) -> dict[str, list[tuple[int, int]]]:
        """The cells of each tank by label, labels in order of first appearance."""
        return layers.Rooms.rooms(self.tanks)


def lines(p):
    """Each line with a count: its name, the count, its cells."""
    yield from ((f"row {r}", k, [(r, c) for c in range(p.width)]) for r, k in p.clues("rows"))
    yield from ((f"column {c}", k, [(r, c) for r in range(p.height)]) for c, k in p.clues("cols"))


@genre.model
def rules(p, m):
    for label, cells in p.rooms().items():
        with m.rule(f"the water of tank {label} has one level", cells=cells):
            level_rules(m, m.water, cells)
    for name, k, cells in lines(p):
        m.count_in(k, m.water, cells, f"{name} holds {k} full cells")


@genre.verify
def check(p, s):
    for label, cells in p.rooms().items():
        yield from level_problems(s.water, cells, f"tank {label}")
    for name, k, cells in lines(p):
        found = sum(cell in s.water for cell in cells)
        if found != k:
            yield f"{name} holds {found} full cells, not {k}"


_TANKS: dict = {}  # the tanks of the answer planted last, by that answer (for reveal)


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """Tanks of about four cells grown from random seeds, each filled to a random level."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    seeds = rng.sample(cells, max(1, len(cells) // 4))
    grid = grow(rng, height, width, {cell: i for i, cell in enumerate(seeds)})
    tanks: dict[int, list] = {}
    for r, c in cells:
        tanks.setdefault(grid[r][c], []).append((r, c))
    water = set()
    for tank in tanks.values():
        rows = list(tank_rows(tank))
        level = rng.randrange(len(rows) + 1)  # len(rows): the tank stays dry
        water |= {cell for cell in tank if cell[0] >= rows[level]} if level < len(rows) else set()
    solution = genre.Solution(water=frozenset(water))
    _TANKS.clear()  # the answer holds no tanks: reveal finds the last ones grown here
    _TANKS[solution] = tuple(tuple(room_label(grid[r][c]) for c in range(width)) for r in range(height))
    return solution


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every count, on the tanks the last plant grew."""
    rows = tuple(sum((r, c) in solution.water for c in range(w)) for r in range(h))
    cols = tuple(sum((r, c) in solution.water for r in range(h)) for c in range(w))
    return genre.Puzzle(h, w, cols=cols, rows=rows, tanks=_TANKS[solution])


# what was measured of the generator (docs/genres/aquarium.md, "Levels made": 20 seeds, 20/20
# each): the square sides measured, and per level the sides where all the requests came back at it
SIDES = (6, 10)
RELIABLE = {"scan": (6,), "rules": (6,), "pairs": (6, 10), "trial": (6, 10), "chain": (6, 10), "deep": (10,)}

genre.export(globals())
