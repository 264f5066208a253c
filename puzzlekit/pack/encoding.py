"""The compact encoding of a puzzle and its stored solution in a pack's data.

Each puzzle becomes one small JSON object: ``g`` (genre), ``h``/``w`` (grid size), the
puzzle's parts, and ``s``, the answer the player must enter. Grids of small numbers are
packed with `pack_bits`: each value as a fixed number of bits, low bit first, six bits to a
character of `ALPHABET`. The page reads the same encoding; `decode` here reads it back too,
so the round trip is tested on the Python side.

What the parts are is the genre's own: a genre of the package keeps them in its folder's
``packing`` module (``puzzlekit/genres/<genre>/packing.py``), which has

- ``answer(solution)``: the part of a solution the player enters, comparable by value;
- ``encode(puzzle, answer)``: the puzzle's parts, a dict in the order they are written (and
  ``s``, or ``g`` when the pack names the puzzle otherwise than the genre);
- ``decode(data)``: the puzzle back from the object;
- either ``ANSWER``, one of `puzzlekit.pack.shapes.ANSWERS`, for an answer that is wholly a set
  of steps or of cells, which this module writes and reads as ``s``; or
  ``decode_answer(data, puzzle)``, the answer back from the object.

docs/packs.md tables each genre's parts. A genre made with the genre kit is encoded from its
board layers instead (`puzzlekit.pack.kit`).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from .. import genres
from ..errors import PuzzlekitError
from . import kit, shapes
from .bits import ALPHABET, pack_bits, unpack_bits


def packing(module: ModuleType) -> ModuleType | None:
    """The pack code of a genre of the package (its folder's ``packing`` module), or None."""
    return genres.part(module, "packing")


#: The package's genres a pack can hold: those with pack code in their folder (each has its
#: page code beside it, page.js and page.css), whether or not it has a picture in
#: `puzzlekit.render`.
PLAYABLE: tuple[str, ...] = tuple(name for name in genres.NAMES if packing(genres.get(name)) is not None)


def playable(name: str) -> bool:
    """Whether a pack can hold puzzles of a genre: one of `PLAYABLE`, or a genre made with the
    genre kit whose answer is one layer."""
    if name in PLAYABLE:
        return True
    try:
        module = genres.get(name)
    except PuzzlekitError:
        return False
    return kit.is_kit(module) and len(module.GENRE.answers) == 1


def playable_names() -> list[str]:
    """Every genre a pack can hold."""
    return [name for name in genres.available() if playable(name)]


class PackError(PuzzlekitError, ValueError):
    """A puzzle that cannot go into a pack (a genre without a page, data over the size limit)."""


def _packing_of(name: str, module: ModuleType) -> ModuleType:
    found = packing(module) if name in PLAYABLE else None
    if found is None:
        raise PackError(f"there is no playable page for {name} yet; packs hold {', '.join(playable_names())}")
    return found


def answer(name: str, solution: Any) -> Any:
    """The part of a solution the player enters, in a form that compares by value."""
    module = genres.get(name)
    if kit.is_kit(module):
        return kit.answer(module, solution)
    return _packing_of(genres.canonical(name), module).answer(solution)


def encode(name: str, puzzle: Any, solution: Any) -> dict[str, Any]:
    """One puzzle and its solution as the pack's JSON object."""
    name = genres.canonical(name)
    module = genres.get(name)
    if kit.is_kit(module):
        return kit.encode(module, puzzle, solution)
    code = _packing_of(name, module)
    ans = code.answer(solution)
    h, w = puzzle.height, puzzle.width
    shape = getattr(code, "ANSWER", None)
    out: dict[str, Any] = {"g": name, "h": h, "w": w}
    if shape == "edges":  # the steps come before the puzzle's parts, the cells after them
        out["s"] = shapes.CODECS[shape][0](ans, h, w)
    out.update(code.encode(puzzle, ans))
    if shape == "cells":
        out["s"] = shapes.CODECS[shape][0](ans, h, w)
    return out


def decode(data: dict[str, Any]) -> tuple[Any, Any]:
    """The puzzle and the `answer` an `encode` object holds (the inverse of `encode`)."""
    name, h, w = data["g"], data["h"], data["w"]
    genre = genres.get(name)
    if kit.is_kit(genre):
        return kit.decode(genre, data)
    code = packing(genre)
    if code is None:
        raise PackError(f"unknown genre {name!r} in pack data")
    puzzle = code.decode(data)
    shape = getattr(code, "ANSWER", None)
    if shape in shapes.CODECS:
        return puzzle, shapes.CODECS[shape][1](data["s"], h, w)
    return puzzle, code.decode_answer(data, puzzle)


__all__ = ["ALPHABET", "PLAYABLE", "PackError", "answer", "decode", "encode", "pack_bits", "packing",
           "playable", "playable_names", "unpack_bits"]
