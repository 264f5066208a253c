"""Galaxies (Tentaisho, Spiral Galaxies): divide the grid into regions, each holding exactly
one dot and the same after a half turn about it."""

from __future__ import annotations

import random

from ...board import Genre, layers, regions
from ...board.dots import DOT, Dots, core, grow, mirror, reaching
from ...board.regions import Regions, parts
from ...board.shading_rules import other_answer
from ...ir import Edge

genre = Genre(
    "galaxies", aliases=("tentaisho", "spiralgalaxies"), title="Galaxies",
    rule="divide the grid into regions, each with one dot and the same after a half turn about it",
    clues=[Dots("dots")],
    answers=[Regions("regions")],
    optional=(),  # a dot left out would leave its region without one
)


@genre.model
def rules(p, m):
    joins, dots = m.regions, [d for d, _ in p.clues("dots")]
    # Every cell is in the region of one dot; neighbours with one dot are joined.
    owners = reaching(dots, p.height, p.width)
    member = regions.divide(m, joins, owners, "divide the grid into regions round the dots")
    for d in dots:
        # The cells touching a dot are its region's ...
        with m.rule(f"the dot at {d} lies in its region", cells=core(d)):
            for cell in core(d):  # (a dot inside the grid reaches the cells round it)
                m.fix(member[cell][d])
        # ... which is the same after a half turn about the dot ...
        with m.rule(f"the region of the dot at {d} is the same after a half turn"):
            for cell, owned in member.items():
                if d in owned:
                    m.implies(owned[d], member[mirror(cell, d)][d])
        # ... and one piece.
        lits = {cell: owned[d] for cell, owned in member.items() if d in owned}
        with m.rule(f"the region of the dot at {d} is one piece"):
            edges = [Edge(a, b, m.both(("inside", d, a, b), lits[a], j)) for (a, b), j in joins.items()
                     if a in lits and b in lits]
            m.connected(sorted(lits.items()), edges)


@genre.verify
def check(p, s):
    h, w = p.height, p.width
    yield from regions.split_joins(s.regions, h, w)
    dots = [d for d, _ in p.clues("dots")]
    for part in parts(s.regions, h, w):
        cells = set(part)
        inside = [d for d in dots if set(core(d)) <= cells]
        if len(inside) != 1:
            yield f"the region at {part[0]} holds {len(inside)} dots, not 1"
        elif any(mirror(cell, inside[0]) not in cells for cell in part):
            yield f"the region at {part[0]} is not the same after a half turn about its dot"


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """Grown regions; while another answer fits the dots, a region it changes is cut into
    single cells, each with its own dot."""
    owner = grow(rng, height, width)
    pairs = layers.Lines().pairs(height, width)
    while True:
        solution = genre.Solution(regions=frozenset(pr for pr in pairs if owner[pr[0]] == owner[pr[1]]))
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
    dots = []
    for part in parts(solution.regions, h, w):
        rows, cols = [r for r, _ in part], [c for _, c in part]
        dots.append(((min(rows) + max(rows), min(cols) + max(cols)), DOT))
    return genre.Puzzle(h, w, dots=Dots("dots").with_entries(h, w, dots))


genre.export(globals())
