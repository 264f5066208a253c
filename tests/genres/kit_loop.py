"""A small loop genre made with the genre kit, for the tests of its `Lines` layer: one loop
through every cell that is not blocked (``X``)."""

from __future__ import annotations

import random

from puzzlekit.board import Genre, checks, layers

genre = Genre(
    "kitloop", title="Kit Loop", rule="one loop through every cell that is not blocked",
    clues=[layers.Symbols("blocks", {"X": "blocked"})], answers=[layers.Lines()],
    optional=(),  # a cell left unblocked must be visited: hiding a block would add a rule
)


@genre.model
def rules(p, m):
    blocked = {cell for cell, _ in p.clues("blocks")}
    for cell in m.cells():
        wanted = [0] if cell in blocked else [2]
        m.degree(cell, m.edges, wanted, f"the loop {'avoids' if cell in blocked else 'visits'} {cell}")
    m.one_loop(m.edges, "the lines form one loop")


@genre.verify
def check(p, s):
    blocked = {cell for cell, _ in p.clues("blocks")}
    at = checks.degrees(s.edges)
    yield from (f"the loop enters the blocked cell {cell}" for cell in sorted(blocked) if at.get(cell))
    yield from (f"the loop misses {cell}" for cell in sorted(set(p_cells(p)) - blocked) if not at.get(cell))
    yield from checks.one_loop(s.edges)


def p_cells(p):
    return [(r, c) for r in range(p.height) for c in range(p.width)]


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """A rectangle's border as the loop; the cells inside and outside it blocked."""
    top, left = rng.randrange(height - 1), rng.randrange(width - 1)
    bottom, right = rng.randrange(top + 1, height), rng.randrange(left + 1, width)
    ring = [(top, c) for c in range(left, right)] + [(r, right) for r in range(top, bottom)]
    ring += [(bottom, c) for c in range(right, left, -1)] + [(r, left) for r in range(bottom, top, -1)]
    edges = {tuple(sorted((a, b))) for a, b in zip(ring, ring[1:] + ring[:1])}
    return genre.Solution(edges=frozenset(edges))


@genre.reveal
def reveal(solution, h, w):
    used = checks.degrees(solution.edges)
    blocks = [["X" if (r, c) not in used else None for c in range(w)] for r in range(h)]
    return genre.Puzzle(h, w, blocks=blocks)


genre.export(globals())
