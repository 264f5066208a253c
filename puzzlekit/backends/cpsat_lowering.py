"""The CP-SAT model of an IR model (`Lowering`), for the ``cpsat`` backend (see its module for
how each IR kind is lowered), and the OR-tools package it needs (`lib`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.errors import BackendUnavailable
from puzzlekit.ir import Connected, Count, DisjointPaths, Lit, Loop, Model, Path, Runs
from puzzlekit.transforms.runs import run_automaton
from puzzlekit.transforms.shapes import all_different_groups, equivalences


def lib() -> Any:
    try:
        from ortools.sat.python import cp_model
    except ImportError as exc:
        raise BackendUnavailable("cpsat", "ortools", "cpsat") from exc
    return cp_model


_MODEL_CLASS: list[type] = []


def model_class() -> type:
    """``CpModel`` without the deprecated camel-case aliases it adds to every new model (a
    loop over ``dir`` that took a third of a millisecond, most of a 9x9 Sudoku's lowering)."""
    if not _MODEL_CLASS:
        class Model(lib().CpModel):  # type: ignore[misc, valid-type]
            def _add_pre_pep8_methods(self) -> None:
                pass

        _MODEL_CLASS.append(Model)
    return _MODEL_CLASS[0]


class Lowering:
    """The CP-SAT model of one IR model.

    Variables, counts and clauses are written straight into the model's proto (literals as
    proto indices, ``-i - 1`` for a negation); the rarer graph and run constraints use the
    ``CpModel`` methods on wrappers of the same variables (`lit`).
    """

    def __init__(self, model: Model, deadline: Deadline = UNLIMITED):
        lib()
        self.deadline = deadline
        self.ir = model
        self.cp = model_class()()
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
        domains, ints = self.domains, self.ints
        as_int = {var: wrap(ints[var]) for var in ints if len(domains[var]) > 1}  # each in 3 groups
        for group in groups:  # a fixed integer's value is out of the others' domains already
            left = [as_int[var] for var in group if var in as_int]
            if len(left) > 1:
                self.cp.add_all_different(left)
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
            self._singles(groups)
        scratch: list[Any] = []  # the model of the one-off domains' templates, until copied
        boolean = _template((0, 1), scratch)
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
                protos.append(_template(tuple(_intervals(dom)), scratch))
            made = index + 1
        variables.extend(protos)
        return units

    def _singles(self, groups: list[tuple[int, ...]]) -> None:
        """Take each fixed integer's value out of the domains of the others in its groups,
        until no more become fixed (naked singles: a Sudoku's givens fix most of a large
        grid this way). CP-SAT's presolve finds the same, but only after the lowering wrote
        an AllDifferent over every cell and the presolve read them all; here the fixed ones
        leave their groups (`__init__`): lowering and CP-SAT took 0.5-0.8 of their time on
        16x16 and 25x25 Sudokus with 60% given, the same on 36x36 ones, where the singles fix
        little beyond the givens (docs/benchmarks.md). A value taken twice in a group leaves
        a domain empty: no solution. Domains are bit masks meanwhile (bit k: value
        ``low + k``); each group keeps the values its fixed members took and the members
        still open."""
        domains = self.domains
        of: dict[int, list[int]] = {}
        for gi, group in enumerate(groups):
            for var in group:
                of.setdefault(var, []).append(gi)
        low = min((self.ir.vars[var].lo for var in of), default=0)
        mask: dict[int, int] = {}
        for var in of:
            dom = domains[var]
            if isinstance(dom, range):
                mask[var] = ((1 << len(dom)) - 1) << (dom.start - low) if dom else 0
            elif len(dom) == 1:  # a given
                mask[var] = 1 << (dom[0] - low)
            else:
                mask[var] = sum(1 << (k - low) for k in dom)
        changed: set[int] = set()

        def fixed(var: int, bit: int) -> None:  # its groups take the value
            for gi in of[var]:
                if taken[gi] & bit:
                    mask[var] = 0
                    changed.add(var)
                taken[gi] |= bit
                dirty.add(gi)

        taken = [0] * len(groups)
        dirty: set[int] = set()
        for var, m in mask.items():
            if m and not m & (m - 1):
                fixed(var, m)
        members = [list(group) for group in groups]
        while dirty:
            gi = dirty.pop()
            took = taken[gi]
            still = []
            for var in members[gi]:
                m = mask[var]
                if not m & (m - 1):  # fixed or empty: out of the group
                    continue
                if m & took:
                    m = mask[var] = m & ~took
                    changed.add(var)
                    if not m & (m - 1):
                        if m:
                            fixed(var, m)
                        continue
                still.append(var)
            members[gi] = still
        for var in changed:
            m = mask[var]
            dom = []
            while m:  # the set bits, lowest first
                bit = m & -m
                dom.append(low + bit.bit_length() - 1)
                m ^= bit
            domains[var] = dom

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


#: Domains kept in `_TEMPLATES` (the first ones met: booleans, a Sudoku's digits); others are
#: one-offs (an open cell's digits left by `Lowering._singles`), made in the caller's scratch.
_TEMPLATES_KEPT = 64


def _template(domain: tuple[int, ...], scratch: list[Any]) -> Any:
    """A variable's proto with this domain (``[lo1, hi1, ...]``) to copy from: a kept one, or
    one made in a model of ``scratch``, which the caller holds until it has copied it (a
    template's model freed before the copy leaves a dangling proto)."""
    kept = _TEMPLATES.get(domain)
    if kept is not None:
        return kept[1]
    if len(_TEMPLATES) >= _TEMPLATES_KEPT:
        if not scratch:
            scratch.append(model_class()())
        proto = scratch[0].proto.variables.add()
        proto.domain.extend(domain)
        return proto
    model = model_class()()
    proto = model.proto.variables.add()
    proto.domain.extend(domain)
    _TEMPLATES[domain] = (model, proto)
    return proto


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
