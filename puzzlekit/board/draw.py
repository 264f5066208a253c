"""Pictures of a kit genre's board, made from its layers: text for the terminal, SVG for print.

The SVG draws, bottom up: the highlight, shaded answers, the grid, rooms, clues (white on a
shaded cell), placed objects and digits, then a player's state (grey entries, dots for cells
known to stay empty). Row counts stand left of the grid and column counts above it.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from .canvas import CELL, MARGIN, Layout, draw_grid, draw_highlight
from .layers import Digits, Shading

Cell = tuple[int, int]
#: A `puzzlekit.board.genre.Genre` (named loosely here: the genre module imports this one).
Genre = Any


def text(genre: Genre, puzzle: Any, solution: Any = None) -> str:
    """One character a cell: the answer's marks over the clues' (``·`` for neither); column
    counts on a line above, row counts at the left."""
    h, w = puzzle.height, puzzle.width
    marks: dict[Cell, str] = {}
    for layer in genre.grids:
        marks.update(layer.marks(getattr(puzzle, layer.name)))
    if solution is not None:
        for layer in genre.answers:
            marks.update(layer.marks(getattr(solution, layer.name)))
    rows = {layer.axis: getattr(puzzle, layer.name) for layer in genre.headers if hasattr(layer, "axis")}
    left = "rows" in rows
    out = []
    if "cols" in rows:
        out.append(("   " if left else "") + " ".join("?" if k is None else str(k)[-1] for k in rows["cols"]))
    for r in range(h):
        line = " ".join(marks.get((r, c), "·") for c in range(w))
        if left:
            k = rows["rows"][r]
            line = f"{'?' if k is None else k:>2} {line}"
        out.append(line)
    return "\n".join(out)


def svg(genre: Genre, puzzle: Any, solution: Any, state: dict[Hashable, int], highlight: list[Cell]) -> str:
    """The standalone SVG picture of the puzzle, a solution and a player's state."""
    h, w = puzzle.height, puzzle.width
    axes = {layer.axis for layer in genre.headers if hasattr(layer, "axis")}  # counts, not settings
    layout = Layout(h, w, left=MARGIN + (CELL if "rows" in axes else 0),
                    top=MARGIN + (CELL if "cols" in axes else 0))
    canvas = layout.canvas(f"{genre.title} {h}x{w}" + (", solved" if solution is not None else ""))
    draw_highlight(canvas, layout, highlight)
    answers = [] if solution is None else [(layer, getattr(solution, layer.name)) for layer in genre.answers]
    dark: set[Cell] = set()
    for layer, value in answers:
        dark |= layer.dark(value)
        if isinstance(layer, Shading) and layer.look == "shade":
            layer.draw(canvas, layout, value)
    player = _player(genre, state)
    for layer, (present, _) in player.items():
        if isinstance(layer, Shading) and layer.look == "shade":
            layer.draw(canvas, layout, present, player=True)
            dark |= set(present)
    draw_grid(canvas, layout)
    for layer in genre.clues:
        layer.draw(canvas, layout, getattr(puzzle, layer.name), dark)
    for layer, value in answers:
        if not (isinstance(layer, Shading) and layer.look == "shade"):
            layer.draw(canvas, layout, value)
    for layer, (present, absent) in player.items():
        if not (isinstance(layer, Shading) and layer.look == "shade"):
            layer.draw(canvas, layout, present, player=True)
        if absent:
            layer.draw_absent(canvas, layout, absent)
    return canvas.to_string()


def _player(genre: Genre, state: dict[Hashable, int]) -> dict[Any, tuple[Any, list[Cell]]]:
    """Per answer layer: the entries a player made (cells or edges, digits by cell) and those
    known to stay empty."""
    out: dict[Any, tuple[Any, list[Cell]]] = {}
    for layer in genre.answers:
        mine = {(k[1], k[2]): v for k, v in state.items() if isinstance(k, tuple) and k and k[0] == layer.key}
        if not mine:
            continue
        if isinstance(layer, Digits):
            out[layer] = (mine, [])
        else:
            known = sorted(mine.items())
            out[layer] = ([c for c, v in known if v], [c for c, v in known if not v])
    return out
