"""python-constraint backend: the IR as a finite-domain CSP searched by backtracking.

Pipeline, over the shared driver (`base.run`): runs -> clauses (`transforms.runs`) -> graph
constraints -> degree counts (`transforms.cuts`) -> rows -> a `constraint.Problem` per
solver call -> lazy cuts.

* Each IR variable keeps its domain ``lo..hi``; the CSP variable is its index.
* Counts and clauses become one row kind, ``sum(table_i[x_i]) op rhs``: a table gives a
  variable's contribution for each of its values, which covers ``x``, ``~x`` (``1 - x``),
  integer value tests and repeated variables alike; a clause is the row ``>= 1``.
* Rows are a `Constraint` subclass with bounds propagation. The library's own sum
  constraints do no forward checking once a multiplier is negative (every degree row of
  ``cuts.relax`` has ``-2 * on``) and fail in ``preProcess`` on an emptied domain.
* The library searches variables in a fixed order, by default most-constrained first; we
  give it index order, the genre's sweep over the grid (a small open frontier), with each
  auxiliary moved up to where its rows pin it down (see `_order`).
* The library has no time limit: a constraint on every variable reads the clock and raises
  `OutOfTime`, which unwinds the search; the driver takes it as "unknown". Rows over one
  variable (the unit clauses of `expand_runs`, say) narrow its domain before the Problem is
  built: the library would apply each in ``preProcess``, before any clock is read, and remove
  it from its list of constraints one at a time, quadratic in the number of rows (minutes
  for a 30x30 nonogram).
* A model may list clauses its own constraints imply (``Model.hints[ir.IMPLIED]``) that
  forward checking, one row at a time, would not find: they become rows too.
* The library cannot add constraints between searches, so each call builds a new Problem
  from the rows of the relaxed model plus every cut and blocking clause added so far.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Sequence
from typing import Any

from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.errors import BackendUnavailable, OutOfTime
from puzzlekit.ir import IMPLIED, Clause, Lit, Model, compare
from puzzlekit.transforms.cuts import Relaxation

from . import base
from .base import Result

NAME = "csp"
PACKAGE = "python-constraint2"
EXTRA = "csp"
#: The module its package installs (whether it imports decides `backends.available`).
IMPORT = "constraint"
OPTIONS: dict[str, base.Option] = {}
SUPPORTS = frozenset({"Count", "Clause"})

_Row = tuple[tuple[int, ...], tuple[dict[int, int], ...], str, int]


def _lib() -> Any:
    try:
        import constraint
    except ImportError as exc:
        raise BackendUnavailable(NAME, PACKAGE, EXTRA) from exc
    return constraint


def version() -> str:
    """The installed python-constraint2 version."""
    _lib()
    from importlib.metadata import version as dist_version

    return dist_version(PACKAGE)


def _classes(lib: Any) -> tuple[type, type, type]:
    """The row constraint, the clock constraint and the ordered solver, on the library's bases."""

    class Sum(lib.Constraint):
        """``sum(tables[i][value of variables[i]]) op rhs``, pruning values out of reach.

        Tables are normalised to least value 0, so on a ``>=`` row one assigned variable
        whose contribution reaches ``rhs`` settles the row; it is remembered and tried
        first (a watched literal, for clauses).
        """

        def __init__(self, tables: Sequence[dict[int, int]], op: str, rhs: int):
            self.tables = tables
            self.op = op
            self.rhs = rhs
            self.spans = [(max(t.values()), len(t)) for t in tables]
            self.watch: tuple[int, dict[int, int]] | None = None

        def __call__(self, variables, domains, assignments, forwardcheck=False):
            op, rhs = self.op, self.rhs
            at_least = op == ">="
            if at_least and self.watch is not None:
                var, table = self.watch
                if var in assignments and table[assignments[var]] >= rhs:
                    return True
            lo = hi = 0
            free = []
            for var, table, (most, size) in zip(variables, self.tables, self.spans):
                if var in assignments:
                    c = table[assignments[var]]
                    if at_least and c >= rhs:
                        self.watch = (var, table)
                        return True
                    lo += c
                    hi += c
                    continue
                domain = domains[var]
                n = len(domain)
                least = 0
                if n != size:
                    if n == 0:
                        return False
                    if n == 1:
                        least = most = table[domain[0]]
                    else:
                        least = min(table[x] for x in domain)
                        most = max(table[x] for x in domain)
                lo += least
                hi += most
                if least != most:
                    free.append([var, table, least, most])
            if (not at_least and lo > rhs) or (op != "<=" and hi < rhs):
                return False
            # forward checking: hide values that put the sum out of reach, to a fixpoint
            changed = bool(forwardcheck)
            while changed:
                changed = False
                for item in free:
                    var, table, least, most = item
                    if least == most:
                        continue
                    domain = domains[var]
                    for x in domain[:]:
                        c = table[x]
                        if (not at_least and lo - least + c > rhs) or (op != "<=" and hi - most + c < rhs):
                            domain.hideValue(x)
                    if not domain:
                        return False
                    new_least = min(table[x] for x in domain)
                    new_most = max(table[x] for x in domain)
                    if new_least != least or new_most != most:
                        lo += new_least - least
                        hi += new_most - most
                        item[2], item[3] = new_least, new_most
                        changed = True
            return True

    class Clock(lib.Constraint):
        """Always satisfied; raises `OutOfTime` once ``time.perf_counter()`` passes ``stop``."""

        def __init__(self, stop: float):
            self.stop = stop

        def preProcess(self, variables, domains, constraints, vconstraints):  # noqa: N802
            pass

        def __call__(self, variables, domains, assignments, forwardcheck=False):
            if time.perf_counter() > self.stop:
                raise OutOfTime("the time limit ended during the search")
            return True

    class Ordered(lib.OptimizedBacktrackingSolver):
        """The library's backtracking search with forward checking, in a given variable order."""

        def __init__(self, order: Sequence[int]):
            super().__init__(forwardcheck=True)
            self.order = order

        def getSortedVariables(self, domains, vconstraints):  # noqa: N802
            return [v for v in self.order if v in domains]

    return Sum, Clock, Ordered


def _row(model: Model, terms: Sequence[tuple[int, Lit]], op: str, rhs: int) -> _Row | bool:
    """``sum(coef * lit) op rhs`` as a row; True or False when no variable can change it."""
    tables: dict[int, dict[int, int]] = {}
    for coef, lit in terms:
        var = model.vars[lit.var]
        table = tables.setdefault(var.index, dict.fromkeys(range(var.lo, var.hi + 1), 0))
        for x in table:
            if (x == lit.value) == lit.positive:
                table[x] += coef
    variables: list[int] = []
    kept: list[dict[int, int]] = []
    for index, table in tables.items():
        base = min(table.values())
        rhs -= base
        if base != max(table.values()):
            variables.append(index)
            kept.append({x: c - base for x, c in table.items()})
    if not variables:
        return compare(0, op, rhs)
    return tuple(variables), tuple(kept), op, rhs


def _order(model: Model, rows: Sequence[_Row]) -> list[int]:
    """Index order, each variable followed at once by the auxiliaries its rows leave last open.

    The library checks a row only when one of its variables is assigned, and does not pass
    on what forward checking learns; so an auxiliary that a finished row pins down (a cell's
    "visited" flag after its edges) must come right away, or the rows it is in (row and
    column totals) stay silent until the very end of the search. Answer-key variables keep
    index order, the genre's sweep over the grid.
    """
    size = len(model.vars)
    pull = [True] * size
    for v in model.output:
        pull[v] = False
    rows_of: list[list[int]] = [[] for _ in range(size)]
    for r, (variables, _, _, _) in enumerate(rows):
        for v in variables:
            rows_of[v].append(r)
    open_count = [len(variables) for variables, _, _, _ in rows]
    placed = [False] * size
    order: list[int] = []
    for first in range(size):
        stack = [first]
        while stack:
            v = stack.pop()
            if placed[v]:
                continue
            placed[v] = True
            order.append(v)
            for r in rows_of[v]:
                open_count[r] -= 1
                if open_count[r] == 1:
                    stack.extend(u for u in rows[r][0] if pull[u] and not placed[u])
    return order


class _Session(base.Session):
    """Builds and searches a fresh Problem for the relaxed model plus the clauses added so far."""

    def __init__(self, model: Model, seed: int, deadline: Deadline = UNLIMITED):
        self.lib = _lib()
        self.sum, self.clock, self.solver = _classes(self.lib)
        self.model = model
        self.rng = random.Random(seed) if seed else None
        self.rows: list[_Row] = []
        self.false = False  # a constraint without variables is false: no solution at all
        for count in deadline.paced(model.counts):
            self._add(count.terms, count.op, count.rhs)
        self.add(deadline.paced(model.clauses))
        # the clauses a model marks as implied by its constraints: forward checking reads one
        # row at a time, and some deductions the rows make together steer the search
        self.add(model.hints.get(IMPLIED, ()))
        self.calls = 0

    def _add(self, terms: Sequence[tuple[int, Lit]], op: str, rhs: int) -> None:
        row = _row(self.model, terms, op, rhs)
        if row is False:
            self.false = True
        elif row is not True:
            self.rows.append(row)  # type: ignore[arg-type]

    def add(self, clauses: Iterable[Clause]) -> None:
        """Keep the clauses for every later search."""
        for clause in clauses:
            self._add([(1, lit) for lit in clause.lits], ">=", 1)

    def solve(self, seconds: float | None) -> tuple[str, Sequence[int] | None]:
        """Search a rebuilt Problem for its first solution within ``seconds``."""
        self.calls += 1
        deadline = Deadline(seconds)
        if self.false:
            return "unsat", None
        if not self.model.vars:
            return "sat", []
        allowed = {v.index: set(range(v.lo, v.hi + 1)) for v in self.model.vars}
        rows = []
        for row in deadline.paced(self.rows, every=256):
            variables, tables, op, rhs = row
            if len(variables) == 1:  # narrow the domain now (see the module docstring)
                table = tables[0]
                allowed[variables[0]] = {x for x in allowed[variables[0]] if compare(table[x], op, rhs)}
            else:
                rows.append(row)
        if not all(allowed.values()):
            return "unsat", None
        problem = self.lib.Problem(self.solver(_order(self.model, rows)))
        for v in self.model.vars:
            # the search tries the last value first
            domain = [x for x in range(v.hi, v.lo - 1, -1) if x in allowed[v.index]]
            if self.rng is not None:
                self.rng.shuffle(domain)
            problem.addVariable(v.index, domain)
        if seconds is not None:
            # added first, so every assignment reads the clock before any other check
            clock = self.clock(deadline.start + seconds)
            problem.addConstraint(clock, [v.index for v in self.model.vars])
        for variables, tables, op, rhs in deadline.paced(rows, every=256):
            problem.addConstraint(self.sum(tables, op, rhs), list(variables))
        solution = next(iter(problem.getSolutionIter()), None)  # OutOfTime: the driver stops
        if solution is None:
            return "unsat", None
        return "sat", [solution[v.index] for v in self.model.vars]

    def stats(self) -> dict[str, Any]:
        """How many Problems were built and searched."""
        return {"solver_calls": self.calls}


def solve(
    model: Model,
    *,
    limit: int = 1,
    time_limit: float | None = None,
    seed: int = 0,
    **options: Any,
) -> Result:
    """Solve by backtracking with lazy graph cuts; enumerate up to ``limit`` answer-key-distinct solutions."""
    base.check_options(NAME, OPTIONS, options)
    _lib()
    deadline = Deadline(time_limit)

    def build(relaxation: Relaxation, deadline: Deadline) -> _Session:
        return _Session(relaxation.model, seed, deadline)

    return base.run(model, limit, deadline, build, supports=SUPPORTS)
