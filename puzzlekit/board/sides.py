"""Clues outside the grid on its four sides: `Side`, a number or none at one end of each row
(``left``, ``right``) or each column (``top``, ``bottom``), as Skyscrapers, Magnets and Undead
show them; `sides()` makes the four at once.

Each side is a header line of its own (``top: 2 ? 3 1``, ``?`` for none), a list in JSON
(``null`` for none), drawn beside its side of the grid. `looking_in` gives the cells a side's
clue looks along, nearest first; `visible_count` is the rule "the clue counts the towers seen
from there" (taller ones hide shorter), `visible` its plain-Python check.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .answers import Digits
from .base import Cell
from .canvas import Canvas, Layout
from .clues import LineCounts

#: The four sides: (name, the axis of its clues, the step from the side into the grid).
SIDES = {"top": ("cols", 1, 0), "bottom": ("cols", -1, 0), "left": ("rows", 0, 1), "right": ("rows", 0, -1)}
#: A side as a direction letter (`puzzlekit.generate.fingerprint.Transform.direction`).
LETTERS = {"top": "U", "bottom": "D", "left": "L", "right": "R"}


class Side(LineCounts):
    """The numbers outside one side of the grid (``top``, ``bottom``, ``left`` or ``right``),
    each about the row or column it stands at the end of; ``?`` (``null``) for none."""

    def __init__(self, side: str, name: str | None = None, lo: int = 0, what: str = "a clue",
                 expected: str | None = None):
        if side not in SIDES:
            raise ValueError(f"a side is one of {', '.join(SIDES)}, not {side!r}")
        axis = SIDES[side][0]
        place = {"top": "above", "bottom": "below"}.get(side, f"{side} of")
        lines = "columns" if axis == "cols" else "rows"
        super().__init__(axis, name or side, lo=lo, unknown=True, what=what, expected=expected,
                         per=f"{what.removeprefix('a ')}s {place} the {lines}")
        self.side = side

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        """Each number beside the end of its row or column."""
        size, gap = layout.cell * 0.5, layout.cell * 0.55
        canvas.open(self.name)
        for i, v in self.entries(value):
            if self.axis == "rows":
                x = layout.x(0) - gap if self.side == "left" else layout.x(layout.width) + gap
                y = layout.y(i + 0.5)
            else:
                x = layout.x(i + 0.5)
                y = layout.y(0) - gap if self.side == "top" else layout.y(layout.height) + gap
            canvas.text(x, y, str(v), size, cls=f"count {self.side}")
        canvas.close()


def sides(lo: int = 0, what: str = "a clue", expected: str | None = None) -> list[Side]:
    """The four sides, top, bottom, left, right (the order of Tatham's game IDs)."""
    return [Side(side, lo=lo, what=what, expected=expected) for side in SIDES]


def side_of(layer: Any) -> str | None:
    """Where a header layer's numbers stand: its side, or a count layer's usual one."""
    if isinstance(layer, Side):
        return layer.side
    axis = getattr(layer, "axis", None)
    return {"rows": "left", "cols": "top"}.get(axis) if axis else None


def looking_in(side: str, index: int, height: int, width: int) -> list[Cell]:
    """The cells a clue at ``index`` on ``side`` looks along, nearest first."""
    _, dr, dc = SIDES[side]
    if side in ("top", "bottom"):
        rows = range(height) if dr > 0 else range(height - 1, -1, -1)
        return [(r, index) for r in rows]
    cols = range(width) if dc > 0 else range(width - 1, -1, -1)
    return [(index, c) for c in cols]


def clues_around(puzzle: Any, layers: Sequence[Side]) -> list[tuple[str, int, int, list[Cell]]]:
    """Every clue of these side layers: (side, index, value, the cells it looks along)."""
    h, w = puzzle.height, puzzle.width
    return [(layer.side, i, v, looking_in(layer.side, i, h, w))
            for layer in layers for i, v in layer.entries(getattr(puzzle, layer.name))]


def transformed(puzzle: Any, layers: Sequence[Side], t: Any) -> dict[str, tuple]:
    """The side layers' values after a symmetry ``t`` of the grid (a
    `puzzlekit.generate.fingerprint.Transform`): each clue moves with the cell next to it,
    to the side its own side turns into."""
    h, w = puzzle.height, puzzle.width
    new_h, new_w = t.shape(h, w)
    by_letter = {letter: side for side, letter in LETTERS.items()}
    names = {layer.side: layer.name for layer in layers}
    out = {layer.name: [None] * (new_w if layer.axis == "cols" else new_h) for layer in layers}
    for side, _, v, cells in clues_around(puzzle, layers):
        to = by_letter[t.direction(LETTERS[side])]
        r, c = t.cell(cells[0], h, w)
        if to in names:
            out[names[to]][c if to in ("top", "bottom") else r] = v
    return {name: tuple(values) for name, values in out.items()}


def where(side: str, index: int) -> str:
    """A side clue in words: ``the clue above column 2``."""
    return {"top": "above column", "bottom": "below column", "left": "left of row",
            "right": "right of row"}[side] + f" {index}"


def visible(values: Sequence[int]) -> int:
    """How many of the values are seen from the first end: each one taller than all before it."""
    best, seen = None, 0
    for v in values:
        if best is None or v > best:
            best, seen = v, seen + 1
    return seen


def visible_count(m: Any, key: tuple, variables: Sequence[Any], k: int) -> None:
    """Exactly ``k`` of the integer ``variables`` (heights, nearest first, pairwise different)
    are taller than every one before them. ``above[i][v]``: one of the first i+1 is at least
    ``v``; the i-th is seen when it is not below what came before."""
    lo = min(var.lo for var in variables)
    hi = max(var.hi for var in variables)
    seen = []
    above: dict[int, Any] = {}
    for i, var in enumerate(variables):
        eqs = {v: m.eq(var, v) for v in range(var.lo, var.hi + 1)}
        if i == 0:
            seen.append(m.bool((*key, "seen", 0)))
            m.fix(seen[0])
        else:
            lit = m.bool((*key, "seen", i))
            for v, eq in eqs.items():
                if v in above:  # seen exactly when nothing before reaches v
                    m.clause((~eq, above[v], lit))
                    m.clause((~eq, ~above[v], ~lit))
                else:  # the lowest height: hidden behind anything
                    m.clause((~eq, ~lit))
            seen.append(lit)
        if i == len(variables) - 1:
            break
        nxt: dict[int, Any] = {}
        for v in range(lo + 1, hi + 1):  # one of the first i+1 is at least v
            at_least = [eq for u, eq in eqs.items() if u >= v]
            lit = m.bool((*key, "above", i, v))
            before = [above[v]] if v in above else []
            m.clause((~lit, *before, *at_least))
            for x in (*before, *at_least):
                m.clause((~x, lit))
            nxt[v] = lit
        above = nxt
    m.exactly(k, seen)


class Heights(Digits):
    """A value 1..n in every cell of an n x n grid (Skyscrapers' towers): `Digits` whose top
    value is the grid's width on each puzzle (``hi`` is the largest any puzzle may take)."""

    def on(self, puzzle: Any) -> Heights:
        bound = Heights(self.name, self.lo, min(self.hi, max(puzzle.width, self.lo)), self.key)
        return bound


__all__ = ["SIDES", "Heights", "Side", "clues_around", "looking_in", "side_of", "sides", "visible",
           "transformed", "visible_count", "where"]
