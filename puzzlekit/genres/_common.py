"""Helpers shared by genre modules: puzzle-data checks, solution JSON, rule checks, drawing."""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from .. import textio, unionfind
from ..errors import ParseError
from ..grid import Cell, CellEdge, edge

#: The source named by errors in puzzle data made in Python (there is no file, line or column).
PUZZLE = "<puzzle>"
#: The source named by errors in solution JSON (the command line puts the file name there).
SOLUTION = "solution"

#: Box-drawing character for a cell by the set of directions its line takes.
BOX = {
    frozenset(): " ",
    frozenset("UD"): "│", frozenset("LR"): "─",
    frozenset("DR"): "┌", frozenset("DL"): "┐", frozenset("UR"): "└", frozenset("UL"): "┘",
    frozenset("U"): "╵", frozenset("D"): "╷", frozenset("L"): "╴", frozenset("R"): "╶",
    frozenset("UDR"): "├", frozenset("UDL"): "┤", frozenset("DLR"): "┬", frozenset("ULR"): "┴",
    frozenset("UDLR"): "┼",
}


class GridShape:
    """Height and width of a puzzle stored as ``grid`` rows (a mixin for frozen dataclasses)."""

    grid: tuple[tuple[Any, ...], ...]

    @property
    def height(self) -> int:
        return len(self.grid)

    @property
    def width(self) -> int:
        return len(self.grid[0])


class LineShape:
    """Height and width of a puzzle given by one clue per row and per column (a mixin)."""

    rows: tuple[Any, ...]
    cols: tuple[Any, ...]

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.cols)


# values in messages ---------------------------------------------------------------------


class _Shown(reprlib.Repr):
    """`repr` cut short: a few items of a list, a few levels of nesting, no huge numbers."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxtuple = self.maxlist = self.maxset = self.maxfrozenset = self.maxdeque = 6
        self.maxdict = 4
        self.maxstring = self.maxlong = self.maxother = 40

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 4000:  # int -> str refuses over 4,300 digits
            return f"<an integer of about {int(x.bit_length() * 0.30103)} digits>"
        return super().repr_int(x, level)


_SHOWN = _Shown()


def shown(value: Any, limit: int = 100) -> str:
    """A value for an error message: its `repr`, shortened when long, deep or huge."""
    text = _SHOWN.repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def is_int(value: Any) -> bool:
    """Whether a value is an integer (``True`` and ``False`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def cell_text(cell: tuple[Any, Any]) -> str:
    """A cell as ``(r, c)`` in a message (huge numbers shortened)."""
    return f"({shown(cell[0])}, {shown(cell[1])})"


# puzzle data ----------------------------------------------------------------------------


def field_name(at: tuple) -> str:
    """A place in puzzle data as text: ``("grid", 2, 5)`` -> ``grid[2][5]``."""
    if not at:
        return ""
    return str(at[0]) + "".join(f"[{i}]" for i in at[1:])


class Invalid(ParseError):
    """Puzzle data that breaks a rule of its genre, raised while a Puzzle is made.

    ``at`` is the place, a field name and indexes such as ``("grid", 2, 5)`` or ``("cols", 3)``.
    For data made in Python the message starts with it (``<puzzle>: grid[2][5]: ...``); a
    parser reports the line and column of that place instead (see `located`). ``refs`` are
    further places the reason names as ``{0}``, ``{1}``, ...; ``field`` replaces the printed
    place (``""``: none).
    """

    def __init__(self, reason: str, at: tuple = (), refs: tuple = (), field: str | None = None):
        self.at = at
        self.refs = refs
        self.template = reason
        text = reason.format(*map(field_name, refs)) if refs else reason
        label = field_name(at) if field is None else field
        super().__init__(f"{label}: {text}" if label else text, source=PUZZLE)


Place = Callable[[tuple], tuple[Any, int]]


@contextmanager
def located(source: str, place: Place, ref_text: Callable[[Any, int], str] | None = None) -> Iterator[None]:
    """Turn `Invalid` raised inside into a ParseError at a line and column of the file.

    ``place(at)`` gives the `textio.Line` and column of a place; ``ref_text(line, column)``
    words a further place the message names (default ``line L column C``).
    """
    try:
        yield
    except Invalid as exc:
        line, column = place(exc.at)
        words = []
        for ref in exc.refs:
            ref_line, ref_column = place(ref)
            words.append(
                ref_text(ref_line, ref_column) if ref_text else f"line {ref_line.number} column {ref_column}"
            )
        reason = exc.template.format(*words) if exc.refs else exc.template
        raise textio.error(source, line, column, reason) from None


def grid_place(lines: list[textio.Line], rows: list[list[textio.Token]], **others: tuple[Any, int]) -> Place:
    """`located`'s place for a grid read with `textio.grid_rows`.

    ``("grid", r, c)`` is that cell's token, ``("grid", r)`` the start of its line, ``("grid",)``
    the first cell; ``others`` gives the line and column of other fields by name.
    """

    def place(at: tuple) -> tuple[Any, int]:
        if at and at[0] == "grid":
            if len(at) >= 3:
                return lines[at[1]], rows[at[1]][at[2]].column
            if len(at) == 2:
                return lines[at[1]], 1
            return lines[0], rows[0][0].column if rows and rows[0] else 1
        if at and at[0] in others:
            return others[at[0]]
        return lines[0], 1

    return place


def sequence(value: Any, at: tuple, what: str) -> tuple:
    """A list or tuple as a tuple, or `Invalid` naming what was expected."""
    if isinstance(value, (list, tuple)):
        return tuple(value)
    raise Invalid(f"expected {what}, found {shown(value)}", at)


def check_size(height: int, width: int, at: tuple) -> None:
    """`Invalid` for a grid that is empty or over `textio.MAX_SIDE` / `textio.MAX_CELLS`."""
    problem = textio.size_problem(height, width)
    if problem:
        raise Invalid(problem, at)


def grid_of(value: Any, cell: Callable[[Any, tuple], Any], name: str = "grid") -> tuple[tuple, ...]:
    """Rows of cells from a list or tuple of equally long lists or tuples within the size limits;
    each cell goes through ``cell(value, at)``, which returns it (converted) or raises `Invalid`."""
    rows = sequence(value, (name,), "a tuple of rows")
    first = sequence(rows[0], (name, 0), "a row (a tuple of cells)") if rows else ()
    check_size(len(rows), len(first), (name,))
    out = []
    for r, row in enumerate(rows):
        row = sequence(row, (name, r), "a row (a tuple of cells)")
        if len(row) != len(first):
            raise Invalid(
                f"ragged grid: expected {len(first)} cells in this row (as in row 0), found {len(row)}",
                (name, r),
            )
        out.append(tuple(cell(v, (name, r, c)) for c, v in enumerate(row)))
    return tuple(out)


def int_cell(lo: int, hi: int, expected: str) -> Callable[[Any, tuple], int]:
    """A cell checker for `grid_of`: an integer ``lo..hi``, else ``expected ..., found ...``."""

    def cell(value: Any, at: tuple) -> int:
        if is_int(value) and lo <= value <= hi:
            return int(value)
        raise Invalid(f"expected {expected}, found {shown(value)}", at)

    return cell


def counts_of(value: Any, name: str, limit: int, unit: str, what: str = "count") -> tuple[int, ...]:
    """Counts per row or column: whole numbers from 0 to ``limit`` (the ``unit`` of a line)."""
    items = sequence(value, (name,), f"a tuple of {what}s")
    for i, n in enumerate(items):
        if not is_int(n):
            raise Invalid(f"expected a {what} (a whole number), found {shown(n)}", (name, i))
        if n < 0:
            raise Invalid(f"a {what} cannot be negative, found {n}", (name, i))
        if n > limit:
            raise Invalid(f"count {shown(n)} is more than the {limit} {unit} of the grid", (name, i))
    return tuple(int(n) for n in items)


def cell_of(value: Any, at: tuple, height: int, width: int, what: str = "cell") -> Cell:
    """A ``(row, column)`` pair inside the grid, or `Invalid`."""
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(map(is_int, value)):
        raise Invalid(f"expected a {what} (row, column), found {shown(value)}", at)
    r, c = int(value[0]), int(value[1])
    if not (0 <= r < height and 0 <= c < width):
        raise Invalid(
            f"{what} {cell_text((r, c))} is outside the {height}x{width} grid "
            f"(rows 0..{height - 1}, columns 0..{width - 1})",
            at,
        )
    return (r, c)


def assign(obj: Any, **fields: Any) -> None:
    """Set fields of a frozen dataclass (from its ``__post_init__``)."""
    for name, value in fields.items():
        object.__setattr__(obj, name, value)


# solution JSON ---------------------------------------------------------------------------


def edges_to_json(edges: Iterable[CellEdge]) -> list[list[list[int]]]:
    """Edges as JSON: each pair sorted, the list sorted."""
    return [[list(a), list(b)] for a, b in sorted(edge(a, b) for a, b in edges)]


def refuse(message: str) -> ParseError:
    """A ParseError about solution JSON."""
    return ParseError(message, source=SOLUTION)


def grid_bounds(height: int, width: int) -> tuple[int, int, str]:
    """The ``bounds`` of `point` for the cells of a grid."""
    return height, width, f"the {height}x{width} grid"


def lattice_bounds(height: int, width: int) -> tuple[int, int, str]:
    """The ``bounds`` of `point` for the corners of a grid's cells."""
    return height + 1, width + 1, (
        f"the lattice points of the {height}x{width} grid (rows 0..{height}, columns 0..{width})"
    )


def point(value: Any, what: str, bounds: tuple[int, int, str] | None = None) -> Cell:
    """A ``[r, c]`` JSON value as a cell, or a ParseError; with ``bounds`` (`grid_bounds`,
    `lattice_bounds`) it must lie inside them."""
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(map(is_int, value)):
        raise refuse(f"{what}: expected [row, col], found {shown(value)}")
    cell = (int(value[0]), int(value[1]))
    if bounds is not None:
        height, width, name = bounds
        if not (0 <= cell[0] < height and 0 <= cell[1] < width):
            raise refuse(f"{what}: {cell_text(cell)} is outside {name}")
    return cell


def edges_from_json(
    data: Any, key: str = "edges", bounds: tuple[int, int, str] | None = None
) -> frozenset[CellEdge]:
    """Read ``{"edges": [[[r,c],[r,c]], ...]}`` into a set of sorted edges; with ``bounds``
    every point lies inside them, and no edge may be listed twice."""
    items = require(data, key, list)
    first: dict[CellEdge, int] = {}
    for i, item in enumerate(items):
        if not isinstance(item, (list, tuple)) or len(item) != 2:
            raise refuse(f"{key}[{i}]: expected a pair of points, found {shown(item)}")
        pair = edge(point(item[0], f"{key}[{i}][0]", bounds), point(item[1], f"{key}[{i}][1]", bounds))
        if bounds is not None and pair in first:
            raise refuse(
                f"{key}[{i}]: the edge {cell_text(pair[0])}-{cell_text(pair[1])} is listed twice "
                f"(first as {key}[{first[pair]}])"
            )
        first.setdefault(pair, i)
    return frozenset(first)


def points_from_json(data: Any, key: str, bounds: tuple[int, int, str], what: str) -> list[Cell]:
    """Read ``{key: [[r, c], ...]}``: points inside ``bounds``, none listed twice (``what``: the thing)."""
    items = require(data, key, list)
    first: dict[Cell, int] = {}
    for i, item in enumerate(items):
        cell = point(item, f"{key}[{i}]", bounds)
        if cell in first:
            raise refuse(
                f"{key}[{i}]: {what} {cell_text(cell)} is listed twice (first as {key}[{first[cell]}])"
            )
        first[cell] = i
    return list(first)


def require(data: Any, key: str, kind: type) -> Any:
    """``data[key]`` checked to be of a JSON type, or a ParseError."""
    if not isinstance(data, dict) or key not in data:
        raise refuse(f"solution JSON has no {key!r} field")
    value = data[key]
    if not isinstance(value, kind):
        raise refuse(f"solution field {key!r} must be a {kind.__name__}, found {shown(value)}")
    return value


def degrees(edges: Iterable[CellEdge]) -> dict[Cell, int]:
    """How many edges touch each point."""
    deg: dict[Cell, int] = {}
    for a, b in edges:
        deg[a] = deg.get(a, 0) + 1
        deg[b] = deg.get(b, 0) + 1
    return deg


def components(edges: Iterable[CellEdge]) -> list[set[Cell]]:
    """Connected pieces (node sets) of an edge set."""
    return unionfind.components((), edges)


def line_directions(edges: Iterable[CellEdge]) -> dict[Cell, set[str]]:
    """For each cell, the directions (U, D, L, R) in which a chosen edge leaves it."""
    from ..grid import direction_between

    out: dict[Cell, set[str]] = {}
    for a, b in edges:
        out.setdefault(a, set()).add(direction_between(a, b))
        out.setdefault(b, set()).add(direction_between(b, a))
    return out


def draw_lines(height: int, width: int, edges: Iterable[CellEdge], marks: dict[Cell, str]) -> str:
    """Cells as box-drawing characters; a mark (a pearl, a number) replaces the line glyph.

    Each cell is two characters wide so horizontal lines stay visible between marks.
    """
    dirs = line_directions(edges)
    out = []
    for r in range(height):
        row = []
        for c in range(width):
            d = dirs.get((r, c), set())
            glyph = marks.get((r, c)) or BOX.get(frozenset(d), "?")
            row.append(glyph + ("─" if "R" in d else " "))
        out.append("".join(row).rstrip())
    return "\n".join(out)


def check_cell_edges(edges: Iterable[CellEdge], height: int, width: int) -> list[str]:
    """Problems with edges that leave the grid or join cells that are not adjacent."""
    problems = []
    for a, b in sorted(edges):
        if not (0 <= a[0] < height and 0 <= a[1] < width and 0 <= b[0] < height and 0 <= b[1] < width):
            problems.append(f"edge {list(a)}-{list(b)} leaves the {height}x{width} grid")
        elif abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            problems.append(f"edge {list(a)}-{list(b)} does not join orthogonal neighbours")
    return problems


def check_single_loop(edges: Iterable[CellEdge]) -> list[str]:
    """Problems that stop an edge set from being exactly one closed loop."""
    edges = list(edges)
    if not edges:
        return ["there is no loop"]
    problems = [
        f"the line {'branches' if d > 2 else 'ends'} at {p}"
        for p, d in sorted(degrees(edges).items()) if d != 2
    ]
    pieces = components(edges)
    if len(pieces) > 1:
        problems.append(f"the line is in {len(pieces)} separate pieces, not one loop")
    return problems
