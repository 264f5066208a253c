"""Fillomino: divide the grid into regions; a region of n cells shows n in every cell, the given
numbers stay, and two regions of one size never share a side."""

from __future__ import annotations

import random
from typing import Any

from ...board import Genre, layers, regions
from ...board.regions import Regions, parts
from ...clock import UNLIMITED, Deadline
from ...ir import Model

#: A region holds at most this many cells, as in Tatham's Filling, where a cell takes one
#: digit; more only on cells near enough a larger given number (`caps`).
MOST = 9

#: The backends `auto` tries first: clauses (sat) proved 6 of 8 published 10x10 puzzles
#: unique within 10 s where CP-SAT proved 2, and Filling's 13x9 IDs about twice as fast.
BACKENDS = ("sat", "cpsat")

genre = Genre(
    "fillomino", aliases=("filling",), title="Fillomino",
    rule="divide the grid into regions of n cells showing n; the numbers stay; equal sizes never touch",
    clues=[layers.Numbers("numbers", lo=1, hi=99)],
    answers=[Regions("regions", sizes=True)],
)


def most(p: Any) -> int:
    """The largest region the puzzle allows."""
    return min(p.height * p.width, max([MOST, *(k for _, k in p.clues("numbers"))]))


def caps(p: Any, narrow: bool = True) -> dict[tuple[int, int], int]:
    """The largest region each cell can lie in: its given number (``narrow``), else `MOST` or
    a given number larger than that close enough to share a region with it (fewer steps away
    than its size). On the published grids with givens up to 21 this keeps most cells' reach
    at 9."""
    given = dict(p.clues("numbers"))
    big = [(g, k) for g, k in given.items() if k > MOST]
    out = {(r, c): max([MOST, *(k for (y, x), k in big if abs(y - r) + abs(x - c) < k)])
           for r in range(p.height) for c in range(p.width)}
    return {cell: given[cell] if narrow and cell in given else min(k, p.height * p.width)
            for cell, k in out.items()}


@genre.model
def rules(p, m, narrow: bool = True):
    """``narrow=False``: a given up to `MOST` does not narrow its own cell's variables (its
    rule fixes the size), so the model has the same variables whichever of those givens it
    shows, and the generator asks one solver about every set of givens (`GUARD_FINDER`)."""
    joins, top, cap = m.regions, most(p), caps(p, narrow)
    # Divide the grid into regions (each one piece, of at most `top` cells).
    member = regions.rooted(m, joins, top, "divide the grid into regions", limit=cap)
    size = {cell: m.int(("size", cell), 1, cap[cell]) for cell in m.cells()}
    # Every cell of a region of n cells holds n ...
    regions.sized(m, member, size, "a region's number is its size")
    for (a, b), j in joins.items():
        with m.rule(f"{a} and {b}: one region holds one number; equal sizes never touch", cells=[a, b]):
            for v in range(1, min(cap[a], cap[b]) + 1):
                m.clause((~j, ~m.eq(size[a], v), m.eq(size[b], v)))
                m.clause((~j, m.eq(size[a], v), ~m.eq(size[b], v)))
                m.clause((j, ~m.eq(size[a], v), ~m.eq(size[b], v)))
    # (implied: a cell of a region of more than one cell is joined to a neighbour)
    near: dict = {cell: [] for cell in m.cells()}
    for (a, b), j in joins.items():
        near[a].append(j)
        near[b].append(j)
    for x, js in near.items():
        if cap[x] > 1:
            with m.rule(f"the region of {x} has more than one cell only through a neighbour", cells=[x]):
                m.clause((m.eq(size[x], 1), *js))
    # (implied: a cell's step from its region's first cell is less than the region's size)
    for x in m.cells():
        step = m.var(("step", x))
        with m.rule(f"the region of {x} reaches it in fewer steps than its size", cells=[x]):
            for k in range(1, step.hi + 1):
                for v in range(1, min(k, cap[x]) + 1):
                    m.clause((~m.eq(step, k), ~m.eq(size[x], v)))
    # (implied: the steps are the shortest ones, so one division has one labelling)
    for (a, b), j in joins.items():
        with m.rule(f"{a} and {b} in one region are at most one step apart", cells=[a, b]):
            sa, sb = m.var(("step", a)), m.var(("step", b))
            for one, two in ((sa, sb), (sb, sa)):
                for i in range(one.hi + 1):
                    for k in range(i + 2, two.hi + 1):
                        m.clause((~j, ~m.eq(one, i), ~m.eq(two, k)))
    # (implied: a cell k steps from its region's first cell is in a region of more than k cells)
    for x, owned in member.items():
        with m.rule(f"the region of {x} reaches it from its first cell", cells=[x]):
            for y, lit in owned.items():
                for v in range(1, min(abs(x[0] - y[0]) + abs(x[1] - y[1]), cap[x]) + 1):
                    m.clause((~lit, ~m.eq(size[x], v)))
    # ... and the given numbers stay.
    for cell, k in p.clues("numbers"):
        with m.rule(f"the {k} at {cell} is in a region of {k} cells", cells=[cell]):
            m.fix(m.eq(size[cell], k))


@genre.verify
def check(p, s):
    h, w = p.height, p.width
    yield from regions.split_joins(s.regions, h, w)
    yield from regions.region_sizes(s.regions, h, w, dict(p.clues("numbers")))
    size = {cell: len(part) for part in parts(s.regions, h, w) for cell in part}
    for a, b in regions.borders(s.regions, h, w):
        if size[a] == size[b]:
            yield f"two regions of {size[a]} cells touch at {a} and {b}"


#: Each given only fixes its cell's size (in `finder_model`): one solver answers the
#: generator's every question, its givens passed as assumptions. On Filling's 9x7 this
#: halved the processor time of a puzzle made (seed 1: 41 s to 24 s, most of the rest grading).
#: The ladder below ``trial`` reasons on that one guarded model per plant too (``GUARD``):
#: building and compiling a model for each question was two thirds of a 7x7 at ``rules``.
GUARD = True


def finder_model(puzzle: Any, deadline: Deadline = UNLIMITED) -> Model:
    """The model whose variables no given up to `MOST` narrows, for the generator."""
    return genre.build(puzzle, deadline, narrow=False)


def clue_keys(item: tuple) -> list:
    """The model variable a given number fixes."""
    return [("size", item[1])]


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """Regions grown from the first free cell to a drawn size, those of one size that touch merged."""
    while True:
        owner: dict[tuple[int, int], int] = {}
        for cell in ((r, c) for r in range(height) for c in range(width)):
            if cell in owner:
                continue
            part, goal = [cell], rng.choice((1, 2, 2, 3, 3, 4, 4, 5, 6))
            owner[cell] = len(owner)
            while len(part) < goal:
                free = [(r + dr, c + dc) for r, c in part for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                        if 0 <= r + dr < height and 0 <= c + dc < width and (r + dr, c + dc) not in owner]
                if not free:
                    break
                nxt = rng.choice(free)
                owner[nxt] = owner[cell]
                part.append(nxt)
        joins = frozenset((a, b) for a, b in layers.Lines().pairs(height, width) if owner[a] == owner[b])
        for _ in range(height * width):
            size = {c: len(part) for part in parts(joins, height, width) for c in part}
            bad = [(a, b) for a, b in regions.borders(joins, height, width) if size[a] == size[b]]
            if not bad:
                return genre.Solution(regions=regions.closure(joins, height, width))
            if size[bad[0][0]] * 2 > MOST:
                break
            joins = joins | {bad[0]}


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every cell shows its region's size."""
    return genre.Puzzle(h, w, numbers=regions.labels(solution.regions, h, w, sizes=True))


#: What was measured of the generator (``python -m benchmarks.levels --genres fillomino --sizes 7
#: --seeds 20 --first-miss --time-limit 60``, 2026-12-07, docs/genres/fillomino.md): at 7x7
#: (his default 9x7, as a square of as many cells or fewer) rules 20 of 20 in a median of
#: 11.1 s of CPU; scan ran out of 60 s by the clock at the first seed (20 s of CPU).
SIDES = (7,)
RELIABLE = {"rules": (7,)}

genre.export(globals())
