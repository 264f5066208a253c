"""The levels each generator makes reliably, and the refusal of the others.

A level is offered for a genre from the fewest cells at which at least 95% of the requests
came back at that level, at that size and every larger size measured (``python -m
benchmarks.levels``; docs/generating.md, "Levels made", has the table); a level made so at
the smallest size measured is offered at every size (smaller grids are quick to try, and a
miss there is the documented downgrade). A request for a level
that is not offered at its size is refused up front with what was measured, instead of
planting solution after solution for a puzzle that rarely turns up; ``nearest=True`` tries
anyway and returns the nearest level found, with a note (the documented downgrade).
"""

from __future__ import annotations

from puzzlekit import ladder

#: Per genre and level: the fewest cells from which the generator makes it reliably (0: any).
OFFERED: dict[str, dict[str, int]] = {
    "sudoku": {"scan": 0, "rules": 0, "pairs": 0, "trial": 0, "chain": 0},
    "masyu": {"scan": 0, "rules": 0, "pairs": 0, "lines": 0, "chain": 0},
    "slitherlink": {"rules": 0, "pairs": 0, "trial": 0, "lines": 0, "chain": 0},
    "tents": {"scan": 0, "rules": 0, "pairs": 100, "trial": 100, "chain": 100},
    "hashi": {"rules": 0, "pairs": 0, "chain": 0},
    "nonogram": {"rules": 0},
    "queens": {"scan": 0, "rules": 0, "pairs": 0, "trial": 0, "chain": 64},
    "tracks": {"scan": 0, "rules": 0, "trial": 0, "chain": 64},
    "zip": {"scan": 0, "trial": 0, "chain": 36},
    "patches": {"scan": 0, "pairs": 0, "trial": 64},
    "numberlink": {"scan": 0, "trial": 0, "lines": 64},
    "wend": {"scan": 0},
    "swend": {"scan": 0},
}
#: The sides measured per genre (square grids), for the refusal's message.
MEASURED: dict[str, tuple[int, ...]] = {
    "sudoku": (9, 12), "masyu": (6, 10), "slitherlink": (5, 8), "tents": (6, 10), "hashi": (6, 10),
    "nonogram": (6, 10), "queens": (6, 8), "tracks": (6, 8), "zip": (5, 6, 7), "patches": (5, 8),
    "numberlink": (6, 8), "wend": (5, 7), "swend": (5, 7),
}


class NotOffered(ValueError):
    """A level the generator does not make reliably at the size asked."""


def offered(genre: str, height: int, width: int) -> tuple[str, ...]:
    """The levels the genre's generator makes reliably at this size, easiest first."""
    cells = height * width
    table = OFFERED.get(genre, {})
    return tuple(level.name for level in ladder.LEVELS if table.get(level.name, cells + 1) <= cells)


def check(genre: str, rank: int, height: int, width: int) -> None:
    """Refuse a level not offered at this size (`NotOffered`), saying what is."""
    name = ladder.LEVELS[rank].name
    cells = height * width
    made = offered(genre, height, width)
    if name in made:
        return
    start = OFFERED.get(genre, {}).get(name)
    sides = ", ".join(f"{s}x{s}" for s in MEASURED.get(genre, ()))
    if start is not None:
        why = f"it is made reliably from {start} cells up, and {height}x{width} has {cells}"
    else:
        why = f"fewer than 95% of the requests measured ({sides}) came back at that level"
    size = f"{height}x{width}"
    offer = f"levels made at {size}: {', '.join(made)}" if made else f"no level is offered at {size}"
    raise NotOffered(
        f"{genre} puzzles of level {name!r} are not offered at {height}x{width}: {why}; {offer}. "
        "Ask for one of those, or for the nearest level found (nearest=True, --nearest)"
    )
