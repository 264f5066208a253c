"""Binairo (Takuzu, Unruly): 0s and 1s, half of each per line, never three alike side by side.

0 is white and 1 black; with ``unique: yes``, no two rows (columns) are alike."""

from __future__ import annotations

import random
from typing import Any

from ...board import Genre, layers
from ...board import relations as rel
from ...board.places import invalid

genre = Genre(
    "binairo",
    aliases=("takuzu", "unruly", "binero"),
    title="Binairo",
    rule="0s and 1s, half of each per row and column, never three alike in a line (unique: rows differ)",
    clues=[layers.Setting("unique", ("no", "yes")), layers.Numbers("givens", lo=0, hi=1)],
    answers=[layers.Shading("ones", key="one", absent="zeros", mark="1", noun="1")],
    sizes=(4, 14),
)


@genre.extend
class Puzzle(genre.Puzzle):
    """An even-sided grid of given 0s and 1s (``givens``, None for an empty cell), and whether
    rows and columns must all differ (``unique``: ``no``, the default, or ``yes``)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.height % 2 or self.width % 2:
            raise invalid(("givens",), f"a Binairo grid has even sides, not {self.height}x{self.width}")


@genre.model
def rules(p: Puzzle, m: Any) -> None:
    one = m.ones
    for cell, v in p.clues("givens"):
        with m.rule(f"the given {v} at {cell}", cells=[cell]):
            m.fix(one[cell] if v else ~one[cell])
    for r, line in enumerate(m.rows()):
        m.count_in(p.width // 2, one, line, f"row {r} holds {p.width // 2} 1s and as many 0s")
    for c, line in enumerate(m.columns()):
        m.count_in(p.height // 2, one, line, f"column {c} holds {p.height // 2} 1s and as many 0s")
    rel.no_three_alike(m, one, "never three alike side by side")
    if p.unique == "yes":
        rel.lines_differ(m, one, "no two rows or columns are alike")


@genre.verify
def check(p: Puzzle, s: Any) -> Any:
    h, w = p.height, p.width
    values = {(r, c): int((r, c) in s.ones) for r in range(h) for c in range(w)}
    for cell, v in p.clues("givens"):
        if values[cell] != v:
            yield f"the given {v} at {cell} holds {values[cell]}"
    rows = [tuple(values[(r, c)] for c in range(w)) for r in range(h)]
    cols = [tuple(values[(r, c)] for r in range(h)) for c in range(w)]
    for kind, lines, half in (("row", rows, w // 2), ("column", cols, h // 2)):
        for i, line in enumerate(lines):
            if sum(line) != half:
                yield f"{kind} {i} holds {sum(line)} 1s, not {half}"
        if p.unique == "yes":
            for i in range(len(lines)):
                for j in range(i + 1, len(lines)):
                    if lines[i] == lines[j]:
                        yield f"{kind}s {i} and {j} are alike"
    for cell in rel.runs_of_three(values, h, w):
        yield f"three alike side by side from {cell}"


@genre.plant
def plant(rng: random.Random, height: int, width: int) -> Any:
    if height % 2 or width % 2:
        raise ValueError(f"a Binairo grid has even sides, not {height}x{width}")
    grid = rel.two_colour_grid(rng, height, width)
    ones = frozenset((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v)
    return genre.Solution(ones=ones)


@genre.reveal
def reveal(solution: Any, h: int, w: int) -> Puzzle:
    """Every cell given."""
    return genre.Puzzle(h, w, givens=[[int((r, c) in solution.ones) for c in range(w)] for r in range(h)])


# what was measured of the generator (docs/generating.md, "Levels made"): the square sides
# measured, and per level the sides where at least 95% of the requests came back at it
SIDES = (8,)
RELIABLE = {"scan": (8,), "pairs": (8,)}

genre.export(globals())
