"""Firefly (Hotaru Beam): a line leaves each firefly's mouth and ends at another firefly's side; a number
counts its turns; no branches or crossings; all fireflies and lines one network."""

from __future__ import annotations

import random

from ...board import Genre, beams, layers, places
from ...board.base import around
from ...propagation import new_engine
from .. import _common

LINES = layers.Lines("edges", words=("a line runs between {a} and {b}", "no line runs between {a} and {b}"))
LINES.underneath = True  # under the fireflies' circles, as the lines are drawn on paper

genre = Genre(
    "firefly", aliases=("hotarubeam", "hotaru"), title="Firefly", optional=("numbers",),
    rule="a line from each firefly's mouth to another firefly's side; numbers count its turns; one network",
    clues=[beams.Fireflies("fireflies"), layers.Numbers("numbers", lo=0, hi=99, what="a count of turns")],
    answers=[LINES],
)


@genre.extend
class Puzzle(genre.Puzzle):
    """The fireflies (the side of each mouth) and the turns written in some of them."""

    def __post_init__(self) -> None:
        super().__post_init__()
        for (r, c), k in self.clues("numbers"):
            if self.fireflies[r][c] is None:
                raise places.invalid(("numbers", r, c), f"the number {k} at ({r}, {c}) is not in a firefly")

    @property
    def mouths(self) -> dict[tuple[int, int], str]:
        """The side of each firefly's mouth, by cell."""
        return dict(self.clues("fireflies"))

    @property
    def turns(self) -> dict[tuple[int, int], int]:
        """The turns each numbered firefly's line makes, by cell."""
        return dict(self.clues("numbers"))


@genre.model
def rules(p, m):
    beams.beam_network(m, m.edges, p.mouths, p.turns)


@genre.verify
def check(p, s):
    yield from beams.beam_problems(s.edges, p.mouths, p.turns)


#: The fireflies of the answers planted last, by their lines: an answer's lines do not tell
#: where its fireflies sit (a firefly may sit where a line turns), and `reveal` follows `plant`.
_PLANTED: dict[frozenset, dict] = {}


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """A random network of fireflies; while the model's propagation (every number shown)
    leaves lines open, fireflies are added where our lines pass the open ones (the fireflies
    are shown in `reveal`). A puzzle the propagation settles is unique, so the generator's
    reveal never meets a second answer no number rules out (a search for one within a budget
    missed it in half the 10x10 plants), nor one the ladder finds too hard with every number."""
    mouths, edges = beams.plant_network(rng, height, width, 1.0)
    solution = genre.Solution(edges=edges)
    passed = {cell for e in edges for cell in e}
    for _ in range(height * width):
        if len(_PLANTED) > 64:
            _PLANTED.clear()
        _PLANTED[edges] = mouths
        model = genre.build(reveal(solution, height, width))
        engine = new_engine(model)
        engine.reset()
        dom = engine.dom
        near = {cell for i in model.output if dom[i] & (dom[i] - 1) for cell in model.vars[i].key[1:]}
        free = passed - set(mouths)  # a firefly fits where a line passes
        cells = sorted(near & free or {n for cell in near for n in around(cell)} & free)
        if not cells:
            break
        for cell in rng.sample(cells, 1 + len(cells) // 4):
            mouths = beams.split(edges, mouths, cell)
    return solution


@genre.reveal
def reveal(solution, h: int, w: int):
    """The planted fireflies, each with the turns of the line from its mouth."""
    if solution.edges not in _PLANTED:
        raise ValueError("only an answer planted here shows where its fireflies sit")
    mouths = _PLANTED[solution.edges]
    turns = {}
    for path, n in beams.segments(solution.edges, mouths):
        turns[path[0] if beams.side(path[0], path[1]) == mouths[path[0]] else path[-1]] = n
    return genre.Puzzle(h, w, fireflies=[[mouths.get((r, c)) for c in range(w)] for r in range(h)],
                        numbers=[[turns.get((r, c)) for c in range(w)] for r in range(h)])


# measured (docs/generating.md, "Levels made"): per level the sides 95% of requests reached;
# the other levels ran out of time (a planted answer the propagation settles is rarely hard)
SIDES = (7, 10)
RELIABLE = {"rules": (7, 10), "lines": (7, 10)}

genre.export(globals())


def render(puzzle: Puzzle, solution=None) -> str:
    """The grid as text: each firefly's number, or the arrow of its mouth, and the lines."""
    marks = {cell: str(puzzle.turns[cell]) if cell in puzzle.turns else "↑→↓←"["NESW".index(d)]
             for cell, d in puzzle.mouths.items()}
    return _common.draw_lines(puzzle.height, puzzle.width, solution.edges if solution else (), marks)
