"""Nurimisaki: shade cells, the unshaded ones connected, no 2x2 block all shaded or all
unshaded; the dead ends of the unshaded area are exactly the circles, and a circle's number
counts the unshaded cells it sees toward its one neighbour, itself included."""

from __future__ import annotations

import random

from ...board import Genre, checks, layers
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
    """A maze grown a random edge cell at a time, each new cell touching one unshaded cell (no
    2x2 unshaded, many dead ends); then a cell of each 2x2 block left all shaded is unshaded;
    then, while a second answer fits every clue, a cell near where the two differ is turned."""
    cells = {(r, c) for r in range(height) for c in range(width)}
    open_ = _unique(rng, _maze(rng, height, width), height, width)
    return genre.Solution(shaded=frozenset(cells - open_))


#: Cells turned at most per planted maze (`_unique`): about one maze in 25 is unique at 10x10
#: as grown; turned cells make some two in three of them unique, in a second or two.
TURNS = 40


def _unique(rng: random.Random, open_: set, height: int, width: int) -> set:
    """The maze changed until its clues have one answer (or `TURNS` cells were turned): where
    another answer differs, one cell in the 3x3 blocks around the difference is shaded or
    unshaded, the first in a random order that keeps the maze a valid answer."""
    cells = {(r, c) for r in range(height) for c in range(width)}
    for _ in range(TURNS):
        answer = genre.Solution(shaded=frozenset(cells - open_))
        puzzle = reveal(answer, height, width)
        found = other_answer(genre.build(puzzle), genre.answer_of(puzzle, answer))
        if found is None:
            break
        other = {(k[1], k[2]) for k, v in found.items() if v}
        near = sorted({(r + dr, c + dc) for r, c in answer.shaded ^ other
                       for dr in (-1, 0, 1) for dc in (-1, 0, 1)} & cells)
        rng.shuffle(near)
        turned = next((open_ ^ {cell} for cell in near if _valid(open_ ^ {cell}, cells, height, width)), None)
        if turned is None:
            break
        open_ = turned
    return open_


def _valid(open_: set, cells: set, height: int, width: int) -> bool:
    """Whether the unshaded cells make an answer (its circles are its dead ends): one piece of
    two or more cells, no 2x2 block all shaded or all unshaded."""
    return (len(open_) > 1 and not checks.full_blocks(open_, height, width)
            and not checks.full_blocks(cells - open_, height, width) and len(checks.pieces(open_)) == 1)


def _maze(rng: random.Random, height: int, width: int) -> set:
    """The unshaded cells of a random maze (see `plant`)."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    for _ in range(50):
        open_ = {rng.choice(cells)}
        edge = list(open_)
        while edge:
            r, c = cell = edge[rng.randrange(len(edge))]
            grow = [n for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= n[0] < height
                    and 0 <= n[1] < width and n not in open_ and neighbours_in(n, open_) == 1]
            if not grow:
                edge.remove(cell)
                continue
            open_.add(new := rng.choice(grow))
            edge.append(new)
        for r, c in checks.full_blocks(set(cells) - open_, height, width):
            block = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            rng.shuffle(block)
            if any(x in open_ for x in block):
                continue
            open_ |= next(({x} for x in block if neighbours_in(x, open_)
                           and not checks.full_blocks(open_ | {x}, height, width)), set())
        if not checks.full_blocks(set(cells) - open_, height, width) and len(open_) > 1:
            return open_
    raise RuntimeError(f"no Nurimisaki answer planted on {height}x{width}")


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
