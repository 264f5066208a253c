"""Wend (and Swend): the letters in their cells, blocked cells filled, the words listed below the
grid, and each word's path as a broad line through cell centres in its own colour."""

from __future__ import annotations

from typing import Any

from ...board.canvas import INK, OKABE_ITO, STATE, TOL_MUTED, Canvas, num
from ...grid import Cell
from ...render import common
from .. import wend

#: Path colours, Okabe-Ito first, then Paul Tol's muted scheme; past those they repeat (the
#: word list below the grid names each word's start, and the line always runs through letters).
COLOURS = OKABE_ITO + TOL_MUTED
BLOCK = "#404040"
WORD_ROW = 24.0  # the height of one line of the word list


def colour(k: int) -> str:
    """The colour of word ``k``'s path (from 0, in the order of the puzzle's words)."""
    return COLOURS[k % len(COLOURS)]


def _rows_of_words(puzzle: wend.Puzzle, room: float, size: float) -> list[list[int]]:
    """The word list broken into lines that fit ``room`` units (indexes into the words)."""
    lines: list[list[int]] = [[]]
    used = 0.0
    for k, word in enumerate(puzzle.words):
        need = _width(word, size) + size
        if lines[-1] and used + need > room:
            lines.append([])
            used = 0.0
        lines[-1].append(k)
        used += need
    return lines


def _width(word: str, size: float) -> float:
    """About how wide a word is drawn (a swatch and the letters)."""
    return size * (1.2 + 0.72 * len(word))


def _route(canvas: Canvas, layout: common.Layout, cells: tuple[Cell, ...], cls: str, stroke: str,
           width: float) -> None:
    """One word's path through its cells in order (one ``L`` per step), with a disc at its start."""
    if not cells:
        return
    xy = [layout.centre(cell) for cell in cells]
    x0, y0 = xy[0]
    canvas.circle(x0, y0, width * 0.62, cls=f"start {cls}", fill=stroke, fill_opacity="0.75")
    if len(xy) > 1:
        d = f"M{num(x0)} {num(y0)}" + "".join(f"L{num(x)} {num(y)}" for x, y in xy[1:])
        canvas.path(d, f"path {cls}", fill="none", stroke=stroke, stroke_width=width, stroke_opacity="0.75",
                    stroke_linecap="round", stroke_linejoin="round")


def draw(puzzle: wend.Puzzle, solution: wend.Solution | None, state: Any, highlight: Any) -> str:
    h, w = puzzle.height, puzzle.width
    known = common.read_state(wend, puzzle, state)
    marked = common.read_highlight(highlight, h, w)
    size = common.CELL * 0.42
    grid_width = w * common.CELL
    room = max(grid_width, *(_width(word, size) + size for word in puzzle.words))
    lines = _rows_of_words(puzzle, room, size)
    layout = common.Layout(h, w, right=common.MARGIN + room - grid_width,
                           bottom=common.MARGIN + 8 + WORD_ROW * len(lines))
    name = "Swend" if puzzle.language == "sv" else "Wend"
    canvas = layout.canvas(f"{name} {h}x{w}" + (", solved" if solution else ""))
    for (r, c), ch in sorted(_cells(puzzle).items()):
        if ch == wend.BLOCKED:
            canvas.rect(layout.x(c), layout.y(r), layout.cell, layout.cell, cls="blocked", fill=BLOCK)
    common.draw_highlight(canvas, layout, marked)
    common.draw_grid(canvas, layout)
    width = layout.cell * 0.5
    index = {word: k for k, word in enumerate(puzzle.words)}
    for word, cells in solution.paths if solution is not None else ():
        _route(canvas, layout, cells, f"w{index[word]}", colour(index[word]), width)
    # a player's state: each known letter ringed, known neighbours in a word joined
    present, _ = common.split(known, "at")
    places: dict[tuple[str, int], list[Cell]] = {}
    for key in present:
        _, word, i, cell = key  # type: ignore[misc]
        places.setdefault((word, i), []).append(cell)
    for (word, i), cells in sorted(places.items()):
        for cell in cells:
            for after in places.get((word, i + 1), ()):
                (x1, y1), (x2, y2) = layout.centre(cell), layout.centre(after)
                canvas.line(x1, y1, x2, y2, cls="step state", stroke=STATE, stroke_width=3.0,
                            stroke_linecap="round")
    for _, cells in sorted(places.items()):
        for cell in cells:
            x, y = layout.centre(cell)
            canvas.circle(x, y, layout.cell * 0.36, cls="known state", fill="none", stroke=STATE,
                          stroke_width=2.5)
    letter = layout.cell * 0.5
    for (r, c), ch in sorted(_cells(puzzle).items()):
        if ch != wend.BLOCKED:
            x, y = layout.centre((r, c))
            canvas.text(x, y, ch, letter, cls="letter", weight="bold")
    # the word list, each word after a swatch of its path's colour once solved
    top = layout.y(h) + 8 + WORD_ROW / 2
    for row, ks in enumerate(lines):
        x = layout.x(0)
        y = top + row * WORD_ROW
        for k in ks:
            word = puzzle.words[k]
            fill = colour(k) if solution is not None else "#FFFFFF"
            canvas.rect(x, y - size * 0.4, size * 0.8, size * 0.8, cls=f"swatch w{k}", fill=fill, stroke=INK,
                        stroke_width=1.0)
            canvas.text(x + size * 1.1, y, word, size, cls="word", anchor="start")
            x += _width(word, size) + size
    return canvas.to_string()


def _cells(puzzle: wend.Puzzle) -> dict[Cell, str]:
    return {(r, c): ch for r, row in enumerate(puzzle.grid) for c, ch in enumerate(row)}
