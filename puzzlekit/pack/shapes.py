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


# ---- the page's entries, for hints --------------------------------------------------------------
# A genre's packing module gives ``page_entries(puzzle, known)``: the page entries (key -> value,
# as the page's state holds them) that a set of known answer-key values fixes. These helpers
# read the usual answer keys.

#: The page's value for a side or a cell marked empty (its right-click mark).
CROSS = 2


def cell_key(r: int, c: int) -> str:
    """The page's key of a cell."""
    return f"{r},{c}"


def edge_key(a: Cell, b: Cell) -> str:
    """The page's key of a step between two cells (or two lattice points), its ends in order."""
    a, b = min(a, b), max(a, b)
    return f"{a[0]},{a[1]},{b[0]},{b[1]}"


def edge_marks(known: dict[Any, int], tag: str = "edge") -> dict[str, int]:
    """Known ``(tag, a, b)`` steps: 1 for a line, `CROSS` for a side known empty."""
    return {edge_key(k[1], k[2]): 1 if v else CROSS for k, v in known.items()
            if isinstance(k, tuple) and len(k) == 3 and k[0] == tag}


def cell_marks(known: dict[Any, int], tag: str) -> dict[str, int]:
    """Known ``(tag, r, c)`` cells: 1 for a mark (a filled cell, a queen, a tent), `CROSS` for a
    cell known empty."""
    return {cell_key(k[1], k[2]): 1 if v else CROSS for k, v in known.items()
            if isinstance(k, tuple) and len(k) == 3 and k[0] == tag}
