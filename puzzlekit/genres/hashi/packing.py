"""Hashi in a pack: ``i``, the island clues (0 water), four bits a cell; ``s`` the bridges as
``right + 3 * down`` from each island, four bits a cell."""

from __future__ import annotations

from typing import Any

from ...pack.bits import pack_bits, unpack_bits
from ...pack.shapes import edge_key, flat, rows
from . import Puzzle, Solution

#: How to play the page's bridges (its kind of play, pack.js).
HELP = {
    "bridges": "Click between two islands, or drag from one to the other, to cycle 0, 1, 2 bridges "
               "(right-click: backwards). Keyboard: arrows move, Shift+arrow from an island cycles "
               "that bridge.",
}


def answer(solution: Solution) -> Any:
    return frozenset(solution.bridges)


def encode(puzzle: Puzzle, answer: Any) -> dict[str, Any]:
    h, w = puzzle.height, puzzle.width
    values = [0] * (h * w)
    for a, b, k in answer:
        a, b = min(a, b), max(a, b)
        values[a[0] * w + a[1]] += k if a[0] == b[0] else 3 * k
    return {"i": pack_bits(flat(puzzle.grid), 4), "s": pack_bits(values, 4)}


def decode(data: dict[str, Any]) -> Puzzle:
    h, w = data["h"], data["w"]
    return Puzzle(grid=rows(unpack_bits(data["i"], 4, h * w), h, w))


def decode_answer(data: dict[str, Any], puzzle: Puzzle) -> Any:
    h, w = data["h"], data["w"]
    out = set()
    for i, v in enumerate(unpack_bits(data["s"], 4, h * w)):
        cell = divmod(i, w)
        for k, step in ((v % 3, (0, 1)), (v // 3, (1, 0))):
            if k:  # the bridge reaches the next island that way
                other = cell
                while True:
                    other = (other[0] + step[0], other[1] + step[1])
                    if puzzle.grid[other[0]][other[1]]:
                        break
                out.add((cell, other, k))
    return frozenset(out)


def page_entries(puzzle: Puzzle, known: dict[Any, int]) -> dict[str, int]:
    """The page entries known answer-key values fix (hints): each bridge's count (none is no entry)."""
    return {edge_key(k[1], k[2]): v for k, v in known.items() if k[0] == "bridge" and v}
