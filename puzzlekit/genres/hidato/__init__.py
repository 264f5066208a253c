"""Hidato (Hidoku): number the open cells 1..N so that consecutive numbers stand in touching
cells, diagonals included; the given numbers stay and blocked cells take none."""

from __future__ import annotations

import random
from typing import Any

from ...board import Genre, checks, layers
from ...board import numbers as nb
from ...board.places import invalid
from ...ir import Lit

#: The backends `auto` tries first: clauses (sat) solved the published 7x7 to 10x10 puzzles in
#: about half a second where CP-SAT took up to several seconds.
BACKENDS = ("sat", "cpsat")

genre = Genre(
    "hidato", aliases=("hidoku",), title="Hidato",
    rule="number the open cells 1..N, each next number in a touching cell (diagonals too)",
    clues=[layers.Numbers("givens", lo=1, hi=9999, spaced=True, aligned=True),
           layers.Symbols("blocks", {"X": "blocked"}, "a blocked cell")],
    answers=[layers.Numbering("numbers", off="blocks")],
    optional=("givens",), sizes=(2, 30),
)


@genre.extend
class Puzzle(genre.Puzzle):
    def __post_init__(self) -> None:
        super().__post_init__()
        blocked = self.blocked()
        n = self.height * self.width - len(blocked)
        seen: dict[int, tuple[int, int]] = {}
        for (r, c), v in self.clues("givens"):
            if (r, c) in blocked:
                raise invalid(("givens", r, c), f"the given {v} stands on a blocked cell")
            if v > n:
                raise invalid(("givens", r, c), f"the given {v} is more than the {n} open cells")
            if v in seen:
                raise invalid(("givens", r, c), f"the given {v} stands twice (also at {seen[v]})")
            seen[v] = (r, c)

    def blocked(self) -> frozenset[tuple[int, int]]:
        """The blocked cells."""
        return frozenset(cell for cell, _ in self.clues("blocks"))


def allowed(p: Any) -> dict[tuple[int, int], dict[int, None]]:
    """The numbers each open cell may hold (`numbers.near_givens`)."""
    blocked = p.blocked()
    open_cells = [(r, c) for r in range(p.height) for c in range(p.width) if (r, c) not in blocked]
    return nb.near_givens(open_cells, p.clues("givens"))


@genre.model
def rules(p: Any, m: Any, narrow: bool = True) -> None:
    """``narrow=False``: no cell is narrowed by its distance from the givens."""
    num = m.numbers
    can = allowed(p) if narrow else None
    with m.rule("each number 1..N stands in one open cell"):
        if can is None:
            m.all_different(list(num.values()))
        else:
            # the count of each number only over the cells that may hold it: the others are
            # fixed out below, and a count over all N cells per number (what the group means)
            # was a fifth of building and compiling a model per question of the generator
            holders: dict[int, list] = {k: [] for k in range(1, len(num) + 1)}
            for x in sorted(num):  # (each cell's numbers and so each list in order, read once)
                for k in can[x]:
                    holders[k].append(Lit(num[x].index, k))
            for lits in holders.values():
                m.count(lits, "==", 1)
    given = dict(p.clues("givens"))
    for cell, v in given.items():
        with m.rule(f"the given {v} at {checks.where(cell)} stays", cells=[cell]):
            m.fix(m.eq(num[cell], v))
    # (implied: a cell d steps from a given v holds no number within d - 1 of v)
    for x in m.deadline.paced(sorted(num) if can else [], 64):
        if x not in given:
            with m.rule(f"{checks.where(x)} holds no number closer to a given than its steps from it",
                        cells=[x]):
                # the literals made directly: this loop makes most of the model's clauses
                var, here = num[x].index, can[x]
                for k in range(1, num[x].hi + 1):
                    if k not in here:
                        m.clause((Lit(var, k, False),))
    nb.path_of_steps(m, num, p.height, p.width, can)


@genre.verify
def check(p: Any, s: Any) -> Any:
    for (r, c), v in p.clues("givens"):
        if s.numbers[r][c] != v:
            yield f"the given {v} at ({r}, {c}) holds {s.numbers[r][c]}"
    blocked = p.blocked()
    for r, row in enumerate(s.numbers):
        for c, v in enumerate(row):
            if ((r, c) in blocked) != (v is None):
                yield f"the {'blocked' if v is not None else 'open'} cell ({r}, {c}) holds " \
                      f"{'a number' if v is not None else 'no number'}"
    yield from nb.step_problems(s.numbers)


@genre.plant
def plant(rng: random.Random, height: int, width: int) -> Any:
    """A random path of king's steps through every open cell, with a few cells blocked (none
    when no path through the rest turns up)."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    for attempt in range(20):
        blocks = set(rng.sample(cells, rng.randint(0, len(cells) // 12))) if attempt < 10 else set()
        path = nb.king_path(rng, height, width, blocks, tries=10)
        if path is not None:
            order = {cell: i + 1 for i, cell in enumerate(path)}
            return genre.Solution(numbers=tuple(tuple(order.get((r, c)) for c in range(width))
                                                for r in range(height)))
    # a snake through the rows always fits
    snake = [(r, c if r % 2 == 0 else width - 1 - c) for r in range(height) for c in range(width)]
    order = {cell: i + 1 for i, cell in enumerate(snake)}
    return genre.Solution(numbers=tuple(tuple(order[(r, c)] for c in range(width)) for r in range(height)))


@genre.reveal
def reveal(solution: Any, h: int, w: int) -> Any:
    """Every number given, the cells without one blocked."""
    blocks = tuple(tuple("X" if v is None else None for v in row) for row in solution.numbers)
    return genre.Puzzle(h, w, givens=solution.numbers, blocks=blocks)


#: the generator's reveal starts with 30% of the givens shown: with few shown its rounds of
#: counterexamples took half the time of some 10x10 plants (the same seed: 22.7 s of CPU, 10.3)
HEAD_START = 0.3

# measured (benchmarks.levels, first miss): per level the sides where every request came back
# at it; at 10x10 20 seeds each, `scan` out of its 90 s at the first (docs/genres/hidato.md)
SIDES = (6, 10)
RELIABLE = {"rules": (6, 10), "pairs": (10,), "trial": (6, 10)}

genre.export(globals())
