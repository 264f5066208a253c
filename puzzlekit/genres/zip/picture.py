"""Zip: the numbers in black discs, walls as heavy segments between cells, the path."""

from __future__ import annotations

from typing import Any

from ...board.canvas import INK, LINE, STATE
from ...render import common
from .. import zip as zipgenre


def draw(puzzle: zipgenre.Puzzle, solution: zipgenre.Solution | None, state: Any, highlight: Any) -> str:
    h, w = puzzle.height, puzzle.width
    known = common.read_state(zipgenre, puzzle, state)
    marked = common.read_highlight(highlight, h, w)
    layout = common.Layout(h, w)
    canvas = layout.canvas(f"Zip {h}x{w}" + (", solved" if solution else ""))
    common.draw_highlight(canvas, layout, marked)
    common.draw_grid(canvas, layout, stroke="#C8C8C8")
    width = layout.cell * 0.36
    if solution is not None:
        common.draw_segments(canvas, layout, solution.edges, "path", LINE, width)
    present, absent = common.split(known, "edge")
    common.draw_segments(canvas, layout, common.edge_keys(present), "path state", STATE, width * 0.6)
    common.draw_edge_crosses(canvas, layout, common.edge_keys(absent))
    # a wall lies on the side two cells share
    for a, b in sorted(puzzle.walls):
        if a[0] == b[0]:  # side by side: a vertical wall
            x = layout.x(max(a[1], b[1]))
            y1, y2 = layout.y(a[0]), layout.y(a[0] + 1)
            canvas.line(x, y1, x, y2, cls="wall", stroke=INK, stroke_width=6.0, stroke_linecap="round")
        else:
            y = layout.y(max(a[0], b[0]))
            x1, x2 = layout.x(a[1]), layout.x(a[1] + 1)
            canvas.line(x1, y, x2, y, cls="wall", stroke=INK, stroke_width=6.0, stroke_linecap="round")
    radius = layout.cell * 0.3
    size = layout.cell * (0.4 if puzzle.last < 10 else 0.3)
    for k, cell in sorted(puzzle.numbers().items()):
        x, y = layout.centre(cell)
        canvas.circle(x, y, radius, cls="disc", fill=INK)
        canvas.text(x, y, str(k), size, cls="number", weight="bold", fill="#FFFFFF")
    return canvas.to_string()
