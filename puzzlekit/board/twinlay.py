"""Random divisions of cells into twin regions (a piece and a turned or mirrored copy beside
it), for planters: `lay` divides a whole grid, `fill` the cells left free around regions kept,
and `unforced` tells which cells a list of candidate regions does not cover by force."""

from __future__ import annotations

import functools
import random

from .blocks import TURNS, turned

STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def grow(rng: random.Random, start, free: set, k: int) -> list:
    """A random piece of up to ``k`` free cells grown from ``start`` (fewer where it is shut in)."""
    piece = [start]
    while len(piece) < k:
        near = [(r + dr, c + dc) for r, c in piece for dr, dc in STEPS
                if (r + dr, c + dc) in free and (r + dr, c + dc) not in piece]
        if not near:
            break
        piece.append(rng.choice(near))
    return piece


@functools.lru_cache(maxsize=1 << 12)
def turns(piece: tuple) -> tuple:
    """The piece's distinct turns and mirrors, each as sorted cells from (0, 0) on."""
    out = set()
    for k in range(len(TURNS)):
        moved = [turned(k, r, c) for r, c in piece]
        r0, c0 = min(r for r, _ in moved), min(c for _, c in moved)
        out.add(tuple(sorted((r - r0, c - c0) for r, c in moved)))
    return tuple(sorted(out))


def even(free: set, around: set) -> bool:
    """Whether every free patch touching ``around`` has an even number of cells (a region
    has two halves of one size, so an odd patch can never be filled)."""
    seen: set = set()
    for start in around:
        if start not in free or start in seen:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            r, c = stack.pop()
            size += 1
            for dr, dc in STEPS:
                nb = (r + dr, c + dc)
                if nb in free and nb not in seen:
                    seen.add(nb)
                    stack.append(nb)
        if size % 2:
            return False
    return True


def copy_beside(rng: random.Random, piece: list, free: set) -> list | None:
    """A turned copy of the piece on free cells beside it, leaving no free patch of an odd
    size, or None."""
    rest = free - set(piece)
    near = {(r + e, c + f) for r, c in piece for e, f in STEPS} & rest
    options = set()
    for shape in turns(tuple(sorted(piece))):
        moves = {(r - a, c - b) for r, c in near for a, b in shape}  # a copy cell on a cell beside
        for dr, dc in moves:
            copy = tuple((x + dr, y + dc) for x, y in shape)
            if all(x in rest for x in copy):
                options.add(copy)
    options = sorted(options)
    rng.shuffle(options)
    for copy in options:
        left = rest - set(copy)
        if even(left, {(r + e, c + f) for r, c in (*piece, *copy) for e, f in STEPS}):
            return list(copy)
    return None


def fill(rng: random.Random, free: set, laid: list[list], tries: int) -> list[list] | None:
    """The free cells covered by regions laid one at a time over the first free cell: a random
    piece and a copy beside it; where none fits, the last few regions are lifted and laid again."""
    free, laid = set(free), list(laid)
    stuck = 0  # dead ends met: each lifts more regions, so a bad start is undone too
    for _ in range(tries):
        if not free:
            return laid
        start = min(free)
        for _ in range(20):
            piece = grow(rng, start, free, rng.choice((1, 2, 2, 3, 3, 4, 5)))
            twin = copy_beside(rng, piece, free)
            if twin:
                laid.append(piece + twin)
                free -= set(piece) | set(twin)
                break
        else:  # a dead end (a pocket no region fills): lift the last regions
            stuck += 1
            for _ in range(min(len(laid), rng.randint(1, 2 + stuck // 8))):
                free |= set(laid.pop())
    return None


def lay(rng: random.Random, height: int, width: int) -> list[list] | None:
    """A division of the whole grid (`fill`)."""
    cells = {(r, c) for r in range(height) for c in range(width)}
    return fill(rng, cells, [], 100 * height * width)


def unforced(cells: list, options: list[frozenset]) -> set:
    """The cells the options do not cover by force: again and again some cell has one option
    left, taken (when none is left over the division is unique and the model's rules alone
    find it)."""
    free, left = set(cells), list(options)
    while free:
        holding: dict = {x: [] for x in free}
        for option in left:
            for x in option:
                holding[x].append(option)
        only = min(holding.values(), key=len)
        if len(only) != 1:
            return free
        free -= only[0]
        left = [option for option in left if option.isdisjoint(only[0])]
    return free
