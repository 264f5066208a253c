"""The pack encoding of every genre made with the genre kit, read off its board layers.

One object per puzzle: ``g``, ``h``, ``w``, ``kit`` and ``s``. ``kit.title`` is the genre's
name as people write it (the page's labels); ``kit.clues`` lists the clue
layers, each ``{"n": name, "t": type, ...}``: ``numbers`` and ``symbols`` with ``e``, their
entries ``[r, c, value]``; ``rooms`` with ``e``, the label of every cell row by row;
``counts`` with ``axis`` (``rows`` or ``cols``) and ``e``, a count or null per line.
``kit.answer`` is the answer layer the player enters: ``{"t": "shade" | "object"}`` (``s``:
one bit a cell, `pack_bits`), ``{"t": "lines"}`` (``s``: right + 2 * down per cell, two bits)
or ``{"t": "digits", "lo", "hi"}`` (``s``: the rows of values); the first two as
`puzzlekit.pack.shapes` writes cells and edges for every genre.
The page draws and plays every kit genre with the same code (static/pack-draw.js, ``prepKit``
and ``drawKit``).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ..board import layers as L
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
    return tuple(tuple(row) for row in value) if isinstance(layer, L.Digits) else frozenset(value)


def _clue(layer: L.Layer, value: Any) -> dict[str, Any]:
    if isinstance(layer, L.LineCounts):
        return {"n": layer.name, "t": "counts", "axis": layer.axis, "e": list(value)}
    if isinstance(layer, L.Setting):  # a rule for the whole puzzle: nothing drawn on the grid
        return {"n": layer.name, "t": "setting", "v": value, "e": []}
    if isinstance(layer, L.Rooms):
        return {"n": layer.name, "t": "rooms", "e": [label for row in value for label in row]}
    kind = "symbols" if isinstance(layer, L.Symbols) else "numbers"
    return {"n": layer.name, "t": kind, "e": [[r, c, v] for (r, c), v in layer.entries(value)]}


def encode(module: ModuleType, puzzle: Any, solution: Any) -> dict[str, Any]:
    """One puzzle and its solution as the pack's JSON object (see the module docstring)."""
    layer = playable_layer(module)
    h, w = puzzle.height, puzzle.width
    clues = [_clue(clue, getattr(puzzle, clue.name)) for clue in module.GENRE.clues]
    value = answer(module, solution)
    if isinstance(layer, L.Digits):
        played: dict[str, Any] = {"t": "digits", "lo": layer.lo, "hi": layer.hi}
        s: Any = [list(row) for row in value]
    elif isinstance(layer, L.Lines):
        played = {"t": "lines"}
        s = shapes.edges_out(value, h, w)
    else:
        played = {"t": "shade" if layer.look == "shade" else "object"}
        s = shapes.cells_out(value, h, w)
    kit = {"title": module.GENRE.title, "clues": clues, "answer": played}
    return {"g": module.NAME, "h": h, "w": w, "kit": kit, "s": s}


def decode(module: ModuleType, data: dict[str, Any]) -> tuple[Any, Any]:
    """The puzzle and the `answer` an `encode` object holds."""
    h, w = data["h"], data["w"]
    values: dict[str, Any] = {}
    for layer, item in zip(module.GENRE.clues, data["kit"]["clues"]):
        if item["t"] == "setting":
            values[layer.name] = item["v"]
        elif item["t"] == "counts":
            values[layer.name] = tuple(item["e"])
        elif item["t"] == "rooms":
            values[layer.name] = tuple(tuple(item["e"][r * w:(r + 1) * w]) for r in range(h))
        else:
            values[layer.name] = layer.with_entries(h, w, [((r, c), v) for r, c, v in item["e"]])
    puzzle = module.Puzzle(h, w, **values)
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
