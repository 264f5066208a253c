"""Four Colour (Map): colour every region with one of four colours so that regions sharing an
edge differ; the given colours stay."""

from __future__ import annotations

import random as _random
from typing import Any

from ...board import Genre, checks, layers

genre = Genre(
    "fourcolour", title="Four Colour", aliases=("four colour", "four color", "map"),
    rule="colour each region with one of four colours; regions sharing an edge differ",
    clues=[layers.Rooms("regions"), layers.Numbers("given", lo=1, hi=4, what="a colour")],
    answers=[layers.Digits("colours", lo=1, hi=4, key="colour")],
    optional=("given",), sizes=(2, 30),
)


def _pairs(h: int, w: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Every pair of cells side by side."""
    return [((r, c), (r + dr, c + dc)) for r in range(h) for c in range(w)
            for dr, dc in ((0, 1), (1, 0)) if r + dr < h and c + dc < w]


@genre.model
def rules(p: Any, m: Any) -> None:
    """The rules of docs/genres/fourcolour.md, one block per sentence."""
    colour, eq, rooms = m.colours, m.eq, p.regions
    for a, b in m.deadline.paced(_pairs(p.height, p.width), 256):
        if rooms[a[0]][a[1]] == rooms[b[0]][b[1]]:
            # A region has one colour.
            with m.rule(f"the region {rooms[a[0]][a[1]]} has one colour: {a} and {b}", cells=[a, b]):
                for v in range(1, 5):
                    m.clause((~eq(colour[a], v), eq(colour[b], v)))
                    m.clause((eq(colour[a], v), ~eq(colour[b], v)))
        else:
            # Regions sharing an edge differ.
            names = f"{rooms[a[0]][a[1]]} and {rooms[b[0]][b[1]]}"
            with m.rule(f"the regions {names} share an edge at {a}-{b}: they differ", cells=[a, b]):
                for v in range(1, 5):
                    m.clause((~eq(colour[a], v), ~eq(colour[b], v)))
    # The given colours stay.
    for cell, k in p.clues("given"):
        with m.rule(f"the given colour {k} in {cell} stays", cells=[cell]):
            m.fix(eq(colour[cell], k))


@genre.verify
def check(p: Any, s: Any) -> list[str]:
    """Every broken rule, in words; read from the colours, never the model."""
    problems = []
    rooms, colours = p.regions, s.colours
    for a, b in _pairs(p.height, p.width):
        ca, cb = colours[a[0]][a[1]], colours[b[0]][b[1]]
        ra, rb = rooms[a[0]][a[1]], rooms[b[0]][b[1]]
        if ra == rb and ca != cb:
            problems.append(f"the region {ra} has two colours, {ca} at {a} and {cb} at {b}")
        if ra != rb and ca == cb:
            problems.append(f"the regions {ra} and {rb} share an edge at {a}-{b} and both are {ca}")
    for (r, c), k in p.clues("given"):
        if colours[r][c] != k:
            problems.append(f"the given colour {k} in {(r, c)} is {colours[r][c]}")
    return problems


def _regions(rng: _random.Random, h: int, w: int) -> list[list[int]]:
    """Regions grown from random seeds, about one for every six cells."""
    cells = [(r, c) for r in range(h) for c in range(w)]
    seeds = rng.sample(cells, max(2, len(cells) // 6))
    label = {cell: i for i, cell in enumerate(seeds)}
    edge = list(seeds)
    while edge:
        a = edge.pop(rng.randrange(len(edge)))
        for b in ((a[0] + 1, a[1]), (a[0] - 1, a[1]), (a[0], a[1] + 1), (a[0], a[1] - 1)):
            if 0 <= b[0] < h and 0 <= b[1] < w and b not in label:
                label[b] = label[a]
                edge.append(b)
    return [[label[(r, c)] for c in range(w)] for r in range(h)]


def _colour(rng: _random.Random, n: int, touching: dict[int, set[int]]) -> list[int] | None:
    """Four colours for the regions, none shared across an edge, or None. Backtracking over
    the regions in breadth-first order (each one beside some already coloured), within a
    budget of steps: a map that needs more is dropped for another."""
    order, seen = [0], {0}
    for i in order:
        for j in sorted(touching[i]):
            if j not in seen:
                seen.add(j)
                order.append(j)
    order += [i for i in range(n) if i not in seen]
    out = [0] * n
    budget = [20 * n]

    def fill(k: int) -> bool:
        if k == n:
            return True
        i = order[k]
        for v in rng.sample(range(1, 5), 4):
            budget[0] -= 1
            if budget[0] < 0:
                return False
            if all(out[j] != v for j in touching[i]):
                out[i] = v
                if fill(k + 1):
                    return True
        out[i] = 0
        return False

    return out if fill(0) else None


@genre.plant
def plant(rng: _random.Random, height: int, width: int) -> Any:
    """Random regions and a four-colouring of them. Two regions that touch differ, so the
    regions are the pieces of equal colour, and `reveal` reads them back from the colours."""
    while True:
        regions = _regions(rng, height, width)
        n = max(map(max, regions)) + 1
        touching: dict[int, set[int]] = {i: set() for i in range(n)}
        for a, b in _pairs(height, width):
            ra, rb = regions[a[0]][a[1]], regions[b[0]][b[1]]
            if ra != rb:
                touching[ra].add(rb)
                touching[rb].add(ra)
        colours = _colour(rng, n, touching)
        if colours is not None:
            return genre.Solution(tuple(tuple(colours[i] for i in row) for row in regions))


@genre.reveal
def reveal(solution: Any, height: int, width: int) -> Any:
    """The pieces of equal colour as regions, each region's colour given on its first cell."""
    regions = [[-1] * width for _ in range(height)]
    given: list[list[int | None]] = [[None] * width for _ in range(height)]
    alike: dict[int, list] = {}
    for r in range(height):
        for c in range(width):
            alike.setdefault(solution.colours[r][c], []).append((r, c))
    # numbered in reading order of their first cells (each piece is sorted)
    for count, piece in enumerate(sorted(p for cells in alike.values() for p in checks.pieces(cells))):
        (r, c) = piece[0]
        given[r][c] = solution.colours[r][c]
        for a, b in piece:
            regions[a][b] = count
    labels = [[_label(i) for i in row] for row in regions]
    return genre.Puzzle(height, width, regions=labels, given=given)


def _label(i: int) -> str:
    """A region's label: A..Z, then AA, AB, ..."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return letters[i] if i < 26 else letters[i // 26 - 1] + letters[i % 26]


genre.export(globals())
