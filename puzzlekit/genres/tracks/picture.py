"""Tracks: column totals above the grid, row totals to its right, given pieces, the path."""

from __future__ import annotations

from typing import Any

from ... import grid
from ...board.canvas import INK, LINE, STATE, num
from ...render import common
from .. import tracks


def draw(puzzle: tracks.Puzzle, solution: tracks.Solution | None, state: Any, highlight: Any) -> str:
    h, w = puzzle.height, puzzle.width
    known = common.read_state(tracks, puzzle, state)
    marked = common.read_highlight(highlight, h, w)
    size = common.CELL * 0.5
    layout = common.Layout(h, w, top=common.CELL * 1.1, right=common.CELL * 1.1)
    canvas = layout.canvas(f"Tracks {h}x{w}" + (", solved" if solution else ""))
    common.draw_highlight(canvas, layout, marked)
    common.draw_grid(canvas, layout)
    for c, k in enumerate(puzzle.cols):
        canvas.text(layout.x(c + 0.5), layout.top - layout.cell * 0.5, str(k), size, cls="count column")
    for r, k in enumerate(puzzle.rows):
        canvas.text(layout.x(w) + layout.cell * 0.55, layout.y(r + 0.5), str(k), size, cls="count row")
    # the given pieces: from the cell's centre to the middle of each side it connects to
    # (an exit out of the grid reaches past the border)
    half = layout.cell / 2
    for cell, piece in puzzle.givens:
        x, y = layout.centre(cell)
        ends = []
        for letter in piece:
            dr, dc = grid.STEPS[letter]
            reach = half * (1.3 if not grid.inside(grid.step(cell, letter), h, w) else 1.0)
            ends.append((x + dc * reach, y + dr * reach))
        d = f"M{num(ends[0][0])} {num(ends[0][1])}L{num(x)} {num(y)}L{num(ends[1][0])} {num(ends[1][1])}"
        canvas.path(d, "given", fill="none", stroke=INK, stroke_width=layout.cell * 0.2,
                    stroke_linecap="butt", stroke_linejoin="miter")
    width = layout.cell * 0.14
    if solution is not None:
        common.draw_segments(canvas, layout, solution.edges, "path", LINE, width)
    present, absent = common.split(known, "edge")
    common.draw_segments(canvas, layout, common.edge_keys(present), "path state", STATE, width)
    common.draw_edge_crosses(canvas, layout, common.edge_keys(absent))
    # the two ends: letters A (start) and B (end) in the cell's corner
    for cell, letter, cls in ((puzzle.start, "A", "end start"), (puzzle.end, "B", "end finish")):
        canvas.text(layout.x(cell[1]) + layout.cell * 0.2, layout.y(cell[0]) + layout.cell * 0.2,
                    letter, layout.cell * 0.3, cls=cls, weight="bold")
    return canvas.to_string()
