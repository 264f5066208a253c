"""Stars spread over a grid (Star Battle, and Queens, its one-star case) and shaded cells that
pair off into dominoes (Norinori): the rules as model blocks, and again as plain checks.

Star Battle and Queens share one engine: both genres call `spread` in their model and
`spread_problems` in their checks, so the rules (and their words) are written once.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..grid import Cell
from . import checks
from .regions import Size


class Count(Size):
    """The stars per row, column and region (Star Battle): a whole number on an optional header
    line (``stars: 2``), 1 when left out. The field has its own name (the answer is ``stars``).
    The generator keeps it as one entry, always shown, so a puzzle it rebuilds keeps its count."""

    def __init__(self, name: str = "count", label: str = "stars", hi: int = 9):
        super().__init__(name, default=1, lo=1, hi=hi, what="a star count")
        self.label = label

    def entries(self, value: int) -> list[tuple[int, Any]]:
        return [(0, value)]

    def with_entries(self, height: int, width: int, entries: Iterable[tuple[int, Any]]) -> int:
        return next((v for _, v in entries), self.default)


def how_many(k: int, noun: str) -> str:
    """``one queen``, ``2 stars``: a count and its noun (``noun`` is the singular)."""
    return f"one {noun}" if k == 1 else f"{k} {noun}s"


def spread(m: Any, lits: Mapping[Cell, Any], regions: Mapping[str, Sequence[Cell]], k: int,
           noun: str) -> None:
    """``k`` of the literals true in every row, every column and every region, and no two true
    ones touching, corners included (``noun``: what a true literal is, for the rule tags)."""
    held = how_many(k, noun)
    for r, row in enumerate(m.rows()):
        m.count_in(k, lits, row, f"row {r} holds {held}")
    for c, column in enumerate(m.columns()):
        m.count_in(k, lits, column, f"column {c} holds {held}")
    for label, cells in regions.items():
        m.count_in(k, lits, cells, f"region {label} holds {held}")
    m.no_two_touching(lits, f"{noun}s never touch")


def spread_problems(placed: Iterable[Cell], regions: Mapping[str, Sequence[Cell]], height: int,
                    width: int, k: int, noun: str) -> list[str]:
    """The checks of `spread` on the placed cells (inside the grid): each row, column and region
    holding other than ``k``, and each pair touching."""
    placed = set(placed)
    problems = []
    per_row = Counter(r for r, _ in placed)
    per_col = Counter(c for _, c in placed)
    for r in range(height):
        if per_row[r] != k:
            problems.append(f"row {r} holds {per_row[r]} {noun}s, expected {k}")
    for c in range(width):
        if per_col[c] != k:
            problems.append(f"column {c} holds {per_col[c]} {noun}s, expected {k}")
    owner = {cell: label for label, cells in regions.items() for cell in cells}
    per_region = Counter(owner.get(cell) for cell in placed)
    for label in regions:
        if per_region[label] != k:
            problems.append(f"region {label} holds {per_region[label]} {noun}s, expected {k}")
    touching = checks.touching_pairs(placed, diagonal=True)
    return problems + [f"{noun}s at {list(a)} and {list(b)} touch" for a, b in touching]


def random_spread(rng: random.Random, n: int, k: int, tries: int = 200) -> list[Cell] | None:
    """``k`` cells in every row and column of an n x n grid, none touching, at random (None when
    none was found): row by row, each row's columns apart and clear of the row above."""
    for _ in range(tries):
        per_col: Counter[int] = Counter()
        above: set[int] = set()
        out: list[Cell] = []
        for r in range(n):
            left = n - r  # rows left, this one included: a column may not fall behind
            need = [c for c in range(n) if per_col[c] + left == k]
            free = [c for c in range(n) if per_col[c] < k and not {c - 1, c, c + 1} & above]
            row = _pick(rng, free, need, k)
            if row is None:
                break
            out += [(r, c) for c in row]
            per_col.update(row)
            above = set(row)
        else:
            return out
    return None


def _pick(rng: random.Random, free: list[int], need: list[int], k: int) -> list[int] | None:
    """``k`` columns from ``free``, two apart or more, every one of ``need`` among them."""
    if any(c not in free for c in need):
        return None
    for _ in range(50):
        row = sorted(need)
        for c in rng.sample(free, len(free)):
            if len(row) < k and c not in row and all(abs(c - x) > 1 for x in row):
                row.append(c)
        if len(row) == k and all(abs(a - b) > 1 for a in row for b in row if a != b):
            return sorted(row)
    return None


def grow_regions(rng: random.Random, height: int, width: int,
                 seeds: Sequence[Sequence[Cell]]) -> dict[Cell, int]:
    """Regions grown from their seed cells by random steps until they fill the grid: each
    cell's region (the index of its seeds in ``seeds``)."""
    owner = {cell: i for i, group in enumerate(seeds) for cell in group}
    frontier = list(owner.items())
    while len(owner) < height * width and frontier:
        i = rng.randrange(len(frontier))
        (r, c), k = frontier[i]
        free = [x for x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                if 0 <= x[0] < height and 0 <= x[1] < width and x not in owner]
        if not free:
            frontier[i] = frontier[-1]
            frontier.pop()
            continue
        nxt = rng.choice(free)
        owner[nxt] = k
        frontier.append((nxt, k))
    return owner


def label(i: int) -> str:
    """A region's label: A..Z, a..z, then two letters."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    return letters[i] if i < len(letters) else letters[i // len(letters) - 1] + letters[i % len(letters)]


def star_regions(rng: random.Random, n: int, k: int, tries: int = 100) -> tuple[list[Cell], dict[Cell, int]]:
    """``k`` stars per row and column of an n x n grid, none touching, and n connected regions of
    ``k`` stars each: a small region grown around each star, then neighbouring ones joined ``k``
    at a time. Each cell's region is an index 0..n-1."""
    for _ in range(tries):
        placed = random_spread(rng, n, k)
        if placed is None:
            continue
        small = grow_regions(rng, n, n, [[cell] for cell in placed])
        group = _join(rng, small, k)
        if group is not None:
            return placed, {cell: group[i] for cell, i in small.items()}
    raise ValueError(f"no {k}-star placement with regions found on a {n}x{n} grid")


def _join(rng: random.Random, small: dict[Cell, int], k: int) -> dict[int, int] | None:
    """Groups of ``k`` neighbouring small regions (small region -> group), or None when the
    greedy joining strands one: the one with the fewest free neighbours goes first."""
    near: dict[int, set[int]] = {i: set() for i in set(small.values())}
    for (r, c), i in small.items():
        for x in ((r + 1, c), (r, c + 1)):
            j = small.get(x)
            if j is not None and j != i:
                near[i].add(j)
                near[j].add(i)
    group: dict[int, int] = {}
    while len(group) < len(near):
        def free(i: int) -> int:
            return sum(j not in group for j in near[i])
        first = min((i for i in near if i not in group), key=lambda i: (free(i), rng.random()))
        members = [first]
        group[first] = len(group) // k
        while len(members) < k:
            options = [j for i in members for j in near[i] if j not in group]
            if not options:
                return None
            nxt = min(options, key=lambda j: (free(j), rng.random()))
            members.append(nxt)
            group[nxt] = group[first]
    return group


def hand_over(rng: random.Random, owner: dict[Cell, int], spots: Sequence[Cell], keep: set[Cell]) -> bool:
    """One of the spots handed from its region to a neighbouring one, with the cells between it
    and that region (never one of ``keep``, the planted stars), and any piece of its region
    the run cuts off from the stars; False when no spot can be. The region keeps its stars and
    stays one piece, so the planted answer still holds, and an answer with a star on the spot
    now has one too many in the region it went to."""
    for spot in rng.sample(list(spots), len(spots)):
        mine = owner[spot]
        before: dict[Cell, Cell | None] = {spot: None}
        todo = [spot]
        while todo:
            here = todo.pop(0)
            others = sorted({owner[x] for x in _near(here) if x in owner} - {mine})
            if others:
                moved = _run(owner, before, here, mine, keep)
                if moved is not None:
                    target = rng.choice(others)
                    for cell in moved:
                        owner[cell] = target
                    return True
                break
            for x in _near(here):
                if x not in before and x not in keep and owner.get(x) == mine:
                    before[x] = here
                    todo.append(x)
    return False


def _near(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return (r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)


def _run(owner: dict[Cell, int], before: dict[Cell, Cell | None], end: Cell, mine: int,
         keep: set[Cell]) -> set[Cell] | None:
    """The run from ``end`` back to its start, with the pieces of the region it cuts off that
    hold no star; None when the stars left would lie in more than one piece."""
    run: set[Cell] = set()
    at: Cell | None = end
    while at is not None:
        run.add(at)
        at = before[at]
    rest = {cell for cell, i in owner.items() if i == mine and cell not in run}
    pieces = [set(piece) for piece in checks.pieces(rest)]
    starred = [piece for piece in pieces if piece & keep]
    if len(starred) != 1:
        return None
    return run.union(*(piece for piece in pieces if not piece & keep))


# dominoes -----------------------------------------------------------------------------------


def dominoes(m: Any, lits: Mapping[Cell, Any], rule: str) -> None:
    """Every true literal has exactly one true orthogonal neighbour: the true cells pair off
    into dominoes that never touch side by side."""
    for cell in m.deadline.paced(list(m.cells()), 256):
        near = [lits[x] for x in m.neighbours(cell) if x in lits]
        with m.rule(f"{rule}: the cell {cell}", cells=[cell, *m.neighbours(cell)]):
            m.clause((~lits[cell], *near))
            for i, a in enumerate(near):
                for b in near[i + 1:]:
                    m.clause((~lits[cell], ~a, ~b))


def domino_problems(cells: Iterable[Cell], what: str) -> list[str]:
    """Each of the cells with no neighbour among them, or with more than one."""
    cells = set(cells)
    out = []
    for r, c in sorted(cells):
        k = sum((r + dr, c + dc) in cells for dr, dc in checks.STEPS)
        if k != 1:
            out.append(f"the {what} cell {(r, c)} has {k} {what} neighbours, not 1")
    return out
