"""Slitherlink: dots at the lattice points, clue digits in the cells, the loop between dots."""

from __future__ import annotations

from typing import Any

from ...board.canvas import INK, LINE, STATE
from ...grid import Cell
from ...render import common
from .. import slitherlink


def draw(
    puzzle: slitherlink.Puzzle, solution: slitherlink.Solution | None, state: Any, highlight: Any
) -> str:
    h, w = puzzle.height, puzzle.width
    known = common.read_state(slitherlink, puzzle, state)
    marked = common.read_highlight(highlight, h, w)
    layout = common.Layout(h, w)
    canvas = layout.canvas(f"Slitherlink {h}x{w}" + (", solved" if solution else ""))
    common.draw_highlight(canvas, layout, marked)

    def point(p: Cell) -> tuple[float, float]:
        return layout.x(p[1]), layout.y(p[0])

    for (r, c), clue in sorted(puzzle.clues().items()):
        x, y = layout.centre((r, c))
        canvas.text(x, y, str(clue), layout.cell * 0.5, cls="clue")
    width = layout.cell * 0.1
    if solution is not None:
        common.draw_lines(canvas, solution.edges, point, "loop", LINE, width)
    present, absent = common.split(known, "edge")
    common.draw_lines(canvas, common.edge_keys(present), point, "loop state", STATE, width)
    for p, q in common.edge_keys(absent):
        (x1, y1), (x2, y2) = point(p), point(q)
        canvas.cross((x1 + x2) / 2, (y1 + y2) / 2, layout.cell * 0.1)
    for r in range(h + 1):
        for c in range(w + 1):
            canvas.circle(layout.x(c), layout.y(r), layout.cell * 0.07, cls="dot", fill=INK)
    return canvas.to_string()
