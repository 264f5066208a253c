"""Slitherlink in a pack: ``c``, clue + 1 (0 no clue), three bits a cell; ``s`` the loop's edges
between lattice points (``right + 2 * down`` per point)."""

from __future__ import annotations

from typing import Any

from ...pack.bits import pack_bits, unpack_bits
from ...pack.shapes import edge_marks, edges_in, edges_out, flat, rows, steps
from . import Puzzle, Solution


def answer(solution: Solution) -> Any:
    return steps(solution.edges)


def encode(puzzle: Puzzle, answer: Any) -> dict[str, Any]:
    h, w = puzzle.height, puzzle.width
    return {"c": pack_bits([0 if v is None else v + 1 for v in flat(puzzle.grid)], 3),
            "s": edges_out(answer, h + 1, w + 1)}


def decode(data: dict[str, Any]) -> Puzzle:
    h, w = data["h"], data["w"]
    clues = unpack_bits(data["c"], 3, h * w)
    return Puzzle(grid=rows([None if v == 0 else v - 1 for v in clues], h, w))


def decode_answer(data: dict[str, Any], puzzle: Puzzle) -> Any:
    return edges_in(data["s"], data["h"] + 1, data["w"] + 1)


def page_entries(puzzle: Puzzle, known: dict[Any, int]) -> dict[str, int]:
    """The page entries known answer-key values fix (hints): segments between dots and empty ones."""
    return edge_marks(known)


def key_cells(puzzle: Puzzle, key: Any) -> list[tuple[int, int]]:
    """No cell to light for a segment: its ends are dots, and the page marks the segment itself."""
    return []
