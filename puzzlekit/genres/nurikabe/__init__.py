"""Nurikabe: shade cells so the shaded cells form one connected wall with no 2x2 block all
shaded, and each piece of unshaded cells (an island) holds exactly one number, its size."""

from __future__ import annotations

import random

from ...board import Genre, checks, layers
from ...board.islands import island_problems, no_small_pieces, numbered_islands, one_cell_away, plant_wall
from ...board.shading_rules import other_answer, text_grid

genre = Genre(
    "nurikabe", aliases=("islandsinthestream",), title="Nurikabe",
    rule="shade one connected wall, no 2x2 shaded; each island holds one number, its size",
    clues=[layers.Numbers("numbers", lo=1, hi=9999, unknown=True, what="an island size")],
    answers=[layers.Shading("shaded")],
    optional=(),  # a hidden number would leave its island without one: every number is shown
)


def _numbers(p) -> dict:
    return {cell: None if k == layers.UNKNOWN else k for cell, k in p.clues("numbers")}


#: The largest piece of wall said in clauses not to stand alone (`no_small_pieces`): a
#: cut-off pair is then refuted before a whole answer is tried, for a quarter to a third fewer
#: conflicts on the slowest published 20x36 and 31x45 puzzles (docs/benchmarks.md); shapes of
#: three and four cells moved those either way, for more model time
PIECE = 2


@genre.model
def rules(p, m):
    shaded = m.shaded
    numbers = _numbers(p)
    numbered_islands(m, shaded, numbers, "each island holds one number, its size")
    wall = None if None in numbers.values() else p.height * p.width - sum(numbers.values())
    if wall is not None and wall > 1:  # a wall of n cells has no piece of fewer cut off
        no_small_pieces(m, shaded, min(PIECE, wall - 1), "the shaded cells form one connected wall")
    m.connected_cells(shaded, "the shaded cells form one connected wall")
    m.no_2x2(shaded, "no 2x2 block is all shaded")


@genre.verify
def check(p, s):
    h, w = p.height, p.width
    unshaded = {(r, c) for r in range(h) for c in range(w)} - set(s.shaded)
    yield from island_problems(unshaded, _numbers(p))
    yield from checks.connected(s.shaded, "shaded cells")
    yield from checks.no_2x2(s.shaded, h, w, "shaded")


def _open(shaded: set, h: int, w: int) -> set:
    return {(r, c) for r in range(h) for c in range(w)} - shaded


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """A random wall (`plant_wall`) with a number in a random cell of each island; a few walls are
    tried until no other answer fits their numbers."""
    best = None
    for _ in range(12):
        shaded = plant_wall(rng, height, width, rng.choice((3, 4, 5, 6)))
        if shaded is None:
            continue
        numbers: list[list[int | None]] = [[None] * width for _ in range(height)]
        for piece in checks.pieces(_open(shaded, height, width)):
            r, c = rng.choice(piece)
            numbers[r][c] = len(piece)
        best = genre.Solution(shaded=frozenset(shaded))
        # the numbers are the board, not the answer: they ride along for `reveal` to show
        object.__setattr__(best, "planted_numbers", tuple(map(tuple, numbers)))
        given = {(r, c): k for r, row in enumerate(numbers) for c, k in enumerate(row) if k is not None}
        if one_cell_away(shaded, given, height, width) is not None:
            continue  # most walls that are not unique: no model built for them
        puzzle = genre.Puzzle(height, width, numbers=numbers)
        if other_answer(genre.build(puzzle), genre.answer_of(puzzle, best), nodes=2000) is None:
            break
    if best is None:
        raise ValueError(f"no Nurikabe wall was found for {height}x{width}")
    return best


@genre.reveal
def reveal(solution, h: int, w: int):
    return genre.Puzzle(h, w, numbers=solution.planted_numbers)


# what was measured of the generator (docs/generating.md, "Levels made"): the square sides
# measured, and per level the sides where every request came back at it (6 seeds at 6x6, 20 at
# 10x10: docs/genres/nurikabe.md)
SIDES = (6, 10)
RELIABLE = {"scan": (6, 10), "rules": (6, 10), "lines": (6, 10), "chain": (6, 10)}
#: measured on the published puzzles: CP-SAT's flow is slower on every large one tried
BACKENDS = ("sat",)

genre.export(globals())


def render(puzzle, solution=None) -> str:
    """The grid as text, numbers right-aligned in columns, ``#`` for a shaded cell."""
    return text_grid(puzzle.numbers, solution.shaded if solution is not None else ())
