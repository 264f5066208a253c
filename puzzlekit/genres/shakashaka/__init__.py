"""Shakashaka: black triangles in some white cells, each filling half a cell on a diagonal, so
that every white area left is a rectangle, upright or turned 45 degrees; a number on a black
cell counts the triangles beside it."""

from __future__ import annotations

import random

from ...board import Genre, layers, places
from ...board.rules import where
from ...board.shading_rules import WallNumbers
from ...board.triangles import NONE, Triangles, rectangle_problems, rectangles, turned_rectangle
from ...ir import WHOLE_RULES

WALL = "X"

genre = Genre(
    "shakashaka", title="Shakashaka",
    rule="place half-cell triangles so every white area is a rectangle; "
         "a number counts the triangles beside it",
    clues=[layers.Symbols("walls", {WALL: "black cell"}, what="a black cell"),
           WallNumbers("numbers", lo=0, hi=4, what="a triangle count")],
    answers=[Triangles("triangles")],
    optional=("numbers",),
    # every count is a number's, one kind of rule, so ``scan`` deduces what ``rules`` does; and
    # no rule joins cells into a loop or a group, so ``lines`` what ``trial`` does: asked for
    # either, the generator planted grid after grid for a grade the ladder never gives
    levels=("rules", "pairs", "trial", "chain", "either", "deep", "search"),
)


@genre.extend
class Puzzle(genre.Puzzle):
    """The black cells (``X``) and the triangle counts written on some of them."""

    def __post_init__(self) -> None:
        super().__post_init__()
        for (r, c), k in self.clues("numbers"):
            if self.walls[r][c] is None:
                raise places.invalid(("numbers", r, c),
                                     f"the number {k} at ({r}, {c}) is not on a black cell")

    @property
    def blocked(self) -> frozenset[tuple[int, int]]:
        """The black cells."""
        return frozenset(cell for cell, _ in self.clues("walls"))


@genre.model
def rules(p, m):
    tri, walls = m.triangles, p.blocked
    for cell in sorted(walls):
        with m.rule(f"the black cell {where(cell)} holds no triangle", cells=[cell]):
            m.fix(m.eq(tri[cell], NONE))
    rectangles(m, tri, walls, "every white area is a rectangle")
    # a grid point's rule is many clauses: the ladder's ``pairs`` reads two points' rules as
    # wholes, not their clauses two at a time (hundreds of pairs, not some 300,000)
    m.hints[WHOLE_RULES] = True
    for cell, k in p.clues("numbers"):
        around = m.neighbours(cell)
        plural = "" if k == 1 else "s"
        with m.rule(f"the {k} at {where(cell)} has {k} triangle{plural} beside it", cells=around):
            m.exactly(k, [~m.eq(tri[n], NONE) for n in around])


@genre.verify
def check(p, s):
    at = {(r, c): v for r, row in enumerate(s.triangles) for c, v in enumerate(row)}
    walls = p.blocked
    for cell in sorted(walls):
        if at[cell] != NONE:
            yield f"the black cell {cell} holds a triangle"
    yield from rectangle_problems(walls, at)
    for (r, c), k in p.clues("numbers"):
        found = sum(at.get(n, NONE) != NONE for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))
        if found != k:
            yield f"the {k} at {(r, c)} has {found} triangles beside it"


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """White rectangles placed at random on a black grid: a turned one fills a square box with
    triangles along its sides (the box's corners left black), an upright one is white cells
    kept from touching another upright one; a cell left over turns white where every white
    area stays a rectangle, else stays black."""
    at: dict = {}
    for _ in range(4 * height * width):
        turned = rng.random() < 0.6
        p, q = rng.randint(1, 3), rng.randint(1, 3)
        rows, cols = (p + q, p + q) if turned else (rng.randint(1, 4), rng.randint(1, 4))
        if rows > height or cols > width:
            continue
        r0, c0 = rng.randrange(height - rows + 1), rng.randrange(width - cols + 1)
        box = [(r0 + i, c0 + j) for i in range(rows) for j in range(cols)]
        if any(cell in at for cell in box):
            continue
        if turned:
            at.update({(r0 + i, c0 + j): v for (i, j), v in turned_rectangle(p, q).items()})
        elif not any(at.get(n) == NONE for r, c in box
                     for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if n not in box):
            at.update({cell: NONE for cell in box})
    cells = [(r, c) for r in range(height) for c in range(width)]
    for cell in rng.sample(cells, len(cells)):  # a black cell left over turns white where it may
        if at.get(cell, WALL) == WALL:
            trial = {**{k: at.get(k, WALL) for k in cells}, cell: NONE}
            if not rectangle_problems({k for k, v in trial.items() if v == WALL},
                                      {k: 0 if v == WALL else v for k, v in trial.items()}):
                at[cell] = NONE
    walls = [[WALL if at.get((r, c), WALL) == WALL else None for c in range(width)] for r in range(height)]
    triangles = tuple(tuple(0 if at.get((r, c), WALL) == WALL else at[(r, c)] for c in range(width))
                      for r in range(height))
    solution = genre.Solution(triangles=triangles)
    object.__setattr__(solution, "planted_walls", walls)  # the board rides along for reveal
    return solution


@genre.reveal
def reveal(solution, h: int, w: int):
    """The planted black cells, each with the triangles beside it."""
    rows = solution.planted_walls
    at = solution.triangles

    def count(r: int, c: int) -> int:
        return sum(0 <= y < h and 0 <= x < w and at[y][x] != NONE
                   for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))

    numbers = [[count(r, c) if rows[r][c] else None for c in range(w)] for r in range(h)]
    return genre.Puzzle(h, w, walls=rows, numbers=numbers)


# measured by benchmarks.levels (20 seeds): the sides, and per level where it came every time
SIDES = (6, 10)
RELIABLE = {"rules": (6, 10), "pairs": (6, 10)}

#: A number only adds the count of triangles beside its cell: one guarded model per plant
#: serves every set of numbers shown, for the counterexample finder and the ladder alike.
GUARD = True


def clue_keys(item: tuple) -> list:
    """The answer keys a number counts: the cells beside it."""
    _, (r, c), _ = item
    return [("triangle", r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]


genre.export(globals())


def render(puzzle, solution=None) -> str:
    """The grid as text: a black cell as its number or ``#``, a triangle as the corner it
    fills (``◤◥◣◢``), ``·`` a white cell."""
    chars = Triangles().chars

    def cell(r: int, c: int) -> str:
        k = puzzle.numbers[r][c]
        if puzzle.walls[r][c]:
            return "#" if k is None else str(k)
        return chars[solution.triangles[r][c]] if solution is not None else "·"

    return "\n".join(" ".join(cell(r, c) for c in range(puzzle.width)) for r in range(puzzle.height))
