"""Shapes shared by the shading and placing genres (Light Up, Hitori, Kurodoko, Mosaic).

A layer: `WallNumbers`, numbers written on walls (drawn white on the wall's black square).
Geometry: `runs` (the stretches of open cells between walls along rows and columns),
`block` (a cell's 3x3 block). Rules: `lit_and_apart` (every open cell lit, no two lamps in one
run), `unique_per_line` (no value twice among the cells left open in a row or column).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

from ..ir import Lit
from .canvas import Canvas, Layout
from .clues import Numbers
from .rules import DIRECTIONS, BoardBuilder, where

Cell = tuple[int, int]


class WallNumbers(Numbers):
    """Numbers on wall cells (Light Up): drawn in white, as on the wall's black square."""

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        super().draw(canvas, layout, value, dark | {cell for cell, _ in self.entries(value)})


def runs(height: int, width: int, blocked: Collection[Cell] = ()) -> list[list[Cell]]:
    """The maximal stretches of cells not blocked, along each row then each column (a single
    open cell is a stretch of one in both directions)."""
    out: list[list[Cell]] = []
    for lines in ([[(r, c) for c in range(width)] for r in range(height)],
                  [[(r, c) for r in range(height)] for c in range(width)]):
        for line in lines:
            run: list[Cell] = []
            for cell in line + [None]:  # type: ignore[list-item]
                if cell is None or cell in blocked:
                    if run:
                        out.append(run)
                    run = []
                else:
                    run.append(cell)
    return out


def block(cell: Cell, height: int, width: int) -> list[Cell]:
    """The cells of the 3x3 block centred on a cell, inside the grid, itself included."""
    r, c = cell
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if 0 <= r + dr < height and 0 <= c + dc < width]


def lit_and_apart(m: BoardBuilder, lamps: Mapping[Cell, Lit], blocked: Collection[Cell],
                  noun: str = "lamp") -> None:
    """Every open cell is lit (a lamp in its row run or its column run) and no run holds two
    lamps (two lamps in one run would light each other)."""
    stretches = runs(m.height, m.width, blocked)
    through: dict[Cell, list[Cell]] = {}
    for run in stretches:
        for cell in run:
            through.setdefault(cell, []).extend(run)
        if len(run) > 1:
            ends = f"{where(run[0])} to {where(run[-1])}"
            with m.rule(f"no two {noun}s light each other: at most one from {ends}", cells=run):
                m.at_most(1, [lamps[cell] for cell in run])
    for cell in sorted(through):
        seen = sorted(set(through[cell]))
        with m.rule(f"the cell {where(cell)} is lit", cells=seen):
            m.at_least(1, [lamps[other] for other in seen])


def unique_per_line(m: BoardBuilder, values: Mapping[Cell, Any], open_: Mapping[Cell, Lit],
                    what: str = "number") -> None:
    """No value stands twice among the open cells of a row or column: of the cells holding the
    same value in one line, at most one stays open."""
    for name, lines in (("row", m.rows()), ("column", m.columns())):
        for i, line in enumerate(lines):
            groups: dict[Any, list[Cell]] = {}
            for cell in line:
                groups.setdefault(values[cell], []).append(cell)
            for value, cells in groups.items():
                if len(cells) > 1:
                    with m.rule(f"the {what} {value} stands once in {name} {i}", cells=cells):
                        m.at_most(1, [open_[cell] for cell in cells])


def pairs_seeing(cells: Iterable[Cell], blocked: Collection[Cell], height: int, width: int) -> list[
        tuple[Cell, Cell]]:
    """The pairs of the cells that see each other along a row or column with no blocked cell
    between (a check's reading, walking the grid; apart from `runs`)."""
    cells = set(cells)
    out = []
    for r, c in sorted(cells):
        for dr, dc in ((0, 1), (1, 0)):
            y, x = r + dr, c + dc
            while 0 <= y < height and 0 <= x < width and (y, x) not in blocked:
                if (y, x) in cells:
                    out.append(((r, c), (y, x)))
                    break
                y, x = y + dr, x + dc
    return out


def plant_apart(rng: Any, height: int, width: int, share: float) -> frozenset[Cell]:
    """Random shaded cells, about ``share`` of the grid, no two side by side and the unshaded
    cells one connected group (Hitori's and Kurodoko's answers)."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(cells)
    shaded: set[Cell] = set()
    for cell in cells[: round(share * len(cells) * 1.5)]:
        r, c = cell
        if any(n in shaded for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))):
            continue
        shaded.add(cell)
        if not _one_piece(height, width, shaded):
            shaded.discard(cell)
        if len(shaded) >= share * len(cells):
            break
    return frozenset(shaded)


def _one_piece(height: int, width: int, shaded: set[Cell]) -> bool:
    """Whether the cells not shaded are one orthogonally connected group."""
    open_cells = {(r, c) for r in range(height) for c in range(width)} - shaded
    if not open_cells:
        return True
    start = next(iter(open_cells))
    seen, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if n in open_cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(open_cells)


def sees_exactly(m: BoardBuilder, cell: Cell, lits: Mapping[Cell, Lit], k: int, key: str = "seen") -> None:
    """Exactly ``k`` cells are seen from ``cell`` (as `BoardBuilder.seen_from` sees them). No
    direction can see more than ``k``, so each sight is cut at ``k`` cells with a clause that
    one of the first ``k + 1`` stops it: the count then reads far fewer literals on a big grid."""
    seen: list[Lit] = []
    for name, dr, dc in DIRECTIONS:
        line: list[Lit] = []
        for other in m.ray(cell, dr, dc):
            if other not in lits:
                break
            line.append(lits[other])
        if len(line) > k:
            m.clause([~lit for lit in line[:k + 1]])
            line = line[:k]
        seen += m.prefixes((key, cell, name), line)
    m.exactly(k, seen)
