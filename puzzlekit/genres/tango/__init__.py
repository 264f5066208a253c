"""Tango (LinkedIn's Tango): suns and moons, half of each per line, never three alike; = and x.

'=' joins two cells that are alike, 'x' two that differ."""

from __future__ import annotations

import random
from typing import Any

from ...board import Genre, layers
from ...board import relations as rel
from ...board.places import invalid

SUN, MOON = "S", "M"


class SunsAndMoons(layers.CellClues):
    """Given cells: ``S`` a sun, ``M`` a moon (``.`` none)."""

    def read_token(self, text: str) -> Any:
        if text in (SUN, MOON):
            return text
        raise ValueError(self.expected())

    def expected(self) -> str:
        return f"{SUN!r} (sun) or {MOON!r} (moon) or '.'"


genre = Genre(
    "tango",
    aliases=("linkedintango",),
    title="Tango",
    rule="suns and moons, half of each per row and column, never three alike; = alike, x different",
    clues=[SunsAndMoons("givens", "a sun or moon"), layers.Relations("signs", marks=("=", "x"))],
    answers=[layers.Objects("suns", key="sun", absent="moons", mark=SUN, noun="sun")],
    sizes=(4, 10),
)


@genre.extend
class Puzzle(genre.Puzzle):
    """An even-sided grid (LinkedIn's is 6x6) of given suns and moons (``givens``: ``S``, ``M``
    or None) and the signs between neighbours (``signs``: ``((a, b), '=' or 'x')``)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.height % 2 or self.width % 2:
            raise invalid(("givens",), f"a Tango grid has even sides, not {self.height}x{self.width}")


@genre.model
def rules(p: Puzzle, m: Any) -> None:
    sun = m.suns
    for cell, v in p.clues("givens"):
        with m.rule(f"the given {'sun' if v == SUN else 'moon'} at {cell}", cells=[cell]):
            m.fix(sun[cell] if v == SUN else ~sun[cell])
    for r, line in enumerate(m.rows()):
        m.count_in(p.width // 2, sun, line, f"row {r} holds {p.width // 2} suns and as many moons")
    for c, line in enumerate(m.columns()):
        m.count_in(p.height // 2, sun, line, f"column {c} holds {p.height // 2} suns and as many moons")
    rel.no_three_alike(m, sun, "never three suns or three moons side by side")
    for (a, b), mark in p.signs:
        words = "alike" if mark == "=" else "different"
        rel.relate_colours(m, sun[a], sun[b], mark, f"the sign {mark!r}: {a} and {b} are {words}", [a, b])


@genre.verify
def check(p: Puzzle, s: Any) -> Any:
    h, w = p.height, p.width
    values = {(r, c): int((r, c) in s.suns) for r in range(h) for c in range(w)}
    names = {1: "sun", 0: "moon"}
    for cell, v in p.clues("givens"):
        if values[cell] != (v == SUN):
            yield f"the given {names[v == SUN]} at {cell} holds a {names[values[cell]]}"
    for kind, half, lines in (("row", w // 2, range(h)), ("column", h // 2, range(w))):
        for i in lines:
            count = sum(v for (r, c), v in values.items() if (r if kind == "row" else c) == i)
            if count != half:
                yield f"{kind} {i} holds {count} suns, not {half}"
    for cell in rel.runs_of_three(values, h, w):
        yield f"three alike side by side from {cell}"
    yield from rel.broken_marks(values, p.signs, names)


@genre.plant
def plant(rng: random.Random, height: int, width: int) -> Any:
    if height % 2 or width % 2:
        raise ValueError(f"a Tango grid has even sides, not {height}x{width}")
    grid = rel.two_colour_grid(rng, height, width, unique=False)
    suns = frozenset((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v)
    return genre.Solution(suns=suns)


@genre.reveal
def reveal(solution: Any, h: int, w: int) -> Puzzle:
    """Every cell given, and a sign between every two neighbours."""
    sun = solution.suns
    signs = [(((r, c), b), "=" if ((r, c) in sun) == (b in sun) else "x")
             for r in range(h) for c in range(w) for b in ((r, c + 1), (r + 1, c)) if b[0] < h and b[1] < w]
    givens = [[SUN if (r, c) in sun else MOON for c in range(w)] for r in range(h)]
    return genre.Puzzle(h, w, givens=givens, signs=signs)


# what was measured of the generator (docs/generating.md, "Levels made"): the square sides
# measured, and per level the sides where at least 95% of the requests came back at it
SIDES = (6,)
RELIABLE = {"scan": (6,), "rules": (6,), "pairs": (6,), "trial": (6,)}

genre.export(globals())


def render(puzzle: Puzzle, solution: Any = None) -> str:
    """The grid as text: ``S`` suns and ``M`` moons (given, or the answer's), ``·`` unknown,
    the signs in the gaps between the cells."""
    h, w = puzzle.height, puzzle.width
    marks = dict(puzzle.clues("givens"))
    if solution is not None:
        marks.update({(r, c): SUN if (r, c) in solution.suns else MOON for r in range(h) for c in range(w)})
    return rel.interleaved(h, w, marks, puzzle.signs)
