"""Regions for planted norinori dominoes, grown while the dominoes are settled one at a time, so
that each region holds its domino and only cells already known empty at its turn."""

from __future__ import annotations

import random
from collections.abc import Sequence

Cell = tuple[int, int]


def _near(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return (r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)


def settled_regions(rng: random.Random, height: int, width: int,
                    dominoes: Sequence[Sequence[Cell]], most: int = 8) -> dict[Cell, int]:
    """Each cell's region index (that of its domino in ``dominoes``). The order of turns is
    chosen as the regions grow, not fixed first: each turn settles the domino that is the last
    one able to reach some cell known empty (so no such cell is left without a region), and its
    region takes those cells, then others known empty, up to ``most`` cells. A cell is known
    empty beside a settled domino, or when every neighbour is known empty. The few cells known
    only after every domino near them was settled go to a neighbouring region at the end."""
    inside = {(r, c) for r in range(height) for c in range(width)}
    owner = {cell: i for i, pair in enumerate(dominoes) for cell in pair}
    known: set[Cell] = set()
    left = set(range(len(dominoes)))
    size = dict.fromkeys(left, 2)
    while left:
        reach = {i: _reach(owner, known, dominoes[i]) for i in left}
        reachers: dict[Cell, list[int]] = {}
        for i, cells in reach.items():
            for x in cells:
                reachers.setdefault(x, []).append(i)
        sole = {i: sum(len(reachers[x]) == 1 for x in reach[i]) for i in left}
        # settle the domino that alone reaches the most known cells; among those with none,
        # one that reaches few (it wastes fewest)
        pick = max(left, key=lambda i: (sole[i], -len(reach[i]), rng.random()))
        _grow(rng, owner, known, dominoes[pick], pick, reachers, most, size)
        left.discard(pick)
        for cell in dominoes[pick]:
            known.update(x for x in _near(cell) if x in inside and x not in owner)
        _spread(inside, owner, known)
    orphans = [x for x in inside if x not in owner]
    while orphans:
        rng.shuffle(orphans)
        for x in list(orphans):
            near = [owner[y] for y in _near(x) if y in owner]
            if near:
                owner[x] = min(near, key=lambda k: (size[k], rng.random()))
                size[owner[x]] += 1
                orphans.remove(x)
    return owner


def _reach(owner: dict[Cell, int], known: set[Cell], pair: Sequence[Cell]) -> set[Cell]:
    """The free cells known empty that a region grown from ``pair`` could take, one piece."""
    seen: set[Cell] = set()
    todo = list(pair)
    while todo:
        for x in _near(todo.pop()):
            if x in known and x not in owner and x not in seen:
                seen.add(x)
                todo.append(x)
    return seen


def _grow(rng: random.Random, owner: dict[Cell, int], known: set[Cell], pair: Sequence[Cell],
          k: int, reachers: dict[Cell, list[int]], most: int, size: dict[int, int]) -> None:
    """Region ``k`` grown from its domino by random steps onto free known cells, those only it
    reaches first, then others up to ``most`` cells; the cells only it reaches all go in."""
    region = set(pair)
    sole = {x for x, ks in reachers.items() if ks == [k]}
    while True:
        edge = [x for y in region for x in _near(y) if x in known and x not in owner]
        if not edge or (size[k] >= most and not sole - region):
            return
        must = [x for x in edge if x in sole]
        x = rng.choice(must or edge)
        owner[x] = k
        region.add(x)
        size[k] += 1


def _spread(inside: set[Cell], owner: dict[Cell, int], known: set[Cell]) -> None:
    """Cells whose every neighbour is known empty are known empty too (they cannot be half of
    a domino)."""
    changed = True
    while changed:
        changed = False
        for x in inside:
            if x in known or x in owner:
                continue
            if all(y in known for y in _near(x) if y in inside):
                known.add(x)
                changed = True


def placed_regions(rng: random.Random, height: int, width: int,
                   most: int = 8) -> tuple[list[list[Cell]], dict[Cell, int]]:
    """Dominoes placed one at a time with their regions, each settled at its turn: a domino
    goes on two cells not yet known empty, where its region can take the most free cells known
    empty less the cells it newly makes known (so few are left without a region), and its
    region takes them, up to ``most``. A plant with no cell left over is unique; the few left
    over go to a neighbouring region at the end."""
    inside = {(r, c) for r in range(height) for c in range(width)}
    owner: dict[Cell, int] = {}
    known: set[Cell] = set()
    placed: list[list[Cell]] = []
    while True:
        spots = [(a, b) for a in inside for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1))
                 if b in inside and not {a, b} & known and a not in owner and b not in owner]
        if not spots:
            break
        scored = [(len(_reach(owner, known, pair)) - _fresh(inside, owner, known, pair), rng.random(), pair)
                  for pair in spots]
        _, _, pair = max(scored)
        k = len(placed)
        placed.append(list(pair))
        for cell in pair:
            owner[cell] = k
        size = {k: 2}
        _grow(rng, owner, known, pair, k, {}, most, size)
        for cell in pair:
            known.update(x for x in _near(cell) if x in inside and x not in owner)
        _spread(inside, owner, known)
    orphans = [x for x in inside if x not in owner]
    sizes = {i: 0 for i in range(len(placed))}
    for i in owner.values():
        sizes[i] += 1
    while orphans:
        rng.shuffle(orphans)
        for x in list(orphans):
            near = [owner[y] for y in _near(x) if y in owner]
            if near:
                owner[x] = min(near, key=lambda i: (sizes[i], rng.random()))
                sizes[owner[x]] += 1
                orphans.remove(x)
    return placed, owner


def _fresh(inside: set[Cell], owner: dict[Cell, int], known: set[Cell], pair: Sequence[Cell]) -> int:
    """How many cells a domino on ``pair`` would make known empty that are not yet."""
    return len({x for y in pair for x in _near(y)
                if x in inside and x not in known and x not in owner and x not in pair})
