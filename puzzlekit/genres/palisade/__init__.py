"""Palisade: divide the grid into regions of one given size; a number counts the borders
around its cell (the grid's edge counts)."""

from __future__ import annotations

import random

from ...board import Genre, layers, regions
from ...board.regions import Regions, Size, parts

#: `auto` tries clauses first: 1.7 to 7 times faster than CP-SAT on Tatham's generated
#: puzzles at 5x5, 8x6 and 10x8 (docs/benchmarks.md, "Tatham's game IDs")
BACKENDS = ("sat", "cpsat")

genre = Genre(
    "palisade", title="Palisade",
    rule="divide the grid into regions of the given size; a number counts the borders around its cell",
    clues=[Size("size", default=5), layers.Numbers("numbers", lo=0, hi=4)],
    answers=[Regions("regions")],
)


@genre.model
def rules(p, m):
    joins, k = m.regions, p.size
    # Divide the grid into regions of `size` cells each.
    member = regions.rooted(m, joins, k, "divide the grid into regions")
    regions.sized(m, member, k, f"every region has {k} cells")
    # Implied: around a corner inside the grid, three joins put the four cells in one region,
    # so the fourth pair is joined too (a border never ends inside the grid).
    with m.rule("divide the grid into regions: a border never ends inside the grid"):
        for r in range(p.height - 1):
            for c in range(p.width - 1):
                a, b, d, e = (r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c)
                ring = [joins[(a, b)], joins[(b, d)], joins[(e, d)], joins[(a, e)]]
                for i, lit in enumerate(ring):
                    m.clause((*(~x for x in ring[:i] + ring[i + 1:]), lit))
    # Implied: the regions are as many as the area holds (a count that cuts the search short).
    area = p.height * p.width
    if area % k == 0:
        roots = [lits[cell] for cell, lits in member.items() if cell in lits]
        with m.rule(f"every region has {k} cells: {area // k} regions"):
            m.count([(1, root) for root in roots], "==", area // k)
    # A number counts the borders around its cell, the grid's edge included.
    for cell, n in p.clues("numbers"):
        inside, edge = regions.sides_at(cell, joins, p.height, p.width)
        with m.rule(f"the {n} at {cell} has {n} borders around it", cells=[cell]):
            m.exactly(len(inside) - (n - edge), inside)


@genre.verify
def check(p, s):
    h, w = p.height, p.width
    yield from regions.split_joins(s.regions, h, w)
    for part in parts(s.regions, h, w):
        if len(part) != p.size:
            yield f"the region at {part[0]} has {len(part)} cells, not {p.size}"
    for cell, n in p.clues("numbers"):
        inside, edge = regions.sides_at(cell, {pair: 1 for pair in s.regions} | {
            pair: 0 for pair in regions.borders(s.regions, h, w)}, h, w)
        if edge + inside.count(0) != n:
            yield f"the {n} at {cell} has {edge + inside.count(0)} borders around it"


def size_for(height: int, width: int) -> int:
    """A region size that tiles the grid: 5 where it can, else the nearest divisor of the area."""
    area = height * width
    return min((k for k in range(2, min(area, 12) + 1) if area % k == 0), key=lambda k: (abs(k - 5), k),
               default=1)


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """Regions grown one at a time from the first free cell, started again when one is stuck."""
    k = size_for(height, width)
    for _ in range(20000):
        owner: dict[tuple[int, int], int] = {}
        for cell in ((r, c) for r in range(height) for c in range(width)):
            if cell in owner:
                continue
            part = [cell]
            owner[cell] = len(owner)
            while len(part) < k:
                free = [(r + dr, c + dc) for r, c in part for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                        if 0 <= r + dr < height and 0 <= c + dc < width and (r + dr, c + dc) not in owner]
                if not free:
                    break
                part.append(nxt := rng.choice(free))
                owner[nxt] = owner[cell]
            if len(part) < k:
                break
        else:
            pairs = layers.Lines().pairs(height, width)
            joins = frozenset(pr for pr in pairs if owner[pr[0]] == owner[pr[1]])
            return genre.Solution(regions=joins)
    raise ValueError(f"no division of a {height}x{width} grid into regions of {k} cells found")


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every cell shows its count of borders, the size is the regions'."""
    joined = {pair: 1 for pair in solution.regions}
    joined |= {pair: 0 for pair in regions.borders(solution.regions, h, w)}
    counts = [[None] * w for _ in range(h)]
    for r in range(h):
        for c in range(w):
            inside, edge = regions.sides_at((r, c), joined, h, w)
            counts[r][c] = edge + inside.count(0)
    size = len(parts(solution.regions, h, w)[0])
    return genre.Puzzle(h, w, size=size, numbers=counts)


#: What was measured of the generator (``python -m benchmarks.levels --genres palisade --sizes 5
#: --seeds 20 --first-miss --time-limit 60``, 2026-12-07, docs/genres/palisade.md): at his
#: default 5x5 (regions of 5), scan and rules 20 of 20 in a median 3.7 and 3.0 s of CPU;
#: pairs missed the fifth seed (out of 60 s by the clock; 11.9 s of CPU a puzzle).
SIDES = (5,)
RELIABLE = {"scan": (5,), "rules": (5,)}

genre.export(globals())
