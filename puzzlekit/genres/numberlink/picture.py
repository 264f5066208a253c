"""Numberlink: the numbers in their cells, each pair's path in its own colour."""

from __future__ import annotations

from typing import Any

from ...board.canvas import INK, OKABE_ITO, STATE, TOL_MUTED
from ...render import common
from .. import numberlink

#: Path colours, Okabe-Ito first, then Paul Tol's muted scheme; past those they repeat (the
#: numbers at the ends still tell the paths apart).
COLOURS = OKABE_ITO + TOL_MUTED


def colour(k: int) -> str:
    """The colour of number ``k``'s path."""
    return COLOURS[(k - 1) % len(COLOURS)]


def draw(
    puzzle: numberlink.Puzzle, solution: numberlink.Solution | None, state: Any, highlight: Any
) -> str:
    h, w = puzzle.height, puzzle.width
    known = common.read_state(numberlink, puzzle, state)
    marked = common.read_highlight(highlight, h, w)
    layout = common.Layout(h, w)
    canvas = layout.canvas(f"Numberlink {h}x{w}" + (", solved" if solution else ""))
    common.draw_highlight(canvas, layout, marked)
    common.draw_grid(canvas, layout)
    width = layout.cell * 0.26
    if solution is not None:
        by_number: dict[int, list] = {}
        for a, b in sorted(solution.edges):
            k = solution.cells[a[0]][a[1]] or solution.cells[b[0]][b[1]]
            by_number.setdefault(k, []).append((a, b))
        for k, edges in sorted(by_number.items()):
            cls, stroke = (f"path n{k}", colour(k)) if k else ("path", STATE)
            common.draw_segments(canvas, layout, edges, cls, stroke, width)
    present, absent = common.split(known, "edge")
    common.draw_segments(canvas, layout, common.edge_keys(present), "path state", STATE, width * 0.6)
    common.draw_edge_crosses(canvas, layout, common.edge_keys(absent))
    radius = layout.cell * 0.36
    size = layout.cell * (0.5 if max(puzzle.numbers().values()) < 100 else 0.36)
    for cell, k in sorted(puzzle.numbers().items()):
        x, y = layout.centre(cell)
        ring = colour(k) if solution is not None else INK
        canvas.circle(x, y, radius, cls=f"end n{k}", fill="#FFFFFF", stroke=ring, stroke_width=3.0)
        canvas.text(x, y, str(k), size, cls="number", weight="bold")
    return canvas.to_string()
