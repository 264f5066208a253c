"""Killer Sudoku (Sumdoku): Sudoku rules, and cages whose digits add up to their sum without
repeating a digit."""

from __future__ import annotations

import random

from puzzlekit.board import Genre, layers
from puzzlekit.board import cages as cg
from puzzlekit.board.places import invalid

#: `auto` tries clauses first: faster than CP-SAT on the published puzzles (docs/benchmarks.md)
BACKENDS = ("sat", "cpsat")

genre = Genre(
    "killersudoku",
    aliases=("killer", "sumdoku"),
    title="Killer Sudoku",
    rule="fill 1-n so each row, column and box holds each once; a cage's digits add up to its sum "
         "and never repeat; given digits stay",
    clues=[layers.Boxes("box"), layers.Numbers("givens", lo=1, hi=35), layers.Cages("cages")],
    answers=[layers.Digits("digits", lo=1, hi=None)],
    sizes=(4, 9),
)


@genre.extend
class Puzzle(genre.Puzzle):
    def __post_init__(self) -> None:
        if self.height != self.width:
            raise invalid(("cages",), f"a Killer Sudoku grid is square, not {self.height}x{self.width}")
        super().__post_init__()
        for (r, c), v in self.clues("givens"):
            if v > self.width:
                raise invalid(("givens", r, c), f"expected a number 1-{self.width}, found {v}")

    @property
    def cage_list(self) -> list[cg.Cage]:
        """The cages, in order of their first cell."""
        return cg.Cages.cages(self.cages)

    def groups(self) -> list[tuple[str, list[tuple[int, int]]]]:
        """The rows, columns and boxes, each named."""
        return cg.line_groups(self.width) + cg.Boxes.groups(self.box, self.width)


@genre.model
def rules(p, m):
    n = p.width
    cg.all_different(m, m.digits, cg.latin_groups(n))
    boxes = cg.Boxes.groups(p.box, n)
    cg.all_different(m, m.digits, [(f"{name} holds 1-{n} once", cells) for name, cells in boxes])
    for cage in p.cage_list:
        cg.cage_rule(m, m.digits, cage, n, distinct=True)
    cg.implied_sums(m, m.digits, p.cage_list, p.groups(), n)
    for cell, v in p.clues("givens"):
        with m.rule(f"the given {v} at {cell} stays", cells=[cell]):
            m.fix(m.eq(m.digits[cell], v))


@genre.verify
def check(p, s):
    for (r, c), v in p.clues("givens"):
        if s.digits[r][c] != v:
            yield f"the given {v} at ({r}, {c}) holds {s.digits[r][c]}"
    yield from cg.group_problems(s.digits, p.groups())
    yield from cg.cage_problems(p.cage_list, s.digits, distinct=True)


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    return genre.Solution(digits=tuple(map(tuple, cg.random_sudoku(rng, cg.default_box(width)))))


@genre.reveal
def reveal(solution, h: int, w: int):
    """Random cages of up to four cells, none repeating a digit (seeded by the answer), and every
    digit given: the generator keeps only the givens the cages need, most often none."""
    grid = solution.digits
    rng = random.Random(str(grid))
    found = cg.random_cages(rng, h, w, most=4, distinct=grid)
    cages = [(cells, sum(grid[r][c] for r, c in cells), None) for cells in found]
    return genre.Puzzle(h, w, givens=grid, cages=cg.tokens_of(h, w, cages))


# what was measured of the generator (docs/generating.md, "Levels made"): the square sides
# measured, and per level the sides where at least 95% of the requests came back at it
SIDES = (9,)
RELIABLE = {"scan": (9,), "rules": (9,), "pairs": (9,)}

genre.export(globals())
