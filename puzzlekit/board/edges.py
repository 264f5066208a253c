"""Letters in a Latin grid and clues at the grid's edges (Easy as ABC), weighted line sums
(Kakurasu) and tanks that fill from the bottom (Aquarium).

`LetterSide` is a `Side` whose clues are letters (``top: A ? C``), `LetterClues` letters given
in some cells, `Letters` the answer: a letter or nothing in every cell. All three hold a
letter as its number, ``A`` = 1 (0 in `Letters`: an empty cell), and show it as the letter.
`first_seen` is the rule "the first letter met from this end is v", `first_letter` its check.
`weighted_sum` is the rule "the true cells' weights add up to k", `level_rules` "each tank's
water has one level", and `level_problems` checks it; `Water` is shading drawn blue.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from typing import Any

from ..textio import error
from .answers import Shading
from .base import UNKNOWN, Cell
from .canvas import OKABE_ITO, STATE, Canvas, Layout, draw_dot
from .clues import Numbers
from .regions import Size
from .sides import Heights, Side

ABC = string.ascii_uppercase


def letter(v: int) -> str:
    """A letter's number as the letter: 1 is ``A``."""
    return ABC[v - 1]


class LetterSide(Side):
    """Letters outside one side of the grid, one per row or column end, ``?`` (``null``) for
    none: a header line ``top: A ? C``; JSON and the Puzzle hold the numbers (``A`` = 1)."""

    def read_header(self, value: str, line: Any, column: int, source: str) -> tuple:
        out: list[int | None] = []
        for m in re.finditer(r"\S+", value):
            text = m.group()
            if text in (UNKNOWN, "-"):
                out.append(None)
            elif len(text) == 1 and text.upper() in ABC:
                out.append(ABC.index(text.upper()) + 1)
            else:
                raise error(source, line, column + m.start(), f"expected a letter A-Z or '?', found {text!r}")
        return tuple(out)

    def write_header(self, value: tuple) -> str:
        return f"{self.name}: " + " ".join(UNKNOWN if v is None else letter(v) for v in value)

    def shown(self, value: tuple) -> tuple:
        """The letters as text (None: no clue), for pictures."""
        return tuple(None if v is None else letter(v) for v in value)

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        super().draw(canvas, layout, self.shown(value), dark)


class LetterCount(Size):
    """How many letters, A.., on an optional header line (``letters: 3``); None when left
    out: as many as the grid's side. The generator keeps it as one entry, always shown."""

    def __init__(self, name: str = "letters", hi: int = len(ABC)):
        super().__init__(name, None, 1, hi, "the number of letters")

    def entries(self, value: int | None) -> list[tuple[int, Any]]:
        return [] if value is None else [(0, value)]

    def with_entries(self, height: int, width: int, entries: Any) -> int | None:
        return next((v for _, v in entries), None)

    def draw(self, canvas: Canvas, layout: Layout, value: int | None, dark: set[Cell]) -> None:
        """The letters in play, ``(A-C)``, above the grid's top right corner (as pzprjs shows
        them); nothing when every cell holds a letter."""
        if value is not None:
            canvas.open(self.name)
            canvas.text(layout.x(layout.width) - layout.cell * 0.5, layout.y(0) - layout.cell * 1.1,
                        f"(A-{letter(value)})", layout.cell * 0.3, cls="letters")
            canvas.close()


class LetterClues(Numbers):
    """Letters given in some cells, ``.`` elsewhere; held as numbers (``A`` = 1)."""

    def __init__(self, name: str, what: str = "a given letter"):
        super().__init__(name, lo=1, hi=len(ABC), what=what, expected="a letter A-Z or '.'")

    def read_token(self, text: str) -> Any:
        if len(text) == 1 and text.upper() in ABC:
            return ABC.index(text.upper()) + 1
        raise ValueError(self.expected())

    def token(self, value: Any) -> str:
        return "." if value is None else letter(value)


class Letters(Heights):
    """A letter or nothing in every cell (the answer): ``0`` empty, ``1..k`` the letters
    ``A..``, ``k`` the puzzle's field named by ``letters`` (None: the grid's side, no cell
    empty)."""

    def __init__(self, name: str = "letters", letters: str = "letters", key: str = "letter", hi: int = 26):
        super().__init__(name, 1, hi, key, tallest=letters)

    def marks(self, value: tuple) -> dict[Cell, str]:
        return {(r, c): "-" if v == 0 else letter(v)
                for r, row in enumerate(value) for c, v in enumerate(row)}

    def draw(self, canvas: Canvas, layout: Layout, value: Any, player: bool = False) -> None:
        """The letters; an empty cell (0) as a dot."""
        cells = dict(value.items()) if isinstance(value, dict) else {
            (r, c): v for r, row in enumerate(value) for c, v in enumerate(row)}
        canvas.open(self.name)
        for cell, v in sorted(cells.items()):
            if v == 0:  # an empty cell is an answer of its own here, not a mark of absence
                draw_dot(canvas, layout, cell, cls="empty state" if player else "empty")
            elif 0 < v <= len(ABC):
                x, y = layout.centre(cell)
                canvas.text(x, y, letter(v), layout.cell * 0.55, cls="digit state" if player else "digit",
                            fill=STATE if player else "#0072B2")
        canvas.close()

    def describe(self, key: tuple, value: int) -> str:
        at = f"({key[1]}, {key[2]})"
        return f"an empty cell at {at}" if value == 0 else f"the letter {letter(value)} at {at}"


class Water(Shading):
    """Full cells (Aquarium's water): `Shading` drawn in water's blue rather than black."""

    def draw(self, canvas: Canvas, layout: Layout, value: Any, player: bool = False) -> None:
        if player:
            super().draw(canvas, layout, value, player)
            return
        canvas.open(self.name)
        for r, c in sorted(value):
            canvas.rect(layout.x(c), layout.y(r), layout.cell, layout.cell, cls=self.key, fill=OKABE_ITO[1])
        canvas.close()


def first_seen(m: Any, variables: Sequence[Any], v: int, empty: int | None = None) -> None:
    """The first non-zero value among the integer ``variables`` (nearest first) is ``v``:
    a cell holding another letter has a letter before it. ``empty``: the most zeros the line
    can hold (its other rules say so); past them a letter always stands before, so no clause
    is written there."""
    for i, var in enumerate(variables):
        if i and (variables[i - 1].lo > 0 or (empty is not None and i > empty)):
            break
        before = [~m.eq(x, 0) for x in variables[:i]]
        for u in range(max(var.lo, 1), var.hi + 1):
            if u != v:
                m.clause((~m.eq(var, u), *before))


def first_letter(values: Sequence[int]) -> int | None:
    """The first non-zero value (None: all are 0)."""
    return next((v for v in values if v), None)


def weighted_sum(m: Any, weights: Sequence[int], lits: Sequence[Any], k: int) -> None:
    """The weights of the true literals add up to ``k``."""
    m.count(list(zip(weights, lits)), "==", k)


def tank_rows(cells: Sequence[Cell]) -> dict[int, list[Cell]]:
    """A tank's cells by row, top row first."""
    out: dict[int, list[Cell]] = {}
    for cell in sorted(cells):
        out.setdefault(cell[0], []).append(cell)
    return out


def level_rules(m: Any, lits: Mapping[Cell, Any], cells: Sequence[Cell]) -> None:
    """Water in a tank finds one level: the cells of a row are all full or all empty, and a
    full row has every lower row of the tank full."""
    rows = list(tank_rows(cells).values())
    for row in rows:
        for a, b in zip(row, row[1:]):
            m.clause((~lits[a], lits[b]))
            m.clause((lits[a], ~lits[b]))
    for upper, lower in zip(rows, rows[1:]):
        m.implies(lits[upper[0]], lits[lower[0]])


def level_problems(full: set[Cell] | frozenset[Cell], cells: Sequence[Cell], name: str) -> list[str]:
    """A problem when the tank's water has no single level: a full cell with an empty cell
    of its tank at the same height or lower."""
    top = min((r for r, _ in cells if (r, _) in full), default=None)
    if top is None:
        return []
    dry = sorted(cell for cell in cells if cell[0] >= top and cell not in full)
    return [f"{name} is full at row {top} but empty at {dry[0]}"] if dry else []


__all__ = ["ABC", "LetterClues", "LetterCount", "LetterSide", "Letters", "first_letter", "first_seen",
           "letter", "level_problems", "level_rules", "tank_rows", "Water", "weighted_sum"]
