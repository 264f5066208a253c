"""Blocks of a fixed kind of shape in a division of the grid (Sashigane's L-shaped blocks).

`Elbows` is a clue layer: circles that mark the corner of an L (``o``, or ``o5`` with the
block's size) and arrows at the end of an arm, pointing along it to the corner (``N``, ``E``,
``S``, ``W``); a block of tokens separated by spaces in a file, ``.`` for none.

`l_blocks` is the rule: with a `regions.Regions` answer, every region is an L of two arms one
cell wide, each at least two cells long counting the corner. Every cell gets a role: the
corner of its L, or the direction in which its corner lies; a join is exactly a step towards
a corner, so the regions need no owner per cell. `arm_cells` counts an L's cells from its
corner; `l_shape` reads an L (its corner and the ends of its arms) for checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..ir import Lit
from .base import Cell
from .canvas import INK, Canvas, Layout
from .clues import CellClues

#: The four arrows' row and column steps.
STEPS: dict[str, tuple[int, int]] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
CORNER = "corner"
GLYPHS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}


def step(cell: Cell, d: str, k: int = 1) -> Cell:
    """The cell ``k`` steps from ``cell`` in direction ``d``."""
    return cell[0] + STEPS[d][0] * k, cell[1] + STEPS[d][1] * k


class Elbows(CellClues):
    """Corner circles (``o``, ``o5``) and arm-end arrows (``N`` ``E`` ``S`` ``W``)."""

    def __init__(self, name: str = "marks", what: str = "a circle or an arrow", most: int = 999):
        super().__init__(name, what)
        self.whitespace, self.most = True, most

    def read_token(self, text: str) -> Any:
        if text in STEPS or text == "o":
            return text
        digits = text[1:]
        if text[:1] == "o" and digits.isdigit() and digits.isascii() and 1 <= int(digits) <= self.most \
                and not digits.startswith("0"):
            return text
        raise ValueError(self.expected())

    def expected(self) -> str:
        return f"{self.what}: 'o', 'o' and a size ('o5'), N, E, S or W, or '.'"

    def marks(self, value: tuple) -> dict[Cell, str]:
        return {cell: GLYPHS.get(v, v[1:][-1:] or "o") for cell, v in self.entries(value)}

    def draw(self, canvas: Canvas, layout: Layout, value: tuple, dark: set[Cell]) -> None:
        """A ring with its number, or an arrow across the cell."""
        canvas.open(self.name)
        for cell, v in self.entries(value):
            x, y = layout.centre(cell)
            if v[0] == "o":
                canvas.circle(x, y, layout.cell * 0.36, cls="circle", fill="#FFFFFF", stroke=INK,
                              stroke_width=1.5)
                if len(v) > 1:
                    canvas.text(x, y, v[1:], layout.cell * 0.42, cls="clue", fill="#000000")
                continue
            canvas.text(x, y, GLYPHS[v], layout.cell * 0.6, cls=f"arrow {v}", fill="#000000")
        canvas.close()


def size_of(mark: str) -> int | None:
    """The size a circle gives, or None."""
    return int(mark[1:]) if mark[:1] == "o" and len(mark) > 1 else None


# --- the rule library ------------------------------------------------------------------------

Roles = dict[Cell, dict[str, Lit]]


def l_blocks(m: Any, joins: Mapping[tuple[Cell, Cell], Lit], rule: str) -> Roles:
    """Every region of the joins is an L of two arms one cell wide, each at least two cells
    long counting the corner. Returns each cell's role literals: `CORNER`, or the direction of
    its corner (``N`` ... ``W``)."""
    roles: Roles = {}
    for cell in m.cells():
        roles[cell] = {CORNER: m.bool(("corner", cell))}
        for d in STEPS:
            if m.inside(step(cell, d)):
                roles[cell][d] = m.bool(("towards", cell, d))
    # one rule per cell: its role, its sides' joins, its arm or its corner (a rule on its own
    # then reads a cell whole, so the easy levels are reachable)
    for cell, lits in roles.items():
        with m.rule(f"{rule}: {cell} is a corner or on an arm running straight to one", cells=[cell]):
            m.exactly(1, lits.values())
            for d, lit in lits.items():
                if d == CORNER:
                    continue
                other = step(cell, d)
                j = joins[(cell, other)] if (cell, other) in joins else joins[(other, cell)]
                m.clause((~j, lit, *([roles[other][OPPOSITE[d]]] if OPPOSITE[d] in roles[other] else [])))
                m.implies(lit, j)
                ahead = roles[other]
                m.clause((~lit, ahead[CORNER], *([ahead[d]] if d in ahead else [])))
                for e in STEPS:  # only the cell behind may lead into an arm's cell
                    if e not in (d, OPPOSITE[d]) and OPPOSITE[e] in roles.get(step(cell, e), {}):
                        m.clause((~lit, ~roles[step(cell, e)][OPPOSITE[e]]))
            for pair in (("N", "S"), ("E", "W")):  # a corner: one arm up or down, one left or right
                into = [roles[step(cell, d)][OPPOSITE[d]] for d in pair if d in lits]
                m.clause((~lits[CORNER], *into))
                if len(into) == 2:
                    m.clause((~lits[CORNER], ~into[0], ~into[1]))
    return roles


def arm_cells(m: Any, roles: Roles, corner: Cell) -> list[Lit]:
    """Literals "the i-th cell of an arm from ``corner``" along all four directions: with the
    corner, their count is the size of its L."""
    out: list[Lit] = []
    for d in STEPS:
        ray, k = [], 1
        while m.inside(step(corner, d, k)):
            ray.append(roles[step(corner, d, k)][OPPOSITE[d]])
            k += 1
        out += m.prefixes(("arm", corner, d), ray)
    return out


# --- the check library -----------------------------------------------------------------------

def l_shape(part: Iterable[Cell]) -> tuple[Cell, list[tuple[Cell, str]]] | None:
    """An L's corner and its arms' ends, each with the direction of the corner from it; None
    when the cells are not an L of two arms of at least two cells."""
    cells = set(part)
    for corner in cells:
        arms = []
        for d in STEPS:
            k = 0
            while step(corner, d, k + 1) in cells:
                k += 1
            if k:
                arms.append((step(corner, d, k), OPPOSITE[d], d, k))
        bent = len(arms) == 2 and arms[0][2] != OPPOSITE[arms[1][2]]
        if bent and 1 + arms[0][3] + arms[1][3] == len(cells):
            return corner, [(end, d) for end, d, _, _ in arms]
    return None


def elbow_problems(parts: Iterable[list[Cell]], marks: Mapping[Cell, str]) -> list[str]:
    """Each region an L; its circles on its corner with its size; its arrows at an arm's end
    pointing to the corner."""
    out = []
    for part in parts:
        shape = l_shape(part)
        if shape is None:
            out.append(f"the block at {part[0]} is not an L of arms one cell wide and two long")
            continue
        corner, ends = shape
        for cell in part:
            mark = marks.get(cell)
            if mark is None:
                continue
            if mark[0] == "o" and cell != corner:
                out.append(f"the circle at {cell} is not on its L's corner")
            elif mark[0] == "o" and size_of(mark) not in (None, len(part)):
                out.append(f"the {size_of(mark)} at {cell} is on an L of {len(part)} cells")
            elif mark in STEPS and (cell, mark) not in ends:
                out.append(f"the arrow at {cell} is not at an arm's end pointing to the corner")
    return out
