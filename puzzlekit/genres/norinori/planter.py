"""Planted norinori dominoes and their regions, made together while the dominoes are settled one
at a time, so that each region holds its domino and only cells already known empty at its turn:
then each domino is the only pair its region can shade at its turn, and the plant is unique
unless cells are left over at the end."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...board.base import Cell, around


def _reach(owner: dict[Cell, int], known: set[Cell], pair: Sequence[Cell]) -> set[Cell]:
    """The free cells known empty that a region grown from ``pair`` could take, one piece."""
    seen: set[Cell] = set()
    todo = list(pair)
    while todo:
        for x in around(todo.pop()):
            if x in known and x not in owner and x not in seen:
                seen.add(x)
                todo.append(x)
    return seen


def _grow(rng: random.Random, owner: dict[Cell, int], known: set[Cell], pair: Sequence[Cell],
          k: int, most: int) -> None:
    """Region ``k`` grown from its domino by random steps onto free known cells, up to ``most``
    cells."""
    region = set(pair)
    while len(region) < most:
        edge = [x for y in region for x in around(y) if x in known and x not in owner]
        if not edge:
            return
        x = rng.choice(edge)
        owner[x] = k
        region.add(x)


def _spread(inside: set[Cell], owner: dict[Cell, int], known: set[Cell]) -> None:
    """Cells whose every neighbour is known empty are known empty too (they cannot be half of
    a domino)."""
    changed = True
    while changed:
        changed = False
        for x in inside:
            if x in known or x in owner:
                continue
            if all(y in known for y in around(x) if y in inside):
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
        spots = [(a, b) for a in sorted(inside) for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1))
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
        _grow(rng, owner, known, pair, k, most)
        for cell in pair:
            known.update(x for x in around(cell) if x in inside and x not in owner)
        _spread(inside, owner, known)
    orphans = [x for x in sorted(inside) if x not in owner]
    if not placed:
        return placed, owner
    sizes = {i: 0 for i in range(len(placed))}
    for i in owner.values():
        sizes[i] += 1
    while orphans:
        rng.shuffle(orphans)
        for x in list(orphans):
            near = [owner[y] for y in around(x) if y in owner]
            if near:
                owner[x] = min(near, key=lambda i: (sizes[i], rng.random()))
                sizes[owner[x]] += 1
                orphans.remove(x)
    return placed, owner


def _fresh(inside: set[Cell], owner: dict[Cell, int], known: set[Cell], pair: Sequence[Cell]) -> int:
    """How many cells a domino on ``pair`` would make known empty that are not yet."""
    return len({x for y in pair for x in around(y)
                if x in inside and x not in known and x not in owner and x not in pair})
