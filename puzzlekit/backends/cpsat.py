"""OR-tools CP-SAT backend: every IR kind lowered natively.

Pipeline: variables -> counts and clauses -> graph constraints (``add_circuit``, flow) ->
runs (``add_automaton``) -> the shared driver (`base.run`), whose session re-solves the
model with a fresh ``CpSolver`` after adding each blocking clause.

* Integers become one boolean per value with exactly-one (domains are small).
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

from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.errors import BackendUnavailable
from puzzlekit.ir import Clause, Connected, DisjointPaths, Lit, Loop, Model, Path, Runs
from puzzlekit.transforms.cuts import Relaxation
from puzzlekit.transforms.runs import run_automaton

from . import base
from .base import Result

NAME = "cpsat"
PACKAGE = "ortools"
EXTRA = "cpsat"
OPTIONS: dict[str, base.Option] = {
    "workers": base.Option(
        "CP-SAT search workers: 1 to 64, or 0 (the default) to let CP-SAT choose",
        default=0, parse=base.whole_number(0, 64, "workers"),
    ),
}
SUPPORTS = frozenset({"Count", "Clause", "Loop", "Path", "DisjointPaths", "Connected", "Runs"})


def _lib() -> Any:
    try:
        from ortools.sat.python import cp_model
    except ImportError as exc:
        raise BackendUnavailable(NAME, PACKAGE, EXTRA) from exc
    return cp_model


def version() -> str:
    """The installed OR-tools version."""
    _lib()
    import ortools

    return ortools.__version__


class _Lowering:
    """The CP-SAT model of one IR model."""

    def __init__(self, model: Model, deadline: Deadline = UNLIMITED):
        cp_model = _lib()
        self.deadline = deadline
        self.ir = model
        self.cp = cp_model.CpModel()
        self.true = self.cp.new_constant(1)
        self.bools: dict[int, Any] = {}
        self.onehot: dict[int, dict[int, Any]] = {}
        self._variables()
        self._counts()
        for clause in deadline.paced(model.clauses):
            self.cp.add_bool_or([self.lit(x) for x in clause.lits])
        for gi, g in enumerate(deadline.paced(model.graphs, every=1)):
            if isinstance(g, Connected):
                self._connected(g)
            else:
                self._circuit(gi, g)
        for runs in deadline.paced(model.runs, every=1):
            self._runs(runs)

    # step 1: variables -------------------------------------------------------------------
    def _variables(self) -> None:
        for v in self.deadline.paced(self.ir.vars):
            if v.is_bool:
                self.bools[v.index] = self.cp.new_bool_var(f"x{v.index}")
            else:
                values = {k: self.cp.new_bool_var(f"x{v.index}={k}") for k in range(v.lo, v.hi + 1)}
                self.cp.add_exactly_one(values.values())
                self.onehot[v.index] = values

    def lit(self, lit: Lit) -> Any:
        """The CP-SAT literal of an IR literal."""
        if lit.var in self.bools:
            b = self.bools[lit.var]
            if lit.value not in (0, 1):
                return self.true.Not() if lit.positive else self.true
            return b if (lit.value == 1) == lit.positive else b.Not()
        x = self.onehot[lit.var].get(lit.value)
        if x is None:
            return self.true.Not() if lit.positive else self.true
        return x if lit.positive else x.Not()

    # step 2: counts ----------------------------------------------------------------------
    def _counts(self) -> None:
        for count in self.deadline.paced(self.ir.counts):
            lits = [self.lit(x) for _, x in count.terms]
            unit = all(c == 1 for c, _ in count.terms)
            if unit and count.rhs == 1 and count.op == "<=":
                self.cp.add_at_most_one(lits)
            elif unit and count.rhs == 1 and count.op == "==":
                self.cp.add_exactly_one(lits)
            else:
                expr = sum(c * x for (c, _), x in zip(count.terms, lits))
                if count.op == "==":
                    self.cp.add(expr == count.rhs)
                elif count.op == "<=":
                    self.cp.add(expr <= count.rhs)
                else:
                    self.cp.add(expr >= count.rhs)

    # step 3: graph constraints -----------------------------------------------------------
    def _circuit(self, gi: int, g: Loop | Path | DisjointPaths) -> None:
        index: dict[Any, int] = {}
        incident: dict[Any, list[Any]] = {}
        arcs: list[tuple[int, int, Any]] = []
        for e in self.deadline.paced(g.edges):
            for node in (e.u, e.v):
                index.setdefault(node, len(index))
            lit = self.lit(e.lit)
            if e.u == e.v:  # a chosen self-loop breaks the constraint; the node's own arc is its "off"
                self.cp.add_bool_or([lit.Not()])
                continue
            fwd = self.cp.new_bool_var(f"g{gi}:{e.u}>{e.v}")
            back = self.cp.new_bool_var(f"g{gi}:{e.v}>{e.u}")
            self.cp.add(fwd + back == lit)
            arcs += [(index[e.u], index[e.v], fwd), (index[e.v], index[e.u], back)]
            incident.setdefault(e.u, []).append(lit)
            incident.setdefault(e.v, []).append(lit)
        if isinstance(g, Loop):
            ends: list[tuple[Any, Any]] = []
            self.cp.add_bool_or([self.lit(e.lit) for e in g.edges])
        elif isinstance(g, Path):
            ends = [(g.start, g.end)]
        else:
            ends = list(g.pairs)
        terminals = {node for pair in ends for node in pair}
        if len(terminals) != 2 * len(ends):  # a node that ends two paths: no solution
            self.cp.add_bool_or([])
            return
        for node in terminals:
            index.setdefault(node, len(index))
        if not index:  # no nodes: an empty loop has no solution (added above), no pairs have one
            return
        off: dict[Any, Any] = {}
        for node, i in self.deadline.paced(index.items()):
            degree = sum(incident.get(node, []))
            if node in terminals:
                self.cp.add(degree == 1)
            else:
                off[node] = self.cp.new_bool_var(f"g{gi}:off{i}")
                self.cp.add(degree + 2 * off[node] == 2)
                arcs.append((i, i, off[node]))
        # thread the paths into one circuit: end_k -> dummy_k -> start_(k+1)
        for k, (_, end) in enumerate(ends):
            dummy = len(index) + k
            arcs.append((index[end], dummy, self.true))
            arcs.append((dummy, index[ends[(k + 1) % len(ends)][0]], self.true))
        self.cp.add_circuit(arcs)
        if isinstance(g, DisjointPaths) and len(g.pairs) > 1:
            self._labels(gi, g, index, off)

    def _labels(self, gi: int, g: DisjointPaths, index: dict, off: dict) -> None:
        """One boolean per (node, pair): equal along chosen edges, fixed at the terminals.

        Booleans propagate along a chosen edge at once; an integer label with enforced
        equality was measurably slower.
        """
        pairs = range(len(g.pairs))
        every = max(1, 64 // len(pairs))  # read the clock every 64 or so new booleans
        label = {
            n: [self.cp.new_bool_var(f"g{gi}:n{i}=pair{k}") for k in pairs]
            for n, i in self.deadline.paced(index.items(), every)
        }
        for node, flags in self.deadline.paced(label.items(), every):
            if node in off:
                self.cp.add(sum(flags) + off[node] == 1)
            else:
                self.cp.add_exactly_one(flags)
        for k, (a, b) in enumerate(g.pairs):
            self.cp.add_bool_or([label[a][k]])
            self.cp.add_bool_or([label[b][k]])
        for e in self.deadline.paced(g.edges, every):
            chosen = self.lit(e.lit)
            for k in pairs:
                self.cp.add_bool_or([chosen.Not(), label[e.u][k].Not(), label[e.v][k]])
                self.cp.add_bool_or([chosen.Not(), label[e.v][k].Not(), label[e.u][k]])

    def _connected(self, g: Connected) -> None:
        nodes = [n for n, _ in g.nodes]
        present = {n: (self.true if lit is None else self.lit(lit)) for n, lit in g.nodes}
        big = len(nodes)
        edges = []
        for e in self.deadline.paced(g.edges):
            if e.u not in present or e.v not in present:  # an edge to no node is never chosen
                self.cp.add_bool_or([self.lit(e.lit).Not()])
                continue
            edges.append(e)
            for end in (e.u, e.v):
                self.cp.add_implication(self.lit(e.lit), present[end])
        fixed = [n for n, lit in g.nodes if lit is None]
        if fixed:
            root = {n: (self.true if n == fixed[0] else self.true.Not()) for n in nodes}
        else:
            root = {n: self.cp.new_bool_var(f"root{i}") for i, n in enumerate(nodes)}
            for i, n in self.deadline.paced(enumerate(nodes), every=1):
                self.cp.add_implication(root[n], present[n])
                for earlier in nodes[:i]:
                    self.cp.add_implication(root[n], present[earlier].Not())
                self.cp.add_bool_or([present[n].Not()] + [root[m] for m in nodes[: i + 1]])
        flow_in: dict[Any, list[Any]] = {n: [] for n in nodes}
        flow_out: dict[Any, list[Any]] = {n: [] for n in nodes}
        for e in self.deadline.paced(edges):
            lit = self.lit(e.lit)
            for a, b in ((e.u, e.v), (e.v, e.u)):
                f = self.cp.new_int_var(0, big, f"flow{a}>{b}")
                self.cp.add(f == 0).only_enforce_if(lit.Not())
                flow_out[a].append(f)
                flow_in[b].append(f)
        for n in self.deadline.paced(nodes):
            excess = self.cp.new_int_var(0, big, f"excess{n}")
            self.cp.add(excess == 0).only_enforce_if(root[n].Not())
            self.cp.add(sum(flow_out[n]) - sum(flow_in[n]) + present[n] == excess)

    # step 4: runs ------------------------------------------------------------------------
    def _runs(self, runs: Runs) -> None:
        cells = []
        for lit in runs.cells:
            x = self.lit(lit)
            if not (lit.positive and lit.value == 1 and lit.var in self.bools):
                y = self.cp.new_bool_var("")
                self.cp.add(y == x)
                x = y
            cells.append(x)
        if not cells or min(runs.lengths, default=1) < 1:
            if runs.lengths:  # runs in no cells, or a run of no cells: never
                self.cp.add_bool_or([])
            return
        transitions, final = run_automaton(runs.lengths)
        self.cp.add_automaton(cells, 0, final, transitions)

    # solving -----------------------------------------------------------------------------
    def values(self, solver: Any) -> list[int]:
        """Values of the output variables (others left 0) as a full-length list."""
        out = [0] * len(self.ir.vars)
        for i in self.ir.output:
            if i in self.bools:
                out[i] = int(solver.boolean_value(self.bools[i]))
            else:
                out[i] = next(k for k, b in self.onehot[i].items() if solver.boolean_value(b))
        return out


class _Session(base.Session):
    """A CP-SAT model that re-solves with a fresh ``CpSolver`` after each added clause."""

    def __init__(self, low: _Lowering, seed: int, workers: int):
        self.cp_model = _lib()
        self.low = low
        self.seed = seed
        self.workers = workers
        self.counters = {"solver_calls": 0, "conflicts": 0, "branches": 0}

    def add(self, clauses: Sequence[Clause]) -> None:
        """Add clauses (blocking clauses) to the model for every later solve."""
        for clause in clauses:
            self.low.cp.add_bool_or([self.low.lit(x) for x in clause.lits])

    def solve(self, seconds: float | None) -> tuple[str, Sequence[int] | None]:
        """One CP-SAT run within ``seconds``; the answer key's values (others 0) when found."""
        cp_model = self.cp_model
        solver = cp_model.CpSolver()
        solver.parameters.random_seed = self.seed
        if self.workers:
            solver.parameters.num_workers = self.workers
        if seconds is not None:
            solver.parameters.max_time_in_seconds = seconds
        status = solver.solve(self.low.cp)
        self.counters["solver_calls"] += 1
        self.counters["conflicts"] += solver.num_conflicts
        self.counters["branches"] += solver.num_branches
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

    ``workers``: CP-SAT's search workers, 0 (the default) for CP-SAT's own choice.
    """
    options = base.check_options(NAME, OPTIONS, options)
    _lib()
    deadline = Deadline(time_limit)

    def build(relaxation: Relaxation, deadline: Deadline) -> _Session:
        return _Session(_Lowering(relaxation.model, deadline), seed, options["workers"])

    return base.run(model, limit, deadline, build, supports=SUPPORTS)
