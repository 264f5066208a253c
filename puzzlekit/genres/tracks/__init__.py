"""Tracks (number route maze): one simple path from start to end matching row and column counts."""

from __future__ import annotations

import random as _random
import re
from collections import Counter, deque
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from ... import grid, textio
from ...clock import UNLIMITED, Deadline
from ...grid import Cell, CellEdge
from ...ir import Edge, Lit, Model, ModelBuilder
from .. import _common, _states

#: The backends `auto` tries first, fastest first, as measured (docs/benchmarks.md); the rest
#: follow in the default order.
BACKENDS = ("sat", "search", "cpsat")

NAME = "tracks"
HEADERS = {"cols", "rows", "start", "end", "given"}
ORDER = "UDLR"
#: Direction letters in words.
WORDS = {"U": "up", "D": "down", "L": "left", "R": "right"}


@dataclass(frozen=True)
class Puzzle(_common.LineShape):
    """Column counts (left to right), row counts (top to bottom), the ends and the given pieces.

    ``givens`` pairs a cell with the two directions it connects to, letters in U, D, L, R
    order; at the start or end cell one of them may point out of the grid (the entrance/exit).

    The data is checked when the puzzle is made, by the rules the parser applies to a file:
    sizes within the limits, counts 0..the length of their line with equal totals, start and
    end two different cells of the grid, each given a cell of the grid (once) with two
    different letters, pointing out of the grid only at the start or end and there once. A
    break raises `ParseError` naming the place (``<puzzle>: givens[0][1]: ...``). Lists are
    accepted for tuples, ``givens`` may be a dict, letters any case in any order; they are
    stored as tuples, the givens sorted by cell with their letters in U, D, L, R order.
    """

    cols: tuple[int, ...]
    rows: tuple[int, ...]
    start: Cell
    end: Cell
    givens: tuple[tuple[Cell, str], ...] = ()

    def __post_init__(self) -> None:
        _check(self)

    def given_map(self) -> dict[Cell, str]:
        """Every given piece by cell."""
        return dict(self.givens)

    def inner(self, cell: Cell, directions: str) -> set[str]:
        """The directions of ``directions`` that stay inside the grid from ``cell``."""
        return _inner(cell, directions, self.height, self.width)


@dataclass(frozen=True)
class Solution:
    """The path as a set of edges between adjacent cells, and its cells in order from start to end."""

    edges: frozenset[CellEdge]
    path: tuple[Cell, ...]

    def to_json(self) -> dict[str, Any]:
        return {"edges": _common.edges_to_json(self.edges), "path": [list(c) for c in self.path]}


def _inner(cell: Cell, directions: str, height: int, width: int) -> set[str]:
    return {d for d in directions if grid.inside(grid.step(cell, d), height, width)}


# checking the data ---------------------------------------------------------------------


def _check(puzzle: Puzzle) -> None:
    """The rules of a well-formed Tracks puzzle (see `Puzzle`); stores the fields normalised."""
    Invalid = _common.Invalid
    cols = _common.sequence(puzzle.cols, ("cols",), "a tuple of column counts")
    rows = _common.sequence(puzzle.rows, ("rows",), "a tuple of row counts")
    h, w = len(rows), len(cols)
    _common.check_size(1, w, ("cols",))
    _common.check_size(h, w, ("rows",))
    cols = _common.counts_of(cols, "cols", h, "rows")
    rows = _common.counts_of(rows, "rows", w, "columns")
    # both lists count the same visited cells, so lists of mismatched length or total are a typo
    if sum(cols) != sum(rows):
        raise Invalid(
            f"the row counts add up to {sum(rows)} but the column counts ({len(cols)} of them) to "
            f"{sum(cols)}: both count the visited cells, so they must agree",
            ("rows",),
        )
    start = _common.cell_of(puzzle.start, ("start",), h, w, "start")
    end = _common.cell_of(puzzle.end, ("end",), h, w, "end")
    if start == end:
        raise Invalid(f"start and end must be different cells, both are {start}", ("ends",), field="")
    items = puzzle.givens
    if isinstance(items, Mapping):
        items = list(items.items())
    givens: dict[Cell, str] = {}
    for i, item in enumerate(_common.sequence(items, ("givens",), "a tuple of (cell, letters) pairs")):
        if not isinstance(item, (list, tuple)) or len(item) != 2:
            problem = f"expected a given piece (cell, letters), found {_common.shown(item)}"
            raise Invalid(problem, ("givens", i))
        cell = _common.cell_of(item[0], ("givens", i, 0), h, w, "given cell")
        text = item[1]
        letters = text.upper() if isinstance(text, str) else ""
        if len(letters) != 2 or not set(letters) <= set(ORDER) or letters[0] == letters[1]:
            raise Invalid(
                f"expected two different direction letters of U, D, L, R, found {_common.shown(text)}",
                ("givens", i, 1),
            )
        outside = 2 - len(_inner(cell, letters, h, w))
        if outside and cell not in (start, end):
            raise Invalid(
                f"the piece at {cell} points out of the grid; only the start or end cell may have an exit",
                ("givens", i, 1),
            )
        if outside > 1:
            raise Invalid(f"the piece at {cell} may point out of the grid at most once", ("givens", i, 1))
        if cell in givens:
            raise Invalid(f"cell {cell} is given twice", ("givens", i, 0))
        givens[cell] = "".join(d for d in ORDER if d in letters)
    _common.assign(puzzle, cols=cols, rows=rows, start=start, end=end, givens=tuple(sorted(givens.items())))


# parsing -------------------------------------------------------------------------------


def _value_tokens(value: str, col: int) -> list[textio.Token]:
    """Whitespace-separated tokens of a header value that starts at column ``col``."""
    return [textio.Token(m.group(), col + m.start()) for m in re.finditer(r"\S+", value)]


def _counts(entry: tuple[str, textio.Line, int], source: str) -> tuple[list[int], list[textio.Token]]:
    value, line, col = entry
    toks = _value_tokens(value, col)
    return [textio.parse_int(tok, line, source, "a count (a whole number)") for tok in toks], toks


def _cell(entry: tuple[str, textio.Line, int], toks: list[textio.Token], source: str) -> Cell:
    _, line, _ = entry
    return (
        textio.parse_int(toks[0], line, source, "a row number"),
        textio.parse_int(toks[1], line, source, "a column number"),
    )


def parse(text: str, source: str = "<string>") -> Puzzle:
    """Read the header-only format: ``cols:``, ``rows:``, optional ``start:``, ``end:``, ``given:``."""
    lines = textio.content_lines(text, source)
    headers, body = textio.read_headers(lines, HEADERS, source, repeatable=frozenset({"given"}))
    if body:
        raise textio.error(
            source, body[0], 1, "expected a header line 'key: value' (a tracks file has no grid)"
        )
    for key in ("cols", "rows"):
        if key not in headers:
            raise textio.error(source, lines[0], 1, f"missing header '{key}:' (the {key[:-1]} counts)")
    (cols_entry,), (rows_entry,) = headers["cols"], headers["rows"]
    cols, col_toks = _counts(cols_entry, source)
    rows, row_toks = _counts(rows_entry, source)
    places: dict[tuple, tuple[textio.Line, int]] = {("cols",): cols_entry[1:], ("rows",): rows_entry[1:]}
    places.update({("cols", i): (cols_entry[1], tok.column) for i, tok in enumerate(col_toks)})
    places.update({("rows", i): (rows_entry[1], tok.column) for i, tok in enumerate(row_toks)})
    for key in ("cols", "rows"):
        places[(key,)] = (places[(key,)][0], 1)

    ends: dict[str, Cell] = {"start": (0, 0), "end": (len(rows) - 1, len(cols) - 1)}
    for key in ("start", "end"):
        if key in headers:
            entry = headers[key][0]
            toks = _value_tokens(entry[0], entry[2])
            if len(toks) != 2:
                raise textio.error(
                    source, entry[1], entry[2], f"expected '{key}: row col', found {entry[0]!r}"
                )
            ends[key] = _cell(entry, toks, source)
            places[(key,)] = (entry[1], toks[0].column)
    given = [headers[k][0][1] for k in ("start", "end") if k in headers]
    places[("ends",)] = (max(given, key=lambda line: line.number) if given else cols_entry[1], 1)

    givens: list[tuple[Cell, str]] = []
    for i, entry in enumerate(headers.get("given", [])):
        value, line, col = entry
        toks = _value_tokens(value, col)
        if len(toks) != 3:
            raise textio.error(
                source, line, col, f"expected 'given: row col XY' (e.g. 3 4 LU), found {value!r}"
            )
        givens.append((_cell(entry, toks, source), toks[2].text))
        places.update({("givens", i): (line, col), ("givens", i, 0): (line, toks[0].column)})
        places[("givens", i, 1)] = (line, toks[2].column)
    with _common.located(source, lambda at: places.get(at, (lines[0], 1))):
        return Puzzle(tuple(cols), tuple(rows), ends["start"], ends["end"], tuple(givens))


def format(puzzle: Puzzle) -> str:
    """The puzzle in its file format (``start``/``end`` written only when not the defaults)."""
    out = [f"cols: {' '.join(map(str, puzzle.cols))}", f"rows: {' '.join(map(str, puzzle.rows))}"]
    if puzzle.start != (0, 0):
        out.append(f"start: {puzzle.start[0]} {puzzle.start[1]}")
    if puzzle.end != (puzzle.height - 1, puzzle.width - 1):
        out.append(f"end: {puzzle.end[0]} {puzzle.end[1]}")
    out += [f"given: {r} {c} {d}" for (r, c), d in puzzle.givens]
    return "\n".join(out) + "\n"


# model ---------------------------------------------------------------------------------


def edge_key(a: Cell, b: Cell) -> Hashable:
    """The IR variable key of the path edge between two adjacent cells."""
    return ("edge",) + grid.edge(a, b)


def model(puzzle: Puzzle, deadline: Deadline = UNLIMITED) -> Model:
    """The rules of docs/genres/tracks.md, one block per sentence.

    ``deadline`` (`puzzlekit.clock.Deadline`) stops the building with `OutOfTime` when it ends.
    """
    h, w = puzzle.height, puzzle.width
    m = ModelBuilder(NAME)
    lit = {e: m.bool(edge_key(*e)) for e in deadline.paced(grid.cell_edges(h, w), 1024)}
    incident: dict[Cell, dict[str, Lit]] = {cell: {} for cell in grid.cells(h, w)}
    for (a, b), x in lit.items():
        incident[a][grid.direction_between(a, b)] = x
        incident[b][grid.direction_between(b, a)] = x
    visited = {cell: m.bool(("cell",) + cell) for cell in grid.cells(h, w)}

    # One simple path of orthogonal steps from the start cell to the end cell; no cell is
    # visited twice. (The Path constraint gives the ends degree 1 and rules out stray cycles.)
    ends = [puzzle.start, puzzle.end]
    with m.rule(f"the track is one path from {puzzle.start} to {puzzle.end} that never visits a cell twice",
                cells=ends):
        m.path((Edge(a, b, x) for (a, b), x in lit.items()), puzzle.start, puzzle.end)

    # A cell is visited when the path touches it: the ends always, any other cell with two steps.
    for cell, x in deadline.paced(visited.items(), 1024):
        if cell in (puzzle.start, puzzle.end):
            end = "start" if cell == puzzle.start else "end"
            with m.rule(f"the track visits its {end} {cell}", cells=[cell]):
                m.fix(x)
        else:
            with m.rule(f"the track passes through {cell} or misses it: two steps or none", cells=[cell]):
                m.count([*incident[cell].values(), (-2, x)], "==", 0)

    # The number above each column is how many cells of that column the path visits.
    for c, k in enumerate(puzzle.cols):
        column = [(r, c) for r in range(h)]
        with m.rule(f"the track visits {_cells(k)} of column {c}", cells=column):
            m.exactly(k, [visited[cell] for cell in column])

    # The number beside each row is how many cells of that row the path visits.
    for r, k in enumerate(puzzle.rows):
        row = [(r, c) for c in range(w)]
        with m.rule(f"the track visits {_cells(k)} of row {r}", cells=row):
            m.exactly(k, [visited[cell] for cell in row])

    # Given pieces fix both connections of a cell (an exit out of the grid is not a step).
    for cell, dirs in puzzle.givens:
        with m.rule(f"the given piece at {cell} joins {' and '.join(WORDS[d] for d in dirs)}", cells=[cell]):
            for d, x in incident[cell].items():
                m.fix(x if d in dirs else ~x)

    m.output(lit.values())
    deadline.check()
    return m.build()


def _cells(k: int) -> str:
    return "no cells" if k == 0 else "1 cell" if k == 1 else f"{k} cells"


# solutions -----------------------------------------------------------------------------


def walk(start: Cell, edges: frozenset[CellEdge]) -> tuple[Cell, ...]:
    """The cells met walking the edges from ``start`` until no unused edge leads on."""
    nbrs: dict[Cell, list[Cell]] = {}
    for a, b in sorted(edges):
        nbrs.setdefault(a, []).append(b)
        nbrs.setdefault(b, []).append(a)
    path = [start]
    seen = {start}
    while True:
        nxt = [n for n in nbrs.get(path[-1], []) if n not in seen]
        if not nxt:
            return tuple(path)
        path.append(nxt[0])
        seen.add(nxt[0])


def decode(puzzle: Puzzle, assignment: dict[Hashable, int]) -> Solution:
    """The path from the values of the edge variables."""
    edges = frozenset(k[1:] for k, v in assignment.items() if k[0] == "edge" and v)
    return Solution(edges, walk(puzzle.start, edges))


def verify(puzzle: Puzzle, solution: Solution) -> list[str]:
    """Every broken rule, in words; empty when the path is valid. Independent of the model."""
    h, w = puzzle.height, puzzle.width
    edges = solution.edges
    problems = _common.check_cell_edges(edges, h, w)
    if problems:
        return problems

    # one simple path from the start to the end: ends of degree 1, no branch, no stray piece
    # (with those degrees, the piece holding the start is a path, never a cycle)
    deg = _common.degrees(edges)
    for cell in (puzzle.start, puzzle.end):
        name = "start" if cell == puzzle.start else "end"
        if deg.get(cell, 0) != 1:
            problems.append(f"the {name} cell {cell} has {deg.get(cell, 0)} steps, not 1")
    for cell, d in sorted(deg.items()):
        if cell not in (puzzle.start, puzzle.end) and d != 2:
            problems.append(f"the path {'branches' if d > 2 else 'ends'} at {cell}")
    pieces = _common.components(edges)
    main = [p for p in pieces if puzzle.start in p]
    if main and puzzle.end not in main[0]:
        problems.append(f"the path from the start {puzzle.start} does not reach the end {puzzle.end}")
    for piece in pieces:
        if puzzle.start not in piece:
            problems.append(f"a separate piece of track (a cycle or stray path) at {min(piece)}")

    # the listed path walks those edges in order from start to end, never revisiting a cell
    path = solution.path
    if not path or path[0] != puzzle.start:
        problems.append(f"the listed path does not begin at the start {puzzle.start}")
    if not path or path[-1] != puzzle.end:
        problems.append(f"the listed path does not finish at the end {puzzle.end}")
    visits = Counter(path)
    for cell in sorted(c for c, n in visits.items() if n > 1):
        problems.append(f"the listed path visits {cell} more than once")
    steps = {grid.edge(a, b) for a, b in zip(path, path[1:])}
    if steps != set(edges) or len(path) != len(edges) + 1:
        problems.append("the listed path does not follow exactly the edges of the solution")

    # the counts: cells visited per column and per row
    visited = set(deg)
    for c, k in enumerate(puzzle.cols):
        n = sum((r, c) in visited for r in range(h))
        if n != k:
            problems.append(f"column {c} has {n} visited cells, expected {k}")
    for r, k in enumerate(puzzle.rows):
        n = sum((r, c) in visited for c in range(w))
        if n != k:
            problems.append(f"row {r} has {n} visited cells, expected {k}")

    # given pieces: the cell connects to exactly the named neighbours inside the grid
    dirs = _common.line_directions(edges)
    for cell, piece in puzzle.givens:
        want = puzzle.inner(cell, piece)
        if dirs.get(cell, set()) != want:
            got = "".join(d for d in ORDER if d in dirs.get(cell, set())) or "nothing"
            problems.append(f"the given piece {piece} at {cell} is not followed (the path goes {got})")
    return problems


def render(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The grid as text: column counts above, row counts on the right, S and E at the ends.

    Without a solution the given pieces are drawn; with one, the path. Multi-digit column
    counts are written top to bottom.
    """
    h, w = puzzle.height, puzzle.width
    if solution is not None:
        dirs = _common.line_directions(solution.edges)
    else:
        dirs = {cell: set(piece) for cell, piece in puzzle.givens}
    digits = max(len(str(k)) for k in puzzle.cols)
    out = []
    for i in range(digits):
        out.append(" ".join(str(k).rjust(digits)[i] for k in puzzle.cols).rstrip())
    for r in range(h):
        row = []
        for c in range(w):
            d = dirs.get((r, c), set())
            glyph = {puzzle.start: "S", puzzle.end: "E"}.get((r, c)) or _common.BOX.get(frozenset(d), "?")
            if glyph == " ":
                glyph = "·"
            row.append(glyph + ("─" if "R" in d and c + 1 < w else " "))
        out.append("".join(row) + f"  {puzzle.rows[r]}")
    return "\n".join(out)


def solution_from_json(puzzle: Puzzle, data: Any) -> Solution:
    """A solution from its JSON shape ``{"edges": [...], "path": [[r, c], ...]}``.

    Without a ``path`` field the path is read off the edges, walking from the start.
    """
    h, w = puzzle.height, puzzle.width
    bounds = _common.grid_bounds(h, w)
    edges = _common.edges_from_json(data, bounds=bounds)
    if isinstance(data, dict) and "path" not in data:
        return Solution(edges, walk(puzzle.start, edges))
    items = _common.require(data, "path", list)
    if len(items) > h * w:
        raise _common.refuse(
            f"path: {len(items)} cells listed, but the {h}x{w} grid has {h * w}: the path visits each cell "
            "at most once"
        )
    return Solution(edges, tuple(_common.point(p, f"path[{i}]", bounds) for i, p in enumerate(items)))


# states --------------------------------------------------------------------------------


def state_from_json(puzzle: Puzzle, data: Any) -> dict[Hashable, int]:
    """A player's state from ``{"edges": [...], "no_edges": [...], "path": [...], "complete": false}``
    (see docs/genres/tracks.md): the track's known steps and known gaps between adjacent cells;
    the steps of a listed ``path`` are known steps too."""
    h, w = puzzle.height, puzzle.width
    bounds = _common.grid_bounds(h, w)
    return _states.edge_state(
        data, NAME, bounds, lambda: grid.cell_edges(h, w), extra={"path": _states.path(bounds)}
    )


def state_to_json(puzzle: Puzzle, state: dict[Hashable, int]) -> dict[str, Any]:
    """The state JSON of a state (`state_from_json` reads it back to the same state)."""
    return _states.write(state, "edge", "edges", "no_edges", _states.edge_json)


def describe(puzzle: Puzzle, key: Hashable, value: int) -> str:
    """An answer-key value in words: ``the track runs between (0, 0) and (0, 1)``."""
    _, a, b = key  # type: ignore[misc]
    return f"the track {'runs' if value else 'does not run'} between {a} and {b}"


# random instances ----------------------------------------------------------------------


def random_path(rng: _random.Random, height: int, width: int, start: Cell, end: Cell) -> list[Cell]:
    """A random simple path from start to end: a walk that never cuts itself off from the end."""
    path = [start]
    used = {start}

    def reaches_end(cell: Cell) -> bool:
        seen = {cell}
        todo = deque([cell])
        while todo:
            here = todo.popleft()
            if here == end:
                return True
            for n in grid.neighbours(here, height, width):
                if n not in seen and n not in used:
                    seen.add(n)
                    todo.append(n)
        return False

    while path[-1] != end:
        options = [n for n in grid.neighbours(path[-1], height, width) if n not in used and reaches_end(n)]
        nxt = rng.choice(options)
        path.append(nxt)
        used.add(nxt)
    return path


def random_puzzle(
    rng: _random.Random,
    height: int,
    width: int,
    *,
    givens: int = 0,
    start: Cell | None = None,
    end: Cell | None = None,
) -> Puzzle:
    """A solvable puzzle: the counts of a random path, plus ``givens`` pieces taken from it."""
    start = (0, 0) if start is None else start
    end = (height - 1, width - 1) if end is None else end
    if start == end or not (grid.inside(start, height, width) and grid.inside(end, height, width)):
        raise ValueError(f"start {start} and end {end} must be distinct cells of the {height}x{width} grid")
    path = random_path(rng, height, width, start, end)
    cols = tuple(sum(c == j for _, c in path) for j in range(width))
    rows = tuple(sum(r == i for r, _ in path) for i in range(height))
    pieces: dict[Cell, str] = {}
    for i in sorted(rng.sample(range(len(path)), min(givens, len(path)))):
        cell = path[i]
        dirs = {grid.direction_between(cell, path[j]) for j in (i - 1, i + 1) if 0 <= j < len(path)}
        if len(dirs) == 1:  # an end of the path: add an exit out of the grid, when it has one
            exits = [d for d in ORDER if not grid.inside(grid.step(cell, d), height, width)]
            if not exits:
                continue
            dirs.add(rng.choice(exits))
        pieces[cell] = "".join(d for d in ORDER if d in dirs)
    return Puzzle(cols, rows, start, end, tuple(sorted(pieces.items())))


def visited_cells(solution: Solution) -> set[Cell]:
    """The cells the path visits."""
    return set(solution.path) | {c for e in solution.edges for c in e}

