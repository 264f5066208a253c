"""Star Battle: N stars in every row, column and region, no two touching, corners included.
A cell may be in no region (``.``: outside the board's shape, or blocked): it holds no star,
and its row and column still hold N.

Queens is its one-star case: both genres call the same rules (`puzzlekit.board.stars`), and a
Queens file, which has no ``stars:`` line, reads here as a one-star Star Battle.
"""

from __future__ import annotations

import random

from ...board import Genre, layers, places, stars
from ...board.starsearch import other_spread, shrink

STAR = "★"

genre = Genre(
    "starbattle", aliases=("star battle", "two not touch"), title="Star Battle",
    rule="N stars in every row, column and region; no two stars touch, not even diagonally",
    clues=[stars.Count(), layers.Rooms("regions", holes=True)],
    # a cell in no region has no star variable: the player cannot place one there either
    answers=[layers.Objects("stars", key="star", absent="no_stars", mark=STAR, noun="star",
                            off="regions")],
    # every region label is shown: a cell in no region is a given shape, never a hidden clue
    optional=(), sizes=(4, 30),
)


@genre.extend
class Puzzle(genre.Puzzle):
    """The stars per line and region (``count``: a ``stars:`` line, 1 when left out) and the
    regions, a label per cell (None, ``.`` in a file: a cell in no region), on a square grid."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.height != self.width:
            raise places.invalid(("regions",), f"the grid must be square: {self.height} rows of "
                                 f"{self.width} cells")

    def rooms(self) -> dict[str, list[tuple[int, int]]]:
        """The cells of each region by label, labels in order of first appearance."""
        return layers.Rooms.rooms(self.regions)

    def holes(self) -> frozenset[tuple[int, int]]:
        """The cells in no region (outside the board's shape, or blocked): no star goes there."""
        return frozenset((r, c) for r, row in enumerate(self.regions) for c, v in enumerate(row) if v is None)


@genre.model
def rules(p, m):
    # N stars in every row, column and region; no two touch (the rules Queens calls too). A
    # cell in no region has no variable, so it holds no star, and its row and column count
    # their N among the other cells.
    stars.spread(m, m.stars, p.rooms(), p.count, "star")


@genre.verify
def check(p, s):
    n = p.height
    inside = {(r, c) for r, c in s.stars if 0 <= r < n and 0 <= c < n}
    for r, c in sorted(inside & p.holes()):
        yield f"a star at {[r, c]} stands on a cell in no region"
    yield from stars.spread_problems(inside, p.rooms(), n, n, p.count, "star")


def stars_for(n: int) -> int:
    """The stars per line a generated n x n puzzle takes: 1 up to 7, 2 up to 12, then 3."""
    return 1 if n < 8 else 2 if n < 13 else 3


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """Stars apart, regions grown around them, then border cells handed to a neighbouring
    region until no second answer turns up (each hand-over takes a cell where one puts a star).
    The second answers come from `other_spread`, a search of Star Battle's own; a unique plant
    then has its smallest regions shrunk (`shrink`) while it stays unique, from side 9 on: below,
    plants are easy enough and shrinking them left only the easiest levels."""
    if height != width:
        raise ValueError(f"a Star Battle grid is square, not {height}x{width}")
    n, k = height, stars_for(height)
    for _ in range(20):  # a plant whose hand-overs run out is planted afresh: it has no unique puzzle
        placed, owner = stars.star_regions(rng, n, k)
        answer = genre.Solution(stars=frozenset(placed))
        for _ in range(10 * n):
            found = other_spread(n, k, owner, answer.stars)
            if found is None or not stars.hand_over(rng, owner, sorted(found - answer.stars), set(placed)):
                break
        if found is None:
            shrink(rng, owner, placed, n, k, steps=max(0, 10 * (n - 8)))  # smaller sides stay varied
            break
    object.__setattr__(answer, "planted_regions", _puzzle(owner, n, k).regions)
    return answer


def _puzzle(owner: dict, n: int, k: int):
    rows = [[stars.label(owner[(r, c)]) for c in range(n)] for r in range(n)]
    return genre.Puzzle(n, n, count=k, regions=rows)


@genre.reveal
def reveal(solution, h: int, w: int):
    """The regions the planter grew; the stars per line are those of every row."""
    return genre.Puzzle(h, w, count=len(solution.stars) // h, regions=solution.planted_regions)


#: What was measured of the generator (``python -m benchmarks.levels --genres starbattle --sizes
#: 6,8,10 --seeds 20 --first-miss``, docs/genres/starbattle.md): the sides asked, and per level the
#: sides where at least 95% of the requests came back at it (6x6 ``chain``: 19 of 20).
SIDES = (6, 8, 10)
RELIABLE = {"scan": (6,), "pairs": (6, 8), "trial": (6, 8), "chain": (6, 8, 10), "deep": (8, 10)}

genre.export(globals())
