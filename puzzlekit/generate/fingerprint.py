"""Canonical fingerprints: one name for a puzzle and its rotations, reflections and relabellings.

A puzzle's fingerprint is the SHA-256 of the smallest file text (the genre's ``format``)
over the eight rotations and reflections of the grid and, for each, the genre's canonical
relabellings (``variants``: Numberlink and Sudoku numbers in order of first appearance,
Queens regions likewise, Zip read from either end). Two puzzles with the same fingerprint
are the same puzzle seen another way, so a pack never holds one twice.

A `Transform` maps a grid of ``height x width`` points to one of ``shape(height, width)``:
rows flipped, then columns flipped, then rows and columns swapped. Quarter turns swap the
sides of a rectangle; the fingerprint reads every transform, so it does not depend on how
the puzzle was turned.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, TypeVar

from puzzlekit import genres

T = TypeVar("T")
Cell = tuple[int, int]


@dataclass(frozen=True)
class Transform:
    """One of the eight symmetries of the square, applied to a grid of any shape."""

    transpose: bool = False
    flip_rows: bool = False
    flip_cols: bool = False

    def shape(self, height: int, width: int) -> tuple[int, int]:
        """The grid's shape after the transform."""
        return (width, height) if self.transpose else (height, width)

    def cell(self, cell: Cell, height: int, width: int) -> Cell:
        """Where a point of a ``height x width`` grid goes (lattice points: pass H+1, W+1)."""
        r, c = cell
        if self.flip_rows:
            r = height - 1 - r
        if self.flip_cols:
            c = width - 1 - c
        return (c, r) if self.transpose else (r, c)

    def edge(self, edge: tuple[Cell, Cell], height: int, width: int) -> tuple[Cell, Cell]:
        """An edge between two points, as a sorted pair after the transform."""
        a, b = (self.cell(p, height, width) for p in edge)
        return (a, b) if a <= b else (b, a)

    def direction(self, letter: str) -> str:
        """Where a direction letter (U, D, L, R) points after the transform."""
        if self.flip_rows:
            letter = {"U": "D", "D": "U"}.get(letter, letter)
        if self.flip_cols:
            letter = {"L": "R", "R": "L"}.get(letter, letter)
        if self.transpose:
            letter = {"U": "L", "L": "U", "D": "R", "R": "D"}[letter]
        return letter

    def grid(self, rows: Sequence[Sequence[T]]) -> tuple[tuple[T, ...], ...]:
        """A grid of values (rows of cells) after the transform."""
        height, width = len(rows), len(rows[0])
        new_h, new_w = self.shape(height, width)
        out: list[list[Any]] = [[None] * new_w for _ in range(new_h)]
        for r in range(height):
            for c in range(width):
                nr, nc = self.cell((r, c), height, width)
                out[nr][nc] = rows[r][c]
        return tuple(tuple(row) for row in out)

    def lines(self, rows: Sequence[T], cols: Sequence[T], reverse: Callable[[T], T]) -> tuple[tuple, tuple]:
        """Row and column clues (e.g. counts, run lengths) after the transform: ``(rows, cols)``.

        ``reverse`` turns a clue around, for a line read from its other end.
        """
        new_rows = [reverse(x) if self.flip_cols else x for x in (rows[::-1] if self.flip_rows else rows)]
        new_cols = [reverse(x) if self.flip_rows else x for x in (cols[::-1] if self.flip_cols else cols)]
        return (tuple(new_cols), tuple(new_rows)) if self.transpose else (tuple(new_rows), tuple(new_cols))


#: The identity first, then the other seven symmetries.
TRANSFORMS: tuple[Transform, ...] = tuple(
    Transform(t, fr, fc) for t in (False, True) for fr in (False, True) for fc in (False, True)
)
ROT90 = Transform(transpose=True, flip_rows=True)  # a quarter turn clockwise
ROT180 = Transform(flip_rows=True, flip_cols=True)


def first_seen(values: Iterable[Hashable], skip: Hashable = 0) -> dict[Hashable, int]:
    """Labels in order of first appearance, numbered 1, 2, ... (``skip``: not a label)."""
    order: dict[Hashable, int] = {}
    for value in values:
        if value != skip and value not in order:
            order[value] = len(order) + 1
    return order


def fingerprint(recipe: ModuleType, puzzle: Any) -> str:
    """The canonical fingerprint of a puzzle: ``genre:`` and 32 hex digits."""
    module = genres.get(recipe.NAME)
    variants = getattr(recipe, "variants", lambda p: [p])
    texts = [module.format(v) for t in TRANSFORMS for v in variants(recipe.transform(puzzle, t))]
    return f"{recipe.NAME}:{hashlib.sha256(min(texts).encode()).hexdigest()[:32]}"
