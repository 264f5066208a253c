"""Cages: regions of cells, each with a clue number and, in some genres, an operation (KenKen's
``12+``, ``2/``; Killer Sudoku's sums). With them the rule and check shapes of Latin-square
genres: all-different groups and the arithmetic of a cage.

In a file the layer is one block of tokens separated by spaces, one a cell: the cage's label
(one to three letters), and in one cell of each cage its clue after the label (``A12+``,
``B3``). Operations are ``+``, ``-``, ``x`` (``*`` is read as ``x``) and ``/``. The Puzzle holds
the tokens, row by row (so a cage layer moves with the grid as any grid layer does); `Cages.cages`
reads them as `Cage` records.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterable, Mapping, Sequence
from math import prod
from typing import Any, NamedTuple

from ..ir import Var
from .boxes import Boxes, default_box, grow_regions, random_sudoku  # for the Sudoku genres of cages
from .canvas import INK, Canvas, Layout
from .checks import pieces, where
from .clues import CellClues
from .places import invalid

Cell = tuple[int, int]
TOKEN = re.compile(r"([A-Za-z]{1,3})(?:(\d{1,6})([-+x*/])?)?")
WORDS = {"+": "sum", "-": "difference", "x": "product", "/": "quotient", None: "sum"}


class Cage(NamedTuple):
    label: str
    cells: tuple[Cell, ...]  # in reading order
    total: int | None
    op: str | None  # None: a plain sum (Killer), or a one-cell cage's digit (KenKen)

    @property
    def clue(self) -> str:
        return "" if self.total is None else f"{self.total}{self.op or ''}"


def labels(count: int) -> list[str]:
    """``count`` cage labels in order: A..Z, a..z, then AA, AB, ..."""
    singles = string.ascii_uppercase + string.ascii_lowercase
    out = list(singles[:count])
    i = 0
    while len(out) < count:
        out.append(singles[i // 52] + singles[i % 52])
        i += 1
    return out


def tokens_of(height: int, width: int, cages: Sequence[tuple[Sequence[Cell], int, str | None]]) -> tuple:
    """The layer's rows from cages ``(cells, total, op)``: labelled in order, each clue on the
    cage's first cell in reading order."""
    rows = [[""] * width for _ in range(height)]
    ordered = sorted(cages, key=lambda cage: min(cage[0]))
    for label, (cells, total, op) in zip(labels(len(ordered)), ordered):
        first = min(cells)
        for r, c in cells:
            rows[r][c] = label + (f"{total}{op or ''}" if (r, c) == first else "")
    return tuple(tuple(row) for row in rows)


class Cages(CellClues):
    """Cages with a clue each: every cell in exactly one orthogonally connected cage, one cell
    of each cage showing its number (and operation, among ``ops``; ``-`` and ``/`` only in
    two-cell cages). With ``ops`` empty, a clue is a plain sum. Drawn as dashed outlines
    inside the cells with the clue in the top-left corner of the cage's first cell."""

    optional = False
    whitespace = True

    def __init__(self, name: str = "cages", ops: str = "", what: str = "a cage"):
        super().__init__(name, what)
        self.ops = ops

    def read_token(self, text: str) -> Any:
        m = TOKEN.fullmatch(text)
        if m is None or (m.group(3) and not self.ops):
            raise ValueError(self.expected())
        op = (m.group(3) or "").replace("*", "x")
        if op and op not in self.ops:
            raise ValueError(self.expected())
        return m.group(1) + (m.group(2) or "") + op

    def expected(self) -> str:
        clue = "a number and an operation " + " ".join(self.ops) if self.ops else "its sum"
        sample = "A12+" if self.ops else "A12"
        return f"a cage label (1-3 letters), with {clue} in one cell of the cage ({sample})"

    @staticmethod
    def cages(value: tuple) -> list[Cage]:
        """The cages of the layer's rows, in order of their first cell."""
        cells: dict[str, list[Cell]] = {}
        clues: dict[str, tuple[int | None, str | None]] = {}
        for r, row in enumerate(value):
            for c, token in enumerate(row):
                m = TOKEN.fullmatch(token)
                assert m is not None
                cells.setdefault(m.group(1), []).append((r, c))
                if m.group(2):
                    clues[m.group(1)] = (int(m.group(2)), m.group(3) or None)
        return [Cage(label, tuple(found), *clues.get(label, (None, None))) for label, found in cells.items()]

    def normal(self, value: Any, height: int, width: int, source: str = "<puzzle>") -> tuple:
        rows = super().normal(value, height, width, source)
        seen: dict[str, Cell] = {}
        for r, row in enumerate(rows):
            for c, token in enumerate(row):
                m = TOKEN.fullmatch(token)
                assert m is not None
                if m.group(2) and m.group(1) in seen:
                    raise invalid((self.name, r, c), f"the cage {m.group(1)} has a second clue "
                                  f"(the first at {where(seen[m.group(1)])})", source)
                if m.group(2):
                    seen[m.group(1)] = (r, c)
        for cage in self.cages(rows):
            at = (self.name, *cage.cells[0])
            if len(pieces(cage.cells)) > 1:
                raise invalid(at, f"the cage {cage.label} is in {len(pieces(cage.cells))} separate pieces",
                              source)
            if cage.total is None:
                raise invalid(at, f"the cage {cage.label} has no clue", source)
            if cage.op in ("-", "/") and len(cage.cells) != 2:
                raise invalid(at, f"the cage {cage.label} has {len(cage.cells)} cells: a {WORDS[cage.op]} "
                              "is given for two", source)
        return rows

    def write(self, value: tuple) -> list[str]:
        size = max(len(t) for row in value for t in row)
        return [" ".join(t.ljust(size) for t in row).rstrip() for row in value]

    def marks(self, value: tuple) -> dict[Cell, str]:
        return {(r, c): t[0] for r, row in enumerate(value) for c, t in enumerate(row)}

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        """Dashed outlines just inside each cage's border, the clue at its first cell's top left."""
        label = {(r, c): TOKEN.fullmatch(t).group(1) for r, row in enumerate(value)  # type: ignore[union-attr]
                 for c, t in enumerate(row)}
        d = layout.cell * 0.08
        canvas.open(self.name)
        def apart(r: int, c: int, mine: str) -> bool:
            return label.get((r, c)) != mine

        def end(r: int, c: int, side: tuple[int, int], step: tuple[int, int]) -> float:
            # inset where the cage turns here, on the border where it goes on, beyond it at a
            # corner turning inwards
            mine = label[(r, c)]
            if apart(r + step[0], c + step[1], mine):
                return d
            return 0.0 if apart(r + side[0] + step[0], c + side[1] + step[1], mine) else -d

        for (r, c), mine in sorted(label.items()):
            x0, y0, x1, y1 = layout.x(c), layout.y(r), layout.x(c + 1), layout.y(r + 1)
            for side in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                if not apart(r + side[0], c + side[1], mine):
                    continue
                if side[0]:  # a top or bottom side: from left to right
                    y = y0 + d if side[0] < 0 else y1 - d
                    a, b = x0 + end(r, c, side, (0, -1)), x1 - end(r, c, side, (0, 1))
                    canvas.line(a, y, b, y, cls="cage", stroke=INK, stroke_width=1.2, stroke_dasharray="4 3")
                else:
                    x = x0 + d if side[1] < 0 else x1 - d
                    a, b = y0 + end(r, c, side, (-1, 0)), y1 - end(r, c, side, (1, 0))
                    canvas.line(x, a, x, b, cls="cage", stroke=INK, stroke_width=1.2, stroke_dasharray="4 3")
        for cage in self.cages(value):
            r, c = cage.cells[0]
            canvas.text(layout.x(c) + 2 * d, layout.y(r) + 3.2 * d, cage.clue.replace("x", "\u00d7"),
                        layout.cell * 0.26, cls="cage-clue", anchor="start")
        canvas.close()


# --- the rule library's shapes ---------------------------------------------------------------------


def all_different(m: Any, digits: Mapping[Cell, Var], groups: Iterable[tuple[str, Sequence[Cell]]]) -> None:
    """Each group's digits differ: ``groups`` are (rule, cells)."""
    for rule, cells in groups:
        with m.rule(rule, cells=list(cells)):
            m.all_different([digits[cell] for cell in cells])


def latin_groups(n: int) -> list[tuple[str, list[Cell]]]:
    """The rows and columns of an n x n grid, each with its rule."""
    return ([(f"row {r} holds 1-{n} once", [(r, c) for c in range(n)]) for r in range(n)]
            + [(f"column {c} holds 1-{n} once", [(r, c) for r in range(n)]) for c in range(n)])


def ops_of(cage: Cage, any_op: bool) -> list[str | None]:
    """The operations a cage's clue may stand for: with ``any_op`` a cage of several cells with
    no operation shown takes any that fits (- and / with two cells only)."""
    if cage.op is not None or not any_op or len(cage.cells) == 1:
        return [cage.op]
    return ["+", "x", "-", "/"] if len(cage.cells) == 2 else ["+", "x"]


def fillings(cage: Cage, n: int, distinct: bool = False, any_op: bool = False) -> list[tuple[int, ...]]:
    """The digit tuples (one per cell, 1..n) that give a cage its clue; two cells of one row or
    column (or any two, with ``distinct``) never share a digit."""
    if len(ops_of(cage, any_op)) > 1:
        found = (fillings(cage._replace(op=op), n, distinct) for op in ops_of(cage, any_op))
        return sorted({row for rows in found for row in rows})
    cells, op, total = cage.cells, cage.op, cage.total
    out: list[tuple[int, ...]] = []
    if total is None:
        return out

    def grow(done: list[int], left: int) -> None:
        i = len(done)
        if i == len(cells):
            if op in ("-", "/"):
                a, b = sorted(done)
                if (b - a if op == "-" else b / a) == total:
                    out.append(tuple(done))
            elif left == (1 if op == "x" else 0):
                out.append(tuple(done))
            return
        for v in range(1, n + 1):
            if op == "x" and left % v or op in ("+", None) and v > left:
                continue
            if any(done[j] == v and (distinct or cells[j][0] == cells[i][0] or cells[j][1] == cells[i][1])
                   for j in range(i)):
                continue
            done.append(v)
            grow(done, left // v if op == "x" else left - v if op in ("+", None) else left)
            done.pop()

    grow([], total)
    return out


def cage_rule(m: Any, digits: Mapping[Cell, Var], cage: Cage, n: int, distinct: bool = False,
              any_op: bool = False) -> None:
    """The cage's digits give its clue: a sum as a weighted count, other operations as the table
    of the fillings that fit (one chosen filling fixes every cell). ``any_op``: see `ops_of`."""
    cells = list(cage.cells)
    what = _what(cage, any_op)
    rule = f"the cage at {where(cells[0])} has the {what} {cage.total}"
    with m.rule(rule, cells=cells):
        if distinct and len(cells) > 1:
            m.all_different([digits[cell] for cell in cells])
        if ops_of(cage, any_op) in (["+"], [None]) and len(cells) > 2:
            m.count([(v, m.eq(digits[cell], v)) for cell in cells for v in range(1, n + 1)], "==", cage.total)
            return
        table = fillings(cage, n, distinct, any_op)
        if len(table) == 1 or not table:
            for i, cell in enumerate(cells):
                m.clause([m.eq(digits[cell], table[0][i])] if table else [])
            return
        chosen = [m.bool(("filling", cells[0], k)) for k in range(len(table))]
        m.exactly(1, chosen)
        for i, cell in enumerate(cells):
            for v in range(1, n + 1):
                fits = [s for s, row in zip(chosen, table) if row[i] == v]
                m.clause([~m.eq(digits[cell], v), *fits])
                for s in fits:
                    m.implies(s, m.eq(digits[cell], v))


def implied_sums(m: Any, digits: Mapping[Cell, Var], cages: Iterable[Cage],
                 groups: Iterable[tuple[str, Sequence[Cell]]], n: int) -> None:
    """The sums the rules imply, which a player reads off the grid (Tatham's Killer solver too): a
    group holding 1-n once (a row, column or box) adds up to 1 + ... + n, so its cells outside the
    sum cages lying wholly inside it add up to what those cages leave; when those cells all lie in
    one cage, that cage's other cells add up to the rest of its sum. Each is a rule of its own, so
    that the ladder's rules read them one at a time, as they read a cage."""
    sums = [c for c in cages if c.total is not None and ops_of(c, False) in (["+"], [None])]
    of = {cell: cage for cage in sums for cell in cage.cells}
    for name, cells in groups:
        inside = set(cells)
        whole = [c for c in sums if inside.issuperset(c.cells)]
        covered = {cell for c in whole for cell in c.cells}
        rest = [cell for cell in cells if cell not in covered]
        if not whole or not rest:
            continue
        total = n * (n + 1) // 2 - sum(c.total for c in whole)
        implied = [(f"the cells of {name} outside its whole cages add up to {total}", rest, total)]
        owners = {of.get(cell) for cell in rest}
        if len(owners) == 1 and None not in owners:  # the rest of one cage: its other cells too
            cage, left = of[rest[0]], of[rest[0]].total - total
            words = f"the cells of the cage at {where(cage.cells[0])} outside {name} add up to {left}"
            implied.append((words, [c for c in cage.cells if c not in inside], left))
        for rule, group, value in implied:
            with m.rule(rule, cells=group):
                if len(group) == 1 and 1 <= value <= n:  # else the count below has no answer
                    m.fix(m.eq(digits[group[0]], value))
                else:
                    m.count([(v, m.eq(digits[cell], v)) for cell in group for v in range(1, n + 1)],
                            "==", value)


# --- the check library's shapes ---------------------------------------------------------------------


def value_of(cage: Cage, digits: Sequence[int]) -> int | float:
    """What a cage's digits give by its operation."""
    if cage.op == "x":
        return prod(digits)
    if cage.op in ("-", "/") and len(digits) == 2:
        a, b = sorted(digits)
        return b - a if cage.op == "-" else b / a
    return sum(digits)


def _what(cage: Cage, any_op: bool) -> str:
    if len(cage.cells) == 1:
        return "digit"
    return "result (by some operation)" if len(ops_of(cage, any_op)) > 1 else WORDS[cage.op]


def cage_problems(cages: Iterable[Cage], grid: Sequence[Sequence[int]], distinct: bool = False,
                  any_op: bool = False) -> list[str]:
    """A problem for each cage whose digits do not give its clue (or repeat, with ``distinct``)."""
    out = []
    for cage in cages:
        digits = [grid[r][c] for r, c in cage.cells]
        what = _what(cage, any_op)
        results = [value_of(cage._replace(op=op), digits) for op in ops_of(cage, any_op)]
        if cage.total not in results and len(results) > 1:
            out.append(f"no operation on the digits of the cage at {where(cage.cells[0])} gives its clue "
                       f"{cage.clue}")
        elif cage.total not in results:
            got = results[0]
            shown = int(got) if float(got).is_integer() else round(got, 2)
            out.append(f"the cage at {where(cage.cells[0])} has the {what} {shown}, its clue is {cage.clue}")
        if distinct and len(set(digits)) < len(digits):
            out.append(f"the cage at {where(cage.cells[0])} repeats a digit")
    return out


def group_problems(grid: Sequence[Sequence[int]], groups: Iterable[tuple[str, Sequence[Cell]]]) -> list[str]:
    """A problem for each digit that stands twice in a group (``(name, cells)``, ``row 3``)."""
    out = []
    for name, cells in groups:
        first: dict[int, Cell] = {}
        for cell in cells:
            v = grid[cell[0]][cell[1]]
            if v in first:
                out.append(f"{name} has {v} at both {where(first[v])} and {where(cell)}")
            else:
                first[v] = cell
    return out


def line_groups(n: int) -> list[tuple[str, list[Cell]]]:
    return ([(f"row {r}", [(r, c) for c in range(n)]) for r in range(n)]
            + [(f"column {c}", [(r, c) for r in range(n)]) for c in range(n)])


# --- for generators ---------------------------------------------------------------------------------


def random_latin(rng: random.Random, n: int) -> list[list[int]]:
    """A random Latin square: a cyclic one with its rows, columns and digits shuffled."""
    rows, cols, digits = (rng.sample(range(n), n) for _ in range(3))
    return [[digits[(rows[r] + cols[c]) % n] + 1 for c in range(n)] for r in range(n)]


def random_cages(rng: random.Random, height: int, width: int, most: int = 4,
                 distinct: Sequence[Sequence[int]] | None = None) -> list[list[Cell]]:
    """A random partition into connected cages of 1 to ``most`` cells: random dominoes first,
    then most cells left alone joined to a neighbouring cage with room. With ``distinct`` (the
    answer's digits), no cage takes a digit twice."""

    def fits(cell: Cell, group: list[Cell]) -> bool:
        return distinct is None or all(distinct[r][c] != distinct[cell[0]][cell[1]] for r, c in group)

    cells = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(cells)
    owner: dict[Cell, int] = {}
    groups: list[list[Cell]] = []
    for r, c in cells:
        if (r, c) in owner:
            continue
        free = [x for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= x[0] < height and 0 <= x[1] < width and x not in owner and fits(x, [(r, c)])]
        if free and rng.random() < 0.75:
            other = rng.choice(free)
            owner[(r, c)] = owner[other] = len(groups)
            groups.append([(r, c), other])
    for r, c in cells:
        if (r, c) in owner:
            continue
        near = [owner[x] for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if x in owner and len(groups[owner[x]]) < most and fits((r, c), groups[owner[x]])]
        if near and rng.random() < 0.9:
            owner[(r, c)] = rng.choice(near)
            groups[owner[(r, c)]].append((r, c))
        else:
            owner[(r, c)] = len(groups)
            groups.append([(r, c)])
    return [sorted(g) for g in groups]





__all__ = ["Boxes", "Cage", "Cages", "all_different", "cage_problems", "cage_rule",
           "default_box", "fillings", "group_problems", "grow_regions", "labels", "latin_groups",
           "line_groups", "random_cages", "random_latin", "random_sudoku", "tokens_of"]
