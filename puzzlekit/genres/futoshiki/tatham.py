"""Tatham's Unequal game IDs: ``5dk:0,0R,...`` (params: the order, ``a`` for Adjacent mode,
``d`` and a level letter), one entry per cell: its given digit (0 for none), then ``U``,
``R``, ``D``, ``L`` for the neighbours it has a sign against (in Unequal mode the cell is the
larger of the two; in Adjacent mode the two are one apart, and both cells carry the letter).
A lower-case letter skips that many cells (a..z: 1..26)."""

from __future__ import annotations

from typing import Any

from ...formats.tathamcodes import dims, tokens
from . import genre

GAME = "unequal"
TITLE = "Unequal"
STEPS = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}


def read(params: str, desc: str) -> Any:
    """A puzzle from his ID split at the first ':' (any level letter is ignored)."""
    n, _, m = dims(params, "(a?)(?:d[a-z]?)?", "Unequal params are the order 3-32, 'a' for Adjacent and "
                   "'d' with a level", square=True, sides=(3, 32))
    adjacent = bool(m.group(3))
    givens = [[None] * n for _ in range(n)]
    signs: dict[tuple, str] = {}
    i = 0
    cells = tokens(desc, r"([a-z]*)(\d+)([URDL]*),?", "cells such as '0', '3', '0RD,'")
    for skip, number, flags in (cell.groups() for cell in cells):
        i += sum(ord(ch) - ord("a") + 1 for ch in skip)
        if i >= n * n:
            raise ValueError(f"the description has more than the {n * n} cells of an order-{n} grid")
        r, c = divmod(i, n)
        if not 0 <= int(number) <= n:
            raise ValueError(f"the number {number} at cell {i} is outside 0-{n}")
        givens[r][c] = int(number) or None
        for flag in flags:
            dr, dc = STEPS[flag]
            other = (r + dr, c + dc)
            if not (0 <= other[0] < n and 0 <= other[1] < n):
                raise ValueError(f"the sign {flag} at cell {i} points off the grid")
            pair = tuple(sorted(((r, c), other)))
            signs[pair] = "|" if adjacent else (">" if pair[0] == (r, c) else "<")
        i += 1
    return genre.Puzzle(n, n, mode="adjacent" if adjacent else "unequal", givens=givens,
                        signs=sorted(signs.items()))


def write(puzzle: Any) -> str:
    """His ID, with the params he writes (``5`` or ``5a``: the level is not recoverable)."""
    n = puzzle.height
    flags: dict[tuple[int, int], set[str]] = {}
    for (a, b), mark in puzzle.signs:
        down = a[0] != b[0]
        if mark == "|" or mark == ">":
            flags.setdefault(a, set()).add("D" if down else "R")
        if mark == "|" or mark == "<":
            flags.setdefault(b, set()).add("U" if down else "L")
    cells = []
    for r in range(n):
        for c in range(n):
            marks = "".join(f for f in "URDL" if f in flags.get((r, c), ()))
            cells.append(f"{puzzle.givens[r][c] or 0}{marks},")
    return f"{n}{'a' if puzzle.mode == 'adjacent' else ''}:" + "".join(cells)
