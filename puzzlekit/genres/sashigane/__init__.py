"""Sashigane: divide the grid into L-shaped blocks, arms one cell wide and at least two long; a
circle is an L's corner (its number the L's size), an arrow an arm's end pointing to the corner."""

from __future__ import annotations

import random

from ...board import Genre, blocks, regions
from ...board.blocks import CORNER, OPPOSITE, Elbows, step
from ...board.regions import Regions, parts

genre = Genre(
    "sashigane", title="Sashigane",
    rule="divide into L-shaped blocks; a circle is a corner (a number its size), an arrow an arm's end",
    clues=[Elbows("marks")],
    answers=[Regions("regions")],
)


@genre.model
def rules(p, m):
    roles = blocks.l_blocks(m, m.regions, "divide the grid into L-shaped blocks")
    for cell, mark in p.clues("marks"):
        if mark[0] == "o":
            with m.rule(f"the circle at {cell} is the corner of its L", cells=[cell]):
                m.fix(roles[cell][CORNER])
            k = blocks.size_of(mark)
            if k is not None:
                with m.rule(f"the {k} at {cell} is on an L of {k} cells", cells=[cell]):
                    m.exactly(k - 1, blocks.arm_cells(m, roles, cell))
            continue
        with m.rule(f"the arrow at {cell} ends an arm and points to its corner", cells=[cell]):
            if mark not in roles[cell]:  # an arrow pointing off the grid: no role fits
                for lit in roles[cell].values():
                    m.fix(~lit)
                continue
            m.fix(roles[cell][mark])
            behind = roles.get(step(cell, OPPOSITE[mark]), {})
            if mark in behind:
                m.fix(~behind[mark])


@genre.verify
def check(p, s):
    yield from regions.split_joins(s.regions, p.height, p.width)
    yield from blocks.elbow_problems(parts(s.regions, p.height, p.width), dict(p.clues("marks")))


def _ls(cell: tuple[int, int], free: set, most: int) -> list[list[tuple[int, int]]]:
    """The Ls of free cells holding ``cell``, arms up to ``most`` cells beyond the corner."""
    out = []
    for corner in free:
        if corner[0] != cell[0] and corner[1] != cell[1]:
            continue
        for d, e in (("N", "E"), ("E", "S"), ("S", "W"), ("W", "N")):
            for a in range(1, most + 1):
                for b in range(1, most + 1):
                    shape = [corner, *(step(corner, d, k) for k in range(1, a + 1)),
                             *(step(corner, e, k) for k in range(1, b + 1))]
                    if cell in shape and all(x in free for x in shape):
                        out.append(shape)
    return out


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """Ls laid one at a time over the first free cell, a dead end undone (a bounded search)."""
    if min(height, width) < 2 or height * width < 6:
        raise ValueError(f"a {height}x{width} grid cannot be divided into L-shaped blocks")
    cells = [(r, c) for r in range(height) for c in range(width)]
    budget = [4000]

    def lay(free: set, owner: dict) -> bool:
        if not free:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        cell = min(free)
        options = _ls(cell, free, rng.choice((2, 3, 4)))
        rng.shuffle(options)
        for shape in options[:4]:
            for x in shape:
                owner[x] = cell
            if lay(free - set(shape), owner):
                return True
        return False

    for _ in range(50):
        owner: dict = {}
        budget[0] = 4000
        if lay(set(cells), owner):
            pairs = genre.answers[0].pairs(height, width)
            joins = frozenset((a, b) for a, b in pairs if owner[a] == owner[b])
            return genre.Solution(regions=joins)
    raise ValueError(f"no division of a {height}x{width} grid into L-shaped blocks found")


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every corner circled with its size, every arm's end an arrow."""
    rows = [[None] * w for _ in range(h)]
    for part in parts(solution.regions, h, w):
        corner, ends = blocks.l_shape(part)  # type: ignore[misc]
        rows[corner[0]][corner[1]] = f"o{len(part)}"
        for (r, c), d in ends:
            rows[r][c] = d
    return genre.Puzzle(h, w, marks=rows)

#: What `python -m benchmarks.levels --genres sashigane --seeds 10 --first-miss` measured: the
#: levels every request reached at 6x6 and 10x10 (trial missed at once; either and deep too
#: at 6x6). At 10x10 all four came back 20 of 20 again on 2026-12-07 (docs/genres/sashigane.md).
SIDES = (6, 10)
RELIABLE = {"scan": (6, 10), "rules": (6, 10), "pairs": (6, 10), "chain": (6, 10)}

genre.export(globals())
