"""Double Choco: divide the grid into regions, each a white half and a grey half of one shape
(turned or mirrored); a number is the size of the half it stands in.

The model lists the regions that fit the colours and numbers (`blocks.twin_regions`: a white
piece and a grey copy beside it) and chooses among them, a rule per cell and per pair of
cells, so the ladder deduces region by region; where they are too many to list (`CAP`), the
halves are paired cell by cell (`blocks.twin_halves`), exact but too wide for the ladder."""

from __future__ import annotations

import itertools
import random

from ...board import Genre, blocks, layers, regions
from ...board.blocks import TURNS, congruent, placed_twins, turned, twin_halves, twin_problems, twin_regions
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
    yield from regions.split_joins(s.regions, p.height, p.width)
    yield from twin_problems(parts(s.regions, p.height, p.width), grey_cells(p), sizes(p))


def _piece(rng: random.Random, start, free: set, k: int) -> list:
    piece = [start]
    while len(piece) < k:
        near = [(r + dr, c + dc) for r, c in piece for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                if (r + dr, c + dc) in free and (r + dr, c + dc) not in piece]
        if not near:
            break
        piece.append(rng.choice(near))
    return piece


def _twin(rng: random.Random, piece: list, free: set) -> list | None:
    """A turned copy of the piece on free cells beside it, or None."""
    rest = free - set(piece)
    steps = ((0, 1), (1, 0), (0, -1), (-1, 0))
    near = {(r + e, c + f) for r, c in piece for e, f in steps} & rest
    options = set()
    for k in range(len(TURNS)):
        shape = [turned(k, r, c) for r, c in piece]
        for (r, c), (a, b) in itertools.product(near, shape):  # a copy cell on a cell beside
            copy = tuple(sorted((x + r - a, y + c - b) for x, y in shape))
            if all(x in rest for x in copy):
                options.add(copy)
    return list(rng.choice(sorted(options))) if options else None


def _lay(rng: random.Random, height: int, width: int) -> list[list] | None:
    """Regions laid one at a time over the first free cell: a random piece and a copy beside
    it; where none fits, the last few regions are lifted and laid again."""
    free = {(r, c) for r in range(height) for c in range(width)}
    laid: list[list] = []
    stuck = 0  # dead ends met: each lifts more regions, so a bad start is undone too
    for _ in range(100 * height * width):
        if not free:
            return laid
        start = min(free)
        for _ in range(20):
            piece = _piece(rng, start, free, rng.choice((1, 2, 2, 3, 3, 4, 5)))
            twin = _twin(rng, piece, free)
            if twin:
                laid.append(piece + twin)
                free -= set(piece) | set(twin)
                break
        else:  # a dead end (a pocket no region fills): lift the last regions
            stuck += 1
            for _ in range(min(len(laid), rng.randint(1, 2 + stuck // 8))):
                free |= set(laid.pop())
    return None


def _forced(cells: list, options: list[frozenset]) -> bool:
    """Whether the options cover the cells by force: again and again some cell has one
    option left, taken (then the division is unique and the model's rules alone find it)."""
    free, left = set(cells), list(options)
    while free:
        holding: dict = {x: [] for x in free}
        for option in left:
            for x in option:
                holding[x].append(option)
        only = min(holding.values(), key=len)
        if len(only) != 1:
            return False
        free -= only[0]
        left = [option for option in left if option.isdisjoint(only[0])]
    return True


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """A division (`_lay`) that every half numbered forces, region by region: most random
    ones at 10x10 have another (halves of one size swapping partners), which no clue the
    generator may add rules out, or need more than the rules to be found."""
    if height * width < 2 or height * width % 2:
        raise ValueError(f"a {height}x{width} grid holds no division into regions of two halves "
                         "(its cells are too few or odd in number)")
    cells = [(r, c) for r in range(height) for c in range(width)]
    pairs = layers.Lines().pairs(height, width)
    for _ in range(200):
        laid = _lay(rng, height, width)
        if laid is None:
            continue
        owner = {x: i for i, region in enumerate(laid) for x in region}
        solution = genre.Solution(regions=frozenset((a, b) for a, b in pairs if owner[a] == owner[b]))
        p = reveal(solution, height, width)
        options = twin_regions(cells, grey_cells(p), sizes(p), most(p), CAP, kept=False)
        if options is None or _forced(cells, options):  # None: too many to tell
            return solution
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


#: What `python -m benchmarks.levels --genres doublechoco --sizes 6,8 --first-miss` measured:
#: rules and pairs 20 of 20 at 6x6 (medians 1.8 s and 9.6 s on a busy machine) and at 8x8
#: (5.5 s and 14.6 s); scan missed at once, trial took minutes. At 10x10 rules missed the
#: 19th seed (docs/genres/doublechoco.md).
SIDES = (6, 8)
RELIABLE = {"rules": (6, 8), "pairs": (6, 8)}

genre.export(globals())
