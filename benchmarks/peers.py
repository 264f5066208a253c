"""The peers puzzlekit is compared with: their names, the grilops models and sw's formats.

* ``seed``: the Python 3 ports of the seed programs of ``../shared/peers``, run as they are on
  the same instances (converted to their input formats by `benchmarks.instances.peer_input`)
  in a subprocess with the same time limit (`benchmarks.runner.seed_row`). They print one line
  ``RESULT {json}`` with ``median_s`` and whether their own checker accepted the answer.
* ``grilops``: the public Z3-based grid puzzle library (``pip install grilops``), when
  installed. The models below are written here from the rules of GENRES.md with its path
  symbols; they run inside the ordinary benchmark worker (`benchmarks.runner.worker`), so
  timing, the hard kill and the check of the answer with the genre's own ``verify`` are the
  same as for puzzlekit's backends.
* ``sw``: SmilingWayne's ``puzzlekit`` (PyPI ``puzzlekit``, OR-Tools CP-SAT models of 100+
  genres), when installed in its own directory (`SW_DIR`, or ``--sw-puzzlekit DIR``)::

      pip install --no-deps --target benchmarks/.peers/puzzlekit-sw puzzlekit==0.3.4 typeguard

  (numpy, ortools and matplotlib, its other dependencies, come with the ``bench`` setup).
  Its package name clashes with ours, so it runs in a separate, isolated interpreter
  (``benchmarks/sw_runner.py``, started by `benchmarks.runner.sw_row`) with only that
  directory added to ``sys.path``. Its answers come back as its own answer grids;
  `sw_solution` turns them into our genre's ``Solution``, which the runner checks with the
  genre's ``verify``, as for grilops.

This module runs nothing itself and imports no other benchmark module but `instances`.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from .instances import ROOT

SEED = "seed"
GRILOPS = "grilops"
GRILOPS_GENRES: tuple[str, ...] = ("masyu", "numberlink", "tracks")
SW = "sw"
SW_GENRES: tuple[str, ...] = ("masyu", "sudoku", "slitherlink", "tents", "patches")
#: Where ``--sw-puzzlekit`` looks by default (git-ignored).
SW_DIR = ROOT / "benchmarks" / ".peers" / "puzzlekit-sw"
SW_RUNNER = Path(__file__).resolve().parent / "sw_runner.py"
#: The peers' names in the backend column of a row, in table order.
PEER_NAMES: tuple[str, ...] = (SEED, GRILOPS, SW)


# grilops ------------------------------------------------------------------------------------------


def grilops_version() -> str | None:
    """The installed grilops version, or None."""
    try:
        from importlib.metadata import version

        import grilops  # noqa: F401
    except ImportError:
        return None
    return version("grilops")


class _Grid:
    """A grilops symbol grid of path symbols over a rectangle, with a Z3 time limit."""

    def __init__(self, height: int, width: int, terminals: bool, empty: bool, time_limit: float | None):
        import grilops
        import grilops.paths
        import z3

        self.z3 = z3
        self.lattice = grilops.get_rectangle_lattice(height, width)
        self.dirs = {d.name: d for d in self.lattice.edge_sharing_directions()}  # N, S, E, W
        self.sym = grilops.paths.PathSymbolSet(self.lattice, include_terminals=terminals)
        self.arms: dict[int, str] = {}
        for a in "NSEW":
            for b in "NSEW":
                if a < b:
                    self.arms[self.sym.symbol_for_direction_pair(self.dirs[a], self.dirs[b])] = a + b
            if terminals:
                self.arms[self.sym.terminal_for_direction(self.dirs[a])] = a
        if empty:
            self.sym.append("EMPTY", " ")
        solver = z3.Solver()
        if time_limit is not None:
            solver.set("timeout", max(1, int(time_limit * 1000)))
        self.sg = grilops.SymbolGrid(self.lattice, self.sym, solver=solver)
        self.solver = solver

    def cell(self, rc: tuple[int, int]) -> Any:
        from grilops.geometry import Point

        return self.sg.grid[Point(*rc)]

    def has_arm(self, rc: tuple[int, int], d: str) -> Any:
        """The cell's symbol has an arm towards ``d``."""
        return self.z3.Or(*[self.cell(rc) == s for s in self.sym.symbols_for_direction(self.dirs[d])])

    def on_path(self, rc: tuple[int, int]) -> Any:
        """The cell is part of a path (not empty)."""
        return self.sym.is_path(self.cell(rc))

    def is_symbol(self, rc: tuple[int, int], arms: str) -> Any:
        return self.cell(rc) == next(s for s, a in self.arms.items() if a == "".join(sorted(arms)))

    def check(self) -> str:
        """solved / unsolvable / timeout."""
        result = self.solver.check()
        if result == self.z3.sat:
            return "solved"
        return "unsolvable" if result == self.z3.unsat else "timeout"

    def edges(self) -> frozenset:
        """The chosen edges between cells, as sorted pairs, from the solved grid."""
        step = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}
        out = set()
        for p, value in self.sg.solved_grid().items():
            for d in self.arms.get(value, ""):
                q = (p.y + step[d][0], p.x + step[d][1])
                out.add(tuple(sorted([(p.y, p.x), q])))
        return frozenset(out)


_STEP = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}
_OPP = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _ahead(rc: tuple[int, int], d: str, h: int, w: int) -> tuple[int, int] | None:
    r, c = rc[0] + _STEP[d][0], rc[1] + _STEP[d][1]
    return (r, c) if 0 <= r < h and 0 <= c < w else None


def _masyu(module: Any, puzzle: Any, time_limit: float | None) -> tuple[str, Any]:
    import grilops.paths

    h, w = puzzle.height, puzzle.width
    g = _Grid(h, w, terminals=False, empty=True, time_limit=time_limit)
    z3 = g.z3
    # One closed loop through cell centres.
    paths = grilops.paths.PathConstrainer(g.sg, allow_terminated_paths=False)
    g.solver.add(paths.num_paths == 1)

    def straight(rc: tuple[int, int] | None, axis: str) -> Any:
        return z3.BoolVal(False) if rc is None else g.is_symbol(rc, axis)

    def turns(rc: tuple[int, int] | None) -> Any:
        if rc is None:
            return z3.BoolVal(False)
        return z3.Or(*[g.is_symbol(rc, a + b) for a in "NS" for b in "EW"])

    for rc, pearl in puzzle.pearls().items():
        if pearl == 1:
            # White: straight through, turning in at least one neighbour along the way.
            options = []
            for a, b in ("NS", "EW"):
                before, after = _ahead(rc, a, h, w), _ahead(rc, b, h, w)
                if before is not None and after is not None:
                    options.append(z3.And(g.is_symbol(rc, a + b), z3.Or(turns(before), turns(after))))
            g.solver.add(z3.Or(*options) if options else z3.BoolVal(False))
        else:
            # Black: a turn, going straight in both neighbours along the way.
            g.solver.add(turns(rc))
            for d in "NSEW":
                nxt = _ahead(rc, d, h, w)
                axis = "".join(sorted(d + _OPP[d]))
                g.solver.add(z3.Implies(g.has_arm(rc, d), straight(nxt, axis)))
    status = g.check()
    return status, module.Solution(g.edges()) if status == "solved" else None


def _numberlink(module: Any, puzzle: Any, time_limit: float | None) -> tuple[str, Any]:
    import grilops.paths

    h, w = puzzle.height, puzzle.width
    cover = puzzle.cover == "all"
    g = _Grid(h, w, terminals=True, empty=not cover, time_limit=time_limit)
    z3 = g.z3
    # Paths never cross or share a cell; with cover: all every cell lies on one.
    paths = grilops.paths.PathConstrainer(g.sg, complete=cover, allow_loops=False)
    numbers = puzzle.numbers()
    ends = [s for s, a in g.arms.items() if len(a) == 1]
    for r in range(h):
        for c in range(w):
            is_end = z3.Or(*[g.cell((r, c)) == s for s in ends])
            g.solver.add(is_end if (r, c) in numbers else z3.Not(is_end))
    # Each pair of equal numbers is joined by one path.
    from grilops.geometry import Point

    for a, b in puzzle.pairs().values():
        g.solver.add(paths.path_instance_grid[Point(*a)] == paths.path_instance_grid[Point(*b)])
    status = g.check()
    if status != "solved":
        return status, None
    edges = g.edges()
    return status, module.Solution(edges, module.label_cells(puzzle, edges))


def _tracks(module: Any, puzzle: Any, time_limit: float | None) -> tuple[str, Any]:
    import grilops.paths

    h, w = puzzle.height, puzzle.width
    g = _Grid(h, w, terminals=True, empty=True, time_limit=time_limit)
    z3 = g.z3
    # One simple path from the start cell to the end cell.
    grilops.paths.PathConstrainer(g.sg, allow_loops=False)
    ends = [s for s, a in g.arms.items() if len(a) == 1]
    for r in range(h):
        for c in range(w):
            is_end = z3.Or(*[g.cell((r, c)) == s for s in ends])
            g.solver.add(is_end if (r, c) in (puzzle.start, puzzle.end) else z3.Not(is_end))
    # The numbers count the visited cells of each row and column.
    on = {(r, c): z3.If(g.on_path((r, c)), 1, 0) for r in range(h) for c in range(w)}
    for r in range(h):
        g.solver.add(z3.Sum([on[(r, c)] for c in range(w)]) == puzzle.rows[r])
    for c in range(w):
        g.solver.add(z3.Sum([on[(r, c)] for r in range(h)]) == puzzle.cols[c])
    # Given pieces fix both connections (an exit out of the grid at an end leaves one arm).
    letter = {"U": "N", "D": "S", "L": "W", "R": "E"}
    for rc, dirs in puzzle.givens:
        inside = "".join(letter[d] for d in dirs if _ahead(rc, letter[d], h, w) is not None)
        g.solver.add(g.is_symbol(rc, inside))
    status = g.check()
    if status != "solved":
        return status, None
    edges = g.edges()
    return status, module.Solution(edges, module.walk(puzzle.start, edges))


GRILOPS_MODELS = {"masyu": _masyu, "numberlink": _numberlink, "tracks": _tracks}


def grilops_solve(genre: str, module: Any, puzzle: Any, time_limit: float | None) -> tuple[str, Any]:
    """Solve with a grilops model: (status, our genre's Solution or None)."""
    return GRILOPS_MODELS[genre](module, puzzle, time_limit)


# SmilingWayne's puzzlekit -------------------------------------------------------------------------

_ARM = {"n": (-1, 0), "s": (1, 0), "w": (0, -1), "e": (0, 1)}
_BACK = {"n": "s", "s": "n", "w": "e", "e": "w"}
#: Their slitherlink answer: per cell, the sum of these for the sides on the loop.
_SIDE_BITS = (("top", 8), ("left", 4), ("down", 2), ("right", 1))


def sw_dir(path: Path | str | None = None) -> Path | None:
    """The directory holding SmilingWayne's package: ``path``, else `SW_DIR` when it exists."""
    where = Path(path) if path else SW_DIR
    return where if (where / "puzzlekit" / "__init__.py").is_file() else None


def sw_version(where: Path) -> str | None:
    """Their package version, from the ``puzzlekit-*.dist-info`` that pip put in ``where``."""
    found = sorted(where.glob("puzzlekit-*.dist-info"))
    return found[-1].name.removeprefix("puzzlekit-").removesuffix(".dist-info") if found else None


def sw_input(genre: str, puzzle: Any) -> dict[str, Any] | None:
    """Our puzzle as their solver's input (rows, cols, grid of strings); None where they differ.

    Their sudoku has square boxes only, so a sudoku with other boxes (6x6 with 2x3) has none.
    Tents: trees ``x``, the counts per row and per column as further arguments (``args``).
    Patches: their shikaku, so only puzzles whose clues are all bare areas (no shape letter).
    """
    h, w = puzzle.height, puzzle.width
    if genre == "masyu":
        mark = {0: "-", 1: "w", 2: "b"}  # ours: 1 white, 2 black (GENRES.md); theirs: w, b
        grid = [[mark[v] for v in row] for row in puzzle.grid]
    elif genre == "sudoku":
        k = math.isqrt(puzzle.n)
        if k * k != puzzle.n or tuple(puzzle.box) != (k, k):
            return None
        grid = [[str(v) if v else "-" for v in row] for row in puzzle.grid]
    elif genre == "slitherlink":
        grid = [["-" if v is None else str(v) for v in row] for row in puzzle.grid]
    elif genre == "tents":
        grid = [["x" if (r, c) in puzzle.trees else "-" for c in range(w)] for r in range(h)]
        args = [[str(k) for k in puzzle.rows], [str(k) for k in puzzle.cols]]
        return {"rows": h, "cols": w, "grid": grid, "args": args}
    elif genre == "patches":
        clues = [v for row in puzzle.grid for v in row if v is not None]
        if any(v.area is None or v.shape is not None for v in clues):
            return None
        grid = [["-" if v is None else str(v.area) for v in row] for row in puzzle.grid]
    else:
        return None
    return {"rows": h, "cols": w, "grid": grid}


def _sides(r: int, c: int) -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
    """A cell's four sides as segments between lattice points (sorted pairs)."""
    return {"top": ((r, c), (r, c + 1)), "left": ((r, c), (r + 1, c)),
            "down": ((r + 1, c), (r + 1, c + 1)), "right": ((r, c + 1), (r + 1, c + 1))}


def sw_grid(genre: str, puzzle: Any, solution: Any) -> list[list[str]]:
    """Our solution as their answer grid (their ``solution_grid``), the inverse of `sw_solution`."""
    h, w = puzzle.height, puzzle.width
    if genre == "masyu":
        arms: dict[tuple[int, int], list[str]] = {}
        for a, b in solution.edges:
            for p, q in ((a, b), (b, a)):
                d = next(k for k, s in _ARM.items() if (p[0] + s[0], p[1] + s[1]) == tuple(q))
                arms.setdefault(tuple(p), []).append(d)
        return [["".join(sorted(arms.get((r, c), []))) or "-" for c in range(w)] for r in range(h)]
    if genre == "sudoku":
        return [[str(v) for v in row] for row in solution.grid]
    if genre == "slitherlink":
        out = []
        for r in range(h):
            row = []
            for c in range(w):
                sides = _sides(r, c)
                score = sum(bit for side, bit in _SIDE_BITS if sides[side] in solution.edges)
                row.append(str(score) if score else "-")
            out.append(row)
        return out
    if genre == "tents":
        tents = set(solution.tents)
        return [["x" if (r, c) in puzzle.trees else "o" if (r, c) in tents else "-" for c in range(w)]
                for r in range(h)]
    if genre == "patches":
        label = {}
        for k, (top, left, height, width) in enumerate(solution.rects, 1):
            for r in range(top, top + height):
                for c in range(left, left + width):
                    label[(r, c)] = str(k)
        return [[label.get((r, c), "0") for c in range(w)] for r in range(h)]
    raise ValueError(f"no sw answer format for {genre}")


def _shape(grid: Any, h: int, w: int) -> list[list[str]]:
    rows_ok = isinstance(grid, list) and len(grid) == h
    if not rows_ok or any(not isinstance(r, list) or len(r) != w for r in grid):
        raise ValueError(f"the answer grid is not {h}x{w}")
    return [[str(v).strip() for v in row] for row in grid]


def sw_solution(genre: str, module: Any, puzzle: Any, grid: Any) -> Any:
    """Their answer grid as our genre's ``Solution``; ValueError when it is malformed or inconsistent.

    masyu: per cell the letters of its exits (``n s w e``) or ``-``; both cells of an edge must
    list it. sudoku: the digits. slitherlink: per cell 8 top + 4 left + 2 down + 1 right for the
    sides on the loop, or ``-``; both cells of a shared side must agree. tents: ``o`` a tent,
    ``x`` a tree, ``-`` empty. patches: a piece number per cell; each piece must fill its
    bounding rectangle.
    """
    h, w = puzzle.height, puzzle.width
    cells = _shape(grid, h, w)
    if genre == "masyu":
        arms: dict[tuple[int, int], set[str]] = {}
        for r, row in enumerate(cells):
            for c, v in enumerate(row):
                if v in ("-", ""):
                    continue
                if set(v) - set(_ARM) or len(set(v)) != len(v):
                    raise ValueError(f"cell ({r}, {c}): {v!r} is not a set of exits n/s/w/e")
                arms[(r, c)] = set(v)
        edges = set()
        for (r, c), dirs in arms.items():
            for d in dirs:
                q = (r + _ARM[d][0], c + _ARM[d][1])
                if _BACK[d] not in arms.get(q, set()):
                    raise ValueError(f"cell ({r}, {c}) exits towards {d} but {q} has no exit back")
                edges.add(((r, c), q) if (r, c) <= q else (q, (r, c)))
        return module.Solution(frozenset(edges))
    if genre == "sudoku":
        if not all(v.isdigit() for row in cells for v in row):
            raise ValueError("the answer grid has a cell that is not a number")
        return module.Solution(tuple(tuple(int(v) for v in row) for row in cells))
    if genre == "slitherlink":
        claims: dict[tuple, int] = {}
        for r, row in enumerate(cells):
            for c, v in enumerate(row):
                if v in ("-", ""):
                    continue
                if not v.isdigit() or not 0 < int(v) < 16:
                    raise ValueError(f"cell ({r}, {c}): {v!r} is not a side mask 1..15")
                sides = _sides(r, c)
                for side, bit in _SIDE_BITS:
                    if int(v) & bit:
                        claims[sides[side]] = claims.get(sides[side], 0) + 1
        edges = frozenset(claims)
        for seg, n in claims.items():
            (r1, c1), (r2, c2) = seg
            # an inner segment borders two cells, a segment on the rim one
            inner = (0 < r1 < h) if r1 == r2 else (0 < c1 < w)
            if n != (2 if inner else 1):
                raise ValueError(f"the cells beside segment {list(seg[0])}-{list(seg[1])} disagree")
        return module.Solution(edges)
    if genre == "tents":
        if any(v not in ("o", "x", "-") for row in cells for v in row):
            raise ValueError("the answer grid has a cell that is not o, x or -")
        tents = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "o"]
        return module.make_solution(tents)
    if genre == "patches":
        pieces: dict[str, list[tuple[int, int]]] = {}
        for r, row in enumerate(cells):
            for c, v in enumerate(row):
                pieces.setdefault(v, []).append((r, c))
        rects = []
        for v, where in pieces.items():
            top, left = min(r for r, _ in where), min(c for _, c in where)
            height = max(r for r, _ in where) - top + 1
            width = max(c for _, c in where) - left + 1
            if height * width != len(where):
                raise ValueError(f"piece {v!r} is not a rectangle")
            rects.append((top, left, height, width))
        return module.make_solution(rects)
    raise ValueError(f"no sw answer format for {genre}")
