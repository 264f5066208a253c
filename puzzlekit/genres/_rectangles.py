"""Candidate rectangles of a rectangle-splitting puzzle (Patches): which rectangles each clue
may take, generated around the clue and pruned by the cells only one clue can reach.

Kept apart from the genre module because the search over row spans is long; it reads only the
puzzle's size and clues (``height``, ``width``, ``clues()``; each clue's ``area`` and
``shape``) and knows nothing of the model.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .. import textio
from ..clock import UNLIMITED, Deadline
from ..errors import PuzzlekitError
from ..grid import Cell

Rect = tuple[int, int, int, int]  # top, left, height, width
Puzzle = Any  # a patches Puzzle: height, width, clues()
Clue = Any  # a patches Clue: area (or None), shape (or None)


Core = tuple[int, int, int, int]  # top, bottom, left, right rows and columns, inclusive


def candidates(puzzle: Puzzle, deadline: Deadline = UNLIMITED) -> dict[Cell, list[Rect]]:
    """For each clue, every rectangle that holds it and no other clue and matches its area and shape.

    Generated row span by row span around the clue, so rectangles holding a second clue are
    never visited: the work is proportional to the rectangles listed.
    """
    clues = sorted(puzzle.clues().items())
    return listed(puzzle, clues, [(r, r, c, c) for (r, c), _ in clues], deadline)


#: Most cells the candidate rectangles of a model may cover together (one count term each):
#: about 10 s and 1 GB to build. A grid with too few clues to fix the pieces goes far beyond.
MAX_TERMS = 10_000_000


class ModelTooLarge(PuzzlekitError, ValueError):
    """A puzzle whose model would be too large to build (see `MAX_TERMS`)."""


#: Most candidate rectangles per clue at which `pieces` prunes the listed rectangles themselves
#: (as bit masks); above, it works out the cores over row spans without listing them
#: (docs/benchmarks.md, "Patches' pruning on the rectangles themselves").
FEW_PER_CLUE = 20


def pieces(puzzle: Puzzle, deadline: Deadline = UNLIMITED) -> dict[Cell, list[Rect]]:
    """The `candidates` that can be a clue's rectangle in some solution, as far as cheaply known.

    Every cell lies in some clue's rectangle. When only one clue has candidates that reach a
    cell, that clue's rectangle covers the cell, so its candidates shrink to those holding it
    and the other clues' candidates may not touch it; this is repeated until nothing changes.
    No solution is lost. On a grid with one ``?`` clue it leaves the whole grid as the only piece.
    Raises `ModelTooLarge` when the pieces would cover more than `MAX_TERMS` cells together.
    """
    clues = sorted(puzzle.clues().items())
    first: list[Core] = [(r, r, c, c) for (r, c), _ in clues]
    if size_of(puzzle, clues, first, deadline)[0] <= FEW_PER_CLUE * len(clues):
        boxes, options = _masked_cores(puzzle, clues, deadline)
        if options is not None:
            return options
    else:
        boxes = cores(puzzle, clues, deadline)
    rects, cells = size_of(puzzle, clues, boxes, deadline)
    if cells > MAX_TERMS:
        raise ModelTooLarge(
            f"the patches model of this {puzzle.height}x{puzzle.width} grid would need {rects:,} candidate "
            f"rectangles covering {cells:,} cells (the limit is {MAX_TERMS:,}): its {len(clues)} clue(s) "
            "leave the pieces too free; give more clues or areas"
        )
    return listed(puzzle, clues, boxes, deadline)


def size_of(
    puzzle: Puzzle, clues: list[tuple[Cell, Clue]], cores: list[Core], deadline: Deadline
) -> tuple[int, int]:
    """How many rectangles `listed` would list, and how many cells they cover together."""
    space = _Space(puzzle.height, puzzle.width, cores)
    rects = cells = 0
    for (_, clue), core in zip(clues, cores):
        deadline.check()
        left, right = core[2], core[3]
        for top, bottom, a, b, widths in _pairs(space, core, clue):
            for width in widths:
                placed = min(left, b - width + 1) - max(a, right - width + 1) + 1
                rects += placed
                cells += placed * width * (bottom - top + 1)
    return rects, cells


class _Space:
    """The cores of all clues (the box each clue's rectangle must cover) on the grid, with the
    nearest core cell to the left and to the right of every cell, row by row."""

    def __init__(self, height: int, width: int, cores: list[Core]):
        self.height, self.width = height, width
        self.owner = [[-1] * width for _ in range(height)]
        self.overlap = False
        self.left: list[list[int]] = [[]] * height  # left[i][j]: the last core column <= j in row i, or -1
        self.right: list[list[int]] = [[]] * height  # right[i][j]: the first core column >= j, or width
        for k, core in enumerate(cores):
            self._own(k, core)
        for i in range(height):
            self._nearest(i)

    def grow(self, grown: list[tuple[int, Core]]) -> None:
        """Each core ``k`` is now its ``core`` (cores only grow): their rows are worked out again."""
        rows: set[int] = set()
        for k, core in grown:
            self._own(k, core)
            rows.update(range(core[0], core[1] + 1))
        for i in rows:
            self._nearest(i)

    def _own(self, k: int, core: Core) -> None:
        top, bottom, left, right = core
        size = right - left + 1
        for row in self.owner[top : bottom + 1]:
            cells = row[left : right + 1]
            if cells.count(-1) + cells.count(k) != size:
                self.overlap = True
            row[left : right + 1] = [k] * size

    def _nearest(self, i: int) -> None:
        row, width = self.owner[i], self.width
        last, lefts = -1, []
        for j, x in enumerate(row):
            if x != -1:
                last = j
            lefts.append(last)
        first, rights = width, [0] * width
        for j in range(width - 1, -1, -1):
            if row[j] != -1:
                first = j
            rights[j] = first
        self.left[i], self.right[i] = lefts, rights

    def spans(self, core: Core, most: int) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]:
        """The row spans a rectangle covering ``core`` and no other core can take, at most ``most`` tall.

        Returns ``tops``: ``(top, L, R)`` for each top row, nearest first, with the columns
        L..R that rows top..(core bottom) leave free; and ``bottoms``: ``(bottom, L, R)`` for
        the rows below the core. A rectangle of rows top..bottom may use columns
        max(L, L')..min(R, R').
        """
        top, bottom, left, right = core
        width = self.width

        def free(i: int) -> tuple[int, int] | None:
            lefts, rights = self.left[i], self.right[i]
            if not top <= i <= bottom and rights[left] <= right:
                return None  # another core lies in the core's columns
            first = lefts[left - 1] + 1 if left else 0
            return first, (rights[right + 1] - 1 if right + 1 < width else width - 1)

        lo, hi = 0, width - 1
        for i in range(top, bottom + 1):
            a, b = free(i)  # type: ignore[misc]
            lo, hi = (lo if lo > a else a), (hi if hi < b else b)
        tops = [(top, lo, hi)]
        for i in range(top - 1, max(-1, bottom - most), -1):
            limits = free(i)
            if limits is None:
                break
            a, b = limits
            lo, hi = (lo if lo > a else a), (hi if hi < b else b)
            tops.append((i, lo, hi))
        lo, hi = 0, width - 1
        bottoms = [(bottom, lo, hi)]
        for i in range(bottom + 1, min(self.height, top + most)):
            limits = free(i)
            if limits is None:
                break
            a, b = limits
            lo, hi = (lo if lo > a else a), (hi if hi < b else b)
            bottoms.append((i, lo, hi))
        return tops, bottoms


def _widths(clue: Clue, height: int, least: int, most: int) -> range:
    """The widths a rectangle of ``height`` rows may take for the clue, between ``least`` and ``most``."""
    if clue.area is not None:
        width = clue.area // height
        fits = width * height == clue.area and least <= width <= most
        if not fits or not shape_ok(clue.shape, height, width):
            return range(0)
        return range(width, width + 1)
    if clue.shape == "s":
        return range(height, height + 1) if least <= height <= most else range(0)
    if clue.shape == "w":
        return range(max(least, height + 1), most + 1)
    if clue.shape == "t":
        return range(least, min(most, height - 1) + 1)
    return range(least, most + 1)


def _tallest(clue: Clue, core: Core) -> int:
    """An upper bound on the height of the clue's rectangle (its area over the core's width)."""
    if clue.area is None:
        return textio.MAX_SIDE + 1
    return clue.area // (core[3] - core[2] + 1)


def _pairs(space: _Space, core: Core, clue: Clue) -> Iterator[tuple[int, int, int, int, range]]:
    """``(top, bottom, L, R, widths)`` for each row span the clue's rectangle may take."""
    tops, bottoms = space.spans(core, _tallest(clue, core))
    least = core[3] - core[2] + 1
    for top, lo, hi in tops:
        for bottom, lo2, hi2 in bottoms:
            # comparisons rather than max/min: this loop is most of a large model's building
            a = lo if lo > lo2 else lo2
            b = hi if hi < hi2 else hi2
            widths = _widths(clue, bottom - top + 1, least, b - a + 1)
            if widths:
                yield top, bottom, a, b, widths


def listed(
    puzzle: Puzzle, clues: list[tuple[Cell, Clue]], cores: list[Core], deadline: Deadline
) -> dict[Cell, list[Rect]]:
    """Every rectangle covering each clue's core, no other core, of the clue's area and shape."""
    space = _Space(puzzle.height, puzzle.width, cores)
    out: dict[Cell, list[Rect]] = {}
    for (cell, clue), core in zip(clues, cores):
        deadline.check()
        left, right = core[2], core[3]
        rects = []
        for top, bottom, a, b, widths in _pairs(space, core, clue):
            height = bottom - top + 1
            for width in widths:
                lefts = range(max(a, right - width + 1), min(left, b - width + 1) + 1)
                rects += [(top, x, height, width) for x in lefts]
            if len(rects) > 4096:
                deadline.check()
        out[cell] = sorted(rects) if not space.overlap else []
    return out


def cores(puzzle: Puzzle, clues: list[tuple[Cell, Clue]], deadline: Deadline) -> list[Core]:
    """For each clue, the box its rectangle covers in every solution (see `pieces`).

    Each round finds the cells only one clue reaches and grows that clue's box to hold them;
    a clue's reach is worked out again only when its box grew or another box grew into it.
    """
    h, w = puzzle.height, puzzle.width
    cores: list[Core] = [(r, r, c, c) for (r, c), _ in clues]
    # how many clues reach each cell, and the sum of their numbers (when one does: its number),
    # as differences along each row
    count = [[0] * (w + 1) for _ in range(h)]
    owner = [[0] * (w + 1) for _ in range(h)]
    reach: list[list[tuple[int, int, int]]] = [[] for _ in clues]
    boxes: list[Core] = list(cores)  # the bounding box of each clue's reach
    dirty = list(range(len(clues)))
    space = _Space(h, w, cores)
    opening = True
    while dirty:
        deadline.check()
        if space.overlap:  # two clues must cover one cell: there is no solution
            return cores
        changed_rows: set[int] = set()
        for k in dirty:
            for sign, rows in ((-1, reach[k]), (1, None)):
                if rows is None:
                    rows = reach[k] = list(_reach(space, cores[k], clues[k][1]))
                    if rows:
                        lines = [i for i, _, _ in rows]
                        first, last = min(a for _, a, _ in rows), max(b for _, _, b in rows)
                        boxes[k] = (min(lines), max(lines), first, last)
                for i, a, b in rows:
                    count[i][a] += sign
                    count[i][b + 1] -= sign
                    owner[i][a] += sign * k
                    owner[i][b + 1] -= sign * k
                    changed_rows.add(i)
        # after the first round, a row whose counts did not change grows no box (its cells
        # that one clue reaches are in that clue's box since then) and has no cell none reaches
        scan: Iterable[int] = range(h) if opening else sorted(changed_rows)
        opening = False
        grown = [list(core) for core in cores]
        for i in scan:
            seen = clue_sum = 0
            counts, owners = count[i], owner[i]
            for j in range(w):
                seen += counts[j]
                clue_sum += owners[j]
                if seen == 1:
                    box = grown[clue_sum]
                    if i < box[0]:
                        box[0] = i
                    elif i > box[1]:
                        box[1] = i
                    if j < box[2]:
                        box[2] = j
                    elif j > box[3]:
                        box[3] = j
                elif seen == 0:  # a cell no rectangle can reach: there is no solution
                    return cores
        changed = [k for k, box in enumerate(grown) if tuple(box) != cores[k]]
        before, cores = cores, [tuple(box) for box in grown]  # type: ignore[misc]
        space.grow([(k, cores[k]) for k in changed])
        # the clues whose reach holds a cell some box grew into (a clue whose box grew among
        # them): no other reach changes, since a rectangle only ever met the old cells
        mark = [
            (i, j) for k in changed for i in range(cores[k][0], cores[k][1] + 1)
            for j in range(cores[k][2], cores[k][3] + 1)
            if not (before[k][0] <= i <= before[k][1] and before[k][2] <= j <= before[k][3])
        ]
        if len(mark) * len(boxes) <= 4 * h * w:  # few new cells: each box tested against them
            dirty = [
                k for k, (top, bottom, left, right) in enumerate(boxes)
                if any(top <= i <= bottom and left <= j <= right for i, j in mark)
            ]
        else:  # many: a box's sum over the grid of new cells
            touched = prefix_sums(h, w, dict.fromkeys(mark, 1))
            dirty = [
                k for k, (top, bottom, left, right) in enumerate(boxes)
                if total(touched, (top, left, bottom - top + 1, right - left + 1))
            ]
    return cores


def _masked_cores(
    puzzle: Puzzle, clues: list[tuple[Cell, Clue]], deadline: Deadline
) -> tuple[list[Core], dict[Cell, list[Rect]] | None]:
    """`cores` worked out on the listed candidates, each a bit mask of its cells (bit r*width+c).

    The same rounds as `cores`, so the same cores: a clue's reach is the union of its
    candidates, and a candidate stays while it covers its clue's core and no other. Returns
    the cores and the candidates left; None for the candidates when there is no solution (a
    cell none reaches, or two cores that meet), as `cores` returns then.
    """
    h, w = puzzle.height, puzzle.width
    cores: list[Core] = [(r, r, c, c) for (r, c), _ in clues]
    listing = listed(puzzle, clues, cores, deadline)
    rects = [[(rect, _mask(w, *rect)) for rect in listing[cell]] for cell, _ in clues]
    masks = [1 << (r * w + c) for (r, c), _ in clues]
    reach = [_union(options) for options in rects]
    everywhere, row_bits = (1 << (h * w)) - 1, (1 << w) - 1
    while True:
        deadline.check()
        once = twice = 0
        for cells in reach:
            twice |= once & cells
            once |= cells
        if once != everywhere:  # a cell no rectangle can reach
            return cores, None
        alone = once & ~twice
        grown: dict[int, Core] = {}
        for k, cells in enumerate(reach):
            own = cells & alone & ~masks[k]
            if own:
                top, bottom, left, right = cores[k]
                first, last = (own & -own).bit_length() - 1, own.bit_length() - 1
                top, bottom = min(top, first // w), max(bottom, last // w)
                for i in range(first // w, last // w + 1):
                    bits = (own >> (i * w)) & row_bits
                    if bits:
                        left = min(left, (bits & -bits).bit_length() - 1)
                        right = max(right, bits.bit_length() - 1)
                grown[k] = (top, bottom, left, right)
        if not grown:
            return cores, {cell: [rect for rect, _ in options] for (cell, _), options in zip(clues, rects)}
        new = 0  # the cells the grown cores took
        for k, core in grown.items():
            cores[k] = core
            top, bottom, left, right = core
            mask = _mask(w, top, left, bottom - top + 1, right - left + 1)
            new |= mask & ~masks[k]
            masks[k] = mask
        taken = 0
        for mask in masks:
            if taken & mask:  # two clues must cover one cell
                return cores, None
            taken |= mask
        for k, options in enumerate(rects):
            if k in grown:
                mine, others = masks[k], taken & ~masks[k]
                rects[k] = [(r, x) for r, x in options if x & mine == mine and not x & others]
            elif reach[k] & new:
                rects[k] = [(r, x) for r, x in options if not x & new]
            else:
                continue
            reach[k] = _union(rects[k])


def _mask(w: int, top: int, left: int, height: int, width: int) -> int:
    """The bit mask of a rectangle's cells on a grid ``w`` wide: its row's bits repeated down."""
    row = ((1 << width) - 1) << left
    return row * (((1 << (height * w)) - 1) // ((1 << w) - 1)) << (top * w)


def _union(options: list[tuple[Rect, int]]) -> int:
    cells = 0
    for _, mask in options:
        cells |= mask
    return cells


def _reach(space: _Space, core: Core, clue: Clue) -> Iterator[tuple[int, int, int]]:
    """``(row, first, last)``: the columns of each row that some rectangle of the clue covers."""
    top, bottom, left, right = core
    above: dict[int, tuple[int, int]] = {}  # by top row: the widest columns of a rectangle starting there
    below: dict[int, tuple[int, int]] = {}  # by bottom row
    for t, b, lo, hi, widths in _pairs(space, core, clue):
        widest = widths[-1]
        first, last = right - widest + 1, left + widest - 1
        first, last = (lo if lo > first else first), (hi if hi < last else last)
        old = above.get(t)
        if old is None or old[0] > first or old[1] < last:
            above[t] = (first, last) if old is None else (min(old[0], first), max(old[1], last))
        old = below.get(b)
        if old is None or old[0] > first or old[1] < last:
            below[b] = (first, last) if old is None else (min(old[0], first), max(old[1], last))
    if not above:
        return
    # a row above the core: rectangles starting at or above it; below: ending at or below it
    first, last = space.width, -1
    for i in range(min(above), top):
        if i in above:
            first, last = min(first, above[i][0]), max(last, above[i][1])
        if first <= last:
            yield i, first, last
    first = min(a for a, _ in above.values())
    last = max(b for _, b in above.values())
    for i in range(top, bottom + 1):  # the core's rows: every rectangle
        yield i, first, last
    first, last = space.width, -1
    for i in range(max(below), bottom, -1):
        if i in below:
            first, last = min(first, below[i][0]), max(last, below[i][1])
        if first <= last:
            yield i, first, last


def shape_ok(shape: str | None, height: int, width: int) -> bool:
    """Whether a ``height`` x ``width`` rectangle has the shape letter's form (None: any)."""
    if shape == "s":
        return height == width
    if shape == "w":
        return width > height
    if shape == "t":
        return height > width
    return True


def prefix_sums(h: int, w: int, values: dict[Cell, int]) -> list[list[int]]:
    """``sums[r][c]``: the total of ``values`` over the cells of rows < r and columns < c."""
    sums = [[0] * (w + 1) for _ in range(h + 1)]
    for r in range(h):
        above, here, run = sums[r], sums[r + 1], 0
        for c in range(w):
            run += values.get((r, c), 0)
            here[c + 1] = above[c + 1] + run
    return sums


def total(sums: list[list[int]], rect: Rect) -> int:
    """The total of a `prefix_sums` table over a rectangle."""
    top, left, height, width = rect
    bottom, right = top + height, left + width
    return sums[bottom][right] - sums[top][right] - sums[bottom][left] + sums[top][left]
