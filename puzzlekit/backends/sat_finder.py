"""One SAT solver asked many questions about one model, each under its own fixed values.

The generator asks "is there a solution other than the planted one?" for hundreds of clue
sets whose clues only fix answer-key values (a Sudoku given, a Tracks piece). `Finder`
writes the model's CNF once; each question passes its fixed values as assumptions, so the
solver keeps what it learned, and the connectivity cuts found for one question (valid for
every solution of the model) stay for the next. Clauses added with `Finder.add` (a blocking
clause) hold for every later question.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit.clock import Deadline
from puzzlekit.errors import OutOfTime
from puzzlekit.ir import Clause, Lit, Model

from . import base, sat, sat_cnf, sat_session
from .base import Assignment

#: Conflicts per solver call between two looks at the clock. Fixed, so that the answer (the
#: counterexample found, and so the puzzle made) depends neither on the machine's speed nor
#: on whether a time limit was given: slices sized by the clock made the same seed give
#: other puzzles under a time limit.
SLICE = 20_000


class Finder:
    """An incremental SAT session over ``model`` with strong cuts. MiniSat by default: with
    assumptions and many cut rounds per question it answers far sooner than CaDiCaL, whose
    every call pays for its inprocessing. The solver must take a conflict budget
    (``conf_budget``), which MiniSat does."""

    def __init__(self, model: Model, deadline: Deadline, solver: str = "minisat22"):
        sat_cnf.pysat()
        with base.gc_paused():
            self.relaxation = base.prepare(model, sat.SUPPORTS, deadline, labels=False, implied=True)
            name = sat_session.solver_name(solver)
            self.session = sat_session.build(self.relaxation, deadline, name, "binary")
        self.cutter = sat_session.ProbingCutter(self.relaxation, self.session)
        self.model = self.relaxation.model
        self.rounds = 0

    def add(self, clauses: Sequence[Clause]) -> None:
        """Clauses that hold for every later question."""
        self.session.add(clauses)

    def solve(self, fixed: Sequence[Lit], deadline: Deadline) -> Assignment | None:
        """A solution with the ``fixed`` literals true (None: there is none); `OutOfTime`
        when the deadline ends first."""
        assumptions = [self.session.cnf.lit(lit) for lit in fixed]
        if -1 in assumptions:  # a literal the model fixes the other way
            return None
        assumptions = [x for x in assumptions if x != 1]
        while True:
            deadline.check()
            self.rounds += 1
            values = self._solve(assumptions, deadline)
            if values is None:
                return None
            broken = self.cutter.cuts(values)
            if not broken:
                return base.project(self.model, values)
            self.session.add(broken)

    def _solve(self, assumptions: list[int], deadline: Deadline) -> list[int] | None:
        """One SAT answer under the assumptions (None: unsatisfiable), in slices of `SLICE`
        conflicts with the clock read between them (`OutOfTime` once it ends)."""
        solver = self.session.solver
        while True:
            solver.conf_budget(SLICE)
            answer = solver.solve_limited(assumptions=assumptions)
            if answer is not None:
                break
            if deadline.expired():
                raise OutOfTime("the SAT solver ran out of time")
        if not answer:
            return None
        return self.session.cnf.values(solver.get_model())

    def close(self) -> None:
        """Free the solver."""
        self.session.close()
