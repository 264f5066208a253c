"""Shapes shared by the shading and placing genres (Light Up, Hitori, Kurodoko, Mosaic).

A layer: `WallNumbers`, numbers written on walls (drawn white on the wall's black square).
Planting: `plant_apart` (shaded cells apart, the rest connected), `other_answer` (another
answer of a model, for a planter that repairs its puzzle until it is unique).
Geometry: `runs` (the stretches of open cells between walls along rows and columns),
`block` (a cell's 3x3 block). Rules: `lit_and_apart` (every open cell lit, no two lamps in one
run), `unique_per_line` (no value twice among the cells left open in a row or column),
`sees_exactly` (a number counts what it sees in four directions), `sees_one_way` (in the one
direction its single open neighbour is in: Nurimisaki's capes).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Mapping
from typing import Any

from ..ir import Clause, Lit, Model
from ..propagation import new_engine
from ..propagation.engine import mask_values
from .base import around
from .canvas import Canvas, Layout
from .checks import pieces
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
        if any(n in shaded for n in around(cell)):
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
    return len(pieces(open_cells)) <= 1


def sees_exactly(m: BoardBuilder, cell: Cell, lits: Mapping[Cell, Lit], k: int, key: str = "seen") -> None:
    """Exactly ``k`` cells are seen from ``cell`` (as `BoardBuilder.seen_from` sees them).

    No direction can see more than ``k``, so each sight is cut at ``k`` cells with a clause that
    one of the first ``k + 1`` stops it. A sight is a number in unary (its prefix literals: "sees
    at least i"), so the four add up as unary numbers: the horizontal pair and the vertical pair
    are each merged into one unary sum (`_unary_sum`), and the two sums meet ``k`` in clauses of
    two literals, linear in ``k`` (a general count would not know the sights are unary)."""
    sights: list[list[Lit]] = []
    for name, dr, dc in DIRECTIONS:
        line: list[Lit] = []
        for other in m.ray(cell, dr, dc):
            if other not in lits:
                break
            line.append(lits[other])
        if len(line) > k:
            m.clause([~lit for lit in line[:k + 1]])
            line = line[:k]
        sights.append(m.prefixes((key, cell, name), line))
    across = _unary_sum(m, (key, cell, "across"), sights[2], sights[3], k + 1)
    along = _unary_sum(m, (key, cell, "along"), sights[0], sights[1], k + 1)
    # across + along == k: across at most i needs along at least k - i, and across at least i
    # needs along at most k - i (literal i - 1 of a unary number: "at least i")
    for i in range(len(across) + 1):
        at_least = [] if i == 0 else [~across[i - 1]]  # the clause's "unless across < i"
        at_most = [] if i == len(across) else [across[i]]  # the clause's "unless across > i"
        need = k - i
        if need < 0:
            m.clause(at_least)
        elif need > len(along):
            m.clause(at_most)
        else:
            if need >= 1:
                m.clause([*at_most, along[need - 1]])
            if need < len(along):
                m.clause([*at_least, ~along[need]])


def sees_one_way(m: BoardBuilder, cell: Cell, shaded: Mapping[Cell, Lit], k: int) -> None:
    """A number ``k`` that sees only toward its one unshaded neighbour (the rule that it has one
    is the caller's): the ray that starts there holds ``k - 1`` unshaded cells and then a shaded
    one or the edge, itself counted in ``k``. Written per direction on the cells alone ("the
    first cell shaded, or the i-th unshaded"): no helper variables for a count of sights, so
    the clauses are the number's own, over its rays."""
    for _, dr, dc in DIRECTIONS:
        ray = m.ray(cell, dr, dc)
        if not ray:
            continue
        first = shaded[ray[0]]
        if k == 1 or len(ray) < k - 1:  # it sees nothing that way, or too little: not the way
            m.clause([first])
            continue
        for other in ray[1:k - 1]:
            m.clause([first, ~shaded[other]])
        if len(ray) >= k:
            m.clause([first, shaded[ray[k - 1]]])


def _unary_sum(m: BoardBuilder, key: tuple, xs: list[Lit], ys: list[Lit], cap: int) -> list[Lit]:
    """Literals ``z[s - 1]`` true exactly when ``len(true xs) + len(true ys) >= s``, for unary
    numbers (a true literal's predecessors are true), for ``s`` up to ``cap`` (a sum past the
    cap makes ``z[cap - 1]`` true, which is all a count up to ``cap - 1`` needs)."""
    if not xs or not ys:
        return (xs or ys)[:cap]
    zs = [m.bool((*key, s)) for s in range(1, min(len(xs) + len(ys), cap) + 1)]
    for i in range(min(len(xs), len(zs)) + 1):
        for j in range(min(len(ys), len(zs) - i) + 1):
            if i + j:  # x >= i and y >= j give z >= i + j
                m.clause([*([~xs[i - 1]] if i else []), *([~ys[j - 1]] if j else []), zs[i + j - 1]])
            if i + j < len(zs):  # x <= i and y <= j give z <= i + j
                m.clause([*([xs[i]] if i < len(xs) else []), *([ys[j]] if j < len(ys) else []), ~zs[i + j]])
    return zs


def other_answer(model: Model, answer: Mapping[Hashable, int],
                 nodes: int = 20000) -> dict[Hashable, int] | None:
    """An answer of the model whose answer key differs from ``answer`` (key -> value), by
    depth-first search over the propagation engine; None when there is none, or none turned up
    within ``nodes`` branchings. For a planter that changes its clues until its answer is the
    only one (the solver backends sit above the genres, the engine below them)."""
    output = list(model.output)
    block = Clause(tuple(Lit(i, answer[model.vars[i].key], False) for i in output))
    engine = new_engine(model.with_constraints(clauses=[block]))
    if not engine.reset():
        return None
    rest = set(output)
    order = output + [i for i in range(len(model.vars)) if i not in rest]
    left = [nodes]

    def search() -> list[int] | None:
        dom = engine.dom
        v = next((i for i in order if dom[i] & (dom[i] - 1)), None)
        if v is None:
            full = [min(mask_values(dom[i], engine.lo[i])) for i in range(len(model.vars))]
            return full if model.holds(full) else None
        left[0] -= 1
        if left[0] < 0:
            return None
        mask = dom[v]
        for bit in (mask & -mask, mask & (mask - 1)):  # the lower value first, then the rest
            mark = engine.mark()
            if engine.assume(v, bit):
                found = search()
                if found is not None:
                    return found
            engine.retract(mark)
        return None

    full = search()
    return None if full is None else {model.vars[i].key: full[i] for i in output}


def text_grid(numbers: tuple, shaded: Collection[Cell] = ()) -> str:
    """A grid of numbers as text, right-aligned in columns, ``#`` for a shaded cell and ``·``
    for one without a number (the kit's text picture shows one character a cell, which cuts
    numbers of two digits)."""
    tokens = [["#" if (r, c) in shaded else "·" if v is None else str(v) for c, v in enumerate(row)]
              for r, row in enumerate(numbers)]
    size = max(len(t) for row in tokens for t in row)
    return "\n".join(" ".join(t.rjust(size) for t in row) for row in tokens)
