"""One path through the grid (Zip): walls between cells it never crosses, numbers it visits in
order, the path as the answer, and the file that writes a grid then its walls.

- `Walls` (a clue layer): walls between neighbouring cells, a frozenset of sorted cell pairs;
  in a file, a ``walls:`` line after the grid and one ``r1 c1 r2 c2`` line per wall.
- `InOrder` (a grid clue layer, `Numbers`): the numbers 1..K, each once, K >= 2, that a path
  visits in order; 0 (``.`` in a file) for a cell without one.
- `Path` (an answer layer, `Lines`): the steps between neighbouring cells not across a wall;
  its value is the path's cells in order, walked from the cell of the 1. A state lists steps
  known used (``edges``), known unused (``no_edges``), and stretches of the path (``path``).
- `GridThenWalls`: the file form (``Genre(..., form=GridThenWalls)``).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Collection, Hashable, Iterable, Mapping
from typing import Any

from ..errors import ParseError
from ..ir import Lit, ModelBuilder
from ..textio import Line, content_lines, error, grid_rows, parse_int, read_headers, split_header, tokens
from .answers import Lines
from .base import Cell, Layer
from .canvas import INK, Canvas, Layout
from .clues import Numbers
from .places import PUZZLE, SOLUTION, STATE, cell_text, field_name, is_int, listed_point, said

Step = tuple[Cell, Cell]
_WALLS = re.compile(r"(?i)walls\s*:.*")


def step(a: Cell, b: Cell) -> Step:
    """The step between two cells, as a sorted pair."""
    return (a, b) if a <= b else (b, a)


def walk(start: Cell, steps: Iterable[Step]) -> list[Cell]:
    """The cells met walking the steps from ``start`` until no unused step is left at the
    current cell (the smallest next cell first, where there is a choice)."""
    nxt: dict[Cell, list[Cell]] = {}
    for a, b in steps:
        nxt.setdefault(a, []).append(b)
        nxt.setdefault(b, []).append(a)
    path, used = [start], set()
    while True:
        here = path[-1]
        options = sorted(c for c in nxt.get(here, []) if step(here, c) not in used)
        if not options:
            return path
        used.add(step(here, options[0]))
        path.append(options[0])


def _invalid(at: tuple, reason: str, refs: tuple = ()) -> ParseError:
    """A mistake at a place of Python data; ``refs`` are further places the reason names as
    ``{0}``, ``{1}``: by field in Python, by line and column in a file (`GridThenWalls`)."""
    text = reason.format(*map(field_name, refs)) if refs else reason
    exc = ParseError(f"{field_name(at)}: {text}" if at else text, source=PUZZLE)
    exc.at, exc.template, exc.refs = at, reason, refs  # type: ignore[attr-defined]
    return exc


class Walls(Layer):
    """Walls between neighbouring cells: a frozenset of sorted cell pairs (any collection of
    pairs is accepted), none by default."""

    header = True  # not a block of grid rows: a section after the grid (`GridThenWalls`)
    optional = False
    default: frozenset = frozenset()

    def __init__(self, name: str = "walls", what: str = "a wall"):
        super().__init__(name, what)

    def blank(self, height: int, width: int) -> frozenset[Step]:
        return frozenset()

    def normal(self, value: Any, height: int, width: int, source: str = PUZZLE) -> frozenset[Step]:
        items = list(value) if isinstance(value, (set, frozenset)) else value
        if not isinstance(items, (list, tuple)):
            raise _invalid((self.name,), f"expected a collection of walls (cell pairs), found {said(value)}")
        out = set()
        for i, wall in enumerate(items):
            if not isinstance(wall, (list, tuple)) or len(wall) != 2:
                raise _invalid((self.name, i), f"expected a wall (two cells), found {said(wall)}")
            a, b = (self._cell(cell, (self.name, i, j), height, width) for j, cell in enumerate(wall))
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise _invalid((self.name, i, 0),
                               f"a wall lies between adjacent cells; {a} and {b} are not adjacent")
            out.add(step(a, b))
        return frozenset(out)

    @staticmethod
    def _cell(value: Any, at: tuple, height: int, width: int) -> Cell:
        if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(map(is_int, value)):
            raise _invalid(at, f"expected a cell (row, column), found {said(value)}")
        r, c = int(value[0]), int(value[1])
        if not (0 <= r < height and 0 <= c < width):
            raise _invalid(at, f"cell {cell_text((r, c))} is outside the {height}x{width} grid "
                           f"(rows 0..{height - 1}, columns 0..{width - 1})")
        return (r, c)

    def read_section(self, head: Line, lines: list[Line], source: str) -> tuple[list[Step], dict]:
        """The ``r1 c1 r2 c2`` lines after ``walls:`` (the Puzzle checks the cells), and the
        places of each wall and its cells."""
        _, value, col = split_header(head)
        if value:
            raise error(source, head, col, f"put each wall on its own line after '{self.name}:'")
        walls = []
        places: dict[tuple, tuple[Line, int]] = {}
        for i, line in enumerate(lines):
            toks = tokens(line)
            if len(toks) != 4:
                column = toks[4].column if len(toks) > 4 else len(line.text) + 1
                raise error(source, line, column,
                            f"a wall is four numbers 'r1 c1 r2 c2', found {len(toks)} token(s)")
            nums = [parse_int(tok, line, source, "a row or column number") for tok in toks]
            walls.append(((nums[0], nums[1]), (nums[2], nums[3])))
            places.update({(self.name, i): (line, 1), (self.name, i, 0): (line, toks[0].column),
                           (self.name, i, 1): (line, toks[2].column)})
        return walls, places

    def write_section(self, value: frozenset[Step]) -> list[str]:
        if not value:
            return []
        return [f"{self.name}:", *(f"{a[0]} {a[1]} {b[0]} {b[1]}" for a, b in sorted(value))]

    def to_json(self, value: frozenset[Step]) -> list[list[list[int]]]:
        return [[list(a), list(b)] for a, b in sorted(value)]

    def entries(self, value: frozenset[Step]) -> list[tuple[Step, Any]]:
        return [(wall, True) for wall in sorted(value)]

    def with_entries(self, height: int, width: int, entries: Iterable[tuple[Step, Any]]) -> frozenset[Step]:
        return frozenset(wall for wall, _ in entries)

    def draw(self, canvas: Canvas, layout: Layout, value: frozenset[Step], dark: set[Cell]) -> None:
        """A thick line on the side two walled cells share."""
        canvas.open(self.name)
        for (r, _), (r2, c2) in sorted(value):
            x, y = layout.x(c2), layout.y(r2)
            end = (x, layout.y(r2 + 1)) if r == r2 else (layout.x(c2 + 1), y)
            canvas.line(x, y, *end, cls="wall", stroke=INK, stroke_width=layout.cell * 0.12)
        canvas.close()


class InOrder(Numbers):
    """The numbers 1..K a path visits in order, each once, K >= 2; 0 (``.``) in other cells,
    written in aligned columns."""

    def __init__(self, name: str = "grid", what: str = "a number"):
        super().__init__(name, lo=1, hi=999_999_999, what=what, spaced=True, aligned=True, empty=0,
                         expected=("'.' or a number 1, 2, 3, ...", "0 (empty) or a number 1, 2, 3, ..."))

    @staticmethod
    def numbers(value: tuple) -> dict[int, Cell]:
        """The cell of each number."""
        return {v: (r, c) for r, row in enumerate(value) for c, v in enumerate(row) if v}

    def check_whole(self, value: tuple) -> None:
        """Each number once, and the numbers exactly 1..K with K >= 2."""
        where: dict[int, Cell] = {}
        for r, row in enumerate(value):
            for c, k in enumerate(row):
                if k in where:
                    first = (self.name, *where[k])
                    raise _invalid((self.name, r, c), f"number {k} appears twice (first at {{0}})",
                                   refs=(first,))
                if k:
                    where[k] = (r, c)
        if not where:
            raise _invalid((self.name,), "no numbers: the path needs at least a 1 and a 2")
        last = max(where)
        if last < 2:
            raise _invalid((self.name, *where[last]),
                           "only the number 1: the path needs at least a 1 and a 2")
        for k in range(1, last + 1):
            if k not in where:
                raise _invalid((self.name, *where[min(n for n in where if n > k)]),
                               f"number {k} is missing: the numbers must be 1..{last}, each once")


class Path(Lines):
    """One path along steps between neighbouring cells, none across a wall of the ``walls``
    layer, walked from the cell of ``start`` in the ``numbers`` layer. Its value is the path's
    cells in order; ``(key, a, b)`` a step in the model."""

    def __init__(self, name: str = "path", key: str = "edge", absent: str = "no_edges", steps: str = "edges",
                 walls: str = "walls", numbers: str = "grid", start: int = 1,
                 words: tuple[str, str] = ("the path steps between {a} and {b}",
                                           "the path does not step between {a} and {b}")):
        super().__init__(name, key, absent, words=words)
        self.steps, self.walls, self.numbers, self.start = steps, walls, numbers, start
        self.walled: Collection[Step] = frozenset()
        self.first: Cell = (0, 0)

    def on(self, puzzle: Any) -> Path:
        """The layer on one puzzle: its walls, and the cell the path starts from."""
        bound = copy.copy(self)
        bound.walled = getattr(puzzle, self.walls)
        bound.first = InOrder.numbers(getattr(puzzle, self.numbers))[self.start]
        return bound

    def pairs(self, height: int, width: int) -> list[Step]:
        return [pair for pair in super().pairs(height, width) if pair not in self.walled]

    def decode(self, values: Mapping[Hashable, int], height: int, width: int) -> tuple[Cell, ...]:
        return tuple(walk(self.first, [(a, b) for a, b in self.pairs(height, width)
                                       if values.get((self.key, a, b), 0)]))

    def answer_of(self, value: tuple, height: int, width: int) -> dict[Hashable, int]:
        used = {step(a, b) for a, b in zip(value, value[1:])}
        return {(self.key, a, b): int((a, b) in used) for a, b in self.pairs(height, width)}

    def normal(self, value: Any, height: int, width: int, source: str = SOLUTION,
               classic: bool = True) -> tuple[Cell, ...]:
        """The cells of the path in order, inside the grid, no more of them than cells."""
        if not isinstance(value, list):
            raise ParseError(f"solution field {self.name!r} must be a list, found {said(value)}",
                             source=source)
        if len(value) > height * width:
            raise ParseError(f"{self.name}: {len(value)} cells listed, but the {height}x{width} grid has "
                             f"{height * width}: the path visits each cell once", source=source)
        return tuple(listed_point(item, f"{self.name}[{i}]", height, width, source)
                     for i, item in enumerate(value))

    def to_json(self, value: tuple) -> list[list[int]]:
        return [list(cell) for cell in value]

    def marks(self, value: tuple) -> dict[Cell, str]:
        return super().marks(frozenset(step(a, b) for a, b in zip(value, value[1:])))

    def draw(self, canvas: Canvas, layout: Layout, value: Any, player: bool = False) -> None:
        steps = (value if isinstance(value, (set, frozenset))
                 else {step(a, b) for a, b in zip(value, value[1:])})
        super().draw(canvas, layout, steps, player)

    # a player's state: steps known used, known unused, and stretches of the path
    def state_fields(self) -> tuple[str, ...]:
        return (self.steps, self.absent, self.name)

    def read_state(self, data: Mapping[str, Any], height: int, width: int, **_: Any) -> dict[Hashable, int]:
        state: dict[Hashable, int] = {}
        first: dict[Hashable, tuple[str, str]] = {}  # key -> (field, place) where it was listed
        for name in self.state_fields():
            if name not in data:
                continue
            items = data[name]
            if not isinstance(items, list):
                raise ParseError(f"{name}: expected a list, found {said(items)}", source=STATE)
            for place, (a, b), value in self._entries(name, items, height, width):
                key = (self.key, a, b)
                if key in first:
                    seen, where = first[key]
                    if seen == name:
                        raise ParseError(f"{place}: the edge {cell_text(a)}-{cell_text(b)} is listed twice "
                                         f"(first as {where})", source=STATE)
                    if state[key] != value:
                        raise ParseError(f"{place}: the edge {cell_text(a)}-{cell_text(b)} is also listed in "
                                         f"{where}; it cannot be both", source=STATE)
                    continue
                first[key] = (name, place)
                state[key] = value
        return state

    def _entries(self, name: str, items: list, height: int, width: int) -> Iterable[tuple[str, Step, int]]:
        """``(place, step, value)`` of a state field's items, each step checked."""
        if name == self.name:  # cells walked in order: each step is a known-used one
            cells = [listed_point(v, f"{name}[{i}]", height, width, STATE) for i, v in enumerate(items)]
            pairs = [(f"{name}[{i}]", cells[i - 1], cells[i]) for i in range(1, len(cells))]
        else:
            pairs = []
            for i, raw in enumerate(items):
                place = f"{name}[{i}]"
                if not isinstance(raw, (list, tuple)) or len(raw) != 2:
                    raise ParseError(f"{place}: expected a pair of points, found {said(raw)}", source=STATE)
                pairs.append((place, *(listed_point(p, f"{place}[{j}]", height, width, STATE)
                                       for j, p in enumerate(raw))))
        value = 0 if name == self.absent else 1
        for place, a, b in pairs:
            a, b = step(a, b)
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise ParseError(f"{place}: {cell_text(a)} and {cell_text(b)} are not neighbours",
                                 source=STATE)
            if (a, b) in self.walled:
                raise ParseError(f"{place}: a wall lies between {a} and {b}", source=STATE)
            yield place, (a, b), value

    def write_state(self, state: Mapping[Hashable, int], height: int, width: int) -> dict[str, Any]:
        out: dict[str, list] = {self.steps: [], self.absent: []}
        for key, value in state.items():
            if not (is_int(value) and value in (0, 1)):
                raise ValueError(f"{key!r} has the value {value!r}; expected one of [0, 1]")
            out[self.absent if value == 0 else self.steps].append([list(key[1]), list(key[2])])  # type: ignore[index]
        return {name: sorted(items) for name, items in out.items()}

    def stray(self, key: Any, height: int, width: int) -> str:
        """A state's key that is no step of this puzzle, in words."""
        return f"{key!r} is not a {self.key} of this puzzle's answer"

    def variables(self, m: ModelBuilder, height: int, width: int) -> dict[Step, Lit]:
        pairs = self.pairs(height, width)
        return {(a, b): m.bool((self.key, a, b)) for a, b in m.deadline.paced(pairs, 1024)}  # type: ignore[attr-defined]


class GridThenWalls:
    """The file of a grid of `InOrder` numbers (or any grid layer) followed by an optional
    `Walls` section: the grid's rows, then ``walls:`` and one ``r1 c1 r2 c2`` line per wall.
    Header lines are refused."""

    @staticmethod
    def read(genre: Any, text: str, source: str) -> Any:
        (grid,), walls = genre.grids, next(layer for layer in genre.clues if isinstance(layer, Walls))
        lines = content_lines(text, source)
        split = next((i for i, line in enumerate(lines) if _WALLS.fullmatch(line.text.strip())), None)
        if split == 0:
            raise error(source, lines[0], 1, f"the grid must come before the '{walls.name}:' line")
        _, block = read_headers(lines if split is None else lines[:split], set(), source)
        rows = grid_rows(block, source)
        values: dict[str, Any] = {grid.name: grid.read(rows, block, source), walls.name: []}
        places: dict[tuple, tuple[Line, int]] = {}
        if split is not None:
            values[walls.name], places = walls.read_section(lines[split], lines[split + 1:], source)

        def place(at: tuple) -> tuple[Line, int]:
            if at in places:
                return places[at]
            if at and at[0] == grid.name and len(at) >= 3:
                return block[at[1]], rows[at[1]][at[2]].column
            if at and at[0] == grid.name and len(at) == 2:
                return block[at[1]], 1
            return block[0], rows[0][0].column if at and at[0] == grid.name else 1

        try:
            return genre.make(len(rows), len(rows[0]), values)
        except ParseError as exc:
            if not hasattr(exc, "at"):
                raise
            refs = [place(ref) for ref in getattr(exc, "refs", ())]
            reason = exc.template.format(*(f"line {line.number}, column {col}" for line, col in refs))  # type: ignore[attr-defined]
            raise error(source, *place(tuple(exc.at)), reason) from None  # type: ignore[attr-defined]

    @staticmethod
    def write(genre: Any, puzzle: Any) -> str:
        out = []
        for layer in genre.grids:
            out += layer.write(getattr(puzzle, layer.name))
        for layer in genre.clues:
            if isinstance(layer, Walls):
                out += layer.write_section(getattr(puzzle, layer.name))
        return "\n".join(out) + "\n"
