"""Loops and paths through given cells (Simple Loop, Double Back) and mazes of unshaded cells
(Nurimaze, Nurimisaki).

`visits` checks that a loop visits exactly the cells it must; `lone_loop` plants a loop that
no other loop through the same cells replaces, by local moves on a random loop. `open_maze`
grows a maze with no 2x2 block alike and `mend_maze` turns its cells until another answer
stops fitting its clues.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..ir import Edge as GraphEdge
from ..ir import Lit
from .base import Cell
from .canvas import INK, Canvas, Layout
from .checks import degrees, full_blocks, pieces
from .clues import Symbols
from .loops import loop_order, random_loop
from .sight import neighbours_in

Edge = tuple[Cell, Cell]


def visits(height: int, width: int, blocked: Iterable[Cell], edges: Iterable[Edge]) -> list[str]:
    """The problems of a loop that must pass every cell but the ``blocked`` ones."""
    blocked, at = set(blocked), degrees(edges)
    out = [f"the loop enters the blocked cell {cell}" for cell in sorted(blocked) if at.get(cell)]
    return out + [f"the loop misses {(r, c)}" for r in range(height) for c in range(width)
                  if (r, c) not in blocked and not at.get((r, c))]


def _edge(a: Cell, b: Cell) -> Edge:
    return (a, b) if a < b else (b, a)


def _moves(edges: set[Edge], height: int, width: int) -> list[tuple[set[Edge], set[Edge]]]:
    """Local changes that keep one loop: a step (a, b) pushed out to a bump a-c-d-b over two
    cells off the loop, a bump pulled back in, and a corner a-x-b turned to a-y-b across its
    2x2 block when y is off the loop (each as the edges taken out and put in)."""
    on = degrees(edges)
    inside = lambda cell: 0 <= cell[0] < height and 0 <= cell[1] < width  # noqa: E731
    out = []
    for a, b in edges:
        dr, dc = b[0] - a[0], b[1] - a[1]
        for sr, sc in ((dc, dr), (-dc, -dr)):
            c, d = (a[0] + sr, a[1] + sc), (b[0] + sr, b[1] + sc)
            if inside(c) and inside(d) and c not in on and d not in on:
                out.append(({(a, b)}, {_edge(a, c), _edge(c, d), _edge(d, b)}))
            if (_edge(a, c) in edges and _edge(c, d) in edges and _edge(d, b) in edges
                    and on.get(c) == 2 and on.get(d) == 2 and len(edges) > 4):
                out.append(({_edge(a, c), _edge(c, d), _edge(d, b)}, {(a, b)}))
    for x, n in on.items():
        nbrs = [y for e in edges if x in e for y in e if y != x]
        if n == 2 and nbrs[0][0] != nbrs[1][0] and nbrs[0][1] != nbrs[1][1]:
            a, b = nbrs
            y = (a[0] + b[0] - x[0], a[1] + b[1] - x[1])
            if y not in on:
                out.append(({_edge(a, x), _edge(x, b)}, {_edge(a, y), _edge(y, b)}))
    return out


def grown_loop(rng: Any, height: int, width: int, share: float) -> set[Edge]:
    """A random loop pushed out by bumps over two cells until it visits about ``share`` of the
    cells (or no bump is left)."""
    edges = set(random_loop(rng, height, width, rng.uniform(0.3, 0.6)))
    while len(edges) < share * height * width:
        bumps = [m for m in _moves(edges, height, width) if len(m[1]) > len(m[0])]
        if not bumps:
            break
        taken, put = rng.choice(bumps)
        edges = (edges - taken) | put
    return edges


def lone_loop(rng: Any, height: int, width: int, another: Callable[[frozenset[Edge]], Any],
              share: float = 0.8, misses: int = 40) -> frozenset[Edge]:
    """A random loop through about ``share`` of the cells for which ``another(edges)`` (another
    loop through the same cells, or None) finds none. A thin random loop (its cells leave it no
    choice) is pushed out by bumps over two cells, each kept only when no other loop fills the
    new cells, until the share is reached or ``misses`` bumps in a row were refused."""
    if height < 2 or width < 2:
        raise ValueError(f"a {height}x{width} grid holds no loop: both sides must be 2 or more")
    edges = set(random_loop(rng, height, width, rng.uniform(0.2, 0.5)))
    while another(frozenset(edges)) is not None:  # a thin loop is the only one; this is a guard
        edges = set(random_loop(rng, height, width, 0.0))
    goal, missed = share * height * width, 0
    while len(edges) < goal and missed < misses:
        bumps = [m for m in _moves(edges, height, width) if len(m[1]) > len(m[0])]
        if not bumps:
            break
        taken, put = rng.choice(bumps)
        trial = (edges - taken) | put
        if another(frozenset(trial)) is None:
            edges, missed = trial, 0
        else:
            missed += 1
    return frozenset(edges)


def _runs(indices: set[int], n: int) -> int:
    """How many runs of cyclically consecutive numbers (of ``0..n-1``) a set holds."""
    return sum((i - 1) % n not in indices for i in indices) if len(indices) < n else 1


def twice_rooms(rng: Any, edges: Iterable[Edge], height: int, width: int,
                sizes: tuple[int, int] = (1, 3)) -> list[list[str]] | None:
    """Room labels a loop enters exactly twice each (Double Back): the loop cut in stretches of
    ``sizes`` cells, stretches side by side (not one after the other) paired into rooms, a
    stretch left over joined to the room of the stretch before or after it, the cells off the
    loop joined whole to a room beside them; None when the stretches do not pair up."""
    order = loop_order(edges)
    if not order:
        return None
    shift = rng.randrange(len(order))
    order = order[shift:] + order[:shift]
    stretches: list[list[Cell]] = []
    while order:
        size = rng.randint(*sizes)
        stretches.append(order[:size])
        order = order[size:]
    n = len(stretches)
    if n < 4:
        return None
    where = {cell: i for i, part in enumerate(stretches) for cell in part}
    beside: dict[int, set[int]] = {i: set() for i in range(n)}
    for (r, c), i in where.items():
        for j in (where.get(x) for x in ((r + 1, c), (r, c + 1), (r - 1, c), (r, c - 1))):
            if j is not None and (i - j) % n not in (0, 1, n - 1):
                beside[i].add(j)
                beside[j].add(i)
    room: dict[int, set[int]] = {}
    for i in rng.sample(range(n), n):
        free = sorted(j for j in beside[i] if j not in room)
        if i not in room and free:
            j = rng.choice(free)
            room[i] = room[j] = {i, j}
    for _ in range(n):
        left = [i for i in range(n) if i not in room]
        if not left:
            break
        for i in left:
            for j in rng.sample([(i - 1) % n, (i + 1) % n], 2):
                if j in room and _runs(room[j] | {i}, n) == 2:
                    room[j].add(i)
                    room[i] = room[j]
                    break
    if len(room) < n:
        return None
    ids: dict[int, int] = {}
    label = {cell: ids.setdefault(id(room[i]), len(ids)) for cell, i in where.items()}
    return _attach(label, height, width)


def _attach(label: dict[Cell, int], height: int, width: int) -> list[list[str]]:
    """Labels for every cell: each group of unlabelled cells joined whole to a room beside it."""
    rest = [(r, c) for r in range(height) for c in range(width) if (r, c) not in label]
    while rest:
        for group in pieces(rest):
            near = [label[x] for r, c in group for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if x in label]
            if near:
                label.update((cell, near[0]) for cell in group)
        rest = [cell for cell in rest if cell not in label]
    return [[str(label[(r, c)]) for c in range(width)] for r in range(height)]


def move_cell(rng: Any, rooms: list[list[str]], edges: Iterable[Edge], near: Iterable[Cell],
              crossings: int = 4, against: Iterable[Edge] = ()) -> list[list[str]] | None:
    """The rooms with one cell of ``near`` (a cell at a room's border) given to the room beside
    it, every room still one piece that the loop ``edges`` crosses ``crossings`` times, and
    some room that the loop ``against`` (when given) does not; None when there is no such move."""
    from .loops import room_crossings

    h, w, edges, against = len(rooms), len(rooms[0]), list(edges), list(against)
    cells = [c for c in near if 0 <= c[0] < h and 0 <= c[1] < w]
    for r, c in rng.sample(cells, len(cells)):
        old = rooms[r][c]
        others = {rooms[y][x] for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                  if 0 <= y < h and 0 <= x < w and rooms[y][x] != old}
        for new in rng.sample(sorted(others), len(others)):
            trial = [list(row) for row in rooms]
            trial[r][c] = new
            rest = [(y, x) for y in range(h) for x in range(w) if trial[y][x] == old]
            if not rest or len(pieces(rest)) > 1:
                continue
            counts = room_crossings(edges, trial)
            if counts.get(old, 0) != crossings or counts.get(new, 0) != crossings:
                continue
            if against:
                theirs = room_crossings(against, trial)  # the other rooms are as they were
                if all(theirs.get(x, 0) == crossings for x in (old, new)):
                    continue
            return trial
    return None


# Nurimaze: a maze of unshaded cells ----------------------------------------------------------


class MazeMarks(Symbols):
    """Marks in some cells of a maze: ``S`` and ``G`` (its start and goal, drawn as letters),
    ``o`` (a circle) and ``^`` (a triangle), as the genre's ``symbols`` pick them."""

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        canvas.open(self.name)
        size = layout.cell * 0.3
        for cell, v in self.entries(value):
            x, y = layout.centre(cell)
            if v == "o":
                canvas.circle(x, y, size, cls="circle", fill="none", stroke=INK, stroke_width=1.5)
            elif v == "^":
                canvas.polygon([(x, y - size), (x - size, y + size * 0.8), (x + size, y + size * 0.8)],
                               cls="triangle", fill="none", stroke=INK, stroke_width=1.5)
            else:
                canvas.text(x, y, v, layout.cell * 0.5, cls="clue")
        canvas.close()


def tree(m: Any, lits: Mapping[Cell, Lit], rule: str, key: str = "tree") -> dict[tuple[Cell, Cell], Lit]:
    """The true cells form one connected group without a loop (a tree; at least one cell must
    be true): connected, with one link between neighbours fewer than cells. The links, by pair."""
    links: dict[tuple[Cell, Cell], Lit] = {}
    with m.rule(rule):
        for cell in sorted(lits):
            for other in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1])):
                if other in lits:
                    links[(cell, other)] = m.both((key, cell, other), lits[cell], lits[other])
        edges = [GraphEdge(a, b, x) for (a, b), x in links.items()]
        m.connected([(cell, lits[cell]) for cell in sorted(lits)], edges)
        m.count([(1, x) for x in links.values()] + [(-1, x) for _, x in sorted(lits.items())], "==", -1)
    return links


def route(m: Any, lits: Mapping[Cell, Lit], start: Cell, goal: Cell, rule: str) -> dict[Cell, Lit]:
    """Literals "on the way from ``start`` to ``goal``" through the true cells, which must form a
    tree (`tree`): steps between true neighbours, one at each end and 0 or 2 at every other
    cell, make one path there (in a tree nothing else has those degrees)."""
    steps: dict[tuple[Cell, Cell], Lit] = {}
    on: dict[Cell, Lit] = {}
    with m.rule(rule, cells=[start, goal]):
        for a in sorted(lits):
            for b in ((a[0], a[1] + 1), (a[0] + 1, a[1])):
                if b in lits:
                    x = steps[(a, b)] = m.bool(("way", a, b))
                    m.implies(x, lits[a])
                    m.implies(x, lits[b])
        for cell in sorted(lits):
            at = [x for pair, x in steps.items() if cell in pair]
            if cell in (start, goal):
                m.exactly(1, at)
                on[cell] = lits[cell]
            else:
                x = on[cell] = m.bool(("on way", cell))
                m.count([(1, y) for y in at] + [(-2, x)], "==", 0)
    return on


def way(cells: Iterable[Cell], start: Cell, goal: Cell) -> list[Cell] | None:
    """The cells of a shortest path from ``start`` to ``goal`` through ``cells`` (the only one
    in a tree), or None when there is none."""
    cells, back = set(cells), {start: start}
    todo = [start] if start in cells else []
    for here in todo:
        (r, c) = here
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in cells and n not in back:
                back[n] = here
                todo.append(n)
    if goal not in back:
        return None
    out = [goal]
    while out[-1] != start:
        out.append(back[out[-1]])
    return out[::-1]


def loops_in(cells: Iterable[Cell]) -> int:
    """How many independent loops the cells' neighbour links hold (0 for a forest)."""
    cells = set(cells)
    links = sum(((r, c + 1) in cells) + ((r + 1, c) in cells) for r, c in cells)
    return links - len(cells) + len(pieces(cells))


def maximal_tree(rng: Any, height: int, width: int) -> set[Cell]:
    """A random tree of cells that no cell can join without closing a loop or reaching it twice:
    grown from a random cell one cell at a time, each with exactly one neighbour in the tree."""
    start = (rng.randrange(height), rng.randrange(width))
    inside = {start}

    def count(cell: Cell) -> int:
        r, c = cell
        return sum(n in inside for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)))

    edge = {(r, c) for r in range(height) for c in range(width) if count((r, c)) == 1}
    while edge:
        cell = rng.choice(sorted(edge))
        inside.add(cell)
        r, c = cell
        for n in ((r, c), (r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= n[0] < height and 0 <= n[1] < width and n not in inside and count(n) == 1:
                edge.add(n)
            else:
                edge.discard(n)
    return inside


def open_maze(rng: Any, height: int, width: int, tries: int = 50) -> set[Cell]:
    """The unshaded cells of a random maze, no 2x2 block all shaded or all unshaded: grown a
    random edge cell at a time, each new cell touching one unshaded cell (so none is unshaded
    and many are dead ends); then a cell of each 2x2 block left all shaded is unshaded (one
    with an unshaded neighbour that makes no 2x2 unshaded). Another maze is grown while one
    such block is left, ``tries`` times in all."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    for _ in range(tries):
        open_ = {rng.choice(cells)}
        edge = list(open_)
        while edge:
            r, c = cell = edge[rng.randrange(len(edge))]
            grow = [n for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= n[0] < height
                    and 0 <= n[1] < width and n not in open_ and neighbours_in(n, open_) == 1]
            if not grow:
                edge.remove(cell)
                continue
            open_.add(new := rng.choice(grow))
            edge.append(new)
        for r, c in full_blocks(set(cells) - open_, height, width):
            block = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            rng.shuffle(block)
            if any(x in open_ for x in block):
                continue
            open_ |= next(({x} for x in block if neighbours_in(x, open_)
                           and not full_blocks(open_ | {x}, height, width)), set())
        if not full_blocks(set(cells) - open_, height, width) and len(open_) > 1:
            return open_
    raise RuntimeError(f"no maze without a 2x2 block alike grown on {height}x{width}")


def mend_maze(rng: Any, open_: set[Cell], height: int, width: int,
              another: Callable[[set[Cell]], set[Cell] | None], turns: int) -> set[Cell]:
    """The maze ``open_`` (its unshaded cells) changed until ``another(open_)``, the shaded
    cells of another answer to its clues, is None (or ``turns`` cells were turned): where the
    other answer differs, one cell in the 3x3 blocks around the difference is shaded or
    unshaded, the first in a random order that keeps the maze one piece of two or more cells
    with no 2x2 block alike."""
    cells = {(r, c) for r in range(height) for c in range(width)}
    for _ in range(turns):
        other = another(open_)
        if other is None:
            break
        near = sorted({(r + dr, c + dc) for r, c in (cells - open_) ^ other
                       for dr in (-1, 0, 1) for dc in (-1, 0, 1)} & cells)
        rng.shuffle(near)
        turned = next((open_ ^ {cell} for cell in near
                       if _maze_ok(open_ ^ {cell}, cells, height, width)), None)
        if turned is None:
            break
        open_ = turned
    return open_


def _maze_ok(open_: set[Cell], cells: set[Cell], height: int, width: int) -> bool:
    """Whether the unshaded cells are one piece of two or more, no 2x2 block alike."""
    return (len(open_) > 1 and not full_blocks(open_, height, width)
            and not full_blocks(cells - open_, height, width) and len(pieces(open_)) == 1)


def colour_rooms(rng: Any, shaded: set[Cell], height: int, width: int, most: int = 3,
                 anchored: bool = False) -> list[list[str]] | None:
    """Rooms of one to ``most`` cells of one colour (shaded or not), grown from random cells.
    ``anchored``: a shaded room with no cell whose 2x2 block is otherwise unshaded is joined
    to a shaded room beside it (so it may grow past ``most``) while one is there: with the
    unshaded cells known, the 2x2 rule alone then shades every such room (None when one is
    left without such a cell)."""
    label: dict[Cell, int] = {}
    cells = [(r, c) for r in range(height) for c in range(width)]
    for seed in rng.sample(cells, len(cells)):
        if seed in label:
            continue
        room, size = [seed], rng.randint(1, most)
        label[seed] = n = len(set(label.values()))
        while len(room) < size:
            near = [x for r, c in room for x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                    if x in set(cells) and x not in label and (x in shaded) == (seed in shaded)]
            if not near:
                break
            x = rng.choice(near)
            label[x] = n
            room.append(x)
    if anchored and not _anchor(label, shaded):
        return None
    return [[str(label[(r, c)]) for c in range(width)] for r in range(height)]


def _anchor(label: dict[Cell, int], shaded: set[Cell]) -> bool:
    """Join each shaded room with no cell whose 2x2 block is otherwise unshaded to a shaded
    room beside it, while there is one; whether every shaded room then has such a cell."""
    def near(cell: Cell) -> list[Cell]:
        r, c = cell
        return [x for x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if x in label]

    def corner(cell: Cell) -> bool:  # the last shaded cell of a 2x2 block
        r, c = cell
        blocks = [[(r + i, c + j) for i in (0, dr) for j in (0, dc)] for dr in (-1, 1) for dc in (-1, 1)]
        return any(all(x in label for x in b) and sum(x in shaded for x in b) == 1 for b in blocks)

    while True:
        rooms: dict[int, list[Cell]] = {}
        for cell in sorted(shaded):
            rooms.setdefault(label[cell], []).append(cell)
        loose = [cells for cells in rooms.values() if not any(map(corner, cells))]
        joined = False
        for cells in loose:
            other = sorted({label[x] for cell in cells for x in near(cell) if x in shaded}
                           - {label[cells[0]]})
            if other:
                for cell in cells:
                    label[cell] = other[0]
                joined = True
                break
        if not joined:
            return not loose
