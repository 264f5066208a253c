"""Battleship (Bimaru): place the fleet in the grid, straight ships that never touch, not even
at a corner; the numbers beside the rows and columns count their ship cells, and the given
parts (water, a single, an end, a middle) are matched."""

from __future__ import annotations

import random

from ...board import Genre, fleet, layers


def _counts(axis: str) -> layers.LineCounts:
    return layers.LineCounts(axis, what="a count of ship cells")


#: `auto` tries CP-SAT first: it takes the fleet's and the lines' counts as they are, where
#: `sat` writes each out as clauses (a count of 10 runs among 180 is thousands of them);
#: on the corpus (docs/benchmarks.md) it was five times quicker
BACKENDS = ("cpsat", "sat")

genre = Genre(
    "battleship", aliases=("bimaru", "battleships", "solitairebattleship"), title="Battleship",
    rule="place the fleet: straight ships, never touching, not even at a corner; the numbers "
         "count the ship cells of their row or column, and the given parts are matched",
    clues=[_counts("cols"), _counts("rows"), fleet.Fleet("fleet", fleet.CLASSIC), fleet.ShipParts("parts")],
    answers=[layers.Shading("ships", key="ship", absent="water", noun="ship cell")],
    optional=("parts",),
)


def _cells(k: int) -> str:
    return f"{k} ship cell{'' if k == 1 else 's'}"


@genre.model
def rules(p, m):
    ships = m.ships
    fleet.part_rules(m, ships, p.clues("parts"))
    fleet.ship_rules(m, ships, p.fleet)
    for c, k in enumerate(p.cols):
        if k is not None:
            m.count_in(k, ships, [(r, c) for r in range(p.height)], f"column {c} holds {_cells(k)}")
    for r, k in enumerate(p.rows):
        if k is not None:
            m.count_in(k, ships, [(r, c) for c in range(p.width)], f"row {r} holds {_cells(k)}")


@genre.verify
def check(p, s):
    h, w = p.height, p.width
    outside = sorted(cell for cell in s.ships if not (0 <= cell[0] < h and 0 <= cell[1] < w))
    if outside:
        yield f"ship cells outside the {h}x{w} grid: {', '.join(map(str, outside))}"
    for cell, v in p.clues("parts"):
        found = fleet.part_of(cell, s.ships)
        if found != v:
            was = fleet.PARTS[found] if found else "a bent ship"
            yield f"the part given at {cell}, {fleet.PARTS[v]}, is {was} in the answer"
    yield from fleet.fleet_problems(s.ships, p.fleet, h, w)
    for c, k in enumerate(p.cols):
        n = sum(1 for r in range(h) if (r, c) in s.ships)
        if k is not None and n != k:
            yield f"column {c} holds {_cells(n)}, not {k}"
    for r, k in enumerate(p.rows):
        n = sum(1 for c in range(w) if (r, c) in s.ships)
        if k is not None and n != k:
            yield f"row {r} holds {_cells(n)}, not {k}"


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """The classic fleet scaled to the grid (`fleet.fleet_for`), a ship fewer each time it does not fit."""
    ships_of = list(fleet.fleet_for(height, width))
    while True:
        ships = fleet.plant_fleet(rng, height, width, ships_of)
        if ships is not None:
            return genre.Solution(ships=ships)
        ships_of[-1] -= 1  # one ship of the longest fewer
        while ships_of and ships_of[-1] == 0:
            ships_of.pop()
        if not ships_of:
            raise ValueError(f"a {height}x{width} grid holds no fleet")


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every count, the fleet the answer shows, and every cell's part."""
    ships = solution.ships
    return genre.Puzzle(
        h, w, cols=[sum((r, c) in ships for r in range(h)) for c in range(w)],
        rows=[sum((r, c) in ships for c in range(w)) for r in range(h)], fleet=fleet.fleet_of(ships),
        parts=[[fleet.part_of((r, c), ships) for c in range(w)] for r in range(h)])


#: What was measured of the generator (``python -m benchmarks.levels --sizes 10 --seeds 20
#: --first-miss``, 2026-12-06, docs/genres/battleship.md): at 10x10 scan, rules and trial came
#: back 20 of 20 times, in a median 4.6, 4.9 and 9.8 s (6x6: 20 of 20, within 1 s); pairs
#: missed at the fourth seed at 6x6 (before this model too) and turns up rarely at 10x10 (seed
#: 1000: the tenth plant, 36 s), so it is offered only as the nearest.
SIDES = (6, 10)
RELIABLE = {"scan": (6, 10), "rules": (6, 10), "trial": (6, 10)}

genre.export(globals())
