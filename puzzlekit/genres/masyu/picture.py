"""Masyu: white and black pearls in a grid, the loop through cell centres."""

from __future__ import annotations

from typing import Any

from ...board.canvas import INK, LINE, STATE
from ...render import common
from .. import masyu


def draw(puzzle: masyu.Puzzle, solution: masyu.Solution | None, state: Any, highlight: Any) -> str:
    h, w = puzzle.height, puzzle.width
    known = common.read_state(masyu, puzzle, state)
    marked = common.read_highlight(highlight, h, w)
    layout = common.Layout(h, w)
    canvas = layout.canvas(f"Masyu {h}x{w}" + (", solved" if solution else ""))
    common.draw_highlight(canvas, layout, marked)
    common.draw_grid(canvas, layout)
    radius = layout.cell * 0.34
    for cell, pearl in sorted(puzzle.pearls().items()):
        x, y = layout.centre(cell)
        if pearl == masyu.WHITE:
            canvas.circle(x, y, radius, cls="pearl white", fill="#FFFFFF", stroke=INK, stroke_width=2.0)
        else:
            canvas.circle(x, y, radius, cls="pearl black", fill=INK, stroke=INK, stroke_width=2.0)
    width = layout.cell * 0.14
    if solution is not None:
        common.draw_segments(canvas, layout, solution.edges, "loop", LINE, width)
    present, absent = common.split(known, "edge")
    common.draw_segments(canvas, layout, common.edge_keys(present), "loop state", STATE, width)
    common.draw_edge_crosses(canvas, layout, common.edge_keys(absent))
    return canvas.to_string()
