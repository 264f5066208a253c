"""Lines between cell centres that are counted by their turns or their straight runs (Hotaru
Beam, Geradeweg).

- `Fireflies` (a clue layer, `Symbols`): a firefly in some cells, the letter its mouth faces
  (``N``, ``E``, ``S``, ``W``), drawn as a circle with a black dot on that side.
- `beam_network(m, lines, mouths, turns)`: the rules of Hotaru Beam on a `Lines` answer; its
  check `beam_problems`, and `segments`, the lines between fireflies traced in plain Python.
- `plant_network(rng, h, w)`: a random network of fireflies and their lines, for planters.
- `straight_runs(m, lines, cell, k)`: each straight run of the line through a cell is ``k``
  long (Geradeweg; ``None``: the runs are equally long); its reading `runs_through`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Container, Iterable, Mapping
from typing import Any

from ..ir import Edge as GraphEdge
from ..ir import Lit
from .base import Cell
from .canvas import INK, Canvas, Layout
from .checks import pieces
from .clues import Symbols

Edge = tuple[Cell, Cell]
#: The four mouths, as a compass letter, and their row and column steps.
STEPS: dict[str, tuple[int, int]] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
FREE = -1  # the turns of a line from a firefly without a number: any


def edge(a: Cell, b: Cell) -> Edge:
    return (a, b) if a <= b else (b, a)


def ahead(cell: Cell, d: str) -> Cell:
    """The cell beside ``cell`` on its side ``d``."""
    return cell[0] + STEPS[d][0], cell[1] + STEPS[d][1]


def side(a: Cell, b: Cell) -> str:
    """The side of ``a`` that faces its neighbour ``b``."""
    return next(d for d in STEPS if ahead(a, d) == b)


class Fireflies(Symbols):
    """A firefly in some cells: the side of its mouth, ``N``, ``E``, ``S`` or ``W``."""

    def __init__(self, name: str = "fireflies", what: str = "a firefly"):
        super().__init__(name, {"N": "mouth up", "E": "mouth right", "S": "mouth down", "W": "mouth left"},
                         what)

    def marks(self, value: tuple) -> dict[Cell, str]:
        return {cell: "○" for cell, _ in self.entries(value)}

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        """A white circle, and a black dot on the side of its mouth."""
        canvas.open(self.name)
        for cell, d in self.entries(value):
            x, y = layout.centre(cell)
            radius = layout.cell * 0.38
            canvas.circle(x, y, radius, cls="circle", fill="#FFFFFF", stroke=INK, stroke_width=1.5)
            dr, dc = STEPS[d]
            canvas.circle(x + dc * radius, y + dr * radius, layout.cell * 0.1, cls="mouth", fill=INK)
        canvas.close()


# --- Hotaru Beam: a line leaves each mouth and ends at a firefly's other side ------------------------


def beam_network(m: Any, lines: Mapping[Edge, Lit], mouths: Mapping[Cell, str],
                 turns: Mapping[Cell, int]) -> None:
    """One line leaves each firefly's mouth (``mouths``: the side by cell) through cells
    without fireflies, never branching or crossing, and ends at a firefly on a side that is
    not its mouth, after ``turns[cell]`` turns where a number is given; all lines one network.

    Each line used gets a direction (away from the mouth it leaves) and the turns it has left
    to make, a number ``0..top`` or ``FREE`` for a firefly without a number: a cell passes
    both on, less one at a turn, and the line ends at a firefly with none left."""
    top = max([k for k in turns.values() if k >= 0], default=0)
    values = [*range(top + 1), FREE]
    towards: dict[tuple[Edge, Cell], Lit] = {}
    left: dict[Edge, Any] = {}
    with m.rule("each line runs from a firefly's mouth to another firefly's side"):
        for (a, b), lit in sorted(lines.items()):
            forward = m.bool(("towards", a, b))  # the line runs from a to b
            towards[((a, b), b)], towards[((a, b), a)] = forward, ~forward
            left[(a, b)] = m.int(("left", a, b), FREE, top)
            m.clause([lit, ~forward])  # no line: no direction, no turns, for fewer answers
            m.clause([lit, m.eq(left[(a, b)], 0)])
    for cell in m.deadline.paced(list(m.cells()), 256):
        near = [(edge(cell, n), side(cell, n)) for n in m.neighbours(cell)]
        if cell in mouths:
            _firefly(m, cell, mouths, turns.get(cell, FREE), near, lines, towards, left)
            continue
        m.degree(cell, lines, (0, 2), f"a line passes {cell} straight or turning, never branching or ending")
        # a line into a firefly beside the cell that does not face it runs away from the cell,
        # so a line through the cell takes at most one such step, and none where every
        # neighbour is such a firefly (redundant rules, said at once for the ladder)
        away = [e for e, d in near if (n := ahead(cell, d)) in mouths and ahead(n, mouths[n]) != cell]
        with m.rule(f"a line through {cell} runs into at most one firefly beside it", cells=[cell]):
            for i, e1 in enumerate(away):
                for e2 in away[i + 1:] if len(away) < len(near) else ():
                    m.clause([~lines[e1], ~lines[e2]])
                if len(away) == len(near):
                    m.fix(~lines[e1])
        for i, (e1, d1) in enumerate(near):
            for e2, d2 in near[i + 1:]:
                turn = int(STEPS[d1][0] != -STEPS[d2][0] or STEPS[d1][1] != -STEPS[d2][1])
                both = [~lines[e1], ~lines[e2]]
                with m.rule(f"the line through {cell} runs on in one direction", cells=[cell]):
                    m.clause([*both, towards[(e1, cell)], towards[(e2, cell)]])
                    m.clause([*both, ~towards[(e1, cell)], ~towards[(e2, cell)]])
                for into, out in ((e1, e2), (e2, e1)):
                    with m.rule(f"a line turning at {cell} has one turn fewer left" if turn else
                                f"a line straight through {cell} keeps its turns left", cells=[cell]):
                        for v in values:
                            nxt = v if v == FREE else v - turn
                            then = [m.eq(left[out], nxt)] if nxt >= 0 or v == FREE else []
                            m.clause([*both, ~towards[(into, cell)], ~m.eq(left[into], v), *then])
    present = {cell: None if cell in mouths else m.bool(("lit", cell)) for cell in m.cells()}
    with m.rule("the fireflies and their lines form one network"):
        for cell, x in present.items():
            if x is not None:
                at = m.lines_at(cell, lines)
                m.clause([~x, *at])
                for lit in at:
                    m.clause([x, ~lit])
        m.connected(list(present.items()), [GraphEdge(a, b, lit) for (a, b), lit in sorted(lines.items())])


def _firefly(m: Any, cell: Cell, fireflies: Mapping[Cell, str], k: int, near: list,
             lines: Mapping[Edge, Lit], towards: dict, left: dict) -> None:
    mouth = fireflies[cell]
    out = edge(cell, ahead(cell, mouth))
    with m.rule(f"a line leaves the mouth of the firefly at {cell}", cells=[cell]):
        if out not in lines:
            m.clause([])  # the mouth faces the edge of the grid: no answer
            return
        m.fix(lines[out])
        m.fix(towards[(out, ahead(cell, mouth))])
    with m.rule(f"the line from the firefly at {cell} turns {k} times" if k != FREE else
                f"the line from the firefly at {cell} turns any number of times", cells=[cell]):
        m.fix(m.eq(left[out], k))
    for e, d in near:
        there = ahead(cell, d)
        if d != mouth and there in fireflies and ahead(there, fireflies[there]) != cell:
            with m.rule(f"no line joins the fireflies at {cell} and {there}: neither mouth faces the other",
                        cells=[cell, there]):
                m.fix(~lines[e])  # implied by the two ends' rules below; said at once, for the ladder
        if d != mouth:
            with m.rule(f"a line into the firefly at {cell} ends there with no turns left", cells=[cell]):
                m.clause([~lines[e], towards[(e, cell)]])
                m.clause([~lines[e], m.eq(left[e], 0), m.eq(left[e], FREE)])


def segments(edges: Iterable[Edge], fireflies: Iterable[Cell]) -> list[tuple[list[Cell], int]]:
    """The lines between fireflies: each one's cells from a firefly to where it stops (a
    firefly, or a cell where it ends, branches or crosses), and its turns."""
    fireflies, nbrs = set(fireflies), {}
    for a, b in edges:
        nbrs.setdefault(a, []).append(b)
        nbrs.setdefault(b, []).append(a)
    seen: set[Edge] = set()
    out = []
    for start in sorted(fireflies):
        for first in sorted(nbrs.get(start, [])):
            if edge(start, first) in seen:
                continue
            path = [start, first]
            seen.add(edge(start, first))
            while path[-1] not in fireflies and len(nbrs[path[-1]]) == 2:
                nxt = next(n for n in nbrs[path[-1]] if n != path[-2])
                if edge(path[-1], nxt) in seen:
                    break
                seen.add(edge(path[-1], nxt))
                path.append(nxt)
            turns = sum(side(a, b) != side(b, c) for a, b, c in zip(path, path[1:], path[2:]))
            out.append((path, turns))
    return out


def beam_problems(edges: Iterable[Edge], mouths: Mapping[Cell, str], turns: Mapping[Cell, int]) -> list[str]:
    """Every broken rule of `beam_network`, in words."""
    edges = frozenset(edges)
    if not edges:
        return ["no line is drawn"]
    out = []
    for found in _traced(edges, tuple(sorted(mouths.items()))):
        if isinstance(found, str):
            out.append(found)
            continue
        source, n = found
        k = turns.get(source, FREE)
        if k != FREE and k != n:
            out.append(f"the line from the firefly at {source} turns {n} times, not {k}")
    return out


@functools.lru_cache(maxsize=8)  # the generator checks each answer it finds against every number in turn
def _traced(edges: frozenset[Edge], mouth_items: tuple[tuple[Cell, str], ...]) -> tuple[Any, ...]:
    """The problems of an answer that do not depend on the numbers, in words, and in their
    place for each line from a mouth into another firefly its source and its turns (a cache
    keyed by the answer, not one shared slot, so threads checking other answers cannot mix)."""
    mouths = dict(mouth_items)
    out: list[str | tuple[Cell, int]] = []
    degree: dict[Cell, int] = {}
    for a, b in edges:
        degree[a], degree[b] = degree.get(a, 0) + 1, degree.get(b, 0) + 1
    for cell, n in sorted(degree.items()):
        if cell not in mouths and n != 2:
            out.append(f"the line {('ends', '', 'branches', 'crosses itself')[n - 1]} at {cell}")
    for cell, d in sorted(mouths.items()):
        if edge(cell, ahead(cell, d)) not in edges:
            out.append(f"no line leaves the mouth of the firefly at {cell}")
    for path, n in segments(edges, mouths):
        a, z = path[0], path[-1]
        from_a, into_z = side(a, path[1]) == mouths[a], z in mouths and side(z, path[-2]) == mouths[z]
        if z not in mouths:
            out.append(f"the line from the firefly at {a} stops at {z} without reaching a firefly")
        elif from_a and into_z:
            out.append(f"the line joins the mouths of the fireflies at {a} and {z}")
        elif not from_a and not into_z:
            out.append(f"the line joins the fireflies at {a} and {z} without leaving a mouth")
        else:
            out.append((a if from_a else z, n))
    if len(pieces(set(mouths) | {cell for e in edges for cell in e})) > 1 or not _joined(set(edges), mouths):
        out.append("the fireflies and their lines are not one network")
    return tuple(out)


def _joined(edges: set[Edge], mouths: Mapping[Cell, str]) -> bool:
    """Whether the lines join every firefly and every line into one piece."""
    nodes = set(mouths) | {cell for e in edges for cell in e}
    if not nodes:
        return True
    nbrs: dict[Cell, list[Cell]] = {}
    for a, b in edges:
        nbrs.setdefault(a, []).append(b)
        nbrs.setdefault(b, []).append(a)
    start = min(nodes)
    reached, todo = {start}, [start]
    while todo:
        for n in nbrs.get(todo.pop(), []):
            if n not in reached:
                reached.add(n)
                todo.append(n)
    return reached == nodes


def plant_network(rng: random.Random, height: int, width: int, share: float = 0.8,
                  tries: int = 200) -> tuple[dict[Cell, str], frozenset[Edge]]:
    """Fireflies (mouth by cell) and their lines: a tree grown from one firefly, each new one's
    line walked back from a free side of one already there, then the first one's line led by
    a shortest way to a free side of any. ValueError when the grid is too small for one."""
    for _ in range(tries):
        made = _grow(rng, height, width, share)
        if made is not None:
            return made
    raise ValueError(f"a {height}x{width} grid is too small for a network of fireflies")


def split(edges: Iterable[Edge], mouths: Mapping[Cell, str], cell: Cell) -> dict[Cell, str]:
    """The fireflies with one more at ``cell``, a cell a line passes: its mouth faces on along
    that line, whose first part now ends at its back."""
    for path, _ in segments(edges, mouths):
        if cell in path[1:-1]:
            path = path if side(path[0], path[1]) == mouths[path[0]] else path[::-1]
            i = path.index(cell)
            return {**mouths, cell: side(cell, path[i + 1])}
    raise ValueError(f"no line between fireflies passes {cell}")


def _grow(rng: random.Random, h: int, w: int, share: float) -> tuple[dict[Cell, str], frozenset[Edge]] | None:
    inside = [(r, c) for r in range(h) for c in range(w)]
    root = rng.choice(inside)
    mouths: dict[Cell, str | None] = {root: None}
    used: set[tuple[Cell, str]] = set()  # the sides of fireflies a line touches
    taken, edges = {root}, set()

    def free(cell: Cell) -> bool:
        return 0 <= cell[0] < h and 0 <= cell[1] < w and cell not in taken

    for _ in range(h * w * 8):
        if len(taken) >= share * h * w:
            break
        dot = rng.choice(sorted(mouths))
        open_sides = [s for s in STEPS if s != mouths[dot] and (dot, s) not in used]
        if not open_sides:
            continue
        d = rng.choice(open_sides)
        walk, length = [dot, ahead(dot, d)], rng.choice((0, 1, 2, 3, 4, 5, 6))
        if not free(walk[-1]):
            continue
        heading = d
        for _ in range(length):
            if rng.random() < 0.4:
                heading = rng.choice("NS" if heading in "EW" else "EW")
            nxt = ahead(walk[-1], heading)
            if not free(nxt) or nxt in walk:
                break
            walk.append(nxt)
        new = walk[-1]
        mouths[new] = side(new, walk[-2])
        used.add((dot, d))
        taken.update(walk)
        edges.update(edge(a, b) for a, b in zip(walk, walk[1:]))
    _detour(rng, edges, taken, mouths, h, w)
    sides = [s for s in STEPS if (root, s) not in used]
    rng.shuffle(sides)
    for d in sides:
        way = _shortest(rng, root, d, mouths, used, taken, h, w)
        if way:
            mouths[root] = d
            edges.update(edge(a, b) for a, b in zip(way, way[1:]))
            return {cell: s for cell, s in mouths.items() if s}, frozenset(edges)  # type: ignore[misc]
    return None


def _detour(rng: random.Random, edges: set[Edge], taken: set[Cell], mouths: Mapping, h: int, w: int) -> None:
    """Lines led around two free cells beside them (a step A-B becomes A-X-Y-B), while any
    are: fewer free cells leave fewer other ways for a line."""
    for _ in range(h * w):
        options = []
        for a, b in sorted(edges):
            dr, dc = b[0] - a[0], b[1] - a[1]
            for sr, sc in ((dc, dr), (-dc, -dr)):
                x, y = (a[0] + sr, a[1] + sc), (b[0] + sr, b[1] + sc)
                if all(0 <= p[0] < h and 0 <= p[1] < w and p not in taken for p in (x, y)):
                    options.append((a, b, x, y))
        if not options:
            return
        a, b, x, y = rng.choice(options)
        edges.discard((a, b))
        edges.update({edge(a, x), edge(x, y), edge(y, b)})
        taken.update((x, y))


def _shortest(rng: random.Random, root: Cell, d: str, mouths: dict, used: set, taken: set,
              h: int, w: int) -> list[Cell] | None:
    """A shortest line from the root's side ``d`` through free cells into a free side of a
    firefly that is not its mouth (the root's own other sides included)."""
    first = ahead(root, d)
    if not (0 <= first[0] < h and 0 <= first[1] < w) or (first in taken and first not in mouths):
        return None
    back, todo = {first: root}, [first]
    while todo:
        here = todo.pop(0)
        if here in mouths:
            s = side(here, back[here])
            if (here, s) in used or s == mouths[here] or (here == root and s == d):
                continue
            way = [here, back[here]]
            while way[-1] != root:
                way.append(back[way[-1]])
            return way[::-1]
        steps = list(STEPS)
        rng.shuffle(steps)
        for s in steps:
            n = ahead(here, s)
            if 0 <= n[0] < h and 0 <= n[1] < w and n not in back and (n not in taken or n in mouths):
                back[n] = here
                todo.append(n)
    return None


# --- Geradeweg: the straight runs of a loop through a cell ------------------------------------------


class Drawn:
    """The edges an answer's values (by model key: ``(key, a, b)``) draw, read through ``in``
    (for `runs_through`) without gathering them into a set."""

    def __init__(self, values: Mapping, key: str):
        self.values, self.key = values, key

    def __contains__(self, e: object) -> bool:
        return bool(self.values.get((self.key, *e)))  # type: ignore[misc]


def runs_through(edges: Iterable[Edge] | Container[Edge], cell: Cell) -> dict[str, int]:
    """How many steps the lines run straight from a cell towards each side (0 where none).
    ``edges`` may also be any container that is not iterable (a view that answers ``in``)."""
    if isinstance(edges, Iterable) and not isinstance(edges, (set, frozenset)):
        edges = set(edges)
    out = {}
    for d in STEPS:
        here, n = cell, 0
        while edge(here, ahead(here, d)) in edges:
            here, n = ahead(here, d), n + 1
        out[d] = n
    return out


def run_problems(edges: Iterable[Edge] | Container[Edge], cell: Cell, k: int | None) -> list[str]:
    """The broken rule of `straight_runs` at a cell, in words."""
    arms = runs_through(edges, cell)
    across, down = arms["W"] + arms["E"], arms["N"] + arms["S"]
    if k is None:
        return [f"the runs through the ? at {cell} are {across} and {down} long"] if across and down and \
            across != down else []
    return [f"the run of {n} steps {how} through the {k} at {cell} is not {k} long"
            for n, how in ((across, "across"), (down, "up and down")) if n and n != k]


def straight_runs(m: Any, lines: Mapping[Edge, Lit], cell: Cell, k: int | None, rule: str) -> None:
    """Each straight run of lines through ``cell`` is ``k`` steps long: across its row and up
    and down its column, both sides of the cell together (a run that turns at the cell is its
    one side); with ``k`` None the two runs at a turn are equally long. Told by the run's reach
    each way: all of the first ``n`` steps taken (``reach[d][n]``), the next one not."""
    reach: dict[str, list[Lit | None]] = {}
    after: dict[str, list[Lit | None]] = {}
    # a run of k is settled by its first k + 1 steps each way: the reach further out only
    # added definitions no rule reads (on a 10x10, 2 in 5 of the clauses and 1 in 9 of the
    # pairs the ladder's ``pairs`` level tries)
    most = len(lines) if k is None else k + 1
    for d in STEPS:
        steps, here = [], cell
        while edge(here, ahead(here, d)) in lines and len(steps) < most:
            steps.append(lines[edge(here, ahead(here, d))])
            here = ahead(here, d)
        with m.rule(rule, cells=[cell]):  # the reach's definitions belong to the rule (hints cite them)
            reach[d] = [None, *m.prefixes(("reach", cell, d), steps)]  # None: no step needed
        after[d] = [*steps, None]  # None: the edge of the grid stops the run

    def taken(d: str, n: int) -> list[Lit]:
        """The clause literals that rule out "at least ``n`` steps towards ``d``"."""
        return [] if reach[d][n] is None else [~reach[d][n]]  # type: ignore[operator]

    def exactly(d: str, n: int) -> list[Lit]:
        """The clause literals that rule out "exactly ``n`` steps towards ``d``"."""
        return taken(d, n) + ([] if after[d][n] is None else [after[d][n]])  # type: ignore[list-item]

    across = (("W", "E"), ("N", "S"))
    with m.rule(rule, cells=[cell]):
        for d1, d2 in across if k is not None else (("W", "N"), ("W", "S"), ("E", "N"), ("E", "S")):
            for a in range(len(reach[d1])):
                for b in range(len(reach[d2])):
                    if k is not None and a + b not in (0, k) and a + b <= k:
                        m.clause([*exactly(d1, a), *exactly(d2, b)])
                    elif k is not None and a + b == k + 1:  # longer: the steps alone are too many
                        m.clause([*taken(d1, a), *taken(d2, b)])
                    elif k is None and a and b and a != b:
                        m.clause([*exactly(d1, a), *exactly(d2, b)])
