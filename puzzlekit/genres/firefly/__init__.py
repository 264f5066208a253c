"""Firefly (Hotaru Beam): a line leaves each firefly's mouth and ends at another firefly's side; a number
counts its turns; no branches or crossings; all fireflies and lines one network."""

from __future__ import annotations

import random

from ...board import Genre, beams, layers, places
from ...board.shading_rules import other_answer
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
    """A random network of fireflies; while another answer fits them, a firefly is added
    where a line of that answer leaves ours (the fireflies are shown in `reveal`)."""
    mouths, edges = beams.plant_network(rng, height, width, 1.0)
    solution = genre.Solution(edges=edges)
    for _ in range(8):
        if len(_PLANTED) > 64:
            _PLANTED.clear()
        _PLANTED[edges] = mouths
        puzzle = reveal(solution, height, width)
        answer = genre.answer_of(puzzle, solution)
        found = other_answer(genre.build(puzzle), answer, nodes=1500)
        if found is None:
            break
        moved = {cell for k in answer if found[k] != answer[k] and answer[k] for cell in k[1:]}
        passed = {cell for e in edges for cell in e} - set(mouths)
        cells = sorted(moved & passed) or sorted(passed)
        if not cells:
            break
        for cell in rng.sample(cells, min(len(cells), 1 + len(cells) // 2)):
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
# the levels below `lines` ran out of time at 7x7
SIDES = (7,)
RELIABLE = {"lines": (7,)}

genre.export(globals())


def render(puzzle: Puzzle, solution=None) -> str:
    """The grid as text: each firefly's number, or the arrow of its mouth, and the lines."""
    marks = {cell: str(puzzle.turns[cell]) if cell in puzzle.turns else "↑→↓←"["NESW".index(d)]
             for cell, d in puzzle.mouths.items()}
    return _common.draw_lines(puzzle.height, puzzle.width, solution.edges if solution else (), marks)
