"""Country Road: one closed loop that passes through every room once; a number counts the
cells of its room the loop visits; two cells left out in different rooms never touch."""

from __future__ import annotations

import random

from ...board import Genre, checks, layers, loops

genre = Genre(
    "countryroad", aliases=("country",), title="Country Road", optional=("numbers",),
    rule="one loop through each room once; numbers count visited cells; left-out cells apart across rooms",
    clues=[layers.Rooms("rooms"), layers.Numbers("numbers", lo=1, hi=999, what="a cell count")],
    answers=[layers.Lines("edges", words=("the loop runs between {a} and {b}",
                                          "the loop does not run between {a} and {b}"))],
)


@genre.model
def rules(p, m):
    on = loops.on_loop(m, m.edges, (), "")
    m.one_loop(m.edges, "the loop is one closed loop that never crosses or branches")
    rooms = layers.Rooms.rooms(p.rooms)
    crossing = loops.crossing_lines(m.edges, p.rooms)
    for a, b in loops.border_pairs(p.rooms):
        with m.rule(f"the cells {a} and {b} of different rooms are not both left out", cells=[a, b]):
            m.clause([on[a], on[b]])
    for label, cells in m.deadline.paced(rooms.items(), 64):
        with m.rule(f"the loop enters and leaves room {label} exactly once", cells=cells):
            m.exactly(2, crossing[label]) if len(rooms) > 1 else m.at_least(1, [on[c] for c in cells])
    for cell, k in p.clues("numbers"):
        cells = rooms[p.rooms[cell[0]][cell[1]]]
        with m.rule(f"the {k} at {cell} counts {k} cells of its room on the loop", cells=cells):
            m.exactly(k, [on[c] for c in cells])


@genre.verify
def check(p, s):
    yield from checks.one_loop(s.edges)
    rooms = layers.Rooms.rooms(p.rooms)
    crossings, on = loops.room_crossings(s.edges, p.rooms), loops.visited(s.edges)
    for label, n in ((label, crossings.get(label, 0)) for label in rooms):
        if len(rooms) > 1 and n == 0:
            yield f"the loop never visits room {label}"
        elif n > 2:
            yield f"the loop enters room {label} {n // 2} times"
    for cell, k in p.clues("numbers"):
        if (n := sum(c in on for c in rooms[p.rooms[cell[0]][cell[1]]])) != k:
            yield f"the {k} at {cell} counts {n} cells of its room on the loop"
    for a, b in loops.border_pairs(p.rooms):
        if a not in on and b not in on:
            yield f"the cells {a} and {b} of different rooms are both left out of the loop"


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """A random loop (the rooms are cut from it in `reveal`)."""
    return genre.Solution(edges=loops.random_loop(rng, height, width, rng.uniform(0.4, 0.8)))


@genre.reveal
def reveal(solution, h: int, w: int):
    """Rooms cut along the loop (at random, seeded by the loop), and every room's count."""
    rooms = loops.rooms_along(solution.edges, h, w, random.Random(str(sorted(solution.edges))))
    return genre.Puzzle(h, w, rooms=rooms, numbers=loops.room_counts(rooms, solution.edges))


# measured (docs/generating.md, "Levels made"): per level the sides 95% of requests reached
SIDES = (7, 10)
RELIABLE = {"scan": (7, 10), "trial": (7, 10), "lines": (7, 10), "chain": (7, 10)}

genre.export(globals())
