"""Geradeweg: one loop through the centres of the cells that passes every number; each
straight run of the loop through a number is as many steps long as the number says."""

from __future__ import annotations

import random
from typing import Any

from ...board import Genre, beams, checks, layers, loops, mazes
from .. import _common

genre = Genre(
    "geradeweg", title="Geradeweg", optional=("numbers",),
    rule="one loop through every number; each straight run through a number is that long",
    clues=[layers.Numbers("numbers", lo=1, hi=99, unknown=True, what="a run length")],
    answers=[layers.Lines("edges", words=("the loop runs between {a} and {b}",
                                          "the loop does not run between {a} and {b}"))],
)


@genre.model
def rules(p, m):
    # the loop's own rule holds each cell's lines to 0 or 2 (and the ladder compiles it so);
    # the degree counts and the "the loop visits" variable of every cell said it again, and
    # gave the ladder's ``pairs`` level pairs of a cell's own rules to try, which tell it
    # nothing new (a 10x10 plant with every number shown: 7,454 pairs against 2,675 without)
    m.one_loop(m.edges, "the loop is one closed loop that never crosses or branches")
    for cell, k in m.deadline.paced(p.clues("numbers"), 64):
        with m.rule(f"the loop passes the {k} at {cell}", cells=[cell]):
            m.clause(m.lines_at(cell, m.edges))
        number = None if k == "?" else k
        beams.straight_runs(m, m.edges, cell, number,
                            f"the straight runs through the ? at {cell} are equally long" if number is None
                            else f"each straight run through the {k} at {cell} is {k} steps long")


@genre.verify
def check(p, s):
    yield from checks.one_loop(s.edges)
    on = loops.visited(s.edges)
    for cell, k in p.clues("numbers"):
        if cell not in on:
            yield f"the loop misses the {k} at {cell}"
        yield from beams.run_problems(s.edges, cell, None if k == "?" else k)


def clue_broken(item: tuple, values: dict) -> bool:
    """Whether answer values break a number (the generator asks it of each second answer for
    every number: the whole loop's checks each time were most of the work)."""
    _, cell, k = item
    lines = beams.Drawn(values, genre.answers[0].key)
    arms = beams.runs_through(lines, cell)
    return not any(arms.values()) or bool(beams.run_problems(lines, cell, None if k == "?" else k))


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """A random loop (every number it allows is shown in `reveal`); on grids of more than 64
    cells one pushed out over most cells: a thin loop leaves room for other loops through the
    empty cells (at 10x10, 0 of 8 thin loops were the only loop through all their numbers,
    16 of 20 grown ones were)."""
    if height * width <= 64:
        return genre.Solution(edges=loops.random_loop(rng, height, width, rng.uniform(0.4, 0.8)))
    return genre.Solution(edges=frozenset(mazes.grown_loop(rng, height, width, rng.uniform(0.7, 0.95))))


@genre.reveal
def reveal(solution, h: int, w: int):
    """A number in every cell of the loop whose straight runs have one length."""
    numbers = [[None] * w for _ in range(h)]
    for r, c in loops.visited(solution.edges):
        arms = beams.runs_through(solution.edges, (r, c))
        lengths = {arms["W"] + arms["E"], arms["N"] + arms["S"]} - {0}
        if len(lengths) == 1:
            numbers[r][c] = lengths.pop()
    return genre.Puzzle(h, w, numbers=numbers)


# measured (docs/generating.md, "Levels made"): per level the sides 95% of requests reached
# (20 seeds, first miss, 60 s; 2026-12-07). At 10x10 `pairs` ran out of time at its seventh
# seed, so it is not offered there; `deep` came back 20/20 at its second run
SIDES = (7, 10)
RELIABLE = {"trial": (10,), "lines": (7, 10), "chain": (7, 10), "deep": (7, 10)}
# at 10x10 the search backend's uniqueness proof never finished (not in 40 s for seeds 1000
# and 1001), and the 5 s it got were lost each time (`loop.certify`); at 7x7: 0.2-1.3 s of CPU
SEARCH_PROOF_CELLS = 100

genre.export(globals())


def render(puzzle: Any, solution: Any = None) -> str:
    """The grid as text: the numbers, and the loop in box-drawing characters."""
    marks = {cell: str(k) for cell, k in puzzle.clues("numbers")}
    return _common.draw_lines(puzzle.height, puzzle.width, solution.edges if solution else (), marks)
