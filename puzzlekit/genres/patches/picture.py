"""Patches: each clue as its shape (a square, a wide or a tall box) holding the area, and the
solution's rectangles as outlined, coloured patches."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ...board.canvas import INK, STATE, TOL_LIGHT, Canvas
from ...grid import Cell
from ...render import common
from .. import patches


def clue(canvas: Canvas, layout: common.Layout, cell: Cell, value: patches.Clue) -> None:
    """A clue: its shape letter drawn as an outline (none for no letter), its area inside."""
    x, y = layout.centre(cell)
    s = layout.cell
    w, h = {"s": (0.6, 0.6), "w": (0.8, 0.5), "t": (0.5, 0.8)}.get(value.shape or "", (0.0, 0.0))
    canvas.open("clue")
    if w:
        canvas.rect(x - w * s / 2, y - h * s / 2, w * s, h * s, cls=f"shape {value.shape}",
                    fill="#FFFFFF", stroke=INK, stroke_width=1.8, rx=3.0)
    else:
        canvas.circle(x, y, s * 0.3, cls="shape any", fill="#FFFFFF", stroke=INK, stroke_width=1.2,
                      stroke_dasharray="3 2")
    text = str(value.area) if value.area is not None else "" if value.shape else "?"
    if text:
        canvas.text(x, y, text, s * (0.42 if len(text) < 3 else 0.3), cls="area", weight="bold")
    canvas.close()


def _colours(rects: list[patches.Rect], palette: tuple[str, ...]) -> dict[Hashable, str]:
    """A colour per rectangle, greedily so that rectangles sharing a side differ."""
    touching: dict[Hashable, set[Hashable]] = {rect: set() for rect in rects}
    for a in rects:
        for b in rects:
            at, al, ah, aw = a
            bt, bl, bh, bw = b
            rows = min(at + ah, bt + bh) > max(at, bt)
            cols = min(al + aw, bl + bw) > max(al, bl)
            if a != b and ((rows and (al + aw == bl or bl + bw == al))
                           or (cols and (at + ah == bt or bt + bh == at))):
                touching[a].add(b)
    return common.colour_regions(list(rects), touching, palette[:4] + palette[5:7])


def _patch(canvas: Canvas, layout: common.Layout, rect: patches.Rect, cls: str, fill: str,
           stroke: str) -> None:
    top, left, height, width = rect
    inset = 3.0
    canvas.rect(layout.x(left) + inset, layout.y(top) + inset, width * layout.cell - 2 * inset,
                height * layout.cell - 2 * inset, cls=cls, fill=fill, stroke=stroke, stroke_width=2.5,
                rx=5.0)


def draw(puzzle: patches.Puzzle, solution: patches.Solution | None, state: Any, highlight: Any) -> str:
    h, w = puzzle.height, puzzle.width
    known = common.read_state(patches, puzzle, state)
    marked = common.read_highlight(highlight, h, w)
    layout = common.Layout(h, w)
    canvas = layout.canvas(f"Patches {h}x{w}" + (", solved" if solution else ""))
    common.faint_grid(canvas, layout)
    rects = list(solution.rects) if solution is not None else []
    colours = _colours(rects, TOL_LIGHT)
    for rect in rects:
        _patch(canvas, layout, rect, "rect", colours[rect], INK)
    present, _ = common.split(known, "rect")
    for key in present:
        _patch(canvas, layout, key[1:], "rect state", "#EEEEEE", STATE)  # type: ignore[arg-type,index]
    common.draw_highlight(canvas, layout, marked)
    for cell, value in sorted(puzzle.clues().items()):
        clue(canvas, layout, cell, value)
    return canvas.to_string()
