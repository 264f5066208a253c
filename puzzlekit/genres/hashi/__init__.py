"""Hashi (Hashiwokakero, Bridges): join numbered islands with bridges into one connected network."""

from __future__ import annotations

import random as _random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from ... import grid, textio
from ...clock import UNLIMITED, Deadline
from ...grid import Cell
from ...ir import Edge, Lit, Model, ModelBuilder
from .. import _common, _states

NAME = "hashi"
WATER = 0
MAX_CLUE = 8

Pair = tuple[Cell, Cell]
Bridge = tuple[Cell, Cell, int]


_CELL = _common.int_cell(WATER, MAX_CLUE, "0 (water) or an island number 1-8")


@dataclass(frozen=True)
class Puzzle(_common.GridShape):
    """Islands on water: ``grid[r][c]`` is 0 (water) or the island's number 1..8.

    The data is checked when the puzzle is made, by the rules the parser applies to a file: a
    rectangular grid within the size limits, cells 0..8, at least one island, and no island
    whose number is more than twice the islands it sees. A break raises `ParseError` naming
    the place (``<puzzle>: grid[1][2]: ...``). Lists are accepted for tuples and stored as tuples.
    """

    grid: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        _common.assign(self, grid=_common.grid_of(self.grid, _CELL))
        _check_islands(self)

    def islands(self) -> dict[Cell, int]:
        """Every island's number by cell."""
        return {(r, c): v for r, row in enumerate(self.grid) for c, v in enumerate(row) if v}

    def pairs(self) -> dict[Pair, tuple[Cell, ...]]:
        """Islands that see each other along a row or column, with the water cells between."""
        islands = frozenset(self.islands())
        out: dict[Pair, tuple[Cell, ...]] = {}
        for cell in sorted(islands):
            for direction in "DR":
                other, passed = grid.sight_line(cell, direction, self.height, self.width, islands)
                if other is not None:
                    out[(cell, other)] = tuple(passed)
        return out


@dataclass(frozen=True)
class Solution:
    """Bridges as ``(a, b, k)``: ``k`` bridges between islands ``a < b``, sorted."""

    bridges: tuple[Bridge, ...]

    def to_json(self) -> dict[str, Any]:
        return {"bridges": [[list(a), list(b), k] for a, b, k in sorted(self.bridges)]}


def make_solution(bridges: Any) -> Solution:
    """A Solution from ``(a, b, k)`` triples in any order (duplicates are kept for `verify`)."""
    return Solution(tuple(sorted((*grid.edge(a, b), k) for a, b, k in bridges)))


def parse(text: str, source: str = "<string>") -> Puzzle:
    """Read one character per cell: ``.`` water, ``1``-``8`` an island."""
    lines = textio.content_lines(text, source)
    _, body = textio.read_headers(lines, set(), source)
    rows = textio.grid_rows(body, source, whitespace=False)
    out = []
    for line, row in zip(body, rows):
        values = []
        for tok in row:
            ch = tok.text
            if ch in "09":
                raise textio.error(source, line, tok.column, f"islands carry 1-8, found {ch!r}")
            if ch != "." and not ("1" <= ch <= "8"):
                raise textio.error(
                    source, line, tok.column, f"expected '.' (water) or an island number 1-8, found {ch!r}"
                )
            values.append(WATER if ch == "." else int(ch))
        out.append(tuple(values))
    with _common.located(source, _common.grid_place(body, rows)):
        return Puzzle(tuple(out))


def _check_islands(puzzle: Puzzle) -> None:
    """Refuse a grid without islands, or an island whose number can never be met."""
    islands = puzzle.islands()
    if not islands:
        raise _common.Invalid("no islands: the grid holds only water", ("grid",))
    reach: dict[Cell, int] = {cell: 0 for cell in islands}
    for a, b in puzzle.pairs():
        reach[a] += 2
        reach[b] += 2
    for (r, c), clue in sorted(islands.items()):
        if clue > reach[(r, c)]:
            raise _common.Invalid(
                f"island {clue} sees {reach[(r, c)] // 2} other island(s), so it can carry at most "
                f"{reach[(r, c)]} bridge(s)",
                ("grid", r, c),
            )


def format(puzzle: Puzzle) -> str:
    """The puzzle in its file format."""
    return "".join("".join(str(v) if v else "." for v in row) + "\n" for row in puzzle.grid)


def bridge_key(a: Cell, b: Cell) -> Hashable:
    """The IR variable key of the bridge count between two islands."""
    return ("bridge",) + grid.edge(a, b)


def model(puzzle: Puzzle, deadline: Deadline = UNLIMITED) -> Model:
    """The rules of docs/genres/hashi.md, one block per sentence.

    ``deadline`` (`puzzlekit.clock.Deadline`) stops the building with `OutOfTime` when it ends.
    """
    m = ModelBuilder(NAME)
    islands = puzzle.islands()
    pairs = puzzle.pairs()

    # Draw bridges horizontally or vertically between islands: at most two between a pair ...
    bridge = {pair: m.int(bridge_key(*pair), 0, 2) for pair in pairs}

    # ... never crossing another bridge or an island (pairs only see each other across water).
    crossing: dict[Cell, dict[bool, list[Pair]]] = {}
    for pair, passed in deadline.paced(pairs.items(), 256):
        horizontal = pair[0][0] == pair[1][0]
        for cell in passed:
            crossing.setdefault(cell, {True: [], False: []})[horizontal].append(pair)
    for cell, by_axis in deadline.paced(crossing.items(), 256):
        for h in by_axis[True]:
            for v in by_axis[False]:
                with m.rule(f"bridges never cross: {_pair_text(h)} and {_pair_text(v)} would meet at {cell}",
                            cells=[cell]):
                    m.clause([ModelBuilder.eq(bridge[h], 0), ModelBuilder.eq(bridge[v], 0)])

    # Each island has as many bridge ends as its number.
    ends: dict[Cell, list[tuple[int, Lit]]] = {island: [] for island in islands}
    for pair, x in bridge.items():
        for island in pair:
            ends[island] += [(1, ModelBuilder.eq(x, 1)), (2, ModelBuilder.eq(x, 2))]
    for island, clue in islands.items():
        with m.rule(f"the island at {island} has {clue} bridge{'s' if clue > 1 else ''}", cells=[island]):
            m.count(ends[island], "==", clue)

    # All islands are connected.
    with m.rule("all islands are connected into one group"):
        m.connected(
            [(island, None) for island in islands],
            [Edge(a, b, ~ModelBuilder.eq(x, 0)) for (a, b), x in bridge.items()],
        )

    m.output(bridge.values())
    deadline.check()
    return m.build()


def _pair_text(pair: Pair) -> str:
    return f"{pair[0]}-{pair[1]}"


def decode(puzzle: Puzzle, assignment: dict[Hashable, int]) -> Solution:
    """The bridges from the values of the bridge variables."""
    return make_solution((k[1], k[2], v) for k, v in assignment.items() if k[0] == "bridge" and v)


def verify(puzzle: Puzzle, solution: Solution) -> list[str]:
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


def render(puzzle: Puzzle, solution: Solution | None = None) -> str:
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


def solution_from_json(puzzle: Puzzle, data: Any) -> Solution:
    """A solution from its JSON shape ``{"bridges": [[[r,c],[r,c'], k], ...]}``."""
    items = _common.require(data, "bridges", list)
    bounds = _common.grid_bounds(puzzle.height, puzzle.width)
    first: dict[Pair, int] = {}
    out = []
    for i, item in enumerate(items):
        if not isinstance(item, (list, tuple)) or len(item) != 3:
            raise _common.refuse(f"bridges[{i}]: expected [[r,c], [r,c], k], found {_common.shown(item)}")
        a = _common.point(item[0], f"bridges[{i}][0]", bounds)
        b = _common.point(item[1], f"bridges[{i}][1]", bounds)
        k = item[2]
        if not (_common.is_int(k) and 1 <= k <= 2):
            raise _common.refuse(f"bridges[{i}][2]: expected a bridge count 1 or 2, found {_common.shown(k)}")
        pair = grid.edge(a, b)
        if pair in first:
            raise _common.refuse(
                f"bridges[{i}]: the pair {_common.cell_text(pair[0])}-{_common.cell_text(pair[1])} is listed "
                f"twice (first as bridges[{first[pair]}])"
            )
        first[pair] = i
        out.append((a, b, int(k)))
    return make_solution(out)


def state_from_json(puzzle: Puzzle, data: Any) -> dict[Hashable, int]:
    """A player's state from ``{"bridges": [[[r,c],[r,c'], k], ...], "no_bridges": [[[r,c],[r,c']], ...],
    "complete": false}`` (see docs/genres/hashi.md): pairs of islands known to have k bridges
    (1 or 2) and pairs known to have none."""
    bounds = _common.grid_bounds(puzzle.height, puzzle.width)
    pairs = puzzle.pairs()

    def islands(value: Any, place: str) -> Pair:
        a, b = _states.pair(value, place, bounds, "a pair of islands [[r, c], [r, c]]")
        if (a, b) not in pairs:
            raise _states.refuse(
                f"{place}: {_common.cell_text(a)} and {_common.cell_text(b)} are not two islands that see "
                "each other across water"
            )
        return a, b

    def bridges(value: Any, place: str) -> tuple[Hashable, int]:
        if not isinstance(value, (list, tuple)) or len(value) != 3:
            raise _states.refuse(f"{place}: expected [[r,c], [r,c], k], found {_common.shown(value)}")
        k = value[2]
        if not (_common.is_int(k) and 1 <= k <= 2):
            raise _states.refuse(f"{place}[2]: expected a bridge count 1 or 2, found {_common.shown(k)}")
        return bridge_key(*islands(value[:2], place)), int(k)

    def none(value: Any, place: str) -> tuple[Hashable, int]:
        return bridge_key(*islands(value, place)), 0

    def text(key: Hashable) -> str:
        return f"the pair {_pair_text(key[1:])}"  # type: ignore[index]

    fields = {"bridges": _states.each(bridges), "no_bridges": _states.each(none)}
    return _states.read(data, NAME, fields, text, lambda: (bridge_key(*pair) for pair in pairs))


def state_to_json(puzzle: Puzzle, state: dict[Hashable, int]) -> dict[str, Any]:
    """The state JSON of a state (`state_from_json` reads it back to the same state)."""

    def item(key: Hashable, value: int) -> list:
        _, a, b = key  # type: ignore[misc]
        return [list(a), list(b), value] if value else [list(a), list(b)]

    return _states.write(state, "bridge", "bridges", "no_bridges", item, values=(0, 1, 2))


def describe(puzzle: Puzzle, key: Hashable, value: int) -> str:
    """An answer-key value in words: ``two bridges between (1, 1) and (1, 5)``."""
    _, a, b = key  # type: ignore[misc]
    count = {0: "no bridge", 1: "one bridge", 2: "two bridges"}.get(value, f"{value} bridges")
    return f"{count} between {a} and {b}"


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
