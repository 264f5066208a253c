"""Simon Tatham's Towers game IDs: ``5:2/3//1/...,b3c`` is the size, then the 4n counts
around the grid (top left to right, bottom left to right, left top to bottom, right top to
bottom; empty for none) separated by ``/``, then optionally ``,`` and the given heights in
reading order (a letter ``a``-``z`` is a run of 1-26 empty cells, ``_`` separates two
heights)."""

from __future__ import annotations

import re

from . import AROUND, Puzzle

GAME = "towers"
TITLE = "Towers"


def read(params: str, desc: str) -> Puzzle:
    """A Skyscrapers puzzle from his params (``5``, ``5de``: the level is ignored) and desc."""
    m = re.fullmatch(r"(\d+)(?:d[ehxu])?", params)
    if not m:
        raise ValueError(f"expected Towers params such as '5' or '5de', found {params!r}")
    n = int(m.group(1))
    clues, _, grid = desc.partition(",")
    parts = clues.split("/")
    if len(parts) != 4 * n or any(not re.fullmatch(r"\d*", x) for x in parts):
        raise ValueError(f"expected {4 * n} clues separated by '/' (empty for none), found {clues!r}")
    counts = [int(x) if x else None for x in parts]
    values = {layer.name: tuple(counts[i * n:(i + 1) * n]) for i, layer in enumerate(AROUND)}
    givens: list[int | None] = []
    if "," in desc:
        for token in re.findall(r"[a-z]|_|\d+|.", grid):
            if token.isdigit():
                givens.append(int(token))
            elif "a" <= token <= "z":
                givens += [None] * (ord(token) - ord("a") + 1)
            elif token != "_":
                raise ValueError(f"unexpected {token!r} in the given heights {grid!r}")
        if len(givens) != n * n:
            raise ValueError(f"the given heights fill {len(givens)} cells, not {n * n}")
    else:
        givens = [None] * (n * n)
    rows = tuple(tuple(givens[r * n:(r + 1) * n]) for r in range(n))
    return Puzzle(n, n, givens=rows, **values)


def write(puzzle: Puzzle) -> str:
    """His ID of the puzzle: the size alone (the level is not recoverable; his default)."""
    n = puzzle.width
    counts = [v for layer in AROUND for v in getattr(puzzle, layer.name)]
    desc = "/".join("" if v is None else str(v) for v in counts)
    cells = [v for row in puzzle.givens for v in row]
    if any(v is not None for v in cells):
        out, run = [], 0
        for i, v in enumerate(cells + [-1]):
            if v is None:
                run += 1
                continue
            if run:
                while run:
                    out.append(chr(ord("a") + min(run, 26) - 1))
                    run -= min(run, 26)
            elif i > 0 and v > 0:
                out.append("_")
            if v > 0:
                out.append(str(v))
        desc += "," + "".join(out)
    return f"{n}:{desc}"
