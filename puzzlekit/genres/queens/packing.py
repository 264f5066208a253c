"""Queens in a pack: ``r`` the region index of each cell, ``nr`` the regions, ``lb`` their letters;
``s`` the queens, one bit a cell."""

from __future__ import annotations

from typing import Any

from ...pack.bits import pack_bits, unpack_bits
from ...pack.shapes import cell_marks, rows, width
from . import Puzzle, Solution

ANSWER = "cells"


def answer(solution: Solution) -> Any:
    return frozenset(solution.queens)


def encode(puzzle: Puzzle, answer: Any) -> dict[str, Any]:
    labels: dict[str, int] = {}
    index = [labels.setdefault(ch, len(labels)) for row in puzzle.grid for ch in row]
    return {"r": pack_bits(index, width(len(labels) - 1)), "nr": len(labels), "lb": "".join(labels)}


def decode(data: dict[str, Any]) -> Puzzle:
    h, w = data["h"], data["w"]
    index = unpack_bits(data["r"], width(data["nr"] - 1), h * w)
    letters = data["lb"]
    return Puzzle(grid=tuple("".join(letters[v] for v in row) for row in rows(index, h, w)))


def page_entries(puzzle: Puzzle, known: dict[Any, int]) -> dict[str, int]:
    """The page entries known answer-key values fix (hints): queens and cells without one."""
    return cell_marks(known, "queen")
