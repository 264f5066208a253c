"""Marks between two orthogonal neighbours (`Relations`: Futoshiki's < and >, Tango's = and x,
the bars of Tatham's Adjacent mode), and the rule and check shapes that read them, with the
Latin square's (every value once per row and column).

A relation is stored as ``((a, b), mark)`` with ``a`` the upper (left) cell of the pair and
the mark read from ``a`` to ``b``: ``<`` (a is smaller), ``>`` (a is larger), ``=`` (alike),
``x`` (different), ``|`` (the values differ by exactly one).

In a file the layer is a grid block of one token per cell, two characters each, separated by
spaces: the mark between the cell and its right neighbour (``<``, ``>``, ``=``, ``x``, ``|``
or ``.``), then the mark between the cell and the one below (``^`` for a smaller upper cell,
``v`` for a larger one, ``=``, ``x``, ``-`` for a bar, or ``.``). JSON lists
``[[r, c], [r, c], mark]``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..ir import Lit, Var
from ..textio import Line, Token, error
from .base import EMPTY, Cell, Layer
from .canvas import INK, Canvas, Layout
from .places import cell_text, invalid, point, shown

Pair = tuple[Cell, Cell]
#: Every mark, in words (what a mark between ``a`` and ``b`` says of them).
MEANING = {"<": "is smaller than", ">": "is larger than", "=": "is alike to", "x": "differs from",
           "|": "is one away from"}
#: The file's character for a mark to the right and for a mark below.
RIGHT = {"<": "<", ">": ">", "=": "=", "x": "x", "|": "|"}
DOWN = {"<": "^", ">": "v", "=": "=", "x": "x", "|": "-"}
FLIP = {"<": ">", ">": "<"}


class Relations(Layer):
    """Marks between neighbouring cells, from the set ``marks`` (see the module docstring)."""

    optional = True
    whitespace = True
    sized = True  # written as a grid block, which needs the size

    def __init__(self, name: str = "signs", marks: Iterable[str] = ("<", ">"), what: str = "a sign"):
        super().__init__(name, what)
        self.allowed = tuple(marks)
        if not self.allowed or any(m not in MEANING for m in self.allowed):
            raise ValueError(f"marks are some of {list(MEANING)}, not {self.allowed!r}")

    def blank(self, height: int, width: int) -> tuple:
        return ()

    # data made in Python or JSON
    def normal(self, value: Any, height: int, width: int, source: str = "<puzzle>") -> tuple:
        items = sorted(value.items()) if isinstance(value, Mapping) else value
        if not isinstance(items, (list, tuple, set, frozenset)):
            raise invalid((self.name,), f"expected a list of [[r, c], [r, c], mark], found {shown(value)}",
                          source)
        out: dict[Pair, str] = {}
        listed = sorted(items, key=repr) if isinstance(items, (set, frozenset)) else items
        for i, item in enumerate(listed):
            at = (self.name, i)
            pair = item[0] if isinstance(item, (list, tuple)) and len(item) == 2 else None
            if isinstance(pair, (list, tuple)) and len(pair) == 2 and isinstance(item[1], str):
                item = (*pair, item[1])  # ((a, b), mark), as the Puzzle stores it
            if not isinstance(item, (list, tuple)) or len(item) != 3:
                raise invalid(at, f"expected [[r, c], [r, c], mark], found {shown(item)}", source)
            a = point(item[0], (*at, 0), height, width, source)
            b = point(item[1], (*at, 1), height, width, source)
            mark = item[2]
            if mark not in self.allowed:
                raise invalid((*at, 2), f"expected {self.expected()}, found {shown(mark)}", source)
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise invalid(at, f"{cell_text(a)} and {cell_text(b)} are not neighbours", source)
            if b < a:
                a, b, mark = b, a, FLIP.get(mark, mark)
            if (a, b) in out:
                raise invalid(at, f"the pair {cell_text(a)}-{cell_text(b)} has two marks", source)
            out[(a, b)] = mark
        return tuple(sorted(out.items()))

    def expected(self) -> str:
        return " or ".join(repr(m) for m in self.allowed)

    def to_json(self, value: tuple) -> list[list[Any]]:
        return [[list(a), list(b), mark] for (a, b), mark in value]

    # the file's grid block
    def read(self, rows: list[list[Token]], lines: list[Line], source: str) -> tuple:
        height, width = len(rows), len(rows[0])
        right = {RIGHT[m]: m for m in self.allowed}
        down = {DOWN[m]: m for m in self.allowed}
        out: list[tuple[Pair, str]] = []
        for r, (line, row) in enumerate(zip(lines, rows)):
            for c, tok in enumerate(row):
                text = tok.text
                if len(text) != 2:
                    raise error(source, line, tok.column, "expected two characters (the mark to the right, "
                                f"then the mark below), found {text!r}")
                for k, (ch, known, other, last) in enumerate(((text[0], right, (r, c + 1), c == width - 1),
                                                              (text[1], down, (r + 1, c), r == height - 1))):
                    if ch == EMPTY:
                        continue
                    side = "right" if k == 0 else "below"
                    if ch not in known:
                        words = " or ".join(repr(x) for x in known)
                        raise error(source, line, tok.column + k, f"expected a mark {side} ({words}) or '.', "
                                    f"found {ch!r}")
                    if last:
                        raise error(source, line, tok.column + k, f"a mark {side} of the grid's last "
                                    f"{'column' if k == 0 else 'row'}")
                    out.append((((r, c), other), known[ch]))
        return tuple(sorted(out))

    def write(self, value: tuple, height: int, width: int) -> list[str]:
        marks = dict(value)

        def token(r: int, c: int) -> str:
            right, down = marks.get(((r, c), (r, c + 1))), marks.get(((r, c), (r + 1, c)))
            return (RIGHT[right] if right else EMPTY) + (DOWN[down] if down else EMPTY)

        return [" ".join(token(r, c) for c in range(width)) for r in range(height)]

    # the generator's entries: one mark each
    def entries(self, value: tuple) -> list[tuple[Pair, str]]:
        return list(value)

    def with_entries(self, height: int, width: int, entries: Iterable[tuple[Pair, str]]) -> tuple:
        return tuple(sorted((tuple(map(tuple, pair)), mark) for pair, mark in entries))  # type: ignore[misc]

    def marks_of(self, value: tuple) -> dict[Pair, str]:
        return dict(value)

    def marks(self, value: tuple) -> dict[Cell, str]:  # type: ignore[override]
        """No marks inside cells for the one-character-a-cell text picture."""
        return {}

    def transform(self, value: tuple, cell: Any) -> tuple:
        """The marks after mapping every cell with ``cell`` (a symmetry of the grid)."""
        out = []
        for (a, b), mark in value:
            x, y = cell(a), cell(b)
            out.append(((x, y), mark) if x < y else ((y, x), FLIP.get(mark, mark)))
        return tuple(sorted(out))

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        """Each mark on the middle of the side the two cells share, on a white patch."""
        canvas.open(self.name)
        size = layout.cell * 0.4
        for (a, b), mark in value:
            (xa, ya), (xb, yb) = layout.centre(a), layout.centre(b)
            x, y, across = (xa + xb) / 2, (ya + yb) / 2, a[0] == b[0]
            if mark == "|":  # a bar along the shared side
                dx, dy = (0, size * 0.6) if across else (size * 0.6, 0)
                canvas.line(x - dx, y - dy, x + dx, y + dy, cls="relation bar", stroke=INK, stroke_width=4)
                continue
            canvas.rect(x - size / 2, y - size / 2, size, size, cls="relation-patch", fill="#FFFFFF")
            glyph = {"<": "<" if across else "∧", ">": ">" if across else "∨", "x": "×"}.get(mark, mark)
            canvas.text(x, y, glyph, size, cls="relation", weight="bold")
        canvas.close()


# --- the rule library: relations and the Latin square, on a BoardBuilder ------------------------------


def latin(m: Any, digits: Mapping[Cell, Var],
          rule: str = "each row and column holds every number once") -> None:
    """Every row and column holds each value of its variables' domain exactly once."""
    for kind, lines in (("row", m.rows()), ("column", m.columns())):
        for i, line in enumerate(lines):
            with m.rule(f"{rule}: {kind} {i}", cells=line):
                m.all_different(digits[cell] for cell in line)
                first = digits[line[0]]
                for v in range(first.lo, first.hi + 1):  # each value somewhere: helps SAT backends
                    m.exactly(1, [m.eq(digits[cell], v) for cell in line])


def relate_numbers(m: Any, a: Var, b: Var, mark: str, rule: str, cells: Sequence[Cell]) -> None:
    """Two integer variables obey a mark: ``<``, ``>``, ``|`` (one apart), or ``!|`` (not)."""
    if mark == ">":
        a, b, mark = b, a, "<"
    with m.rule(rule, cells=cells):
        for v in range(a.lo, a.hi + 1):
            if mark == "<":
                m.clause([~m.eq(a, v), *(m.eq(b, u) for u in range(max(v + 1, b.lo), b.hi + 1))])
            elif mark == "|":
                m.clause([~m.eq(a, v), *(m.eq(b, u) for u in (v - 1, v + 1) if b.lo <= u <= b.hi)])
            elif mark == "!|":
                for u in (v - 1, v + 1):
                    if b.lo <= u <= b.hi:
                        m.clause([~m.eq(a, v), ~m.eq(b, u)])
            else:
                raise ValueError(f"no number rule for the mark {mark!r}")


def relate_colours(m: Any, a: Lit, b: Lit, mark: str, rule: str, cells: Sequence[Cell]) -> None:
    """Two two-valued cells are alike (``=``) or different (``x``)."""
    with m.rule(rule, cells=cells):
        if mark == "=":
            m.clause([~a, b])
            m.clause([a, ~b])
        elif mark == "x":
            m.clause([a, b])
            m.clause([~a, ~b])
        else:
            raise ValueError(f"no colour rule for the mark {mark!r}")


def no_three_alike(m: Any, lits: Mapping[Cell, Lit], rule: str) -> None:
    """No three cells in a row (or column) side by side are all true or all false."""
    for r, c in m.cells():
        for dr, dc in ((0, 1), (1, 0)):
            run = [(r + k * dr, c + k * dc) for k in range(3)]
            if all(cell in lits for cell in run):
                with m.rule(f"{rule}: {cell_text(run[0])} to {cell_text(run[2])}", cells=run):
                    m.clause([lits[x] for x in run])
                    m.clause([~lits[x] for x in run])


def lines_differ(m: Any, lits: Mapping[Cell, Lit], rule: str) -> None:
    """No two rows, and no two columns, are the same sequence of true and false."""
    for kind, lines in (("rows", m.rows()), ("columns", m.columns())):
        for i in range(len(lines)):
            for j in range(i + 1, len(lines)):
                apart = []
                for k, (p, q) in enumerate(zip(lines[i], lines[j])):
                    x = m.bool(("differ", kind, i, j, k))
                    m.clause([~x, lits[p], lits[q]])
                    m.clause([~x, ~lits[p], ~lits[q]])
                    apart.append(x)
                with m.rule(f"{rule}: {kind} {i} and {j}", cells=lines[i] + lines[j]):
                    m.clause(apart)


# --- the check library -----------------------------------------------------------------------------------


def holds(mark: str, x: int, y: int) -> bool:
    """Whether two values obey a mark (values of two-valued cells: 0 and 1)."""
    return {"<": x < y, ">": x > y, "=": x == y, "x": x != y, "|": abs(x - y) == 1}[mark]


def broken_marks(values: Mapping[Cell, int], relations: Iterable[tuple[Pair, str]],
                 words: Mapping[int, str] | None = None) -> list[str]:
    """A problem for each mark the values break (``words`` names values: 0 -> 'white')."""
    out = []
    for (a, b), mark in relations:
        x, y = values[a], values[b]
        if not holds(mark, x, y):
            shown_x, shown_y = (words[x], words[y]) if words else (x, y)
            out.append(f"the mark {mark!r} between {cell_text(a)} and {cell_text(b)} is broken: "
                       f"{shown_x} and {shown_y}")
    return out


def unmarked_neighbours(values: Mapping[Cell, int], relations: Iterable[tuple[Pair, str]], height: int,
                        width: int, mark: str = "|") -> list[Pair]:
    """The neighbouring pairs without ``mark`` whose values would earn it (Adjacent mode)."""
    marked = {pair for pair, m in relations if m == mark}
    out = []
    for r in range(height):
        for c in range(width):
            for b in ((r, c + 1), (r + 1, c)):
                if b in values and ((r, c), b) not in marked and holds(mark, values[(r, c)], values[b]):
                    out.append(((r, c), b))
    return out


def runs_of_three(values: Mapping[Cell, int], height: int, width: int) -> list[Cell]:
    """The first cells of three alike side by side in a row or column."""
    out = []
    for r in range(height):
        for c in range(width):
            for dr, dc in ((0, 1), (1, 0)):
                run = [(r + k * dr, c + k * dc) for k in range(3)]
                if all(x in values for x in run) and len({values[x] for x in run}) == 1:
                    out.append(run[0])
    return out


def interleaved(height: int, width: int, marks: Mapping[Cell, str],
                relations: Iterable[tuple[Pair, str]]) -> str:
    """The text picture with marks between the cells: one character a cell (``·`` for none),
    a mark to the right in the gap after it, and marks below on a line of their own."""
    between = dict(relations)
    out = []
    for r in range(height):
        line = ""
        for c in range(width):
            line += marks.get((r, c), "·")
            if c + 1 < width:
                line += RIGHT.get(between.get(((r, c), (r, c + 1)), ""), " ")
        out.append(line.rstrip())
        if r + 1 < height:
            out.append(" ".join(DOWN.get(between.get(((r, c), (r + 1, c)), ""), " ")
                                for c in range(width)).rstrip())
    return "\n".join(out)


def balanced_rows(width: int) -> list[tuple[int, ...]]:
    """Every row of 0s and 1s with as many of each and never three alike side by side."""
    out: list[tuple[int, ...]] = []

    def grow(row: list[int], ones: int) -> None:
        if len(row) == width:
            out.append(tuple(row))
            return
        for v in (0, 1):
            count = ones + v if v else len(row) - ones + 1
            if count > width // 2 or (len(row) >= 2 and row[-1] == row[-2] == v):
                continue
            grow(row + [v], ones + v)

    grow([], 0)
    return out


def two_colour_grid(rng: Any, height: int, width: int, unique: bool = True,
                    tries: int = 200000) -> list[tuple[int, ...]]:
    """A random grid of 0s and 1s: half of each per row and column, never three alike side by
    side, and (``unique``) no two rows or columns equal; rows are drawn from the valid ones,
    with backtracking (ValueError when ``tries`` steps find none)."""
    rows = balanced_rows(width)
    budget = [tries]

    def fits(grid: list[tuple[int, ...]], row: tuple[int, ...]) -> bool:
        r = len(grid)
        if unique and row in grid:
            return False
        for c in range(width):
            column = [g[c] for g in grid] + [row[c]]
            if sum(column) > height // 2 or r + 1 - sum(column) > height // 2:
                return False
            if r >= 2 and column[-1] == column[-2] == column[-3]:
                return False
        return True

    def fill(grid: list[tuple[int, ...]]) -> bool:
        if len(grid) == height:
            return not unique or len({tuple(g[c] for g in grid) for c in range(width)}) == width
        for row in rng.sample(rows, len(rows)):
            budget[0] -= 1
            if budget[0] < 0:
                raise _OutOfSteps
            if fits(grid, row):
                grid.append(row)
                if fill(grid):
                    return True
                grid.pop()
        return False

    for _ in range(max(1, tries // 2000)):  # restarts: a deep dead end is left, not searched out
        budget[0] = 2000
        grid: list[tuple[int, ...]] = []
        try:
            if fill(grid):
                return grid
            break
        except _OutOfSteps:
            continue
    raise ValueError(f"no {height}x{width} grid of two colours turned up in {tries} steps")


class _OutOfSteps(Exception):
    """One attempt at a two-colour grid used its steps."""
