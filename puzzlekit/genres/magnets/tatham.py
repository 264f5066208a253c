"""Simon Tatham's Magnets game IDs: ``6x5:223131,31233,132222,22233,LRLR...`` is the size
(width x height), the + counts above the columns, the + counts left of the rows, the - counts
below the columns, the - counts right of the rows (a character each: ``0``-``9``, then ``a``-``z``
for 10-35, ``.`` for none), then per cell, in reading order, where its domino's other cell
is: ``L`` (this is the left end), ``R``, ``T`` (the top end), ``B``, or ``*`` for a single
cell that holds no magnet."""

from __future__ import annotations

import re
import string

from . import Puzzle, dominoes, label

GAME = "magnets"
TITLE = "Magnets"
DIGITS = string.digits + string.ascii_lowercase + string.ascii_uppercase
#: A cell's letter: the step to the other cell of its domino.
STEPS = {"L": (0, 1), "R": (0, -1), "T": (1, 0), "B": (-1, 0), "*": (0, 0)}


def _counts(text: str, n: int, what: str) -> tuple[int | None, ...]:
    if len(text) != n or any(ch != "." and ch not in DIGITS for ch in text):
        raise ValueError(f"expected {n} {what} (a digit, a letter or '.' each), found {text!r}")
    return tuple(None if ch == "." else DIGITS.index(ch) for ch in text)


def read(params: str, desc: str) -> Puzzle:
    """A Magnets puzzle from his params (``6x5``, ``6x5dtS``: level and strip flag ignored)."""
    m = re.fullmatch(r"(\d+)(?:x(\d+))?(?:d[et])?S?", params)
    if not m:
        raise ValueError(f"expected Magnets params such as '6x5' or '6x5dt', found {params!r}")
    w = int(m.group(1))
    h = int(m.group(2) or w)
    parts = desc.split(",")
    if len(parts) < 5:
        raise ValueError(f"expected four lists of counts and the dominoes separated by ',', found {desc!r}")
    top = _counts(parts[0], w, "+ counts above the columns")
    left = _counts(parts[1], h, "+ counts left of the rows")
    bottom = _counts(parts[2], w, "- counts below the columns")
    right = _counts(parts[3], h, "- counts right of the rows")
    cells = "".join(parts[4:])
    if len(cells) != w * h or any(ch not in STEPS for ch in cells):
        raise ValueError(f"expected {w * h} domino letters L, R, T, B or *, found {cells!r}")
    labels: list[list[str]] = [[""] * w for _ in range(h)]
    count = 0
    for i, ch in enumerate(cells):
        r, c = divmod(i, w)
        dr, dc = STEPS[ch]
        other = (r + dr, c + dc)
        back = other[0] * w + other[1]
        if not (0 <= other[0] < h and 0 <= other[1] < w) or STEPS[cells[back]] != (-dr, -dc):
            raise ValueError(f"the domino letter {ch!r} at row {r}, column {c} has no partner")
        if not labels[r][c]:
            labels[r][c] = labels[other[0]][other[1]] = label(count)
            count += 1
    return Puzzle(h, w, top=top, bottom=bottom, left=left, right=right,
                  dominoes=tuple(map(tuple, labels)))


def write(puzzle: Puzzle) -> str:
    """His ID of the puzzle: the size alone (the level is not recoverable; his default)."""
    h, w = puzzle.height, puzzle.width

    def counts(values: tuple) -> str:
        return "".join("." if v is None else DIGITS[v] for v in values)

    letter = {step: ch for ch, step in STEPS.items()}
    cells = [[""] * w for _ in range(h)]
    for group in dominoes(puzzle):
        if len(group) == 1:
            (r, c), = group
            cells[r][c] = "*"
            continue
        (r1, c1), (r2, c2) = group
        cells[r1][c1] = letter[(r2 - r1, c2 - c1)]
        cells[r2][c2] = letter[(r1 - r2, c1 - c2)]
    desc = ",".join([counts(puzzle.top), counts(puzzle.left), counts(puzzle.bottom), counts(puzzle.right),
                     "".join("".join(row) for row in cells)])
    return f"{w}x{h}:{desc}"
