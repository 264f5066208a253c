"""Simon Tatham's Keen game IDs: ``6:<block structure>,<clues>`` (his params ``6dn``, ``5dem``:
the side, a level letter and ``m`` for multiplication only; none of them changes the puzzle)."""

from __future__ import annotations

import re

from puzzlekit.board import cages as cg
from puzzlekit.unionfind import DisjointSets

GAME = "keen"
TITLE = "Keen"
OPS = {"a": "+", "s": "-", "m": "x", "d": "/"}
LETTERS = {v: k for k, v in OPS.items()}


def _edges(w: int) -> list[tuple[int, int]]:
    """His internal grid lines as pairs of cells (row-major indexes): the vertical ones in reading
    order, then the horizontal ones column by column."""
    out = [(y * w + x, y * w + x + 1) for y in range(w) for x in range(w - 1)]
    return out + [(y * w + x, (y + 1) * w + x) for x in range(w) for y in range(w - 1)]


def read_blocks(text: str, w: int) -> tuple[list[list[int]], str]:
    """The blocks of his block structure at the start of ``text`` (each a sorted list of cell
    indexes, in order of their first cell), and the rest of the text."""
    edges, sets = _edges(w), DisjointSets(range(w * w))
    pos, i = 0, 0
    while i < len(text) and text[i] != ",":
        ch = text[i]
        if ch != "_" and not "a" <= ch <= "z":
            raise ValueError(f"unexpected {ch!r} in the block structure")
        i += 1
        m = re.match(r"\d+", text[i:])
        reps = int(m.group()) if m else 1
        i += m.end() if m else 0
        for _ in range(reps):
            run = 0 if ch == "_" else ord(ch) - 96
            for _ in range(run):
                if pos >= len(edges):
                    raise ValueError("too much data in the block structure")
                sets.union(*edges[pos])
                pos += 1
            pos += ch != "z"
    if pos != len(edges) + 1:
        raise ValueError("the block structure does not cover the grid")
    blocks: dict[int, list[int]] = {}
    for cell in range(w * w):
        blocks.setdefault(sets.find(cell), []).append(cell)
    return sorted(blocks.values()), text[i:]


def write_blocks(blocks: list[list[int]], w: int) -> str:
    """His block structure of these blocks (cell indexes)."""
    owner = {cell: k for k, block in enumerate(blocks) for cell in block}
    letters, run = [], 0
    for a, b in [*_edges(w), (-1, -1)]:
        if a >= 0 and owner[a] == owner[b]:
            run += 1
            continue
        while run > 25:
            letters.append("z")
            run -= 25
        letters.append(chr(96 + run) if run else "_")
        run = 0
    out = []
    for m in re.finditer(r"(.)\1*", "".join(letters)):
        k = len(m.group())
        out.append(m.group(1) * 2 if k == 2 else m.group(1) + (str(k) if k > 2 else ""))
    return "".join(out)


def read(params: str, desc: str):
    from . import genre

    m = re.fullmatch(r"(\d+)(?:d[enhxu])?m?", params)
    if m is None or not 3 <= int(m.group(1)) <= 9:
        raise ValueError(f"Keen params are a side 3-9, a level and 'm' (such as 6dn), not {params!r}")
    w = int(m.group(1))
    blocks, rest = read_blocks(desc, w)
    clues = re.findall(r"([asmd])(\d+)", rest[1:])
    if not rest.startswith(",") or "".join(a + b for a, b in clues) != rest[1:] or len(clues) != len(blocks):
        raise ValueError(f"expected a clue (a, s, m or d and a number) for each of the {len(blocks)} blocks "
                         f"after ',', found {rest!r}")
    cages = []
    for block, (letter, total) in zip(blocks, clues):
        op = OPS[letter] if len(block) > 1 or letter != "a" else None
        if op in ("-", "/") and len(block) != 2:
            raise ValueError("subtraction and division blocks must have two cells")
        cages.append(([divmod(i, w) for i in block], int(total), op))
    return genre.Puzzle(w, w, cages=cg.tokens_of(w, w, cages))


def write(puzzle) -> str:
    """``SIDE:DESC`` as his generator prints it (the level and 'm' are left out: his parser
    takes the side alone)."""
    w = puzzle.width
    found = sorted(cg.Cages.cages(puzzle.cages), key=lambda cage: cage.cells[0])
    blocks = [[r * w + c for r, c in cage.cells] for cage in found]
    clues = "".join(f"{LETTERS.get(cage.op, 'a')}{cage.total}" for cage in found)
    return f"{w}:{write_blocks(blocks, w)},{clues}"
