"""Caves and shaded groups: walls that reach the grid's edge (Cave), and numbers that add up the
shaded groups they touch (Kurotto); the rule and check shapes those genres share.

`edge_connected` models "every true cell joins the grid's edge through true cells" (a graph
constraint through one node outside the grid, joined to every border cell); `edge_problems`
checks it. `no_crossed_2x2` forbids a 2x2 block of two diagonal pairs, one of each colour:
with one colour connected and the other reaching the edge that block cannot stand (the path
joining one pair closes a ring around a cell of the other), so it is a redundant rule that
propagation reads at once. `touching_groups` models "the shaded groups beside a cell add up to
its number", `touching_total` reads it. A layer: `CircledNumbers`, numbers (or ``?``) drawn in
a circle. `plant_cave` plants a shading of both kinds of connection.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

from ..ir import Edge, Lit
from .canvas import INK, Canvas, Layout
from .checks import pieces, where
from .clues import Numbers
from .rules import BoardBuilder

Cell = tuple[int, int]
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
OUTSIDE = ("outside",)
#: The most distance literals one number's group gets (cells within reach times steps);
#: beyond, its group is one piece by the graph constraint.
DISTANCES = 50_000


def _around(cell: Cell, height: int, width: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in STEPS if 0 <= r + dr < height and 0 <= c + dc < width]


def _on_edge(cell: Cell, height: int, width: int) -> bool:
    return cell[0] in (0, height - 1) or cell[1] in (0, width - 1)


class CircledNumbers(Numbers):
    """Numbers in some cells, each drawn in a circle (``?``: a circle without a number)."""

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        canvas.open(self.name)
        for cell, v in self.entries(value):
            x, y = layout.centre(cell)
            canvas.circle(x, y, layout.cell * 0.4, cls="circle", fill="#FFFFFF", stroke=INK, stroke_width=1.5)
            if v != "?":
                canvas.text(x, y, str(v), layout.cell * 0.5, cls="clue", fill=INK)
        canvas.close()


# --- walls that reach the edge ---------------------------------------------------------------


def edge_connected(m: BoardBuilder, lits: Mapping[Cell, Lit], rule: str, key: str = "wall") -> None:
    """Every cell whose literal is true joins the grid's edge through true cells: the true cells
    and a node outside the grid, joined to each border cell that is true, are one piece."""
    h, w = m.height, m.width
    with m.rule(rule):
        edges = []
        for cell in sorted(lits):
            for other in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1])):
                if other in lits:
                    edges.append(Edge(cell, other, m.both((key, cell, other), lits[cell], lits[other])))
            if _on_edge(cell, h, w):
                edges.append(Edge(OUTSIDE, cell, lits[cell]))
        m.connected([(OUTSIDE, None), *((cell, lits[cell]) for cell in sorted(lits))], edges)


def no_crossed_2x2(m: BoardBuilder, lits: Mapping[Cell, Lit], rule: str) -> None:
    """No 2x2 block has its diagonal pairs in different colours (true on one, false on the other)."""
    for r in range(m.height - 1):
        for c in range(m.width - 1):
            a, b, d, e = (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)
            if all(cell in lits for cell in (a, b, d, e)):
                with m.rule(f"{rule}: the block at {where(a)}", cells=[a, b, d, e]):
                    m.clause([~lits[a], ~lits[e], lits[b], lits[d]])
                    m.clause([lits[a], lits[e], ~lits[b], ~lits[d]])


def edge_problems(cells: Iterable[Cell], height: int, width: int, what: str) -> list[str]:
    """A problem for each piece of the cells that touches no edge of the grid."""
    out = []
    for piece in sorted(pieces(cells)):
        if not any(_on_edge(x, height, width) for x in piece):
            size = f"{len(piece)} cell{'' if len(piece) == 1 else 's'}"
            out.append(f"the {what} at {where(piece[0])} ({size}) does not reach the edge of the grid")
    return out


def plant_cave(rng: Any, height: int, width: int, share: float = 0.45, thin: bool = False) -> frozenset[Cell]:
    """About ``share`` of the cells shaded, the unshaded ones one piece and every shaded piece
    reaching the edge: cells are shaded one at a time, each on the border or beside a shaded
    cell, when the unshaded cells stay one piece (and, ``thin``, every shaded cell keeps an
    unshaded neighbour). A shaded cell walled in by shaded cells is fixed only by the cave's
    connection as a whole (with every number shown, a cave cell there breaks no count), so
    such a plant asks the whole-cave reasoning of ``lines`` even with every clue shown, and a
    thin one seldom does."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    shaded: set[Cell] = set()
    goal = int(share * len(cells))
    for _ in range(20 * len(cells)):
        if len(shaded) >= goal:
            break
        cell = rng.choice(cells)
        if cell in shaded or not (_on_edge(cell, height, width)
                                  or any(n in shaded for n in _around(cell, height, width))):
            continue
        after = shaded | {cell}
        near = [cell, *(n for n in _around(cell, height, width) if n in shaded)]
        if thin and not all(any(n not in after for n in _around(x, height, width)) for x in near):
            continue
        rest = set(cells) - after
        if rest and len(pieces(rest)) == 1:
            shaded.add(cell)
    if not shaded:
        raise ValueError(f"no cave with a wall fits a {height}x{width} grid")
    return frozenset(shaded)


# --- numbers adding up the shaded groups they touch -----------------------------------------


def _caps(numbers: Mapping[Cell, int], height: int, width: int) -> dict[Cell, int]:
    """Per cell beside a number, the smallest number beside it: its shaded group touches that
    number, so it holds at most that many cells."""
    caps: dict[Cell, int] = {}
    for o, k in numbers.items():
        for cell in _around(o, height, width):
            caps[cell] = min(k, caps.get(cell, k))
    return caps


def _capped_reach(o: Cell, k: int, blocked: Collection[Cell], caps: Mapping[Cell, int],
                  height: int, width: int) -> dict[Cell, int]:
    """The cells a group beside ``o`` of at most ``k`` cells can hold, each with its fewest
    steps from ``o`` by paths that never enter a blocked cell, where a path of ``j`` cells
    also needs ``j`` at most the number beside each of its cells (`_caps`: the path lies in
    one group, which touches it). Per cell and steps, the largest such bound left is kept (a
    path with a larger one reaches at least as far)."""
    best: dict[tuple[Cell, int], int] = {}
    dist = {o: 0}
    layer = {o: k}
    for j in range(1, k + 1):
        nxt: dict[Cell, int] = {}
        for cell, cap in layer.items():
            for other in _around(cell, height, width):
                if other == o or other in blocked:
                    continue
                bound = min(cap, caps.get(other, k))
                if j > bound or bound <= nxt.get(other, -1) or bound <= best.get((other, j - 1), -1):
                    continue
                nxt[other] = bound
        for cell, cap in nxt.items():
            best[cell, j] = cap
            dist.setdefault(cell, j)
        layer = nxt
    return dist


def touching_groups(m: BoardBuilder, shaded: Mapping[Cell, Lit], numbers: Mapping[Cell, int],
                    blocked: Collection[Cell], rule: str, converse: bool = True) -> None:
    """The shaded groups beside each numbered cell (never shaded itself) hold as many cells as
    its number. Per number, ``("group", o, cell)`` is "the cell is shaded and joined to ``o``
    through shaded cells": a shaded neighbour of a joined cell is joined, exactly ``k`` cells are
    joined, and a joined cell is within ``k`` steps of ``o`` through joined cells (distances,
    or a graph constraint past `DISTANCES`). ``blocked``: cells never shaded (every number).
    ``rule`` is worded per number: ``{k}`` its number, ``{cell}`` its place, ``{s}`` a plural's s.
    ``converse``: the distances are defined both ways (see `_within`)."""
    h, w = m.height, m.width
    caps = _caps(numbers, h, w)
    unshaded = {cell: ~x for cell, x in shaded.items()}  # negated once, read per number
    for o, k in m.deadline.paced(sorted(numbers.items()), 16):
        dist = _capped_reach(o, k, blocked, caps, h, w)
        joined = {cell: m.bool(("group", o, cell)) for cell in sorted(dist) if cell != o}
        with m.rule(rule.format(k=k, cell=where(o), s="" if k == 1 else "s"), cells=[o]):
            for cell, x in joined.items():
                m.clause((~x, shaded[cell]))
            for cell in sorted(dist):
                unless = [] if cell == o else [~joined[cell]]
                for other in _around(cell, h, w):
                    if other == o or other in blocked:
                        continue
                    # a shaded cell beside the group is in it; past the reach it would be too big
                    m.clause([*unless, unshaded[other], *([joined[other]] if other in joined else [])])
            m.exactly(k, list(joined.values()))
            for cell, x in joined.items():  # a joined cell has a joined neighbour, or o (implied, quick)
                if dist[cell] > 1:
                    m.clause([~x, *(joined[n] for n in _around(cell, h, w) if n in joined)])
            if len(joined) * k > DISTANCES:
                edges = [Edge(a, b, m.both(("joint", o, a, b), joined[a], joined[b]))
                         for a in joined for b in _around(a, h, w) if b in joined and a < b]
                edges += [Edge(o, b, joined[b]) for b in _around(o, h, w) if b in joined]
                m.connected([(o, None), *joined.items()], edges)
            elif k > 1:
                _within(m, o, k, dist, joined, converse)


def _within(m: BoardBuilder, o: Cell, k: int, dist: Mapping[Cell, int], joined: Mapping[Cell, Lit],
            converse: bool = True) -> None:
    """A joined cell is at most ``k`` steps from ``o`` through joined cells: ``("near", o, cell,
    j)`` is true when it is at most ``j``, which needs the cell joined and, for ``j > 1``, the
    cell at most ``j - 2`` or a neighbour at most ``j - 1`` (a neighbour of ``o``: its joined
    literal). The grid's cells alternate in colour like a chessboard, so every path from ``o``
    to a cell has the parity of its fewest steps ``d``: only ``j`` of that parity get a
    literal (at most ``d + 1`` steps is at most ``d``), half the literals and clauses there
    were. ``converse``: both ways round. The converse clauses deduce nothing about the
    shading's answers, but without them an answer has many settings of these literals, and a
    backend that lists answers by every variable (``csp``) does not finish listing them; the
    generator's questions leave them out (Kurotto's ``finder_model``). "At most ``j - 2``"
    implies "at most ``j``" in a clause of two literals (it implies the cell joined), so the
    ladder's pairs need not read it with "a neighbour at most ``j - 3``" to chain the two."""
    h, w = m.height, m.width
    at: dict[tuple[Cell, int], Lit] = {}
    # each literal negated once and each cell's neighbours listed once: a 10x10 builds this
    # model for every set of clues removal asks about, and the clauses are most of its time
    off: dict = {cell: ~x for cell, x in joined.items()}
    cells = [(cell, d, _around(cell, h, w)) for cell, d in sorted(dist.items()) if cell != o]
    clause = m.clause
    for j in range(1, k + 1):
        for cell, d, around in cells:
            if d > j or (j - d) % 2:
                continue
            if d == 1:  # beside o: joined is near enough
                at[cell, j], off[cell, j] = joined[cell], off[cell]
                continue
            x = at[cell, j] = m.bool(("near", o, cell, j))
            not_x = off[cell, j] = ~x
            clause((not_x, joined[cell]))
            before = [(cell, j - 2)] if (cell, j - 2) in at else []
            ways = [(n, j - 1) for n in around if (n, j - 1) in at]
            clause([not_x, *(at[key] for key in before), *(at[key] for key in ways)])
            if not converse:
                continue
            # and the other way, so the distances are a function of the joined cells
            for key in before:
                clause((off[key], x))
            for key in ways:
                clause((off[key], off[cell], x))
    for cell, d, _ in cells:
        if d > 1:
            clause((off[cell], at[cell, k - (k - d) % 2]))


def touching_total(cell: Cell, shaded: Collection[Cell], groups: Mapping[Cell, int] | None = None) -> int:
    """The cells of the distinct shaded groups beside a cell (``groups``: each shaded cell's
    group by its first cell, worked out once by `group_index`)."""
    groups = group_index(shaded) if groups is None else groups
    r, c = cell
    seen: dict[int, int] = {}
    for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if n in groups:
            seen[groups[n][0]] = groups[n][1]
    return sum(seen.values())


def group_index(shaded: Collection[Cell]) -> dict[Cell, tuple[int, int]]:
    """Each shaded cell's group: its number among the pieces and its size."""
    return {x: (i, len(piece)) for i, piece in enumerate(pieces(shaded)) for x in piece}
