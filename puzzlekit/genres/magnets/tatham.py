"""Simon Tatham's Magnets game IDs: ``6x5:223131,31233,132222,22233,LRLR...``: width x height;
the + counts above the columns, left of the rows, the - counts below the columns, right of
the rows (a character each, ``.`` none); then the dominoes' letters (`tathamcodes.dominoes`)."""

from __future__ import annotations

from ...board.sides import room_label as label
from ...formats.tathamcodes import chars, dims, domino_letters, write_chars
from ...formats.tathamcodes import dominoes as domino_ids
from . import Puzzle, dominoes

GAME = "magnets"
TITLE = "Magnets"
WORDS = ("+ counts above the columns", "+ counts left of the rows", "- counts below the columns",
         "- counts right of the rows")


def read(params: str, desc: str) -> Puzzle:
    """A Magnets puzzle from his params (``6x5``, ``6x5dtS``: level and strip flag ignored)."""
    w, h, _ = dims(params, "(?:d[et])?S?", "expected Magnets params such as '6x5' or '6x5dt'")
    parts = desc.split(",")
    if len(parts) < 5:
        raise ValueError(f"expected four lists of counts and the dominoes separated by ',', found {desc!r}")
    counts = [chars(text, n, what) for text, n, what in zip(parts, (w, h, w, h), WORDS)]
    labels = tuple(tuple(map(label, row)) for row in domino_ids("".join(parts[4:]), w, h))
    return Puzzle(h, w, **dict(zip(("top", "left", "bottom", "right"), counts)), dominoes=labels)


def write(puzzle: Puzzle) -> str:
    """His ID of the puzzle: the size alone (the level is not recoverable; his default)."""
    if any(v for row in puzzle.givens for v in row):
        raise ValueError("a Magnets puzzle with given poles: Tatham's Magnets gives none")
    counts = [puzzle.top, puzzle.left, puzzle.bottom, puzzle.right]
    letters = domino_letters(dominoes(puzzle), puzzle.width, puzzle.height)
    return f"{puzzle.width}x{puzzle.height}:" + ",".join([*map(write_chars, counts), letters])
