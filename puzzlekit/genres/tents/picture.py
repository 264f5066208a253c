"""Tents: trees and tents as simple shapes, tent counts above the columns and left of the rows,
known-empty cells (grass) as dots."""

from __future__ import annotations

from typing import Any

from ...board.canvas import Canvas
from ...grid import Cell
from ...render import common
from .. import tents

TREE_LEAVES = "#117733"  # Paul Tol's green
TREE_TRUNK = "#8C564B"
TENT = "#E69F00"  # Okabe-Ito orange
TENT_STATE = "#B0B0B0"
GRASS = "#44AA99"


def tree(canvas: Canvas, layout: common.Layout, cell: Cell) -> None:
    """A tree: a trunk under a round crown, one group."""
    x, y = layout.centre(cell)
    s = layout.cell
    canvas.open("tree")
    canvas.rect(x - s * 0.06, y + s * 0.05, s * 0.12, s * 0.3, fill=TREE_TRUNK)
    canvas.circle(x, y - s * 0.07, s * 0.27, fill=TREE_LEAVES)
    canvas.close()


def tent(canvas: Canvas, layout: common.Layout, cell: Cell, cls: str, fill: str) -> None:
    """A tent: a triangle with its door."""
    x, y = layout.centre(cell)
    s = layout.cell
    canvas.open(cls)
    canvas.polygon([(x - s * 0.34, y + s * 0.28), (x, y - s * 0.32), (x + s * 0.34, y + s * 0.28)],
                   fill=fill, stroke="#000000", stroke_width=1.5, stroke_linejoin="round")
    canvas.polygon([(x - s * 0.09, y + s * 0.28), (x, y + s * 0.02), (x + s * 0.09, y + s * 0.28)],
                   fill="#000000")
    canvas.close()


def draw(puzzle: tents.Puzzle, solution: tents.Solution | None, state: Any, highlight: Any) -> str:
    h, w = puzzle.height, puzzle.width
    known = common.read_state(tents, puzzle, state)
    marked = common.read_highlight(highlight, h, w)
    size = common.CELL * 0.5
    layout = common.Layout(h, w, top=common.CELL * 1.1, left=common.CELL * 1.1)
    canvas = layout.canvas(f"Tents {h}x{w}" + (", solved" if solution else ""))
    common.draw_highlight(canvas, layout, marked)
    common.draw_grid(canvas, layout)
    for c, k in enumerate(puzzle.cols):
        if k is None:  # a line without a count shows none
            continue
        canvas.text(layout.x(c + 0.5), layout.top - layout.cell * 0.5, str(k), size, cls="count column")
    for r, k in enumerate(puzzle.rows):
        if k is None:
            continue
        canvas.text(layout.left - layout.cell * 0.55, layout.y(r + 0.5), str(k), size, cls="count row")
    for cell in sorted(puzzle.trees):
        tree(canvas, layout, cell)
    for cell in solution.tents if solution is not None else ():
        tent(canvas, layout, cell, "tent", TENT)
    present, absent = common.split(known, "tent")
    for key in present:
        tent(canvas, layout, (key[1], key[2]), "tent state", TENT_STATE)  # type: ignore[index]
    for key in absent:
        common.draw_dot(canvas, layout, (key[1], key[2]), fill=GRASS)  # type: ignore[index]
    return canvas.to_string()
