"""Sudoku: box lines heavier than cell lines, givens bold, solved digits lighter; Sudoku X's
diagonals as light lines under the grid."""

from __future__ import annotations

from typing import Any

from ...board.canvas import INK, LINE, STATE
from ...render import common
from .. import sudoku


def draw(puzzle: sudoku.Puzzle, solution: sudoku.Solution | None, state: Any, highlight: Any) -> str:
    n = puzzle.n
    known = common.read_state(sudoku, puzzle, state)
    marked = common.read_highlight(highlight, n, n)
    layout = common.Layout(n, n)
    canvas = layout.canvas(f"Sudoku {n}x{n}" + (", solved" if solution else ""))
    common.draw_highlight(canvas, layout, marked)
    if puzzle.diagonals:
        left, top, right, bottom = layout.x(0), layout.y(0), layout.x(n), layout.y(n)
        for x1, x2 in ((left, right), (right, left)):
            canvas.line(x1, top, x2, bottom, cls="diagonal", stroke="#56B4E9", stroke_width=2.0)
    common.draw_grid(canvas, layout, every=puzzle.box, heavy=2.5, border=3.0)
    size = layout.cell * (0.6 if n < 10 else 0.45)
    givens = puzzle.givens()
    for cell, v in sorted(givens.items()):
        x, y = layout.centre(cell)
        canvas.text(x, y, str(v), size, cls="given", weight="bold", fill=INK)
    if solution is not None:
        for r, row in enumerate(solution.grid):
            for c, v in enumerate(row):
                if (r, c) not in givens:
                    x, y = layout.centre((r, c))
                    canvas.text(x, y, str(v), size, cls="digit", weight="normal", fill=LINE)
    entered, _ = common.split(known, "cell")
    for key, v in entered.items():
        cell = (key[1], key[2])  # type: ignore[index]
        if cell not in givens and solution is None:
            x, y = layout.centre(cell)
            canvas.text(x, y, str(v), size, cls="digit state", weight="normal", fill=STATE)
    return canvas.to_string()
