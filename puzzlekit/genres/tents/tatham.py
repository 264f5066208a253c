"""Tents as Simon Tatham's: ``WxH:TREES,COUNTS``. The trees row by row: ``_`` is a tree,
``a``-``y`` 1-25 empty cells then a tree, ``z`` 25 empty cells; a last tree past the grid ends
the list. The counts: the columns left to right, then the rows top to bottom. His level
(``de``/``dt``) is left out of the ID he prints, and of `write`'s."""

from __future__ import annotations

from ...formats.tathamcodes import dims, numbers, placed, write_numbers, write_placed
from . import Puzzle

GAME = "tents"
TITLE = "Tents"
#: ``_`` a tree, ``a``-``y`` 1-25 empty cells then a tree, ``z`` 25 empty cells.
TREES = {"_": (0, True, True), "z": (25, True, False), **{chr(97 + i): (i + 1, True, True)
                                                           for i in range(25)}}


def read(params: str, desc: str) -> Puzzle:
    w, h, _ = dims(params, "(?:d[et])?", "Tents parameters are a size and a level such as '8x8dt'")
    grid, _, tail = desc.partition(",")
    trees = placed(grid, w * h, TREES, "Tents: the trees")
    counts = numbers(tail, ",", w + h, "counts of the columns then the rows")
    return Puzzle(cols=tuple(counts[:w]), rows=tuple(counts[w:]),
                  trees=frozenset(divmod(i, w) for i, tree in enumerate(trees) if tree))


def fits(puzzle: Puzzle) -> bool:
    """Whether his generator could have made the puzzle: a tent for each tree."""
    return None not in puzzle.cols and sum(puzzle.cols) == len(puzzle.trees)


def write(puzzle: Puzzle) -> str:
    w, h = puzzle.width, puzzle.height
    if None in puzzle.cols or None in puzzle.rows:
        raise ValueError("his Tents gives every row and column its count")
    trees = [True if divmod(i, w) in puzzle.trees else None for i in range(w * h)]
    counts = write_numbers((*puzzle.cols, *puzzle.rows), ",")
    return f"{w}x{h}:{write_placed(trees, TREES, True)},{counts}"
