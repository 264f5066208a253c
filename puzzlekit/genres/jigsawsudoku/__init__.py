"""Jigsaw Sudoku (Jigsaw, Irregular Sudoku): a Latin square whose n irregular regions each hold
1..n once."""

from __future__ import annotations

import random
import string

from puzzlekit.board import Genre, checks, layers
from puzzlekit.board import cages as cg
from puzzlekit.board.places import invalid

genre = Genre(
    "jigsawsudoku",
    aliases=("jigsaw", "irregularsudoku"),
    title="Jigsaw Sudoku",
    rule="fill 1-n so each row, column and region holds each once; given digits stay",
    clues=[layers.Numbers("givens", lo=1, hi=35), layers.Rooms("regions", text=True)],
    answers=[layers.Digits("digits", lo=1, hi=None)],
    sizes=(4, 9),
)


@genre.extend
class Puzzle(genre.Puzzle):
    def __post_init__(self) -> None:
        super().__post_init__()
        n = self.width
        if self.height != n:
            raise invalid(("regions",), f"a Jigsaw Sudoku grid is square, not {self.height}x{n}")
        for label, cells in layers.Rooms.rooms(self.regions).items():
            if len(cells) != n:
                raise invalid(("regions", *cells[0]), f"the region {label} has {len(cells)} cells, not {n}")
        for (r, c), v in self.clues("givens"):
            if v > n:
                raise invalid(("givens", r, c), f"expected a number 1-{n}, found {v}")

    def groups(self) -> list[tuple[str, list[tuple[int, int]]]]:
        """The rows, columns and regions, each named."""
        rooms = layers.Rooms.rooms(self.regions)
        return cg.line_groups(self.width) + [(f"the region {k}", cells) for k, cells in rooms.items()]


@genre.model
def rules(p, m):
    n = p.width
    cg.all_different(m, m.digits, cg.latin_groups(n))
    cg.all_different(m, m.digits, [(f"the region {k} holds 1-{n} once", cells)
                                   for k, cells in layers.Rooms.rooms(p.regions).items()])
    for cell, v in p.clues("givens"):
        with m.rule(f"the given {v} at {checks.where(cell)} stays", cells=[cell]):
            m.fix(m.eq(m.digits[cell], v))


@genre.verify
def check(p, s):
    for (r, c), v in p.clues("givens"):
        if s.digits[r][c] != v:
            yield f"the given {v} at ({r}, {c}) holds {s.digits[r][c]}"
    yield from cg.group_problems(s.digits, p.groups())


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    return genre.Solution(digits=tuple(map(tuple, cg.random_sudoku(rng, cg.default_box(width)))))


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every digit given, on regions grown for the answer (seeded by it)."""
    grid = solution.digits
    owner = cg.grow_regions(random.Random(str(grid)), grid)
    rows = tuple("".join(string.ascii_uppercase[owner[(r, c)]] for c in range(w)) for r in range(h))
    return genre.Puzzle(h, w, givens=grid, regions=rows)


# what was measured of the generator (docs/generating.md, "Levels made"): the square sides
# measured, and per level the sides where at least 95% of the requests came back at it
SIDES = (9,)
RELIABLE = {"scan": (9,), "chain": (9,)}

genre.export(globals())
