"""Puzzle generation: unique puzzles of a chosen genre, size and difficulty.

``generate(genre, height, width, level=None, count=1, seed=0, symmetry="none")`` yields
`Generated` puzzles; docs/generating.md gives the recipe. The package sits above
`puzzlekit.api` (it solves and grades through it) and below the command line.
"""

from __future__ import annotations

from .loop import GENERATORS, SYMMETRIES, Generated, fingerprint_of, generate, levels, recipe
from .reach import NotOffered, offered

__all__ = [
    "GENERATORS", "SYMMETRIES", "Generated", "NotOffered", "fingerprint_of", "generate", "levels", "offered",
    "recipe",
]
