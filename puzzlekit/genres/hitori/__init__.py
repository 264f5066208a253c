"""Hitori (Singles): shade cells so no number stands twice in a row or column among the
unshaded ones; no two shaded cells side by side; the unshaded cells one connected group."""

from __future__ import annotations

import random

from ...board import Genre, checks, layers
from ...board.shading_rules import other_answer, plant_apart, text_grid, unique_per_line

genre = Genre(
    "hitori", aliases=("singles",), title="Hitori",
    rule="shade repeated numbers away; no two shaded cells touch; the unshaded cells stay connected",
    clues=[layers.Numbers("numbers", lo=1, hi=99, every=True, what="a number")],
    answers=[layers.Shading("shaded")],
)


@genre.model
def rules(p, m):
    shaded = m.shaded
    unshaded = {cell: ~lit for cell, lit in shaded.items()}
    values = {(r, c): v for r, row in enumerate(p.numbers) for c, v in enumerate(row)}
    unique_per_line(m, values, unshaded)
    m.no_two_adjacent(shaded, "no two shaded cells side by side")
    m.connected_cells(unshaded, "the unshaded cells form one connected group", key="open")


@genre.verify
def check(p, s):
    h, w = p.height, p.width
    unshaded = {(r, c): p.numbers[r][c] for r in range(h) for c in range(w) if (r, c) not in s.shaded}
    lines = [[(r, c) for c in range(w)] for r in range(h)] + [[(r, c) for r in range(h)] for c in range(w)]
    yield from checks.repeats(unshaded, lines, "the unshaded number")
    yield from checks.no_two_adjacent(s.shaded, "shaded cells")
    yield from checks.connected(unshaded, "unshaded cells")


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """A Latin square's numbers and as many cells shaded apart as fit; each shaded cell takes a
    number an unshaded cell of its row or column holds, then, while another answer fits, a
    shaded cell that answer leaves unshaded takes one of that answer's unshaded numbers."""
    n = max(height, width)
    rows, cols, symbols = list(range(n)), list(range(n)), list(range(1, n + 1))
    for items in (rows, cols, symbols):
        rng.shuffle(items)
    numbers = [[symbols[(rows[r] + cols[c]) % n] for c in range(width)] for r in range(height)]
    shaded = plant_apart(rng, height, width, 1.0)
    for cell in sorted(shaded):
        numbers[cell[0]][cell[1]] = _repeat(rng, numbers, cell, shaded, shaded)
    for _ in range(4 * n):
        other = _another_answer(genre.Puzzle(height, width, numbers=numbers), shaded)
        if other is None:
            break
        cells = sorted(shaded - other)
        if not cells:
            break
        r, c = cell = rng.choice(cells)
        numbers[r][c] = _repeat(rng, numbers, cell, other, shaded)
    solution = genre.Solution(shaded=shaded)
    # the numbers are the board, not the answer: they ride along (outside the fields, so they
    # never change what the solution equals) for `reveal` to show
    object.__setattr__(solution, "planted_numbers", tuple(map(tuple, numbers)))
    return solution


def _repeat(rng: random.Random, numbers: list[list[int]], cell: tuple[int, int], shaded: frozenset,
            planted: frozenset) -> int:
    """A number for a shaded cell that an unshaded cell of its line holds (unshaded in
    ``shaded``), one the planted answer repeats too where there is one."""
    r, c = cell
    line = [(r, x) for x in range(len(numbers[0]))] + [(y, c) for y in range(len(numbers))]
    seen = {numbers[y][x] for y, x in line if (y, x) not in shaded and (y, x) != cell}
    kept = {numbers[y][x] for y, x in line if (y, x) not in planted}
    return rng.choice(sorted(seen & kept or seen or {numbers[r][c]}))


def _another_answer(puzzle, shaded: frozenset) -> frozenset | None:
    found = other_answer(genre.build(puzzle), genre.answer_of(puzzle, genre.Solution(shaded=shaded)))
    return None if found is None else frozenset((k[1], k[2]) for k, v in found.items() if v)


@genre.reveal
def reveal(solution, h: int, w: int):
    return genre.Puzzle(h, w, numbers=solution.planted_numbers)


#: What was measured of the generator (``python -m benchmarks.levels --sizes 5,7 --seeds 8``):
#: the sides of the square grids asked, and per level the sides at which every request came
#: back at that level (`puzzlekit.generate.reach` offers those levels at and near them).
SIDES = (5, 7)
RELIABLE = {"lines": (5, 7), "chain": (5, 7)}

genre.export(globals())


def render(puzzle, solution=None) -> str:
    """The grid as text, numbers right-aligned in columns, ``#`` for a shaded cell."""
    return text_grid(puzzle.numbers, solution.shaded if solution is not None else ())
