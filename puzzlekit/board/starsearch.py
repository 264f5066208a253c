"""A second answer of a Star Battle grid (k stars in every row, column and region, none
touching), found by a search of its own over bit masks, for the planter.

The planter asks this once per change of its regions. The general search over the
propagation engine (`shading_rules.other_answer`) branches cell by cell in reading order, so
on a 10x10 grid with two stars a question whose answer is "none" took up to its node limit
(seconds each); here each step fills the line or region with the fewest free cells, and
every line and region is checked after each star, which settles most questions in a few
hundred steps.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping

from ..grid import Cell
from .stars import hand_over


def other_spread(n: int, k: int, owner: Mapping[Cell, object], answer: Iterable[Cell],
                 nodes: int = 200_000) -> frozenset[Cell] | None:
    """The stars of an answer of the n x n grid whose regions ``owner`` gives (cell -> region;
    a cell in none holds no star) other than ``answer``; None when there is none, or none
    turned up within ``nodes`` steps."""
    bit = {(r, c): 1 << (r * n + c) for r in range(n) for c in range(n)}
    units = [sum(bit[r, c] for c in range(n)) for r in range(n)]
    units += [sum(bit[r, c] for r in range(n)) for c in range(n)]
    regions: dict[object, int] = {}
    for cell, region in owner.items():
        regions[region] = regions.get(region, 0) | bit[cell]
    units += list(regions.values())
    around = {}
    for (r, c), b in bit.items():
        around[b] = sum(bit.get((r + dr, c + dc), 0) for dr in (-1, 0, 1) for dc in (-1, 0, 1))
    outside = sum(bit.values()) & ~sum(regions.values())
    planted = sum(bit[cell] for cell in answer)
    left = [nodes]

    def settle(stars: int, blocked: int) -> tuple[int, int] | None:
        """Stars and blocked cells after every forced step; None on a contradiction."""
        changed = True
        while changed:
            changed = False
            for unit in units:
                free = unit & ~(stars | blocked)
                have = (unit & stars).bit_count()
                if not free:  # a unit already settled, or one that can no longer get its stars
                    if have != k:
                        return None
                    continue
                room = free.bit_count()
                if have > k or have + room < k:
                    return None
                if have == k:
                    blocked |= free
                    changed = True
                elif have + room == k:
                    while free:
                        b = free & -free
                        free ^= b
                        if blocked & b:  # a star just placed touches this one
                            return None
                        stars |= b
                        blocked |= around[b] & ~b
                    changed = True
        return stars, blocked

    def search(stars: int, blocked: int) -> int | None:
        settled = settle(stars, blocked)
        if settled is None:
            return None
        stars, blocked = settled
        best, size = 0, 0
        for unit in units:
            if (unit & stars).bit_count() < k:
                free = unit & ~stars & ~blocked
                room = free.bit_count()
                if not best or room < size:
                    best, size = free, room
        if not best:  # every unit holds k: a full answer
            return stars if stars != planted else None
        left[0] -= 1
        if left[0] < 0:
            return None
        b = best & -best
        found = search(stars | b, blocked | (around[b] & ~b))
        return found if found is not None else search(stars, blocked | b)

    found = search(0, outside)
    if found is None:
        return None
    return frozenset(cell for cell, b in bit.items() if found & b)


def shrink(rng: random.Random, owner: dict[Cell, int], placed: Iterable[Cell], n: int, k: int,
           steps: int = 20) -> None:
    """Cells of the smallest regions handed to their neighbours while the answer ``placed``
    stays the only one (``owner`` is changed in place). A planter that stops at the first
    unique set of regions leaves them of even sizes, which a 10x10 two-star puzzle then mostly
    needs search for; a few small regions give the solver places to start."""
    keep = set(placed)
    for _ in range(steps):
        size = Counter(owner.values())
        region = rng.choice(sorted(size, key=lambda x: (size[x], rng.random()))[:3])
        spots = sorted(cell for cell, x in owner.items() if x == region and cell not in keep)
        before = dict(owner)
        if spots and hand_over(rng, owner, spots, keep) and other_spread(n, k, owner, keep) is not None:
            owner.update(before)  # the hand-over let a second answer in: undone
