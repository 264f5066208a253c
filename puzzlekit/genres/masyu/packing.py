"""Masyu in a pack: ``p``, the pearls (0 none, 1 white, 2 black), two bits a cell; ``s`` the loop."""

from __future__ import annotations

from typing import Any

from ...pack.bits import pack_bits, unpack_bits
from ...pack.shapes import edge_marks, flat, rows, steps
from . import Puzzle, Solution

ANSWER = "edges"


def answer(solution: Solution) -> Any:
    return steps(solution.edges)


def encode(puzzle: Puzzle, answer: Any) -> dict[str, Any]:
    return {"p": pack_bits(flat(puzzle.grid), 2)}


def decode(data: dict[str, Any]) -> Puzzle:
    h, w = data["h"], data["w"]
    return Puzzle(grid=rows(unpack_bits(data["p"], 2, h * w), h, w))


def page_entries(puzzle: Puzzle, known: dict[Any, int]) -> dict[str, int]:
    """The page entries known answer-key values fix (hints): lines and empty sides."""
    return edge_marks(known)
