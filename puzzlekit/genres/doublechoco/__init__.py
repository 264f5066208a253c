"""Double Choco: divide the grid into regions, each a white half and a grey half of one shape
(turned or mirrored); a number is the size of the half it stands in.

The model lists the regions that fit the colours and numbers (`blocks.twin_regions`: a white
piece and a grey copy beside it) and chooses among them, a rule per cell and per pair of
cells, so the ladder deduces region by region; where they are too many to list (`CAP`), the
halves are paired cell by cell (`blocks.twin_halves`), exact but too wide for the ladder."""

from __future__ import annotations

import functools
import itertools
import random

from ...board import Genre, blocks, layers, regions, twinlay
from ...board.blocks import congruent, placed_twins, twin_halves, twin_problems, twin_regions
from ...board.regions import Regions, parts

GREY = "g"

genre = Genre(
    "doublechoco", aliases=("dbchoco", "double choco"), title="Double Choco",
    rule="divide into regions of a white and a grey half of one shape; a number is its half's size",
    clues=[layers.Symbols("colours", {GREY: "grey"}, what="a grey cell"),
           layers.Numbers("numbers", lo=1, hi=999, unknown=True)],
    answers=[Regions("regions")],
    optional=("numbers",),
)


def grey_cells(p) -> set:
    return {cell for cell, _ in p.clues("colours")}


def sizes(p) -> dict:
    return {cell: k for cell, k in p.clues("numbers") if isinstance(k, int)}


#: The largest half the model takes, unless a larger number is given (the generator's halves
#: have at most 5 cells).
MOST = 8


#: The most regions the model lists (each a choice); beyond, the halves are paired cell by cell.
CAP = 20000


def most(p) -> int:
    return max([MOST, *sizes(p).values()])


@genre.model
def rules(p, m):
    rule = "divide the grid into regions of two halves alike"
    options = twin_regions(m.cells(), grey_cells(p), sizes(p), min(most(p), p.height * p.width // 2), CAP)
    if options is None:  # too many regions to list: halves paired cell by cell
        twin_halves(m, m.regions, grey_cells(p), rule, sizes(p), most(p))
    else:
        placed_twins(m, m.regions, options, rule)


@genre.verify
def check(p, s):
    joins, grey = frozenset(s.regions), frozenset(grey_cells(p))
    split, shapes, halves = _division(joins, p.height, p.width, grey)
    yield from split
    if shapes:  # every problem, in the order the check library gives them
        yield from twin_problems(parts(joins, p.height, p.width), grey, sizes(p))
        return
    given = sizes(p)
    for cell, n in halves:
        if cell in given and given[cell] != n:
            yield f"the {given[cell]} at {cell} is in a half of {n} cells"


@functools.lru_cache(maxsize=8)
def _division(joins: frozenset, h: int, w: int, grey: frozenset) -> tuple[list, list, list]:
    """A division's problems that no number bears on, and each cell with its half's size (in
    the check library's order): the generator checks one division against each number alone,
    hundreds of times per puzzle, and reading its halves was most of that."""
    found = parts(joins, h, w)
    shapes = twin_problems(found, grey, {})
    halves = [(cell, len(piece)) for part in found for side in blocks.halves_of(part, grey)
              for piece in side for cell in piece] if not shapes else []
    return regions.split_joins(joins, h, w), shapes, halves


#: How many times a planted division is mended (its regions where the numbers leave a choice
#: lifted and laid again) before a new one is laid.
MENDS = 40

#: The reveal starts from a random half of the numbers: a question with few numbers shown
#: lists thousands of regions (seconds for the counterexample finder).
HEAD_START = 0.5
#: From 10x10 the ladder's grade with ``cpsat`` proves a puzzle unique: the search seldom
#: finishes within its seconds there.
SEARCH_PROOF_CELLS = 100


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """A division (`twinlay.lay`) that every half numbered forces, region by region: most random
    ones at 10x10 have another (halves of one size swapping partners), which no clue the
    generator may add rules out, or need more than the rules to be found. Where the numbers
    leave a choice, the regions there are lifted and laid again."""
    if height * width < 2 or height * width % 2:
        raise ValueError(f"a {height}x{width} grid holds no division into regions of two halves "
                         "(its cells are too few or odd in number)")
    cells = [(r, c) for r in range(height) for c in range(width)]
    pairs = layers.Lines().pairs(height, width)
    for _ in range(200):
        laid = twinlay.lay(rng, height, width)
        for mended in range(MENDS + 1):  # the last mend is checked too
            if laid is None:
                break
            owner = {x: i for i, region in enumerate(laid) for x in region}
            solution = genre.Solution(regions=frozenset((a, b) for a, b in pairs if owner[a] == owner[b]))
            p = reveal(solution, height, width)
            options = twin_regions(cells, grey_cells(p), sizes(p), most(p), CAP, kept=False)
            if options is None:  # too many to tell
                return solution
            loose = twinlay.unforced(cells, options)
            if not loose:
                return solution
            if mended == MENDS:
                break
            kept = [region for region in laid if loose.isdisjoint(region)]
            lifted = {x for region in laid if not loose.isdisjoint(region) for x in region}
            laid = twinlay.fill(rng, loose | lifted, kept, 10 * height * width)
    raise ValueError(f"no division of a {height}x{width} grid into regions of two halves found")


def _split(part: list) -> tuple[list, list]:
    """Two connected halves of one shape, the first holding the region's first cell."""
    first, rest, k = part[0], part[1:], len(part) // 2
    for others in itertools.combinations(rest, k - 1):
        one = [first, *others]
        two = [x for x in part if x not in one]
        if blocks.one_piece(one) and blocks.one_piece(two) and congruent(one, two):
            return one, two
    raise ValueError(f"the region at {first} has no two halves of one shape")


@genre.reveal
def reveal(solution, h: int, w: int):
    """Each region split into halves (its first cell white in every other region), every
    half numbered."""
    colours = [[None] * w for _ in range(h)]
    numbers = [[None] * w for _ in range(h)]
    for i, part in enumerate(parts(solution.regions, h, w)):
        one, two = _split(part)
        white, dark = (one, two) if i % 2 == 0 else (two, one)
        for r, c in dark:
            colours[r][c] = GREY
        for half in (white, dark):
            r, c = half[len(half) // 2]
            numbers[r][c] = len(half)
    return genre.Puzzle(h, w, colours=colours, numbers=numbers)


#: The levels measured to be reached every time (20 of 20 seeds, `python -m benchmarks.levels
#: --first-miss`); the figures are in docs/genres/doublechoco.md.
SIDES = (6, 8, 10)
RELIABLE = {"rules": (6, 8, 10), "pairs": (6, 8, 10)}

genre.export(globals())
