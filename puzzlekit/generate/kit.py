"""The generator's recipe for every genre made with the genre kit, read off its declaration.

The plant is a random answer from the genre's ``@plant`` hook with the puzzle its ``@reveal``
hook shows for it (every clue the answer gives). The clues the generator may show or hide are
the entries of the genre's optional clue layers; the other layers are always shown. A
counterexample breaks a clue when the genre's own checks reject it on the puzzle made of the
required layers and that clue alone: the counterexample already satisfies every shown clue
and every rule, so a problem there is that clue's.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from puzzlekit import ladder
from puzzlekit.board.sides import Side, transformed

from .fingerprint import Transform

#: An item: (layer name, index, value); the index is a cell, or (i,) for a row or column count.
Item = tuple[str, tuple, Any]


#: Planted solutions tried for one puzzle before the nearest level found is returned (four
#: times as many on grids of up to 100 cells, `loop.SMALL_FACTOR`). A kit genre's plant is
#: quick, and many plants give no unique puzzle at all (a Light Up 7x7: 20 of 24 for one seed,
#: a counterexample no number can rule out) or one too easy for the level asked (a 5x5
#: Futoshiki asked for `chain`: 1 plant in 10), so the loop's 6 missed such levels for 1 seed
#: in 5-10; the seeds that hit the level within 6 make the same puzzle as before.
ATTEMPTS = 15


@dataclass(frozen=True)
class Plant:
    solution: Any
    full: Any  # the puzzle showing every clue of the answer


class KitRecipe:
    """The recipe (see `puzzlekit.generate.loop`) of a genre module made with the kit."""

    CONTEXT = False  # a clue's break is read on the puzzle of that clue alone

    def __init__(self, module: ModuleType):
        self.module = module
        self.genre = module.GENRE
        self.NAME = self.genre.name
        levels = self.genre.levels
        self.LEVELS = tuple(levels) if levels is not None else tuple(level.name for level in ladder.LEVELS)
        self.layers = {layer.name: layer for layer in self.genre.clues}
        # what was measured of the genre's generator (`reach`), when its module declares it
        self.SIDES = tuple(getattr(module, "SIDES", ()))
        self.RELIABLE = dict(getattr(module, "RELIABLE", {}))
        # planted solutions per puzzle (`loop.ATTEMPTS`); a module may name its own
        self.ATTEMPTS = int(getattr(module, "ATTEMPTS", ATTEMPTS))
        # the share of clue orbits shown before the first counterexample (`loop`): where the
        # finder's questions about a few clues are its slowest, a module may start further on
        self.HEAD_START = float(getattr(module, "HEAD_START", 0.0))
        # removal asks about one clue at a time (`phases.Run.remove`): where most clues stay,
        # chunks of several mostly fail and are asked again in halves
        self.REMOVE_SINGLY = bool(getattr(module, "REMOVE_SINGLY", False))
        # from this many cells up the search backend's uniqueness proof is not asked
        # (`loop.certify`): a module that measured it never finishing there spares its seconds
        cells = getattr(module, "SEARCH_PROOF_CELLS", None)
        if cells is not None:
            self.search_proof = lambda height, width, rank: height * width < cells
        # a module whose clues each only add constraints on the model variables its
        # ``clue_keys(item)`` names may have one solver asked about every set of clues
        # (``GUARD_FINDER``, see `guard`); one whose clues each only add counts or clauses
        # over those keys, none of them read by the engine as more than a count, may have the
        # ladder too reason on that one model per plant (``GUARD``): where building and
        # compiling a model takes longer than the ladder's question, that was most of removal.
        guard = "GUARD" if getattr(module, "GUARD", False) else "GUARD_FINDER"
        if getattr(module, guard, False) and hasattr(module, "clue_keys"):
            setattr(self, guard, True)
            self.keys = module.clue_keys
            # ``GUARD_TRIALS``: each clue only fixes values, so the trials too are the puzzle's
            self.GUARD_TRIALS = guard == "GUARD" and bool(getattr(module, "GUARD_TRIALS", False))
        # the generator's questions, guarded or not, go to the model a module's
        # ``finder_model`` builds, where it has one (a lighter one with the same answers)
        if hasattr(module, "finder_model"):
            self.model = module.finder_model
        if hasattr(module, "clue_place"):  # the cells a clue's rules cite, where clues' keys overlap
            self.place = module.clue_place
        # ``clue_broken(item, values)``: whether answer values break that clue, read off the
        # values alone (a circle: its cell's colour), not the genre's checks on a puzzle of
        # that clue, which also check every rule of the whole answer for each clue
        self._broken = getattr(module, "clue_broken", None)
        # whether an answer reads the same on the required layers alone as with any optional
        # clue added (no answer layer found or skipped through an optional layer): a
        # counterexample is then decoded once, not once per clue it is checked against
        self._plain = all(not hasattr(layer, "on") and getattr(layer, "off", None) not in self.genre.optional
                          for layer in self.genre.answers)
        # the last plant's puzzles of the required layers and one clue (`_with`)
        self._puzzles: tuple[Any, dict] = (None, {})

    def check_size(self, height: int, width: int) -> None:
        lo, hi = self.genre.sizes
        if not (lo <= height <= hi and lo <= width <= hi):
            raise ValueError(f"{self.genre.title} generation takes sides {lo} to {hi}, not {height}x{width}")
        if self.genre.planter is None or self.genre.revealer is None:
            raise ValueError(f"the genre {self.NAME!r} declares no @plant and @reveal hooks, so it "
                             "cannot be generated")

    def sample_solution(self, rng: random.Random, height: int, width: int) -> Plant:
        solution = self.genre.planter(rng, height, width)
        full = self.genre.revealer(solution, height, width)
        return Plant(solution, full)

    def answer(self, plant: Plant) -> dict[Hashable, int]:
        return self.genre.answer_of(plant.full, plant.solution)

    def solution(self, plant: Plant) -> Any:
        return plant.solution

    def _items(self, plant: Plant, optional: bool) -> list[Item]:
        out: list[Item] = []
        for name, layer in self.layers.items():
            if (name in self.genre.optional) == optional:
                for index, value in layer.entries(getattr(plant.full, name)):
                    out.append((name, tuple(index) if isinstance(index, tuple) else (index,), value))
        return out

    def clues(self, plant: Plant) -> list[Item]:
        return self._items(plant, optional=True)

    def required(self, plant: Plant) -> list[Item]:
        return self._items(plant, optional=False)

    def puzzle_from(self, height: int, width: int, items: list[Item]) -> Any:
        entries: dict[str, list] = {name: [] for name in self.layers}
        for name, index, value in items:
            entries[name].append((index if len(index) == 2 else index[0], value))
        values = {name: self.layers[name].with_entries(height, width, found)
                  for name, found in entries.items()}
        return self.genre.make(height, width, values)  # a genre sized by its line counts takes no size

    def _with(self, plant: Plant, item: Item | None) -> Any:
        """The puzzle of the required layers and ``item`` (None: no clue), made once per plant:
        every counterexample of a plant is checked against the same clues."""
        if self._puzzles[0] is not plant:
            self._puzzles = (plant, {})
        made = self._puzzles[1]
        if item not in made:
            h, w = plant.full.height, plant.full.width
            made[item] = self.puzzle_from(h, w, [*self.required(plant), *([item] if item else [])])
        return made[item]

    def read(self, plant: Plant, values: dict[Hashable, int]) -> tuple[Plant, dict[Hashable, int], Any]:
        decoded = self.module.decode(self._with(plant, None), values) if self._plain else None
        return plant, values, decoded

    def breaks(self, item: Item, seen: tuple[Plant, dict[Hashable, int], Any], shown: Any) -> bool:
        plant, values, decoded = seen
        if self._broken is not None:
            return bool(self._broken(item, values))
        puzzle = self._with(plant, item)
        if decoded is None:
            decoded = self.module.decode(puzzle, values)
        return bool(self.module.verify(puzzle, decoded))

    def partner(self, plant: Plant, item: Item, height: int, width: int) -> Item | None:
        name, index, _ = item
        if len(index) != 2 or not all(isinstance(i, int) for i in index):  # a mark between two cells
            return None
        extent = getattr(self.layers[name], "extent", 0)  # a corner layer's block is one bigger
        r, c = height - 1 + extent - index[0], width - 1 + extent - index[1]
        value = getattr(plant.full, name)[r][c]
        return None if value is None else (name, (r, c), value)

    def transform(self, puzzle: Any, t: Transform) -> Any:
        around = [layer for layer in self.layers.values() if isinstance(layer, Side)]
        if around:  # clues on the four sides move with their rows and columns
            values = {}
            for name, layer in self.layers.items():
                if not isinstance(layer, Side):  # a header for the whole puzzle stays as it is
                    value = getattr(puzzle, name)
                    values[name] = value if layer.header else _turned(layer, value, t)
            h, w = t.shape(puzzle.height, puzzle.width)
            return self.genre.make(h, w, {**values, **transformed(puzzle, around, t)})
        axes = {layer.axis for layer in self.layers.values() if hasattr(layer, "axis")}
        if len(axes) == 1 and t.transpose:  # counts on one side only stay on that side
            t = Transform(False, t.flip_rows, t.flip_cols)
        h, w = t.shape(puzzle.height, puzzle.width)
        values: dict[str, Any] = {}
        counts: dict[str, tuple] = {}
        for name, layer in self.layers.items():
            if hasattr(layer, "transform"):  # marks between cells (`Relations`) map cell by cell
                def cell(x: Any) -> Any:
                    return t.cell(x, puzzle.height, puzzle.width)
                values[name] = layer.transform(getattr(puzzle, name), cell)
            elif layer.header and not hasattr(layer, "axis"):  # a setting holds for any symmetry
                values[name] = getattr(puzzle, name)
            elif layer.header:
                counts[layer.axis] = (name, getattr(puzzle, name))
            else:
                values[name] = _turned(layer, getattr(puzzle, name), t)
        if counts:
            blank = (None,) * puzzle.height, (None,) * puzzle.width
            rows = counts["rows"][1] if "rows" in counts else blank[0]
            cols = counts["cols"][1] if "cols" in counts else blank[1]
            new_rows, new_cols = t.lines(rows, cols, lambda x: x)
            for axis, new in (("rows", new_rows), ("cols", new_cols)):
                if axis in counts:
                    values[counts[axis][0]] = new
        return self.genre.make(h, w, values)


def _turned(layer: Any, value: Any, t: Transform) -> Any:
    """A grid layer after a symmetry: its cells moved, and each entry turned where the layer
    says how (``layer.turned(entry, t)``: a mirror ``/`` becomes ``\\`` in a reflection)."""
    grid = t.grid(value)
    turn = getattr(layer, "turned", None)
    return grid if turn is None else tuple(tuple(turn(v, t) for v in row) for row in grid)


def recipe_of(module: ModuleType) -> KitRecipe | None:
    """The recipe of a genre module made with the kit (None for another module)."""
    return KitRecipe(module) if hasattr(module, "GENRE") else None
