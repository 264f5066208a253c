"""Futoshiki (Unequal): a Latin square 1..n with givens and < > signs (or Adjacent mode's bars).

In Adjacent mode, bars join every pair of neighbours one apart, and only those."""

from __future__ import annotations

import random
from typing import Any

from ...board import Genre, checks, layers
from ...board import relations as rel
from ...board.places import invalid

genre = Genre(
    "futoshiki",
    aliases=("unequal",),
    title="Futoshiki",
    rule="every row and column holds 1..n once; signs between cells hold; bars join the cells one apart",
    clues=[layers.Setting("mode", ("unequal", "adjacent")), layers.Numbers("givens", lo=1, hi=32),
           layers.Relations("signs", marks=("<", ">", "|"))],
    answers=[layers.Digits("digits", lo=1, hi=None)],
    sizes=(3, 9),
)


@genre.extend
class Puzzle(genre.Puzzle):
    """A square grid: given digits (``givens``, 1..n or None), the signs between neighbours
    (``signs``: ``((a, b), mark)``), and the ``mode`` (``unequal`` or ``adjacent``)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.height != self.width:
            raise invalid(("givens",), f"a Futoshiki grid is square, not {self.height}x{self.width}")
        for (r, c), v in self.clues("givens"):
            if v > self.height:
                raise invalid(("givens", r, c), f"expected a number 1-{self.height}, found {v}")


def _words(mark: str, a: Any, b: Any) -> str:
    return {"<": f"{a} is smaller than {b}", ">": f"{a} is larger than {b}",
            "|": f"{a} and {b} are one apart"}[mark]


@genre.model
def rules(p: Puzzle, m: Any) -> None:
    digits = m.digits
    for cell, v in p.clues("givens"):
        with m.rule(f"the given {v} at {cell}", cells=[cell]):
            m.fix(m.eq(digits[cell], v))
    rel.latin(m, digits, f"each row and column holds 1 to {p.height} once")
    for (a, b), mark in p.signs:
        rel.relate_numbers(m, digits[a], digits[b], mark, f"the sign: {_words(mark, a, b)}", [a, b])
    if p.mode == "adjacent":  # every pair one apart is marked, so an unmarked pair is not
        marked = {pair for pair, _ in p.signs}
        for a in m.cells():
            for b in ((a[0], a[1] + 1), (a[0] + 1, a[1])):
                if m.inside(b) and (a, b) not in marked:
                    rel.relate_numbers(m, digits[a], digits[b], "!|",
                                       f"no bar: {a} and {b} are not one apart", [a, b])


@genre.verify
def check(p: Puzzle, s: Any) -> Any:
    n = p.height
    values = {(r, c): v for r, row in enumerate(s.digits) for c, v in enumerate(row)}
    for cell, v in p.clues("givens"):
        if values[cell] != v:
            yield f"the given {v} at {cell} holds {values[cell]}"
    for cell, v in sorted(values.items()):
        if not 1 <= v <= n:
            yield f"{v} at {cell} is outside 1-{n}"
    lines = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
    yield from checks.repeats(values, lines, "the number")
    yield from rel.broken_marks(values, p.signs)
    if p.mode == "adjacent":
        for a, b in rel.unmarked_neighbours(values, p.signs, n, n):
            yield f"{a} and {b} are one apart ({values[a]} and {values[b]}) but no bar joins them"


def latin_square(rng: random.Random, n: int) -> list[list[int]]:
    """A random Latin square: filled cell by cell in random order of values, with backtracking
    (a shuffled cyclic square when that takes too long)."""
    grid = [[0] * n for _ in range(n)]
    budget = [20000]

    def fill(i: int) -> bool:
        if i == n * n:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        r, c = divmod(i, n)
        used = set(grid[r][:c]) | {grid[k][c] for k in range(r)}
        for v in rng.sample(range(1, n + 1), n):
            if v not in used:
                grid[r][c] = v
                if fill(i + 1):
                    return True
        grid[r][c] = 0
        return False

    if fill(0):
        return grid
    rows, cols, syms = (rng.sample(range(n), n) for _ in range(3))
    return [[syms[(rows[r] + cols[c]) % n] + 1 for c in range(n)] for r in range(n)]


@genre.plant
def plant(rng: random.Random, height: int, width: int) -> Any:
    if height != width:
        raise ValueError(f"a Futoshiki grid is square, not {height}x{width}")
    return genre.Solution(digits=tuple(map(tuple, latin_square(rng, height))))


@genre.reveal
def reveal(solution: Any, h: int, w: int) -> Puzzle:
    """Every digit given, and a sign between every two neighbours."""
    d = solution.digits
    signs = [(((r, c), b), "<" if d[r][c] < d[b[0]][b[1]] else ">")
             for r in range(h) for c in range(w) for b in ((r, c + 1), (r + 1, c)) if b[0] < h and b[1] < w]
    return genre.Puzzle(h, w, givens=d, signs=signs)


# what was measured of the generator (docs/generating.md, "Levels made"): the square sides
# measured, and per level the sides where at least 95% of the requests came back at it
SIDES = (5,)
RELIABLE = {"scan": (5,), "pairs": (5,), "trial": (5,)}

genre.export(globals())
