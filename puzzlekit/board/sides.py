"""Clues outside the grid on its four sides: `Side`, a number or none at one end of each row
(``left``, ``right``) or each column (``top``, ``bottom``), as Skyscrapers, Magnets and Undead
show them; `sides()` makes the four at once.

Each side is a header line of its own (``top: 2 ? 3 1``, ``?`` for none), a list in JSON
(``null`` for none), drawn beside its side of the grid. `looking_in` gives the cells a side's
clue looks along, nearest first; `visible_count` is the rule "the clue counts the towers seen
from there" (taller ones hide shorter), `visible` its plain-Python check.
"""

from __future__ import annotations

import copy
import random
import string
from collections.abc import Sequence
from typing import Any

from ..textio import error
from .answers import Digits
from .base import Cell, Layer
from .canvas import STATE, Canvas, Layout, draw_dot
from .clues import CellClues, LineCounts
from .places import invalid

#: The four sides: (name, the axis of its clues, the step from the side into the grid).
SIDES = {"top": ("cols", 1, 0), "bottom": ("cols", -1, 0), "left": ("rows", 0, 1), "right": ("rows", 0, -1)}
#: A side as a direction letter (`puzzlekit.generate.fingerprint.Transform.direction`).
LETTERS = {"top": "U", "bottom": "D", "left": "L", "right": "R"}


class Side(LineCounts):
    """The numbers outside one side of the grid (``top``, ``bottom``, ``left`` or ``right``),
    each about the row or column it stands at the end of; ``?`` (``null``) for none."""

    def __init__(self, side: str, name: str | None = None, lo: int = 0, what: str = "a clue",
                 expected: str | None = None, looks: bool = True):
        """``looks``: the clue looks into the grid from its side (Skyscrapers), so a turned
        grid takes it to another side; False: it counts its line and its side is only where it
        is written (Magnets' + left and above, - right and below), so it stays on its side."""
        self.looks = looks
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


def both_ends(puzzle: Any, layers: Sequence[Side]) -> list[tuple[int, dict[str, int], list[Cell]]]:
    """The lines with a clue at each end: (index, the clue per side, the cells in reading order)."""
    found: dict[tuple[bool, int], dict[str, int]] = {}
    for side, i, v, _ in clues_around(puzzle, layers):
        found.setdefault((side in ("left", "right"), i), {})[side] = v
    h, w = puzzle.height, puzzle.width
    return [(i, ends, looking_in("left" if row else "top", i, h, w))
            for (row, i), ends in found.items() if len(ends) == 2]


def transformed(puzzle: Any, layers: Sequence[Side], t: Any) -> dict[str, tuple]:
    """The side layers' values after a symmetry ``t`` of the grid (a
    `puzzlekit.generate.fingerprint.Transform`): each clue moves with the cell next to it,
    to the side its own side turns into."""
    h, w = puzzle.height, puzzle.width
    new_h, new_w = t.shape(h, w)
    if not all(layer.looks for layer in layers):  # counts per line, the sides in pairs: first and last
        by = {layer.side: layer for layer in layers}
        out: dict[str, tuple] = {}
        for rows, cols in (("left", "top"), ("right", "bottom")):
            blank = (None,) * h, (None,) * w
            values = [getattr(puzzle, by[x].name) if x in by else blank[i]
                      for i, x in enumerate((rows, cols))]
            new = t.lines(*values, lambda x: x)
            out.update({by[x].name: v for x, v in zip((rows, cols), new) if x in by})
        return out
    by_letter = {letter: side for side, letter in LETTERS.items()}
    names = {layer.side: layer.name for layer in layers}
    moved = {layer.name: [None] * (new_w if layer.axis == "cols" else new_h) for layer in layers}
    for side, _, v, cells in clues_around(puzzle, layers):
        to = by_letter[t.direction(LETTERS[side])]
        r, c = t.cell(cells[0], h, w)
        if to in names:
            moved[names[to]][c if to in ("top", "bottom") else r] = v
    return {name: tuple(values) for name, values in moved.items()}


def where(side: str, index: int) -> str:
    """A side clue in words: ``the clue above column 2``."""
    return {"top": "above column", "bottom": "below column", "left": "left of row",
            "right": "right of row"}[side] + f" {index}"


def visible(values: Sequence[int]) -> int:
    """How many of the values are seen from the first end: each one taller than all before it.
    A 0 (an empty cell, where the heights are 1 and up) is never seen and hides nothing."""
    best, seen = None, 0
    for v in values:
        if (best is None or v > best) and v != 0:
            best, seen = v, seen + 1
    return seen


def visible_count(m: Any, key: tuple, variables: Sequence[Any], k: int) -> None:
    """Exactly ``k`` of the integer ``variables`` (heights, nearest first, pairwise different)
    are taller than every one before them. ``above[i][v]``: one of the first i+1 is at least
    ``v``; the i-th is seen when it is not below what came before. A variable that may be 0
    (an empty cell, the heights being 1 and up) is never seen there, and hides nothing."""
    lo = min(var.lo for var in variables)
    hi = max(var.hi for var in variables)
    seen = []
    above: dict[int, Any] = {}
    for i, var in enumerate(variables):
        eqs = {v: m.eq(var, v) for v in range(var.lo, var.hi + 1)}
        if i == 0:
            seen.append(m.bool((*key, "seen", 0)))
            if 0 in eqs:  # seen unless empty
                m.clause((~eqs[0], ~seen[0]))
                m.clause((eqs[0], seen[0]))
            else:
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
    value is the grid's width on each puzzle (``hi`` is the largest any puzzle may take).
    ``tallest``: the puzzle's field (a number, None for the width) that may give fewer heights
    than the grid's side, 1..tallest; the other cells are then empty, the value 0 (a solution
    JSON may hold 0 on any puzzle: the genre's check says where it does not belong)."""

    def __init__(self, name: str = "heights", lo: int = 1, hi: int | None = 9, key: str = "height",
                 tallest: str | None = None):
        super().__init__(name, 0 if tallest else lo, hi, key)
        self.first, self.tallest = lo, tallest

    def on(self, puzzle: Any) -> Heights:
        top = getattr(puzzle, self.tallest) if self.tallest else None
        if top is not None and top < puzzle.width:  # 0: an empty cell
            return self._narrowed(0, top)
        return self._narrowed(self.first, min(self.hi, max(puzzle.width, self.first)))

    def _narrowed(self, lo: int, hi: int) -> Heights:
        """This layer (a subclass's drawing and marks too) with the values one puzzle takes."""
        out = copy.copy(self)
        out._take(lo, hi)
        return out

    def _take(self, lo: int, hi: int) -> None:
        """Set the values this layer takes (on a fresh copy only: see `_narrowed`)."""
        self.lo, self.hi = lo, hi

    def marks(self, value: tuple) -> dict[Cell, str]:
        """Each height's last digit; ``-`` for an empty cell."""
        return {(r, c): "-" if v == 0 else str(v)[-1]
                for r, row in enumerate(value) for c, v in enumerate(row)}

    def draw(self, canvas: Canvas, layout: Layout, value: Any, player: bool = False) -> None:
        """The heights; an empty cell (0) as a dot."""
        cells = dict(value.items()) if isinstance(value, dict) else {
            (r, c): v for r, row in enumerate(value) for c, v in enumerate(row)}
        super().draw(canvas, layout, {cell: v for cell, v in cells.items() if v}, player)
        empty = sorted(cell for cell, v in cells.items() if v == 0)
        if empty:
            canvas.open(f"{self.name}-empty")
            for cell in empty:
                draw_dot(canvas, layout, cell)
            canvas.close()

    def describe(self, key: tuple, value: int) -> str:
        return f"an empty cell at ({key[1]}, {key[2]})" if value == 0 else super().describe(key, value)


class Tally(Layer):
    """A few numbers for the whole puzzle on one header line (``monsters: 2 3 4``), each
    named by ``words`` (Undead's ghosts, vampires and zombies), drawn in the top left corner."""

    header = True

    def __init__(self, name: str, words: Sequence[str], label: str | None = None):
        super().__init__(name, "a total")
        self.words, self.label = tuple(words), label or name
        self.per = " ".join(self.words)

    def blank(self, height: int, width: int) -> tuple:
        return (0,) * len(self.words)

    def normal(self, value: Any, height: int, width: int, source: str = "<puzzle>") -> tuple:
        if not isinstance(value, (list, tuple)) or len(value) != len(self.words) or not all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value):
            raise invalid((self.name,), f"expected {len(self.words)} whole numbers ({self.per}), "
                          f"found {value!r}", source)
        return tuple(value)

    def read_header(self, value: str, line: Any, column: int, source: str) -> tuple:
        found = value.split()
        if len(found) != len(self.words) or not all(x.isdigit() for x in found):
            raise error(source, line, column, f"expected {len(self.words)} whole numbers ({self.per}), "
                        f"found {value.strip()!r}")
        return tuple(map(int, found))

    def write_header(self, value: tuple) -> str:
        return f"{self.label}: " + " ".join(map(str, value))

    def to_json(self, value: tuple) -> list:
        return list(value)

    def entries(self, value: tuple) -> list:
        return list(enumerate(value))

    def with_entries(self, height: int, width: int, entries: Any) -> tuple:
        out = list(self.blank(height, width))
        for i, v in entries:
            out[i] = v
        return tuple(out)

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        canvas.open(self.name)
        for i, (word, v) in enumerate(zip(self.words, value)):
            canvas.text(layout.x(0) - layout.cell * 0.55, layout.y(0) - layout.cell * (0.85 - 0.3 * i),
                        f"{word[0].upper()} {v}", layout.cell * 0.25, cls=f"tally {word}")
        canvas.close()


class Marks(Digits):
    """A value ``0..len(chars)-1`` in every cell, shown as one of ``chars`` and worded by
    ``words`` (Magnets' poles: ``·+-``, blank, +, -)."""

    def __init__(self, name: str, key: str, chars: str, words: Sequence[str]):
        super().__init__(name, 0, len(chars) - 1, key)
        self.chars, self.words = chars, tuple(words)

    def marks(self, value: tuple) -> dict:
        return {(r, c): self.chars[v] for r, row in enumerate(value) for c, v in enumerate(row)}

    def draw(self, canvas: Canvas, layout: Layout, value: Any, player: bool = False) -> None:
        """Each value's character (a player's in grey); 0, none of them, as a dot."""
        canvas.open(self.name)
        cells = value.items() if isinstance(value, dict) else (
            ((r, c), v) for r, row in enumerate(value) for c, v in enumerate(row))
        for cell, v in sorted(cells):
            if v == 0:
                draw_dot(canvas, layout, cell)
            else:
                x, y = layout.centre(cell)
                canvas.text(x, y, self.chars[v], layout.cell * 0.55, cls="digit state" if player else "digit",
                            fill=STATE if player else "#0072B2")
        canvas.close()

    def describe(self, key: tuple, value: int) -> str:
        word = self.words[value] if 0 <= value < len(self.words) else value
        return f"{word} at ({key[1]}, {key[2]})"


class GivenMarks(CellClues):
    """Answers given in some cells, one character each from ``chars`` (Magnets' given poles,
    ``x+-``: blank, +, -; the index of a character is its `Marks` value), ``.`` elsewhere. A
    file may leave the block out when no cell holds one (``omissible``); drawn as the
    characters, as the pack's page writes them."""

    omissible = True

    def __init__(self, name: str, chars: str, words: Sequence[str], what: str = "a given mark"):
        super().__init__(name, what)
        self.chars, self.words = chars, tuple(words)

    def read_token(self, text: str) -> Any:
        if len(text) == 1 and text in self.chars:
            return text
        raise ValueError(self.expected())

    def expected(self) -> str:
        return " or ".join(f"{c!r} ({w})" for c, w in zip(self.chars, self.words)) + " or '.'"

    def value(self, mark: str) -> int:
        """The `Marks` value a given character stands for."""
        return self.chars.index(mark)


LABELS = string.ascii_letters + string.digits


def room_label(i: int) -> str:
    """The i-th label of a `Rooms` layer: one character, then two, then three."""
    n = len(LABELS)
    if i < n:
        return LABELS[i]
    if i < n + n * n:
        return LABELS[(i - n) // n] + LABELS[(i - n) % n]
    i -= n + n * n
    return LABELS[i // (n * n) % n] + LABELS[i // n % n] + LABELS[i % n]


def domino_tiling(rng: random.Random, h: int, w: int) -> list[list[Cell]]:
    """Random dominoes covering the grid (one single cell when it has an odd number): a
    regular tiling shuffled by turning random 2x2 squares of two parallel dominoes."""
    pairs = [[(r, c), (r, c + 1)] for r in range(h) for c in range(0, w - 1, 2)]
    if w % 2:
        pairs += [[(r, w - 1), (r + 1, w - 1)] for r in range(0, h - 1, 2)]
        pairs += [[(h - 1, w - 1)]] if h % 2 else []
    owner = {cell: i for i, cells in enumerate(pairs) for cell in cells}
    for _ in range(h * w * 8):
        r, c = rng.randrange(max(1, h - 1)), rng.randrange(max(1, w - 1))
        square = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        i, j = owner.get(square[0]), owner.get(square[3])
        if i is None or j is None or i == j or sorted(pairs[i] + pairs[j]) != square:
            continue
        flat = pairs[i][0][0] == pairs[i][1][0]
        pairs[i], pairs[j] = ([square[0], square[2]], [square[1], square[3]]) if flat else (
            [square[0], square[1]], [square[2], square[3]])
        owner.update({cell: k for k in (i, j) for cell in pairs[k]})
    return pairs


__all__ = ["LABELS", "SIDES", "GivenMarks", "Heights", "Marks", "Side", "clues_around", "domino_tiling",
           "looking_in", "room_label", "side_of", "sides", "Tally", "transformed", "visible", "visible_count",
           "where"]
