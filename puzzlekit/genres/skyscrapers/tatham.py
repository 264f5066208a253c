"""Simon Tatham's Towers game IDs: ``5:2/3//1/...,b3c`` is the size, then the 4n counts
around the grid (top left to right, bottom left to right, left top to bottom, right top to
bottom; empty for none) separated by ``/``, then optionally ``,`` and the given heights in
reading order (a letter ``a``-``z`` is a run of 1-26 empty cells, ``_`` separates two
heights)."""

from __future__ import annotations

from ...formats.tathamcodes import dims, numbers, rows, runs, write_numbers, write_runs
from . import AROUND, Puzzle, variant

GAME = "towers"
TITLE = "Towers"


def read(params: str, desc: str) -> Puzzle:
    """A Skyscrapers puzzle from his params (``5``, ``5de``: the level is ignored) and desc."""
    n, _, _ = dims(params, "(?:d[ehxu])?", "expected Towers params such as '5' or '5de'", square=True)
    clues, comma, grid = desc.partition(",")
    counts = numbers(clues, "/", 4 * n, "clues", empty=True)
    values = {layer.name: tuple(counts[i * n:(i + 1) * n]) for i, layer in enumerate(AROUND)}
    givens = runs(grid, n * n, r"\d+", "Towers: the given heights", int) if comma else [None] * (n * n)
    return Puzzle(n, n, givens=rows(givens, n), **values)


def write(puzzle: Puzzle) -> str:
    """His ID of the puzzle: the size alone (the level is not recoverable; his default).
    His Towers has neither variant: a diagonals or tallest setting is refused."""
    if variant(puzzle):
        raise ValueError(f"a Skyscrapers puzzle with {variant(puzzle)}: Tatham's Towers has no such rule")
    desc = write_numbers([v for layer in AROUND for v in getattr(puzzle, layer.name)], "/")
    cells = [v for row in puzzle.givens for v in row]
    if any(v is not None for v in cells):
        desc += "," + write_runs(cells, "_")
    return f"{puzzle.width}:{desc}"
