"""The levels each generator makes reliably, and the refusal of the others.

``python -m benchmarks.levels`` asks each generator for each level at a few square sizes and
counts the requests that came back at that level (docs/generating.md, "Levels made", has the
table). A level is offered at a size when at least 95% of the requests came back at it at
the nearest size measured: the largest one not above the size asked, or the smallest one
for smaller grids (they are quick to try, and a miss there is the documented downgrade). A
request for a level not offered is refused up front with what was measured, instead of
planting solution after solution for a puzzle that rarely turns up; ``nearest=True`` tries
anyway and returns the nearest level found, with a note (the documented downgrade).

The measurements are the recipe's own (`recipes`): ``SIDES``, the sides of the square grids
measured, and ``RELIABLE``, per level the sides at which at least 95% of the requests came
back at it (a genre made with the genre kit declares them in its module). A recipe without
them offers no level.
"""

from __future__ import annotations

from typing import Any

from puzzlekit import ladder

from .recipes import recipe


class NotOffered(ValueError):
    """A level the generator does not make reliably at the size asked."""


def _nearest(rec: Any, height: int, width: int) -> int | None:
    """The side measured whose levels stand for this size (see the module docstring)."""
    sides = getattr(rec, "SIDES", ())
    if not sides:
        return None
    cells = height * width
    below = [s for s in sides if s * s <= cells]
    return max(below) if below else min(sides)


def offered(genre: Any, height: int, width: int) -> tuple[str, ...]:
    """The levels the genre's generator makes reliably at this size, easiest first (``genre``:
    a name, an alias or a recipe)."""
    rec = recipe(genre) if isinstance(genre, str) else genre
    side = _nearest(rec, height, width)
    table = getattr(rec, "RELIABLE", {})
    return tuple(level.name for level in ladder.LEVELS if side in table.get(level.name, ()))


def check(rec: Any, rank: int, height: int, width: int) -> None:
    """Refuse a level not offered at this size by a recipe (`NotOffered`), saying what is."""
    name = ladder.LEVELS[rank].name
    genre = rec.NAME
    made = offered(rec, height, width)
    if name in made:
        return
    size = f"{height}x{width}"
    side = _nearest(rec, height, width)
    why = (f"at {side}x{side}, the nearest size measured, fewer than 95% of the requests came back at "
           "that level" if side is not None else "it was not measured")
    elsewhere = getattr(rec, "RELIABLE", {}).get(name, ())
    if elsewhere:
        why += f" (it is made reliably at {', '.join(f'{s}x{s}' for s in elsewhere)})"
    offer = f"levels made at {size}: {', '.join(made)}" if made else f"no level is offered at {size}"
    raise NotOffered(
        f"{genre} puzzles of level {name!r} are not offered at {size}: {why}; {offer}. "
        "Ask for one of those, or for the nearest level found (nearest=True, --nearest)"
    )
