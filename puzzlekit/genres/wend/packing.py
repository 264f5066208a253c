"""Wend in a pack: ``l`` the letters row by row in one string (``#`` blocked), ``words``; ``s``
the steps between consecutive cells of each word's path. ``g`` is ``swend`` for a puzzle in
Swedish letters (``language`` "sv"), ``wend`` otherwise, so the page and `decode` know it."""

from __future__ import annotations

from typing import Any

from ...pack.shapes import edge_key, steps
from . import Puzzle, Solution

ANSWER = "edges"
#: How to play: the page's line of its own (``hk`` "words" in page.js), its play the edges'.
HELP = {
    "words": "Drag through the letters of each word, cell to cell, to draw its path (a drag that "
             "starts along a drawn step erases); click the side between two cells to draw or erase one "
             "step, right-click to mark it empty. A word is struck through when a path spells it. "
             "Keyboard: arrows move, Shift+arrow draws.",
}
#: The name a pack gives a puzzle in each language other than English.
_NAMES = {"sv": "swend"}


def answer(solution: Solution) -> Any:
    return steps(e for _, cells in solution.paths for e in zip(cells, cells[1:]))


def encode(puzzle: Puzzle, answer: Any) -> dict[str, Any]:
    return {"g": _NAMES.get(puzzle.language, "wend"), "l": "".join(puzzle.grid), "words": list(puzzle.words)}


def decode(data: dict[str, Any]) -> Puzzle:
    h, w, letters = data["h"], data["w"], data["l"]
    language = next((code for code, name in _NAMES.items() if name == data["g"]), "en")
    return Puzzle(grid=tuple(letters[r * w:(r + 1) * w] for r in range(h)), words=tuple(data["words"]),
                  language=language)


def page_entries(puzzle: Puzzle, known: dict[Any, int]) -> dict[str, int]:
    """The page entries known answer-key values fix (hints): the step between two letters of a
    word once both are placed (a letter alone is no line yet)."""
    placed = {(k[1], k[2]): k[3] for k, v in known.items() if k[0] == "at" and v}
    return {edge_key(cell, placed[word, i + 1]): 1 for (word, i), cell in placed.items()
            if (word, i + 1) in placed}
