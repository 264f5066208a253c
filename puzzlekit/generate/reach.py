"""The levels each generator makes reliably, and the refusal of the others.

``python -m benchmarks.levels`` asks each generator for each level at a few square sizes and
counts the requests that came back at that level (docs/generating.md, "Levels made", has the
table). A level is offered at a size when at least 95% of the requests came back at it at
the nearest size measured: the largest one not above the size asked, or the smallest one
for smaller grids (they are quick to try, and a miss there is the documented downgrade). A
request for a level not offered is refused up front with what was measured, instead of
planting solution after solution for a puzzle that rarely turns up; ``nearest=True`` tries
anyway and returns the nearest level found, with a note (the documented downgrade).
"""

from __future__ import annotations

from puzzlekit import ladder

#: Per genre: the sides of the square grids measured.
SIDES: dict[str, tuple[int, ...]] = {
    "sudoku": (9, 12), "masyu": (6, 10), "slitherlink": (5, 8), "tents": (6, 10), "hashi": (6, 10),
    "nonogram": (6, 10), "queens": (6, 8, 11), "tracks": (6, 8), "zip": (5, 6, 7),
    "patches": (5, 8), "numberlink": (6, 8), "wend": (5, 7), "swend": (5, 7),
}
#: Per genre and level: the sides at which at least 95% of the requests came back at it.
RELIABLE: dict[str, dict[str, tuple[int, ...]]] = {
    "sudoku": {"scan": (9, 12), "rules": (9, 12), "pairs": (9, 12), "trial": (9, 12), "chain": (9, 12)},
    "masyu": {"scan": (6, 10), "rules": (6, 10), "pairs": (6, 10), "lines": (6, 10), "chain": (6, 10)},
    "slitherlink": {"rules": (5, 8), "pairs": (5, 8), "trial": (5, 8), "lines": (5, 8), "chain": (5, 8)},
    "tents": {"scan": (6, 10), "rules": (6, 10), "pairs": (10,), "trial": (10,), "chain": (10,)},
    "hashi": {"rules": (6, 10), "pairs": (6, 10), "chain": (6, 10)},
    "nonogram": {"rules": (6, 10)},
    "queens": {
        "scan": (6, 8, 11), "rules": (6, 8), "pairs": (6, 8, 11), "trial": (6, 8, 11),
        "chain": (8, 11),
    },
    "tracks": {"scan": (6, 8), "rules": (6, 8), "trial": (6, 8), "chain": (8,)},
    "zip": {"scan": (5, 6, 7), "trial": (5, 6, 7), "chain": (6, 7)},
    "patches": {"scan": (5, 8), "pairs": (5, 8), "trial": (8,)},
    "numberlink": {"scan": (6, 8), "trial": (6, 8), "lines": (8,)},
    "wend": {"scan": (5, 7)},
    "swend": {"scan": (5, 7)},
}


class NotOffered(ValueError):
    """A level the generator does not make reliably at the size asked."""


def _nearest(genre: str, height: int, width: int) -> int | None:
    """The side measured whose levels stand for this size (see the module docstring)."""
    sides = SIDES.get(genre, ())
    if not sides:
        return None
    cells = height * width
    below = [s for s in sides if s * s <= cells]
    return max(below) if below else min(sides)


def offered(genre: str, height: int, width: int) -> tuple[str, ...]:
    """The levels the genre's generator makes reliably at this size, easiest first."""
    side = _nearest(genre, height, width)
    table = RELIABLE.get(genre, {})
    return tuple(level.name for level in ladder.LEVELS if side in table.get(level.name, ()))


def check(genre: str, rank: int, height: int, width: int) -> None:
    """Refuse a level not offered at this size (`NotOffered`), saying what is."""
    name = ladder.LEVELS[rank].name
    made = offered(genre, height, width)
    if name in made:
        return
    size = f"{height}x{width}"
    side = _nearest(genre, height, width)
    why = (f"at {side}x{side}, the nearest size measured, fewer than 95% of the requests came back at "
           "that level" if side is not None else "it was not measured")
    elsewhere = RELIABLE.get(genre, {}).get(name, ())
    if elsewhere:
        why += f" (it is made reliably at {', '.join(f'{s}x{s}' for s in elsewhere)})"
    offer = f"levels made at {size}: {', '.join(made)}" if made else f"no level is offered at {size}"
    raise NotOffered(
        f"{genre} puzzles of level {name!r} are not offered at {size}: {why}; {offer}. "
        "Ask for one of those, or for the nearest level found (nearest=True, --nearest)"
    )
