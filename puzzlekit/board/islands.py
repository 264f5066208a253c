"""Islands: the pieces of unshaded cells around numbered cells (Nurikabe), and two colours each
one connected piece (Yin-Yang); the rule and check shapes those genres share.

`numbered_islands` models "every unshaded piece holds exactly one number, and as many cells as
its number": each unshaded cell belongs to one number (its *owner*), neighbours left
unshaded share their owner, a number owns as many cells as it says, and the cells a number
owns are one connected piece. Only the cells a number can reach get a variable for it: those
within its size of it, along a path that never passes a cell beside another number (such a
cell, left unshaded, would join that number's island). `island_problems` checks it in plain
Python. `no_2x2_alike` keeps every 2x2 block two-coloured. A layer: `ColouredCircles`, white and
black circles given in cells (Yin-Yang), drawn as circles.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping

from ..ir import Edge, Lit
from .canvas import Canvas, Layout
from .checks import full_blocks, pieces, where
from .clues import Symbols
from .rules import BoardBuilder

Cell = tuple[int, int]
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
#: The most distance literals one island gets (cells within reach times steps); beyond, its
#: cells are one piece by the graph constraint.
DISTANCES = 50_000


def _around(cell: Cell, height: int, width: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in STEPS if 0 <= r + dr < height and 0 <= c + dc < width]


def reach(numbers: Mapping[Cell, int | None], height: int, width: int) -> dict[Cell, dict[Cell, int]]:
    """Per number, the cells its island may hold with their distance from it: a breadth-first
    walk of fewer steps than its size (no bound for an unknown size, None) that never enters
    another number's cell or a cell beside one."""
    near_other: dict[Cell, set[Cell]] = {}
    for o in numbers:
        for cell in [o, *_around(o, height, width)]:
            near_other.setdefault(cell, set()).add(o)
    out: dict[Cell, dict[Cell, int]] = {}
    for o, k in numbers.items():
        bound = height * width if k is None else k
        dist = {o: 0}
        queue = deque([o])
        while queue:
            cell = queue.popleft()
            if dist[cell] + 1 >= bound:
                continue
            for other in _around(cell, height, width):
                if other not in dist and near_other.get(other, set()) <= {o}:
                    dist[other] = dist[cell] + 1
                    queue.append(other)
        out[o] = dist
    return out


def numbered_islands(m: BoardBuilder, shaded: Mapping[Cell, Lit], numbers: Mapping[Cell, int | None],
                     rule: str) -> dict[Cell, dict[Cell, Lit]]:
    """Every piece of unshaded cells holds exactly one of ``numbers`` (cell -> size, None for
    a number not shown) and, where the size is shown, that many cells. Returns the literal
    "``cell`` is in the island of ``number``" by cell and number."""
    h, w = m.height, m.width
    reached = reach(numbers, h, w)
    owners: dict[Cell, dict[Cell, Lit]] = {cell: {} for cell in shaded}
    for o, cells in reached.items():
        for cell in cells:
            owners[cell][o] = m.bool(("island", cell, o))
    for o in numbers:
        with m.rule(f"{rule}: the number at {where(o)} is unshaded", cells=[o]):
            m.fix(owners[o][o])
    for cell in m.deadline.paced(sorted(shaded), 256):
        with m.rule(f"{rule}: the cell {where(cell)} is shaded or in one island", cells=[cell]):
            m.exactly(1, [shaded[cell], *owners[cell].values()])
    for cell in m.deadline.paced(sorted(shaded), 256):
        for other in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1])):
            if other not in shaded:
                continue
            with m.rule(f"{rule}: {where(cell)} and {where(other)}, both unshaded, share an island",
                        cells=[cell, other]):
                a, b = owners[cell], owners[other]
                for o in a.keys() | b.keys():
                    if o in a and o in b:
                        m.clause((~a[o], b[o], shaded[other]))
                        m.clause((~b[o], a[o], shaded[cell]))
                    elif o in a:
                        m.clause((~a[o], shaded[other]))
                    else:
                        m.clause((~b[o], shaded[cell]))
    for o, k in numbers.items():
        cells = sorted(reached[o])
        mine = [owners[cell][o] for cell in cells]
        if k is not None:
            with m.rule(f"{rule}: the {k} at {where(o)} has {k} cells", cells=[o]):
                m.exactly(k, mine)
        # an island of two cells or fewer within reach is one piece; distances cost a literal
        # per cell and step, so a vast island (a 994 on 32x32) is one piece by cuts instead
        steps = None if k is None else min(k, len(cells))
        if steps is None or len(cells) * steps > DISTANCES:
            _one_piece(m, o, reached[o], owners, rule)
        elif steps > 2:
            _near_enough(m, o, steps, reached[o], owners, rule)
    return owners


def _one_piece(m: BoardBuilder, o: Cell, reached: Mapping[Cell, int], owners: Mapping[Cell, dict[Cell, Lit]],
               rule: str) -> None:
    """The cells ``o`` owns are one connected piece (a graph constraint: an unknown size)."""
    with m.rule(f"{rule}: the island of {where(o)} is one piece", cells=[o]):
        edges = []
        for cell in sorted(reached):
            for other in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1])):
                if other in reached:
                    link = m.both(("shore", o, cell, other), owners[cell][o], owners[other][o])
                    edges.append(Edge(cell, other, link))
        m.connected([(cell, owners[cell][o]) for cell in sorted(reached)], edges)


def _near_enough(m: BoardBuilder, o: Cell, k: int, reached: Mapping[Cell, int],
                 owners: Mapping[Cell, dict[Cell, Lit]], rule: str) -> None:
    """The cells ``o`` owns are one piece, as distances: ``(cell, j)`` is true when the cell is
    joined to ``o`` by at most ``j`` steps through cells it owns, and a cell it owns is within
    ``k - 1`` steps (``k``: the island's size, or the cells within reach when fewer). Clauses
    only (no search for cuts), so a cell too far from every path of owned cells is left unowned
    by propagation alone."""
    with m.rule(f"{rule}: the island of {where(o)} is one piece", cells=[o]):
        at: dict[tuple[Cell, int], Lit] = {}
        for j in range(1, k):
            for cell, d in sorted(reached.items()):
                if cell == o or d > j:
                    continue
                x = at[cell, j] = m.bool(("near", o, cell, j))
                m.clause((~x, owners[cell][o]))
                ways = [at[cell, j - 1]] if (cell, j - 1) in at else []
                for other in _around(cell, m.height, m.width):
                    if other == o:
                        ways = [x]
                        break
                    if (other, j - 1) in at:
                        ways.append(at[other, j - 1])
                if ways != [x]:
                    m.clause((~x, *ways))
        for cell in reached:
            if cell != o:
                m.clause((~owners[cell][o], at[cell, k - 1]))


def island_problems(unshaded: set[Cell], numbers: Mapping[Cell, int | None]) -> list[str]:
    """A problem for each unshaded piece without a number, with more than one, or whose size
    is not its number; and for each number on a shaded cell."""
    out = [f"the number at {where(o)} is shaded" for o in sorted(numbers) if o not in unshaded]
    for piece in sorted(pieces(unshaded)):
        held = [o for o in piece if o in numbers]
        if not held:
            out.append(f"the island at {where(piece[0])} ({len(piece)} cells) has no number")
        elif len(held) > 1:
            out.append(f"the island at {where(piece[0])} holds {len(held)} numbers, at "
                       + ", ".join(where(o) for o in held))
        elif numbers[held[0]] is not None and numbers[held[0]] != len(piece):
            out.append(f"the {numbers[held[0]]} at {where(held[0])} is in an island of {len(piece)} cells")
    return out


def no_2x2_alike(m: BoardBuilder, lits: Mapping[Cell, Lit], rule: str, words: tuple[str, str]) -> None:
    """No 2x2 block is all true nor all false (``words``: what each colour is called)."""
    for r in range(m.height - 1):
        for c in range(m.width - 1):
            block = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            with m.rule(f"{rule}: the block at {where((r, c))} is not all {words[0]} nor all {words[1]}",
                        cells=block):
                m.clause([~lits[cell] for cell in block])
                m.clause([lits[cell] for cell in block])


def never_alone(m: BoardBuilder, lits: Mapping[Cell, Lit], rule: str) -> None:
    """Each true cell has a true neighbour: what one connected group of two or more cells
    implies, said in clauses of neighbours (the connectivity rule alone finds it by cuts)."""
    for cell in m.deadline.paced(sorted(lits), 256):
        near = [lits[other] for other in _around(cell, m.height, m.width) if other in lits]
        with m.rule(f"{rule}: {where(cell)} has a neighbour of its group", cells=[cell]):
            m.clause((~lits[cell], *near))


class ColouredCircles(Symbols):
    """Circles given in some cells: ``w`` white, ``b`` black (the colour the cell takes)."""

    def __init__(self, name: str = "circles", what: str = "a circle"):
        super().__init__(name, {"w": "white", "b": "black"}, what)

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        canvas.open(self.name)
        for cell, v in self.entries(value):
            x, y = layout.centre(cell)
            canvas.circle(x, y, layout.cell * 0.35, cls="circle filled" if v == "b" else "circle hollow",
                          fill="#202020" if v == "b" else "#ffffff", stroke="#202020",
                          stroke_width=layout.cell * 0.05)
        canvas.close()


def one_group(m: BoardBuilder, lits: Mapping[Cell, Lit], rule: str, key: str = "link") -> None:
    """The true cells form one orthogonally connected group (or none), as
    `BoardBuilder.connected_cells` says it, but each link between two cells only implies its
    two ends: a link left off between two true cells changes no answer (the answer key is
    the cells), and without the third clause of each link's definition the ladder's pairs
    have half as many rules to cross (Yin-Yang's two groups: 4302 pairs, not 8802, at 10x10)."""
    with m.rule(rule):  # the links belong to the rule too (hints cite them)
        edges = []
        for cell in sorted(lits):
            for other in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1])):
                if other in lits:
                    link = m.bool((key, cell, other))
                    m.clause((~link, lits[cell]))
                    m.clause((~link, lits[other]))
                    edges.append(Edge(cell, other, link))
        m.connected([(cell, lits[cell]) for cell in sorted(lits)], edges)


def two_groups(m: BoardBuilder, lits: Mapping[Cell, Lit], rule: str) -> None:
    """What "the true cells are one group and the false cells are one group" implies on a
    plane grid, said in clauses: no 2x2 block holds the two colours crosswise (each colour's
    diagonal pair would have to join around the other's), and around the edge of the grid the
    colour changes at most twice (a third change would cut one colour off)."""
    for r in range(m.height - 1):
        for c in range(m.width - 1):
            a, b, x, y = (lits[cell] for cell in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)))
            with m.rule(f"{rule}: the block at {where((r, c))} is not crosswise", cells=[(r, c)]):
                m.clause((~a, b, x, ~y))
                m.clause((a, ~b, ~x, y))
    h, w = m.height, m.width
    ring = ([(0, c) for c in range(w)] + [(r, w - 1) for r in range(1, h)]
            + [(h - 1, c) for c in range(w - 2, -1, -1)] + [(r, 0) for r in range(h - 2, 0, -1)])
    if len(ring) < 4 or min(h, w) < 2:  # a single row or column has no edge to go around
        return
    with m.rule(f"{rule}: the colour changes at most twice around the edge", cells=ring):
        changes = []
        for i, cell in enumerate(ring):
            p, q = lits[cell], lits[ring[(i + 1) % len(ring)]]
            d = m.bool(("edge change", cell))
            m.clause((~d, p, q))
            m.clause((~d, ~p, ~q))
            m.clause((d, ~p, q))
            m.clause((d, p, ~q))
            changes.append(d)
        m.at_most(2, changes)


def no_small_pieces(m: BoardBuilder, lits: Mapping[Cell, Lit], most: int, rule: str) -> None:
    """No piece of at most ``most`` true cells is cut off from the rest: for each connected
    shape of that many cells or fewer, all true means a true cell beside it. What one group
    of more than ``most`` cells implies, said in clauses (the connectivity rule alone finds it
    only by cuts, after a whole answer is tried)."""
    shapes: set[frozenset[Cell]] = {frozenset([cell]) for cell in lits}
    grown = set(shapes)
    for _ in range(most - 1):
        grown = {shape | {other} for shape in grown for cell in shape
                 for other in _around(cell, m.height, m.width) if other in lits and other not in shape}
        shapes |= grown
    for shape in sorted(shapes, key=lambda s: (len(s), sorted(s))):
        rim = sorted({other for cell in shape for other in _around(cell, m.height, m.width)
                      if other in lits and other not in shape})
        cells = sorted(shape)
        with m.rule(f"{rule}: the {len(cells)} cells at {where(cells[0])} are not a group alone",
                    cells=cells):
            m.clause([~lits[cell] for cell in cells] + [lits[other] for other in rim])


def plant_wall(rng: random.Random, h: int, w: int, most: int) -> set[Cell] | None:
    """A Nurikabe answer for a planter: shaded cells with no 2x2 block all shaded, the wall one
    piece and every island at most ``most`` cells. From a grid all shaded, a cell of a full
    2x2 block is unshaded at a time while that keeps the rules; None when a block cannot be
    broken."""
    shaded = {(r, c) for r in range(h) for c in range(w)}
    blocks = full_blocks(shaded, h, w)
    while blocks:
        r, c = rng.choice(blocks)
        block = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        rng.shuffle(block)
        for cell in block:
            if _island_fits(shaded, cell, h, w, most) and _still_one(shaded, cell, h, w):
                shaded.discard(cell)
                # unshading a cell empties only the blocks holding it; the rest keep their order
                i, j = cell
                blocks = [(a, b) for a, b in blocks if not (a <= i <= a + 1 and b <= j <= b + 1)]
                break
        else:
            return None
    return shaded


def _island_fits(shaded: set[Cell], cell: Cell, h: int, w: int, most: int) -> bool:
    """Whether unshading ``cell`` leaves its island at most ``most`` cells: a walk from it
    that stops past ``most``, where a count of every piece of the grid took a fifth of a plant."""
    seen, todo = {cell}, [cell]
    for here in todo:
        for near in _around(here, h, w):
            if near not in shaded and near not in seen:
                seen.add(near)
                todo.append(near)
                if len(seen) > most:
                    return False
    return True


def _still_one(shaded: set[Cell], cell: Cell, h: int, w: int) -> bool:
    """Whether the wall, one piece, stays one without ``cell``: its shaded neighbours still
    meet, by a walk from one of them that stops once it has met them all."""
    ends = [near for near in _around(cell, h, w) if near in shaded]
    if len(ends) <= 1:
        return len(shaded) > 1
    want, seen, todo = set(ends[1:]), {cell, ends[0]}, [ends[0]]
    for here in todo:
        for near in _around(here, h, w):
            if near in shaded and near not in seen:
                seen.add(near)
                todo.append(near)
                want.discard(near)
                if not want:
                    return True
    return False


def one_cell_away(shaded: set[Cell], numbers: Mapping[Cell, int], h: int, w: int) -> set[Cell] | None:
    """Another answer to a Nurikabe wall's numbers one move away: a cell of an island shaded
    and a wall cell beside that island unshaded instead; None when no such move keeps every
    rule. A planter asks it before a search: in a sample at 10x10 it found another answer for
    82 of the 91 planted walls that had one, in a few milliseconds, where building a model and
    searching took some eighty."""
    island_of: dict[Cell, frozenset[Cell]] = {}
    for piece in pieces({(r, c) for r in range(h) for c in range(w)} - shaded):
        members = frozenset(piece)
        island_of.update(dict.fromkeys(piece, members))
    for x, members in sorted(island_of.items()):
        if x in numbers:
            continue
        beside = {near for cell in members - {x} for near in _around(cell, h, w) if near in shaded}
        for y in sorted(beside):
            # a wall cell beside another island would join the two
            if any(island_of.get(near, members) is not members for near in _around(y, h, w)):
                continue
            other = (shaded - {y}) | {x}
            if _keeps_rules(other, x, numbers, h, w):
                return other
    return None


def _keeps_rules(shaded: set[Cell], added: Cell, numbers: Mapping[Cell, int], h: int, w: int) -> bool:
    """Whether a wall, with no 2x2 block all shaded before ``added`` was shaded, answers the
    numbers: no block all shaded around ``added``, one wall, every island right."""
    r, c = added
    for top, left in ((r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)):
        block = {(top, left), (top, left + 1), (top + 1, left), (top + 1, left + 1)}
        if 0 <= top < h - 1 and 0 <= left < w - 1 and block <= shaded:
            return False
    if len(pieces(shaded)) != 1:
        return False
    return not island_problems({(i, j) for i in range(h) for j in range(w)} - shaded, numbers)
