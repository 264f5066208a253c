"""Ripple Effect (Hakyuu): a room of n cells holds 1..n once each; two equal digits k in one
row or column stand more than k cells apart; the given digits stay."""

from __future__ import annotations

import random
from typing import Any

from ...board import Genre, layers
from ...board import numbers as nb

genre = Genre(
    "ripple", aliases=("ripple effect", "hakyuu"), title="Ripple Effect",
    rule="a room of n cells holds 1-n once; equal digits k in a row or column stand more than k apart",
    clues=[layers.Numbers("givens", lo=1, hi=99), layers.Rooms("rooms")],
    answers=[layers.RoomDigits("digits", rooms="rooms")],
    optional=("givens",), sizes=(2, 60),
)


@genre.extend
class Puzzle(genre.Puzzle):
    def __post_init__(self) -> None:
        super().__post_init__()
        nb.check_room_givens(self)

    def room_cells(self) -> dict[str, list[tuple[int, int]]]:
        """Each room's cells, by label."""
        return layers.Rooms.rooms(self.rooms)


@genre.model
def rules(p: Any, m: Any) -> None:
    nb.once_per_room(m, m.digits, p.room_cells())
    nb.ripple(m, m.digits, p.height, p.width, nb.room_sizes(p.room_cells()))
    nb.given_rules(m, m.digits, p.clues("givens"))


@genre.verify
def check(p: Any, s: Any) -> Any:
    yield from nb.given_problems(p.clues("givens"), s.digits)
    yield from nb.room_problems(s.digits, p.room_cells())
    yield from nb.ripple_problems(s.digits)


#: The room sizes the planter draws from (few rooms of one cell: two of them may not touch).
GOALS = (1, 2, 3, 3, 4, 4, 5, 5)


@genre.plant
def plant(rng: random.Random, height: int, width: int) -> Any:
    """Random rooms of `GOALS` cells and their digits."""
    return nb.planted_rooms(genre, rng, height, width, GOALS, nb.ripple_reach)


@genre.reveal
def reveal(solution: Any, h: int, w: int) -> Any:
    """The rooms the planter drew, every digit given."""
    return genre.Puzzle(h, w, givens=solution.digits, rooms=solution.planted_rooms)


# what was measured of the generator (``python -m benchmarks.levels --genres ripple --sizes
# 6,10 --seeds 4 --first-miss``): the square sides measured, and per level the sides where
# every request came back at it; a 10x10 puzzle takes about two seconds
SIDES = (6, 10)
RELIABLE = {"rules": (6, 10), "trial": (6, 10), "chain": (6, 10)}

genre.export(globals())
