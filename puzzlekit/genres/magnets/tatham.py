"""Simon Tatham's Magnets game IDs: ``6x5:223131,31233,132222,22233,LRLR...``: width x height;
the + counts above the columns, left of the rows, the - counts below the columns, right of
the rows (a character each: ``0``-``9``, ``a``-``z`` for 10-35, ``.`` none); then per cell where
its domino's other cell is (``L`` it is the left end, ``R``, ``T`` the top end, ``B``; ``*``
a cell alone)."""

from __future__ import annotations

from ...board.sides import room_label as label
from ...formats.tathamcodes import chars, dims, write_chars
from . import Puzzle, dominoes

GAME = "magnets"
TITLE = "Magnets"
STEPS = {"L": (0, 1), "R": (0, -1), "T": (1, 0), "B": (-1, 0), "*": (0, 0)}  # to the other cell
WORDS = ("+ counts above the columns", "+ counts left of the rows", "- counts below the columns",
         "- counts right of the rows")


def read(params: str, desc: str) -> Puzzle:
    """A Magnets puzzle from his params (``6x5``, ``6x5dtS``: level and strip flag ignored)."""
    w, h, _ = dims(params, "(?:d[et])?S?", "expected Magnets params such as '6x5' or '6x5dt'")
    parts = desc.split(",")
    if len(parts) < 5:
        raise ValueError(f"expected four lists of counts and the dominoes separated by ',', found {desc!r}")
    counts = [chars(text, n, what) for text, n, what in zip(parts, (w, h, w, h), WORDS)]
    cells = "".join(parts[4:])
    if len(cells) != w * h or any(ch not in STEPS for ch in cells):
        raise ValueError(f"expected {w * h} domino letters L, R, T, B or *, found {cells!r}")
    labels = [[""] * w for _ in range(h)]
    for i, ch in enumerate(cells):
        (r, c), (dr, dc) = divmod(i, w), STEPS[ch]
        a, b = r + dr, c + dc
        if not (0 <= a < h and 0 <= b < w) or STEPS[cells[a * w + b]] != (-dr, -dc):
            raise ValueError(f"the domino letter {ch!r} at row {r}, column {c} has no partner")
        labels[r][c] = labels[a][b] = labels[r][c] or label(len({x for row in labels for x in row} - {""}))
    top, left, bottom, right = counts
    return Puzzle(h, w, top=top, bottom=bottom, left=left, right=right, dominoes=tuple(map(tuple, labels)))


def write(puzzle: Puzzle) -> str:
    """His ID of the puzzle: the size alone (the level is not recoverable; his default)."""
    if any(v for row in puzzle.givens for v in row):
        raise ValueError("a Magnets puzzle with given poles: Tatham's Magnets gives none")
    h, w = puzzle.height, puzzle.width
    letter = {step: ch for ch, step in STEPS.items()}
    cells = [[""] * w for _ in range(h)]
    for group in dominoes(puzzle):
        for (r, c) in group:
            (a, b) = group[-1] if (r, c) == group[0] else group[0]
            cells[r][c] = letter[(a - r, b - c)]
    counts = [puzzle.top, puzzle.left, puzzle.bottom, puzzle.right]
    return f"{w}x{h}:" + ",".join([*map(write_chars, counts), "".join(map("".join, cells))])
