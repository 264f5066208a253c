"""The pack encodings several genres share: grids of small numbers, cell sets and edge sets.

A genre's ``packing`` module (in its folder, see `puzzlekit.pack.encoding`) builds its data
from these; one whose answer is wholly one of the shared `ANSWERS` declares it as ``ANSWER``
and leaves ``s`` to `puzzlekit.pack.encoding`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .bits import pack_bits, unpack_bits

Cell = tuple[int, int]
Step = tuple[Cell, Cell]

#: The answers the pack encodes for a genre that declares one as ``ANSWER``, by where ``s``
#: goes: ``edges`` (steps between neighbouring cells, ``right + 2 * down`` per cell, two bits)
#: right after the grid size; ``cells`` (a set of cells, one bit a cell) after the puzzle's parts.
ANSWERS = ("edges", "cells")


def width(top: int) -> int:
    """The bits a value from 0 to ``top`` takes (at least one)."""
    return max(1, int(top).bit_length())


def flat(grid_rows: Iterable[Iterable[Any]]) -> list[Any]:
    """A grid's values row by row."""
    return [v for row in grid_rows for v in row]


def rows(values: list[Any], h: int, w: int) -> tuple[tuple[Any, ...], ...]:
    """``h`` rows of ``w`` values, read off a flat list."""
    return tuple(tuple(values[r * w:(r + 1) * w]) for r in range(h))


def steps(pairs: Iterable[tuple[Cell, Cell]]) -> frozenset[Step]:
    """Steps between cells, each with its two ends in order (so they compare by value)."""
    return frozenset((min(a, b), max(a, b)) for a, b in pairs)


def edges_out(edges: Iterable[Step], h: int, w: int) -> str:
    """Edges between neighbouring points of an ``h`` x ``w`` array as right + 2 * down per point."""
    values = [0] * (h * w)
    for a, b in edges:
        a, b = min(a, b), max(a, b)
        values[a[0] * w + a[1]] |= 1 if a[0] == b[0] else 2
    return pack_bits(values, 2)


def edges_in(text: str, h: int, w: int) -> frozenset[Step]:
    """The edges `edges_out` wrote."""
    out = set()
    for i, v in enumerate(unpack_bits(text, 2, h * w)):
        r, c = divmod(i, w)
        if v & 1:
            out.add(((r, c), (r, c + 1)))
        if v & 2:
            out.add(((r, c), (r + 1, c)))
    return frozenset(out)


def cells_out(cells: Iterable[Cell], h: int, w: int) -> str:
    """A set of cells of an ``h`` x ``w`` grid, one bit a cell."""
    chosen = set(cells)
    return pack_bits([int((r, c) in chosen) for r in range(h) for c in range(w)], 1)


def cells_in(text: str, h: int, w: int) -> frozenset[Cell]:
    """The cells `cells_out` wrote."""
    return frozenset(divmod(i, w) for i, v in enumerate(unpack_bits(text, 1, h * w)) if v)


#: Each shared answer: (write, read).
CODECS = {"edges": (edges_out, edges_in), "cells": (cells_out, cells_in)}
