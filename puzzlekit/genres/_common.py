"""Helpers shared by genre modules: edge lists in JSON, solution-file checks, drawing."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .. import unionfind
from ..errors import ParseError
from ..grid import Cell, CellEdge, edge

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


def edges_to_json(edges: Iterable[CellEdge]) -> list[list[list[int]]]:
    """Edges as JSON: each pair sorted, the list sorted."""
    return [[list(a), list(b)] for a, b in sorted(edge(a, b) for a, b in edges)]


def point(value: Any, what: str) -> Cell:
    """A ``[r, c]`` JSON value as a cell, or a ParseError."""
    if (
        not isinstance(value, (list, tuple)) or len(value) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)
    ):
        raise ParseError(f"{what}: expected [row, col], found {value!r}", source="solution")
    return (value[0], value[1])


def edges_from_json(data: Any, key: str = "edges") -> frozenset[CellEdge]:
    """Read ``{"edges": [[[r,c],[r,c]], ...]}`` into a set of sorted edges."""
    items = require(data, key, list)
    out: set[CellEdge] = set()
    for i, item in enumerate(items):
        if not isinstance(item, (list, tuple)) or len(item) != 2:
            raise ParseError(f"{key}[{i}]: expected a pair of points, found {item!r}", source="solution")
        out.add(edge(point(item[0], f"{key}[{i}][0]"), point(item[1], f"{key}[{i}][1]")))
    return frozenset(out)


def require(data: Any, key: str, kind: type) -> Any:
    """``data[key]`` checked to be of a JSON type, or a ParseError."""
    if not isinstance(data, dict) or key not in data:
        raise ParseError(f"solution JSON has no {key!r} field", source="solution")
    value = data[key]
    if not isinstance(value, kind):
        raise ParseError(f"solution field {key!r} must be a {kind.__name__}", source="solution")
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
