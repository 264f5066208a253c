"""Canal View: shade one connected canal, no 2x2 pool; numbers count the shaded cells they see."""

from __future__ import annotations

import random

from puzzlekit.board import Genre, checks, layers

genre = Genre(
    "canalview",
    title="Canal View",
    rule="shade one connected canal, no 2x2 shaded; a number counts the shaded cells it sees",
    clues=[layers.Numbers("numbers", lo=0, hi=99)],
    answers=[layers.Shading("shaded")],
)


@genre.model
def rules(p, m):
    shaded = m.shaded
    # Numbered cells stay unshaded.
    for cell, _ in p.clues("numbers"):
        with m.rule(f"the numbered cell {cell} stays unshaded", cells=[cell]):
            m.fix(~shaded[cell])
    # The shaded cells form one connected canal.
    m.connected_cells(shaded, "the shaded cells form one connected canal")
    # No 2x2 block is all shaded.
    m.no_2x2(shaded, "no 2x2 block is all shaded")
    # A number counts the shaded cells it sees, up to the first unshaded cell each way.
    for cell, k in p.clues("numbers"):
        with m.rule(f"the {k} at {cell} sees {k} shaded cell{'' if k == 1 else 's'}", cells=[cell]):
            m.exactly(k, m.seen_from(cell, shaded))


@genre.verify
def check(p, s):
    h, w = p.height, p.width
    for cell, _ in p.clues("numbers"):
        if cell in s.shaded:
            yield f"the numbered cell {cell} is shaded"
    yield from checks.connected(s.shaded, "shaded cells")
    yield from checks.no_2x2(s.shaded, h, w, "shaded")
    for cell, k in p.clues("numbers"):
        seen = checks.seen(cell, s.shaded, h, w)
        if seen != k:
            yield f"the {k} at {cell} sees {seen} shaded cells"


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """A random canal: grown one cell at a time, never closing a 2x2 block."""
    start = (rng.randrange(height), rng.randrange(width))
    canal = {start}
    for _ in range(height * width):
        r, c = rng.choice(sorted(canal))
        nxt = rng.choice([(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)])
        if 0 <= nxt[0] < height and 0 <= nxt[1] < width and nxt not in canal:
            if not checks.full_blocks(canal | {nxt}, height, width) and rng.random() < 0.6:
                canal.add(nxt)
    return genre.Solution(shaded=frozenset(canal))


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every unshaded cell shows the count it sees."""
    rows = [[None if (r, c) in solution.shaded else checks.seen((r, c), solution.shaded, h, w)
             for c in range(w)] for r in range(h)]
    return genre.Puzzle(h, w, numbers=rows)


genre.export(globals())
