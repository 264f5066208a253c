"""Puzzle generation: unique puzzles of a chosen genre, size and difficulty.

``generate(genre, height, width, level=None, count=1, seed=0, symmetry="none")`` yields
`Generated` puzzles; docs/generating.md gives the recipe. The package sits above
`puzzlekit.api` (it solves and grades through it) and below the command line. It names no
genre: each genre's recipe lives in its folder (``genres/<genre>/recipe.py``), found by
`recipe`; `generators` lists the genres that have one.
"""

from __future__ import annotations

from .loop import SYMMETRIES, Generated, fingerprint_of, generate, levels
from .reach import NotOffered, offered
from .recipes import generators, recipe

__all__ = [
    "SYMMETRIES", "Generated", "NotOffered", "fingerprint_of", "generate", "generators", "levels", "offered",
    "recipe",
]
