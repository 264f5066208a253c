"""Tents as Simon Tatham's: ``WxH:TREES,COUNTS``. The trees row by row: ``_`` is a tree,
``a``-``y`` 1-25 empty cells then a tree, ``z`` 25 empty cells; a last tree past the grid ends
the list. The counts: the columns left to right, then the rows top to bottom. His level
(``de``/``dt``) is left out of the ID he prints, and of `write`'s."""

from __future__ import annotations

import re

from ...formats.tathamcodes import size
from . import Puzzle

GAME = "tents"
TITLE = "Tents"


def read(params: str, desc: str) -> Puzzle:
    w, h, rest = size(params)
    if not re.fullmatch(r"(d[et])?", rest):
        raise ValueError(f"Tents parameters are a size and a level such as '8x8dt', not {params!r}")
    grid, *counts = desc.split(",")
    trees, at = [], 0
    for i, ch in enumerate(grid):
        if ch == "z":
            at += 25
        elif ch == "_" or "a" <= ch <= "y":
            at += 0 if ch == "_" else ord(ch) - ord("a") + 1
            trees.append(at)
            at += 1
        else:
            raise ValueError(f"Tents: unexpected {ch!r} at position {i + 1} of the trees")
    if at != w * h + 1 or not trees or trees[-1] != w * h:
        raise ValueError(f"Tents: the trees cover {at - 1} cells, not {w * h}")
    if len(counts) != w + h or not all(c.isdigit() for c in counts):
        raise ValueError(f"Tents: the counts are not {w} + {h} numbers")
    numbers = [int(c) for c in counts]
    return Puzzle(cols=tuple(numbers[:w]), rows=tuple(numbers[w:]),
                  trees=frozenset(divmod(t, w) for t in trees[:-1]))


def fits(puzzle: Puzzle) -> bool:
    """Whether his generator could have made the puzzle: a tent for each tree."""
    return None not in puzzle.cols and sum(puzzle.cols) == len(puzzle.trees)


def write(puzzle: Puzzle) -> str:
    w, h = puzzle.width, puzzle.height
    if None in puzzle.cols or None in puzzle.rows:
        raise ValueError("his Tents gives every row and column its count")
    out, run = [], 0
    for i in range(w * h + 1):
        if i < w * h and divmod(i, w) not in puzzle.trees:
            run += 1
            if run == 25:
                out.append("z")
                run = 0
            continue
        out.append("_" if run == 0 else chr(ord("a") + run - 1))
        run = 0
    counts = ",".join(str(c) for c in (*puzzle.cols, *puzzle.rows))
    return f"{w}x{h}:{''.join(out)},{counts}"
