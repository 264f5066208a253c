"""Simon Tatham's Solo game IDs in killer mode: ``3x3k:<givens>,<cages>,<sums>`` (his ``CxR``:
boxes of C rows by R columns; the cages as his block structure, each sum on the cage's first
cell). Jigsaw and X killers have no counterpart here."""

from __future__ import annotations

from puzzlekit.board import cages as cg
from puzzlekit.formats.tathamcodes import read_blocks, rows, runs, write_blocks
from puzzlekit.genres.sudoku.tatham import params_of, read_grid, solo_params, write_grid

GAME = "solo"
TITLE = "Solo"


def read(params: str, desc: str):
    from . import genre

    p = solo_params(params)
    if not p.killer or p.jigsaw or p.x:
        raise ValueError("Killer Sudoku takes Solo's killer mode on boxes ('3x3k'), without jigsaw or X")
    givens, _, rest = desc.partition(",")
    n = p.n
    grid = tuple(tuple(v or None for v in row) for row in read_grid(givens, n))
    blocks, rest = read_blocks(rest, n)
    if not rest.startswith(","):
        raise ValueError("expected ',' and the cage sums after the cages")
    sums = _sums(rest[1:], n)
    cages = []
    for block in blocks:
        first = divmod(block[0], n)
        total = sums[first[0]][first[1]]
        if not total or any(sums[i // n][i % n] for i in block[1:]):
            raise ValueError(f"each cage has its sum on its first cell: not so at {first}")
        cages.append(([divmod(i, n) for i in block], total, None))
    return genre.Puzzle(n, n, box=(p.c, p.r), givens=grid, cages=cg.tokens_of(n, n, cages))


def _sums(text: str, n: int) -> tuple[tuple[int, ...], ...]:
    """His sums grid: numbers of any size, 0 where a cage has no sum."""
    return rows([v or 0 for v in runs(text, n * n, r"\d+", "solo", int)], n)


def write(puzzle) -> str:
    """``CxRk:GRID,CAGES,SUMS`` as his generator prints it (level and symmetry left out)."""
    n = puzzle.width
    found = sorted(cg.Cages.cages(puzzle.cages), key=lambda cage: cage.cells[0])
    sums = [[0] * n for _ in range(n)]
    for cage in found:
        sums[cage.cells[0][0]][cage.cells[0][1]] = cage.total
    blocks = [[r * n + c for r, c in cage.cells] for cage in found]
    cages = write_blocks(blocks, n, compress=False)
    return f"{params_of(puzzle.box, 'k')}:{write_grid(puzzle.givens)},{cages},{write_grid(sums)}"
