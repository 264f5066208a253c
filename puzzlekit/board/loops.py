"""Loops through cell centres that leave some cells out (Yajilin, Country Road).

`ArrowNumbers` is a clue layer: a number with an arrow, ``2W`` (two, pointing west), in some
cells; ``?W`` an arrow without its number. `on_loop` gives each cell a literal "the loop
passes through this cell" over a `Lines` answer, with the loop's degrees: 0 or 2 at every cell,
0 at the cells given. `visited` and `room_crossings` are the checks' plain-Python readings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..ir import Lit
from .base import Cell
from .canvas import Canvas, Layout
from .checks import pieces
from .clues import CellClues

#: The four arrows, as a compass letter, and their row and column steps.
STEPS: dict[str, tuple[int, int]] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
GLYPHS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}


def arrow(value: str) -> tuple[int | None, str]:
    """The number (None for ``?``) and the direction of an arrow clue such as ``2W``."""
    head, d = value[:-1], value[-1]
    return (None if head == "?" else int(head)), d


def ray(cell: Cell, d: str, height: int, width: int) -> list[Cell]:
    """The cells an arrow in ``cell`` points at, nearest first, to the edge of the grid."""
    dr, dc = STEPS[d]
    out, (r, c) = [], (cell[0] + dr, cell[1] + dc)
    while 0 <= r < height and 0 <= c < width:
        out.append((r, c))
        r, c = r + dr, c + dc
    return out


class ArrowNumbers(CellClues):
    """A number and an arrow in some cells (see the module docstring)."""

    def __init__(self, name: str = "arrows", what: str = "an arrow clue", light: bool = False):
        """``light``: drawn white, as on a dark clue cell (a `Symbols` layer's square)."""
        super().__init__(name, what)
        self.light = light
        self.whitespace = True  # tokens of two or more characters, separated by spaces

    def read_token(self, text: str) -> Any:
        head, d = text[:-1], text[-1:]
        if d in STEPS and (head == "?" or (head.isdigit() and head.isascii() and len(head) <= 3)):
            return f"{int(head) if head != '?' else '?'}{d}"
        raise ValueError(self.expected())

    def expected(self) -> str:
        return f"{self.what}: a number or '?' then N, E, S or W ('2W'), or '.'"

    def marks(self, value: tuple) -> dict[Cell, str]:
        return {cell: GLYPHS[v[-1]] for cell, v in self.entries(value)}

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        """The number with its arrow beside it, white on a dark cell."""
        canvas.open(self.name)
        for cell, v in self.entries(value):
            x, y = layout.centre(cell)
            text = v[:-1].replace("?", "") + GLYPHS[v[-1]]
            canvas.text(x, y, text, layout.cell * 0.42, cls="clue",
                        fill="#FFFFFF" if self.light or cell in dark else "#000000")
        canvas.close()


def on_loop(m: Any, lines: Mapping[tuple[Cell, Cell], Lit], off: Iterable[Cell],
            rule: str) -> dict[Cell, Lit]:
    """Literals "the loop passes through this cell" for every cell not in ``off``; the loop's
    degree is 0 or 2 everywhere and 0 in the ``off`` cells (tagged ``rule``, the reason)."""
    off = set(off)
    out: dict[Cell, Lit] = {}
    for cell in m.cells():
        at = m.lines_at(cell, lines)
        if cell in off:
            with m.rule(f"{rule}: the loop does not enter {cell}", cells=[cell]):
                for lit in at:
                    m.fix(~lit)
            continue
        m.degree(cell, lines, (0, 2), f"the loop enters and leaves {cell} once, or not at all")
        x = out[cell] = m.bool(("on", cell))
        with m.rule(f"the loop visits {cell} when a line touches it", cells=[cell]):
            m.clause([~x, *at])
            for lit in at:
                m.clause([x, ~lit])
    return out


def visited(edges: Iterable[tuple[Cell, Cell]]) -> set[Cell]:
    """The cells a set of lines touches."""
    return {cell for edge in edges for cell in edge}


def room_crossings(edges: Iterable[tuple[Cell, Cell]], rooms: Sequence[Sequence[Any]]) -> dict[Any, int]:
    """How many lines cross each room's border (a grid of room labels; a loop entering a room
    once crosses it twice)."""
    out: dict[Any, int] = {}
    for a, b in edges:
        x, y = rooms[a[0]][a[1]], rooms[b[0]][b[1]]
        if x != y:
            out[x] = out.get(x, 0) + 1
            out[y] = out.get(y, 0) + 1
    return out


def room_counts(rooms: Sequence[Sequence[Any]], edges: Iterable[tuple[Cell, Cell]]) -> list[list[int | None]]:
    """A grid with each room's count of cells on the loop in its first cell (None for 0)."""
    on, out = visited(edges), [[None] * len(rooms[0]) for _ in rooms]
    firsts: dict[Any, Cell] = {}
    for r, row in enumerate(rooms):
        for c, label in enumerate(row):
            (r0, c0) = firsts.setdefault(label, (r, c))
            out[r0][c0] = (out[r0][c0] or 0) + ((r, c) in on) or None
    return out


def _arc_ok(inside: set[Cell], block: Cell) -> bool:
    """Whether adding ``block`` keeps the union of blocks a disk: its border meets the union in
    one arc that holds a side (neither a lone corner nor the whole border)."""
    i, j = block
    n, e, s, w = ((i - 1, j) in inside, (i, j + 1) in inside, (i + 1, j) in inside, (i, j - 1) in inside)
    ne, se, sw, nw = ((i - 1, j + 1) in inside, (i + 1, j + 1) in inside, (i + 1, j - 1) in inside,
                      (i - 1, j - 1) in inside)
    ring = [nw or n or w, n, ne or n or e, e, se or e or s, s, sw or s or w, w]
    if all(ring) or not any(ring[1::2]):
        return False
    return sum(ring[k] and not ring[k - 1] for k in range(8)) == 1


def random_loop(rng: Any, height: int, width: int, share: float = 0.5) -> frozenset[tuple[Cell, Cell]]:
    """A random simple loop through cell centres: the border of a random disk of 2x2 blocks of
    cells grown block by block to about ``share`` of the blocks."""
    blocks = [(i, j) for i in range(height - 1) for j in range(width - 1)]
    if not blocks:
        return frozenset()  # one row or column holds no loop
    inside = {rng.choice(blocks)}
    goal = max(1, int(share * len(blocks)))
    for _ in range(len(blocks) * 20):
        if len(inside) >= goal:
            break
        i, j = rng.choice(sorted(inside))
        b = rng.choice([(i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)])
        if 0 <= b[0] < height - 1 and 0 <= b[1] < width - 1 and b not in inside and _arc_ok(inside, b):
            inside.add(b)
    edges = set()
    for r in range(height):
        for c in range(width):
            if c + 1 < width and (((r - 1, c) in inside) != ((r, c) in inside)):
                edges.add(((r, c), (r, c + 1)))
            if r + 1 < height and (((r, c - 1) in inside) != ((r, c) in inside)):
                edges.add(((r, c), (r + 1, c)))
    return frozenset(edges)


def loop_order(edges: Iterable[tuple[Cell, Cell]]) -> list[Cell]:
    """The cells of a single loop in the order it visits them, from its first cell."""
    nbrs: dict[Cell, list[Cell]] = {}
    for a, b in edges:
        nbrs.setdefault(a, []).append(b)
        nbrs.setdefault(b, []).append(a)
    if not nbrs:
        return []
    start = min(nbrs)
    out, prev, here = [start], None, start
    while True:
        nxt = next((x for x in nbrs[here] if x != prev), None)
        if nxt is None or nxt == start:
            return out
        out.append(nxt)
        prev, here = here, nxt


def border_pairs(rooms: Sequence[Sequence[Any]]) -> list[tuple[Cell, Cell]]:
    """The pairs of neighbouring cells in different rooms (a grid of room labels)."""
    h, w = len(rooms), len(rooms[0])
    return [((r, c), (y, x)) for r in range(h) for c in range(w) for y, x in ((r, c + 1), (r + 1, c))
            if y < h and x < w and rooms[r][c] != rooms[y][x]]


def rooms_along(edges: Iterable[tuple[Cell, Cell]], height: int, width: int, rng: Any,
                sizes: tuple[int, int] = (2, 6)) -> list[list[str]]:
    """Room labels cut from a loop: stretches of ``sizes`` cells along it, then each group of
    cells it leaves out joined whole to a room beside it (so the loop passes every room once
    and no two cells left out touch across rooms)."""
    order = loop_order(edges)
    shift = rng.randrange(len(order)) if order else 0
    order = order[shift:] + order[:shift]
    label: dict[Cell, int] = {}
    while order:
        size = rng.randint(*sizes)
        label.update((cell, len(set(label.values()))) for cell in order[:size])
        order = order[size:]
    rest = [(r, c) for r in range(height) for c in range(width) if (r, c) not in label]
    while rest:
        for group in pieces(rest):
            near = [label[n] for r, c in group for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if n in label]
            if near or not label:
                label.update((cell, near[0] if near else 0) for cell in group)
        rest = [cell for cell in rest if cell not in label]
    return [[str(label[(r, c)]) for c in range(width)] for r in range(height)]


def crossing_lines(lines: Mapping[tuple[Cell, Cell], Lit],
                   rooms: Sequence[Sequence[Any]]) -> dict[Any, list[Lit]]:
    """Each room's lines across its border (a grid of room labels), by label."""
    out: dict[Any, list[Lit]] = {label: [] for row in rooms for label in row}
    for a, b in border_pairs(rooms):
        out[rooms[a[0]][a[1]]].append(lines[(a, b)])
        out[rooms[b[0]][b[1]]].append(lines[(a, b)])
    return out
