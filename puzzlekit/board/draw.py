"""Pictures of a kit genre's board, made from its layers: text for the terminal, SVG for print.

The SVG draws, bottom up: the highlight, shaded answers, the grid, rooms, clues (white on a
shaded cell), placed objects and digits, then a player's state (grey entries, dots for cells
known to stay empty). Row counts stand left of the grid and column counts above it; the
numbers of a `Side` layer beside its own side.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from .canvas import CELL, MARGIN, Layout, draw_grid, draw_highlight
from .layers import Digits, Numbers, Shading
from .relations import interleaved
from .sides import side_of

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
    between = [getattr(puzzle, layer.name) for layer in genre.grids if hasattr(layer, "marks_of")]
    if between:  # marks between neighbours stand in the gaps between the cells
        return interleaved(h, w, marks, [pair for value in between for pair in value])
    # a layer may show its values otherwise than as numbers (letters: Easy as ABC)
    rows = {side_of(layer): getattr(layer, "shown", tuple)(getattr(puzzle, layer.name))
            for layer in genre.headers if side_of(layer)}
    wide = max((len(_count(k)) for k in rows.get("left", ())), default=0)

    def across(counts: tuple, below: bool) -> list[str]:
        """Column counts, one column a character wide: a count of more digits is written
        down its column (flush with the grid), as Nonogram clues are."""
        shown = [_count(k) for k in counts]
        depth = max(map(len, shown), default=1)
        lines = []
        for i in range(depth):
            chars = [(k[i] if i < len(k) else " ") if below else
                     (k[i - depth + len(k)] if i >= depth - len(k) else " ") for k in shown]
            lines.append(((" " * (wide + 1)) if wide else "") + " ".join(chars).rstrip())
        return lines

    out = across(rows["top"], below=False) if "top" in rows else []
    for r in range(h):
        line = " ".join(marks.get((r, c), "·") for c in range(w))
        if wide:
            line = f"{_count(rows['left'][r]):>{wide}} {line}"
        if "right" in rows:
            line = f"{line} {_count(rows['right'][r])}"
        out.append(line)
    if "bottom" in rows:
        out += across(rows["bottom"], below=True)
    return "\n".join(out)


def _count(k: Any) -> str:
    return "?" if k is None else str(k)


def svg(genre: Genre, puzzle: Any, solution: Any, state: dict[Hashable, int], highlight: list[Cell]) -> str:
    """The standalone SVG picture of the puzzle, a solution and a player's state."""
    h, w = puzzle.height, puzzle.width
    around = {side_of(layer) for layer in genre.headers}
    room = {side: MARGIN + (CELL if side in around else 0) for side in ("left", "top", "right", "bottom")}
    layout = Layout(h, w, **room)
    canvas = layout.canvas(f"{genre.title} {h}x{w}" + (", solved" if solution is not None else ""))
    draw_highlight(canvas, layout, highlight)
    answers = [] if solution is None else [(layer, getattr(solution, layer.name)) for layer in genre.answers]
    dark: set[Cell] = set()
    for layer, value in answers:
        dark |= layer.dark(value)
        if _underneath(layer):
            layer.draw(canvas, layout, value)
    player = _player(genre, state)
    for layer, (present, absent) in player.items():
        if _underneath(layer):
            layer.draw(canvas, layout, present, player=True)
            dark |= set(present)
        if absent and getattr(layer, "underneath", False):  # its other value, drawn too
            layer.draw_absent(canvas, layout, absent)
    draw_grid(canvas, layout)
    for layer in genre.clues:
        layer.draw(canvas, layout, getattr(puzzle, layer.name), dark)
    given = {cell for layer in genre.grids if isinstance(layer, Numbers)
             for cell, _ in layer.entries(getattr(puzzle, layer.name))}
    for layer, value in answers:
        if isinstance(layer, Digits) and given:  # a given number is not written again
            value = {(r, c): v for r, row in enumerate(value) for c, v in enumerate(row)
                     if (r, c) not in given}
        if not _underneath(layer):
            layer.draw(canvas, layout, value)
    for layer, (present, absent) in player.items():
        if not _underneath(layer):
            layer.draw(canvas, layout, present, player=True)
        if absent and not getattr(layer, "underneath", False):
            layer.draw_absent(canvas, layout, absent)
    return canvas.to_string()


def _underneath(layer: Any) -> bool:
    """An answer drawn under the grid and the clues: shaded cells, and a layer that asks to be
    (diagonals that end under the numbers at the corners of the cells)."""
    return (isinstance(layer, Shading) and layer.look == "shade") or getattr(layer, "underneath", False)


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
