"""Kurotto: shade cells; a circle stays unshaded, and a number in a circle is the total size of
the shaded groups touching it (each orthogonally connected group beside it counted once)."""

from __future__ import annotations

import random

from ...board import Genre, layers
from ...board.caves import group_index, touching_groups, touching_total
from ...board.shading_rules import text_grid
from ...clock import UNLIMITED, Deadline
from ...ir import Model

genre = Genre(
    "kurotto", title="Kurotto",
    rule="shade cells; a circle stays unshaded, its number the size of the shaded groups touching it",
    clues=[layers.CircledNumbers("numbers", lo=0, hi=999, unknown=True, what="a circle's number")],
    answers=[layers.Shading("shaded")],
)


def _numbers(p) -> dict:
    return {cell: k for cell, k in p.clues("numbers") if k != layers.UNKNOWN}


@genre.model
def rules(p, m, converse: bool = True):
    """``converse=False``: a number's distances are implied one way only (`finder_model`)."""
    shaded = m.shaded
    circles = {cell for cell, _ in p.clues("numbers")}
    for cell in sorted(circles):
        with m.rule(f"the circle at {cell} stays unshaded", cells=[cell]):
            m.fix(~shaded[cell])
    with m.rule("some cell is shaded"):
        m.clause(list(shaded.values()))
    touching_groups(m, shaded, _numbers(p), circles, "the {k} at {cell} touches shaded groups of {k} cell{s}",
                   converse=converse)


@genre.verify
def check(p, s):
    for cell, _ in p.clues("numbers"):
        if cell in s.shaded:
            yield f"the circle at {cell} is shaded"
    if not s.shaded:
        yield "no cell is shaded"
    groups = group_index(s.shaded)
    for cell, k in _numbers(p).items():
        total = touching_total(cell, s.shaded, groups)
        if cell not in s.shaded and total != k:
            yield f"the {k} at {cell} touches shaded groups of {total} cells"


#: The sizes a planted group grows to, drawn in turn: small groups keep the numbers small, and
#: a number's rule grows with it (a literal per cell within reach of it, per step of distance).
GROUP_SIZES = (1, 1, 2, 2, 3, 3, 4, 5)


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """Small shaded groups apart from each other: a group starts at a random cell with no
    shaded cell beside it and grows to a drawn size (of `GROUP_SIZES`) through cells with no
    shaded cell of another group beside them, until about two cells in five are shaded."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    shaded: set = set()
    goal = max(1, int(0.4 * len(cells)))

    def free(cell, mine) -> bool:
        return cell not in shaded and all(n in mine or n not in shaded for n in _around(cell, height, width))

    for _ in range(4 * len(cells)):
        if len(shaded) >= goal:
            break
        start = rng.choice(cells)
        if not free(start, ()):
            continue
        group = {start}
        size = rng.choice(GROUP_SIZES)
        while len(group) < size:
            edge = sorted({n for x in group for n in _around(x, height, width)
                           if n not in group and free(n, group)})
            if not edge:
                break
            group.add(rng.choice(edge))
        shaded |= group
    return genre.Solution(shaded=frozenset(shaded or {rng.choice(cells)}))


def _around(cell, height: int, width: int) -> list:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < height and 0 <= c + dc < width]


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every unshaded cell is a circle with the size of the shaded groups it touches."""
    groups = group_index(solution.shaded)
    rows = [[None if (r, c) in solution.shaded else touching_total((r, c), solution.shaded, groups)
             for c in range(w)] for r in range(h)]
    return genre.Puzzle(h, w, numbers=rows)


#: Removal starts from every circle (the first questions are rules') and asks one at a time.
HEAD_START, REMOVE_SINGLY = 1.0, True
#: What the generator was measured to make (`benchmarks.levels`, 20 seeds, docs/genres/kurotto.md):
#: the sides asked, and per level the sides where every request came back at it.
SIDES = (6, 8, 10)
RELIABLE = {"rules": (6, 8, 10), "pairs": (6, 8, 10), "trial": (6,), "chain": (6,), "deep": (6,)}


def finder_model(puzzle, deadline: Deadline = UNLIMITED) -> Model:
    """The model of the generator's questions: the distances implied one way only."""
    return genre.build(puzzle, deadline, converse=False)


genre.export(globals())


def render(puzzle, solution=None) -> str:
    """The grid as text, numbers right-aligned in columns, ``#`` shaded, ``·`` other cells."""
    return text_grid(puzzle.numbers, solution.shaded if solution is not None else ())
