"""Nurimisaki: shade cells, the unshaded ones connected, no 2x2 block all shaded or all
unshaded; the dead ends of the unshaded area are exactly the circles, and a circle's number
counts the unshaded cells it sees toward its one neighbour, itself included."""

from __future__ import annotations

import random

from ...board import Genre, checks, layers, mazes
from ...board.rules import DIRECTIONS, where
from ...board.shading_rules import other_answer, sees_one_way
from ...board.sight import dead_ends, neighbours_in

genre = Genre(
    "nurimisaki", title="Nurimisaki",
    rule="shade cells, the rest connected and no 2x2 alike; the dead ends are the circles, "
         "a number counts the cells its cape sees",
    clues=[layers.Circles("circles"), layers.Numbers("numbers", lo=1, hi=999, what="a number")],
    answers=[layers.Shading("shaded")],
    optional=("numbers",),
)


def circled(p) -> set:
    """The circled cells: the circles block's and every numbered cell (a number is circled)."""
    return {cell for cell, _ in p.clues("circles")} | {cell for cell, _ in p.clues("numbers")}


@genre.model
def rules(p, m):
    shaded = m.shaded
    unshaded = {cell: ~lit for cell, lit in shaded.items()}
    capes = circled(p)
    m.connected_cells(unshaded, "the unshaded cells form one connected group", key="open")
    m.no_2x2(shaded, "no 2x2 block is all shaded")
    m.no_2x2(unshaded, "no 2x2 block is all unshaded")
    for cell in m.deadline.paced(sorted(shaded), 256):
        around = [unshaded[n] for n in m.neighbours(cell)]
        if cell in capes:
            with m.rule(f"the circle at {where(cell)} is unshaded with one unshaded neighbour", cells=[cell]):
                m.fix(unshaded[cell])
                m.exactly(1, around)
        else:
            # an unshaded cell without a circle is no dead end: two of its neighbours unshaded.
            # One count (shaded counts two), not a clause per neighbour: the ladder's pairs of
            # rules then pair cells, not every two of one cell's clauses
            with m.rule(f"the uncircled cell {where(cell)} is shaded or no dead end", cells=[cell]):
                m.count([(2, shaded[cell]), *around], ">=", 2)
    for cell, k in p.clues("numbers"):
        with m.rule(f"the {k} at {where(cell)} sees {k} unshaded cells, itself included", cells=[cell]):
            sees_one_way(m, cell, shaded, k)


@genre.verify
def check(p, s):
    h, w = p.height, p.width
    unshaded = {(r, c) for r in range(h) for c in range(w)} - set(s.shaded)
    capes = circled(p)
    for cell in sorted(capes & set(s.shaded)):
        yield f"the circle at {cell} is shaded"
    yield from checks.connected(unshaded, "unshaded cells")
    yield from checks.no_2x2(s.shaded, h, w, "shaded")
    yield from checks.no_2x2(unshaded, h, w, "unshaded")
    for cell in sorted(capes & unshaded):
        if neighbours_in(cell, unshaded) != 1:
            yield f"the circle at {cell} has {neighbours_in(cell, unshaded)} unshaded neighbours, not one"
    for cell in dead_ends(unshaded):
        if cell not in capes:
            yield f"the unshaded cell {cell} is a dead end without a circle"
    for cell, k in p.clues("numbers"):
        seen = 1 + checks.seen(cell, unshaded, h, w)
        if cell in unshaded and seen != k:
            yield f"the {k} at {cell} sees {seen} unshaded cells, itself included"


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """A maze (`mazes.open_maze`: no 2x2 block alike, many dead ends), then, while a second
    answer fits every clue, a cell near where the two differ turned (`mazes.mend_maze`)."""
    cells = {(r, c) for r in range(height) for c in range(width)}

    def another(open_: set) -> set | None:
        """The shaded cells of another answer to the clues of the maze ``open_``, or None."""
        answer = genre.Solution(shaded=frozenset(cells - open_))
        puzzle = reveal(answer, height, width)
        found = other_answer(genre.build(puzzle), genre.answer_of(puzzle, answer))
        return None if found is None else {(k[1], k[2]) for k, v in found.items() if v}

    open_ = mazes.mend_maze(rng, mazes.open_maze(rng, height, width), height, width, another, TURNS)
    return genre.Solution(shaded=frozenset(cells - open_))


#: Cells turned at most per planted maze: about one maze in 25 is unique at 10x10 as grown;
#: turned cells make some two in three of them unique, in a second or two.
TURNS = 40


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every dead end is circled and shows the cells it sees."""
    unshaded = {(r, c) for r in range(h) for c in range(w)} - set(solution.shaded)
    ends = set(dead_ends(unshaded))
    circles = [["o" if (r, c) in ends else None for c in range(w)] for r in range(h)]
    numbers = [[1 + checks.seen((r, c), unshaded, h, w) if (r, c) in ends else None for c in range(w)]
               for r in range(h)]
    return genre.Puzzle(h, w, circles=circles, numbers=numbers)


#: Planted answers tried per puzzle (four times as many up to 100 cells): about one maze in
#: 25 is unique at 10x10 with every number shown, and telling a maze is not takes a tenth of
#: a second, so many are tried before a request is given up.
ATTEMPTS = 40

#: What was measured of the generator (``python -m benchmarks.levels --genres nurimisaki --sizes
#: 6,8,10 --seeds 20 --first-miss --levels lines,chain``, 2026-12-07): the sides asked, and per
#: level the sides where every request came back at it (10x10: lines and chain 20 of 20,
#: medians 4.7 and 3.4 s of CPU; trial ran out of 60 s at the first seed).
SIDES = (6, 8, 10)
RELIABLE = {"lines": (6, 8, 10), "chain": (6, 8, 10)}

#: A number only adds clauses over the cells of its rays: one guarded model per plant serves
#: every set of numbers shown, for the counterexample finder and the ladder alike.
GUARD = True


def clue_keys(item: tuple) -> list:
    """The answer keys a number's clauses read: the cells of its four rays, as far as it sees."""
    _, (r, c), k = item
    return [("shaded", r + i * dr, c + i * dc) for _, dr, dc in DIRECTIONS for i in range(1, k + 1)]


def clue_place(item: tuple) -> tuple:
    """The cell a number's rule cites: it tells two numbers whose rays overlap apart."""
    return (item[1],)


genre.export(globals())
