"""Wend's state JSON (docs/genres/wend.md, "State JSON"): which cell holds which letter of a word.

Kept beside `wend` (which imports it) so that the genre module stays readable; it reads the
puzzle's ``grid`` and ``words`` only and does not import the genre module.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Hashable, Iterator
from typing import Any

from ..grid import Cell
from . import _common, _states

NAME = "wend"
BLOCKED = "#"


def key(word: str, index: int, cell: Cell) -> Hashable:
    """The answer key of "letter ``index`` (from 0) of ``word`` is in ``cell``" (`wend.at_key`)."""
    return ("at", word, index, cell)


def text(k: Hashable) -> str:
    """A key in a message: ``letter 2 of CAT (A) at (0, 1)``."""
    _, word, i, cell = k  # type: ignore[misc]
    return f"letter {i + 1} of {word} ({word[i]}) at {_common.cell_text(cell)}"


def every(puzzle: Any) -> Iterator[Hashable]:
    """Every answer key of the puzzle's model: each letter of each word in each cell showing it."""
    cells: dict[str, list[Cell]] = {}
    for r, row in enumerate(puzzle.grid):
        for c, ch in enumerate(row):
            if ch != BLOCKED:
                cells.setdefault(ch, []).append((r, c))
    for word in puzzle.words:
        for i, ch in enumerate(word):
            for cell in cells[ch]:
                yield key(word, i, cell)


def state_from_json(puzzle: Any, data: Any) -> dict[Hashable, int]:
    """A player's state from ``{"paths": [...], "no_paths": [...], "complete": false}``.

    Both lists hold ``{"word": W, "cells": [[r, c] or null, ...]}``: ``cells[i]`` is where
    letter ``i`` of W is known to be (``paths``) or known not to be (``no_paths``); ``null``,
    or a list shorter than the word, leaves a letter unknown. A word may be listed again (a
    further cell for one of its letters). So a solution JSON is a state.
    """
    bounds = _common.grid_bounds(puzzle.height, puzzle.width)

    def field(value: int) -> _states.Field:
        def read(items: list, name: str) -> Iterator[tuple[str, Hashable, int]]:
            for j, item in enumerate(items):
                word, cells = _entry(puzzle, item, f"{name}[{j}]")
                for i, raw in enumerate(cells):
                    if raw is None:
                        continue
                    place = f"{name}[{j}].cells[{i}]"
                    cell = _states.point(raw, place, bounds)
                    shows = puzzle.grid[cell[0]][cell[1]]
                    if shows != word[i]:
                        what = "a blocked cell" if shows == BLOCKED else f"the letter {shows!r}"
                        raise _states.refuse(
                            f"{place}: {_common.cell_text(cell)} shows {what}, not letter {i + 1} of {word} "
                            f"({word[i]!r})"
                        )
                    yield place, key(word, i, cell), value

        return read

    fields = {"paths": field(1), "no_paths": field(0)}
    return _states.read(data, NAME, fields, text, lambda: every(puzzle))


def _entry(puzzle: Any, item: Any, place: str) -> tuple[str, list]:
    """One ``{"word": W, "cells": [...]}``: the word (one of the puzzle's, any case) and its cells."""
    shown = _common.shown
    if not isinstance(item, dict):
        raise _states.refuse(f"{place}: expected an object with 'word' and 'cells', found {shown(item)}")
    for name in item:
        if name not in ("word", "cells"):
            raise _states.refuse(f"{place}: unknown field {shown(name)}: an entry has the fields word, cells")
    word = item.get("word")
    if not isinstance(word, str):
        raise _states.refuse(f"{place}.word: expected one of the words, found {shown(word)}")
    upper = unicodedata.normalize("NFC", word).upper()
    if upper not in puzzle.words:
        some = " ".join(puzzle.words[:6]) + (" ..." if len(puzzle.words) > 6 else "")
        raise _states.refuse(f"{place}.word: {shown(word)} is not one of the words ({some})")
    cells = item.get("cells", [])
    if not isinstance(cells, list):
        raise _states.refuse(f"{place}.cells: expected a list of [row, col] or null, found {shown(cells)}")
    if len(cells) > len(upper):
        raise _states.refuse(f"{place}.cells: {len(cells)} cells for the {len(upper)} letters of {upper}")
    return upper, cells


def state_to_json(puzzle: Any, state: dict[Hashable, int]) -> dict[str, Any]:
    """The state JSON of a state (`state_from_json` reads it back to the same state): in the
    order of the words, one entry per word in ``paths`` and ``no_paths`` and a further entry for
    each further cell known for one of its letters."""
    known = set(every(puzzle))
    found: tuple[dict[str, dict[int, list[Cell]]], ...] = ({}, {})  # absent, present
    for k, value in state.items():
        if k not in known:
            raise ValueError(f"{k!r} is not a letter of a word in a cell of this puzzle's answer")
        if not _common.is_int(value) or value not in (0, 1):
            raise ValueError(f"{k!r} has the value {value!r}; expected 0 or 1")
        _, word, i, cell = k  # type: ignore[misc]
        found[value].setdefault(word, {}).setdefault(i, []).append(cell)
    out: dict[str, Any] = {"paths": [], "no_paths": []}
    for name, by_word in (("paths", found[1]), ("no_paths", found[0])):
        for word in puzzle.words:
            lists = {i: sorted(cells) for i, cells in by_word.get(word, {}).items()}
            for n in range(max(map(len, lists.values()), default=0)):
                last = max(i for i, cells in lists.items() if len(cells) > n)
                cells = [_cell(lists.get(i, [])[n : n + 1]) for i in range(last + 1)]
                out[name].append({"word": word, "cells": cells})
    return out


def _cell(cells: list[Cell]) -> list[int] | None:
    """The one cell of a list as JSON ``[r, c]``; an empty list is null (unknown)."""
    return [cells[0][0], cells[0][1]] if cells else None
