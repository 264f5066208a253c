"""Dominosa: divide a grid of numbers into dominoes so that no two dominoes carry the same pair
of numbers (on his (n+1)x(n+2) grids of 0..n: every pair exactly once)."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

from ...board import Genre, layers, regions
from ...board.regions import Regions, parts

genre = Genre(
    "dominosa", title="Dominosa",
    rule="divide the grid into dominoes, no two carrying the same pair of numbers",
    clues=[layers.Numbers("numbers", lo=0, hi=99, every=True)],
    answers=[Regions("dominoes")],
)


def pair_of(p, a, b) -> tuple[int, int]:
    x, y = p.numbers[a[0]][a[1]], p.numbers[b[0]][b[1]]
    return (min(x, y), max(x, y))


@genre.model
def rules(p, m):
    joins = m.dominoes
    # Every cell is half of one domino: joined to exactly one neighbour.
    for cell in m.cells():
        inside, _ = regions.sides_at(cell, joins, p.height, p.width)
        with m.rule(f"the cell {cell} is half of one domino", cells=[cell]):
            m.exactly(1, inside)
    # No two dominoes carry the same pair of numbers.
    by_pair: dict[tuple[int, int], list] = {}
    for (a, b), j in joins.items():
        by_pair.setdefault(pair_of(p, a, b), []).append(((a, b), j))
    for pair, places in sorted(by_pair.items()):
        cells = sorted({c for ab, _ in places for c in ab})
        with m.rule(f"one domino at most carries {pair[0]}-{pair[1]}", cells=cells):
            m.at_most(1, [j for _, j in places])


@genre.verify
def check(p, s):
    h, w = p.height, p.width
    yield from regions.split_joins(s.dominoes, h, w)
    seen: dict[tuple[int, int], tuple] = {}
    for part in parts(s.dominoes, h, w):
        if len(part) != 2:
            yield f"the region at {part[0]} has {len(part)} cells, not 2"
            continue
        pair = pair_of(p, *part)
        if pair in seen:
            yield f"the dominoes at {seen[pair]} and {part[0]} both carry {pair[0]}-{pair[1]}"
        seen.setdefault(pair, part[0])


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """A random tiling by dominoes (his grids are (n+1)x(n+2); any grid of even area tiles)."""
    if height * width % 2:
        raise ValueError(f"a {height}x{width} grid has an odd number of cells: no tiling by dominoes")
    cells = [(r, c) for r in range(height) for c in range(width)]
    while True:
        taken: dict = {}
        for cell in cells:
            if cell in taken:
                continue
            free = [o for o in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1]))
                    if o[0] < height and o[1] < width and o not in taken]
            if not free:
                break
            other = rng.choice(free)
            taken[cell], taken[other] = other, cell
        else:
            return genre.Solution(dominoes=frozenset((a, b) for a, b in taken.items() if a < b))


@genre.reveal
def reveal(solution, h: int, w: int):
    """Pairs of 0..n dealt to the dominoes at random (seeded by the tiling, so it repeats): the
    smallest n with a pair for every domino (every pair once on his (n+1)x(n+2) grids)."""
    n = 0
    while (n + 1) * (n + 2) // 2 < h * w // 2:
        n += 1
    pairs = list(combinations_with_replacement(range(n + 1), 2))
    rng = random.Random(str(sorted(solution.dominoes)))
    rng.shuffle(pairs)
    rows = [[0] * w for _ in range(h)]
    for (a, b), pair in zip(sorted(solution.dominoes), pairs):
        x, y = pair if rng.random() < 0.5 else pair[::-1]
        rows[a[0]][a[1]], rows[b[0]][b[1]] = x, y
    return genre.Puzzle(h, w, numbers=rows)


genre.export(globals())
