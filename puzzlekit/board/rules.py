"""The rule library: the constraint shapes pencil puzzles share, as IR on a grid.

`BoardBuilder` is the `ModelBuilder` a genre's rules receive. It holds the answer layers'
variables by layer name (``m.shaded[(r, c)]`` is the literal "this cell is shaded") and adds
the common shapes in one call each, tagging every piece with the rule's sentence and the cells
it is about, so hints can cite them: shaded cells connected, no 2x2 block, no two marked
cells side by side, counts per row, column or room, the cells seen from a clue.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from ..clock import UNLIMITED, Deadline
from ..ir import Edge, Lit, ModelBuilder

Cell = tuple[int, int]
#: The four directions a clue looks in, as (name, row step, column step).
DIRECTIONS: tuple[tuple[str, int, int], ...] = (
    ("up", -1, 0), ("down", 1, 0), ("left", 0, -1), ("right", 0, 1),
)


def where(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"


class BoardBuilder(ModelBuilder):
    """A model of a ``height x width`` grid: the answer variables and the rule library."""

    def __init__(self, name: str, height: int, width: int, deadline: Deadline = UNLIMITED):
        super().__init__(name)
        self.height, self.width = height, width
        self.answers: dict[str, dict[Cell, Any]] = {}
        #: The model's deadline: long rules walk their cells through ``m.deadline.paced(...)``.
        self.deadline = deadline

    def __getattr__(self, name: str) -> dict[Cell, Any]:
        # answer layers read as attributes: m.shaded, m.lamps, m.digits
        answers = self.__dict__.get("answers", {})
        if name in answers:
            return answers[name]
        raise AttributeError(name)

    # geometry --------------------------------------------------------------------------------
    def cells(self) -> Iterator[Cell]:
        """Every cell, row by row."""
        return ((r, c) for r in range(self.height) for c in range(self.width))

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.height and 0 <= cell[1] < self.width

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The cells beside a cell (up, down, left, right) on the grid."""
        r, c = cell
        return [n for _, dr, dc in DIRECTIONS if self.inside(n := (r + dr, c + dc))]

    def ray(self, cell: Cell, dr: int, dc: int) -> list[Cell]:
        """The cells from a cell's neighbour in one direction to the edge of the grid."""
        out = []
        r, c = cell[0] + dr, cell[1] + dc
        while self.inside((r, c)):
            out.append((r, c))
            r, c = r + dr, c + dc
        return out

    def rows(self) -> list[list[Cell]]:
        return [[(r, c) for c in range(self.width)] for r in range(self.height)]

    def columns(self) -> list[list[Cell]]:
        return [[(r, c) for r in range(self.height)] for c in range(self.width)]

    # building blocks -------------------------------------------------------------------------
    def both(self, key: Hashable, a: Lit, b: Lit) -> Lit:
        """A new literal that is true exactly when ``a`` and ``b`` are."""
        x = self.bool(key)
        self.clause((~x, a))
        self.clause((~x, b))
        self.clause((x, ~a, ~b))
        return x

    def prefixes(self, key: tuple, lits: Sequence[Lit]) -> list[Lit]:
        """Literals ``p[i]`` true exactly when ``lits[0..i]`` all are (the cells seen along a
        line of sight that stops at the first false one); new variables ``(*key, i)``."""
        out: list[Lit] = []
        for i, lit in enumerate(lits):
            out.append(lit if i == 0 else self.both((*key, i), out[-1], lit))
        return out

    # the rule library -------------------------------------------------------------------------
    def connected_cells(self, lits: Mapping[Cell, Lit], rule: str, key: str = "link") -> None:
        """The cells whose literal is true form one orthogonally connected group (or none)."""
        with self.rule(rule):  # the links' definitions belong to the rule too (hints cite them)
            edges = []
            for cell in sorted(lits):
                for other in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1])):
                    if other in lits:
                        link = self.both((key, cell, other), lits[cell], lits[other])
                        edges.append(Edge(cell, other, link))
            self.connected([(cell, lits[cell]) for cell in sorted(lits)], edges)

    def no_2x2(self, lits: Mapping[Cell, Lit], rule: str) -> None:
        """No 2x2 block has all four literals true."""
        for r in range(self.height - 1):
            for c in range(self.width - 1):
                block = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                if all(cell in lits for cell in block):
                    with self.rule(f"{rule}: the block at {where((r, c))}", cells=block):
                        self.clause([~lits[cell] for cell in block])

    def no_two_adjacent(self, lits: Mapping[Cell, Lit], rule: str) -> None:
        """No two cells side by side both have their literal true."""
        for cell in sorted(lits):
            for other in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1])):
                if other in lits:
                    with self.rule(f"{rule}: {where(cell)} and {where(other)}", cells=[cell, other]):
                        self.clause((~lits[cell], ~lits[other]))

    def no_two_touching(self, lits: Mapping[Cell, Lit], rule: str) -> None:
        """No two true literals touch, diagonally included: at most one in each 2x2 block (two
        cells touch exactly when some 2x2 block holds both)."""
        for r in range(self.height - 1):
            for c in range(self.width - 1):
                block = [(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1)]
                with self.rule(f"{rule}: at most one in the 2x2 block at {where((r, c))}", cells=block):
                    self.at_most(1, [lits[cell] for cell in block if cell in lits])

    def count_in(self, k: int, lits: Mapping[Cell, Lit], cells: Iterable[Cell], rule: str) -> None:
        """Exactly ``k`` of the cells have their literal true."""
        cells = list(cells)
        with self.rule(rule, cells=cells):
            self.exactly(k, [lits[cell] for cell in cells if cell in lits])

    def lines_at(self, cell: Cell, lines: Mapping[tuple[Cell, Cell], Lit]) -> list[Lit]:
        """The literals of the lines that touch a cell (at most four)."""
        r, c = cell
        pairs = (((r - 1, c), cell), ((r, c - 1), cell), (cell, (r, c + 1)), (cell, (r + 1, c)))
        return [lines[pair] for pair in pairs if pair in lines]

    def degree(self, cell: Cell, lines: Mapping[tuple[Cell, Cell], Lit], allowed: Iterable[int],
               rule: str) -> None:
        """The number of lines at a cell is one of ``allowed``: one number, a run of numbers
        (``range(1, 3)``), or 0 and 2 (a loop passes through or not)."""
        allowed = sorted(set(allowed))
        at = self.lines_at(cell, lines)
        with self.rule(rule, cells=[cell]):
            if allowed == [0, 2]:
                self.at_most(2, at)
                for i, lit in enumerate(at):  # one line in needs another out
                    self.clause([~lit, *at[:i], *at[i + 1:]])
            elif allowed == list(range(allowed[0], allowed[-1] + 1)):
                self.at_least(allowed[0], at)
                self.at_most(allowed[-1], at)
            else:
                raise ValueError(f"the degrees {allowed} are neither a run of numbers nor 0 and 2")

    def one_loop(self, lines: Mapping[tuple[Cell, Cell], Lit], rule: str) -> None:
        """The lines used form exactly one closed loop (the degrees are separate rules)."""
        with self.rule(rule):
            self.loop(Edge(a, b, lit) for (a, b), lit in sorted(lines.items()))

    def seen_from(self, cell: Cell, lits: Mapping[Cell, Lit], key: str = "seen") -> list[Lit]:
        """Literals for the cells a clue at ``cell`` sees: along each direction, each cell
        whose literal is true together with every cell between it and the clue (the sight
        stops at the first false one, and at a cell without a literal)."""
        out: list[Lit] = []
        for name, dr, dc in DIRECTIONS:
            line: list[Lit] = []
            for other in self.ray(cell, dr, dc):
                if other not in lits:
                    break
                line.append(lits[other])
            out += self.prefixes((key, cell, name), line)
        return out

    # links with a multiplicity between clues (`Bridges`: ``m.bridges``) -----------------------------
    def links_never_cross(self, links: Any, rule: str) -> None:
        """No two links cross: where a horizontal and a vertical pair pass over one cell, one of
        them has no link (``links.between``: the cells each pair passes over)."""
        crossing: dict[Cell, dict[bool, list]] = {}
        eq = self.eq
        for pair, passed in self.deadline.paced(links.between.items(), 256):
            for cell in passed:
                crossing.setdefault(cell, {True: [], False: []})[pair[0][0] == pair[1][0]].append(pair)
        for cell, by_axis in self.deadline.paced(crossing.items(), 256):
            for h in by_axis[True]:
                for v in by_axis[False]:
                    meet = f"{h[0]}-{h[1]} and {v[0]}-{v[1]} would meet at {cell}"
                    with self.rule(f"{rule}: {meet}", cells=[cell]):
                        self.clause([eq(links[h], 0), eq(links[v], 0)])

    def link_ends(self, cell: Cell, k: int, links: Any, rule: str) -> None:
        """The links with an end at a cell add up to ``k`` (a double link counts two)."""
        ends: list[tuple[int, Lit]] = []
        eq = self.eq
        for pair in links.at(cell):
            x = links[pair]
            for n in range(1, x.hi + 1):
                ends.append((n, eq(x, n)))
        with self.rule(rule, cells=[cell]):
            self.count(ends, "==", k)

    def linked(self, cells: Iterable[Cell], links: Any, rule: str) -> None:
        """The cells form one group through the pairs that have a link."""
        with self.rule(rule):
            self.connected([(cell, None) for cell in cells],
                           [Edge(a, b, ~self.eq(x, 0)) for (a, b), x in links.items()])
