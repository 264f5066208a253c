"""Light Up (Akari): lamps light their row and column up to a wall; every open cell lit, no two
lamps lighting each other, a numbered wall has that many lamps beside it."""

from __future__ import annotations

import random

from ...board import Genre, checks, layers, places
from ...board.shading_rules import WallNumbers, lit_and_apart, pairs_seeing

WALL = "X"

genre = Genre(
    "lightup", aliases=("akari",), title="Light Up",
    rule="light every open cell; no two lamps light each other; a number counts the lamps beside its wall",
    clues=[layers.Symbols("walls", {WALL: "wall"}, what="a wall"),
           WallNumbers("numbers", lo=0, hi=4, what="a lamp count")],
    answers=[layers.Objects("lamps", key="lamp", absent="no_lamps", noun="lamp", off="walls")],
    optional=("numbers",),
)


@genre.extend
class Puzzle(genre.Puzzle):
    """The walls (``X``) and the lamp counts written on some of them."""

    def __post_init__(self) -> None:
        super().__post_init__()
        for (r, c), k in self.clues("numbers"):
            if self.walls[r][c] is None:
                raise places.invalid(("numbers", r, c), f"the number {k} at ({r}, {c}) is not on a wall")

    @property
    def blocked(self) -> frozenset[tuple[int, int]]:
        """The wall cells."""
        return frozenset(cell for cell, _ in self.clues("walls"))


@genre.model
def rules(p, m):
    lamps = m.lamps  # a lamp in each open cell (the answer layer leaves the walls out)
    lit_and_apart(m, lamps, p.blocked)
    for cell, k in p.clues("numbers"):
        rule = f"the {k} at {cell} has {k} lamp{'' if k == 1 else 's'} beside it"
        m.count_in(k, lamps, m.neighbours(cell), rule)


@genre.verify
def check(p, s):
    h, w, walls = p.height, p.width, p.blocked
    for cell in sorted(s.lamps):
        if cell in walls:
            yield f"the lamp at {cell} stands on a wall"
    lamps = set(s.lamps) - walls
    for a, b in pairs_seeing(lamps, walls, h, w):
        yield f"the lamps at {a} and {b} light each other"
    lit = set(lamps)
    for r, c in lamps:
        for dr, dc in checks.STEPS:
            y, x = r + dr, c + dc
            while 0 <= y < h and 0 <= x < w and (y, x) not in walls:
                lit.add((y, x))
                y, x = y + dr, x + dc
    dark = [(r, c) for r in range(h) for c in range(w) if (r, c) not in walls and (r, c) not in lit]
    if dark:
        more = ", ..." if len(dark) > 4 else ""
        yield f"open cells not lit: {', '.join(map(str, dark[:4]))}{more} ({len(dark)} in all)"
    for (r, c), k in p.clues("numbers"):
        n = sum(1 for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if cell in lamps)
        if n != k:
            yield f"the {k} at {(r, c)} has {n} lamp{'' if n == 1 else 's'} beside it"


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """Walls on about a fifth of the cells, then a lamp on each cell still dark, in random order."""
    walls = {(r, c) for r in range(height) for c in range(width) if rng.random() < 0.2}
    open_cells = [(r, c) for r in range(height) for c in range(width) if (r, c) not in walls]
    rng.shuffle(open_cells)
    lamps: set[tuple[int, int]] = set()
    lit: set[tuple[int, int]] = set()
    for cell in open_cells:
        if cell in lit:
            continue
        lamps.add(cell)
        lit.add(cell)
        for dr, dc in checks.STEPS:
            y, x = cell[0] + dr, cell[1] + dc
            while 0 <= y < height and 0 <= x < width and (y, x) not in walls:
                lit.add((y, x))
                y, x = y + dr, x + dc
    solution = genre.Solution(lamps=frozenset(lamps))
    # the walls are the board, not the answer: they ride along (outside the fields, so they
    # never change what the solution equals) for `reveal` to show
    object.__setattr__(solution, "planted_walls", frozenset(walls))
    return solution


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every wall, each numbered with the lamps beside it."""
    walls = solution.planted_walls
    rows = [[WALL if (r, c) in walls else None for c in range(w)] for r in range(h)]
    numbers = [[sum(n in solution.lamps for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))
                if (r, c) in walls else None for c in range(w)] for r in range(h)]
    return genre.Puzzle(h, w, walls=rows, numbers=numbers)


#: What was measured of the generator (``python -m benchmarks.levels --sizes 5,7 --seeds 8``):
#: the sides of the square grids asked, and per level the sides at which every request came
#: back at that level (`puzzlekit.generate.reach` offers those levels at and near them).
SIDES = (5, 7)
RELIABLE = {"scan": (5,), "rules": (5, 7), "trial": (5, 7)}

genre.export(globals())
