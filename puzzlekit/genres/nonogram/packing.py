"""Nonogram in a pack: ``rows``, ``cols`` (the clues); ``s`` the filled cells, one bit each."""

from __future__ import annotations

from typing import Any

from ...pack.bits import pack_bits, unpack_bits
from ...pack.shapes import cell_marks, flat, rows
from . import Puzzle, Solution


def answer(solution: Solution) -> Any:
    return tuple(tuple(row) for row in solution.grid)


def encode(puzzle: Puzzle, answer: Any) -> dict[str, Any]:
    return {"rows": [list(x) for x in puzzle.rows], "cols": [list(x) for x in puzzle.cols],
            "s": pack_bits(flat(answer), 1)}


def decode(data: dict[str, Any]) -> Puzzle:
    return Puzzle(rows=tuple(tuple(x) for x in data["rows"]), cols=tuple(tuple(x) for x in data["cols"]))


def decode_answer(data: dict[str, Any], puzzle: Puzzle) -> Any:
    h, w = data["h"], data["w"]
    return rows(unpack_bits(data["s"], 1, h * w), h, w)


def page_entries(puzzle: Puzzle, known: dict[Any, int]) -> dict[str, int]:
    """The page entries known answer-key values fix (hints): filled cells and empty ones."""
    return cell_marks(known, "cell")
