"""Hashi: islands grown one bridge at a time into a connected network, then numbered.

Each new island is reached from one already placed across at least one water cell, on a
cell beside no other island and under no bridge; a few extra bridges close cycles. The
numbers are fixed by the bridges, so nothing is revealed or removed: when a second network
fits, the plant changes near an island where the two differ (`repair`): a bridge doubled or
halved, a new island, an extra bridge, a leaf island taken away.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from puzzlekit import grid, unionfind
from puzzlekit.generate.fingerprint import Transform
from puzzlekit.genres import hashi

NAME = "hashi"
LEVELS = ("rules", "pairs", "trial", "lines", "chain", "either", "deep", "search")
#: The sides of the square grids measured for `reach` (``python -m benchmarks.levels``).
SIDES: tuple[int, ...] = (6, 10)
#: Per level: the sides at which at least 95% of the requests came back at it.
RELIABLE: dict[str, tuple[int, ...]] = {"rules": (6, 10), "pairs": (6, 10), "chain": (6, 10)}
#: Share of the cells made islands, drawn for each plant.
ISLAND_SHARE = (0.18, 0.28)
#: Chance per island of one more bridge between islands already placed.
EXTRA = 0.3
ATTEMPTS = 12

Cell = tuple[int, int]
Pair = tuple[Cell, Cell]


@dataclass(frozen=True)
class Plant:
    height: int
    width: int
    bridges: tuple[tuple[Pair, int], ...]  # sorted

    @property
    def islands(self) -> list[Cell]:
        return sorted({x for pair, _ in self.bridges for x in pair})


def check_size(height: int, width: int) -> None:
    if height * width < 3 or max(height, width) < 3:
        raise ValueError(f"a Hashi needs room for two islands with water between, not {height}x{width}")


class _Net:
    """A network being grown: islands, bridges, and the water cells under the bridges."""

    def __init__(self, height: int, width: int, bridges: dict[Pair, int] | None = None):
        self.h, self.w = height, width
        self.bridges: dict[Pair, int] = {}
        self.islands: dict[Cell, None] = {}
        self.under: dict[Cell, Pair] = {}
        for pair, k in sorted((bridges or {}).items()):
            self.bridge(*pair, k)

    def bridge(self, a: Cell, b: Cell, k: int) -> None:
        pair = grid.edge(a, b)
        self.bridges[pair] = k
        self.islands.update({a: None, b: None})
        for cell in _between(a, b):
            self.under[cell] = pair

    def unbridge(self, pair: Pair) -> None:
        del self.bridges[pair]
        for cell in _between(*pair):
            self.under.pop(cell, None)

    def lonely(self, cell: Cell) -> bool:
        """Whether an island may stand here: inside, on open water beside no island."""
        return (
            grid.inside(cell, self.h, self.w) and cell not in self.islands and cell not in self.under
            and not any(n in self.islands for n in grid.neighbours(cell, self.h, self.w))
        )

    def grow(self, rng: random.Random, start: Cell) -> bool:
        """A new island reached from ``start`` in a random direction; False when none fits."""
        directions = list("UDLR")
        rng.shuffle(directions)
        for d in directions:
            reach = []
            here = grid.step(start, d)
            while grid.inside(here, self.h, self.w) and here not in self.islands and here not in self.under:
                reach.append(here)
                here = grid.step(here, d)
            ends = [cell for cell in reach[1:] if self.lonely(cell)]
            if ends:
                self.bridge(start, rng.choice(ends), rng.choice((1, 2)))
                return True
        return False

    def link(self, rng: random.Random, start: Cell) -> bool:
        """One more bridge from ``start`` to an island it sees across free water."""
        directions = list("UDLR")
        rng.shuffle(directions)
        for d in directions:
            other, passed = grid.sight_line(start, d, self.h, self.w, frozenset(self.islands))
            if other is None or grid.edge(start, other) in self.bridges:
                continue
            if any(c in self.under for c in passed):
                continue
            self.bridge(start, other, rng.choice((1, 2)))
            return True
        return False

    def plant(self) -> Plant:
        return Plant(self.h, self.w, tuple(sorted(self.bridges.items())))


def _between(a: Cell, b: Cell) -> list[Cell]:
    if a[0] == b[0]:
        return [(a[0], c) for c in range(min(a[1], b[1]) + 1, max(a[1], b[1]))]
    return [(r, a[1]) for r in range(min(a[0], b[0]) + 1, max(a[0], b[0]))]


def sample_solution(rng: random.Random, height: int, width: int) -> Plant:
    for _ in range(100):
        net = _Net(height, width)
        first = (rng.randrange(height), rng.randrange(width))
        net.islands[first] = None
        target = max(2, round(rng.uniform(*ISLAND_SHARE) * height * width))
        for _ in range(40 * target):
            if len(net.islands) >= target:
                break
            net.grow(rng, rng.choice(list(net.islands)))
        for _ in range(round(EXTRA * len(net.islands))):
            net.link(rng, rng.choice(list(net.islands)))
        if net.bridges:
            return net.plant()
    raise ValueError(f"no two islands fit a {height}x{width} Hashi")


def _puzzle(plant: Plant) -> hashi.Puzzle:
    ends: dict[Cell, int] = {}
    for (a, b), k in plant.bridges:
        ends[a] = ends.get(a, 0) + k
        ends[b] = ends.get(b, 0) + k
    return puzzle_from(plant.height, plant.width, [("island", *cell, k) for cell, k in sorted(ends.items())])


def answer(plant: Plant) -> dict[Hashable, int]:
    built = dict(plant.bridges)
    return {hashi.bridge_key(*pair): built.get(pair, 0) for pair in _puzzle(plant).pairs()}


def solution(plant: Plant) -> hashi.Solution:
    return hashi.make_solution((a, b, k) for (a, b), k in plant.bridges)


def clues(plant: Plant) -> list[tuple]:
    return []


def required(plant: Plant) -> list[tuple]:
    puzzle = _puzzle(plant)
    return [("island", *cell, k) for cell, k in sorted(puzzle.islands().items())]


def puzzle_from(height: int, width: int, items: list[tuple]) -> hashi.Puzzle:
    rows = [[hashi.WATER] * width for _ in range(height)]
    for _, r, c, k in items:
        rows[r][c] = k
    return hashi.Puzzle(tuple(tuple(row) for row in rows))


def breaks(item: tuple, values: dict, shown: list) -> bool:
    return False  # every number is always shown


# repairs ----------------------------------------------------------------------------------


def repair(rng: random.Random, plant: Plant, values: dict | None, unfixed: list | None) -> Plant | None:
    """The network changed near islands where a second network (or the ladder) disagrees."""
    built = dict(plant.bridges)
    if values is not None:
        seen = _puzzle(plant).pairs()
        pairs = [pair for pair in seen if values[hashi.bridge_key(*pair)] != built.get(pair, 0)]
    else:
        pairs = [(k[1], k[2]) for k in unfixed or ()]
    spots = sorted({x for pair in pairs for x in pair})
    rng.shuffle(spots)
    moves: list[Callable[[random.Random, _Net, Cell], bool]] = [_double, _grow, _link, _prune]
    net = _Net(plant.height, plant.width, built)
    wanted, done = max(1, len(spots) // 10), 0
    for spot in spots:
        rng.shuffle(moves)
        if any(move(rng, net, spot) for move in moves):
            done += 1
            if done == wanted:
                break
    return net.plant() if done else None


def _double(rng: random.Random, net: _Net, spot: Cell) -> bool:
    mine = [pair for pair in net.bridges if spot in pair]
    if not mine:
        return False
    pair = rng.choice(mine)
    net.bridges[pair] = 3 - net.bridges[pair]
    return True


def _grow(rng: random.Random, net: _Net, spot: Cell) -> bool:
    return net.grow(rng, spot)


def _link(rng: random.Random, net: _Net, spot: Cell) -> bool:
    return net.link(rng, spot)


def _prune(rng: random.Random, net: _Net, spot: Cell) -> bool:
    """Take away a bridge at the spot that the network can lose: to a leaf island (which
    goes too), or one on a cycle."""
    mine = sorted(pair for pair in net.bridges if spot in pair)
    rng.shuffle(mine)
    for pair in mine:
        degree = {x: sum(x in p for p in net.bridges) for x in pair}
        leaf = [x for x in pair if degree[x] == 1]
        if leaf and len(net.islands) > 2:
            net.unbridge(pair)
            del net.islands[leaf[0]]
            return True
        rest = [p for p in net.bridges if p != pair]
        if len(unionfind.components(list(net.islands), rest)) == 1:
            net.unbridge(pair)
            return True
    return False


def transform(puzzle: hashi.Puzzle, t: Transform) -> hashi.Puzzle:
    return hashi.Puzzle(t.grid(puzzle.grid))
