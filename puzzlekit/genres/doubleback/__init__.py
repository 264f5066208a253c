"""Double Back: one closed loop through every cell that is not blocked, entering every room
exactly twice."""

from __future__ import annotations

import random

from ...board import Genre, checks, layers, loops, mazes
from ...board.shading_rules import other_answer

BLOCK = "X"

genre = Genre(
    "doubleback", title="Double Back", aliases=("double back",),
    rule="one loop through every cell not blocked, entering every room exactly twice",
    clues=[layers.Rooms("rooms"), layers.Symbols("blocks", {BLOCK: "blocked cell"}, what="a blocked cell")],
    answers=[layers.Lines("edges", words=("the loop runs between {a} and {b}",
                                          "the loop does not run between {a} and {b}"))],
    optional=(),  # every block and room is needed
)


@genre.extend
class Puzzle(genre.Puzzle):
    """The rooms, and the blocked cells (``X``)."""

    @property
    def blocked(self) -> frozenset[tuple[int, int]]:
        """The cells the loop never enters."""
        return frozenset(cell for cell, _ in self.clues("blocks"))


@genre.model
def rules(p, m):
    blocked = p.blocked
    for cell in m.deadline.paced(m.cells(), 256):
        if cell in blocked:
            m.degree(cell, m.edges, (0,), f"the loop does not enter the blocked cell {cell}")
        else:
            m.degree(cell, m.edges, (2,), f"the loop passes through {cell}")
    m.one_loop(m.edges, "the loop is one closed loop that never crosses or branches")
    rooms, crossing = layers.Rooms.rooms(p.rooms), loops.crossing_lines(m.edges, p.rooms)
    for label, cells in m.deadline.paced(rooms.items(), 64):
        with m.rule(f"the loop enters room {label} exactly twice", cells=cells):
            m.exactly(4, crossing[label])


@genre.verify
def check(p, s):
    yield from mazes.visits(p.height, p.width, p.blocked, s.edges)
    yield from checks.one_loop(s.edges)
    crossings = loops.room_crossings(s.edges, p.rooms)
    for label in layers.Rooms.rooms(p.rooms):
        if (n := crossings.get(label, 0)) != 4:
            yield f"the loop enters room {label} {n // 2} times, not twice"


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """A random loop, and rooms cut along it that no other loop fits."""
    if height < 2 or width < 2 or height * width < 8:
        raise ValueError(f"a {height}x{width} grid holds no loop through two rooms twice")
    for _ in range(200):
        edges = frozenset(mazes.grown_loop(rng, height, width, rng.uniform(0.6, 0.9)))
        rooms = None
        for _ in range(20):  # stretches of one or two cells: small rooms, a loop more often alone
            rooms = rooms or mazes.twice_rooms(rng, edges, height, width, (1, 2))
        for _ in range(_moves(height, width) if rooms else 0):
            solution = genre.Solution(edges=edges)
            object.__setattr__(solution, "planted_rooms", rooms)  # rides along for `reveal`
            puzzle = reveal(solution, height, width)
            other = other_answer(genre.build(puzzle), genre.answer_of(puzzle, solution))
            if other is None:
                return solution
            # a room border moved where the other loop differs, so that it no longer fits
            theirs = genre.decode(puzzle, other).edges
            near = {cell for e in theirs ^ edges for cell in e}
            rooms = mazes.move_cell(rng, rooms, edges, near, against=theirs)
            if rooms is None:
                break
    raise ValueError(f"no {height}x{width} loop found that one set of rooms holds alone")


def _moves(height: int, width: int) -> int:
    """How many room moves one loop gets before another loop is drawn. A loop whose rooms
    came out unique did so within 33 moves in the 10x10 plants looked at (3-12 most often),
    while one that took 100 moves (the old bound, a move per cell) never did, and those
    moves were most of a slow seed's time (each asks a search for another loop)."""
    return min(height * width, 2 * (height + width))


@genre.reveal
def reveal(solution, h: int, w: int):
    """The planted rooms (or rooms cut along the loop, seeded by it), and the cells off the loop
    blocked."""
    rooms = getattr(solution, "planted_rooms", None) or \
        mazes.twice_rooms(random.Random(str(sorted(solution.edges))), solution.edges, h, w)
    on = checks.degrees(solution.edges)
    blocks = [[None if (r, c) in on else BLOCK for c in range(w)] for r in range(h)]
    return genre.Puzzle(h, w, rooms=rooms, blocks=blocks)


# measured (docs/generating.md, "Levels made"; 20 seeds, first miss, 2026-12-07, load average
# 5): per level the sides every request reached (medians by the clock: 7x7 lines 0.53 s and
# chain 1.7 s; 10x10 lines 9.3 s and chain 4.3 s)
SIDES = (7, 10)
RELIABLE = {"lines": (7, 10), "chain": (7, 10)}

genre.export(globals())
