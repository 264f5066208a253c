"""Galaxies (Tentaisho, Spiral Galaxies): divide the grid into regions, each holding exactly
one dot and the same after a half turn about it (cells left out of the grid, as puzz.link
allows, belong to no region)."""

from __future__ import annotations

import random

from ...board import Genre, layers
from ...board.dots import Dots, centres, grow, holes, points, symmetric_problems, symmetric_regions
from ...board.regions import Regions
from ...board.shading_rules import other_answer
from ...ir import GROUPS_WHOLE

genre = Genre(
    "galaxies", aliases=("tentaisho", "spiralgalaxies"), title="Galaxies",
    rule="divide the grid into regions, each with one dot and the same after a half turn about it",
    clues=[Dots("dots")],
    answers=[REGIONS := Regions("regions")],
    optional=(),  # a dot left out would leave its region without one
)


@genre.model
def rules(p, m):
    symmetric_regions(m, m.regions, points(p.dots), holes(p.dots), p.height, p.width)
    m.hints[GROUPS_WHOLE] = True  # one piece is read from lines on (docs/grading.md, Galaxies)


@genre.verify
def check(p, s):
    yield from symmetric_problems(s.regions, points(p.dots), holes(p.dots), p.height, p.width)


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """Grown regions; while another answer fits the dots, a region it changes is cut into
    single cells, each with its own dot."""
    owner = grow(rng, height, width)
    pairs = layers.Lines().pairs(height, width)
    while True:
        # (normal: joins that know the grid's size, which single cells at its end leave unsaid)
        joins = REGIONS.normal({pr for pr in pairs if owner[pr[0]] == owner[pr[1]]}, height, width)
        solution = genre.Solution(regions=joins)
        puzzle = reveal(solution, height, width)
        answer = genre.answer_of(puzzle, solution)
        found = other_answer(genre.build(puzzle), answer)
        if found is None:
            return solution
        cell = rng.choice(sorted(k[1] for k in answer if found[k] != answer[k]))
        for x in [x for x, d in owner.items() if d == owner[cell]]:
            owner[x] = (2 * x[0], 2 * x[1])


@genre.reveal
def reveal(solution, h: int, w: int):
    """The dot at the centre of every region."""
    return genre.Puzzle(h, w, dots=Dots("dots").with_entries(h, w, centres(solution.regions, h, w)))


#: Measured (docs/generating.md, "Levels made"): the sides asked, and per level those where
#: every request came back at it.
SIDES = (7,)
RELIABLE = {"rules": (7,), "lines": (7,)}

genre.export(globals())
