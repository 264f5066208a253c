"""Patches: a random split into rectangles, one clue cell in each, areas and shapes revealed.

The split is made row by row: each free cell starts a rectangle of random sides (up to
``size``, default 4) as far as the free cells allow. Each rectangle has one clue cell,
chosen at random and always shown; its area and its shape letter are the clues. The reveal
starts from every area (`initial`; with none, the candidate rectangles of a large grid are
too many to model), then removal takes away what is not needed.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass

from puzzlekit.generate.fingerprint import Transform
from puzzlekit.genres import patches

NAME = "patches"
LEVELS = ("scan", "rules", "pairs", "trial", "chain", "either", "deep", "search")
#: The sides of the square grids measured for `reach` (``python -m benchmarks.levels``).
SIDES: tuple[int, ...] = (5, 8)
#: Per level: the sides at which at least 95% of the requests came back at it.
RELIABLE: dict[str, tuple[int, ...]] = {"scan": (5, 8), "pairs": (5, 8), "trial": (8,)}
#: How `puzzlekit generate --help` shows the recipe's options (``check_size``'s parameters).
OPTIONS: dict[str, object] = {"size": "N"}

Cell = tuple[int, int]
Rect = tuple[int, int, int, int]


@dataclass(frozen=True)
class Plant:
    height: int
    width: int
    rects: tuple[tuple[Rect, Cell], ...]  # each rectangle with its clue cell, sorted


def check_size(height: int, width: int, size: int = 4) -> None:
    if height * width < 2:
        raise ValueError(f"a Patches puzzle needs at least two cells, not {height}x{width}")
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ValueError(f"size (the longest side of a rectangle) must be at least 1, not {size!r}")


def sample_solution(rng: random.Random, height: int, width: int, size: int = 4) -> Plant:
    rects = patches.random_split(rng, height, width, size)
    return Plant(height, width, tuple((rect, rng.choice(list(patches.rect_cells(rect)))) for rect in rects))


def answer(plant: Plant) -> dict[Hashable, int]:
    """Every rectangle of the grid: 1 for the planted ones."""
    h, w = plant.height, plant.width
    chosen = {rect for rect, _ in plant.rects}
    return {
        patches.rect_key((t, left, a, b)): int((t, left, a, b) in chosen)
        for t in range(h) for left in range(w) for a in range(1, h - t + 1) for b in range(1, w - left + 1)
    }


def solution(plant: Plant) -> patches.Solution:
    return patches.make_solution(rect for rect, _ in plant.rects)


def _shape(rect: Rect) -> str:
    _, _, a, b = rect
    return "s" if a == b else "w" if b > a else "t"


def clues(plant: Plant) -> list[tuple]:
    out: list[tuple] = []
    for rect, (r, c) in plant.rects:
        out += [("area", r, c, rect[2] * rect[3]), ("shape", r, c, _shape(rect))]
    return sorted(out)


def required(plant: Plant) -> list[tuple]:
    return sorted(("clue", r, c) for _, (r, c) in plant.rects)


def initial(plant: Plant) -> list[tuple]:
    return [item for item in clues(plant) if item[0] == "area"]


def puzzle_from(height: int, width: int, items: list[tuple]) -> patches.Puzzle:
    found: dict[Cell, dict] = {}
    for item in items:
        info = found.setdefault((item[1], item[2]), {})
        if item[0] != "clue":
            info[item[0]] = item[3]
    rows = [[None] * width for _ in range(height)]
    for (r, c), info in found.items():
        rows[r][c] = patches.Clue(info.get("area"), info.get("shape"))
    return patches.Puzzle(tuple(tuple(row) for row in rows))


def read(plant: Plant, values: dict) -> dict[Cell, Rect]:
    """A counterexample as the rectangle holding each clue cell."""
    clue_cells = {cell for _, cell in plant.rects}
    out = {}
    for key, v in values.items():
        if key[0] == "rect" and v:
            for cell in patches.rect_cells(key[1:]):
                if cell in clue_cells:
                    out[cell] = key[1:]
    return out


def breaks(item: tuple, seen: dict[Cell, Rect], shown: list) -> bool:
    rect = seen[(item[1], item[2])]
    return rect[2] * rect[3] != item[3] if item[0] == "area" else _shape(rect) != item[3]


def transform(puzzle: patches.Puzzle, t: Transform) -> patches.Puzzle:
    def turned(clue: patches.Clue | None) -> patches.Clue | None:
        if clue is None or not t.transpose or clue.shape not in ("w", "t"):
            return clue
        return patches.Clue(clue.area, "t" if clue.shape == "w" else "w")

    return patches.Puzzle(tuple(tuple(turned(x) for x in row) for row in t.grid(puzzle.grid)))
