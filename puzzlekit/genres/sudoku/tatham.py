"""Simon Tatham's Solo game IDs for Sudoku: ``3x3:<givens>`` (his ``CxR``: boxes of C rows by
R columns), and the X variant (``3x3x``, both main diagonals hold 1..n once). His jigsaw and
killer modes are read by `jigsawsudoku` and `killersudoku`; each part refuses the others'.

The shared spelling of his Solo descriptions is here too: `solo_params` and the givens grid
(runs of letters for empty cells, ``_`` between two digits side by side)."""

from __future__ import annotations

import re
from typing import NamedTuple

from puzzlekit.formats.tathamcodes import runs, write_runs

GAME = "solo"
TITLE = "Solo"


class SoloParams(NamedTuple):
    c: int  # rows of one box (his columns of boxes); for jigsaw, the side
    r: int  # columns of one box; 1 for jigsaw
    jigsaw: bool
    x: bool
    killer: bool

    @property
    def n(self) -> int:
        return self.c * self.r


def solo_params(params: str) -> SoloParams:
    """His Solo parameters read as his program reads them: ``CxR`` (or ``N`` for a square
    of boxes N wide), then ``j`` (jigsaw), ``x`` (X diagonals), ``k`` (killer), symmetry and level
    letters (ignored)."""
    m = re.match(r"(\d+)(?:x(\d+))?", params)
    if m is None:
        raise ValueError(f"Solo parameters start with a box 'CxR' or an order, not {params!r}")
    c = int(m.group(1))
    r = int(m.group(2)) if m.group(2) is not None else c
    jigsaw = x = killer = False
    rest = params[m.end():]
    i = 0
    while i < len(rest):
        ch = rest[i]
        i += 1
        if ch == "j":
            c, r, jigsaw = (c * r if m.group(2) is not None else c), 1, True
        elif ch == "x":
            x = True
        elif ch == "k":
            killer = True
        elif ch in "rma":
            i += ch == "m" and rest[i:i + 1] == "d"
            while i < len(rest) and rest[i].isdigit():
                i += 1
        elif ch == "d":
            i += rest[i:i + 1] in tuple("tbiaeu")
    if not 1 <= c * r <= 64 or c < 1 or r < 1:
        raise ValueError(f"Solo parameters {params!r} make a grid of side {c * r}: out of range")
    return SoloParams(c, r, jigsaw, x, killer)


def read_grid(text: str, n: int) -> list[list[int]]:
    """His givens grid: ``n`` rows of digits, 0 for an empty cell."""
    cells = runs(text, n * n, r"\d+", "solo")
    if any(v is not None and not 1 <= int(v) <= n for v in cells):
        raise ValueError(f"solo: a digit outside 1..{n}")
    return [[int(v or 0) for v in cells[i * n:(i + 1) * n]] for i in range(n)]


def write_grid(rows: list[list[int]] | tuple) -> str:
    """His givens grid of rows (0 or None for an empty cell)."""
    return write_runs([str(v) if v else None for row in rows for v in row], "_")


def params_of(box: tuple[int, int], flags: str = "") -> str:
    """His params of a box (rows, columns), with the mode letters."""
    return f"{box[0]}x{box[1]}{flags}"


def read(params: str, desc: str):
    from . import Puzzle

    p = solo_params(params)
    if p.jigsaw or p.killer:
        raise ValueError("Solo's jigsaw and killer modes are other genres' (jigsawsudoku, killersudoku)")
    if "," in desc:
        raise ValueError("a Solo description on boxes is one grid, without ','")
    return Puzzle(tuple(map(tuple, read_grid(desc, p.n))), (p.c, p.r), p.x)


def write(puzzle) -> str:
    """``CxR:GRID`` (``CxRx`` in Sudoku X) as his generator prints it (the level and symmetry
    are left out)."""
    return f"{params_of(puzzle.box, 'x' if puzzle.diagonals else '')}:{write_grid(puzzle.grid)}"
