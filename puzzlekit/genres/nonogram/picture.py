"""Nonogram: column clues in the top margin, row clues in the left, filled cells black,
known-empty cells as dots; a heavier line every five cells."""

from __future__ import annotations

from typing import Any

from ...board.canvas import INK, STATE
from ...render import common
from .. import nonogram


def draw(
    puzzle: nonogram.Puzzle, solution: nonogram.Solution | None, state: Any, highlight: Any
) -> str:
    h, w = puzzle.height, puzzle.width
    known = common.read_state(nonogram, puzzle, state)
    marked = common.read_highlight(highlight, h, w)
    cell = common.CELL * 0.75
    size = cell * 0.55
    step = cell * 0.62  # one clue number in the left margin
    depth = max((len(clue) for clue in puzzle.cols), default=0) or 1
    widest = max((len(clue) or 1 for clue in puzzle.rows), default=1)
    digits = max((len(str(k)) for clue in puzzle.rows for k in clue), default=1)
    layout = common.Layout(
        h, w, cell=cell, top=common.MARGIN + depth * cell * 0.7,
        left=common.MARGIN + widest * step * max(1, 0.6 * digits + 0.4),
    )
    canvas = layout.canvas(f"Nonogram {h}x{w}" + (", solved" if solution else ""))
    common.draw_highlight(canvas, layout, marked)
    # clues: each number its own text, column clues stacked up to the grid, row clues up to it
    for c, clue in enumerate(puzzle.cols):
        shown = clue or (0,)
        for i, k in enumerate(reversed(shown)):
            y = layout.top - cell * 0.7 * (i + 0.5) - 2
            canvas.text(layout.x(c + 0.5), y, str(k), size, cls="clue column")
    gap = (layout.left - common.MARGIN) / widest
    for r, clue in enumerate(puzzle.rows):
        shown = clue or (0,)
        for i, k in enumerate(reversed(shown)):
            x = layout.left - gap * (i + 0.5) - 2
            canvas.text(x, layout.y(r + 0.5), str(k), size, cls="clue row")
    filled = set()
    if solution is not None:
        filled = {(r, c) for r, row in enumerate(solution.grid) for c, v in enumerate(row) if v}
    present, absent = common.split(known, "cell")
    for r, c in sorted(filled):
        canvas.rect(layout.x(c), layout.y(r), cell, cell, cls="filled", fill=INK)
    for key in present:
        r, c = key[1], key[2]  # type: ignore[index]
        canvas.rect(layout.x(c), layout.y(r), cell, cell, cls="filled state", fill=STATE)
    for key in absent:
        common.draw_dot(canvas, layout, (key[1], key[2]))  # type: ignore[index]
    common.draw_grid(canvas, layout, every=(5, 5), heavy=2.0)
    return canvas.to_string()
