"""Sudoku in a pack: ``n``, ``box``, ``gv`` the givens (0 none) in bits enough for ``n``; ``s``
every digit; ``x``: 1 in Sudoku X (left out otherwise)."""

from __future__ import annotations

from typing import Any

from ...pack.bits import pack_bits, unpack_bits
from ...pack.shapes import cell_key, flat, rows, width
from . import Puzzle, Solution


def answer(solution: Solution) -> Any:
    return tuple(tuple(row) for row in solution.grid)


def encode(puzzle: Puzzle, answer: Any) -> dict[str, Any]:
    bits = width(puzzle.n)
    out = {"n": puzzle.n, "box": list(puzzle.box), "gv": pack_bits(flat(puzzle.grid), bits),
           "s": pack_bits(flat(answer), bits)}
    return {**out, "x": 1} if puzzle.diagonals else out


def decode(data: dict[str, Any]) -> Puzzle:
    h, w = data["h"], data["w"]
    return Puzzle(grid=rows(unpack_bits(data["gv"], width(data["n"]), h * w), h, w), box=tuple(data["box"]),
                  diagonals=bool(data.get("x")))


def decode_answer(data: dict[str, Any], puzzle: Puzzle) -> Any:
    h, w = data["h"], data["w"]
    return rows(unpack_bits(data["s"], width(data["n"]), h * w), h, w)


def page_entries(puzzle: Puzzle, known: dict[Any, int]) -> dict[str, int]:
    """The page entries known answer-key values fix (hints): the digits of the cells not given."""
    return {cell_key(k[1], k[2]): v for k, v in known.items()
            if k[0] == "cell" and not puzzle.grid[k[1]][k[2]]}
