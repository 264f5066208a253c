"""Z3 backend: counts as pseudo-Boolean constraints, graph constraints by cuts or ranks.

Pipeline, over the shared driver (`base.run`): runs -> DFA clauses (`transforms.runs`) ->
graph constraints relaxed to degree counts (`transforms.cuts`) -> variables, counts and
clauses as Z3 terms -> either lazy cuts or a native rank encoding of the graph constraints
-> one incremental solver that enumerates by blocking clauses.

* Booleans are Z3 ``Bool``; integers are one-hot (a ``Bool`` per value, exactly one true).
* Counts are ``PbEq`` / ``PbLe`` / ``PbGe``; clauses are ``Or``.
* ``graph="cuts"`` (default): the driver adds violated connectivity cuts to the same
  solver with ``solver.add``.
* ``graph="order"``: every used node other than a root has a chosen edge to a neighbour of
  smaller integer rank, so every piece reaches a root. Roots: the first used node of a loop,
  a path's start, each pair's first node (plus a pair label per node), the first always
  present (else first present) node of a connected constraint.
* ``logic``: ``"QF_FD"`` is Z3's SAT core with native cardinality reasoning, ``"SMT"`` the
  general solver (integer ranks are cheaper there); ``"auto"`` picks QF_FD for cuts, SMT
  for ranks: the faster logic for each method in our measurements.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.errors import BackendUnavailable
from puzzlekit.ir import Clause, Connected, Count, DisjointPaths, Lit, Model, Path, compare
from puzzlekit.transforms.cuts import Relaxation

from . import base
from .base import Result
from .interrupts import stopping_on_interrupt

NAME = "z3"
PACKAGE = "z3-solver"
EXTRA = "z3"
#: The module its package installs (whether it imports decides `backends.available`).
IMPORT = "z3"
OPTIONS: dict[str, base.Option] = {
    "graph": base.Option(
        "graph constraints by 'cuts' (default) or an 'order' encoding",
        default="cuts", choices=("cuts", "order"), noun="graph method",
    ),
    "logic": base.Option(
        "Z3 logic: auto (default), QF_FD, SMT, ...", default="auto", parse=lambda value: _logic(value),
    ),
}
SUPPORTS = frozenset({"Count", "Clause"})


def _lib() -> Any:
    try:
        import z3
    except ImportError as exc:
        raise BackendUnavailable(NAME, PACKAGE, EXTRA) from exc
    return z3


def version() -> str:
    """The installed Z3 version."""
    return _lib().get_version_string()


class _Lowering:
    """The Z3 terms of one graph-free IR model, asserted on one solver."""

    def __init__(self, model: Model, solver: Any, deadline: Deadline = UNLIMITED):
        self.z3 = _lib()
        self.ir = model
        self.solver = solver
        self.deadline = deadline
        self.bools: dict[int, Any] = {}
        self.onehot: dict[int, dict[int, Any]] = {}
        self.negated: dict[Any, Any] = {}
        self._variables()
        for count in deadline.paced(model.counts):
            solver.add(self.count(count))
        for clause in deadline.paced(model.clauses):
            solver.add(self.clause(clause))

    # step 1: variables -------------------------------------------------------------------
    def _variables(self) -> None:
        z3 = self.z3
        for v in self.deadline.paced(self.ir.vars):
            if v.is_bool:
                self.bools[v.index] = z3.Bool(f"x{v.index}")
            else:
                values = {k: z3.Bool(f"x{v.index}={k}") for k in range(v.lo, v.hi + 1)}
                self.solver.add(z3.PbEq([(b, 1) for b in values.values()], 1))
                self.onehot[v.index] = values

    def term(self, lit: Lit) -> Any:
        """The Z3 term of an IR literal, or a Python bool when its value is outside the domain."""
        if lit.var in self.bools:
            if lit.value not in (0, 1):
                return not lit.positive
            b = self.bools[lit.var]
            return b if (lit.value == 1) == lit.positive else self._negation(lit.var, b)
        x = self.onehot[lit.var].get(lit.value)
        if x is None:
            return not lit.positive
        return x if lit.positive else self._negation((lit.var, lit.value), x)

    def _negation(self, key: Any, x: Any) -> Any:
        """``Not(x)``, made once per variable (building Z3 terms dominates lowering)."""
        negated = self.negated.get(key)
        if negated is None:
            negated = self.negated[key] = self.z3.Not(x)
        return negated

    def lit(self, lit: Lit) -> Any:
        """The Z3 term of an IR literal (a constant when the value is outside the domain)."""
        term = self.term(lit)
        return self.z3.BoolVal(term) if isinstance(term, bool) else term

    # step 2: counts and clauses ----------------------------------------------------------
    def count(self, count: Count) -> Any:
        """A pseudo-Boolean constraint; constant literals are folded into the right side."""
        z3 = self.z3
        rhs = count.rhs
        terms = []
        for coef, lit in count.terms:
            term = self.term(lit)
            if term is True:
                rhs -= coef
            elif term is not False and coef:
                terms.append((term, coef))
        if not terms:
            return z3.BoolVal(compare(0, count.op, rhs))
        if count.op == "==":
            return z3.PbEq(terms, rhs)
        if count.op == "<=":
            return z3.PbLe(terms, rhs)
        return z3.PbGe(terms, rhs)

    def clause(self, clause: Clause) -> Any:
        """The disjunction of the literals (false when empty)."""
        terms = [self.term(x) for x in clause.lits]
        if any(t is True for t in terms):
            return self.z3.BoolVal(True)
        terms = [t for t in terms if t is not False]
        return self.z3.Or(terms) if terms else self.z3.BoolVal(False)

    # step 3 (graph="order"): ranks from roots --------------------------------------------
    def ranked(self, gi: int, g: Any) -> None:
        """Native encoding of one relaxed graph constraint: descent to a root along chosen edges."""
        z3 = self.z3
        con = g.constraint
        nodes = list(g.nodes)
        on = {n: (z3.BoolVal(True) if g.on[n] is None else self.lit(g.on[n])) for n in nodes}
        if isinstance(con, Path):
            root = {n: z3.BoolVal(n == con.start) for n in nodes}
        elif isinstance(con, DisjointPaths):
            starts = {a for a, _ in con.pairs}
            root = {n: z3.BoolVal(n in starts) for n in nodes}
        elif isinstance(con, Connected) and any(g.on[n] is None for n in nodes):
            first = next(n for n in nodes if g.on[n] is None)
            root = {n: z3.BoolVal(n == first) for n in nodes}
        else:  # Loop, or Connected with every node optional: the first used node
            root = {}
            seen = z3.BoolVal(False)
            for i, n in enumerate(nodes):
                root[n] = z3.Bool(f"g{gi}:root{i}")
                self.solver.add(root[n] == z3.And(on[n], z3.Not(seen)))
                nxt = z3.Bool(f"g{gi}:seen{i}")
                self.solver.add(nxt == z3.Or(seen, on[n]))
                seen = nxt
        rank = {n: z3.Int(f"g{gi}:rank{i}") for i, n in enumerate(nodes)}
        below: dict[Any, list[Any]] = {n: [] for n in nodes}
        for e in con.edges:
            x = self.lit(e.lit)
            below[e.v].append(z3.And(x, rank[e.u] < rank[e.v]))
            below[e.u].append(z3.And(x, rank[e.v] < rank[e.u]))
        for n in nodes:
            self.solver.add(rank[n] >= 0, rank[n] < len(nodes))
            self.solver.add(z3.Implies(z3.And(on[n], z3.Not(root[n])), z3.Or(below[n])))
        if isinstance(con, DisjointPaths) and len(con.pairs) > 1:
            label = {n: z3.Int(f"g{gi}:label{i}") for i, n in enumerate(nodes)}
            for n in nodes:
                self.solver.add(label[n] >= 0, label[n] < len(con.pairs))
            for k, (a, b) in enumerate(con.pairs):
                self.solver.add(label[a] == k, label[b] == k)
            for e in con.edges:
                self.solver.add(z3.Implies(self.lit(e.lit), label[e.u] == label[e.v]))

    # reading a model ---------------------------------------------------------------------
    def values(self, zmodel: Any) -> list[int]:
        """A full assignment of the IR variables from a Z3 model."""
        z3 = self.z3
        out = [0] * len(self.ir.vars)
        for i, b in self.bools.items():
            out[i] = int(z3.is_true(zmodel.eval(b, model_completion=True)))
        for i, values in self.onehot.items():
            out[i] = next(k for k, b in values.items() if z3.is_true(zmodel.eval(b, model_completion=True)))
        return out


class _Session(base.Session):
    """One incremental Z3 solver: cuts and blocking clauses are asserted on it."""

    def __init__(self, low: _Lowering):
        self.low = low
        self.z3 = low.z3

    def add(self, clauses: Sequence[Clause]) -> None:
        """Assert clauses (cuts or blocking clauses) for every later check."""
        for clause in clauses:
            self.low.solver.add(self.low.clause(clause))

    def solve(self, seconds: float | None) -> tuple[str, Sequence[int] | None]:
        """One ``check`` within the remaining time."""
        solver = self.low.solver
        if seconds is not None:
            solver.set("timeout", max(1, int(seconds * 1000)))
        with stopping_on_interrupt(solver.interrupt) as watched:
            # Z3 catches Ctrl-C itself and answers unknown, as at the time limit: leave it to
            # Python, so that it raises KeyboardInterrupt once the check is stopped
            solver.set("ctrl_c", not watched)
            answer = solver.check()
        if answer == self.z3.sat:
            return "sat", self.low.values(solver.model())
        if answer == self.z3.unsat:
            return "unsat", None
        return "unknown", None


def _logic(value: Any) -> str:
    """A logic Z3 knows (asked of Z3 itself), ``SMT`` (the general solver) or ``auto``."""
    if not isinstance(value, str):
        raise ValueError(f"Z3 does not know the logic {value!r}; name one, e.g. QF_FD")
    if value.lower() in ("auto", "smt"):
        return value.lower() if value.lower() == "auto" else "SMT"
    z3 = _lib()
    try:
        z3.SolverFor(value)
    except z3.Z3Exception:
        raise ValueError(f"Z3 does not know the logic {value!r}") from None
    return value


def _solver(logic: str, graph: str, seed: int) -> Any:
    """A fresh Z3 solver for the logic (``auto``: QF_FD for cuts, SMT for ranks)."""
    z3 = _lib()
    if logic == "auto":
        logic = "QF_FD" if graph == "cuts" else "SMT"
    solver = z3.Solver() if logic == "SMT" else z3.SolverFor(logic)
    solver.set("random_seed", seed)
    return solver


def _no_cuts(relaxation: Relaxation, session: base.Session) -> base.Cutter:
    """The cutter of ``graph="order"``: the rank encoding leaves nothing to cut."""
    return Relaxation(relaxation.model, ())


def solve(
    model: Model,
    *,
    limit: int = 1,
    time_limit: float | None = None,
    seed: int = 0,
    **options: Any,
) -> Result:
    """Solve with Z3; enumerate up to ``limit`` answer-key-distinct solutions.

    ``graph``: ``cuts`` (default) or ``order``; ``logic``: ``auto`` (default), ``QF_FD``,
    ``SMT`` or another logic Z3 knows (see the module docstring).
    """
    options = base.check_options(NAME, OPTIONS, options)
    _lib()
    graph = options["graph"]
    deadline = Deadline(time_limit)

    def build(relaxation: Relaxation, deadline: Deadline) -> _Session:
        low = _Lowering(relaxation.model, _solver(options["logic"], graph, seed), deadline)
        if graph == "order":
            for gi, g in enumerate(relaxation.graphs):
                deadline.check()
                low.ranked(gi, g)
        return _Session(low)

    return base.run(
        model, limit, deadline, build, supports=SUPPORTS, cutter=_no_cuts if graph == "order" else None
    )
