"""Signpost (Arrow Path): number the cells 1..N so that each number's successor lies along its
cell's arrow, at any distance; the given numbers stay."""

from __future__ import annotations

import random as _random
from typing import Any

from ...board import Genre, layers
from ...board import arrows as ar

genre = Genre(
    "signpost", title="Signpost", aliases=("arrow path",),
    rule="number the cells 1..N; each number's successor lies along its cell's arrow",
    clues=[layers.Arrows("arrows"), layers.Numbers("numbers", lo=1, hi=999, spaced=True, aligned=True)],
    answers=[layers.Order("order")],
    optional=("numbers",), sizes=(3, 12),
)


@genre.model
def rules(p: Any, m: Any) -> None:
    """The rules of docs/genres/signpost.md, one block per sentence."""
    h, w = p.height, p.width
    n = h * w
    num, eq = m.order, m.eq
    # Every number 1..N once (each cell holds one of 1..N).
    with m.rule("each number 1..N stands in one cell"):
        m.all_different(num.values())
    # The given numbers stay.
    for cell, k in p.clues("numbers"):
        with m.rule(f"the given {k} stays in {cell}", cells=[cell]):
            m.clause([eq(num[cell], k)] if k <= n else [])
    # The next number lies along the arrow: a cell without an arrow (or whose arrow leaves the
    # grid at once) holds the last number.
    arrows = dict(p.clues("arrows"))
    for cell in m.deadline.paced(list(m.cells()), 64):
        along = ar.ray(cell, arrows[cell], h, w) if cell in arrows else []
        with m.rule(f"the number after the one in {cell} lies along its arrow", cells=[cell, *along]):
            for k in range(1, n):
                m.clause([~eq(num[cell], k), *(eq(num[b], k + 1) for b in along)])


@genre.verify
def check(p: Any, s: Any) -> list[str]:
    """Every broken rule, in words; read from the numbers, never the model."""
    h, w = p.height, p.width
    where: dict[int, list[tuple[int, int]]] = {}
    for r, row in enumerate(s.order):
        for c, k in enumerate(row):
            where.setdefault(k, []).append((r, c))
    problems = [f"the number {k} stands in {len(cells)} cells" for k, cells in sorted(where.items())
                if len(cells) > 1]
    for cell, k in p.clues("numbers"):
        if s.order[cell[0]][cell[1]] != k:
            problems.append(f"the given {k} in {cell} holds {s.order[cell[0]][cell[1]]}")
    arrows = dict(p.clues("arrows"))
    for k in range(1, h * w):
        if len(where.get(k, ())) == 1 and len(where.get(k + 1, ())) == 1:
            a, b = where[k][0], where[k + 1][0]
            if a not in arrows or b not in ar.ray(a, arrows[a], h, w):
                problems.append(f"{k + 1} in {b} is not along the arrow of {k} in {a}")
    return problems


@genre.plant
def plant(rng: _random.Random, height: int, width: int) -> Any:
    """A random path through every cell, each step along one of the eight directions (a walk
    that tries the cells with the fewest ways on first, started again when it is stuck)."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    while True:
        path = [rng.choice(cells)]
        left = set(cells) - {path[0]}
        while left:
            ways = [b for b in left if ar.direction(path[-1], b)]
            if not ways:
                break
            rng.shuffle(ways)
            nxt = min(ways, key=lambda b: sum(1 for x in left if x != b and ar.direction(b, x)))
            path.append(nxt)
            left.discard(nxt)
        if not left:
            order = [[0] * width for _ in range(height)]
            for i, (r, c) in enumerate(path):
                order[r][c] = i + 1
            return genre.Solution(tuple(tuple(row) for row in order))


@genre.reveal
def reveal(solution: Any, height: int, width: int) -> Any:
    """Every arrow (the last cell's points nowhere: it has none) and every number."""
    at = {k: (r, c) for r, row in enumerate(solution.order) for c, k in enumerate(row)}
    arrows = [[None] * width for _ in range(height)]
    for k in range(1, height * width):
        a = at[k]
        arrows[a[0]][a[1]] = ar.direction(a, at[k + 1])
    return genre.Puzzle(height, width, arrows=arrows, numbers=solution.order)


# what was measured of the generator (docs/generating.md, "Levels made"): the square sides
# measured, and per level the sides where at least 95% of the requests came back at it
SIDES = (4,)
RELIABLE = {"rules": (4,), "pairs": (4,), "trial": (4,), "chain": (4,)}

genre.export(globals())


def render(puzzle: Any, solution: Any = None) -> str:
    """The grid as text: each cell's arrow and its number (the given one, or the solution's)."""
    numbers = solution.order if solution is not None else puzzle.numbers
    size = len(str(puzzle.height * puzzle.width))
    out = []
    for r in range(puzzle.height):
        cells = []
        for c in range(puzzle.width):
            arrow = ar.GLYPHS.get(puzzle.arrows[r][c] or "", "·")
            k = numbers[r][c]
            cells.append(arrow + ("" if k is None else str(k)).rjust(size))
        out.append(" ".join(cells))
    return "\n".join(out)
