"""Blocks of a fixed kind of shape in a division of the grid (Sashigane's L-shaped blocks).

`Elbows` is a clue layer: circles that mark the corner of an L (``o``, or ``o5`` with the
block's size) and arrows at the end of an arm, pointing along it to the corner (``N``, ``E``,
``S``, ``W``); a block of tokens separated by spaces in a file, ``.`` for none.

`l_blocks` is the rule: with a `regions.Regions` answer, every region is an L of two arms one
cell wide, each at least two cells long counting the corner. Every cell gets a role: the
corner of its L, or the direction in which its corner lies; a join is exactly a step towards
a corner, so the regions need no owner per cell. `arm_cells` counts an L's cells from its
corner; `l_shape` reads an L (its corner and the ends of its arms) for checks.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable, Mapping
from typing import Any

from ..ir import IMPLIED, Clause, Lit
from .base import Cell
from .canvas import INK, Canvas, Layout
from .checks import pieces
from .clues import CellClues

#: The four arrows' row and column steps.
STEPS: dict[str, tuple[int, int]] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
CORNER = "corner"
GLYPHS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}


def step(cell: Cell, d: str, k: int = 1) -> Cell:
    """The cell ``k`` steps from ``cell`` in direction ``d``."""
    return cell[0] + STEPS[d][0] * k, cell[1] + STEPS[d][1] * k


class Elbows(CellClues):
    """Corner circles (``o``, ``o5``) and arm-end arrows (``N`` ``E`` ``S`` ``W``)."""

    def __init__(self, name: str = "marks", what: str = "a circle or an arrow", most: int = 999):
        super().__init__(name, what)
        self.whitespace, self.most = True, most

    def read_token(self, text: str) -> Any:
        if text in STEPS or text == "o":
            return text
        digits = text[1:]
        if text[:1] == "o" and digits.isdigit() and digits.isascii() and 1 <= int(digits) <= self.most \
                and not digits.startswith("0"):
            return text
        raise ValueError(self.expected())

    def expected(self) -> str:
        return f"{self.what}: 'o', 'o' and a size ('o5'), N, E, S or W, or '.'"

    def marks(self, value: tuple) -> dict[Cell, str]:
        return {cell: GLYPHS.get(v, v[1:][-1:] or "o") for cell, v in self.entries(value)}

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        """A ring with its number, or an arrow across the cell."""
        canvas.open(self.name)
        for cell, v in self.entries(value):
            x, y = layout.centre(cell)
            if v[0] == "o":
                canvas.circle(x, y, layout.cell * 0.36, cls="circle", fill="#FFFFFF", stroke=INK,
                              stroke_width=1.5)
                if len(v) > 1:
                    canvas.text(x, y, v[1:], layout.cell * 0.42, cls="clue", fill="#000000")
                continue
            canvas.text(x, y, GLYPHS[v], layout.cell * 0.6, cls=f"arrow {v}", fill="#000000")
        canvas.close()


def size_of(mark: str) -> int | None:
    """The size a circle gives, or None."""
    return int(mark[1:]) if mark[:1] == "o" and len(mark) > 1 else None


# --- the rule library ------------------------------------------------------------------------

Roles = dict[Cell, dict[str, Lit]]


def l_blocks(m: Any, joins: Mapping[tuple[Cell, Cell], Lit], rule: str) -> Roles:
    """Every region of the joins is an L of two arms one cell wide, each at least two cells
    long counting the corner. Returns each cell's role literals: `CORNER`, or the direction of
    its corner (``N`` ... ``W``)."""
    roles: Roles = {}
    for cell in m.cells():
        roles[cell] = {CORNER: m.bool(("corner", cell))}
        for d in STEPS:
            if m.inside(step(cell, d)):
                roles[cell][d] = m.bool(("towards", cell, d))
    # one rule per cell: its role, its sides' joins, its arm or its corner (a rule on its own
    # then reads a cell whole, so the easy levels are reachable)
    for cell, lits in roles.items():
        with m.rule(f"{rule}: {cell} is a corner or on an arm running straight to one", cells=[cell]):
            m.exactly(1, lits.values())
            for d, lit in lits.items():
                if d == CORNER:
                    continue
                other = step(cell, d)
                j = joins[(cell, other)] if (cell, other) in joins else joins[(other, cell)]
                m.clause((~j, lit, *([roles[other][OPPOSITE[d]]] if OPPOSITE[d] in roles[other] else [])))
                m.implies(lit, j)
                ahead = roles[other]
                m.clause((~lit, ahead[CORNER], *([ahead[d]] if d in ahead else [])))
                for e in STEPS:  # only the cell behind may lead into an arm's cell
                    if e not in (d, OPPOSITE[d]) and OPPOSITE[e] in roles.get(step(cell, e), {}):
                        m.clause((~lit, ~roles[step(cell, e)][OPPOSITE[e]]))
            for pair in (("N", "S"), ("E", "W")):  # a corner: one arm up or down, one left or right
                into = [roles[step(cell, d)][OPPOSITE[d]] for d in pair if d in lits]
                m.clause((~lits[CORNER], *into))
                if len(into) == 2:
                    m.clause((~lits[CORNER], ~into[0], ~into[1]))
    return roles


def arm_cells(m: Any, roles: Roles, corner: Cell) -> list[Lit]:
    """Literals "the i-th cell of an arm from ``corner``" along all four directions: with the
    corner, their count is the size of its L."""
    out: list[Lit] = []
    for d in STEPS:
        ray, k = [], 1
        while m.inside(step(corner, d, k)):
            ray.append(roles[step(corner, d, k)][OPPOSITE[d]])
            k += 1
        out += m.prefixes(("arm", corner, d), ray)
    return out


# --- the check library -----------------------------------------------------------------------

def l_shape(part: Iterable[Cell]) -> tuple[Cell, list[tuple[Cell, str]]] | None:
    """An L's corner and its arms' ends, each with the direction of the corner from it; None
    when the cells are not an L of two arms of at least two cells."""
    cells = set(part)
    for corner in cells:
        arms = []
        for d in STEPS:
            k = 0
            while step(corner, d, k + 1) in cells:
                k += 1
            if k:
                arms.append((step(corner, d, k), OPPOSITE[d], d, k))
        bent = len(arms) == 2 and arms[0][2] != OPPOSITE[arms[1][2]]
        if bent and 1 + arms[0][3] + arms[1][3] == len(cells):
            return corner, [(end, d) for end, d, _, _ in arms]
    return None


def elbow_problems(parts: Iterable[list[Cell]], marks: Mapping[Cell, str]) -> list[str]:
    """Each region an L; its circles on its corner with its size; its arrows at an arm's end
    pointing to the corner."""
    out = []
    for part in parts:
        shape = l_shape(part)
        if shape is None:
            out.append(f"the block at {part[0]} is not an L of arms one cell wide and two long")
            continue
        corner, ends = shape
        for cell in part:
            mark = marks.get(cell)
            if mark is None:
                continue
            if mark[0] == "o" and cell != corner:
                out.append(f"the circle at {cell} is not on its L's corner")
            elif mark[0] == "o" and size_of(mark) not in (None, len(part)):
                out.append(f"the {size_of(mark)} at {cell} is on an L of {len(part)} cells")
            elif mark in STEPS and (cell, mark) not in ends:
                out.append(f"the arrow at {cell} is not at an arm's end pointing to the corner")
    return out


# --- regions of two congruent halves (Double Choco) --------------------------------------------

#: The eight turns and mirrorings of a step (row, column).
TURNS = ((1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),
         (1, 0, 0, -1), (-1, 0, 0, 1), (0, 1, 1, 0), (0, -1, -1, 0))


def turned(k: int, dr: int, dc: int) -> tuple[int, int]:
    """A step turned (or mirrored) by the ``k``-th of `TURNS`."""
    a, b, c, d = TURNS[k]
    return a * dr + b * dc, c * dr + d * dc


#: The turn that undoes each turn.
BACK = [next(b for b in range(8) if all(turned(b, *turned(k, *v)) == v for v in ((1, 0), (0, 1))))
        for k in range(8)]


def twin_halves(m: Any, joins: Mapping[tuple[Cell, Cell], Lit], grey: Iterable[Cell], rule: str,
                sizes: Mapping[Cell, int] | None = None, most: int | None = None) -> None:
    """Every region of the joins is one piece of white cells and one of grey cells, of one
    shape (turned or mirrored); ``sizes``: a given half's size by a cell of it; ``most``: the
    largest half (None: any).

    The halves are the pieces of joins between cells of one colour (`regions.rooted`, sized as
    Fillomino's regions). Each white cell has a grey partner, each grey cell one white partner;
    joined white cells' partners lie as the cells do, turned one way (one isometry per white
    half), and grey cells are joined exactly when their partners are, so a white half's
    partners are a whole grey half: its twin. A white and a grey cell side by side are joined
    exactly when the grey one is in the white one's twin, and every half touches its twin."""
    from .regions import rooted, sized  # (regions imports nothing from here)

    grey = set(grey)
    cells = sorted(m.cells())
    whites = [x for x in cells if x not in grey]
    greys = [y for y in cells if y in grey]
    top = min(most or len(cells), len(cells) // 2, max(_fits(_pieces(cells, grey)).values(), default=1))

    def join(a: Cell, b: Cell) -> Lit:
        return joins[(a, b)] if (a, b) in joins else joins[(b, a)]

    same = {pair: j for pair, j in joins.items() if (pair[0] in grey) == (pair[1] in grey)}
    cross = {pair: j for pair, j in joins.items() if pair not in same}
    half = rooted(m, same, top, f"{rule}: each half is one piece", key="half-")
    size = {cell: m.int(("size", cell), 1, top) for cell in cells}
    sized(m, half, size, f"{rule}: a half's number is its size")
    with m.rule(f"{rule}: the cells of a half, and two halves of a region, have one size"):
        for (a, b), j in joins.items():
            for v in range(1, top + 1):
                m.clause((~j, ~m.eq(size[a], v), m.eq(size[b], v)))
                m.clause((~j, m.eq(size[a], v), ~m.eq(size[b], v)))
    for x, k in (sizes or {}).items():
        with m.rule(f"{rule}: the {k} at {x} is in a half of {k} cells", cells=[x]):
            if k <= top:
                m.fix(m.eq(size[x], k))
            else:  # no half that large fits
                m.fix(m.eq(size[x], 1))
                m.fix(~m.eq(size[x], 1))
    _piece_rules(m, joins, grey, size, sizes or {}, top, rule)
    piece = _pieces(cells, grey)
    beside = {x: _beside(piece, x) for x in whites}  # a twin lies in a piece beside its half's
    pair = {(x, y): m.bool(("partner", x, y)) for x in whites for y in greys
            if abs(x[0] - y[0]) + abs(x[1] - y[1]) < 2 * top and piece[y] in beside[x]}
    turn = {x: [m.bool(("turn", x, k)) for k in range(8)] for x in whites}
    with m.rule(f"{rule}: every cell has one partner of the other colour"):
        for x in whites:
            m.exactly(1, [pair[(x, y)] for y in greys if (x, y) in pair])
            m.exactly(1, turn[x])
        for y in greys:
            m.exactly(1, [pair[(x, y)] for x in whites if (x, y) in pair])
        for (x, y), lit in pair.items():  # partners have one size
            for v in range(1, top + 1):
                m.clause((~lit, ~m.eq(size[x], v), m.eq(size[y], v)))
    with m.rule(f"{rule}: the halves' cells lie alike"):
        for a in whites:
            for b in (c for c in ((a[0] + 1, a[1]), (a[0], a[1] + 1)) if c in turn):
                j = join(a, b)
                for k in range(8):
                    m.clause((~j, ~turn[a][k], turn[b][k]))
                    m.clause((~j, ~turn[b][k], turn[a][k]))
                for x, x2 in ((a, b), (b, a)):
                    d = (x2[0] - x[0], x2[1] - x[1])
                    for y in greys:
                        if (x, y) not in pair:
                            continue
                        for k in range(8):
                            dr, dc = turned(k, *d)
                            y2 = (y[0] + dr, y[1] + dc)
                            _follow(m, (~j, ~turn[x][k], ~pair[(x, y)]), pair.get((x2, y2)),
                                    joins.get((y, y2), joins.get((y2, y))) if y2 in grey else None)
        for a in greys:  # grey cells joined: their partners lie alike, and are joined
            for b in (c for c in ((a[0] + 1, a[1]), (a[0], a[1] + 1)) if c in grey):
                j = join(a, b)
                for y, y2 in ((a, b), (b, a)):
                    d = (y2[0] - y[0], y2[1] - y[1])
                    for x in whites:
                        if (x, y) not in pair:
                            continue
                        for k in range(8):
                            dr, dc = turned(BACK[k], *d)
                            x2 = (x[0] + dr, x[1] + dc)
                            _follow(m, (~j, ~turn[x][k], ~pair[(x, y)]), pair.get((x2, y2)),
                                    joins.get((x, x2), joins.get((x2, x))) if x2 in turn else None)
    with m.rule(f"{rule}: a white and a grey cell side by side are one region when the grey one is in "
                "the white one's twin"):
        for (a, b), j in cross.items():
            x, y = (a, b) if b in grey else (b, a)
            for (x0, y2), lit in pair.items():
                if x0 != x:
                    continue
                for o, inside in half[y2].items():
                    if o not in piece[y2]:  # a half stays in its piece: no such root
                        continue
                    there = half[y].get(o)
                    m.clause((~j, ~lit, ~inside, *([there] if there is not None else [])))
                    if there is not None:
                        m.clause((j, ~lit, ~inside, ~there))
    with m.rule(f"{rule}: every half touches its twin"):
        sides: dict[Cell, list[Lit]] = {}
        for (a, b), j in cross.items():
            sides.setdefault(a, []).append(j)
            sides.setdefault(b, []).append(j)
        touches = {x: m.bool(("touches", x)) for x in sides}
        for x, lits in sides.items():
            m.clause((~touches[x], *lits))
        by_root: dict[Cell, list[Lit]] = {}
        for x, owned in half.items():
            if x in touches:
                for h, inside in owned.items():
                    by_root.setdefault(h, []).append(m.both(("touch", x, h), inside, touches[x]))
        for h in cells:
            m.clause((~half[h][h], *by_root.get(h, [])))


def _pieces(cells: Iterable[Cell], grey: set) -> dict[Cell, frozenset]:
    """Each cell's piece of one colour (the givens' colours: a half lies within one)."""
    white, dark = halves_of(cells, grey)
    return {x: frozenset(piece) for piece in white + dark for x in piece}


def _fits(piece: Mapping[Cell, frozenset]) -> dict[Cell, int]:
    """The largest half each cell's piece of one colour holds, with a twin in a piece beside it."""
    return {x: min(len(own), max((len(p) for p in _beside(piece, x)), default=0)) for x, own in piece.items()}


def _beside(piece: Mapping[Cell, frozenset], x: Cell) -> set[frozenset]:
    """The pieces of the other colour beside the piece of ``x``."""
    own = piece[x]
    return {piece[b] for a in own for b in ((a[0] + 1, a[1]), (a[0] - 1, a[1]), (a[0], a[1] + 1),
                                            (a[0], a[1] - 1)) if b in piece and piece[b] != own}


def _piece_rules(m: Any, joins: Mapping[tuple[Cell, Cell], Lit], grey: set, size: Mapping[Cell, Any],
                 sizes: Mapping[Cell, int], top: int, rule: str) -> None:
    """Local consequences of the rules that a player reads off the colours and numbers (each
    implied by the exact rules, stated on its own so the lower levels of reasoning see it): a
    half fits in its piece of one colour and its twin in a piece beside it; a number as large
    as its piece fills it; two numbers side by side that differ are in different regions."""
    piece = _pieces(size, grey)
    fit = _fits(piece)
    for x in sorted(size):
        fits = fit[x]
        if fits < top:
            with m.rule(f"{rule}: a half fits in its piece of one colour, its twin in one beside it",
                        cells=[x]):
                for v in range(max(fits + 1, 1), top + 1):
                    m.fix(~m.eq(size[x], v))
    for x, k in sorted(sizes.items()):
        if len(piece[x]) == k:
            with m.rule(f"{rule}: the {k} at {x} fills its piece of {k} cells", cells=sorted(piece[x])):
                for (a, b), j in joins.items():
                    if a in piece[x] and b in piece[x]:  # through the number: a step, not a given
                        m.implies(m.eq(size[x], k), j)
    for (a, b), j in joins.items():
        if a in sizes and b in sizes and sizes[a] != sizes[b]:
            with m.rule(f"{rule}: the {sizes[a]} at {a} and the {sizes[b]} at {b} are in different regions",
                        cells=[a, b]):
                m.clause((~m.eq(size[a], sizes[a]), ~m.eq(size[b], sizes[b]), ~j))


def _follow(m: Any, head: tuple, partner: Lit | None, joined: Lit | None) -> None:
    """``head`` false, or both the partner and the join hold (neither exists: ``head`` false)."""
    if partner is None or joined is None:
        m.clause(head)
        return
    m.clause((*head, partner))
    m.clause((*head, joined))


def halves_of(part: Iterable[Cell], grey: Iterable[Cell]) -> tuple[list[list[Cell]], list[list[Cell]]]:
    """A region's white pieces and grey pieces (each a sorted list of cells, largest first)."""
    grey, cells = set(grey), set(part)
    return pieces(cells - grey), pieces(cells & grey)


def congruent(a: Iterable[Cell], b: Iterable[Cell]) -> bool:
    """Whether two sets of cells are one shape, turned or mirrored."""
    def normal(cells: Iterable[tuple[int, int]]) -> frozenset:
        cells = list(cells)
        r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
        return frozenset((r - r0, c - c0) for r, c in cells)
    target = normal(b)
    return any(normal(turned(k, r, c) for r, c in a) == target for k in range(8))


def twin_problems(parts: Iterable[list[Cell]], grey: Iterable[Cell], sizes: Mapping[Cell, int]) -> list[str]:
    """Each region one white piece and one grey piece of one shape; a number the size of its
    piece."""
    out = []
    for part in parts:
        white, dark = halves_of(part, grey)
        if len(white) != 1 or len(dark) != 1:
            out.append(f"the region at {part[0]} has {len(white)} white and {len(dark)} grey pieces, "
                       "not one of each")
            continue
        if not congruent(white[0], dark[0]):
            out.append(f"the region at {part[0]} has halves of different shapes")
        for piece in (white[0], dark[0]):
            for cell in piece:
                if cell in sizes and sizes[cell] != len(piece):
                    out.append(f"the {sizes[cell]} at {cell} is in a half of {len(piece)} cells")
    return out


def twin_regions(cells: Iterable[Cell], grey: Iterable[Cell], sizes: Mapping[Cell, int], top: int,
                 cap: int, kept: bool = True) -> list[frozenset] | None:
    """Every region a division may hold: a white piece of at most ``top`` cells and a grey
    copy of it (turned or mirrored) beside it, agreeing with the numbers; None when there are
    more than ``cap`` (then `twin_halves` is the model).

    ``kept``: the regions without numbers are listed once per grid and colours (the generator
    asks about many sets of numbers on one), then those that break a number are left out;
    else only the regions that fit the numbers are listed (one question on those colours)."""
    listed = _every_twin(frozenset(cells), frozenset(grey), top, cap) if kept else None
    if listed is None:
        return _twin_regions(cells, grey, sizes, top, cap)
    every, holding = listed
    broken = {i for x, k in sizes.items() for i, half in holding.get(x, ()) if half != k}
    return [r for i, r in enumerate(every) if i not in broken]


@functools.lru_cache(maxsize=4)
def _every_twin(cells: frozenset, grey: frozenset, top: int,
                cap: int) -> tuple[list[frozenset], dict[Cell, list[tuple[int, int]]]] | None:
    """The regions without numbers, and by cell the regions holding it with their half sizes
    (a number then leaves out only the regions over its own cell)."""
    every = _twin_regions(cells, grey, {}, top, cap)
    if every is None:
        return None
    holding: dict[Cell, list[tuple[int, int]]] = {}
    for i, region in enumerate(every):
        for x in region:
            holding.setdefault(x, []).append((i, len(region) // 2))
    return every, holding


def _twin_regions(cells: Iterable[Cell], grey: Iterable[Cell], sizes: Mapping[Cell, int], top: int,
                  cap: int) -> list[frozenset] | None:
    grey, cells = set(grey), set(cells)
    # the pieces of each colour, grouped by shape, so a white piece meets only its copies
    shaped: list[dict[tuple, list[frozenset]]] = []
    for colour in (cells - grey, grey):
        budget = cap
        groups: dict[tuple, list[frozenset]] = {}
        for start in sorted(colour):
            found = _polyominoes(start, {x for x in colour if x >= start}, top, budget, sizes)
            if found is None:
                return None
            budget -= len(found)
            for piece in found:
                groups.setdefault(_shape(piece), []).append(piece)
        shaped.append(groups)
    out: set[frozenset] = set()
    for shape, whites in shaped[0].items():
        for white in whites:
            near = {(r + dr, c + dc) for r, c in white for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
            for copy in shaped[1].get(shape, ()):
                if not near.isdisjoint(copy):
                    out.add(white | copy)
                    if len(out) > cap:
                        return None
    return sorted(out, key=sorted)


def _shape(cells: Collection[Cell]) -> tuple:
    """The cells' shape, the same for every turn or mirror of it."""
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return _normal_shape(tuple(sorted((r - r0, c - c0) for r, c in cells)))


@functools.lru_cache(maxsize=1 << 14)
def _normal_shape(cells: tuple) -> tuple:
    def normal(k: int) -> tuple:
        moved = [turned(k, r, c) for r, c in cells]
        r0, c0 = min(r for r, _ in moved), min(c for _, c in moved)
        return tuple(sorted((r - r0, c - c0) for r, c in moved))
    return min(normal(k) for k in range(8))


def one_piece(cells: Collection[Cell]) -> bool:
    """Whether the cells (at least one) are orthogonally connected."""
    return len(pieces(cells)) == 1


def _polyominoes(start: Cell, free: set, top: int, cap: int,
                 sizes: Mapping[Cell, int] | None = None) -> list[frozenset] | None:
    """Every connected set of at most ``top`` cells of ``free`` whose first cell is ``start``
    and whose numbers (``sizes``) could all be its size (None: more than ``cap``)."""
    sizes = sizes or {}
    out, seen, todo = set(), set(), [frozenset([start])]
    while todo:
        shape = todo.pop()
        if shape in seen:
            continue
        seen.add(shape)
        # a piece holding a number smaller than itself, or two numbers, only grows worse
        numbers = {sizes[x] for x in shape if x in sizes}
        if len(numbers) > 1 or any(n < len(shape) for n in numbers):
            continue
        out.add(shape)
        if len(out) > cap:
            return None
        if len(shape) < top:
            for r, c in shape:
                for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if nb in free and nb not in shape:
                        todo.append(shape | {nb})
    return [x for x in out if all(sizes.get(c, len(x)) == len(x) for c in x)]


def placed_twins(m: Any, joins: Mapping[tuple[Cell, Cell], Lit], regions: list[frozenset], rule: str) -> None:
    """The division as a choice among ``regions`` (`twin_regions`): every cell in exactly one
    chosen region, two cells side by side joined exactly when one chosen region holds both."""
    chosen = [m.bool(("twins", i)) for i in range(len(regions))]
    holding: dict[Cell, list[int]] = {x: [] for x in m.cells()}
    both: dict[tuple[Cell, Cell], list[int]] = {pair: [] for pair in joins}
    for i, region in enumerate(regions):
        for r, c in region:
            holding[(r, c)].append(i)
            for y in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)):  # each pair inside, once
                if y in region and ((r, c), y) in both:
                    both[((r, c), y)].append(i)
    # one wording for both counts below (places aside): they are one kind of rule, so `scan`
    # stays `rules` as when the joins were clauses
    for x, held in holding.items():
        with m.rule(f"{rule}: the region over {x}", cells=[x]):
            m.exactly(1, [chosen[i] for i in held])
    implied: list[Clause] = []
    for (a, b), j in joins.items():
        with m.rule(f"{rule}: the region over {a}, {b}", cells=[a, b]):
            # joined: one of the regions holding both is chosen (at most one is, as one holds
            # a). One count, not a clause per region (those were most of the rules the
            # ladder's pairs step lists, on each question anew)
            m.exactly(1, [~j, *(chosen[i] for i in both[(a, b)])])
        # implied: "a region holding both chosen joins them", "x's region lacks the other
        # cell, or they are joined". As rules they were most of what the ladder's pairs step
        # lists; as a hint the csp backend reads them, whose search they steer (seconds to a
        # minute on 4x4 puzzles without)
        within = set(both[(a, b)])
        implied.extend(Clause((~chosen[i], j)) for i in within)
        implied.extend(Clause((j, *(chosen[i] for i in holding[x] if i not in within))) for x in (a, b))
    m.hints[IMPLIED] = tuple(implied)
