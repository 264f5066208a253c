"""Simon Tatham's Undead game IDs: ``4x4:4,5,3,bRhLRaLa,3,2,0,...`` is width x height, the
numbers of ghosts, vampires and zombies, the grid in reading order (``L`` a mirror ``\\``,
``R`` a mirror ``/``, a letter ``a``-``z`` a run of 1-26 cells without one), then the counts
at the edges clockwise from the top left: the top left to right, the right side top to
bottom, the bottom right to left, the left side bottom to top. (Monsters placed in his grid,
``G``, ``V``, ``Z``, are refused: this genre gives none.)"""

from __future__ import annotations

from ...formats.tathamcodes import dims, numbers, rows, runs, write_numbers, write_runs
from . import Puzzle

GAME = "undead"
TITLE = "Undead"


def read(params: str, desc: str) -> Puzzle:
    """An Undead puzzle from his params (``4x4``, ``5x5dt``: the level is ignored) and desc."""
    w, h, _ = dims(params, "(?:d[ent])?", "expected Undead params such as '4x4' or '4x4dn'")
    parts = desc.split(",")
    if len(parts) != 4 + 2 * (w + h):
        raise ValueError(f"expected 3 totals, the grid and {2 * (w + h)} edge counts separated by ',', "
                         f"found {desc!r}")
    if any(ch in "GVZ" for ch in parts[3]):
        raise ValueError("a monster placed in the grid: this genre gives none")
    cells = runs(parts[3], w * h, "[LR]", "Undead: the grid", {"L": "\\", "R": "/"}.get, None)
    counts = numbers(",".join(parts[4:]), ",", 2 * (w + h), "edge counts")
    monsters = numbers(",".join(parts[:3]), ",", 3, "totals of ghosts, vampires and zombies")
    return Puzzle(h, w, monsters=tuple(monsters), mirrors=rows(cells, w),
                  top=tuple(counts[:w]), right=tuple(counts[w:w + h]),
                  bottom=tuple(reversed(counts[w + h:2 * w + h])), left=tuple(reversed(counts[2 * w + h:])))


def write(puzzle: Puzzle) -> str:
    """His ID of the puzzle: the size alone (the level is not recoverable; his default).
    Every edge count is needed: his IDs have one at every end."""
    h, w = puzzle.height, puzzle.width
    grid = write_runs([{"\\": "L", "/": "R"}.get(v, v) for row in puzzle.mirrors for v in row])
    counts = [*puzzle.top, *puzzle.right, *reversed(puzzle.bottom), *reversed(puzzle.left)]
    if None in counts:
        raise ValueError("his Undead IDs have a count at every end of every row and column")
    return f"{w}x{h}:" + ",".join([write_numbers(puzzle.monsters, ","), grid, write_numbers(counts, ",")])
