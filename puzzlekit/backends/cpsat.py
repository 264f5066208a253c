"""OR-tools CP-SAT backend: every IR kind lowered natively.

Pipeline: variables -> counts and clauses -> graph constraints (``add_circuit``, flow) ->
runs (``add_automaton``) -> the shared driver (`base.run`), whose session re-solves the
model with a fresh ``CpSolver`` after adding each blocking clause.

* Integers become one boolean per value with exactly-one (domains are small), except those
  of the model's AllDifferent groups and those that counts make a permutation (n integers
  over n values, exactly one of them per value): those are CP-SAT integers under
  AllDifferent, the counts left out (the groups' own are never made), unit clauses folded
  into their domains, and a literal ``x == v`` is made only where another constraint (or a
  blocking clause) uses it. AllDifferent solved the 9x9 to 36x36 Sudoku ladder fastest,
  against the one-hot model with or without a redundant AllDifferent. A member fixed by
  the unit clauses (or by others so fixed: naked singles) gives its value up in its groups
  and leaves them (`Lowering._singles`).
* Booleans that counts ``a + b == 1`` tie together (`shapes.equivalences`) are one CP-SAT
  variable per class, and those counts are left out: CP-SAT's own presolve would merge
  them too, but after the lowering and its presolve paid for each (docs/benchmarks.md).
* Loop: each undirected edge is two arcs whose sum is the edge; a node off the loop takes
  its self-loop. Path: the same plus a fixed return arc end -> dummy -> start.
* Disjoint paths: one circuit threads every pair's path (end_k -> dummy_k -> start_k+1)
  and a label per node (equal along chosen edges, fixed at the terminals) keeps each path
  between its own pair.
* Connected: single-commodity flow from a root (the first always-present node, or the
  first present one).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puzzlekit.clock import Deadline
from puzzlekit.ir import Clause, Model
from puzzlekit.transforms.cuts import Relaxation

from . import base
from .base import Result
from .cpsat_lowering import Lowering, lib
from .interrupts import stopping_on_interrupt

NAME = "cpsat"
PACKAGE = "ortools"
EXTRA = "cpsat"
#: The module its package installs (whether it imports decides `backends.available`).
IMPORT = "ortools"
OPTIONS: dict[str, base.Option] = {
    "workers": base.Option(
        "CP-SAT search workers: 1 to 64, or 0 (the default): one for a model without graph "
        "constraints, else CP-SAT's choice",
        default=0, parse=base.whole_number(0, 64, "workers"),
    ),
    "work": base.Option(
        "stop after this much of CP-SAT's deterministic time, summed over its calls (a measure "
        "of its work, so the same stopping point on every run, unlike a time limit); "
        "0 (the default): no limit",
        default=0.0, parse=lambda value: _work(value),
    ),
}
SUPPORTS = frozenset(
    {"Count", "Clause", "Loop", "Path", "DisjointPaths", "Connected", "Runs", "AllDifferent"}
)


def _work(value: Any) -> float:
    """A checked `work` option: a number of deterministic-time units, at least 0."""
    try:
        work = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"work must be a number of at least 0, not {value!r}") from None
    if isinstance(value, bool) or not 0.0 <= work < float("inf"):
        raise ValueError(f"work must be a number of at least 0, not {value!r}")
    return work


def version() -> str:
    """The installed OR-tools version."""
    lib()
    import ortools

    return ortools.__version__


class _Session(base.Session):
    """A CP-SAT model that re-solves with a fresh ``CpSolver`` after each added clause."""

    def __init__(self, low: Lowering, seed: int, workers: int, work: float = 0.0):
        self.cp_model = lib()
        self.low = low
        self.seed = seed
        self.workers = workers
        self.limited = work > 0.0
        self.work = work  # deterministic time left for the calls to come, if limited
        self.counters: dict[str, Any] = {"solver_calls": 0, "conflicts": 0, "branches": 0}

    def add(self, clauses: Sequence[Clause]) -> None:
        """Add clauses (blocking clauses) to the model for every later solve."""
        for clause in clauses:
            self.low.clause(clause.lits)

    def solve(self, seconds: float | None) -> tuple[str, Sequence[int] | None]:
        """One CP-SAT run within ``seconds``; the answer key's values (others 0) when found."""
        cp_model = self.cp_model
        solver = cp_model.CpSolver()
        solver.parameters.random_seed = self.seed
        workers = self.workers or (0 if self.low.ir.graphs else 1)
        if workers:
            solver.parameters.num_workers = workers
        if not self.low.ir.graphs:
            # its symmetry search in presolve found nothing worth its time on any benchmark
            # model without a graph constraint (docs/benchmarks.md, "CP-SAT without symmetry
            # search, and a first try on the line solver by its work")
            solver.parameters.symmetry_level = 0
        if seconds is not None:
            solver.parameters.max_time_in_seconds = seconds
        if self.limited:
            if self.work <= 0.0:
                self.counters["stopped"] = "its work budget"
                return "unknown", None
            solver.parameters.max_deterministic_time = self.work
        with stopping_on_interrupt(solver.stop_search) as watched:
            if watched:  # Ctrl-C raises KeyboardInterrupt, not a stop that looks like the time limit
                solver.parameters.catch_sigint_signal = False
            status = solver.solve(self.low.cp)
        self.counters["solver_calls"] += 1
        self.counters["conflicts"] += solver.num_conflicts
        self.counters["branches"] += solver.num_branches
        if self.limited:
            self.work -= solver.response_proto.deterministic_time
            if status == cp_model.UNKNOWN and self.work <= 0.0:
                self.counters["stopped"] = "its work budget"
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return "sat", self.low.values(solver)
        if status == cp_model.INFEASIBLE:
            return "unsat", None
        if status == cp_model.MODEL_INVALID:
            raise RuntimeError(f"CP-SAT rejected the model: {self.low.cp.validate()}")
        return "unknown", None

    def stats(self) -> dict[str, Any]:
        """Solver calls and CP-SAT's conflict and branch counts, summed over the calls."""
        return dict(self.counters)


def solve(
    model: Model,
    *,
    limit: int = 1,
    time_limit: float | None = None,
    seed: int = 0,
    **options: Any,
) -> Result:
    """Solve with CP-SAT; enumerate up to ``limit`` answer-key-distinct solutions.

    ``workers``: CP-SAT's search workers; 0 (the default) is one worker for a model of counts,
    clauses and runs alone, CP-SAT's own choice for one with graph constraints. One worker
    solved the Sudoku, Tents, Patches, Nonogram and Queens instances of the benchmarks as
    fast or faster (up to 5x on small ones, where starting the portfolio is most of the
    time; also on hard Sudoku), while the portfolio helped on the harder Masyu. ``work``:
    a budget in CP-SAT's deterministic time; where it ends the search, ``stats["stopped"]``
    says so.
    """
    options = base.check_options(NAME, OPTIONS, options)
    lib()
    deadline = Deadline(time_limit)

    def build(relaxation: Relaxation, deadline: Deadline) -> _Session:
        return _Session(Lowering(relaxation.model, deadline), seed, options["workers"], options["work"])

    return base.run(model, limit, deadline, build, supports=SUPPORTS)
