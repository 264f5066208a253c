"""Loops and paths through given cells (Simple Loop, Double Back) and mazes of unshaded cells
(Nurimaze).

`visits` checks that a loop visits exactly the cells it must; `lone_loop` plants a loop that
no other loop through the same cells replaces, by local moves on a random loop.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .base import Cell
from .checks import degrees
from .loops import random_loop

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


def _left(move: tuple[set[Edge], set[Edge]]) -> set[Cell]:
    """The cells a move takes off the loop."""
    taken, put = move
    return {cell for e in taken for cell in e} - {cell for e in put for cell in e}


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
