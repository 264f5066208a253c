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
    answers=[layers.SideDigits("digits")],
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


def grow_regions(rng: random.Random, grid: tuple, tries: int = 500) -> dict:
    """Regions for an answer: each grown from the first free cell by neighbours whose digit it
    lacks, the cell with the fewest free neighbours first (mostly), until it holds n; the rows
    when no try succeeds."""
    n = len(grid)
    steps = ((0, 1), (1, 0), (0, -1), (-1, 0))

    def free(x: tuple, owner: dict) -> int:
        return sum(1 for dr, dc in steps if 0 <= x[0] + dr < n and 0 <= x[1] + dc < n
                   and (x[0] + dr, x[1] + dc) not in owner)

    for _ in range(tries):
        owner: dict = {}
        for k in range(n):
            start = next((r, c) for r in range(n) for c in range(n) if (r, c) not in owner)
            region, owner[start], digits = [start], k, {grid[start[0]][start[1]]}
            while len(region) < n:
                near = {(r + dr, c + dc) for r, c in region for dr, dc in steps}
                near = sorted(x for x in near if 0 <= x[0] < n and 0 <= x[1] < n and x not in owner
                              and grid[x[0]][x[1]] not in digits)
                if not near:
                    break
                near.sort(key=lambda x: (free(x, owner), rng.random()))
                x = near[0] if rng.random() < 0.7 else rng.choice(near)
                region.append(x)
                owner[x] = k
                digits.add(grid[x[0]][x[1]])
            if len(region) < n:
                break
        else:
            return owner
    return {(r, c): r for r in range(n) for c in range(n)}


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every digit given, on regions grown for the answer (seeded by it)."""
    grid = solution.digits
    owner = grow_regions(random.Random(str(grid)), grid)
    rows = tuple("".join(string.ascii_uppercase[owner[(r, c)]] for c in range(w)) for r in range(h))
    return genre.Puzzle(h, w, givens=grid, regions=rows)


genre.export(globals())
