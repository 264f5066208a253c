"""Latin lines: values 1..k standing once each in every row, column or other line of cells
(Skyscrapers' towers). A line longer than k leaves its other cells empty, the value 0.

`each_once` is that rule for the model, `line_problems` its plain-Python check, `diagonals`
the two main diagonals of a square grid (a rule some variants add) and `latin_square` a
random filled square for a generator.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from .base import Cell
from .checks import repeats


def diagonals(n: int) -> dict[str, list[Cell]]:
    """The two main diagonals of an n x n grid, by name."""
    return {"the diagonal from (0, 0)": [(i, i) for i in range(n)],
            f"the diagonal from (0, {n - 1})": [(i, n - 1 - i) for i in range(n)]}


def lines_of(n: int, diagonal: bool = False) -> dict[str, list[Cell]]:
    """The rows and columns of an n x n grid by name (``row 2``), and with ``diagonal`` its
    two main diagonals."""
    out = {f"row {r}": [(r, c) for c in range(n)] for r in range(n)}
    out.update({f"column {c}": [(r, c) for r in range(n)] for c in range(n)})
    return out | (diagonals(n) if diagonal else {})


def each_once(m: Any, variables: Sequence[Any], top: int) -> None:
    """Each value 1..top once among the integer variables, the others 0 (all different when
    there are as many values as variables)."""
    if top >= len(variables):
        m.all_different(variables)
        return
    for v in range(1, top + 1):
        m.exactly(1, [m.eq(x, v) for x in variables])


def line_problems(values: Mapping[Cell, int], lines: Mapping[str, Sequence[Cell]], top: int,
                  what: str = "the height") -> list[str]:
    """A problem for each value 1..top a line holds twice (``the height 2 stands at both ...``)
    or, where the line has room for empty cells, not at all (``row 2 has no height 3``); a 0
    is an empty cell, and a cell left out of ``values`` is not counted."""
    placed = {cell: v for cell, v in values.items() if v != 0}
    out = repeats(placed, lines.values(), what)
    for name, line in lines.items():
        held = {values.get(cell) for cell in line}
        if top < len(line):
            word = what.removeprefix("the ")
            out += [f"{name} has no {word} {v}" for v in range(1, top + 1) if v not in held]
    return out


def latin_square(rng: random.Random, n: int) -> list[list[int]]:
    """A random n x n Latin square, row by row: each row a perfect matching of columns to the
    values their column still lacks (one always exists), found by augmenting paths taken in
    random order."""
    rows: list[list[int]] = []
    for _ in range(n):
        free = [set(range(1, n + 1)) - {row[c] for row in rows} for c in range(n)]
        owner: dict[int, int] = {}  # value -> column
        for c in rng.sample(range(n), n):
            _augment(rng, c, free, owner, set())
        row = [0] * n
        for v, c in owner.items():
            row[c] = v
        rows.append(row)
    return rows


def _augment(rng: random.Random, c: int, free: list[set[int]], owner: dict[int, int],
             tried: set[int]) -> bool:
    for v in rng.sample(sorted(free[c]), len(free[c])):
        if v not in tried:
            tried.add(v)
            if v not in owner or _augment(rng, owner[v], free, owner, tried):
                owner[v] = c
                return True
    return False


__all__ = ["diagonals", "each_once", "latin_square", "line_problems", "lines_of"]
