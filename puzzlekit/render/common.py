"""Drawing shared by the genre pictures: the cell layout, grid lines, lines through cell
centres, marks for known-absent entries, highlights, a player's state, region colours."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from types import ModuleType
from typing import Any

from ..board.canvas import CELL as CELL  # the layout's sizes, read by the drawers as common.CELL
from ..board.canvas import FAINT, INK, Canvas, Layout, num
from ..board.canvas import MARGIN as MARGIN
from ..board.canvas import draw_dot as draw_dot  # drawn once, below the genres
from ..board.canvas import draw_grid as draw_grid
from ..board.canvas import draw_highlight as draw_highlight
from ..errors import PuzzlekitError
from ..grid import Cell, CellEdge


class RenderError(PuzzlekitError, ValueError):
    """A state, highlight or solution that does not fit the puzzle being drawn."""


# a player's state and the highlight ------------------------------------------------------


def read_state(genre: ModuleType, puzzle: Any, state: Any) -> dict[Hashable, int]:
    """A state checked against the genre's answer key: every key one of the model's output
    keys, every value in that variable's range."""
    if not state:
        return {}
    if not isinstance(state, dict):
        raise RenderError(f"a state is a dict of answer-key values by key, not {type(state).__name__}")
    model = genre.model(puzzle)
    domain = {model.vars[i].key: (model.vars[i].lo, model.vars[i].hi) for i in model.output}
    out: dict[Hashable, int] = {}
    for key, value in state.items():
        if key not in domain:
            raise RenderError(
                f"the state names {key!r}, which is not in this {genre.NAME} puzzle's answer key"
            )
        lo, hi = domain[key]
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise RenderError(f"the state gives {key!r} the value {value!r}; expected {lo}..{hi}")
        out[key] = value
    return out


def read_highlight(cells: Iterable[Any], height: int, width: int) -> list[Cell]:
    """The highlighted cells, checked to lie on the grid, sorted and without repeats."""
    out: set[Cell] = set()
    if cells and (isinstance(cells, (str, bytes)) or not isinstance(cells, Iterable)):
        raise RenderError(f"highlight takes cells (r, c), not {type(cells).__name__}")
    for cell in cells or ():
        if (
            not isinstance(cell, (tuple, list)) or len(cell) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in cell)
            or not (0 <= cell[0] < height and 0 <= cell[1] < width)
        ):
            raise RenderError(f"cannot highlight {cell!r}: not a cell (r, c) of the {height}x{width} grid")
        out.add((cell[0], cell[1]))
    return sorted(out)


def split(state: dict[Hashable, int], kind: str) -> tuple[dict[Hashable, int], list[Hashable]]:
    """The state's entries of one kind (the key's first item): known values other than 0, and
    the keys known to be 0 (absent), each in sorted order."""
    present = {k: v for k, v in sorted(state.items(), key=repr) if k[0] == kind and v}  # type: ignore[index]
    absent = sorted((k for k, v in state.items() if k[0] == kind and not v), key=repr)  # type: ignore[index]
    return present, absent


# drawing -------------------------------------------------------------------------------


def chains(edges: Iterable[tuple[Hashable, Hashable]]) -> list[tuple[list[Any], bool]]:
    """An edge set as few unbroken runs: ``(points, closed)`` each, found in a fixed order.

    Runs start at points where the line ends or branches, then the remaining closed loops
    each from their smallest point; every edge lies in exactly one run.
    """
    links: dict[Any, list[Any]] = {}
    for a, b in sorted(edges):  # type: ignore[type-var]
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    used: set[frozenset[Any]] = set()
    out: list[tuple[list[Any], bool]] = []

    def walk(start: Any) -> tuple[list[Any], bool]:
        points = [start]
        while True:
            here = points[-1]
            ahead = [n for n in sorted(links[here]) if frozenset((here, n)) not in used]
            if not ahead:
                return points, False
            used.add(frozenset((here, ahead[0])))
            if ahead[0] == start:
                return points, True
            points.append(ahead[0])
            if len(links[ahead[0]]) != 2:
                return points, False

    for point in sorted(p for p in links if len(links[p]) != 2):
        while any(frozenset((point, n)) not in used for n in links[point]):
            out.append(walk(point))
    for point in sorted(links):
        if any(frozenset((point, n)) not in used for n in links[point]):
            out.append(walk(point))
    return out


def draw_lines(
    canvas: Canvas, edges: Iterable[tuple[Hashable, Hashable]], where: Any, cls: str, stroke: str,
    width: float,
) -> None:
    """A line along edges, one ``<path>`` per unbroken run (``where`` maps a point to x, y), with
    round joins; a path has one ``L`` (or closing ``Z``) per edge."""
    for points, closed in chains(edges):
        xy = [where(p) for p in points]
        d = f"M{num(xy[0][0])} {num(xy[0][1])}" + "".join(f"L{num(x)} {num(y)}" for x, y in xy[1:])
        canvas.path(d + ("Z" if closed else ""), cls, fill="none", stroke=stroke, stroke_width=width,
                    stroke_linecap="round", stroke_linejoin="round")


def draw_segments(
    canvas: Canvas, layout: Layout, edges: Iterable[CellEdge], cls: str, stroke: str, width: float
) -> None:
    """A line through the centres of the cells the edges join."""
    draw_lines(canvas, edges, layout.centre, cls, stroke, width)


def draw_edge_crosses(canvas: Canvas, layout: Layout, edges: Iterable[CellEdge]) -> None:
    """Known-absent steps between cell centres: a small cross on the side the two cells share."""
    for a, b in sorted(edges):
        (x1, y1), (x2, y2) = layout.centre(a), layout.centre(b)
        canvas.cross((x1 + x2) / 2, (y1 + y2) / 2, layout.cell * 0.12)


def edge_keys(entries: Iterable[Hashable]) -> list[CellEdge]:
    """The ``(a, b)`` of ``("edge", a, b)`` keys."""
    return [(k[1], k[2]) for k in entries]  # type: ignore[index]


def colour_regions(
    regions: list[Hashable], touching: dict[Hashable, set[Hashable]], palette: tuple[str, ...]
) -> dict[Hashable, str]:
    """A colour per region, neighbours different: every region its own colour while the palette
    lasts, else greedily in the given order (least used colour among those neighbours leave free)."""
    if len(regions) <= len(palette):
        return {region: palette[i] for i, region in enumerate(regions)}
    out: dict[Hashable, str] = {}
    used = dict.fromkeys(palette, 0)
    for region in regions:
        taken = {out[n] for n in touching.get(region, ()) if n in out}
        free = [p for p in palette if p not in taken] or list(palette)
        choice = min(free, key=lambda p: (used[p], palette.index(p)))
        out[region] = choice
        used[choice] += 1
    return out


def draw_region_borders(
    canvas: Canvas, layout: Layout, owner: dict[Cell, Hashable], stroke: str = INK, width: float = 2.5
) -> int:
    """A line on every side between two cells of different regions; returns how many."""
    count = 0
    for (r, c), here in sorted(owner.items()):
        for other, (x1, y1, x2, y2) in (
            ((r, c + 1), (layout.x(c + 1), layout.y(r), layout.x(c + 1), layout.y(r + 1))),
            ((r + 1, c), (layout.x(c), layout.y(r + 1), layout.x(c + 1), layout.y(r + 1))),
        ):
            if other in owner and owner[other] != here:
                canvas.line(x1, y1, x2, y2, cls="region-border", stroke=stroke, stroke_width=width,
                            stroke_linecap="square")
                count += 1
    return count


def faint_grid(canvas: Canvas, layout: Layout) -> None:
    """Light cell lines and a dark border: for genres drawn over coloured or plain cells."""
    draw_grid(canvas, layout, stroke=FAINT)
