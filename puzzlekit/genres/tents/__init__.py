"""Tents (Tents and Trees): one tent beside each tree, no two tents touching, row and column counts."""

from __future__ import annotations

import random as _random
from collections import Counter, deque
from collections.abc import Hashable
from typing import Any

from ... import grid
from ...board import Genre, layers
from ...grid import Cell
from ...ir import Lit
from .. import _common

#: The backends `auto` tries first, fastest first, as measured (docs/benchmarks.md); the rest
#: follow in the default order.
BACKENDS = ("sat", "cpsat", "z3")
#: Above this many model variables `auto` takes another order: the row and column counts cost
#: `sat` a cardinality encoding that grows with the grid, where CP-SAT takes them as they are
#: (docs/benchmarks.md, "Sudoku, Tents and Patches against the CP-SAT peer").
LARGE_BACKENDS = (300, ("cpsat", "sat", "z3"))

TREE, EMPTY = "T", "."
#: A row or column left without a count in the file (puzz.link Tents may leave counts out).
NO_COUNT = "?"
HEADERS = {"cols", "rows"}


def _counts_layer(axis: str) -> layers.LineCounts:
    return layers.LineCounts(axis, what="a tent count", per=f"tents per {axis[:-1]}", signed=True,
                             expected=f"a tent count (a whole number, or {NO_COUNT} for none)")


genre = Genre(
    "tents", title="Tents", rule="one tent beside each tree, paired one to one, no two touching",
    clues=[_counts_layer("cols"), _counts_layer("rows"), layers.Cells("trees", mark=TREE, what="tree")],
    answers=[layers.Objects("tents", key="tent", absent="no_tents", noun="tent", ordered=True, off="trees")],
    shaped_by=("cols", "rows"), classic_json=True, headers_first=True,
)


@genre.extend
class Puzzle(genre.Puzzle):
    """Tents per column (left to right) and per row (top to bottom), and the tree cells.

    A count may be None: that line has no count, and any number of tents may stand in it.
    The data is checked when the puzzle is made, by the rules the parser applies to a file: a
    size within the limits, counts 0..the length of their line with equal totals (when every
    count is given), trees on cells of the grid. A break raises `ParseError` naming the place
    (``<puzzle>: cols[3]: ...``). Lists are accepted for tuples and stored as tuples; ``trees`` may be any
    collection of cells and is stored as a frozenset.
    """

    def __post_init__(self) -> None:
        _check(self)
        super().__post_init__()

    def spots(self, tree: Cell) -> list[Cell]:
        """The empty cells orthogonally next to a tree, where its tent may stand."""
        return [n for n in grid.neighbours(tree, self.height, self.width) if n not in self.trees]


def _check(puzzle: Puzzle) -> None:
    """The rules of a well-formed Tents puzzle (see `Puzzle`); stores the fields normalised."""
    cols = _common.sequence(puzzle.cols, ("cols",), "a tuple of column counts")
    rows = _common.sequence(puzzle.rows, ("rows",), "a tuple of row counts")
    h, w = len(rows), len(cols)
    _common.check_size(1, w, ("cols",))
    _common.check_size(h, w, ("rows",))
    cols = _counts_of(cols, "cols", h, "rows")
    rows = _counts_of(rows, "rows", w, "columns")
    if None not in cols and None not in rows and sum(cols) != sum(rows):  # type: ignore[arg-type]
        raise _common.Invalid(
            f"the row counts add up to {sum(rows)} but the column counts to {sum(cols)}: "  # type: ignore[arg-type]
            "both count the same tents, so they must agree",
            ("rows",),
        )
    trees = puzzle.trees
    if isinstance(trees, (set, frozenset)):
        trees = list(trees)
    items = _common.sequence(trees, ("trees",), "a collection of tree cells")
    cells = frozenset(_common.cell_of(t, ("trees", i), h, w, "tree") for i, t in enumerate(items))
    _common.assign(puzzle, cols=cols, rows=rows, trees=cells)


def _counts_of(items: Any, name: str, limit: int, unit: str) -> tuple[int | None, ...]:
    """Counts checked as `_common.counts_of` does, None (no count) kept where it stands."""
    known = _common.counts_of([0 if n is None else n for n in items], name, limit, unit, "tent count")
    return tuple(None if n is None else k for n, k in zip(items, known))


def make_solution(tents: Any) -> Any:
    """A Solution from tent cells in any order (duplicates are kept for `verify`)."""
    return genre.Solution(tuple(sorted(tuple(cell) for cell in tents)))


def tent_key(cell: Cell) -> Hashable:
    """The IR variable key of 'a tent stands on this cell'."""
    return ("tent",) + cell


@genre.model
def rules(puzzle: Puzzle, m: Any) -> None:
    """The rules of docs/genres/tents.md, one block per sentence."""
    h, w, deadline = puzzle.height, puzzle.width, m.deadline
    tent = m.tents  # a tent in each empty cell (the answer layer leaves the trees out)

    # Trees and tents pair off one-to-one, each tent orthogonally next to its tree: a matching
    # with one boolean per (tree, empty neighbour); every tree takes exactly one edge, and a
    # cell takes exactly one edge when it holds a tent and none otherwise. The edges are
    # auxiliary: the answer key is the tents alone.
    incoming: dict[Cell, list[Lit]] = {cell: [] for cell in tent}
    for tree in deadline.paced(sorted(puzzle.trees), 256):
        edges = []
        spots = puzzle.spots(tree)
        for spot in spots:
            x = m.bool(("pair", tree, spot))
            edges.append(x)
            incoming[spot].append(x)
        with m.rule(f"the tree at {tree} has one tent of its own beside it", cells=[tree, *spots]):
            m.exactly(1, edges)
    for cell, x in deadline.paced(tent.items(), 1024):
        rule = f"trees and tents pair off: {cell} is paired with a tree beside it just when it holds a tent"
        with m.rule(rule, cells=[cell]):
            m.exactly(1, incoming[cell] + [~x])  # sum(edges) + (1 - tent) == 1

    # No two tents touch, diagonals included (every touching pair shares a 2x2 block).
    for r in range(h - 1):
        for c in range(w - 1):
            cells = [cell for cell in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)) if cell in tent]
            if len(cells) > 1:
                with m.rule(f"tents never touch: at most one in the 2x2 block at {(r, c)}", cells=cells):
                    m.at_most(1, [tent[cell] for cell in cells])

    # The counts give the tents in each line (a line without a count holds any number).
    for c, k in enumerate(puzzle.cols):
        if k is not None:
            m.count_in(k, tent, [(r, c) for r in range(h)], f"column {c} holds {_tents(k)}")
    for r, k in enumerate(puzzle.rows):
        if k is not None:
            m.count_in(k, tent, [(r, c) for c in range(w)], f"row {r} holds {_tents(k)}")


def _tents(k: int) -> str:
    return "no tents" if k == 0 else "1 tent" if k == 1 else f"{k} tents"


# checking ------------------------------------------------------------------------------


def pairing(puzzle: Puzzle, tents: set[Cell]) -> dict[Cell, Cell]:
    """A largest matching of trees to orthogonally adjacent tents: tree -> tent.

    Hopcroft-Karp (shortest augmenting paths, a few rounds of linear work), without recursion,
    so a 200x200 grid full of trees and tents is paired in well under a second.
    """
    trees = sorted(puzzle.trees)
    near = {
        (r, c): [s for s in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if s in tents] for r, c in trees
    }
    mate: dict[Cell, Cell] = {}  # tree -> tent
    owner: dict[Cell, Cell] = {}  # tent -> tree
    for tree in trees:  # a first greedy pass does most of the work
        for spot in near[tree]:
            if spot not in owner:
                mate[tree], owner[spot] = spot, tree
                break
    while True:
        # layers of trees by the length of the shortest alternating path from a free tree
        layer = {tree: 0 for tree in trees if tree not in mate}
        queue = deque(layer)
        free_found = False
        while queue:
            tree = queue.popleft()
            for spot in near[tree]:
                other = owner.get(spot)
                if other is None:
                    free_found = True
                elif other not in layer:
                    layer[other] = layer[tree] + 1
                    queue.append(other)
        if not free_found:
            return mate
        for root in trees:
            if root not in mate and root in layer:
                _augment(root, near, layer, mate, owner)


def _augment(
    root: Cell,
    near: dict[Cell, list[Cell]],
    layer: dict[Cell, int],
    mate: dict[Cell, Cell],
    owner: dict[Cell, Cell],
) -> None:
    """One augmenting path from a free tree along the layers (a depth-first walk with a stack)."""
    stack = [(root, iter(near[root]))]
    spots: list[Cell] = []  # spots[i]: the tent taken from stack[i]'s tree
    while stack:
        tree, options = stack[-1]
        for spot in options:
            other = owner.get(spot)
            if other is None:  # a free tent: flip the path
                spots.append(spot)
                for (t, _), s in zip(stack, spots):
                    mate[t], owner[s] = s, t
                return
            if layer.get(other) == layer[tree] + 1:
                spots.append(spot)
                stack.append((other, iter(near[other])))
                break
        else:
            layer.pop(tree, None)  # a dead end: no later search goes through it
            stack.pop()
            if spots:
                spots.pop()


@genre.verify
def check(puzzle: Puzzle, solution: Any) -> list[str]:
    """Every broken rule, in words; empty when the tents are valid. Independent of the model."""
    h, w = puzzle.height, puzzle.width
    problems: list[str] = []
    tents: set[Cell] = set()
    for cell in solution.tents:
        r, c = cell
        if not (0 <= r < h and 0 <= c < w):
            problems.append(f"tent ({r}, {c}) is outside the {h}x{w} grid")
        elif cell in puzzle.trees:
            problems.append(f"tent ({r}, {c}) stands on a tree")
        elif cell in tents:
            problems.append(f"tent ({r}, {c}) is listed more than once")
        else:
            tents.add(cell)
    for r, c in sorted(tents):
        for b in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)):  # the touching cells after it
            if b in tents:
                problems.append(f"tents ({r}, {c}) and ({b[0]}, {b[1]}) touch")
    per_col = Counter(c for _, c in tents)
    per_row = Counter(r for r, _ in tents)
    for c, k in enumerate(puzzle.cols):
        if k is not None and per_col[c] != k:
            problems.append(f"column {c} has {per_col[c]} tents, the count is {k}")
    for r, k in enumerate(puzzle.rows):
        if k is not None and per_row[r] != k:
            problems.append(f"row {r} has {per_row[r]} tents, the count is {k}")
    if len(tents) != len(puzzle.trees):
        problems.append(f"there are {len(tents)} tents for {len(puzzle.trees)} trees")
    # Trees and tents pair off one-to-one, each tent next to its tree: a perfect matching.
    matched = pairing(puzzle, tents)
    lonely = sorted(puzzle.trees - set(matched))
    strays = sorted(tents - set(matched.values()))
    if lonely:
        problems.append(f"trees left without a tent of their own: {', '.join(map(str, lonely))}")
    if strays:
        problems.append(f"tents left without a tree of their own: {', '.join(map(str, strays))}")
    return problems


genre.export(globals())


def render(puzzle: Puzzle, solution: Any = None) -> str:
    """The grid as text: column counts on top, row counts on the left (blank for none), ♣ tree,
    ▲ tent, · empty."""
    tents = set(solution.tents) if solution else set()
    out = ["   " + "".join(f"{'' if k is None else k:<2}" for k in puzzle.cols).rstrip()]
    for r, k in enumerate(puzzle.rows):
        cells = "".join(
            "♣ " if (r, c) in puzzle.trees else "▲ " if (r, c) in tents else "· " for c in range(puzzle.width)
        )
        out.append(f"{'' if k is None else k:>2} {cells}".rstrip())
    return "\n".join(out)


def random_puzzle(
    rng: _random.Random,
    height: int,
    width: int,
    density: float = 0.15,
    twin: float = 0.0,
    corrupt: float = 0.0,
) -> Puzzle:
    """Tents placed apart, each with a fresh tree beside it, and the counts they give.

    ``density`` is the share of cells to try as tents. With chance ``twin`` a 3x3 motif goes
    in first: two trees in the middle column (row) of its top and bottom (left and right)
    lines, tents in two opposite corners; the other two corners give the same counts, so the
    puzzle often has several solutions. With chance ``corrupt`` one tent is moved from one
    column count to another (the totals still agree), which often leaves no solution.
    """
    tents: set[Cell] = set()
    trees: set[Cell] = set()
    kept_free: set[Cell] = set()  # the motif's other two corners stay usable
    if height >= 3 and width >= 3 and rng.random() < twin:
        r, c = rng.randrange(height - 2), rng.randrange(width - 2)
        if rng.random() < 0.5:
            trees |= {(r, c + 1), (r + 2, c + 1)}
        else:
            trees |= {(r + 1, c), (r + 1, c + 2)}
        corners = [{(r, c), (r + 2, c + 2)}, {(r, c + 2), (r + 2, c)}]
        rng.shuffle(corners)
        tents |= corners[0]
        kept_free |= corners[1]
    cells = list(grid.cells(height, width))
    rng.shuffle(cells)
    for cell in cells[: round(density * height * width)]:
        near = set(grid.king_neighbours(cell, height, width)) | {cell}
        if cell in trees or near & (tents | kept_free):
            continue
        spots = [n for n in grid.neighbours(cell, height, width) if n not in trees | tents | kept_free]
        if spots:
            tents.add(cell)
            trees.add(rng.choice(spots))
    cols = [sum(1 for t in tents if t[1] == c) for c in range(width)]
    rows = [sum(1 for t in tents if t[0] == r) for r in range(height)]
    if width > 1 and rng.random() < corrupt:
        i, j = rng.sample(range(width), 2)
        if cols[i] > 0 and cols[j] < height:
            cols[i] -= 1
            cols[j] += 1
    return Puzzle(tuple(cols), tuple(rows), frozenset(trees))
