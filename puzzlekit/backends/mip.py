"""PuLP backend: the IR as a 0-1 linear feasibility problem on HiGHS or CBC.

``solver="auto"`` (the default) takes HiGHS when ``highspy`` is installed (the ``highs``
extra, part of ``all``), else the CBC bundled with PuLP. HiGHS runs inside the process and
was faster on every seed instance, by far on the larger ones, where CBC may find nothing
in minutes (docs/benchmarks.md has the measurements).

Pipeline, over the shared driver (`base.run`): runs -> clauses (`transforms.runs`) -> graph
constraints -> degree counts and pair labels (`transforms.cuts`; a node the counts already
keep on a line gets no presence variable, so the problem is smaller and its relaxation
tighter) -> binaries and linear rows -> re-solve with lazy cuts.

* A boolean is a binary; an integer is one binary per value, exactly one of them set.
* A literal is affine in those binaries: ``x``, ``1 - x``, or a constant when it tests a
  value outside the domain.
* A count is one linear row; a clause is ``sum(literals) >= 1``.
* Any feasible point is a solution; the objective only steers which one comes first. It
  maximises the chosen edges of `Connected` constraints: more chosen edges leave fewer
  separate pieces, so fewer cut rounds.
* PuLP cannot add rows to a solved model incrementally, so every call hands the whole
  problem, cuts and blocking clauses included, to the solver again. Each call gets the
  time left as its ``timeLimit``; a run that stops on time without a feasible point
  or a proof of infeasibility is "unknown". CBC does not look at its clock while it
  preprocesses and solves the root (a large problem can run far past its limit there), so
  a watchdog kills the CBC process half a second after the time is up.
* Every point the solver returns is checked against the rows before it is used.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Iterator, Sequence
from typing import Any

from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.errors import BackendUnavailable
from puzzlekit.ir import Clause, Connected, Lit, Model, compare
from puzzlekit.transforms.cuts import Relaxation

from . import base
from .base import Result

NAME = "mip"
PACKAGE = "pulp"
EXTRA = "mip"
#: The module its package installs (whether it imports decides `backends.available`).
IMPORT = "pulp"
OPTIONS: dict[str, base.Option] = {
    "solver": base.Option(
        "auto (default: HiGHS when installed, else CBC), cbc or highs",
        default="auto", choices=("auto", "cbc", "highs"), noun="MIP solver",
    ),
}
SUPPORTS = frozenset({"Count", "Clause"})
_GRACE = 0.5  # seconds CBC may overrun its time limit before the watchdog kills it
_NO_PROBING = 1 << 15  # HiGHS's presolve_rule_off bit for probing
#: HiGHS's presolve_rule_off bits for parallel rows and columns and for enumeration: with either
#: on, HiGHS 1.16 called feasible problems infeasible (a 4x4 LITS, a 6x6 Cave; without presolve,
#: or with both off, it solves them), and a false "infeasible" would hide a second answer from
#: a uniqueness proof
_UNSOUND_RULES = (1 << 13) | (1 << 16)
_PROBING_LIMIT = 100_000  # columns above which HiGHS presolves without probing


def _lib() -> Any:
    try:
        import pulp
    except ImportError as exc:
        raise BackendUnavailable(NAME, PACKAGE, EXTRA) from exc
    return pulp


def version() -> str:
    """The installed PuLP version, and HiGHS's when ``solver="auto"`` will use it."""
    pulp = _lib()
    if not _highs_installed(pulp):
        return pulp.__version__
    from importlib.metadata import version as installed

    return f"{pulp.__version__} (HiGHS {installed('highspy')})"


def _cbc(pulp: Any, **kwargs: Any) -> Any:
    """CBC: the copy bundled with PuLP 2-3 (deprecated there), else a ``cbc`` on the path."""
    if hasattr(pulp, "PULP_CBC_CMD"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            bundled = pulp.PULP_CBC_CMD(**kwargs)
        if bundled.available():
            return bundled
    return pulp.COIN_CMD(**kwargs)


def _highs_installed(pulp: Any) -> bool:
    """Whether PuLP can reach HiGHS (the ``highspy`` package)."""
    try:
        import highspy  # noqa: F401
    except ImportError:
        return False
    return bool(getattr(pulp, "HiGHS", None)) and pulp.HiGHS(msg=False).available()


def _resolve_solver(pulp: Any, name: str) -> str:
    """``auto``: HiGHS when installed, else the CBC bundled with PuLP."""
    if name == "auto":
        return "highs" if _highs_installed(pulp) else "cbc"
    return name


_banner_shown = False


def _silence_highs_banner() -> None:
    """highspy prints a banner to the C-level stdout when a process makes its first solver
    object, whatever the options say; make that first object with stdout pointed away, so
    the command line's answer stays the only output."""
    global _banner_shown
    if _banner_shown:
        return
    _banner_shown = True
    try:
        import highspy
    except ImportError:  # no HiGHS: the caller reports it as missing
        return

    try:
        sys.stdout.flush()
        saved = os.dup(1)
    except (OSError, ValueError):  # no real stdout (captured or closed): nothing to keep clean
        highspy.Highs()
        return
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 1)
            highspy.Highs()
    finally:
        os.dup2(saved, 1)
        os.close(saved)


def _solver(pulp: Any, name: str, seconds: float | None, seed: int) -> Any:
    """A PuLP solver object for one call: CBC or HiGHS, quiet, with the time left."""
    if name == "cbc":
        extra = [f"randomCbcSeed {seed}"] if seed else []
        # CBC's cut generators cost more than they save on these small 0-1 problems
        solver = _cbc(pulp, msg=False, timeLimit=seconds, options=extra, cuts=False)
        install = "pip install 'pulp[cbc]'"
    else:
        _silence_highs_banner()
        extra = {"random_seed": seed} if seed else {}
        solver = pulp.HiGHS(msg=False, timeLimit=seconds, **extra)
        install = "pip install highspy  (or use solver='cbc')"
    if not solver.available():
        error = BackendUnavailable(NAME, PACKAGE, EXTRA)
        error.args = (f"backend {NAME!r} with solver={name!r}: the solver is not installed: {install}",)
        raise error
    return solver


class _Tracked:
    """Stands in for the ``subprocess`` module inside PuLP's CBC runner: it remembers, per
    thread, the solver processes started, so a watchdog can stop the current one."""

    local = threading.local()

    def __getattr__(self, name: str) -> Any:
        return getattr(subprocess, name)

    @classmethod
    def Popen(cls, *args: Any, **kwargs: Any) -> subprocess.Popen:  # noqa: N802 (subprocess API)
        process = subprocess.Popen(*args, **kwargs)
        started = getattr(cls.local, "started", None)
        if started is not None:
            started.append(process)
            expired = getattr(cls.local, "expired", None)
            if expired is not None and expired.is_set():
                process.kill()  # the time was up before it started (PuLP writes the problem first)
        return process


def _track_cbc(pulp: Any) -> bool:
    """Route PuLP's CBC runner through `_Tracked` (once); False if this PuLP has no such hook."""
    runner = getattr(getattr(pulp, "apis", None), "coin_api", None)
    hook = getattr(runner, "subprocess", None)
    if hook is subprocess:
        runner.subprocess = _Tracked()
        return True
    return isinstance(hook, _Tracked)


@contextlib.contextmanager
def _watchdog(seconds: float | None) -> Iterator[None]:
    """Kill the solver processes this thread starts if they run past ``seconds``, and any it
    starts after that."""
    if seconds is None:
        yield
        return
    started: list[subprocess.Popen] = []
    expired = threading.Event()
    _Tracked.local.started = started
    _Tracked.local.expired = expired

    def kill() -> None:
        expired.set()  # before looking at the list: a process started later sees it
        for process in list(started):
            if process.poll() is None:
                process.kill()

    timer = threading.Timer(seconds, kill)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        _Tracked.local.started = None
        _Tracked.local.expired = None


class _Session(base.Session):
    """A PuLP problem over the relaxed model that grows with every cut and blocking clause."""

    def __init__(
        self, model: Model, prefer: Sequence[Lit], solver: str, seed: int, deadline: Deadline = UNLIMITED
    ):
        self.pulp = pulp = _lib()
        self.tracked = solver == "cbc" and _track_cbc(pulp)
        _solver(pulp, solver, None, seed)  # fail early on a missing solver
        self.model = model
        self.solver_name = solver
        self.seed = seed
        self.problem = pulp.LpProblem("puzzlekit", pulp.LpMinimize)
        self.columns: dict[int, dict[int, Any]] = {}
        for v in deadline.paced(model.vars):
            values = (1,) if v.is_bool else range(v.lo, v.hi + 1)
            self.columns[v.index] = {
                k: self._binary(f"x{v.index}_{k}" if k >= 0 else f"x{v.index}_m{-k}") for k in values
            }
        self.objective = self._expression([(-1, lit) for lit in prefer])[0]
        self.problem.setObjective(self.objective)
        self.table: list[tuple[Any, str, int]] = []  # every row as (expression, op, rhs), for HiGHS
        self.rows = 0
        for v in deadline.paced(model.vars):
            if not v.is_bool:
                one = pulp.lpSum(self.columns[v.index].values())
                self.problem += one == 1
                self.table.append((one, "==", 1))
                self.rows += 1
        self.false = False  # a row without variables is false: no solution at all
        self.extra: list[Clause] = []
        for count in deadline.paced(model.counts):
            self._row(count.terms, count.op, count.rhs)
        for clause in deadline.paced(model.clauses):
            self._row([(1, lit) for lit in clause.lits], ">=", 1)
        self.calls = 0

    def _binary(self, name: str) -> Any:
        if hasattr(self.problem, "add_variable"):  # PuLP >= 3.3; the only way in PuLP 4
            return self.problem.add_variable(name, 0, 1, cat="Binary")
        return self.pulp.LpVariable(name, cat="Binary")

    def _affine(self, lit: Lit) -> tuple[Any, int, int]:
        """The literal as ``sign * column + constant`` (column None for a constant)."""
        var = self.model.vars[lit.var]
        if not var.lo <= lit.value <= var.hi:
            return None, 0, 0 if lit.positive else 1
        if var.is_bool:
            column = self.columns[var.index][1]
            return (column, 1, 0) if (lit.value == 1) == lit.positive else (column, -1, 1)
        column = self.columns[var.index][lit.value]
        return (column, 1, 0) if lit.positive else (column, -1, 1)

    def _expression(self, terms: Sequence[tuple[int, Lit]]) -> tuple[Any, int]:
        """``sum(coef * lit)`` as a PuLP expression over the binaries plus a constant."""
        coefficients: dict[Any, int] = {}
        constant = 0
        for coef, lit in terms:
            column, sign, offset = self._affine(lit)
            constant += coef * offset
            if column is not None:
                coefficients[column] = coefficients.get(column, 0) + coef * sign
        return self.pulp.LpAffineExpression([(c, k) for c, k in coefficients.items() if k]), constant

    def _row(self, terms: Sequence[tuple[int, Lit]], op: str, rhs: int) -> None:
        expr, constant = self._expression(terms)
        if not expr:
            self.false |= not compare(constant, op, rhs)
            return
        rhs -= constant
        self.problem += expr == rhs if op == "==" else expr <= rhs if op == "<=" else expr >= rhs
        self.table.append((expr, op, rhs))
        self.rows += 1

    def add(self, clauses: Sequence[Clause]) -> None:
        """Add clauses (cuts or blocking clauses) as rows for every later call."""
        self.extra.extend(clauses)
        for clause in clauses:
            self._row([(1, lit) for lit in clause.lits], ">=", 1)

    def solve(self, seconds: float | None) -> tuple[str, Sequence[int] | None]:
        """Hand the whole problem to the solver; ``sat`` only with a point that keeps every row."""
        pulp = self.pulp
        called = time.perf_counter()
        self.calls += 1
        if self.false:
            return "unsat", None
        if self.rows == 0:
            values = [0] * len(self.model.vars)  # only booleans, and nothing constrains them
        elif self.solver_name == "highs":
            answer, found_values = self._highs(seconds)
            if found_values is None:
                return answer, None
            values = found_values
        else:
            solver = _solver(pulp, self.solver_name, seconds, self.seed)
            grace = None if seconds is None else seconds + _GRACE
            try:
                with _watchdog(grace if self.tracked else None), tempfile.TemporaryDirectory() as tmp:
                    if hasattr(solver, "tmpDir"):
                        solver.tmpDir = tmp  # a killed CBC leaves its files behind: they go too
                    self.problem.solve(solver)
            except pulp.PulpSolverError:
                if seconds is not None and time.perf_counter() - called >= seconds:
                    return "unknown", None  # the watchdog stopped it
                raise
            status, found = self.problem.status, self.problem.sol_status
            if found in (pulp.LpSolutionOptimal, pulp.LpSolutionIntegerFeasible):
                values = self._values()
            elif status == pulp.LpStatusInfeasible:
                return "unsat", None
            elif seconds is not None:
                return "unknown", None
            else:
                raise RuntimeError(
                    f"{self.solver_name} stopped without a time limit, neither feasible nor infeasible: "
                    f"{pulp.LpStatus[status]} / {pulp.LpSolution[found]}"
                )
        broken = self.model.check(values) + [repr(c) for c in self.extra if not c.holds(values)]
        if broken:
            if seconds is not None:
                return "unknown", None  # e.g. a time-limited run that reports a point it does not have
            raise RuntimeError(f"{self.solver_name} returned a point that breaks {broken[:3]}")
        return "sat", values

    def _highs(self, seconds: float | None) -> tuple[str, list[int] | None]:
        """One HiGHS run on the problem, handed over row by row with the clock read.

        PuLP's own HiGHS interface passes over the whole problem several times in Python (one
        call per row, sorting the columns by name, copying values and duals back) before and
        after HiGHS runs, seconds on a large grid that HiGHS's time limit does not cover; here
        the rows go over in one call and HiGHS gets the time left once they are there.
        """
        import highspy
        import numpy as np

        deadline = Deadline(seconds)
        _silence_highs_banner()
        highs = highspy.Highs()
        highs.setOptionValue("output_flag", False)
        if self.seed:
            highs.setOptionValue("random_seed", self.seed)
        columns = [x for v in self.model.vars for x in self.columns[v.index].values()]
        index = {x: i for i, x in enumerate(columns)}
        n = len(columns)
        # probing in presolve outlasts the time limit on large problems (a 64x64 sudoku:
        # 31 s on a 12 s limit); below the limit it pays (a 15x15 nonogram: 11x faster)
        rules_off = _UNSOUND_RULES | (_NO_PROBING if n > _PROBING_LIMIT else 0)
        highs.setOptionValue("presolve_rule_off", rules_off)
        every = np.arange(n, dtype=np.int32)
        highs.addVars(n, np.zeros(n), np.ones(n))
        highs.changeColsIntegrality(n, every, np.full(n, highspy.HighsVarType.kInteger))
        cost = np.zeros(n)
        for x, c in self.objective.items():
            cost[index[x]] = c
        highs.changeColsCost(n, every, cost)
        inf = highspy.kHighsInf
        lower, upper, starts, cols, coefs = [], [], [], [], []
        for expr, op, rhs in deadline.paced(self.table, every=256):
            starts.append(len(cols))
            for x, c in expr.items():
                cols.append(index[x])
                coefs.append(c)
            lower.append(-inf if op == "<=" else rhs)
            upper.append(inf if op == ">=" else rhs)
        highs.addRows(
            len(lower), np.array(lower), np.array(upper), len(cols),
            np.array(starts, dtype=np.int32), np.array(cols, dtype=np.int32), np.array(coefs, dtype=float),
        )
        left = deadline.left()
        if left is not None:
            if left <= 0:
                return "unknown", None
            highs.setOptionValue("time_limit", left)
        highs.run()
        doubtful = (highspy.HighsModelStatus.kSolveError, highspy.HighsModelStatus.kInfeasible)
        if highs.getModelStatus() in doubtful:
            # HiGHS's presolve sometimes ends in an error on a small, feasible problem (a 6x6
            # Heyawake) or calls it infeasible (a 3x3 Fillomino, a 4x4 LITS, a 6x6 Cave), so
            # "infeasible" is believed only from a run without presolve
            left = deadline.left()
            if left is not None and left <= 0:
                return "unknown", None
            highs.setOptionValue("presolve", "off")
            if left is not None:
                highs.setOptionValue("time_limit", left)
            highs.clearSolver()
            highs.run()
        if highs.getModelStatus() == highspy.HighsModelStatus.kInfeasible:
            return "unsat", None
        if highs.getInfo().primal_solution_status != highspy.kSolutionStatusFeasible:
            if seconds is not None:
                return "unknown", None
            raise RuntimeError(f"HiGHS stopped without a time limit, neither feasible nor infeasible: "
                               f"{highs.getModelStatus()}")
        point = highs.getSolution().col_value
        values = []
        for v in self.model.vars:
            ones = [k for k, x in self.columns[v.index].items() if point[index[x]] > 0.5]
            values.append(int(bool(ones)) if v.is_bool else (ones[0] if ones else v.lo))
        return "sat", values

    def stats(self) -> dict[str, Any]:
        """How many times the whole problem went to the solver."""
        return {"solver_calls": self.calls}

    def _values(self) -> list[int]:
        values = []
        for v in self.model.vars:
            ones = {k: (x.value() or 0) > 0.5 for k, x in self.columns[v.index].items()}
            if v.is_bool:
                values.append(int(ones[1]))
            else:
                values.append(next((k for k, on in ones.items() if on), v.lo))
        return values


def solve(
    model: Model,
    *,
    limit: int = 1,
    time_limit: float | None = None,
    seed: int = 0,
    **options: Any,
) -> Result:
    """Solve with HiGHS or CBC and lazy graph cuts; enumerate up to ``limit`` solutions.

    ``solver``: ``highs`` (needs ``highspy``), ``cbc`` (bundled with PuLP), or ``auto``
    (the default): HiGHS when installed, else CBC.
    """
    options = base.check_options(NAME, OPTIONS, options)
    solver = _resolve_solver(_lib(), options["solver"])
    deadline = Deadline(time_limit)
    prefer = [e.lit for g in model.graphs if isinstance(g, Connected) for e in g.edges]

    def build(relaxation: Relaxation, deadline: Deadline) -> _Session:
        return _Session(relaxation.model, prefer, solver, seed, deadline)

    return base.run(
        model, limit, deadline, build, supports=SUPPORTS, relax={"implied": True}, stats={"solver": solver}
    )
