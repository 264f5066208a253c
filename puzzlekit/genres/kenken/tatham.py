"""Simon Tatham's Keen game IDs: ``6:<block structure>,<clues>`` (his params ``6dn``, ``5dem``:
the side, a level letter and ``m`` for multiplication only; none of them changes the puzzle).
The block structure is his spelling of regions (`tathamcodes.read_blocks`); the clues follow
in order of each block's first cell: ``a`` add, ``s`` subtract, ``m`` multiply, ``d`` divide,
then the number."""

from __future__ import annotations

from puzzlekit.board import cages as cg

from ...formats.tathamcodes import dims, read_blocks, tokens, write_blocks

GAME = "keen"
TITLE = "Keen"
OPS = {"a": "+", "s": "-", "m": "x", "d": "/"}
LETTERS = {v: k for k, v in OPS.items()}


def read(params: str, desc: str):
    from . import genre

    w, _, _ = dims(params, "(?:d[enhxu])?m?", "Keen params are a side 3-9, a level and 'm' (such as 6dn)",
                   square=True, sides=(3, 9))
    blocks, rest = read_blocks(desc, w)
    clues = tokens(rest[1:], r"([asmd])(\d+)", "a clue (a, s, m or d and a number) for each block")
    if not rest.startswith(",") or len(clues) != len(blocks):
        raise ValueError(f"expected a clue (a, s, m or d and a number) for each of the {len(blocks)} blocks "
                         f"after ',', found {rest!r}")
    cages = []
    for block, clue in zip(blocks, clues):
        op = OPS[clue[1]] if len(block) > 1 or clue[1] != "a" else None
        if op in ("-", "/") and len(block) != 2:
            raise ValueError("subtraction and division blocks must have two cells")
        cages.append(([divmod(i, w) for i in block], int(clue[2]), op))
    return genre.Puzzle(w, w, cages=cg.tokens_of(w, w, cages))


def write(puzzle) -> str:
    """``SIDE:DESC`` as his generator prints it (the level and 'm' are left out: his parser
    takes the side alone)."""
    w = puzzle.width
    found = sorted(cg.Cages.cages(puzzle.cages), key=lambda cage: cage.cells[0])
    blocks = [[r * w + c for r, c in cage.cells] for cage in found]
    clues = "".join(f"{LETTERS.get(cage.op, 'a')}{cage.total}" for cage in found)
    return f"{w}:{write_blocks(blocks, w)},{clues}"
