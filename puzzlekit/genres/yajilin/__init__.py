"""Yajilin: shade cells apart; every other cell, clue cells aside, lies on one closed loop; an
arrow clue counts the shaded cells in its direction."""

from __future__ import annotations

from ...board import Genre, checks, layers, places
from ...board.loops import ArrowNumbers, arrow, on_loop, random_loop, ray, visited
from .. import _common

CLUE = "X"

genre = Genre(
    "yajilin", title="Yajilin",
    rule="shade cells apart; one loop through every other cell; an arrow counts the shaded cells ahead",
    clues=[layers.Symbols("blocks", {CLUE: "clue cell"}, what="a clue cell"),
           ARROWS := ArrowNumbers("arrows", light=True)],
    answers=[layers.Lines("edges", words=("the loop runs between {a} and {b}",
                                          "the loop does not run between {a} and {b}"))],
    optional=("arrows",),
)


@genre.extend
class Puzzle(genre.Puzzle):
    """The clue cells (``X``) and the arrows written in some of them."""

    def __post_init__(self) -> None:
        super().__post_init__()
        for (r, c), v in self.clues("arrows"):
            if self.blocks[r][c] is None:
                raise places.invalid(("arrows", r, c), f"the arrow {v} at ({r}, {c}) is not in a clue cell")

    @property
    def blocked(self) -> frozenset[tuple[int, int]]:
        """The clue cells: neither shaded nor on the loop."""
        return frozenset(cell for cell, _ in self.clues("blocks"))

    def shaded(self, edges) -> frozenset[tuple[int, int]]:
        """The shaded cells of an answer: the cells neither clues nor on the loop."""
        on = visited(edges)
        return frozenset((r, c) for r in range(self.height) for c in range(self.width)
                         if (r, c) not in on and (r, c) not in self.blocked)


@genre.model
def rules(p, m):
    # clue cells are off the loop; every other cell is on it or shaded
    on = on_loop(m, m.edges, p.blocked, "the clue cells stay off the loop")
    m.no_two_adjacent({cell: ~x for cell, x in on.items()}, "no two shaded cells side by side")
    m.one_loop(m.edges, "the loop is one closed loop through every unshaded cell")
    for cell, v in p.clues("arrows"):
        k, d = arrow(v)
        if k is not None:
            cells = [c for c in ray(cell, d, p.height, p.width) if c in on]
            with m.rule(f"the arrow {v} at {cell} points at {k} shaded cell{'' if k == 1 else 's'}",
                        cells=[cell, *cells]):
                m.exactly(k, [~on[c] for c in cells])


@genre.verify
def check(p, s):
    h, w, blocked = p.height, p.width, p.blocked
    touched = visited(s.edges)
    for cell in sorted(touched & blocked):
        yield f"the loop enters the clue cell {cell}"
    yield from checks.one_loop(s.edges)
    shaded = p.shaded(s.edges)
    yield from checks.no_two_adjacent(shaded, "shaded cells")
    for cell, v in p.clues("arrows"):
        k, d = arrow(v)
        n = sum(c in shaded for c in ray(cell, d, h, w))
        if k is not None and n != k:
            yield f"the arrow {v} at {cell} points at {n} shaded cells, not {k}"


@genre.plant
def plant(rng, height: int, width: int):
    """A random loop whose left-out cells can be shaded apart where they are not clue cells."""
    return genre.Solution(edges=random_loop(rng, height, width, rng.uniform(0.4, 0.7)))


@genre.reveal
def reveal(solution, h: int, w: int):
    """The cells off the loop shaded apart in reading order, the rest clue cells; each clue's
    arrow along its longest ray, with the count of shaded cells there."""
    on, shaded, rows = visited(solution.edges), set(), [[None] * w for _ in range(h)]
    for r in range(h):
        for c in range(w):
            if (r, c) not in on and not {(r - 1, c), (r, c - 1)} & shaded:
                shaded.add((r, c))
    for r in range(h):
        for c in range(w):
            if (r, c) not in on and (r, c) not in shaded:
                d = max("NESW", key=lambda d: len(ray((r, c), d, h, w)))
                rows[r][c] = f"{sum(x in shaded for x in ray((r, c), d, h, w))}{d}"
    return genre.Puzzle(h, w, blocks=[[CLUE if v else None for v in row] for row in rows], arrows=rows)


# what was measured of the generator (docs/generating.md, "Levels made"): the square sides
# measured, and per level the sides where at least 95% of the requests came back at it
SIDES = (7, 10)
RELIABLE = {"pairs": (7, 10), "trial": (7, 10), "lines": (7, 10), "chain": (7, 10)}

genre.export(globals())


def render(puzzle: Puzzle, solution=None) -> str:
    """The grid as text: the arrows, the loop in box-drawing characters, ``#`` shaded."""
    marks = {cell: "X" for cell in puzzle.blocked} | ARROWS.marks(puzzle.arrows)
    edges = solution.edges if solution is not None else frozenset()
    if solution is not None:
        marks |= {cell: "#" for cell in puzzle.shaded(edges)}
    return _common.draw_lines(puzzle.height, puzzle.width, edges, marks)
