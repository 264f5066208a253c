"""Tapa: shade cells into one connected wall with no 2x2 block all shaded; a clue cell stays
unshaded and lists the lengths of the runs of shaded cells among its eight neighbours."""

from __future__ import annotations

import random

from ...board import Genre, checks, layers
from ...board.around import RunClues, run_clue, runs_around
from ...board.rules import where

genre = Genre(
    "tapa", title="Tapa",
    rule="shade one connected wall, no 2x2 shaded; a clue lists the runs of shaded cells around it",
    clues=[RunClues("numbers")],
    answers=[layers.Shading("shaded")],
    sizes=(3, 30),
)


@genre.model
def rules(p, m):
    shaded = m.shaded
    clued = [cell for cell, _ in p.clues("numbers")]
    for cell in clued:
        with m.rule(f"the clue at {where(cell)} stays unshaded", cells=[cell]):
            m.fix(~shaded[cell])
    with m.rule("the wall has at least one shaded cell"):
        m.at_least(1, list(shaded.values()))
    m.connected_cells(shaded, "the shaded cells form one connected wall")
    m.no_2x2(shaded, "no 2x2 block is all shaded")
    for cell, clue in m.deadline.paced(p.clues("numbers"), 256):
        rule = f"the clue {clue} at {where(cell)} lists the runs of shaded cells around it"
        run_clue(m, cell, clue, shaded, clued, rule)


@genre.verify
def check(p, s):
    h, w = p.height, p.width
    for cell, _ in p.clues("numbers"):
        if cell in s.shaded:
            yield f"the clue at {cell} is shaded"
    if not s.shaded:
        yield "no cell is shaded"
    yield from checks.connected(s.shaded, "shaded cells")
    yield from checks.no_2x2(s.shaded, h, w, "shaded")
    for cell, clue in p.clues("numbers"):
        runs = runs_around(cell, s.shaded, h, w)
        if not matches_clue(clue, runs):
            yield f"the clue {clue} at {cell} has runs {', '.join(map(str, runs)) or 'none'} around it"


def matches_clue(clue: str, runs: list[int]) -> bool:
    """The clue read again, apart from `around.matches`: the known lengths in order, the runs
    sorted, each ``?`` any run (a lone ``?`` also none)."""
    if clue == "?":
        return len(runs) <= 1
    if clue == "0":
        return runs == []
    known = sorted(int(ch) for ch in clue if ch != "?")
    if len(runs) != len(clue):
        return False
    rest = sorted(runs)
    for n in known:
        if n not in rest:
            return False
        rest.remove(n)
    return True


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """A wall grown a random cell at a time from one cell, never closing a 2x2 block, until it
    holds about three fifths of the grid (or cannot grow)."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    goal = max(2, int(len(cells) * rng.uniform(0.5, 0.65)))
    for _ in range(50):
        wall = {rng.choice(cells)}
        while len(wall) < goal:
            grow = [n for r, c in wall for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if n not in wall and 0 <= n[0] < height and 0 <= n[1] < width
                    and not _closes_block(wall, n)]
            if not grow:
                break
            wall.add(rng.choice(sorted(set(grow))))
        if len(wall) < len(cells):
            return genre.Solution(shaded=frozenset(wall))
    raise ValueError(f"no Tapa wall planted on {height}x{width}")


def _closes_block(wall: set, cell: tuple[int, int]) -> bool:
    blocks = [[(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)] for r in (cell[0] - 1, cell[0])
              for c in (cell[1] - 1, cell[1])]
    return any(all(x in wall for x in block if x != cell) for block in blocks)


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every unshaded cell shows the runs around it."""
    def clue(cell):
        runs = runs_around(cell, solution.shaded, h, w)
        return "".join(map(str, runs)) or "0"

    return genre.Puzzle(h, w, numbers=[[None if (r, c) in solution.shaded else clue((r, c)) for c in range(w)]
                                     for r in range(h)])


#: What `python -m benchmarks.levels --genres tapa --seeds 10 --sizes 6,10 --first-miss` measured
#: (2026-12-06): at 6x6 rules, pairs, trial, lines and chain 10/10 (deep 1 in 2, either and scan
#: never); at 10x10 rules, pairs, trial and lines 10/10, chain 9/10. At 10x10 again with 20 seeds
#: (2026-12-07): rules, trial and lines 20/20, pairs 10/11 (out of time): docs/genres/tapa.md.
SIDES = (6, 10)
RELIABLE = {"rules": (6, 10), "pairs": (6,), "trial": (6, 10), "lines": (6, 10), "chain": (6,)}

genre.export(globals())
