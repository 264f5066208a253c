"""Answer layers: what the player enters. `Shading` (shaded cells), `Objects` (things placed in
cells: lamps, stars, tents), `Digits` (a value in every cell), `Lines` (lines between the
centres of neighbouring cells: loops and paths)."""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping
from typing import Any

from ..errors import ParseError
from ..ir import Lit, ModelBuilder, Var
from .base import Cell, Layer
from .canvas import ABSENT, STATE, Canvas, Layout, draw_dot
from .places import SOLUTION, cell_text, invalid, is_int, listed_point, point, rows_of, said, shown
from .places import STATE as STATE_SOURCE

# --- answer layers ------------------------------------------------------------------------------------


class Shading(Layer):
    """Shaded cells: a boolean per cell, ``(key, r, c)`` in the model. JSON and state list cells
    ``[r, c]``: the solution's ``name`` field lists the shaded cells; a state lists the cells
    known to be shaded (``name``) and known to stay unshaded (``absent``)."""

    answer = True
    look = "shade"

    def __init__(self, name: str = "shaded", key: str = "shaded", absent: str = "unshaded",
                 mark: str = "#", noun: str = "shaded cell", ordered: bool = False, off: str | None = None):
        super().__init__(name, noun + "s")
        self.key, self.absent, self.mark, self.noun = key, absent, mark, noun
        #: The value is a sorted tuple of cells instead of a frozenset.
        self.ordered = ordered
        #: A clue layer whose cells hold no answer (no variable, refused in a state): trees.
        self.off = off

    def _value(self, cells: Any) -> Any:
        return tuple(sorted(cells)) if self.ordered else frozenset(cells)

    @staticmethod
    def cells(height: int, width: int, skip: Collection[Cell] = ()) -> list[Cell]:
        """The cells that may hold the answer: all but ``skip`` (those of the `off` layer)."""
        return [(r, c) for r in range(height) for c in range(width) if (r, c) not in skip]

    def keys(self, height: int, width: int, skip: Collection[Cell] = ()) -> list[Hashable]:
        return [(self.key, r, c) for r, c in self.cells(height, width, skip)]

    def variables(self, m: ModelBuilder, height: int, width: int,
                  skip: Collection[Cell] = ()) -> dict[Cell, Lit]:
        return {(r, c): m.bool((self.key, r, c)) for r, c in self.cells(height, width, skip)}

    def decode(self, values: Mapping[Hashable, int], height: int, width: int,
               skip: Collection[Cell] = ()) -> Any:
        return self._value(cell for cell in self.cells(height, width, skip) if values[(self.key, *cell)])

    def answer_of(self, value: frozenset[Cell], height: int, width: int,
                  skip: Collection[Cell] = ()) -> dict[Hashable, int]:
        return {(self.key, r, c): int((r, c) in value) for r, c in self.cells(height, width, skip)}

    def normal(self, value: Any, height: int, width: int, source: str = SOLUTION,
               classic: bool = False) -> Any:
        if classic:
            return self._value(self._listed(value, self.name, height, width, source, self.noun, {}))
        if isinstance(value, (set, frozenset)):
            value = sorted(value)
        if not isinstance(value, (list, tuple)):
            raise invalid((self.name,), f"expected a list of cells, found {shown(value)}", source)
        cells = [point(v, (self.name, i), height, width, source) for i, v in enumerate(value)]
        return self._value(cells)

    @staticmethod
    def _listed(items: Any, field: str, height: int, width: int, source: str, what: str,
                first: dict[Cell, tuple[str, str]], skip: Collection[Cell] = (), off: str = "") -> list[Cell]:
        """The cells of a JSON list in the classic wording, each listed once in all the lists
        read with the same ``first`` (cell -> its field and place)."""
        if not isinstance(items, list):
            words = (f"solution field {field!r} must be a list" if source == SOLUTION
                     else f"{field}: expected a list")
            raise ParseError(f"{words}, found {said(items)}", source=source)
        out = []
        for i, raw in enumerate(items):
            place = f"{field}[{i}]"
            cell = listed_point(raw, place, height, width, source)
            if cell in skip:
                raise ParseError(f"{place}: {cell_text(cell)} is {off}", source=source)
            if cell in first:
                seen, where = first[cell]
                twice = (f"is listed twice (first as {where})" if seen == field
                         else f"is also listed in {where}; it cannot be both")
                raise ParseError(f"{place}: {what} {cell_text(cell)} {twice}", source=source)
            first[cell] = (field, place)
            out.append(cell)
        return out

    def to_json(self, value: frozenset[Cell]) -> list[list[int]]:
        return [list(cell) for cell in sorted(value)]

    def marks(self, value: frozenset[Cell]) -> dict[Cell, str]:
        return {cell: self.mark for cell in value}

    def dark(self, value: Any) -> set[Cell]:
        """The cells this answer paints dark (clues on them are drawn in white)."""
        return set(value) if self.look == "shade" else set()

    def draw(self, canvas: Canvas, layout: Layout, value: Any, player: bool = False) -> None:
        canvas.open(self.name)
        fill = STATE if player else "#333333"
        cls = f"{self.key} state" if player else self.key  # a player's entries, as other pictures mark them
        for r, c in sorted(value):
            if self.look == "shade":
                canvas.rect(layout.x(c), layout.y(r), layout.cell, layout.cell, cls=cls, fill=fill)
            else:
                x, y = layout.centre((r, c))
                canvas.circle(x, y, layout.cell * 0.3, cls=cls, fill=fill)
        canvas.close()

    def draw_absent(self, canvas: Canvas, layout: Layout, cells: list[Cell]) -> None:
        """Cells a player knows stay empty: a dot in each."""
        for cell in cells:
            draw_dot(canvas, layout, cell, fill=ABSENT)

    # a player's state
    def state_fields(self) -> tuple[str, ...]:
        return (self.name, self.absent)

    def read_state(self, data: Mapping[str, Any], height: int, width: int,
                   classic: bool = False, skip: Collection[Cell] = (), what: str = "") -> dict[Hashable, int]:
        """``skip``: cells that hold no answer, refused as ``what`` (``a tree``)."""
        out: dict[Hashable, int] = {}
        first: dict[Cell, tuple[str, str]] = {}
        for field, value in ((self.name, 1), (self.absent, 0)):
            if classic:
                cells = self._listed(data.get(field, []), field, height, width, STATE_SOURCE, "the cell",
                                     first, skip, what)
                out.update(((self.key, *cell), value) for cell in cells)
                continue
            items = data.get(field, [])
            if not isinstance(items, list):
                raise invalid((field,), f"expected a list of cells, found {shown(items)}", STATE_SOURCE)
            for i, raw in enumerate(items):
                cell = point(raw, (field, i), height, width, STATE_SOURCE)
                if cell in skip:  # a cell that holds no answer has no key to set
                    raise invalid((field, i), f"the cell {cell_text(cell)} is {what}", STATE_SOURCE)
                key = (self.key, *cell)
                if out.get(key, value) != value:
                    raise invalid((field, i), f"the cell {cell_text(cell)} is listed both as {self.name} "
                                  f"and as {self.absent}", STATE_SOURCE)
                out[key] = value
        return out

    def write_state(self, state: Mapping[Hashable, int], height: int, width: int) -> dict[str, Any]:
        """The state JSON of this layer's keys in ``state``."""
        mine = {k: v for k, v in state.items() if isinstance(k, tuple) and k and k[0] == self.key}
        return {self.name: sorted([k[1], k[2]] for k, v in mine.items() if v),
                self.absent: sorted([k[1], k[2]] for k, v in mine.items() if not v)}

    def describe(self, key: tuple, value: int) -> str:
        where = cell_text(key[1:])
        return f"a {self.noun} at {where}" if value else f"no {self.noun} at {where}"


class Objects(Shading):
    """Things placed in cells (lamps, stars, tents): `Shading` in the model and in JSON, drawn
    as a round mark instead of a filled cell."""

    look = "object"

    def __init__(self, name: str, key: str, absent: str, mark: str = "*", noun: str | None = None,
                 ordered: bool = False, off: str | None = None):
        super().__init__(name, key, absent, mark, noun or key, ordered, off)


class Digits(Layer):
    """A value ``lo..hi`` in every cell: an integer variable ``(key, r, c)``. JSON: rows of
    numbers; a state: rows with ``null`` for cells not filled in yet."""

    answer = True

    def __init__(self, name: str = "digits", lo: int = 1, hi: int | None = 9, key: str = "digit"):
        """``hi`` None: the largest value is the grid's side (a Latin square of any size)."""
        super().__init__(name, "digits")
        self.lo, self.hi, self.key = lo, hi, key

    def top(self, height: int, width: int) -> int:
        """The largest value on a grid of this size."""
        return self.hi if self.hi is not None else max(height, width)

    def keys(self, height: int, width: int) -> list[Hashable]:
        return [(self.key, r, c) for r in range(height) for c in range(width)]

    def variables(self, m: ModelBuilder, height: int, width: int) -> dict[Cell, Var]:
        cells = ((r, c) for r in range(height) for c in range(width))
        hi = self.top(height, width)
        return {cell: m.int((self.key, *cell), self.lo, hi) for cell in cells}

    def decode(self, values: Mapping[Hashable, int], height: int, width: int) -> tuple:
        return tuple(tuple(values[(self.key, r, c)] for c in range(width)) for r in range(height))

    def answer_of(self, value: tuple, height: int, width: int) -> dict[Hashable, int]:
        return {(self.key, r, c): v for r, row in enumerate(value) for c, v in enumerate(row)}

    def normal(self, value: Any, height: int, width: int, source: str = SOLUTION) -> tuple:
        rows = rows_of(value, (self.name,), height, width, source)
        hi = self.top(height, width)
        for r, row in enumerate(rows):
            for c, v in enumerate(row):
                if not (is_int(v) and self.lo <= v <= hi):
                    expected = f"expected a number {self.lo}-{hi}"
                    raise invalid((self.name, r, c), f"{expected}, found {shown(v)}", source)
        return tuple(tuple(row) for row in rows)

    def to_json(self, value: tuple) -> list[list[int]]:
        return [list(row) for row in value]

    def marks(self, value: tuple) -> dict[Cell, str]:
        return {(r, c): str(v)[-1] for r, row in enumerate(value) for c, v in enumerate(row)}

    def dark(self, value: Any) -> set[Cell]:
        return set()

    def draw(self, canvas: Canvas, layout: Layout, value: Any, player: bool = False) -> None:
        canvas.open(self.name)
        cells = value.items() if isinstance(value, dict) else (
            ((r, c), v) for r, row in enumerate(value) for c, v in enumerate(row))
        for cell, v in sorted(cells):
            x, y = layout.centre(cell)
            canvas.text(x, y, str(v), layout.cell * 0.55, cls="digit state" if player else "digit",
                        fill=STATE if player else "#0072B2")
        canvas.close()

    def state_fields(self) -> tuple[str, ...]:
        return (self.name,)

    def read_state(self, data: Mapping[str, Any], height: int, width: int) -> dict[Hashable, int]:
        if self.name not in data:
            return {}
        rows = rows_of(data[self.name], (self.name,), height, width, STATE_SOURCE)
        out: dict[Hashable, int] = {}
        hi = self.top(height, width)
        for r, row in enumerate(rows):
            for c, v in enumerate(row):
                if v is None:
                    continue
                if not (is_int(v) and self.lo <= v <= hi):
                    raise invalid((self.name, r, c), f"expected a number {self.lo}-{hi} or null, "
                                  f"found {shown(v)}", STATE_SOURCE)
                out[(self.key, r, c)] = v
        return out

    def write_state(self, state: Mapping[Hashable, int], height: int, width: int) -> dict[str, Any]:
        """The state JSON of this layer's keys in ``state``: rows, null where unknown."""
        rows: list[list[int | None]] = [[None] * width for _ in range(height)]
        for k, v in state.items():
            if isinstance(k, tuple) and k and k[0] == self.key:
                rows[k[1]][k[2]] = v
        return {self.name: rows}

    def describe(self, key: tuple, value: int) -> str:
        return f"{value} at {cell_text(key[1:])}"


class Lines(Layer):
    """Lines between the centres of neighbouring cells (loops and paths): a boolean per pair
    of neighbours, ``(key, a, b)`` with ``a < b``. JSON and state list edges
    ``[[r, c], [r, c]]``: the solution's ``name`` field the edges used; a state those known
    used (``name``) and known unused (``absent``)."""

    answer = True
    look = "line"

    def __init__(self, name: str = "edges", key: str = "edge", absent: str = "no_edges",
                 words: tuple[str, str] | None = None, lattice: bool = False):
        """``words``: how a hint says a line is used and unused, ``{a}`` and ``{b}`` its ends.
        ``lattice``: the lines join the corners of the cells (``(h + 1) x (w + 1)`` points)
        instead of their centres; such a genre draws itself (its folder's picture module)."""
        super().__init__(name, "lines")
        self.key, self.absent, self.lattice = key, absent, lattice
        self.words = words or ("a line between {a} and {b}", "no line between {a} and {b}")

    def points(self, height: int, width: int) -> tuple[int, int, str]:
        """The rows and columns of the points the lines join, and those points in words."""
        if self.lattice:
            return height + 1, width + 1, (f"the lattice points of the {height}x{width} grid "
                                           f"(rows 0..{height}, columns 0..{width})")
        return height, width, f"the {height}x{width} grid"

    def pairs(self, height: int, width: int) -> list[tuple[Cell, Cell]]:
        """Every pair of neighbouring points, each ``(a, b)`` with ``a`` before ``b``."""
        height, width, _ = self.points(height, width)
        out = []
        for r in range(height):
            for c in range(width):
                if c + 1 < width:
                    out.append(((r, c), (r, c + 1)))
                if r + 1 < height:
                    out.append(((r, c), (r + 1, c)))
        return out

    def keys(self, height: int, width: int) -> list[Hashable]:
        return [(self.key, a, b) for a, b in self.pairs(height, width)]

    def variables(self, m: ModelBuilder, height: int, width: int) -> dict[tuple[Cell, Cell], Lit]:
        return {(a, b): m.bool((self.key, a, b)) for a, b in self.pairs(height, width)}

    def decode(self, values: Mapping[Hashable, int], height: int, width: int) -> frozenset:
        return frozenset((a, b) for a, b in self.pairs(height, width) if values[(self.key, a, b)])

    def answer_of(self, value: frozenset, height: int, width: int) -> dict[Hashable, int]:
        return {(self.key, a, b): int((a, b) in value) for a, b in self.pairs(height, width)}

    def _edge(self, raw: Any, at: tuple, height: int, width: int, source: str) -> tuple[Cell, Cell]:
        if not (isinstance(raw, (list, tuple)) and len(raw) == 2):
            raise invalid(at, f"expected an edge [[r, c], [r, c]], found {shown(raw)}", source)
        a, b = sorted(point(p, at, height, width, source) for p in raw)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise invalid(at, f"{cell_text(a)} and {cell_text(b)} are not neighbours", source)
        return a, b

    def _listed(self, items: Any, field: str, height: int, width: int, source: str,
                first: dict[tuple[Cell, Cell], str]) -> list[tuple[Cell, Cell]]:
        """The edges of a JSON list in the classic wording, each listed once in all the lists
        read with the same ``first`` (edge -> its place); a state's are steps between neighbours."""
        if not isinstance(items, list):
            words = (f"solution field {field!r} must be a list" if source == SOLUTION
                     else f"{field}: expected a list")
            raise ParseError(f"{words}, found {said(items)}", source=source)
        out = []
        for i, raw in enumerate(items):
            place = f"{field}[{i}]"
            if not isinstance(raw, (list, tuple)) or len(raw) != 2:
                raise ParseError(f"{place}: expected a pair of points, found {said(raw)}", source=source)
            a, b = sorted(listed_point(p, f"{place}[{j}]", *self.points(height, width), source)
                          for j, p in enumerate(raw))
            if source != SOLUTION and abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise ParseError(f"{place}: {cell_text(a)} and {cell_text(b)} are not neighbours",
                                 source=source)
            if (a, b) in first:
                where = first[(a, b)]
                twice = (f"is listed twice (first as {where})" if where.startswith(field + "[")
                         else f"is also listed in {where}; it cannot be both")
                raise ParseError(f"{place}: the edge {cell_text(a)}-{cell_text(b)} {twice}", source=source)
            first[(a, b)] = place
            out.append((a, b))
        return out

    def normal(self, value: Any, height: int, width: int, source: str = SOLUTION,
               classic: bool = False) -> frozenset:
        if classic:
            return frozenset(self._listed(value, self.name, height, width, source, {}))
        if isinstance(value, (set, frozenset)):
            value = sorted(value)
        if not isinstance(value, (list, tuple)):
            raise invalid((self.name,), f"expected a list of edges, found {shown(value)}", source)
        return frozenset(self._edge(raw, (self.name, i), height, width, source)
                         for i, raw in enumerate(value))

    def to_json(self, value: frozenset) -> list[list[list[int]]]:
        return [[list(a), list(b)] for a, b in sorted(value)]

    def marks(self, value: frozenset) -> dict[Cell, str]:
        """Box-drawing characters for the cells a line passes through."""
        sides: dict[Cell, set[str]] = {}
        for a, b in value:
            horizontal = a[0] == b[0]
            sides.setdefault(a, set()).add("R" if horizontal else "D")
            sides.setdefault(b, set()).add("L" if horizontal else "U")
        glyph = {"LR": "─", "DU": "│", "DR": "┌", "DL": "┐", "RU": "└", "LU": "┘",
                 "L": "╴", "R": "╶", "U": "╵", "D": "╷"}
        return {cell: glyph.get("".join(sorted(s)), "┼") for cell, s in sides.items()}

    def dark(self, value: Any) -> set[Cell]:
        return set()

    def draw(self, canvas: Canvas, layout: Layout, value: Any, player: bool = False) -> None:
        canvas.open(self.name)
        for a, b in sorted(value):
            (x1, y1), (x2, y2) = layout.centre(a), layout.centre(b)
            canvas.line(x1, y1, x2, y2, cls=f"{self.key} state" if player else self.key,
                        stroke=STATE if player else "#0072B2", stroke_width=layout.cell * 0.14,
                        stroke_linecap="round")
        canvas.close()

    def draw_absent(self, canvas: Canvas, layout: Layout, edges: list[tuple[Cell, Cell]]) -> None:
        """Edges a player knows stay unused: a cross on the side the two cells share."""
        for a, b in edges:
            (x1, y1), (x2, y2) = layout.centre(a), layout.centre(b)
            canvas.cross((x1 + x2) / 2, (y1 + y2) / 2, layout.cell * 0.1)

    def state_fields(self) -> tuple[str, ...]:
        return (self.name, self.absent)

    def read_state(self, data: Mapping[str, Any], height: int, width: int,
                   classic: bool = False) -> dict[Hashable, int]:
        out: dict[Hashable, int] = {}
        first: dict[tuple[Cell, Cell], str] = {}
        for field, value in ((self.name, 1), (self.absent, 0)):
            if classic:
                edges = self._listed(data.get(field, []), field, height, width, STATE_SOURCE, first)
                out.update(((self.key, a, b), value) for a, b in edges)
                continue
            items = data.get(field, [])
            if not isinstance(items, list):
                raise invalid((field,), f"expected a list of edges, found {shown(items)}", STATE_SOURCE)
            for i, raw in enumerate(items):
                a, b = self._edge(raw, (field, i), height, width, STATE_SOURCE)
                if out.get((self.key, a, b), value) != value:
                    raise invalid((field, i), f"the edge {cell_text(a)}-{cell_text(b)} is listed both as "
                                  f"{self.name} and as {self.absent}", STATE_SOURCE)
                out[(self.key, a, b)] = value
        return out

    def write_state(self, state: Mapping[Hashable, int], height: int, width: int) -> dict[str, Any]:
        mine = {k: v for k, v in state.items() if isinstance(k, tuple) and k and k[0] == self.key}
        return {self.name: sorted([list(k[1]), list(k[2])] for k, v in mine.items() if v),
                self.absent: sorted([list(k[1]), list(k[2])] for k, v in mine.items() if not v)}

    def describe(self, key: tuple, value: int) -> str:
        return self.words[0 if value else 1].format(a=cell_text(key[1]), b=cell_text(key[2]))


AnswerLayer = Shading | Digits | Lines
