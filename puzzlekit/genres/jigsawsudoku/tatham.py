"""Simon Tatham's Solo game IDs in jigsaw mode: ``9j:<givens>,<regions>`` (the regions as his
block structure). A jigsaw with the X diagonals or killer cages has no counterpart here."""

from __future__ import annotations

import string

from puzzlekit.formats.tathamcodes import read_blocks, write_blocks
from puzzlekit.genres.sudoku.tatham import read_grid, solo_params, write_grid

GAME = "solo"
TITLE = "Solo"


def read(params: str, desc: str):
    from . import genre

    p = solo_params(params)
    if not p.jigsaw or p.killer or p.x:
        raise ValueError("Jigsaw Sudoku takes Solo's jigsaw mode ('9j'), without killer or X")
    n = p.n
    if n > 26:
        raise ValueError(f"a Jigsaw Sudoku here has at most 26 regions, not {n}")
    givens, sep, rest = desc.partition(",")
    grid = read_grid(givens, n)
    blocks, rest = read_blocks(rest, n)
    if not sep or rest:
        raise ValueError("expected the givens, ',' and the regions, and nothing after")
    owner = {i: k for k, block in enumerate(blocks) for i in block}
    regions = tuple("".join(string.ascii_uppercase[owner[r * n + c]] for c in range(n)) for r in range(n))
    givens_rows = tuple(tuple(v or None for v in row) for row in grid)
    return genre.Puzzle(n, n, givens=givens_rows, regions=regions)


def write(puzzle) -> str:
    """``Nj:GRID,REGIONS`` as his generator prints it (level and symmetry left out)."""
    n = puzzle.width
    found: dict[str, list[int]] = {}
    for r, row in enumerate(puzzle.regions):
        for c, label in enumerate(row):
            found.setdefault(label, []).append(r * n + c)
    blocks = sorted(found.values())
    return f"{n}j:{write_grid(puzzle.givens)},{write_blocks(blocks, n, compress=False)}"
