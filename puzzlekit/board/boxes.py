"""Sudoku boxes and regions: `Boxes`, a Sudoku's boxes on an optional ``box: RxC`` header, and
for generators a random Sudoku answer (`random_sudoku`) and irregular regions that each hold
1..n of an answer (`grow_regions`, a jigsaw's)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from math import isqrt
from typing import Any

from ..textio import error
from .base import Cell, Layer
from .canvas import INK, Canvas, Layout
from .checks import where
from .places import invalid, shown


def default_box(n: int) -> tuple[int, int]:
    """The box of an n x n grid: the factor pair R <= C closest to square (6 -> 2x3, 9 -> 3x3)."""
    return min(((r, n // r) for r in range(1, isqrt(n) + 1) if n % r == 0), key=lambda p: p[1] - p[0])


class Boxes(Layer):
    """The boxes of a Sudoku grid, ``R`` rows by ``C`` columns, on an optional header line
    (``box: 2x3``); left out, the box closest to square (`default_box`). The value is ``(R, C)``;
    the boxes are drawn with heavy lines."""

    header = True
    default = None  # the header may be left out: the box then follows from the size

    def __init__(self, name: str = "box", what: str = "a box shape"):
        super().__init__(name, what)

    def blank(self, height: int, width: int) -> tuple[int, int]:
        return default_box(width)

    def normal(self, value: Any, height: int, width: int, source: str = "<puzzle>") -> tuple[int, int]:
        if value is None:
            return default_box(width)
        if not (isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, int) and v > 0
                                                                             for v in value)):
            raise invalid((self.name,), f"expected a box RxC (rows, columns), found {shown(value)}", source)
        if width and value[0] * value[1] != width:
            raise invalid((self.name,), f"a {value[0]}x{value[1]} box holds {value[0] * value[1]} cells, "
                          f"but a row holds {width}", source)
        return (int(value[0]), int(value[1]))

    def read_header(self, value: str, line: Any, column: int, source: str) -> tuple[int, int]:
        m = re.fullmatch(r"(\d{1,3})\s*[xX]\s*(\d{1,3})", value)
        if m is None or "0" in (m.group(1), m.group(2)):
            raise error(source, line, column, f"expected a box RxC (rows, columns), found {value!r}")
        return int(m.group(1)), int(m.group(2))

    def write_header(self, value: tuple[int, int]) -> str | None:
        return None if value == default_box(value[0] * value[1]) else f"{self.name}: {value[0]}x{value[1]}"

    def to_json(self, value: tuple[int, int]) -> list[int]:
        return list(value)

    def entries(self, value: Any) -> list[tuple[Any, Any]]:
        return []

    def with_entries(self, height: int, width: int, entries: Iterable[Any]) -> None:
        return None

    def transform(self, value: tuple[int, int], cell: Any) -> tuple[int, int]:
        """The box after a symmetry: turned on its side when rows become columns."""
        return value[::-1] if cell((0, 0))[0] != cell((0, 1))[0] else value

    @staticmethod
    def groups(value: tuple[int, int], n: int) -> list[tuple[str, list[Cell]]]:
        """Each box's cells, named by its top-left cell."""
        br, bc = value
        return [(f"the box at {where((r, c))}", [(r + i, c + j) for i in range(br) for j in range(bc)])
                for r in range(0, n, br) for c in range(0, n, bc)]

    def labels(self, value: tuple[int, int], n: int) -> list[str]:
        """A label per cell, row by row: the number of its box."""
        br, bc = value
        return [str((r // br) * (n // bc) + c // bc) for r in range(n) for c in range(n)]

    def draw(self, canvas: Canvas, layout: Layout, value: tuple[int, int], dark: set[Cell]) -> None:
        canvas.open(self.name)
        n = layout.width
        for r in range(value[0], n, value[0]):
            canvas.line(layout.x(0), layout.y(r), layout.x(n), layout.y(r), cls="grid box", stroke=INK,
                        stroke_width=2.5)
        for c in range(value[1], n, value[1]):
            canvas.line(layout.x(c), layout.y(0), layout.x(c), layout.y(n), cls="grid box", stroke=INK,
                        stroke_width=2.5)
        canvas.close()


def random_sudoku(rng: random.Random, box: tuple[int, int]) -> list[list[int]]:
    """A random Sudoku answer with boxes ``box``: the pattern grid with its bands, stacks, rows
    within bands, columns within stacks and digits shuffled."""
    br, bc = box
    n = br * bc
    rows = [band * br + r for band in rng.sample(range(bc), bc) for r in rng.sample(range(br), br)]
    cols = [stack * bc + c for stack in rng.sample(range(br), br) for c in rng.sample(range(bc), bc)]
    digits = rng.sample(range(1, n + 1), n)
    return [[digits[(bc * (r % br) + r // br + c) % n] for c in cols] for r in rows]


def grow_regions(rng: random.Random, grid: Sequence[Sequence[int]], tries: int = 500) -> dict[Cell, int]:
    """Regions for a Latin square (a jigsaw's): each grown from the first free cell through
    neighbours whose digit it lacks, the cell with the fewest free neighbours first (mostly),
    until it holds 1..n; cell -> region number. The rows when no try succeeds (a Sudoku grid
    takes a few tries at 9x9, a random Latin square many)."""
    n = len(grid)
    steps = ((0, 1), (1, 0), (0, -1), (-1, 0))

    def free(x: Cell, owner: dict[Cell, int]) -> int:
        return sum(1 for dr, dc in steps if 0 <= x[0] + dr < n and 0 <= x[1] + dc < n
                   and (x[0] + dr, x[1] + dc) not in owner)

    for _ in range(tries):
        owner: dict[Cell, int] = {}
        for k in range(n):
            start = next((r, c) for r in range(n) for c in range(n) if (r, c) not in owner)
            region, owner[start], digits = [start], k, {grid[start[0]][start[1]]}
            while len(region) < n:
                near = {(r + dr, c + dc) for r, c in region for dr, dc in steps}
                near = sorted(x for x in near if 0 <= x[0] < n and 0 <= x[1] < n and x not in owner
                              and grid[x[0]][x[1]] not in digits)
                if not near:
                    break
                near.sort(key=lambda x: (free(x, owner), rng.random()))
                x = near[0] if rng.random() < 0.7 else rng.choice(near)
                region.append(x)
                owner[x] = k
                digits.add(grid[x[0]][x[1]])
            if len(region) < n:
                break
        else:
            return owner
    return {(r, c): r for r in range(n) for c in range(n)}


__all__ = ["Boxes", "default_box", "grow_regions", "random_sudoku"]
