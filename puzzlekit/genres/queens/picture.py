"""Queens: regions in colours colour-blind players can tell apart (Paul Tol's light scheme),
heavy borders between regions so colour is not the only cue, queens as crowns."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ... import grid
from ...board.canvas import INK, STATE, TOL_LIGHT, Canvas
from ...grid import Cell
from ...render import common
from .. import queens


def crown(canvas: Canvas, x: float, y: float, size: float, cls: str, fill: str) -> None:
    """A crown centred on (x, y), ``size`` wide: a band and five points, as one closed shape."""
    s = size / 2
    points = [
        (-1.0, 0.55), (-1.0, -0.45), (-0.55, 0.0), (-0.27, -0.7), (0.0, -0.1), (0.27, -0.7),
        (0.55, 0.0), (1.0, -0.45), (1.0, 0.55),
    ]
    canvas.polygon([(x + px * s, y + py * s) for px, py in points], cls=cls, fill=fill,
                   stroke="#FFFFFF", stroke_width=1.0, stroke_linejoin="round")


def region_colours(puzzle: queens.Puzzle) -> dict[Hashable, str]:
    """A colour per region label; regions that touch get different colours."""
    regions = puzzle.regions()
    owner = {cell: label for label, cells in regions.items() for cell in cells}
    touching: dict[Hashable, set[Hashable]] = {label: set() for label in regions}
    for cell, label in owner.items():
        for other in grid.neighbours(cell, puzzle.n, puzzle.n):
            if owner[other] != label:
                touching[label].add(owner[other])
    return common.colour_regions(list(regions), touching, TOL_LIGHT)


def draw(puzzle: queens.Puzzle, solution: queens.Solution | None, state: Any, highlight: Any) -> str:
    n = puzzle.n
    known = common.read_state(queens, puzzle, state)
    marked = common.read_highlight(highlight, n, n)
    layout = common.Layout(n, n)
    canvas = layout.canvas(f"Queens {n}x{n}" + (", solved" if solution else ""))
    colours = region_colours(puzzle)
    owner: dict[Cell, Hashable] = {}
    for index, (label, cells) in enumerate(puzzle.regions().items()):
        for r, c in cells:
            owner[(r, c)] = label
            canvas.rect(layout.x(c), layout.y(r), layout.cell, layout.cell,
                        cls=f"cell region-{index}", fill=colours[label])
    common.draw_highlight(canvas, layout, marked)
    common.faint_grid(canvas, layout)
    common.draw_region_borders(canvas, layout, owner, width=3.0)
    size = layout.cell * 0.62
    for cell in solution.queens if solution is not None else ():
        crown(canvas, *layout.centre(cell), size, "queen", INK)
    present, absent = common.split(known, "queen")
    for key in present:
        crown(canvas, *layout.centre((key[1], key[2])), size, "queen state", STATE)  # type: ignore[index]
    for key in absent:
        x, y = layout.centre((key[1], key[2]))  # type: ignore[index]
        canvas.cross(x, y, layout.cell * 0.14, stroke=INK, width=2.0)
    return canvas.to_string()
