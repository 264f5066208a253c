"""Undead (Haunted Mirror Maze): a ghost, vampire or zombie in every cell without a mirror;
the totals of each are given; a number at an edge counts the monsters seen along the line of
sight from there, bouncing off mirrors: ghosts only in mirrors, vampires only directly,
zombies both."""

from __future__ import annotations

import random
from collections import Counter

from puzzlekit.board import Genre, layers
from puzzlekit.board.canvas import INK
from puzzlekit.board.sides import Marks, Tally, looking_in, sides, where

NONE, GHOST, VAMPIRE, ZOMBIE = 0, 1, 2, 3
KINDS = ("no monster", "a ghost", "a vampire", "a zombie")
AROUND = sides(lo=0, what="a sighting count")
#: A mirror turns a line of sight: (row step, column step) -> the new step.
TURN = {"\\": lambda dr, dc: (dc, dr), "/": lambda dr, dc: (-dc, -dr)}


class Mirrors(layers.Symbols):
    """Mirrors, ``/`` and ``\\``, drawn as diagonal lines."""

    @staticmethod
    def turned(mirror, t):  # a reflection turns a mirror the other way; a transpose keeps it
        return {"/": "\\", "\\": "/"}.get(mirror, mirror) if t.flip_rows != t.flip_cols else mirror

    def draw(self, canvas, layout, value, dark) -> None:
        canvas.open(self.name)
        for (r, c), v in self.entries(value):
            low, high = layout.y(r + 0.9), layout.y(r + 0.1)
            y0, y1 = (low, high) if v == "/" else (high, low)
            x0, x1 = layout.x(c + 0.1), layout.x(c + 0.9)
            canvas.line(x0, y0, x1, y1, cls="mirror", stroke=INK, stroke_width=3)
        canvas.close()


genre = Genre(
    "undead",
    aliases=("haunted mirror maze", "haunted"),
    title="Undead",
    rule="a monster in every cell without a mirror; edge numbers count the monsters seen, "
         "ghosts only in mirrors, vampires only directly",
    clues=[Tally("monsters", ("ghosts", "vampires", "zombies")), *AROUND,
           Mirrors("mirrors", {"/": "mirror /", "\\": "mirror \\"}, what="a mirror")],
    answers=[Marks("monsters_placed", key="monster", chars="·GVZ", words=KINDS)],
    optional=("top", "bottom", "left", "right"),
    sizes=(3, 9),
)


def sight(mirrors: tuple, side: str, i: int) -> list[tuple[tuple[int, int], bool]]:
    """The cells along the line of sight from a clue, with whether a mirror came before each
    (a cell passed twice is listed twice); mirror cells are left out."""
    h, w = len(mirrors), len(mirrors[0])
    (r, c), = looking_in(side, i, h, w)[:1]
    dr, dc = {"top": (1, 0), "bottom": (-1, 0), "left": (0, 1), "right": (0, -1)}[side]
    out, bounced = [], False
    while 0 <= r < h and 0 <= c < w:
        mirror = mirrors[r][c]
        if mirror is None:
            out.append(((r, c), bounced))
        else:
            dr, dc, bounced = *TURN[mirror](dr, dc), True
        r, c = r + dr, c + dc
    return out


def _clues(p):
    for layer in AROUND:
        for i, k in layer.entries(getattr(p, layer.name)):
            yield f"the {k} {where(layer.side, i)}", k, sight(p.mirrors, layer.side, i)


def _monsters(k: int) -> str:
    return f"{k} monster{'' if k == 1 else 's'}"


def _seen(kind: int, bounced: bool) -> bool:
    return kind == ZOMBIE or kind == (GHOST if bounced else VAMPIRE)


@genre.model
def rules(p, m):
    cells, eq = m.monsters_placed, m.eq
    for cell in m.cells():
        mirror = p.mirrors[cell[0]][cell[1]] is not None
        with m.rule(f"{'no monster on the mirror' if mirror else 'a monster'} at {cell}", cells=[cell]):
            m.fix(eq(cells[cell], NONE) if mirror else ~eq(cells[cell], NONE))
    for kind, word, k in zip((GHOST, VAMPIRE, ZOMBIE), genre.clues[0].words, p.monsters):
        with m.rule(f"{word}: {k} in all"):
            m.exactly(k, [eq(cells[c], kind) for c in m.cells()])
    for text, k, path in _clues(p):
        seen = Counter((cell, kind) for cell, bounced in path for kind in (GHOST, VAMPIRE, ZOMBIE)
                       if _seen(kind, bounced))
        with m.rule(f"{text} sees {_monsters(k)}", cells=sorted({cell for cell, _ in path})):
            m.count([(n, eq(cells[cell], kind)) for (cell, kind), n in seen.items()], "==", k)


@genre.verify
def check(p, s):
    at = {(r, c): v for r, row in enumerate(s.monsters_placed) for c, v in enumerate(row)}
    for cell, v in sorted(at.items()):
        if (p.mirrors[cell[0]][cell[1]] is None) == (v == NONE):
            yield f"{KINDS[v] if 0 <= v < 4 else v} stands at {cell}, {'a mirror' if v else 'no mirror'}"
    for kind, word, k in zip((GHOST, VAMPIRE, ZOMBIE), genre.clues[0].words, p.monsters):
        if (found := sum(v == kind for v in at.values())) != k:
            yield f"{word}: {found} in all, not {k}"
    for text, k, path in _clues(p):
        if (seen := sum(_seen(at[cell], bounced) for cell, bounced in path)) != k:
            yield f"{text} sees {_monsters(seen)}"


_LAID: dict = {}  # the mirrors of the answer planted last, by that answer (for reveal)


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    mirrors = tuple(tuple(rng.choice("/\\") if rng.random() < 0.3 else None for _ in range(width))
                    for _ in range(height))
    kinds = (GHOST, VAMPIRE, ZOMBIE)
    monsters = tuple(tuple(NONE if x else rng.choice(kinds) for x in row) for row in mirrors)
    solution = genre.Solution(monsters_placed=monsters)
    _LAID.clear()
    _LAID[solution] = mirrors
    return solution


@genre.reveal
def reveal(solution, h: int, w: int):
    """The totals, and every count at the edges, on the mirrors the last plant laid."""
    mirrors, at = _LAID[solution], solution.monsters_placed
    counts = {x.name: tuple(sum(_seen(at[r][c], b) for (r, c), b in sight(mirrors, x.side, i))
                            for i in range(w if x.axis == "cols" else h)) for x in AROUND}
    totals = tuple(sum(v == kind for row in at for v in row) for kind in (GHOST, VAMPIRE, ZOMBIE))
    return genre.Puzzle(h, w, monsters=totals, mirrors=mirrors, **counts)


# what was measured of the generator (docs/generating.md, "Levels made"): the square sides
# measured, and per level the sides where at least 95% of the requests came back at it
SIDES = (4,)
RELIABLE = {"pairs": (4,), "trial": (4,), "chain": (4,)}

genre.export(globals())
