"""Simon Tatham's Undead game IDs: ``4x4:4,5,3,bRhLRaLa,3,2,0,...`` is width x height, the
numbers of ghosts, vampires and zombies, the grid in reading order (``L`` a mirror ``\\``,
``R`` a mirror ``/``, a letter ``a``-``z`` a run of 1-26 cells without one), then the counts
at the edges clockwise from the top left: the top left to right, the right side top to
bottom, the bottom right to left, the left side bottom to top. (Monsters placed in his grid,
``G``, ``V``, ``Z``, are refused: this genre gives none.)"""

from __future__ import annotations

import re

from . import Puzzle

GAME = "undead"
TITLE = "Undead"


def read(params: str, desc: str) -> Puzzle:
    """An Undead puzzle from his params (``4x4``, ``5x5dt``: the level is ignored) and desc."""
    m = re.fullmatch(r"(\d+)(?:x(\d+))?(?:d[ent])?", params)
    if not m:
        raise ValueError(f"expected Undead params such as '4x4' or '4x4dn', found {params!r}")
    w, h = int(m.group(1)), int(m.group(2) or m.group(1))
    parts = desc.split(",")
    if len(parts) != 4 + 2 * (w + h) or not all(x.isdigit() for x in parts[:3] + parts[4:]):
        raise ValueError(f"expected 3 totals, the grid and {2 * (w + h)} edge counts separated by ',', "
                         f"found {desc!r}")
    cells: list[str | None] = []
    for ch in parts[3]:
        if ch in "GVZ":
            raise ValueError("a monster placed in the grid: this genre gives none")
        if ch not in "LR" and not "a" <= ch <= "z":
            raise ValueError(f"unexpected {ch!r} in the grid {parts[3]!r}")
        cells += ["\\" if ch == "L" else "/"] if ch in "LR" else [None] * (ord(ch) - ord("a") + 1)
    if len(cells) != w * h:
        raise ValueError(f"the grid fills {len(cells)} cells, not {w * h}")
    counts = [int(x) for x in parts[4:]]
    return Puzzle(h, w, monsters=tuple(int(x) for x in parts[:3]),
                  mirrors=tuple(tuple(cells[r * w:(r + 1) * w]) for r in range(h)),
                  top=tuple(counts[:w]), right=tuple(counts[w:w + h]),
                  bottom=tuple(reversed(counts[w + h:2 * w + h])), left=tuple(reversed(counts[2 * w + h:])))


def write(puzzle: Puzzle) -> str:
    """His ID of the puzzle: the size alone (the level is not recoverable; his default).
    Every edge count is needed: his IDs have one at every end."""
    h, w = puzzle.height, puzzle.width
    grid, run = [], 0
    for v in [v for row in puzzle.mirrors for v in row] + ["end"]:
        if v is None:
            run += 1
            continue
        while run:
            grid.append(chr(ord("a") + min(run, 26) - 1))
            run -= min(run, 26)
        grid.append({"\\": "L", "/": "R"}.get(v, ""))
    counts = [*puzzle.top, *puzzle.right, *reversed(puzzle.bottom), *reversed(puzzle.left)]
    if None in counts:
        raise ValueError("his Undead IDs have a count at every end of every row and column")
    return f"{w}x{h}:" + ",".join([*map(str, puzzle.monsters), "".join(grid), *map(str, counts)])
