"""LITS's planted answers and their rooms: tetrominoes laid side by side, hugging the grid's
edges and each other; each other cell handed to the neighbouring room where it opens the
fewest other tetrominoes; then cells moved between rooms until no room alone, and no other
answer, can take another tetromino."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from . import rooms as rm
from . import stars
from .checks import pieces

Cell = tuple[int, int]
Piece = tuple[str, tuple[Cell, ...]]
Placed = tuple[Piece, frozenset[Cell]]
#: How far chance outweighs contact when a tetromino's place is picked (contact counts the
#: sides it shares with shaded cells and the grid's edge).
WOBBLE = 2.0


def _near(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return (r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)


@lru_cache(maxsize=8)
def _places(h: int, w: int) -> tuple[tuple[Piece, ...], dict[Cell, tuple[Placed, ...]]]:
    """Every tetromino on the grid, and those covering each cell (with their cells as a set)."""
    places = tuple(rm.placements([(r, c) for r in range(h) for c in range(w)]))
    by_cell: dict[Cell, list[Placed]] = {}
    for place in places:
        for cell in place[1]:
            by_cell.setdefault(cell, []).append((place, frozenset(place[1])))
    return places, {cell: tuple(found) for cell, found in by_cell.items()}


@lru_cache(maxsize=1 << 14)  # a 10x10 has some 1,500 places; a 60x60 would hold too much
def _around(place: Piece) -> tuple[frozenset[Cell], tuple[Cell, ...], tuple[tuple[Cell, ...], ...]]:
    """A tetromino's cells, the cells beside it, and for each 2x2 block it enters the block's
    other cells (shaded, they fill the block)."""
    cells = frozenset(place[1])
    ring = tuple(sorted({b for a in cells for b in _near(a)} - cells))
    blocks = {tuple(sorted({(y, x), (y + 1, x), (y, x + 1), (y + 1, x + 1)} - cells))
              for r, c in cells for y, x in ((r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c))}
    return cells, ring, tuple(sorted(blocks))


def _clash(place: Piece, letter: dict[Cell, str]) -> bool:
    """Whether the tetromino, beside shaded cells (cell -> its letter), touches one of its own
    shape or fills a 2x2 block."""
    _, ring, blocks = _around(place)
    return any(letter.get(b) == place[0] for b in ring) or any(
        all(b in letter for b in rest) for rest in blocks)


def _fits(place: Piece, letter: dict[Cell, str]) -> bool:
    """Whether a tetromino can join the shaded cells (cell -> its letter): no cell taken, no
    equal shape beside it, no 2x2 block shaded."""
    return not any(cell in letter for cell in place[1]) and not _clash(place, letter)


def lay(rng: random.Random, h: int, w: int) -> list[Piece]:
    """Tetrominoes laid one at a time, each touching those before, while one fits; of the
    places that fit, one touching the most shaded cells is taken (a compact shading leaves
    few cells for the rooms to share out)."""
    places, by_cell = _places(h, w)
    if not places:
        raise ValueError(f"no tetromino fits in a {h}x{w} grid")
    laid = [rng.choice(places)]
    letter = {cell: laid[0][0] for cell in laid[0][1]}
    fits: set[Piece] = set()
    while True:
        # a place that stops fitting never fits again: only the last one's neighbours add any
        near = {b for a in laid[-1][1] for b in _near(a) if b in by_cell and b not in letter}
        fits = {place for place in fits if _fits(place, letter)} | {
            place for b in near for place, _ in by_cell[b] if _fits(place, letter)}
        if not fits:
            return laid
        scored = [(sum(b in letter or b not in by_cell for a in place[1] for b in _near(a))
                   + WOBBLE * rng.random(), place) for place in sorted(fits)]
        place = max(scored)[1]
        laid.append(place)
        letter.update((cell, place[0]) for cell in place[1])


def _connected(cells: set[Cell]) -> bool:
    return len(pieces(cells)) == 1


def _others(laid: list[Piece], k: int) -> dict[Cell, str]:
    """The shading of every room but the k-th: cell -> its tetromino's letter."""
    return {cell: x for i, (x, cells) in enumerate(laid) if i != k for cell in cells}


def _alternatives(room: set[Cell], others: dict[Cell, str], by_cell: dict[Cell, tuple[Placed, ...]],
                  planted: Piece, through: Cell | None = None) -> list[Piece]:
    """The tetrominoes other than the planted one the room could hold, the other rooms as
    planted (``others``): beside no equal shape, no 2x2 block, all the shading connected;
    with ``through``, only those covering that cell."""
    found = set()
    for cell in [through] if through else room:
        found.update(place for place, cells in by_cell[cell] if cells <= room)
    found.discard(planted)
    return sorted(place for place in found if not _clash(place, others)
                  and _connected(set(others) | set(place[1])))


def share_out(rng: random.Random, h: int, w: int, laid: list[Piece]) -> dict[Cell, int]:
    """Every cell's room (cell -> the number of its tetromino): the rooms start as the laid
    tetrominoes, and one at a time the free cell beside a room that opens the fewest other
    tetrominoes in it (ties at random) joins it."""
    _, by_cell = _places(h, w)
    owner = {cell: k for k, (_, cells) in enumerate(laid) for cell in cells}
    others = [_others(laid, k) for k in range(len(laid))]
    room = [set(cells) for _, cells in laid]
    scores: dict[tuple[Cell, int], tuple[int, float]] = {}
    while len(owner) < h * w:
        for cell in by_cell:
            if cell not in owner:
                for k in {owner[b] for b in _near(cell) if b in owner}:
                    if (cell, k) not in scores:  # a room's scores change only when it grows
                        opened = _alternatives(room[k] | {cell}, others[k], by_cell, laid[k], cell)
                        scores[cell, k] = (len(opened), rng.random())
        cell, k = min(scores, key=scores.__getitem__)
        owner[cell] = k
        room[k].add(cell)
        scores = {(a, j): v for (a, j), v in scores.items() if a != cell and j != k}
    return owner


def loose(h: int, w: int, laid: list[Piece], owner: dict[Cell, int]) -> set[Cell]:
    """The cells some room could shade instead of its planted tetromino, the rest as planted."""
    _, by_cell = _places(h, w)
    rooms: list[set[Cell]] = [set() for _ in laid]
    for cell, k in owner.items():
        rooms[k].add(cell)
    shaded = {cell for _, cells in laid for cell in cells}
    return {cell for k, room in enumerate(rooms)
            for _, cells in _alternatives(room, _others(laid, k), by_cell, laid[k])
            for cell in cells} - shaded


def tighten(rng: random.Random, h: int, w: int, laid: list[Piece], owner: dict[Cell, int],
            spots: set[Cell], fewer: bool = False) -> bool:
    """One of the spots (cells another answer shades, the plant not) handed to a neighbouring
    room, its own staying one piece, where the two rooms are left the fewest other tetrominoes
    (ties at random): the other answer's tetromino no longer fits. False when none can move,
    or with ``fewer`` when no move leaves the two rooms fewer other tetrominoes than before
    (a cell passed back and forth between two rooms)."""
    _, by_cell = _places(h, w)
    rooms: list[set[Cell]] = [set() for _ in laid]
    for cell, k in owner.items():
        rooms[k].add(cell)
    now = [len(_alternatives(room, _others(laid, k), by_cell, laid[k])) if fewer else 0
           for k, room in enumerate(rooms)]
    best: tuple | None = None
    for cell in sorted(spots):
        k = owner[cell]
        if not _connected(rooms[k] - {cell}):
            continue
        mine = len(_alternatives(rooms[k] - {cell}, _others(laid, k), by_cell, laid[k]))
        for j in {owner[b] for b in _near(cell) if b in owner} - {k}:
            theirs = len(_alternatives(rooms[j] | {cell}, _others(laid, j), by_cell, laid[j]))
            score = (mine + theirs - now[k] - now[j], rng.random())
            if best is None or score < best[0]:
                best = (score, cell, j)
    if best is None or (fewer and best[0][0] >= 0):
        return False
    owner[best[1]] = best[2]
    return True


def settle(rng: random.Random, h: int, w: int, laid: list[Piece], owner: dict[Cell, int],
           another: Callable[[dict[Cell, int]], set[Cell] | None], rounds: int = 12) -> bool:
    """The rooms changed until no other answer turns up: while some room alone can take
    another tetromino (`loose`), else while ``another`` (the cells another answer shades, or
    None) finds one, a cell it shades moves to another room (`tighten`, or with the cells
    between it and that room, `stars.hand_over`). False when that takes over ``rounds``
    changes or no cell can move (the plant is then best dropped)."""
    shaded = {cell for _, cells in laid for cell in cells}
    for _ in range(rounds):
        spots = loose(h, w, laid, owner)
        fewer = bool(spots)
        if not spots:
            other = another(owner)
            if other is None:
                return True
            spots = other - shaded
        if not (tighten(rng, h, w, laid, owner, spots, fewer)
                or stars.hand_over(rng, owner, sorted(spots), shaded)):
            return False
    return False
