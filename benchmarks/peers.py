"""Peers to compare against: the seed programs of ``../shared/peers`` and grilops models.

* ``seed``: the Python 3 ports of the seed programs, run as they are on the same instances
  (converted to their input formats by `benchmarks.instances.peer_input`), in a subprocess
  with the same time limit. They print one line ``RESULT {json}`` with ``median_s`` and whether
  their own checker accepted the answer.
* ``grilops``: the public Z3-based grid puzzle library (``pip install grilops``), when
  installed. The models below are written here from the rules of GENRES.md with its path
  symbols; they run inside the ordinary benchmark worker (``run.worker``), so timing, the
  hard kill and the check of the answer with the genre's own ``verify`` are the same as for
  puzzlekit's backends.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from . import instances as inst_mod
from .instances import Instance

SEED = "seed"
GRILOPS = "grilops"
GRILOPS_GENRES: tuple[str, ...] = ("masyu", "numberlink", "tracks")


# the seed programs --------------------------------------------------------------------------------


def seed_row(inst: Instance, runs: int, time_limit: float, workdir: Path) -> dict | None:
    """Run the genre's seed program on the instance (None when no seed program fits it)."""
    from .run import base_row, grace, guarded

    peer = inst_mod.peer_input(inst)
    if peer is None:
        return None
    program, text = peer
    script = inst_mod.PEERS / program
    if not script.is_file():
        return None
    path = workdir / f"{inst.genre}-{inst.set}-{inst.name}.txt"
    path.write_text(text, encoding="utf-8")
    budget = 3.0 + runs * time_limit + grace(time_limit)  # 3 s to import numpy, ortools, pulp
    cmd = [sys.executable, str(script), str(path), "--runs", str(runs), "--quiet"]
    lines, how, stderr = guarded(cmd, "", lambda k: budget, "RESULT ")
    row = base_row(inst, SEED)
    row["note"] = program.removesuffix(".py")
    if how == "killed" or not lines:
        row.update(status="timeout" if how == "killed" else "error", median_s=time_limit)
        if how != "killed":
            row["note"] += f": {stderr[-200:]}"
        return row
    res = json.loads(lines[-1])
    # seed_numberlink's checker also refuses a path that touches itself, which the rules allow;
    # it says so in its note, and then the answer is valid.
    valid = res.get("verified") or "form valid simple paths" in res.get("note", "")
    row.update(
        status="solved" if valid else "wrong", runs=res.get("runs", runs),
        median_s=res["median_s"], min_s=res.get("min_s", ""), max_s=res.get("max_s", ""),
    )
    if row["min_s"] != "" and row["max_s"] != "":
        row["spread_s"] = row["max_s"] - row["min_s"]
    if "median_first_s" in res:
        row["note"] += f" (first solution {res['median_first_s']} s; the time is its full search)"
    if not res.get("verified"):
        verdict = "a valid answer its own checker refuses" if valid else "its answer fails its own check"
        row["note"] += f": {verdict} ({res.get('note', '')})"
    if res["median_s"] > time_limit:
        row["status"] = "timeout"
    return row


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
