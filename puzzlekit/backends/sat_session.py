"""The sat backend's solver session: one incremental SAT solver over a relaxed model, kept
alive while cuts and blocking clauses go to it, and what builds it.

Public so that more than the backend can hold a session: `sat_finder` asks one session many
questions under assumptions. `build` makes the CNF (`sat_cnf`), the pair labels and planar
parities (`sat_paths`, `sat_planar`) and the solver (`sat_solvers`); `ProbingCutter` is the
strong cut rule.

* Time limits: the solver runs in slices of a fixed number of conflicts (the last one cut
  to the time left, so the search is the same on every run) until the deadline, backed by
  ``interrupt`` from a `threading.Timer` where the solver has one (CaDiCaL has none;
  Glucose only looks at either between restarts, so it can be late).
* Cuts: the shared rules (`transforms.cuts.Cutter`) with one strengthening: a node whose
  presence is forced (probing: assuming it absent fails by unit propagation, as for a node
  a clue puts on the line) counts as always present, so its cuts lose the ``~on`` literal.
  The failed-literal probe runs only once a candidate needs a cut.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Sequence
from typing import Any

from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.ir import Clause, DisjointPaths, Lit
from puzzlekit.transforms import cuts

from . import base, sat_paths, sat_planar, sat_solvers
from .sat_cnf import Cnf, pysat

NO_INTERRUPT = ("cadical",)  # solver name prefixes without ``interrupt``
#: A time-limited solve runs in slices of this many conflicts (the first ones smaller), so
#: its search is the same on every run; only a slice that would end past the deadline is
#: cut to what the measured pace allows. Each slice is a new ``solve`` call, which costs a
#: long search some conflicts: doubling up to 16,000 took 29% fewer than slices of 4,000 on
#: the hard 25x25 Sudokus and was level on the long Numberlink searches, though single
#: puzzles move either way (docs/benchmarks.md, "Longer conflict slices").
CONFLICTS = (1000, 2000, 4000, 8000, 16000)


class Session(base.Session):
    """One incremental SAT solver over a relaxed model: cuts and blocking clauses go to it live."""

    engine: Any = None  # a `sat_paths.PathPropagator` attached to the solver, if any

    def __init__(self, cnf: Cnf, solver: str, deadline: Deadline = UNLIMITED):
        self.cnf = cnf
        self.name = solver
        self.deadline = deadline
        self.solver = sat_solvers.loaded(cnf, solver, deadline)
        self.sent = len(cnf.clauses)
        self.interruptible = not solver.startswith(NO_INTERRUPT)

    def add(self, clauses: Sequence[Clause]) -> None:
        """Add cuts or blocking clauses to the live solver."""
        for clause in clauses:
            self.cnf.clause(clause)
        for c in self.cnf.clauses[self.sent:]:
            self.solver.add_clause(c)
        self.sent = len(self.cnf.clauses)

    def solve(
        self, seconds: float | None, assumptions: Sequence[int] = ()
    ) -> tuple[str, Sequence[int] | None]:
        """One SAT call under ``assumptions`` (SAT literals), stopped after about ``seconds``
        (None: no limit)."""
        answer = (self.solver.solve(assumptions=assumptions) if seconds is None
                  else self._limited(seconds, assumptions))
        if answer is None:
            return "unknown", None
        if not answer:
            return "unsat", None
        return "sat", self.cnf.values(self.solver.get_model())

    def _limited(self, seconds: float, assumptions: Sequence[int] = ()) -> bool | None:
        """Solve in conflict-budget slices (`CONFLICTS`) until the time is up.

        Each slice is a fresh ``solve`` call, so slices sized by the clock would make the
        search differ from run to run (docs/benchmarks.md, "Hard Sudoku"); only the last one
        is. A `threading.Timer` calling ``interrupt`` backs this up where the
        solver has one; on its own it is late on some solvers (Glucose checks it only at
        restarts), and CaDiCaL has no ``interrupt`` at all.
        """
        end = time.perf_counter() + seconds
        timer = threading.Timer(seconds, self.solver.interrupt) if self.interruptible else None
        if timer:
            timer.start()
        try:
            budget = CONFLICTS[0]
            for slice_ in itertools.count(1):
                started = time.perf_counter()
                self.solver.conf_budget(budget)
                answer = self.solver.solve_limited(assumptions=assumptions,
                                                   expect_interrupt=self.interruptible)
                now = time.perf_counter()
                if answer is not None or now >= end:
                    break
                rate = budget / max(now - started, 1e-3)
                budget = CONFLICTS[min(slice_, len(CONFLICTS) - 1)]
                budget = min(budget, max(100, int(rate * (end - now))))  # the last one: what is left
            return answer
        finally:
            if timer:
                timer.cancel()
                self.solver.clear_interrupt()

    def forced(self, lits: Sequence[Lit]) -> set[Lit]:
        """The literals that unit propagation shows true in every solution (failed literals)."""
        # CaDiCaL's propagate is slow from Python; a throw-away MiniSat probes far faster
        probe = sat_solvers.loaded(self.cnf, "minisat22", self.deadline)
        out = set()
        try:
            for lit in self.deadline.paced(lits):
                x = self.cnf.lit(lit)
                if x == 1 or (x != -1 and not probe.propagate(assumptions=[-x])[0]):
                    out.add(lit)
        finally:
            probe.delete()
        return out

    def stats(self) -> dict[str, Any]:
        """The solver's name, its counters (conflicts) when it reports them, and the CNF size."""
        out: dict[str, Any] = {"solver": self.name, "vars": self.cnf.top, "clauses": len(self.cnf.clauses)}
        try:
            accum = self.solver.accum_stats() or {}
        except NotImplementedError:
            accum = {}
        if "conflicts" in accum:
            out["conflicts"] = accum["conflicts"]
        if self.engine is not None:
            out.update({f"paths_{k}": v for k, v in self.engine.stats.items()})
        return out

    def close(self) -> None:
        """Free the solver."""
        self.solver.delete()


class ProbingCutter:
    """The shared cuts made stronger by probing: a node whose presence literal is forced
    (assuming it absent fails at once by unit propagation) counts as always present, so a
    cut through it loses its ``~on`` literal (`cuts.Cutter`). The probe runs only once a
    candidate needs a cut, which is often never."""

    def __init__(self, relaxation: cuts.Relaxation, session: Session):
        self.relaxation = relaxation
        self.session = session
        self.cutter = relaxation.cutter()
        self.probed = False

    def cuts(self, values: Sequence[int]) -> list[Clause]:
        """Clauses the candidate breaks and every real solution keeps; empty if it is valid."""
        out = self.cutter.cuts(values)
        if out and not self.probed:
            self.probed = True
            graphs = self.relaxation.graphs
            presence = [lit for g in graphs for lit in g.on.values() if lit is not None]
            forced = self.session.forced(presence) if presence else set()
            if forced:
                self.cutter = self.relaxation.cutter(forced)
                out = self.cutter.cuts(values)
        return out


def solver_name(value: Any) -> str:
    """The python-sat name of a solver (aliases such as ``cd19`` allowed), asked of python-sat."""
    pysat()
    from pysat.solvers import SolverNames

    known = {k: v for k, v in vars(SolverNames).items() if not k.startswith("_")}
    for name, aliases in known.items():
        if isinstance(value, str) and value.lower() in aliases:
            return name
    raise ValueError(f"unknown SAT solver {value!r}; python-sat knows: {', '.join(known)}")


def build(relaxation: cuts.Relaxation, deadline: Deadline, solver: str, labels: Any,
           paths: bool = False, planar: Any = "auto") -> Session:
    """The CNF, pair labels in the solver's own encoding and the planar parities
    (`sat_planar`), the solver (``paths``: `sat_paths`)."""
    cnf = Cnf(relaxation.model, deadline)
    if solver == "auto":
        solver = sat_solvers.default_solver(relaxation, paths)
    if labels:
        for g in relaxation.graphs:
            if not (isinstance(g.constraint, DisjointPaths) and len(g.constraint.pairs) > 1):
                continue
            if labels != "binary":
                sat_paths.pair_labels(cnf, g)
                continue
            code, bits = sat_paths.pair_codes(cnf, g)
            # where every cell is covered the search is short already; measured only where
            # cells may stay empty (docs/benchmarks.md, "Numberlink: planar parities")
            wanted = planar is True or (planar == "auto" and sat_solvers.sparse_paths(g))
            if wanted and sat_planar.applies(g):
                sat_planar.add_parities(cnf, g, code, bits)
    session = Session(cnf, solver, deadline)
    if paths and solver == "cadical195":
        session.engine = sat_paths.attach(session.solver, relaxation, cnf.lit)
    return session
