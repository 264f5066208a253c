"""Country Road: one closed loop that passes through every room once; a number counts the
cells of its room the loop visits; two cells left out in different rooms never touch."""

from __future__ import annotations

import random

from ...board import Genre, checks, layers
from ...board.loops import loop_order, on_loop, random_loop, room_crossings, visited

genre = Genre(
    "countryroad", aliases=("country",), title="Country Road",
    rule="one loop through every room once; a number counts its room's cells on the loop; "
         "cells left out in different rooms never touch",
    clues=[layers.Rooms("rooms"), layers.Numbers("numbers", lo=1, hi=999, what="a cell count")],
    answers=[layers.Lines("edges", words=("the loop runs between {a} and {b}",
                                          "the loop does not run between {a} and {b}"))],
    optional=("numbers",),
)


def _borders(p) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The pairs of neighbouring cells in different rooms."""
    g = p.rooms
    return [((r, c), n) for r in range(p.height) for c in range(p.width) for n in ((r, c + 1), (r + 1, c))
            if n[0] < p.height and n[1] < p.width and g[r][c] != g[n[0]][n[1]]]


@genre.model
def rules(p, m):
    on = on_loop(m, m.edges, (), "")
    m.one_loop(m.edges, "the loop is one closed loop that never crosses or branches")
    rooms = layers.Rooms.rooms(p.rooms)
    room = {cell: label for label, cells in rooms.items() for cell in cells}
    crossing: dict[str, list] = {label: [] for label in rooms}
    for a, b in _borders(p):
        crossing[room[a]].append(m.edges[(a, b)])
        crossing[room[b]].append(m.edges[(a, b)])
        with m.rule(f"the cells {a} and {b} of different rooms are not both left out", cells=[a, b]):
            m.clause([on[a], on[b]])
    for label, cells in m.deadline.paced(rooms.items(), 64):
        with m.rule(f"the loop enters and leaves room {label} exactly once", cells=cells):
            if len(rooms) > 1:
                m.exactly(2, crossing[label])
            else:
                m.at_least(1, [on[c] for c in cells])
    for cell, k in p.clues("numbers"):
        cells = rooms[room[cell]]
        with m.rule(f"the {k} at {cell} counts {k} cells of its room on the loop", cells=cells):
            m.exactly(k, [on[c] for c in cells])


@genre.verify
def check(p, s):
    yield from checks.one_loop(s.edges)
    rooms = layers.Rooms.rooms(p.rooms)
    room = {cell: label for label, cells in rooms.items() for cell in cells}
    crossings, on = room_crossings(s.edges, room), visited(s.edges)
    for label in rooms:
        n = crossings.get(label, 0)
        if len(rooms) > 1 and n == 0:
            yield f"the loop never visits room {label}"
        elif n > 2:
            yield f"the loop enters room {label} {n // 2} times"
    for cell, k in p.clues("numbers"):
        n = sum(c in on for c in rooms[room[cell]])
        if n != k:
            yield f"the {k} at {cell} counts {n} cells of its room on the loop"
    for a, b in _borders(p):
        if a not in on and b not in on:
            yield f"the cells {a} and {b} of different rooms are both left out of the loop"


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """A random loop (the rooms are cut from it in `reveal`)."""
    return genre.Solution(edges=random_loop(rng, height, width, rng.uniform(0.4, 0.8)))


@genre.reveal
def reveal(solution, h: int, w: int):
    """Rooms cut from the loop in stretches of 2 to 6 cells (at random, seeded by the loop), each
    cell left out joined to a room beside it with the rest of its group; every room's count."""
    rng = random.Random(str(sorted(solution.edges)))
    order = loop_order(solution.edges)
    shift = rng.randrange(len(order)) if order else 0
    order = order[shift:] + order[:shift]
    label: dict = {}
    room = 0
    while order:
        size = rng.randint(2, 6)
        label.update((cell, room) for cell in order[:size])
        order, room = order[size:], room + 1
    rest = [(r, c) for r in range(h) for c in range(w) if (r, c) not in label]
    while rest:  # a group of cells left out joins a room beside it whole
        for group in checks.pieces(rest):
            near = [label[n] for r, c in group for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if n in label]
            if near or not label:
                label.update((cell, near[0] if near else 0) for cell in group)
        rest = [cell for cell in rest if cell not in label]
    rows = [[str(label[(r, c)]) for c in range(w)] for r in range(h)]
    on = visited(solution.edges)
    numbers = [[None] * w for _ in range(h)]
    for _, cells in layers.Rooms.rooms(rows).items():
        r, c = cells[0]
        numbers[r][c] = sum(x in on for x in cells) or None
    return genre.Puzzle(h, w, rooms=rows, numbers=numbers)


genre.export(globals())
