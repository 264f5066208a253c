"""KenKen (Keen, Calcudoku, Mathdoku): a Latin square whose cages give their number by their
operation."""

from __future__ import annotations

import random

from puzzlekit.board import Genre, layers
from puzzlekit.board import cages as cg
from puzzlekit.board.places import invalid

#: `auto` tries clauses first: faster than CP-SAT on the published puzzles (docs/benchmarks.md)
BACKENDS = ("sat", "cpsat")

genre = Genre(
    "kenken",
    aliases=("keen", "calcudoku", "mathdoku"),
    title="KenKen",
    rule="fill 1-n so each row and column holds each once; a cage's digits give its number by its "
         "operation (+ - x /; - and / in two-cell cages; any that fits where none is shown), a "
         "one-cell cage its digit",
    clues=[layers.Cages("cages", ops="+-x/")],
    answers=[layers.Digits("digits", lo=1, hi=None)],
    sizes=(3, 9),
)


@genre.extend
class Puzzle(genre.Puzzle):
    def __post_init__(self) -> None:
        if self.height != self.width:
            raise invalid(("cages",), f"a KenKen grid is square, not {self.height}x{self.width}")
        super().__post_init__()

    @property
    def cage_list(self) -> list[cg.Cage]:
        """The cages, in order of their first cell."""
        return cg.Cages.cages(self.cages)


@genre.model
def rules(p, m):
    n = p.width
    cg.all_different(m, m.digits, cg.latin_groups(n))
    for cage in p.cage_list:
        cg.cage_rule(m, m.digits, cage, n, any_op=True)


@genre.verify
def check(p, s):
    yield from cg.group_problems(s.digits, cg.line_groups(p.width))
    yield from cg.cage_problems(p.cage_list, s.digits, any_op=True)


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    return genre.Solution(digits=tuple(map(tuple, cg.random_latin(rng, width))))


@genre.reveal
def reveal(solution, h: int, w: int):
    """Random cages, each with an operation its digits allow (seeded by the answer, so one
    answer always shows the same puzzle)."""
    grid = solution.digits
    rng = random.Random(str(grid))
    out = []
    for cells in cg.random_cages(rng, h, w, most=4):
        digits = [grid[r][c] for r, c in cells]
        a, b = (sorted(digits) + [0, 0])[:2]
        ops = ["+", "x"] + (["-"] + (["/"] if b % a == 0 else []) if len(cells) == 2 else [])
        op = rng.choice(ops) if len(cells) > 1 else None
        cage = cg.Cage("", tuple(cells), None, op)
        out.append((cells, int(cg.value_of(cage, digits)), op))
    return genre.Puzzle(h, w, cages=cg.tokens_of(h, w, out))


# what was measured of the generator (docs/generating.md, "Levels made"): the square sides
# measured, and per level the sides where at least 95% of the requests came back at it
SIDES = (6,)
RELIABLE = {"scan": (6,), "rules": (6,), "trial": (6,)}
# plants per puzzle (four times on small grids): seed 1009 made rules and trial at its 72nd and 74th
ATTEMPTS = 30

genre.export(globals())
