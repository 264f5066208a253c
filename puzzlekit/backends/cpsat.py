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
  against the one-hot model with or without a redundant AllDifferent.
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

from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.errors import BackendUnavailable
from puzzlekit.ir import Clause, Connected, Count, DisjointPaths, Lit, Loop, Model, Path, Runs
from puzzlekit.transforms.cuts import Relaxation
from puzzlekit.transforms.runs import run_automaton
from puzzlekit.transforms.shapes import all_different_groups, equivalences

from . import base
from .base import Result
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


def _lib() -> Any:
    try:
        from ortools.sat.python import cp_model
    except ImportError as exc:
        raise BackendUnavailable(NAME, PACKAGE, EXTRA) from exc
    return cp_model


_MODEL_CLASS: list[type] = []


def _model_class() -> type:
    """``CpModel`` without the deprecated camel-case aliases it adds to every new model (a
    loop over ``dir`` that took a third of a millisecond, most of a 9x9 Sudoku's lowering)."""
    if not _MODEL_CLASS:
        class Model(_lib().CpModel):  # type: ignore[misc, valid-type]
            def _add_pre_pep8_methods(self) -> None:
                pass

        _MODEL_CLASS.append(Model)
    return _MODEL_CLASS[0]


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
    _lib()
    import ortools

    return ortools.__version__


class _Lowering:
    """The CP-SAT model of one IR model.

    Variables, counts and clauses are written straight into the model's proto (literals as
    proto indices, ``-i - 1`` for a negation); the rarer graph and run constraints use the
    ``CpModel`` methods on wrappers of the same variables (`lit`).
    """

    def __init__(self, model: Model, deadline: Deadline = UNLIMITED):
        _lib()
        self.deadline = deadline
        self.ir = model
        self.cp = _model_class()()
        self.proto = self.cp.proto
        self.cons = self.proto.constraints
        self.true = self.cp.new_constant(1)
        self.t = self.true.index
        self.f = -self.t - 1
        self.bools: dict[int, int] = {}
        self.onehot: dict[int, dict[int, int]] = {}
        self.ints: dict[int, int] = {}  # integers under AllDifferent: the CP-SAT integer
        # their values left after the unit clauses (a range until one removes a value)
        self.domains: dict[int, Sequence[int]] = {}
        self.channels: dict[tuple[int, int], int] = {}  # (var, value) -> literal "var == value"
        self._wrapped: dict[int, Any] = {}
        groups, absorbed, group_counts = all_different_groups(model, deadline)
        alias, implied = equivalences(model, deadline)
        units = self._variables(groups, alias)
        self._counts(absorbed | implied, group_counts)
        bool_or = self.cons.add
        for i, clause in enumerate(deadline.paced(model.clauses)):
            if i not in units:
                bool_or().bool_or.literals.extend(self.ilits(clause.lits))
        # through the CpModel method: its C++ side writes the expressions 3x faster than
        # adding them one field at a time to the proto
        wrap = self.cp.get_int_var_from_proto_index
        as_int = {var: wrap(index) for var, index in self.ints.items()}  # each in 3 groups
        for group in groups:
            self.cp.add_all_different([as_int[var] for var in group])
        for gi, g in enumerate(deadline.paced(model.graphs, every=1)):
            if isinstance(g, Connected):
                self._connected(g)
            else:
                self._circuit(gi, g)
        for runs in deadline.paced(model.runs, every=1):
            self._runs(runs)

    # step 1: variables -------------------------------------------------------------------
    def _new_bool(self) -> int:
        index = len(self.proto.variables)
        self.proto.variables.add().domain.extend((0, 1))
        return index

    def _variables(self, groups: list[tuple[int, ...]], alias: dict[int, tuple[int, bool]]) -> set[int]:
        """Booleans, one-hot integers and the integers of AllDifferent groups, whose unit
        clauses become their domains; returns the indices of the clauses so absorbed. A
        boolean in ``alias`` is its leader's literal or that literal's negation (a quarter of
        a large Tents model: a cell beside one tree is paired with it just when it holds a tent).

        Indices are given out first and the proto's variables made after, the booleans
        between two integers in one copy of a template (a fraction of a call per variable).
        """
        grouped = {var for group in groups for var in group}
        variables = self.proto.variables
        first = after = len(variables)
        bools = self.bools
        for v in self.deadline.paced(self.ir.vars):
            if v.is_bool:
                same = alias.get(v.index)
                if same is None:
                    bools[v.index] = after
                    after += 1
                else:
                    leader = bools[same[0]]
                    bools[v.index] = -leader - 1 if same[1] else leader
            elif v.index in grouped:
                self.ints[v.index] = after
                self.domains[v.index] = range(v.lo, v.hi + 1)
                after += 1
            else:
                size = v.hi - v.lo + 1
                self.onehot[v.index] = dict(zip(range(v.lo, v.hi + 1), range(after, after + size)))
                self.cons.add().exactly_one.literals.extend(range(after, after + size))
                after += size
        units: set[int] = set()
        if grouped:
            for i, clause in enumerate(self.ir.clauses):
                if len(clause.lits) == 1 and clause.lits[0].var in grouped:
                    lit = clause.lits[0]
                    dom = self.domains[lit.var]
                    if lit.positive:  # a given
                        self.domains[lit.var] = [lit.value] if lit.value in dom else []
                    else:
                        self.domains[lit.var] = [k for k in dom if k != lit.value]
                    units.add(i)
        boolean = _template((0, 1))
        protos: list[Any] = []  # every variable's proto, in index order, copied in one call
        made = first
        for var, index in [*self.ints.items(), (None, after)]:
            if index > made:
                protos += [boolean] * (index - made)
            if var is not None:
                dom = self.domains[var]
                if not dom:  # no value left: the model has no solution
                    self.cons.add().bool_or.literals.extend(())
                    dom = self.domains[var] = [self.ir.vars[var].lo]
                protos.append(_template(tuple(_intervals(dom))))
            made = index + 1
        variables.extend(protos)
        return units

    def ilit(self, lit: Lit) -> int:
        """The CP-SAT literal (a proto index, ``-i - 1`` negated) of an IR literal; a
        boolean's own literal (in `bools`) may be a negation too."""
        b = self.bools.get(lit.var)
        if b is not None:
            x = b if lit.value == 1 else -b - 1 if lit.value == 0 else self.f
        elif lit.var in self.onehot:
            x = self.onehot[lit.var].get(lit.value, self.f)
        else:
            x = self._channel(lit.var, lit.value)
        return x if lit.positive else -x - 1

    def _channel(self, var: int, value: int) -> int:
        """The literal "var == value" of an AllDifferent integer, made on first use."""
        x = self.channels.get((var, value))
        if x is None:
            dom = self.domains[var]
            if value not in dom:
                x = self.f
            elif len(dom) == 1:
                x = self.t
            else:
                x = self._new_bool()
                index = self.ints[var]
                others = _intervals([k for k in dom if k != value])
                for enforce, allowed in ((x, (value, value)), (-x - 1, others)):
                    ct = self.cons.add()
                    ct.enforcement_literal.append(enforce)
                    ct.linear.vars.append(index)
                    ct.linear.coeffs.append(1)
                    ct.linear.domain.extend(allowed)
            self.channels[(var, value)] = x
        return x

    def lit(self, lit: Lit) -> Any:
        """The CP-SAT literal of an IR literal, as a ``CpModel`` wrapper."""
        return self.wrap(self.ilit(lit))

    def wrap(self, x: int) -> Any:
        """The ``CpModel`` wrapper of a proto literal."""
        out = self._wrapped.get(x)
        if out is None:
            if x == self.t:
                out = self.true
            elif x < 0:
                out = self.wrap(-x - 1).Not()
            else:
                out = self.cp.get_bool_var_from_proto_index(x)
            self._wrapped[x] = out
        return out

    # step 2: counts and clauses ----------------------------------------------------------
    def clause(self, lits: Sequence[Lit]) -> None:
        """At least one of the IR literals."""
        self.cons.add().bool_or.literals.extend(self.ilits(lits))

    def ilits(self, lits: Sequence[Lit]) -> list[int]:
        """`ilit` of each literal, with the common case (a boolean) inline."""
        bools, ilit = self.bools, self.ilit
        return [
            (bools[x.var] if x.positive else -1 - bools[x.var]) if x.value == 1 and x.var in bools
            else ilit(x)
            for x in lits
        ]

    def _counts(self, absorbed: set[int], extra: Sequence[Count]) -> None:
        """The stated counts but those ``absorbed`` (their indices), then ``extra``."""
        cons = self.cons
        stated = self.ir.stated_counts
        kept = [count for i, count in enumerate(stated) if i not in absorbed] if absorbed else stated
        for count in self.deadline.paced([*kept, *extra]):
            rhs, op = count.rhs, count.op
            if not count.terms:
                self._linear((), (), op, rhs)
                continue
            coefs, xs = zip(*count.terms)
            lits = self.ilits(xs)
            if rhs == 1 and coefs.count(1) == len(coefs) and len(set(lits)) == len(lits):
                if op == "==":
                    cons.add().exactly_one.literals.extend(lits)
                elif op == "<=":
                    cons.add().at_most_one.literals.extend(lits)
                else:
                    cons.add().bool_or.literals.extend(lits)
                continue
            self._linear(coefs, lits, op, rhs)

    def _linear(self, coefs: Sequence[int], lits: Sequence[int], op: str, rhs: int) -> None:
        """``sum(coef * lit) op rhs`` over proto literals (a negation ``-i - 1`` is ``1 - x_i``)."""
        by_var: dict[int, int] = {}
        for c, x in zip(coefs, lits):
            if x < 0:
                x = -x - 1
                rhs -= c
                c = -c
            by_var[x] = by_var.get(x, 0) + c
        variables = [x for x, c in by_var.items() if c]
        weights = [by_var[x] for x in variables]
        low = sum(c for c in weights if c < 0)
        high = sum(c for c in weights if c > 0)
        if op == "==":
            allowed = (rhs, rhs)
        elif op == "<=":
            allowed = (min(low, rhs), rhs)
        else:
            allowed = (rhs, max(high, rhs))
        if not variables:  # a constant: nothing to add when it holds, else an empty clause
            if not allowed[0] <= 0 <= allowed[1]:
                self.cons.add().bool_or.literals.extend(())
            return
        ct = self.cons.add()
        ct.linear.vars.extend(variables)
        ct.linear.coeffs.extend(weights)
        ct.linear.domain.extend(allowed)

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
            if not (lit.positive and lit.value == 1 and self.bools.get(lit.var, -1) >= 0):
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
        solution = list(solver.response_proto.solution)
        out = [0] * len(self.ir.vars)
        for i in self.ir.output:
            if i in self.bools:
                x = self.bools[i]
                out[i] = solution[x] if x >= 0 else 1 - solution[-x - 1]
            elif i in self.ints:
                out[i] = solution[self.ints[i]]
            else:
                out[i] = next(k for k, b in self.onehot[i].items() if solution[b])
        return out


#: domain -> (a model of its own, its one variable's proto with that domain)
_TEMPLATES: dict[tuple[int, ...], tuple[Any, Any]] = {}


def _template(domain: tuple[int, ...]) -> Any:
    """A variable's proto with this domain (``[lo1, hi1, ...]``) to copy from."""
    kept = _TEMPLATES.get(domain)
    if kept is None:
        if len(_TEMPLATES) >= 1024:  # many one-off domains: keep the store small
            _TEMPLATES.clear()
        scratch = _model_class()()
        proto = scratch.proto.variables.add()
        proto.domain.extend(domain)
        kept = _TEMPLATES[domain] = (scratch, proto)
    return kept[1]


def _intervals(values: Sequence[int]) -> list[int]:
    """A sorted, non-empty list of distinct integers as a CP-SAT domain: ``[lo1, hi1, lo2, hi2, ...]``."""
    if values[-1] - values[0] == len(values) - 1:  # one interval
        return [values[0], values[-1]]
    out = [values[0], values[0]]
    for k in values[1:]:
        if k == out[-1] + 1:
            out[-1] = k
        else:
            out += [k, k]
    return out


class _Session(base.Session):
    """A CP-SAT model that re-solves with a fresh ``CpSolver`` after each added clause."""

    def __init__(self, low: _Lowering, seed: int, workers: int, work: float = 0.0):
        self.cp_model = _lib()
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
    _lib()
    deadline = Deadline(time_limit)

    def build(relaxation: Relaxation, deadline: Deadline) -> _Session:
        return _Session(_Lowering(relaxation.model, deadline), seed, options["workers"], options["work"])

    return base.run(model, limit, deadline, build, supports=SUPPORTS)
