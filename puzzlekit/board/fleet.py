"""Fleets of straight ships (Battleship) and counts of the eight cells around a clue (Minesweeper).

`Fleet`: the ships of each length, on an optional header line (``fleet: 4 3 2 1``: four ships of
length 1, three of length 2, ...), the classic fleet when left out. `ShipParts`: given parts in
some cells, a grid block of ``x`` (water), ``o`` (a ship of one cell), ``n`` ``e`` ``s`` ``w``
(a ship's end pointing north, east, south or west) and ``m`` (a middle part), drawn as their
shapes. The rules `ship_rules` (ships straight, never touching, as the fleet says) and
`part_rules` (each given part matched), their checks `fleet_problems` and `part_of`, and the
planter `plant_fleet`. `around` is the eight cells around a cell (Minesweeper's counts).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..textio import error
from . import checks
from .base import Layer
from .canvas import INK, Canvas, Layout
from .clues import Symbols
from .places import invalid, shown

Cell = tuple[int, int]
#: The classic fleet: four ships of one cell, three of two, two of three, one of four.
CLASSIC = (4, 3, 2, 1)
#: Each given part's neighbours that hold a ship (up, down, left, right); a middle has two ways.
SHAPES: dict[str, tuple[tuple[int, int, int, int], ...]] = {
    "x": (), "o": ((0, 0, 0, 0),), "n": ((0, 1, 0, 0),), "s": ((1, 0, 0, 0),),
    "w": ((0, 0, 0, 1),), "e": ((0, 0, 1, 0),), "m": ((1, 1, 0, 0), (0, 0, 1, 1)),
}
PARTS = {"x": "water", "o": "a ship of one cell", "n": "a ship's end pointing north",
         "e": "a ship's end pointing east", "s": "a ship's end pointing south",
         "w": "a ship's end pointing west", "m": "a ship's middle part"}
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def ships_word(k: int, length: int) -> str:
    return f"{k} ship{'' if k == 1 else 's'} of length {length}"


class Fleet(Layer):
    """The number of ships of each length 1, 2, ... on an optional header line (``fleet: 4 3 2
    1``), `CLASSIC` when left out; stored without trailing zeros. The generator keeps it."""

    header = True

    def __init__(self, name: str = "fleet", default: tuple[int, ...] = CLASSIC):
        super().__init__(name, "a fleet")
        self.default, self.label = tuple(default), name

    def blank(self, height: int, width: int) -> tuple[int, ...]:
        return self.default

    def normal(self, value: Any, height: int, width: int, source: str = "<puzzle>") -> tuple[int, ...]:
        if not isinstance(value, (list, tuple)) or not 0 < len(value) <= 30 or not all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 999 for v in value) \
                or not any(value):
            raise invalid((self.name,), "expected the number of ships of each length 1, 2, ... "
                          f"(whole numbers, at least one ship), found {shown(value)}", source)
        value = list(value)
        while value[-1] == 0:
            value.pop()
        return tuple(value)

    def read_header(self, value: str, line: Any, column: int, source: str) -> tuple[int, ...]:
        found = value.split()
        if not found or not all(x.isdigit() and len(x) <= 3 for x in found) or not any(map(int, found)):
            raise error(source, line, column, "expected the number of ships of each length 1, 2, ... "
                        f"(such as 4 3 2 1), found {value.strip()!r}")
        return self.normal([int(x) for x in found], 0, 0, source)

    def write_header(self, value: tuple[int, ...]) -> str | None:
        return None if value == self.default else f"{self.label}: " + " ".join(map(str, value))

    def to_json(self, value: tuple[int, ...]) -> list[int]:
        return list(value)

    def entries(self, value: tuple[int, ...]) -> list[tuple[int, Any]]:
        return [(0, value)]

    def with_entries(self, height: int, width: int, entries: Iterable[tuple[int, Any]]) -> tuple[int, ...]:
        return next((v for _, v in entries), self.default)

    def pack_clue(self, value: tuple[int, ...]) -> dict[str, Any]:
        """A pack page shows the fleet as a tally: each length, then its number of ships."""
        return {"n": self.name, "t": "tally", "words": [str(n + 1) for n in range(len(value))],
                "e": list(value)}

    def draw(self, canvas: Canvas, layout: Layout, value: tuple[int, ...], dark: set[Cell]) -> None:
        """The fleet in the top left corner, longest ships first: ``1x4``, ``2x3`` ..."""
        canvas.open(self.name)
        shown_ = [(k, n + 1) for n, k in enumerate(value) if k][::-1]
        size = layout.cell * min(0.25, 0.9 / max(1, len(shown_)))
        for i, (k, n) in enumerate(shown_):
            canvas.text(layout.x(0) - layout.cell * 0.55, layout.y(0) - layout.cell * 0.95 + size * (i + 0.6),
                        f"{k}\u00d7{n}", size, cls="fleet")
        canvas.close()


class ShipParts(Symbols):
    """Given parts of ships, and given water, in some cells (see the module's docstring)."""

    def __init__(self, name: str = "parts", what: str = "a ship part"):
        super().__init__(name, PARTS, what)

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        """Water as a wave, a single as a disc, a middle as a square, an end as a bullet."""
        canvas.open(self.name)
        s = layout.cell * 0.35
        for cell, v in self.entries(value):
            x, y = layout.centre(cell)
            if v == "x":
                canvas.path(f"M {x - s} {y} q {s / 2} {-s / 2} {s} 0 t {s} 0", cls="water",
                            fill="none", stroke="#0072B2", stroke_width=2)
            elif v == "o":
                canvas.circle(x, y, s, cls="part", fill=INK)
            elif v == "m":
                canvas.rect(x - s, y - s, 2 * s, 2 * s, cls="part", fill=INK)
            else:  # a half disc towards the point, a half square towards the rest of the ship
                dy, dx = {"n": (-1, 0), "s": (1, 0), "w": (0, -1), "e": (0, 1)}[v]
                bx, by = x - dx * s, y - dy * s  # the square side's middle
                px, py = -dy * s, dx * s  # half that side, across the ship
                canvas.path(f"M {bx + px} {by + py} L {x + px} {y + py} A {s} {s} 0 0 0 "
                            f"{x - px} {y - py} L {bx - px} {by - py} Z", cls="part", fill=INK)
        canvas.close()


def ship_rules(m: Any, ships: Mapping[Cell, Any], fleet: Sequence[int]) -> None:
    """Ships are straight lines of cells that never touch, not even at a corner, and they are
    the fleet: ``fleet[i]`` ships of length ``i + 1``, no ship of another length."""
    h, w = m.height, m.width
    for r in range(h - 1):
        for c in range(w - 1):
            for a, b in (((r, c), (r + 1, c + 1)), ((r, c + 1), (r + 1, c))):
                with m.rule(f"ships never touch at a corner, and never bend: {a} and {b}", cells=[a, b]):
                    m.clause((~ships[a], ~ships[b]))
    longest = len(fleet)
    for line in (*m.rows(), *m.columns()):  # no run longer than the longest ship
        for i in range(len(line) - longest):
            window = line[i:i + longest + 1]
            with m.rule(f"no ship is longer than {longest} cells: {window[0]} to {window[-1]}", cells=window):
                m.clause([~ships[cell] for cell in window])
    # Ships are straight and apart, so a run of n cells across or down, all ships, lies in one
    # ship, and a ship of L >= n cells holds L - n + 1 of them (one way only, for n >= 2): the
    # fleet fixes how many such runs there are for each n, and these counts fix the fleet in
    # turn (the longest ships first). A run's literal needs no "nothing before it" condition,
    # so the model is a third smaller than one counting ship heads, and quicker to grade.
    total = sum(k * (n + 1) for n, k in enumerate(fleet))
    with m.rule(f"the fleet's ships cover {total} cells"):
        m.exactly(total, [ships[cell] for cell in sorted(ships)])
    runs = {(r, c, d): ships[(r, c)] for (r, c) in sorted(ships) for d in ((0, 1), (1, 0))}
    for n in range(2, longest + 1):
        k = sum(fleet[length - 1] * (length - n + 1) for length in range(n, longest + 1))
        with m.rule(f"the fleet's ships hold {k} run{'' if k == 1 else 's'} of {n} ship cells "
                    f"in a line (a ship of L cells holds L - {n - 1})"):
            longer = {}
            for (r, c, d), lit in runs.items():
                end = (r + d[0] * (n - 1), c + d[1] * (n - 1))
                if end in ships:
                    longer[(r, c, d)] = m.both(("ship_run", n, d, r, c), lit, ships[end])
            m.exactly(k, list(longer.values()))
        runs = longer


def part_rules(m: Any, ships: Mapping[Cell, Any], parts: Iterable[tuple[Cell, str]]) -> None:
    """Each given part is matched: water holds no ship; a ship's part has ships on just the
    neighbours its shape says (a cell outside the grid is water)."""
    for cell, v in parts:
        r, c = cell
        near = [ships.get((r + y, c + x)) for y, x in STEPS]
        with m.rule(f"the given {PARTS[v]} at {cell} is matched", cells=[cell]):
            if v == "x":
                m.fix(~ships[cell])
                continue
            m.fix(ships[cell])
            ways = [way for way in SHAPES[v]
                    if all(want == 0 or lit is not None for want, lit in zip(way, near))]
            if not ways:  # the shape leaves the grid: no answer
                m.fix(~ships[cell])
            for i, lit in enumerate(near):
                wanted = {way[i] for way in ways}
                if lit is None or len(wanted) != 1:
                    continue
                m.fix(lit if wanted == {1} else ~lit)
            if len(ways) == 2:  # a middle: up with down, left with right, one of the two
                up, down, left, right = near
                pairs = ((up, left), (~up, ~left), (~up, down), (up, ~down), (~left, right), (left, ~right))
                for pair in pairs:
                    m.clause(pair)


def part_of(cell: Cell, ships: Iterable[Cell]) -> str | None:
    """The part an answer has at a cell, as a `ShipParts` letter (None: a bent ship)."""
    ships = ships if isinstance(ships, (set, frozenset)) else set(ships)
    if cell not in ships:
        return "x"
    r, c = cell
    near = tuple(int((r + y, c + x) in ships) for y, x in STEPS)
    return next((v for v, ways in SHAPES.items() if near in ways), None)


def pieces(ships: Iterable[Cell]) -> list[list[Cell]]:
    """The orthogonally connected groups of ship cells, each sorted, in order."""
    return sorted(checks.pieces(ships))


def fleet_of(ships: Iterable[Cell]) -> tuple[int, ...]:
    """The fleet an answer shows: the number of its pieces of each size."""
    sizes = Counter(len(p) for p in pieces(ships))
    return tuple(sizes[n] for n in range(1, max(sizes, default=0) + 1))


def fleet_problems(ships: Iterable[Cell], fleet: Sequence[int], height: int, width: int) -> list[str]:
    """The checks of `ship_rules`: ship cells touching at a corner, and each length whose
    number of ships differs from the fleet's."""
    ships = set(ships)
    out = [f"ship cells {a} and {(a[0] + 1, a[1] + dc)} touch at a corner" for a in sorted(ships)
           for dc in (-1, 1) if (a[0] + 1, a[1] + dc) in ships]
    found = fleet_of(ships)
    for n in range(1, max(len(found), len(fleet)) + 1):
        want, got = (fleet[n - 1] if n <= len(fleet) else 0), (found[n - 1] if n <= len(found) else 0)
        if want != got:
            out.append(f"the fleet has {ships_word(want, n)}, the grid {got}")
    return out


def fleet_for(height: int, width: int) -> tuple[int, ...]:
    """The classic fleet scaled to a grid: ships up to 2 cells below 6x6, 3 below 8x8, 4 below
    12x12, else 5 (``k`` ships of one cell, ``k - 1`` of two ...)."""
    side = min(height, width)
    k = 2 if side < 6 else 3 if side < 8 else 4 if side < 12 else 5
    return tuple(range(k, 0, -1))


def plant_fleet(rng: random.Random, height: int, width: int, fleet: Sequence[int],
                tries: int = 60) -> frozenset[Cell] | None:
    """The ship cells of the fleet placed at random, longest first, none touching another (None
    when ``tries`` attempts all got stuck)."""
    lengths = sorted((n + 1 for n, k in enumerate(fleet) for _ in range(k)), reverse=True)
    for _ in range(tries):
        taken: set[Cell] = set()
        for n in lengths:
            spots = [[(r + dr * i, c + dc * i) for i in range(n)] for r in range(height) for c in range(width)
                     for dr, dc in ((0, 1), (1, 0))[: 1 if n == 1 else 2]
                     if r + dr * (n - 1) < height and c + dc * (n - 1) < width]
            spots = [s for s in spots if not any((y + a, x + b) in taken for y, x in s
                                                 for a in (-1, 0, 1) for b in (-1, 0, 1))]
            if not spots:
                break
            taken.update(rng.choice(spots))
        else:
            return frozenset(taken)
    return None


def around(cell: Cell, height: int, width: int) -> list[Cell]:
    """The up to eight cells around a cell (itself left out)."""
    r, c = cell
    return [(r + y, c + x) for y in (-1, 0, 1) for x in (-1, 0, 1)
            if (y or x) and 0 <= r + y < height and 0 <= c + x < width]
