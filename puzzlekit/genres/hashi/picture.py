"""Hashi: numbered islands as circles, single and double bridges between them."""

from __future__ import annotations

from typing import Any

from ...board.canvas import FAINT, INK, LINE, STATE, Canvas
from ...grid import Cell
from ...render import common
from .. import hashi


def _bridge(
    canvas: Canvas, layout: common.Layout, a: Cell, b: Cell, k: int, cls: str, stroke: str, radius: float
) -> None:
    """``k`` parallel lines (one element each) from the rim of island ``a`` to the rim of ``b``."""
    (x1, y1), (x2, y2) = layout.centre(a), layout.centre(b)
    horizontal = a[0] == b[0]
    gap = layout.cell * 0.11
    offsets = [0.0] if k == 1 else [-gap, gap]
    kind = "single" if k == 1 else "double"
    for off in offsets:
        if horizontal:
            canvas.line(x1 + radius, y1 + off, x2 - radius, y2 + off, cls=f"{cls} {kind}",
                        stroke=stroke, stroke_width=2.5)
        else:
            canvas.line(x1 + off, y1 + radius, x2 + off, y2 - radius, cls=f"{cls} {kind}",
                        stroke=stroke, stroke_width=2.5)


def draw(puzzle: hashi.Puzzle, solution: hashi.Solution | None, state: Any, highlight: Any) -> str:
    h, w = puzzle.height, puzzle.width
    known = common.read_state(hashi, puzzle, state)
    marked = common.read_highlight(highlight, h, w)
    layout = common.Layout(h, w)
    canvas = layout.canvas(f"Hashi {h}x{w}" + (", solved" if solution else ""))
    # a faint dot at every water cell's centre, as in printed grids, to read rows and columns by
    islands = puzzle.islands()
    for cell in sorted(set((r, c) for r in range(h) for c in range(w)) - set(islands)):
        x, y = layout.centre(cell)
        canvas.circle(x, y, 1.5, cls="water", fill=FAINT)
    common.draw_highlight(canvas, layout, marked)
    radius = layout.cell * 0.38
    for a, b, k in solution.bridges if solution is not None else ():
        _bridge(canvas, layout, a, b, k, "bridge", LINE, radius)
    present, absent = common.split(known, "bridge")
    for key, k in present.items():
        _bridge(canvas, layout, key[1], key[2], k, "bridge state", STATE, radius)  # type: ignore[index]
    for key in absent:
        (x1, y1), (x2, y2) = layout.centre(key[1]), layout.centre(key[2])  # type: ignore[index]
        canvas.cross((x1 + x2) / 2, (y1 + y2) / 2, layout.cell * 0.12)
    for cell, clue in sorted(islands.items()):
        x, y = layout.centre(cell)
        canvas.circle(x, y, radius, cls="island", fill="#FFFFFF", stroke=INK, stroke_width=2.0)
        canvas.text(x, y, str(clue), layout.cell * 0.5, cls="clue")
    return canvas.to_string()
