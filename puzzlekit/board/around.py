"""Clues about the cells around a cell or a corner (Tapa, Creek).

`RunClues` is a clue layer: in some cells, the lengths of the runs of shaded cells among the
eight cells around it (Tapa), written together in a file (``3``, ``311``, ``1?``; ``?`` a length
not shown), in any order. `ring` gives the eight cells clockwise from the top left, `runs_around`
reads the runs in a decoded answer (a check's reading) and `matches` compares them with a clue.
The rule `run_clue` says it in a model: the ring's patterns the clue forbids, as the shortest
clauses that rule them out (every prime implicate, so propagation sees all a clue forces).

`corner_cells` gives the (up to four) cells around a grid corner (Creek's numbers stand on the
corners, a `slants.Corners` layer), and `corner_count` counts the shaded ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..ir import Lit
from .base import Cell
from .canvas import INK, Canvas, Layout
from .clues import CellClues

#: The eight cells around a cell, clockwise from the top left (the order runs are read in).
RING: tuple[tuple[int, int], ...] = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))
#: A length not shown.
UNKNOWN = "?"


class RunClues(CellClues):
    """Run lengths around some cells: a token of digits 0-8 and ``?``, ``.`` for none."""

    def __init__(self, name: str = "numbers", what: str = "a clue"):
        super().__init__(name, what)
        self.whitespace = True  # tokens of one to four characters, separated by spaces

    def read_token(self, text: str) -> Any:
        if valid(text):
            return text
        raise ValueError(self.expected())

    def expected(self) -> str:
        return (f"{self.what}: one number 0-8 or '?', or two to four lengths 1-8 or '?' written "
                "together that fit around a cell ('31', '1?1'), or '.'")

    def marks(self, value: tuple) -> dict[Cell, str]:
        return {cell: v if len(v) == 1 else "*" for cell, v in self.entries(value)}

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        """The lengths in the cell, smaller the more there are."""
        canvas.open(self.name)
        for cell, v in self.entries(value):
            x, y = layout.centre(cell)
            size = layout.cell * (0.55 if len(v) == 1 else 0.36 if len(v) == 2 else 0.24)
            canvas.text(x, y, " ".join(v), size, cls="clue", fill=INK)
        canvas.close()


def lengths(clue: str) -> list[int | None]:
    """A clue's lengths, None for ``?``."""
    return [None if ch == UNKNOWN else int(ch) for ch in clue]


def valid(clue: str) -> bool:
    """Whether a clue can stand in a cell: one number 0-8 or ``?``, or up to four lengths of
    1-8 or ``?`` with room for a gap between each two in the eight cells around."""
    if not clue or any(ch not in "012345678?" for ch in clue):
        return False
    if len(clue) == 1:
        return True
    if len(clue) > 4 or "0" in clue:
        return False
    return sum(n or 1 for n in lengths(clue)) + len(clue) <= 8


def ring(cell: Cell, height: int, width: int) -> list[Cell | None]:
    """The eight cells around ``cell`` clockwise from the top left, None outside the grid."""
    out: list[Cell | None] = []
    for dr, dc in RING:
        r, c = cell[0] + dr, cell[1] + dc
        out.append((r, c) if 0 <= r < height and 0 <= c < width else None)
    return out


def circular_runs(bits: Sequence[bool]) -> list[int]:
    """The lengths of the runs of true values around a ring (all eight: one run of 8)."""
    if all(bits):
        return [len(bits)]
    start = list(bits).index(False)
    turned = list(bits[start:]) + list(bits[:start])
    out, run = [], 0
    for bit in turned + [False]:
        if bit:
            run += 1
        elif run:
            out.append(run)
            run = 0
    return out


def matches(clue: str, runs: Sequence[int]) -> bool:
    """Whether runs fit a clue, in any order: a lone ``?`` any number of shaded cells in one run
    or none (a number 0-8), each other ``?`` one run of any length."""
    wanted = lengths(clue)
    if wanted == [0] or wanted == [None]:
        return len(runs) <= 1 if wanted == [None] else not runs
    left = list(runs)
    if len(left) != len(wanted):
        return False
    for n in wanted:
        if n is not None:
            if n not in left:
                return False
            left.remove(n)
    return True


def runs_around(cell: Cell, shaded: Iterable[Cell], height: int, width: int) -> list[int]:
    """The runs of shaded cells around ``cell`` in a decoded answer."""
    shaded = shaded if isinstance(shaded, (set, frozenset)) else set(shaded)
    return circular_runs([n is not None and n in shaded for n in ring(cell, height, width)])


@lru_cache(maxsize=4096)
def forbidden_cubes(clue: str, free: tuple[int, ...]) -> tuple[tuple[tuple[int, bool], ...], ...]:
    """The shortest partial patterns of the ``free`` ring places (the others unshaded) that no
    answer fitting the clue has: each ``((place, shaded), ...)``, the prime implicates' cubes."""
    n = len(free)
    bad = []
    for a in range(1 << n):
        bits = [False] * 8
        for i, place in enumerate(free):
            bits[place] = bool(a >> i & 1)
        bad.append(not matches(clue, circular_runs(bits)))
    # implicant[(mask, value)]: every pattern agreeing with `value` on the places in `mask` is bad
    full = (1 << n) - 1
    implicant: dict[tuple[int, int], bool] = {(full, a): bad[a] for a in range(1 << n)}
    for mask in sorted(range(full), key=lambda m: -bin(m).count("1")):
        spare = (full & ~mask) & -(full & ~mask)  # one place the cube leaves open
        sub = mask
        while True:
            implicant[(mask, sub)] = implicant[(mask | spare, sub)] and implicant[(mask | spare, sub | spare)]
            if sub == 0:
                break
            sub = (sub - 1) & mask
    cubes = []
    for (mask, value), holds in implicant.items():
        if holds and not any(implicant[(mask & ~(1 << i), value & ~(1 << i))]
                             for i in range(n) if mask >> i & 1):
            cubes.append(tuple((free[i], bool(value >> i & 1)) for i in range(n) if mask >> i & 1))
    return tuple(sorted(cubes))


def run_clue(m: Any, cell: Cell, clue: str, lits: Mapping[Cell, Lit], off: Iterable[Cell], rule: str) -> None:
    """The runs of true literals around ``cell`` fit ``clue`` (the ``off`` cells never true)."""
    off = set(off)
    around = ring(cell, m.height, m.width)
    free = tuple(i for i, n in enumerate(around) if n is not None and n not in off)
    with m.rule(rule, cells=[cell, *(n for n in around if n is not None)]):
        for cube in forbidden_cubes(clue, free):
            if not cube:  # no pattern fits: a contradiction the solvers can see
                never = m.bool(("no runs fit", cell))
                m.fix(never)
                m.fix(~never)
                continue
            m.clause([~lits[around[i]] if on else lits[around[i]] for i, on in cube])


def corner_cells(corner: tuple[int, int], height: int, width: int) -> list[Cell]:
    """The cells touching a grid corner (``(r, c)`` the top left corner of cell ``(r, c)``)."""
    r, c = corner
    return [(r + dr, c + dc) for dr in (-1, 0) for dc in (-1, 0)
            if 0 <= r + dr < height and 0 <= c + dc < width]


def corner_count(corner: tuple[int, int], shaded: Iterable[Cell], height: int, width: int) -> int:
    """How many of the cells touching a corner are shaded, in a decoded answer."""
    shaded = shaded if isinstance(shaded, (set, frozenset)) else set(shaded)
    return sum(cell in shaded for cell in corner_cells(corner, height, width))


def corner_text(corners: tuple, shaded: Iterable[Cell] | None, height: int, width: int) -> str:
    """The grid as text: corner rows (a number, or ``+``) between rows of cells (``#`` shaded,
    ``·`` not; blank without an answer)."""
    shaded = None if shaded is None else set(shaded)
    out = []
    for r in range(height + 1):
        out.append(" ".join("+" if v is None else str(v) for v in corners[r]))
        if r < height:
            cells = [" " if shaded is None else "#" if (r, c) in shaded else "·" for c in range(width)]
            out.append(" " + " ".join(cells))
    return "\n".join(out)
