"""Hashi (Hashiwokakero, Bridges): join numbered islands with bridges into one connected network."""

from __future__ import annotations

import random as _random
from collections.abc import Hashable
from typing import Any

from ... import grid
from ...board import Genre, layers
from ...board.bridges import sight_pairs
from ...board.places import invalid
from ...grid import Cell
from .. import _common

#: The backends `auto` tries first, fastest first, as measured (docs/benchmarks.md); the rest
#: follow in the default order.
BACKENDS = ("sat", "cpsat")

WATER = 0
MAX_CLUE = 8

Pair = tuple[Cell, Cell]
Bridge = tuple[Cell, Cell, int]

genre = Genre(
    "hashi", title="Hashi", rule="join numbered islands with bridges into one connected network",
    clues=[layers.Numbers("grid", lo=1, hi=MAX_CLUE, spaced=False, empty=WATER, beyond="islands carry 1-8",
                          expected=("'.' (water) or an island number 1-8",
                                    "0 (water) or an island number 1-8"))],
    answers=[layers.Bridges("bridges", between="grid")],
    shaped_by="grid", classic_json=True,
)


@genre.extend
class Puzzle(genre.Puzzle):
    """Islands on water: ``grid[r][c]`` is 0 (water) or the island's number 1..8.

    The data is checked when the puzzle is made, by the rules the parser applies to a file: a
    rectangular grid within the size limits, cells 0..8, at least one island, and no island
    whose number is more than twice the islands it sees. A break raises `ParseError` naming
    the place (``<puzzle>: grid[1][2]: ...``). Lists are accepted for tuples and stored as tuples.
    """

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_islands(self)

    def islands(self) -> dict[Cell, int]:
        """Every island's number by cell."""
        return {(r, c): v for r, row in enumerate(self.grid) for c, v in enumerate(row) if v}

    def pairs(self) -> dict[Pair, tuple[Cell, ...]]:
        """Islands that see each other along a row or column, with the water cells between."""
        return sight_pairs(self.islands(), self.height, self.width)


def make_solution(bridges: Any) -> Any:
    """A Solution from ``(a, b, k)`` triples in any order (duplicates are kept for `verify`)."""
    return genre.Solution(tuple(sorted((*grid.edge(a, b), k) for a, b, k in bridges)))


def _check_islands(puzzle: Puzzle) -> None:
    """Refuse a grid without islands, or an island whose number can never be met."""
    islands = puzzle.islands()
    if not islands:
        raise invalid(("grid",), "no islands: the grid holds only water")
    reach: dict[Cell, int] = {cell: 0 for cell in islands}
    for a, b in puzzle.pairs():
        reach[a] += 2
        reach[b] += 2
    for (r, c), clue in sorted(islands.items()):
        if clue > reach[(r, c)]:
            raise invalid(("grid", r, c), f"island {clue} sees {reach[(r, c)] // 2} other island(s), so it "
                          f"can carry at most {reach[(r, c)]} bridge(s)")


def bridge_key(a: Cell, b: Cell) -> Hashable:
    """The IR variable key of the bridge count between two islands."""
    return ("bridge",) + grid.edge(a, b)


@genre.model
def rules(puzzle: Puzzle, m: Any) -> None:
    """The rules of docs/genres/hashi.md, one block per sentence."""
    islands = puzzle.islands()
    # Draw bridges horizontally or vertically between islands: at most two between a pair
    # (m.bridges: a count 0..2 for each pair of islands that see each other across water) ...
    bridges = m.bridges
    # ... never crossing another bridge or an island.
    m.links_never_cross(bridges, "bridges never cross")
    # Each island has as many bridge ends as its number.
    for island, clue in islands.items():
        plural = "s" if clue > 1 else ""
        m.link_ends(island, clue, bridges, f"the island at {island} has {clue} bridge{plural}")
    # All islands are connected.
    m.linked(islands, bridges, "all islands are connected into one group")


@genre.verify
def check(puzzle: Puzzle, solution: Any) -> list[str]:
    """Every broken rule, in words; empty when the bridges are valid. Independent of the model."""
    h, w = puzzle.height, puzzle.width
    islands = puzzle.islands()
    visible = puzzle.pairs()  # two islands of a row or column with only water between them
    problems: list[str] = []
    good: list[Bridge] = []
    seen: set[Pair] = set()
    for a, b, k in solution.bridges:
        a, b = grid.edge(a, b)
        name = f"bridge {list(a)}-{list(b)}"
        if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= 2:
            problems.append(f"{name} has {k!r} bridges; a pair takes 1 or 2")
            continue
        if (a, b) in seen:
            problems.append(f"{name} is listed more than once")
            continue
        seen.add((a, b))
        if not (grid.inside(a, h, w) and grid.inside(b, h, w)):
            problems.append(f"{name} leaves the {h}x{w} grid")
            continue
        if a not in islands or b not in islands:
            problems.append(f"{name} does not join two islands")
            continue
        if a == b or (a[0] != b[0] and a[1] != b[1]):
            problems.append(f"{name} is neither horizontal nor vertical")
            continue
        if (a, b) not in visible:
            problems.append(f"{name} crosses an island")
            continue
        good.append((a, b, k))
    occupied: dict[Cell, Bridge] = {}
    for bridge in good:
        for cell in _between(bridge[0], bridge[1]):
            if cell in occupied:
                other = occupied[cell]
                problems.append(
                    f"bridges {list(other[0])}-{list(other[1])} and {list(bridge[0])}-{list(bridge[1])} "
                    f"cross at {list(cell)}"
                )
            occupied[cell] = bridge
    ends = {cell: 0 for cell in islands}
    for a, b, k in good:
        ends[a] += k
        ends[b] += k
    for (r, c), clue in sorted(islands.items()):
        if ends[(r, c)] != clue:
            problems.append(f"the island {clue} at ({r}, {c}) has {ends[(r, c)]} bridge ends")
    pieces = _common.components([(a, b) for a, b, _ in good] + [(x, x) for x in islands])
    if len(pieces) > 1:
        problems.append(f"the islands form {len(pieces)} separate groups, not one")
    return problems


def _between(a: Cell, b: Cell) -> list[Cell]:
    """The cells strictly between two cells of one row or column."""
    if a[0] == b[0]:
        return [(a[0], c) for c in range(min(a[1], b[1]) + 1, max(a[1], b[1]))]
    return [(r, a[1]) for r in range(min(a[0], b[0]) + 1, max(a[0], b[0]))]


genre.export(globals())


def render(puzzle: Puzzle, solution: Any = None) -> str:
    """The grid as text: island numbers, ─ ═ horizontal and │ ║ vertical bridges."""
    bridges = solution.bridges if solution else ()
    glyph: dict[Cell, str] = {}
    gap: dict[Cell, str] = {}  # the gap to the right of a cell
    for a, b, k in bridges:
        if a[0] == b[0]:
            line = "═" if k == 2 else "─"
            for c in range(min(a[1], b[1]), max(a[1], b[1])):
                gap[(a[0], c)] = line
            for cell in _between(a, b):
                glyph[cell] = line
        else:
            for cell in _between(a, b):
                glyph[cell] = "║" if k == 2 else "│"
    water = " " if bridges else "·"
    out = []
    for r, row in enumerate(puzzle.grid):
        text = "".join(
            (str(v) if v else glyph.get((r, c), water)) + gap.get((r, c), " ") for c, v in enumerate(row)
        )
        out.append(text.rstrip())
    return "\n".join(out)


def random_puzzle(
    rng: _random.Random, height: int, width: int, density: float = 0.2, extra: float = 0.3
) -> Puzzle:
    """A solvable puzzle: islands grown one bridge at a time from a first one, then numbered.

    ``density`` is the share of cells to make islands (as far as they fit); ``extra`` is the
    chance of trying one more bridge between islands already placed, per island.
    """
    if height * width < 2:
        raise ValueError(f"a {height}x{width} grid has no room for two islands")
    islands: set[Cell] = {(rng.randrange(height), rng.randrange(width))}
    bridges: dict[Pair, int] = {}
    used: dict[Cell, bool] = {}  # water cell under a bridge -> horizontal?
    target = max(2, round(density * height * width))
    for _ in range(40 * target):
        if len(islands) >= target:
            break
        start = rng.choice(sorted(islands))
        direction = rng.choice("UDLR")
        reach = []  # free cells in this direction before anything blocks
        here = grid.step(start, direction)
        while grid.inside(here, height, width) and here not in islands and here not in used:
            reach.append(here)
            here = grid.step(here, direction)
        if not reach:
            continue
        end = reach[rng.randint(min(2, len(reach)), len(reach)) - 1]
        islands.add(end)
        _add_bridge(bridges, used, start, end, rng.choice((1, 2)))
    if len(islands) < 2:
        raise ValueError(f"could not place two islands on a {height}x{width} grid")
    for _ in range(round(extra * len(islands))):
        start = rng.choice(sorted(islands))
        other, passed = grid.sight_line(start, rng.choice("UDLR"), height, width, frozenset(islands))
        if other is None or grid.edge(start, other) in bridges or any(cell in used for cell in passed):
            continue
        _add_bridge(bridges, used, start, other, rng.choice((1, 2)))
    clue: dict[Cell, int] = {}
    for (a, b), k in bridges.items():
        clue[a] = clue.get(a, 0) + k
        clue[b] = clue.get(b, 0) + k
    return Puzzle(tuple(tuple(clue.get((r, c), WATER) for c in range(width)) for r in range(height)))


def _add_bridge(bridges: dict[Pair, int], used: dict[Cell, bool], a: Cell, b: Cell, k: int) -> None:
    """Record ``k`` bridges between islands and mark the water under them."""
    bridges[grid.edge(a, b)] = k
    for cell in _between(a, b):
        used[cell] = a[0] == b[0]
