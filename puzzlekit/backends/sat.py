"""python-sat backend: the IR as CNF on one incremental SAT solver, graphs by lazy cuts.

Pipeline, over the shared driver (`base.run`): runs -> DFA clauses (`transforms.runs`) ->
graph constraints -> degree counts (`transforms.cuts`) -> CNF -> one incremental solver, to
which the driver adds cuts and blocking clauses without rebuilding it.

* Integers become one boolean per value with exactly-one.
* Unit clauses fix their literals first (a fixed value also fixes the integer's other
  values); a fixed literal is a constant in every later constraint, so counts over givens
  shrink before they are encoded, and its variable stays out of the CNF. On a 36x36 Sudoku
  with 60% given this cut the CNF from 545,000 clauses to 150,000.
* Counts are normalised first: repeated variables merged, negative coefficients turned
  into positive ones on the negated literal, constants folded into the right-hand side,
  a common factor divided out. A small count is encoded directly by forbidding each
  minimal set of literals that overshoots (pairwise at-most-one is the simplest case; no
  new variables). At most one of more literals is Sinz's sequential counter, written here
  (a `pysat.card` call costs more than its clauses). Other larger unit-weight counts go
  to `pysat.card`, chosen per constraint: a sequential counter when ``n * k`` is small, a
  totalizer for medium sizes, a cardinality network for large ones. Other weights get a
  reduced BDD (Eén & Sörensson), two clauses per node. ``pysat.pb`` is not used: it
  needs the optional ``pindakaas`` package.
* Solver: CaDiCaL 1.9.5, but Glucose 4.2 on disjoint paths between grid cells that may stay
  empty (`sat_solvers.default_solver`); the ``solver`` option names another.
* Time limits: the solver runs in slices of a fixed number of conflicts (the last one cut
  to the time left, so the search is the same on every run) until the deadline, backed by
  ``interrupt`` from a `threading.Timer` where the solver has one (CaDiCaL has none;
  Glucose only looks at either between restarts, so it can be late).
* Cuts: the shared rules (`transforms.cuts.Cutter`) with one strengthening: a node whose
  presence is forced (probing: assuming it absent fails by unit propagation, as for a node
  a clue puts on the line) counts as always present, so its cuts lose the ``~on`` literal.
* Disjoint paths: each node also gets a pair label, copied along chosen edges and fixed at
  the terminals, so a path joining two different pairs fails by propagation instead of by
  one cut per round. ``labels="binary"`` (default) stores the pair number in
  ``log2(pairs)`` bits; ``"onehot"`` is one flag per pair with exactly one per used node;
  False turns labels off. Binary is a fraction of the CNF and solved faster in our
  measurements too.
* Presence: ``cuts.relax(implied=True)`` drops the presence variable of a node whose edges
  the model's own counts already force (as when every cell must be covered), and
  counts that repeat an encoded count are skipped. Unit-weight counts over distinct
  variables take a short path straight to clauses. The failed-literal probe for the strong
  cuts runs only once a candidate needs a cut.
"""

from __future__ import annotations

import itertools
import math
import threading
import time
from collections.abc import Sequence
from typing import Any

from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.errors import BackendUnavailable, UnknownName
from puzzlekit.ir import Clause, Count, DisjointPaths, Lit, Model
from puzzlekit.transforms import cuts as _cuts
from puzzlekit.transforms import pseudoboolean as pb

from . import base, sat_paths, sat_planar, sat_solvers
from .base import Result

NAME = "sat"
PACKAGE = "python-sat"
EXTRA = "sat"
#: The module its package installs (whether it imports decides `backends.available`).
IMPORT = "pysat"
OPTIONS: dict[str, base.Option] = {
    "solver": base.Option(
        "python-sat solver name, or auto (default): glucose42 for lines joining pairs of grid "
        "cells where cells may stay empty, else cadical195",
        default="auto", parse=lambda value: "auto" if str(value).lower() == "auto" else _solver_name(value),
    ),
    "cuts": base.Option(
        "strong (default) or shared", default="strong", choices=("strong", "shared"), noun="cut rule",
    ),
    "labels": base.Option(
        "binary (default), onehot or false", default="binary", choices=("binary", "onehot", False),
        noun="pair label encoding",
    ),
    "planar": base.Option(
        "auto (default: where cells may stay empty), true or false: add the planar parities "
        "of disjoint paths on a grid (needs binary labels)",
        default="auto", choices=("auto", True, False), noun="planar parity setting",
    ),
    "propagate": base.Option("false (default) or true: reason about paths during the search "
                             "(cadical195 only)", default=False, choices=(False, True)),
}
SUPPORTS = frozenset({"Count", "Clause"})
_NO_INTERRUPT = ("cadical",)  # solver name prefixes without ``interrupt``
#: At most one of up to this many literals of a count is every pair of them (beyond, Sinz's
#: counter): faster on the hard 25x25 Sudokus, level on the Queens (docs/benchmarks.md,
#: "Hard Sudoku").
_PAIRWISE = 25
#: A time-limited solve runs in slices of this many conflicts (the first ones smaller), so
#: its search is the same on every run; only a slice that would end past the deadline is
#: cut to what the measured pace allows. Each slice is a new ``solve`` call, which costs a
#: long search some conflicts: doubling up to 16,000 took 29% fewer than slices of 4,000 on
#: the hard 25x25 Sudokus and was level on the long Numberlink searches, though single
#: puzzles move either way (docs/benchmarks.md, "Longer conflict slices").
_CONFLICTS = (1000, 2000, 4000, 8000, 16000)


def _lib() -> Any:
    try:
        import pysat.card
        import pysat.solvers
    except ImportError as exc:
        raise BackendUnavailable(NAME, PACKAGE, EXTRA) from exc
    return pysat


def version() -> str:
    """The installed python-sat version."""
    return _lib().__version__


class _Cnf:
    """The CNF of one relaxed IR model: variable map plus clauses; grows with later clauses."""

    def __init__(self, model: Model, deadline: Deadline = UNLIMITED):
        self.pysat = _lib()
        self.ir = model
        self.deadline = deadline
        self.top = 1  # variable 1 is the constant true
        self.clauses: list[list[int]] = [[1]]
        self.bools: dict[int, int] = {}
        self.onehot: dict[int, dict[int, int]] = {}
        self.seen: set[tuple] = set()  # counts already encoded (relax repeats the model's degrees)
        self.fixed: dict[int, int] = {}  # SAT variable -> its literal that a unit clause makes true
        self._variables()
        for count in deadline.paced(model.counts):
            self.count(count)
        for clause in deadline.paced(model.clauses):
            self.clause(clause)

    def new(self) -> int:
        """A fresh SAT variable."""
        self.top += 1
        return self.top

    # step 1: variables -------------------------------------------------------------------
    def _variables(self) -> None:
        """One SAT variable per boolean and per integer value; the unit clauses fix some.

        A literal a unit clause fixes (and, for a fixed value, the integer's other values) is
        the constant from then on (`lit`), so counts over givens shrink before they are
        encoded; its variable is left out of the CNF and `values` reads it from `fixed`.
        """
        for v in self.deadline.paced(self.ir.vars):
            if v.is_bool:
                self.bools[v.index] = self.new()
            else:
                self.onehot[v.index] = {k: self.new() for k in range(v.lo, v.hi + 1)}
        self._literals()
        fixed = self.fixed
        for clause in self.ir.clauses:
            if len(clause.lits) == 1:
                x = self.lit(clause.lits[0])
                if abs(x) != 1:
                    fixed.setdefault(abs(x), x)
        for values in self.onehot.values():
            if any(fixed.get(x, 0) > 0 for x in values.values()):
                for x in values.values():
                    fixed.setdefault(x, -x)
        for values in self.onehot.values():
            open_ = [x for x in values.values() if x not in fixed]
            true = [x for x in values.values() if fixed.get(x, 0) > 0]
            if not open_ and not true:
                self.clauses.append([-1])  # every value excluded
            elif len(true) > 1:
                self.clauses.append([-1])  # two values fixed
            elif not true:
                self.clauses.append(open_)
                self.at_most(open_, 1)
        self._literals()

    def _literals(self) -> None:
        """`lit`'s table: per IR variable, the SAT literal of ``var == 1`` (a boolean) or of
        each value (an integer), fixed ones as the constants ``±1``."""
        fixed = self.fixed

        def code(x: int) -> int:
            f = fixed.get(x)
            return x if f is None else (1 if f > 0 else -1)

        table: list[Any] = [None] * len(self.ir.vars)
        for i, x in self.bools.items():
            table[i] = code(x)
        for i, values in self.onehot.items():
            table[i] = {k: code(x) for k, x in values.items()}
        self.table = table

    def lit(self, lit: Lit) -> int:
        """The SAT literal of an IR literal (``±1`` for a constant, or a fixed one)."""
        t = self.table[lit.var]
        if type(t) is int:
            x = t if lit.value == 1 else -t if lit.value == 0 else -1
        else:
            x = t.get(lit.value, -1)
        return x if lit.positive else -x

    # step 2: clauses and counts ----------------------------------------------------------
    def clause(self, clause: Clause) -> None:
        """Add an IR clause."""
        lits = {self.lit(x) for x in clause.lits}
        if 1 not in lits:
            self.clauses.append(sorted(lits - {-1}, key=abs) or [-1])

    def count(self, count: Count) -> None:
        """Add an IR count, encoded by the cheapest fitting method."""
        if not count.terms:
            self._unit_count([], count.op, count.rhs)
            return
        coefs, xs = zip(*count.terms)
        lit = self.lit
        lits = [lit(x) for x in xs]
        if coefs.count(1) == len(coefs):  # the common case: constants out, then already normal
            rhs = count.rhs
            if 1 in lits or -1 in lits:
                rhs -= lits.count(1)
                lits = [x for x in lits if x != 1 and x != -1]
            if len({abs(x) for x in lits}) == len(lits):
                self._unit_count(lits, count.op, rhs)
                return
        terms, rhs = pb.normalise(list(zip(coefs, lits)), count.rhs)
        key = (tuple(sorted(terms)), count.op, rhs)
        if key in self.seen:
            return
        self.seen.add(key)
        if count.op in ("<=", "=="):
            self._leq(terms, rhs)
        if count.op in (">=", "=="):
            # sum w*x >= k  <=>  sum w*(~x) <= W - k
            self._leq([(w, -x) for w, x in terms], sum(w for w, _ in terms) - rhs)

    def _unit_count(self, lits: list[int], op: str, rhs: int) -> None:
        """``sum(lits) op rhs`` over literals of distinct variables (no constants)."""
        key = (tuple(sorted(lits)), op, rhs)
        if key in self.seen:
            return
        self.seen.add(key)
        n = len(lits)
        for at_most, k in ((lits, rhs), ([-x for x in lits], n - rhs)):
            if op == (">=" if at_most is lits else "<="):
                continue
            if k < 0:
                self.clauses.append([-1])
            elif k == 1 and n <= _PAIRWISE:  # the commonest count, pairs made directly
                self.clauses.extend([[-x, -y] for x, y in itertools.combinations(at_most, 2)])
            elif k < n and n <= 12 and math.comb(n, k + 1) <= 4 * n + 8:
                self.clauses.extend([[-x for x in cover] for cover in itertools.combinations(at_most, k + 1)])
            elif k < n:
                self.at_most(at_most, k)

    def _leq(self, terms: list[tuple[int, int]], k: int) -> None:
        """``sum(w * x) <= k`` with positive weights."""
        total = sum(w for w, _ in terms)
        if k >= total:
            return
        if k < 0:
            self.clauses.append([-1])
            return
        n = len(terms)
        if n <= 12 and math.comb(n, k + 1) <= 4 * n + 8 and all(w == 1 for w, _ in terms):  # direct
            self.clauses.extend([-x for _, x in cover] for cover in itertools.combinations(terms, k + 1))
            return
        g = math.gcd(*(w for w, _ in terms))
        terms, k = [(w // g, x) for w, x in terms], k // g  # the sum is a multiple of g
        covers = pb.minimal_covers(terms, k, 4 * len(terms) + 8)
        if covers is not None:
            self.clauses.extend([-x for x in cover] for cover in covers)
        elif all(w == 1 for w, _ in terms):
            self.at_most([x for _, x in terms], k)
        else:
            self._bdd(terms, k)

    def at_most(self, lits: list[int], k: int) -> None:
        """At most ``k`` of distinct-variable literals, with a `pysat.card` encoding."""
        n = len(lits)
        if k >= n:
            return
        if k == 0:
            self.clauses.extend([-x] for x in lits)
            return
        if k == n - 1:
            self.clauses.append([-x for x in lits])
            return
        if k == 1:
            self._at_most_one(lits)
            return
        card = self.pysat.card
        kind = card.EncType
        if k == 1 and n <= 6:
            encoding = kind.pairwise
        elif n * k <= 512:
            encoding = kind.seqcounter
        elif n <= 256:
            encoding = kind.totalizer
        else:
            encoding = kind.cardnetwrk
        enc = card.CardEnc.atmost(lits=lits, bound=k, top_id=self.top, encoding=encoding)
        self.top = max(self.top, enc.nv)
        self.clauses.extend(enc.clauses)

    def _at_most_one(self, lits: list[int]) -> None:
        """At most one literal: pairwise up to six, else Sinz's sequential counter (3n - 4
        clauses, n - 1 new variables ``s_i``: one of the first i + 1 literals is true), written
        here rather than by `pysat.card`, whose call costs several times the clauses."""
        n = len(lits)
        clauses = self.clauses
        if n <= 6:
            clauses.extend([-a, -b] for a, b in itertools.combinations(lits, 2))
            return
        s = self.top + 1  # s_i is s + i, for i < n - 1
        self.top += n - 1
        clauses.append([-lits[0], s])
        clauses.extend([-lits[i], s + i] for i in range(1, n - 1))
        clauses.extend([-(s + i - 1), s + i] for i in range(1, n - 1))
        clauses.extend([-lits[i], -(s + i - 1)] for i in range(1, n - 1))
        clauses.append([-lits[n - 1], -(s + n - 2)])

    def _bdd(self, terms: list[tuple[int, int]], k: int) -> None:
        """``sum(w * x) <= k`` as a reduced BDD; node (i, k) means "terms i.. sum to <= k"."""
        terms = sorted(terms, key=lambda t: -t[0])
        n = len(terms)
        rest = [0] * (n + 1)
        sums = [1] * (n + 1)  # bitmask of the sums that terms i.. can reach
        for i in range(n - 1, -1, -1):
            rest[i] = rest[i + 1] + terms[i][0]
            sums[i] = sums[i + 1] | (sums[i + 1] << terms[i][0])
        nodes: dict[tuple[int, int], int] = {}

        def node(i: int, bound: int) -> int:
            """The literal of node (i, bound), ``±1`` for the terminals; creates it if new."""
            if bound < 0:
                return -1
            if bound >= rest[i]:
                return 1
            bound = (sums[i] & ((2 << bound) - 1)).bit_length() - 1  # largest reachable sum
            key = (i, bound)
            if key not in nodes:
                nodes[key] = self.new()
                todo.append(key)
            return nodes[key]

        todo: list[tuple[int, int]] = []
        root = node(0, k)
        self.clauses.append([root])
        while todo:
            i, bound = todo.pop()
            v = nodes[(i, bound)]
            w, x = terms[i]
            lo = node(i + 1, bound)
            hi = node(i + 1, bound - w)
            if lo != 1:
                self.clauses.append([-v, lo])
            if hi != 1:
                self.clauses.append([-v, -x] + ([hi] if hi != -1 else []))

    # step 3: graph helpers -------------------------------------------------------------
    # decoding ----------------------------------------------------------------------------
    def values(self, model: Sequence[int]) -> list[int]:
        """The value of every IR variable under a SAT model."""
        n = len(model)  # a variable in no clause may be missing: it is false
        fixed = self.fixed

        def true(x: int) -> bool:
            f = fixed.get(x)
            return f > 0 if f is not None else x <= n and model[x - 1] > 0

        out = [0] * len(self.ir.vars)
        for i, x in self.bools.items():
            out[i] = int(true(x))
        for i, values in self.onehot.items():
            out[i] = next(k for k, x in values.items() if true(x))
        return out


class _Session(base.Session):
    """One incremental SAT solver over a relaxed model: cuts and blocking clauses go to it live."""

    engine: Any = None  # a `sat_paths.PathPropagator` attached to the solver, if any

    def __init__(self, cnf: _Cnf, solver: str, deadline: Deadline = UNLIMITED):
        self.cnf = cnf
        self.name = solver
        self.deadline = deadline
        self.solver = sat_solvers.loaded(cnf, solver, deadline)
        self.sent = len(cnf.clauses)
        self.interruptible = not solver.startswith(_NO_INTERRUPT)

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
        """Solve in conflict-budget slices (`_CONFLICTS`) until the time is up.

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
            budget = _CONFLICTS[0]
            for slice_ in itertools.count(1):
                started = time.perf_counter()
                self.solver.conf_budget(budget)
                answer = self.solver.solve_limited(assumptions=assumptions,
                                                   expect_interrupt=self.interruptible)
                now = time.perf_counter()
                if answer is not None or now >= end:
                    break
                rate = budget / max(now - started, 1e-3)
                budget = _CONFLICTS[min(slice_, len(_CONFLICTS) - 1)]
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


class _ProbingCutter:
    """The shared cuts made stronger by probing: a node whose presence literal is forced
    (assuming it absent fails at once by unit propagation) counts as always present, so a
    cut through it loses its ``~on`` literal (`cuts.Cutter`). The probe runs only once a
    candidate needs a cut, which is often never."""

    def __init__(self, relaxation: _cuts.Relaxation, session: _Session):
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


def _solver_name(value: Any) -> str:
    """The python-sat name of a solver (aliases such as ``cd19`` allowed), asked of python-sat."""
    _lib()
    from pysat.solvers import SolverNames

    known = {k: v for k, v in vars(SolverNames).items() if not k.startswith("_")}
    for name, aliases in known.items():
        if isinstance(value, str) and value.lower() in aliases:
            return name
    raise ValueError(f"unknown SAT solver {value!r}; python-sat knows: {', '.join(known)}")


def _build(relaxation: _cuts.Relaxation, deadline: Deadline, solver: str, labels: Any,
           paths: bool = False, planar: Any = "auto") -> _Session:
    """The CNF, pair labels in the solver's own encoding and the planar parities
    (`sat_planar`), the solver (``paths``: `sat_paths`)."""
    cnf = _Cnf(relaxation.model, deadline)
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
    session = _Session(cnf, solver, deadline)
    if paths and solver == "cadical195":
        session.engine = sat_paths.attach(session.solver, relaxation, cnf.lit)
    return session


def solve(
    model: Model,
    *,
    limit: int = 1,
    time_limit: float | None = None,
    seed: int = 0,
    **options: Any,
) -> Result:
    """Solve with a SAT solver and lazy cuts; enumerate up to ``limit`` answer-key-distinct solutions.

    ``solver`` names a python-sat solver (``cadical195``, ``glucose42``, ...), or ``"auto"``
    (`sat_solvers.default_solver`); ``cuts`` is
    ``"strong"`` (cuts through probed, forced nodes) or ``"shared"`` (`transforms.cuts` as
    is); ``labels`` is ``"binary"``, ``"onehot"`` or False (see the module docstring);
    ``planar`` True adds the planar parities (`sat_planar`), which need binary labels.
    The SAT solvers are deterministic, so ``seed`` has no effect.
    """
    options = base.check_options(NAME, OPTIONS, options)
    _lib()
    deadline = Deadline(time_limit)
    solver, labels, propagate = options["solver"], options["labels"], options["propagate"]
    planar = options["planar"]
    if propagate and solver not in ("auto", "cadical195"):
        raise UnknownName(f"backend {NAME!r}: option 'propagate' true needs solver cadical195, not {solver}")
    if planar is True and labels != "binary":
        raise UnknownName(f"backend {NAME!r}: option 'planar' true needs binary pair labels, "
                          f"not labels={str(labels).lower()}")
    return base.run(
        model, limit, deadline,
        lambda relaxation, deadline: _build(relaxation, deadline, solver, labels, propagate, planar),
        supports=SUPPORTS,
        relax={"labels": False, "implied": True},  # pair labels come in the CNF's own encoding
        cutter=_ProbingCutter if options["cuts"] == "strong" else None,
    )
