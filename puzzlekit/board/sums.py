"""Run sums (Kakuro): black cells, some holding the sum of the run of white cells below them
and the sum of the run to their right; the white cells take digits.

`Sums` is the clue layer: every cell is white (``.``) or black, a black cell written ``X``
without sums, or ``down\\right`` with one or both sums (``17\\``, ``\\24``, ``14\\23``). Its
value is a tuple of rows, ``None`` for a white cell and ``(down, right)`` for a black one, 0
for a sum not given. `Fill` is the answer: a digit in every white cell (its ``off`` layer's
cells, the black ones, hold none). `runs` lists the runs of white cells with their sums;
`run_rules` and `run_problems` are the rule and its check: no digit twice in a run, a run's
digits add up to its sum.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Hashable, Mapping, Sequence
from itertools import combinations
from typing import Any, NamedTuple

from ..ir import ModelBuilder, Var
from .answers import Digits
from .base import EMPTY, Cell
from .canvas import INK, STATE, Canvas, Layout
from .clues import CellClues
from .places import SOLUTION, cell_text, invalid, is_int, rows_of, shown
from .places import STATE as STATE_SOURCE

BLOCK = "X"
TOKEN = re.compile(r"(\d{0,2})\\(\d{0,2})")
DIRECTIONS = {"down": (1, 0), "right": (0, 1)}


class Run(NamedTuple):
    clue: Cell | None  # the black cell before the run (None: the run starts at the grid's edge)
    direction: str  # "down" or "right"
    cells: tuple[Cell, ...]
    total: int | None  # None: no sum given

    @property
    def name(self) -> str:
        start = self.clue if self.clue is not None else self.cells[0]
        return f"the run {self.direction} from {cell_text(start)}"


class Sums(CellClues):
    """Black cells with the sums of the white runs below and right of them (``.`` white)."""

    whitespace = True

    def __init__(self, name: str = "sums", what: str = "a black cell"):
        super().__init__(name, what)

    def read_token(self, text: str) -> Any:
        if text == BLOCK:
            return (0, 0)
        m = TOKEN.fullmatch(text)
        if m is None or not any(m.groups()) or any(g and not 1 <= int(g) <= 45 for g in m.groups()):
            raise ValueError(self.expected())
        return (int(m.group(1) or 0), int(m.group(2) or 0))

    def expected(self) -> str:
        return r"'.' (white), 'X' (black) or sums 1-45 as down\right ('17\', '\24', '14\23')"

    def token(self, value: Any) -> str:
        if value is None:
            return EMPTY
        down, right = value
        return BLOCK if not down and not right else f"{down or ''}\\{right or ''}"

    def accepts(self, value: Any) -> bool:
        return (isinstance(value, (tuple, list)) and len(value) == 2 and all(is_int(v) and 0 <= v <= 45
                                                                             for v in value))

    def normal(self, value: Any, height: int, width: int, source: str = "<puzzle>") -> tuple:
        rows = rows_of(value, (self.name,), height, width, source)
        out = []
        for r, row in enumerate(rows):
            for c, v in enumerate(row):
                if v is not None and not self.accepts(v):
                    raise invalid((self.name, r, c), f"expected {self.expected()}, found {shown(v)}", source)
            out.append(tuple(None if v is None else tuple(v) for v in row))
        for r, row in enumerate(out):
            for c, v in enumerate(row):
                for k, (word, (dr, dc)) in enumerate(DIRECTIONS.items()):
                    y, x = r + dr, c + dc
                    if v is not None and v[k] and not (y < height and x < width and out[y][x] is None):
                        raise invalid((self.name, r, c), f"the sum {v[k]} at {cell_text((r, c))} has no "
                                      f"white cell {'below' if word == 'down' else 'right of'} it", source)
        return tuple(out)

    def write(self, value: tuple) -> list[str]:
        tokens = [[self.token(v) for v in row] for row in value]
        size = max(len(t) for row in tokens for t in row)
        return [" ".join(t.ljust(size) for t in row).rstrip() for row in tokens]

    def marks(self, value: tuple) -> dict[Cell, str]:
        return {cell: "\\" if any(v) else "#" for cell, v in self.entries(value)}

    def transform(self, value: tuple, cell: Any) -> tuple:
        """The layer under a symmetry of the grid (``cell`` moves a cell): a sum stays before
        its run only in the transpose, which swaps the down and right sums; a symmetry that
        turns the grid otherwise gives the layer as it is, or transposed when it swaps rows and
        columns, so each symmetry leaves a valid puzzle (fingerprints compare them)."""
        a, b = cell((0, 0)), cell((0, 1))
        if a[0] == b[0]:  # rows stay rows
            return value
        return tuple(tuple(None if v is None else (v[1], v[0]) for v in column) for column in zip(*value))

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        """Black cells, a diagonal in each with sums, the down sum below it and the right one above."""
        canvas.open(self.name)
        size = layout.cell * 0.3
        for (r, c), (down, right) in self.entries(value):
            x, y, s = layout.x(c), layout.y(r), layout.cell
            canvas.rect(x, y, s, s, cls="block", fill="#333333")
            if down or right:
                canvas.line(x, y, x + s, y + s, cls="diagonal", stroke="#FFFFFF", stroke_width=1)
            if down:
                canvas.text(x + s * 0.3, y + s * 0.75, str(down), size, cls="clue", fill="#FFFFFF")
            if right:
                canvas.text(x + s * 0.7, y + s * 0.35, str(right), size, cls="clue", fill="#FFFFFF")
        canvas.close()


def runs(value: Sequence[Sequence[Any]]) -> list[Run]:
    """The runs of two or more white cells (and any run with a sum), across then down."""
    h, w = len(value), len(value[0]) if value else 0
    out = []
    for k, (word, (dr, dc)) in sorted(enumerate(DIRECTIONS.items()), key=lambda x: x[1][0] != "right"):
        for r in range(h):
            for c in range(w):
                if value[r][c] is not None:
                    continue
                y, x = r - dr, c - dc
                if y >= 0 and x >= 0 and value[y][x] is None:
                    continue  # not the first cell of its run
                cells = []
                y, x = r, c
                while y < h and x < w and value[y][x] is None:
                    cells.append((y, x))
                    y, x = y + dr, x + dc
                clue = (r - dr, c - dc) if r - dr >= 0 and c - dc >= 0 else None
                total = value[clue[0]][clue[1]][k] or None if clue is not None else None
                if len(cells) > 1 or total is not None:
                    out.append(Run(clue, word, tuple(cells), total))
    return out


def run_rules(m: Any, digits: Mapping[Cell, Var], found: Sequence[Run]) -> None:
    """No digit twice in a run; a run's digits add up to its sum. The sum as clauses: one of the
    sets of different digits with that sum is chosen, each cell's digit is in it and each of
    its digits stands in some cell (a digit no such set holds is ruled out at once: 16 in two
    cells takes only 7 and 9)."""
    for run in found:
        cells = list(run.cells)
        rule = (f"{run.name} adds up to {run.total} with no digit twice" if run.total is not None
                else f"{run.name} holds no digit twice")
        with m.rule(rule, cells=cells):
            if len(cells) > 1:
                m.all_different([digits[cell] for cell in cells])
            if run.total is None:
                continue
            sets = [combo for combo in combinations(range(1, 10), len(cells)) if sum(combo) == run.total]
            chosen = [m.bool(("digit set", *cells[0], run.direction, k)) for k in range(len(sets))]
            m.exactly(1, chosen) if chosen else m.clause([])
            for cell in cells:
                for v in range(1, 10):
                    m.clause([~m.eq(digits[cell], v), *(x for x, combo in zip(chosen, sets) if v in combo)])
            for x, combo in zip(chosen, sets):
                for v in combo:
                    m.clause([~x, *(m.eq(digits[cell], v) for cell in cells)])


def run_problems(found: Sequence[Run], grid: Sequence[Sequence[int | None]]) -> list[str]:
    """A problem for each run that repeats a digit or does not add up to its sum."""
    out = []
    for run in found:
        values = [grid[r][c] for r, c in run.cells]
        if None in values:
            continue  # an empty cell is reported once, by itself
        if len(set(values)) < len(values):
            out.append(f"{run.name} repeats a digit")
        if run.total is not None and sum(values) != run.total:  # type: ignore[arg-type]
            out.append(f"{run.name} adds up to {sum(values)}, its sum is {run.total}")  # type: ignore[arg-type]
    return out


class Fill(Digits):
    """A digit 1-9 in every white cell: `Digits` on the cells its ``off`` layer leaves white.
    JSON and states: rows, ``null`` on a black cell (and, in a state, where no digit is known)."""

    def __init__(self, name: str = "digits", off: str = "sums", key: str = "digit"):
        super().__init__(name, 1, 9, key)
        self.off = off

    @staticmethod
    def cells(height: int, width: int, skip: Collection[Cell] = ()) -> list[Cell]:
        return [(r, c) for r in range(height) for c in range(width) if (r, c) not in skip]

    def keys(self, height: int, width: int, skip: Collection[Cell] = ()) -> list[Hashable]:
        return [(self.key, r, c) for r, c in self.cells(height, width, skip)]

    def variables(self, m: ModelBuilder, height: int, width: int,
                  skip: Collection[Cell] = ()) -> dict[Cell, Var]:
        return {cell: m.int((self.key, *cell), 1, 9) for cell in self.cells(height, width, skip)}

    def decode(self, values: Mapping[Hashable, int], height: int, width: int,
               skip: Collection[Cell] = ()) -> tuple:
        return tuple(tuple(None if (r, c) in skip else values[(self.key, r, c)] for c in range(width))
                     for r in range(height))

    def answer_of(self, value: tuple, height: int, width: int,
                  skip: Collection[Cell] = ()) -> dict[Hashable, int]:
        return {(self.key, r, c): v for r, row in enumerate(value) for c, v in enumerate(row)
                if (r, c) not in skip and v is not None}

    def normal(self, value: Any, height: int, width: int, source: str = SOLUTION) -> tuple:
        rows = rows_of(value, (self.name,), height, width, source)
        for r, row in enumerate(rows):
            for c, v in enumerate(row):
                if not (v is None or is_int(v) and 1 <= v <= 9):
                    expected = "expected a digit 1-9 or null"
                    raise invalid((self.name, r, c), f"{expected}, found {shown(v)}", source)
        return tuple(tuple(row) for row in rows)

    def marks(self, value: tuple) -> dict[Cell, str]:
        return {(r, c): str(v) for r, row in enumerate(value) for c, v in enumerate(row) if v is not None}

    def draw(self, canvas: Canvas, layout: Layout, value: Any, player: bool = False) -> None:
        canvas.open(self.name)
        cells = value.items() if isinstance(value, dict) else (
            ((r, c), v) for r, row in enumerate(value) for c, v in enumerate(row))
        for cell, v in sorted(cells):
            if v is None:
                continue
            x, y = layout.centre(cell)
            canvas.text(x, y, str(v), layout.cell * 0.55, cls="digit state" if player else "digit",
                        fill=STATE if player else INK)
        canvas.close()

    def read_state(self, data: Mapping[str, Any], height: int, width: int, skip: Collection[Cell] = (),
                   what: str = "") -> dict[Hashable, int]:
        out = super().read_state(data, height, width)
        for key in out:
            if key[1:] in skip:
                raise invalid((self.name, *key[1:]), f"{cell_text(key[1:])} is {what}, it takes no digit",
                              STATE_SOURCE)
        return out

