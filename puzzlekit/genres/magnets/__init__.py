"""Magnets: the grid is tiled by given dominoes; each is a magnet (a + end and a - end) or
blank; like poles never touch side by side; the numbers outside count the + of each row and
column (left and top) and the - (right and bottom)."""

from __future__ import annotations

import random
import string

from puzzlekit.board import Genre, layers
from puzzlekit.board.places import cell_text, invalid
from puzzlekit.board.sides import Side

BLANK, PLUS, MINUS = 0, 1, 2
SIGNS = {BLANK: "blank", PLUS: "+", MINUS: "-"}
AROUND = [Side("top", what="a + count"), Side("bottom", what="a - count"),
          Side("left", what="a + count"), Side("right", what="a - count")]
#: Which pole each side counts.
COUNTS = {"top": PLUS, "left": PLUS, "bottom": MINUS, "right": MINUS}


class Poles(layers.Digits):
    """A pole in every cell: 0 blank, 1 plus, 2 minus."""

    def marks(self, value: tuple) -> dict:
        return {(r, c): "·+-"[v] for r, row in enumerate(value) for c, v in enumerate(row)}

    def describe(self, key: tuple, value: int) -> str:
        return f"{SIGNS.get(value, value)} at {cell_text(key[1:])}"


genre = Genre(
    "magnets",
    title="Magnets",
    rule="dominoes are magnets (+ and -) or blank; like poles never touch; outside numbers count + and -",
    clues=[*AROUND, layers.Rooms("dominoes", what="a domino label")],
    answers=[Poles("poles", lo=0, hi=2, key="pole")],
    optional=("top", "bottom", "left", "right"),
    sizes=(2, 14),
)


def dominoes(p) -> list[list[tuple[int, int]]]:
    """The dominoes (and single cells, always blank) in order of their first cell."""
    return list(layers.Rooms.rooms(p.dominoes).values())


@genre.extend
class Puzzle(genre.Puzzle):
    """The + and - counts around the grid (None: no count) and the dominoes, a label per cell:
    each label covers two cells side by side, or one cell that holds no magnet."""

    def __post_init__(self) -> None:
        super().__post_init__()
        for cells in dominoes(self):
            (r, c) = cells[-1]
            if len(cells) > 2:
                raise invalid(("dominoes", r, c), f"the label {self.dominoes[r][c]!r} covers "
                              f"{len(cells)} cells; a domino covers two")
            if len(cells) == 2 and abs(cells[0][0] - r) + abs(cells[0][1] - c) != 1:
                raise invalid(("dominoes", r, c), f"the two cells labelled {self.dominoes[r][c]!r} "
                              "are not side by side")


def _lines(p):
    h, w = p.height, p.width
    for layer in AROUND:
        for i, k in layer.entries(getattr(p, layer.name)):
            cells = [(i, c) for c in range(w)] if layer.axis == "rows" else [(r, i) for r in range(h)]
            where = f"{'row' if layer.axis == 'rows' else 'column'} {i}"
            yield where, COUNTS[layer.side], k, cells


@genre.model
def rules(p, m):
    poles, eq = m.poles, m.eq
    for cells in dominoes(p):
        if len(cells) == 1:
            with m.rule(f"the single cell {cells[0]} holds no magnet", cells=cells):
                m.fix(eq(poles[cells[0]], BLANK))
            continue
        a, b = (poles[c] for c in cells)
        with m.rule(f"the domino {cells[0]}-{cells[1]} is blank or one + and one -", cells=cells):
            for x, y in ((BLANK, BLANK), (PLUS, MINUS), (MINUS, PLUS)):
                m.implies(eq(a, x), eq(b, y))
                m.implies(eq(b, y), eq(a, x))
    for cell in m.cells():
        for other in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1])):
            if m.inside(other):
                with m.rule(f"like poles never touch: {cell} and {other}", cells=[cell, other]):
                    for v in (PLUS, MINUS):
                        m.clause((~eq(poles[cell], v), ~eq(poles[other], v)))
    for where, v, k, cells in _lines(p):
        with m.rule(f"{where} holds {k} {SIGNS[v]}", cells=cells):
            m.exactly(k, [eq(poles[c], v) for c in cells])


@genre.verify
def check(p, s):
    h, w = p.height, p.width
    at = {(r, c): v for r, row in enumerate(s.poles) for c, v in enumerate(row)}
    for cells in dominoes(p):
        values = sorted(at[c] for c in cells)
        if len(cells) == 1 and values != [BLANK]:
            yield f"the single cell {cells[0]} holds {SIGNS.get(values[0], values[0])}"
        elif len(cells) == 2 and values not in ([BLANK, BLANK], [PLUS, MINUS]):
            held = " and ".join(str(SIGNS.get(v, v)) for v in values)
            yield f"the domino {cells[0]}-{cells[1]} holds {held}"
    for (r, c), v in sorted(at.items()):
        for other in ((r, c + 1), (r + 1, c)):
            if other[0] < h and other[1] < w and v != BLANK and at[other] == v:
                yield f"two {SIGNS[v]} touch at {(r, c)} and {other}"
    for where, v, k, cells in _lines(p):
        found = sum(at[c] == v for c in cells)
        if found != k:
            yield f"{where} holds {found} {SIGNS[v]}, not {k}"


LABELS = string.ascii_letters + string.digits
#: The dominoes of the answer planted last, by that answer (its puzzle's dominoes, for reveal).
_LAID: dict = {}


def label(i: int) -> str:
    return LABELS[i] if i < len(LABELS) else LABELS[i // len(LABELS) - 1] + LABELS[i % len(LABELS)]


def tiling(rng: random.Random, h: int, w: int) -> list[list[tuple[int, int]]]:
    """Random dominoes covering the grid (one single cell when it has an odd number): a
    regular tiling shuffled by turning random 2x2 squares of two parallel dominoes."""
    pairs: list[list[tuple[int, int]]] = []
    for r in range(h):
        for c in range(0, w - 1, 2):
            pairs.append([(r, c), (r, c + 1)])
    if w % 2:
        pairs += [[(r, w - 1), (r + 1, w - 1)] for r in range(0, h - 1, 2)]
        if h % 2:
            pairs.append([(h - 1, w - 1)])
    owner = {cell: i for i, cells in enumerate(pairs) for cell in cells}
    for _ in range(h * w * 8):
        r, c = rng.randrange(h - 1), rng.randrange(w - 1)
        square = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        i, j = owner[square[0]], owner[square[3]]
        if i == j or sorted(pairs[i] + pairs[j]) != square:
            continue
        flat = pairs[i][0][0] == pairs[i][1][0]
        pairs[i], pairs[j] = ([square[0], square[2]], [square[1], square[3]]) if flat else (
            [square[0], square[1]], [square[2], square[3]])
        owner.update({cell: k for k in (i, j) for cell in pairs[k]})
    return pairs


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    pairs = tiling(rng, height, width)
    grid = [[BLANK] * width for _ in range(height)]
    for cells in rng.sample(pairs, len(pairs)):
        if len(cells) < 2 or rng.random() < 0.25:
            continue
        for a, b in rng.sample([(PLUS, MINUS), (MINUS, PLUS)], 2):
            if all(grid[n[0]][n[1]] != v for cell, v in zip(cells, (a, b))
                   for n in ((cell[0] - 1, cell[1]), (cell[0] + 1, cell[1]), (cell[0], cell[1] - 1),
                             (cell[0], cell[1] + 1)) if 0 <= n[0] < height and 0 <= n[1] < width):
                (r1, c1), (r2, c2) = cells
                grid[r1][c1], grid[r2][c2] = a, b
                break
    labels = [[""] * width for _ in range(height)]
    for i, cells in enumerate(sorted(pairs)):
        for r, c in cells:
            labels[r][c] = label(i)
    solution = genre.Solution(poles=tuple(map(tuple, grid)))
    _LAID.clear()  # the answer holds no dominoes: reveal finds the last ones laid here
    _LAID[solution] = tuple(map(tuple, labels))
    return solution


def counts(poles: tuple, h: int, w: int) -> dict[str, tuple]:
    return {"top": tuple(sum(poles[r][c] == PLUS for r in range(h)) for c in range(w)),
            "bottom": tuple(sum(poles[r][c] == MINUS for r in range(h)) for c in range(w)),
            "left": tuple(sum(v == PLUS for v in row) for row in poles),
            "right": tuple(sum(v == MINUS for v in row) for row in poles)}


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every count around the grid, on the dominoes the last plant laid."""
    return genre.Puzzle(h, w, dominoes=_LAID[solution], **counts(solution.poles, h, w))


genre.export(globals())
