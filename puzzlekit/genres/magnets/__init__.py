"""Magnets: each given domino (a label on two cells side by side; a cell alone holds none; puzz.link's
larger regions hold one or none) is a magnet (+ and -) or blank; like poles never touch side by
side; outside numbers count the + (left, top) and - (right, bottom) of a line; given poles stay."""

from __future__ import annotations

import random
from itertools import product

from puzzlekit.board import Genre, base, checks, layers, sides
from puzzlekit.board.places import invalid
from puzzlekit.board.sides import SIDES, Marks, Side, clues_around, domino_tiling, looking_in, room_label

BLANK, PLUS, MINUS = 0, 1, 2
SIGNS = ("blank", "+", "-")
AROUND = [Side(x, what=f"a {'+' if x in ('top', 'left') else '-'} count", looks=False) for x in SIDES]
COUNTS = {"top": PLUS, "left": PLUS, "bottom": MINUS, "right": MINUS}
GIVEN = layers.GivenMarks("givens", "x+-", SIGNS, what="a given pole")  # x: blank

#: `auto` tries clauses first: faster than CP-SAT on the published puzzles (docs/benchmarks.md)
BACKENDS = ("sat", "cpsat")

genre = Genre(
    "magnets",
    title="Magnets",
    rule="dominoes are magnets (+ and -) or blank; like poles never touch; outside numbers count + and -",
    clues=[*AROUND, layers.Rooms("dominoes", what="a domino label"), GIVEN],
    answers=[Marks("poles", key="pole", chars="·+-", words=SIGNS)],
    optional=("top", "bottom", "left", "right"),
    sizes=(2, 14),
)


def dominoes(p) -> list[list[tuple[int, int]]]:  # the dominoes (and single cells), in reading order
    return list(layers.Rooms.rooms(p.dominoes).values())

@genre.extend
class Puzzle(genre.Puzzle):
    """Counts around the grid (None: none), dominoes: a label per cell (see the module docs)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        for cells in dominoes(self):
            if len(checks.pieces(cells)) > 1:  # not side by side
                (r, c), name = cells[-1], self.dominoes[cells[-1][0]][cells[-1][1]]
                raise invalid(("dominoes", r, c), f"the cells labelled {name!r} are not side by side")


def _what(cells: list) -> str:
    return (f"the single cell {cells[0]}", f"the domino {cells[0]}-{cells[-1]}", f"the region at {cells[0]}")[
        min(len(cells), 3) - 1]


def _lines(p):
    for side, i, k, cells in clues_around(p, AROUND):
        yield f"{'row' if side in ('left', 'right') else 'column'} {i}", COUNTS[side], k, cells


def _domino(m, poles, cells: list) -> None:
    """One region's rule; a domino's cells match value by value both ways, as a player reads them."""
    eq = m.eq
    if len(cells) == 2:
        for (a, b), (x, y) in product((cells, cells[::-1]), ((PLUS, MINUS), (MINUS, PLUS), (BLANK, BLANK))):
            m.clause((~eq(poles[a], x), eq(poles[b], y)))
        return
    # a pole needs one beside it in its region (two at most): like poles never touch, so + and -
    m.at_most(2, [~eq(poles[c], BLANK) for c in cells])
    for c in cells:
        m.clause((eq(poles[c], BLANK), *(~eq(poles[n], BLANK) for n in m.neighbours(c) if n in cells)))


@genre.model
def rules(p, m):
    poles, eq = m.poles, m.eq
    for cells in dominoes(p):
        with m.rule(f"{_what(cells)} holds one magnet or none", cells=cells):
            _domino(m, poles, cells)
    for cell in m.cells():
        for other in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1])):
            if m.inside(other):
                with m.rule(f"like poles never touch: {cell} and {other}", cells=[cell, other]):
                    for v in (PLUS, MINUS):
                        m.clause((~eq(poles[cell], v), ~eq(poles[other], v)))
    for where, v, k, cells in _lines(p):
        with m.rule(f"{where} holds {k} {SIGNS[v]}", cells=cells):
            m.exactly(k, [eq(poles[c], v) for c in cells])
    # Implied, read at once by a player: a line's counts leave the rest blank; with none, it alternates
    for i, ends, cells in sides.both_ends(p, AROUND):
        where, n = f"{'row' if 'left' in ends else 'column'} {i}", len(cells)
        plus, minus = (sum(k for side, k in ends.items() if COUNTS[side] == v) for v in (PLUS, MINUS))
        with m.rule(f"{where} holds {n - plus - minus} blank", cells=cells):
            m.exactly(n - plus - minus, [eq(poles[c], BLANK) for c in cells])
        if plus + minus == n and n % 2:
            odd = PLUS if plus > minus else MINUS
            words = f"{where} holds no blank and one {SIGNS[odd]} more: it alternates from its ends"
            with m.rule(words, cells=cells):
                for j, c in enumerate(cells):
                    m.fix(eq(poles[c], odd if j % 2 == 0 else PLUS + MINUS - odd))
    for cell, v in p.clues("givens"):
        with m.rule(f"the given {SIGNS[GIVEN.value(v)]} at {cell}", cells=[cell]):
            m.fix(eq(poles[cell], GIVEN.value(v)))


@genre.verify
def check(p, s):
    at = {(r, c): v for r, row in enumerate(s.poles) for c, v in enumerate(row)}
    for cells in dominoes(p):
        held = [c for c in cells if at[c] != BLANK]
        if held and (sorted(at[c] for c in held) != [PLUS, MINUS] or len(checks.pieces(held)) > 1):
            words = f"{len(held)} poles, not one magnet" if len(cells) > 2 else " and ".join(
                SIGNS[v] for v in sorted(at[c] for c in cells))
            yield f"{_what(cells)} holds {words}"
    for (r, c), v in sorted(at.items()):
        for other in ((r, c + 1), (r + 1, c)):
            if v != BLANK and at.get(other) == v:
                yield f"two {SIGNS[v]} touch at {(r, c)} and {other}"
    for where, v, k, cells in _lines(p):
        if (found := sum(at[c] == v for c in cells)) != k:
            yield f"{where} holds {found} {SIGNS[v]}, not {k}"
    yield from (f"the given {SIGNS[GIVEN.value(v)]} at {cell} holds {SIGNS[at[cell]]}"
                for cell, v in p.clues("givens") if at[cell] != GIVEN.value(v))


_LAID: dict = {}  # the dominoes of the answer planted last, by that answer (for reveal)


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    pairs = domino_tiling(rng, height, width)
    grid = {(r, c): BLANK for r in range(height) for c in range(width)}
    for cells in rng.sample(pairs, len(pairs)):
        magnet = len(cells) == 2 and rng.random() < 0.75
        for poles in rng.sample([(PLUS, MINUS), (MINUS, PLUS)], 2 * magnet):  # where no like pole is beside
            if all(grid.get(n) != v for cell, v in zip(cells, poles) for n in base.around(cell)):
                grid.update(zip(cells, poles))
                break
    labels = {cell: room_label(i) for i, cells in enumerate(sorted(pairs)) for cell in cells}
    solution = genre.Solution(poles=tuple(tuple(grid[r, c] for c in range(width)) for r in range(height)))
    _LAID.clear()  # the answer holds no dominoes: reveal finds the last ones laid here
    _LAID[solution] = tuple(tuple(labels[r, c] for c in range(width)) for r in range(height))
    return solution


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every count around the grid, on the dominoes the last plant laid."""
    poles = solution.poles
    counts = {x.name: tuple(sum(poles[r][c] == COUNTS[x.side] for r, c in looking_in(x.side, i, h, w))
                            for i in range(w if x.axis == "cols" else h)) for x in AROUND}
    return genre.Puzzle(h, w, dominoes=_LAID[solution], **counts)


# the generator's levels measured (docs/generating.md, "Levels made"): sides, and per level the sides made
SIDES = (6,)
RELIABLE = {"scan": (6,), "rules": (6,), "pairs": (6,), "trial": (6,), "chain": (6,)}

genre.export(globals())
