"""The pack encoding of every genre made with the genre kit, read off its board layers.

One object per puzzle: ``g``, ``h``, ``w``, ``kit`` and ``s``. ``kit.title`` is the genre's
name as people write it (the page's labels); ``kit.clues`` lists the clue
layers, each ``{"n": name, "t": type, ...}``: ``numbers`` and ``symbols`` with ``e``, their
entries ``[r, c, value]``; ``rooms`` with ``e``, the label of every cell row by row (null for
a cell in no room: drawn grey, no entry there);
``relations`` with ``e``, ``[r1, c1, r2, c2, mark]`` per mark between two cells; ``setting``
with ``v``, its word; ``counts`` with ``axis`` (``rows`` or ``cols``), ``side`` for a `Side` layer (``top``,
``bottom``, ``left``, ``right``) and ``e``, a count or null per line;
``cages`` with ``e``, the token of every cell row by row (its cage's label, and on one cell
of the cage the clue after it: ``A12+``); ``tally`` with ``words`` and ``e``, numbers for the
whole puzzle (Undead's monsters); ``boxes`` with ``v``, a Sudoku box's rows and
columns, and ``e``, each cell's box number row by row (drawn as rooms are). With a ``digits``
answer, the cells of a ``numbers`` clue are given. ``corners`` with ``e``, numbers
``[r, c, value]`` at the corners of the cells (``0 <= r <= h``). ``arrows`` with ``e``,
``[r, c, direction]`` (``N``, ``NE``, ... ``NW``), drawn small in the cell's corner.
``kit.answer`` is the answer layer the player enters: ``{"t": "shade" | "object"}`` (``s``:
one bit a cell, `pack_bits`), ``{"t": "diagonal"}`` (``s``: one bit a cell, set for a \\, clear
for a /; the page's entry 1 is a \\ and 2 a /), ``{"t": "lines"}`` (``s``: right + 2 * down
per cell, two bits) or ``{"t": "digits", "lo", "hi"}`` (``s``: the rows of values; ``chars`` for
`Marks`, a character per value, 0 an empty cell); the first two as
`puzzlekit.pack.shapes` writes cells and edges for every genre.
The page draws and plays every kit genre with the same code (static/pack-draw.js, ``prepKit``
and ``drawKit``).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ..board import layers as L
from ..ladder import givens
from . import shapes


class KitPackError(ValueError):
    """A kit genre whose layers the page cannot play (more than one answer layer)."""


def is_kit(module: ModuleType) -> bool:
    """Whether a genre module was made with the genre kit."""
    return hasattr(module, "GENRE")


def playable_layer(module: ModuleType) -> L.Layer:
    """The one answer layer the page plays (KitPackError when there are several)."""
    answers = module.GENRE.answers
    if len(answers) != 1:
        raise KitPackError(f"a {module.NAME} page would need {len(answers)} kinds of entry; packs play one")
    return answers[0]


def answer(module: ModuleType, solution: Any) -> Any:
    """The part of a solution the player enters, comparable by value."""
    layer = playable_layer(module)
    value = getattr(solution, layer.name)
    if isinstance(layer, L.Slants):  # the cells holding a backslash (the others a slash)
        return frozenset(cell for cell, d in layer.marks(value).items() if d == "\\")
    return tuple(tuple(row) for row in value) if isinstance(layer, L.Digits) else frozenset(value)


def _clue(layer: L.Layer, value: Any) -> dict[str, Any]:
    if hasattr(layer, "pack_clue"):  # a layer that says how a page shows it (a fleet as a tally)
        return layer.pack_clue(value)
    if isinstance(layer, L.LineCounts):
        side = {"side": layer.side} if isinstance(layer, L.Side) else {}  # top, bottom, left, right
        return {"n": layer.name, "t": "counts", "axis": layer.axis, **side, "e": list(value)}
    if isinstance(layer, L.Cages):  # each cell's token: the cage's label, its clue on one cell
        return {"n": layer.name, "t": "cages", "e": [token for row in value for token in row]}
    if isinstance(layer, L.Tally):  # numbers for the whole puzzle, each with its word
        return {"n": layer.name, "t": "tally", "words": list(layer.words), "e": list(value)}
    if isinstance(layer, L.Boxes):  # the box shape, and each cell's box drawn as rooms are
        labels = layer.labels(value, value[0] * value[1])
        return {"n": layer.name, "t": "boxes", "v": list(value), "e": labels}
    if isinstance(layer, L.Rooms):
        return {"n": layer.name, "t": "rooms", "e": [label for row in value for label in row]}
    if isinstance(layer, L.Setting):
        return {"n": layer.name, "t": "setting", "v": value}
    if isinstance(layer, L.Relations):  # [r1, c1, r2, c2, mark] per mark between two cells
        return {"n": layer.name, "t": "relations", "e": [[*a, *b, mark] for (a, b), mark in value]}
    kind = "symbols" if isinstance(layer, L.Symbols) else "numbers"
    kind = "corners" if isinstance(layer, L.Corners) else "arrows" if isinstance(layer, L.Arrows) else kind
    return {"n": layer.name, "t": kind, "e": [[r, c, v] for (r, c), v in layer.entries(value)]}


def _given(played: dict[str, Any], module: ModuleType, puzzle: Any, key: str, entry: Any) -> None:
    """The entries the clues make present (Yin-Yang's black circles, the line out of a
    firefly's mouth) as ``played["f"]``: shown and locked on the page, as the hints never name
    them."""
    stated = givens(module.model(puzzle))
    given = sorted(k[1:] for k, v in stated.items() if v == 1 and len(k) == 3 and k[0] == key)
    if given:
        played["f"] = [entry(*k) for k in given]


def encode(module: ModuleType, puzzle: Any, solution: Any) -> dict[str, Any]:
    """One puzzle and its solution as the pack's JSON object (see the module docstring)."""
    layer = playable_layer(module)
    layer = layer.on(puzzle) if hasattr(layer, "on") else layer  # digits 1..n: n from the puzzle
    h, w = puzzle.height, puzzle.width
    clues = [_clue(clue, getattr(puzzle, clue.name)) for clue in module.GENRE.clues]
    value = answer(module, solution)
    if isinstance(layer, L.Digits):
        played: dict[str, Any] = {"t": "digits", "lo": layer.lo, "hi": layer.top(h, w)}
        if isinstance(layer, L.Marks):  # the page shows each value's character
            played["chars"] = layer.chars
        s: Any = [list(row) for row in value]
    elif isinstance(layer, L.Lines):
        played = {"t": "lines"}
        s = shapes.edges_out(value, h, w)
        _given(played, module, puzzle, layer.key, lambda a, b: [*a, *b])
    else:
        played = {"t": layer.look if layer.look in ("shade", "diagonal") else "object"}
        s = shapes.cells_out(value, h, w)
        _given(played, module, puzzle, layer.key, lambda r, c: [r, c])
    kit = {"title": module.GENRE.title, "clues": clues, "answer": played}
    return {"g": module.NAME, "h": h, "w": w, "kit": kit, "s": s}


def decode(module: ModuleType, data: dict[str, Any]) -> tuple[Any, Any]:
    """The puzzle and the `answer` an `encode` object holds."""
    h, w = data["h"], data["w"]
    values: dict[str, Any] = {}
    for layer, item in zip(module.GENRE.clues, data["kit"]["clues"]):
        if item["t"] in ("counts", "tally"):
            values[layer.name] = tuple(item["e"])
        elif item["t"] == "boxes":
            values[layer.name] = tuple(item["v"])
        elif item["t"] == "setting":
            values[layer.name] = item["v"]
        elif item["t"] == "relations":
            marks = [(((q[0], q[1]), (q[2], q[3])), q[4]) for q in item["e"]]
            values[layer.name] = layer.with_entries(h, w, marks)
        elif item["t"] in ("rooms", "cages"):
            values[layer.name] = tuple(tuple(item["e"][r * w:(r + 1) * w]) for r in range(h))
        else:
            values[layer.name] = layer.with_entries(h, w, [((r, c), v) for r, c, v in item["e"]])
    puzzle = module.GENRE.make(h, w, values)  # a genre sized by its line counts takes no size
    if data["kit"]["answer"]["t"] == "digits":
        return puzzle, tuple(tuple(row) for row in data["s"])
    if data["kit"]["answer"]["t"] == "lines":
        return puzzle, shapes.edges_in(data["s"], h, w)
    return puzzle, shapes.cells_in(data["s"], h, w)


def page_entries(module: ModuleType, puzzle: Any, known: dict[Any, int]) -> dict[str, int]:
    """The page entries known answer-key values fix (hints), read off the answer layer's keys:
    digits as they are, lines and cell marks with `shapes.CROSS` for a side or cell known empty."""
    layer = playable_layer(module)
    if isinstance(layer, L.Digits):
        return {shapes.cell_key(k[1], k[2]): v for k, v in known.items()
                if isinstance(k, tuple) and len(k) == 3 and k[0] == layer.key}
    if isinstance(layer, L.Lines):
        return shapes.edge_marks(known, layer.key)
    return shapes.cell_marks(known, layer.key)
