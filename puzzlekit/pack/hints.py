"""The hints a pack stores: each puzzle's chain of deductions, worked out once when it is packed.

The page holds no solver, so the chain `puzzlekit.api.explain` gives (the deductions from the
empty grid to the solution, the ones ``puzzlekit hint`` gives one at a time) goes into the pack,
each step in the page's own terms: its words, the cells it fixes and the cells its rules rest
on (to light them), and the page entries it fixes (key -> value as the page's state holds them,
so the page can tell which steps the player has made already). What a step fixes in page terms
is the genre's knowledge: its packing module's ``page_entries(puzzle, known)`` gives the page
entries a set of known answer-key values fixes (a kit genre's come from its answer layer,
`puzzlekit.pack.kit.page_entries`); a step's entries are those its values add.

A puzzle's hints, in the pack data's ``hints`` list beside its entry (`hint_data`):
``{"t": phrases, "k": page keys, "s": steps}``, each step ``[words, fixes, why, entries]``: the
phrase indices whose texts, joined, are the words; the cells its fixes name and the cells its
rules cite, each a `pack_bits` mask of one bit a cell; and the entries as a flat list of page
key index and value. A puzzle without hints has ``{"x": reason}`` instead. See docs/packs.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Hashable
from types import ModuleType
from typing import Any

from .. import api, genres, ladder
from ..errors import PuzzlekitError
from . import kit
from .bits import pack_bits
from .encoding import packing

#: The most bytes one puzzle's hints may take in the pack data (compact JSON); a longer chain
#: is left out, and the page says the puzzle has no hints.
MAX_HINT_BYTES = 24 * 1024
#: How long working out one puzzle's chain may take, in seconds, by default.
HINT_TIME_LIMIT = 10.0

Cell = tuple[int, int]
Entries = Callable[[Any, dict[Hashable, int]], dict[str, int]]

#: Where a step's words are cut into phrases (kept as phrases too): the rules a step cites come
#: back step after step, so each is stored once. A comma inside brackets, as in ``(0, 5)``, is
#: not a cut.
_CUTS = re.compile(r"(, because |; so |; | and |, (?![^(]*\)))")


def _hooks(module: ModuleType) -> tuple[Entries | None, Callable[[Any, Any], list[Cell]]]:
    """The genre's page entries and the cells of one of its keys (default `key_cells`)."""
    if kit.is_kit(module):
        return (lambda puzzle, known: kit.page_entries(module, puzzle, known)), key_cells
    code = packing(module)
    entries = getattr(code, "page_entries", None) if code is not None else None
    return entries, getattr(code, "key_cells", key_cells)


def key_cells(puzzle: Any, key: Any) -> list[Cell]:
    """The cells a model key names: its pairs of numbers, or its first two numbers when they
    follow its tag (``("cell", r, c)``)."""
    if not isinstance(key, tuple):
        return []
    pairs = [x for x in key if isinstance(x, tuple) and len(x) == 2 and all(isinstance(v, int) for v in x)]
    if pairs:
        return pairs
    if len(key) >= 3 and isinstance(key[1], int) and isinstance(key[2], int):
        return [(key[1], key[2])]
    return []


def _mask(cells: set[Cell], h: int, w: int) -> str:
    return pack_bits([int((r, c) in cells) for r in range(h) for c in range(w)], 1)


def hint_data(puzzle: Any, time_limit: float | None = HINT_TIME_LIMIT) -> dict[str, Any]:
    """One puzzle's hints as the pack stores them (see the module docstring), or ``{"x": why}``
    when it has none: a genre without page entries, a chain not worked out in time (or not
    unique), a chain over `MAX_HINT_BYTES`."""
    module = genres.module_of(puzzle)
    entries_of, cells_of = _hooks(module)
    if entries_of is None:
        return {"x": "this genre has no hints in packs yet"}
    try:
        chain = api.explain(puzzle, time_limit=time_limit)
        known = dict(ladder.givens(module.model(puzzle)))
    except PuzzlekitError as e:  # out of time, or no single solution: the puzzle goes in without hints
        return {"x": f"the hints could not be worked out ({e})"}
    h, w = puzzle.height, puzzle.width
    phrases: dict[str, int] = {}
    keys: dict[str, int] = {}
    steps: list[list[Any]] = []
    before = entries_of(puzzle, known)
    folded: set[Cell] = set()  # the cells of steps the page cannot show, lit with the next one

    def inside(cells: Any) -> set[Cell]:
        return {(r, c) for r, c in cells if 0 <= r < h and 0 <= c < w}

    for hint in chain:
        step = hint.step
        known.update(step.fixes)
        after = entries_of(puzzle, known)
        new = {k: v for k, v in after.items() if before.get(k) != v}
        before = after
        fixed = inside(cell for key in step.fixes for cell in cells_of(puzzle, key))
        why = inside(cell for reason in step.because if reason is not None for cell in reason.cells)
        if not new:  # e.g. a bridge ruled out, a letter placed before its neighbours: nothing to enter
            folded |= fixed | why
            continue
        words = [phrases.setdefault(part, len(phrases)) for part in _CUTS.split(hint.words) if part]
        flat = [x for k, v in new.items() for x in (keys.setdefault(k, len(keys)), v)]
        steps.append([words, _mask(fixed, h, w), _mask((why | folded) - fixed, h, w), flat])
        folded = set()
    out = {"t": list(phrases), "k": list(keys), "s": steps}
    size = len(json.dumps(out, separators=(",", ":"), ensure_ascii=False).encode())
    if size > MAX_HINT_BYTES:
        return {"x": f"the hints take {size} bytes, over the limit of {MAX_HINT_BYTES}"}
    return out


def words(data: dict[str, Any], index: int) -> str:
    """The words of a stored step, as the page puts them together."""
    return "".join(data["t"][i] for i in data["s"][index][0])


def replay(data: dict[str, Any]) -> dict[str, int]:
    """The page entries of every stored step, entered in turn (a later value replaces an earlier)."""
    out: dict[str, int] = {}
    for step in data["s"]:
        flat = step[3]
        for i in range(0, len(flat), 2):
            out[data["k"][flat[i]]] = flat[i + 1]
    return out
