"""Simple Loop: one closed loop through the centre of every cell that is not blocked."""

from __future__ import annotations

import random

from ...board import Genre, checks, layers, mazes
from ...board.shading_rules import other_answer

BLOCK = "X"

genre = Genre(
    "simpleloop", title="Simple Loop", aliases=("simple loop",),
    rule="one loop through every cell that is not blocked",
    clues=[layers.Symbols("blocks", {BLOCK: "blocked cell"}, what="a blocked cell")],
    answers=[layers.Lines("edges", words=("the loop runs between {a} and {b}",
                                          "the loop does not run between {a} and {b}"))],
    optional=(),  # every block is needed: a cell left unblocked must be visited
)


@genre.extend
class Puzzle(genre.Puzzle):
    """The blocked cells (``X``)."""

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


@genre.verify
def check(p, s):
    yield from mazes.visits(p.height, p.width, p.blocked, s.edges)
    yield from checks.one_loop(s.edges)


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """A random loop whose cells admit no other loop (the cells it leaves out are the blocks)."""

    def another(edges):
        solution = genre.Solution(edges=edges)
        puzzle = reveal(solution, height, width)
        found = other_answer(genre.build(puzzle), genre.answer_of(puzzle, solution))
        return None if found is None else genre.decode(puzzle, found).edges

    share = rng.uniform(0.5, 0.9)  # thinner loops are easier: a range of levels comes out
    return genre.Solution(edges=mazes.lone_loop(rng, height, width, another, share=share))


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every cell the loop leaves out, blocked."""
    on = checks.degrees(solution.edges)
    return genre.Puzzle(h, w, blocks=[[None if (r, c) in on else BLOCK for c in range(w)] for r in range(h)])


# measured (docs/generating.md, "Levels made"; first miss): per level the sides 95% of
# requests reached (median 0.3 s / 3.2 s at 7x7, 10 seeds; 1.7 s / 2.6 s at 10x10, 20 seeds)
SIDES = (7, 10)
RELIABLE = {"lines": (7, 10), "chain": (7, 10)}

genre.export(globals())
