"""The propagation engine: the model compiled to flat lists, domains as bitmasks, the trail and
the propagation fixpoint.

A variable's domain is one int, bit k standing for the value ``lo + k``; a literal is
compiled to ``(var, bit, positive)``, so reading or fixing it is a mask test. An extra
variable fixed to 1 carries the constant literals (values outside a variable's range).
Every change goes on the trail as ``(var, old mask)``, so backtracking is `Engine.undo` to a
mark.

Propagation: each constraint is one propagator, a function ``(engine, data) -> bool``
(False: a contradiction) chosen by its kind from the table given to `Engine`; there is a
queue per priority, cheapest first, and a propagator reruns when a variable it reads
changes, so `Engine.fixpoint` reaches a true fixpoint. Clauses are not propagators: they
keep two watched literals (nothing to undo on backtracking). Propagators narrow domains
only through `Engine.make` and `Engine.narrow`, which record on the trail.

A caller (the search backend, the ladder, the generator) drives the engine through its
methods and only reads its fields: `Engine.reset` starts from given domains, `Engine.assume`
narrows and propagates, `Engine.mark` and `Engine.retract` take a trial back, `Engine.limit`
bounds the work, `Engine.swap_kinds`, `Engine.swap_clauses` and `Engine.rewrite` put other
reasoning in place of the compiled one, and `Engine.tracing` records which propagators acted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.errors import OutOfTime
from puzzlekit.ir import Connected, Count, DisjointPaths, Lit, Loop, Model, Path, Runs
from puzzlekit.transforms.runs import run_automaton

FALSE, TRUE, UNKNOWN = 0, 1, 2
# constraint kinds
COUNT, DEGREE, RUNS, LOOP, PATH, PAIRS, CONNECTED = range(7)
_PRIORITY = {COUNT: 0, DEGREE: 0, RUNS: 1, LOOP: 2, PATH: 2, PAIRS: 2, CONNECTED: 2}
_CLOCK_EVERY = 16  # propagator runs between two looks at the clock (a graph run can take ms)
_INFINITY = 1 << 62  # the missing bound of a one-sided count

CLit = tuple[int, int, bool]  # (var, bit of the value, positive)
#: A propagator: narrows the engine's domains for one constraint's data; False on a contradiction.
Run = Callable[["Engine", Any], bool]


class _Contradiction(Exception):
    """The model is infeasible before any propagation (an empty clause or count)."""


class Reached(Exception):
    """`Engine.fixpoint` met the goal `Engine.until` set: propagation stopped there (the
    queues are empty again, the domains narrowed as far as they went)."""


def mask_values(mask: int, lo: int) -> frozenset[int]:
    """The values a domain bitmask allows, for a variable whose lowest value is ``lo``."""
    out = []
    k = 0
    while mask:
        if mask & 1:
            out.append(lo + k)
        mask >>= 1
        k += 1
    return frozenset(out)


class Graph:
    """A graph constraint with nodes numbered 0..N-1 and edges as (u, v, literal)."""

    def __init__(self, kind: int, nodes: list[Any], edges: list[tuple[int, int, CLit]]):
        self.kind = kind
        self.nodes = nodes
        self.edges = edges
        self.adj: list[list[tuple[int, int]]] = [[] for _ in nodes]
        for eid, (u, v, _) in enumerate(edges):
            if u != v:
                self.adj[u].append((v, eid))
                self.adj[v].append((u, eid))
        self.terminal_bit = [0] * len(nodes)  # pair k's two terminals carry bit k
        self.pairs: list[tuple[int, int]] = []
        self.others: list[bytes] = []  # per pair k: maps (owner + 1) to 1 for the other pairs
        self.present: list[CLit] = []  # Connected: presence literal per node
        self.open = bytearray(len(nodes))  # no node blocked
        # Loop / paths: nodes some count makes the line visit, always or when a literal holds
        self.always = [0] * len(nodes)
        self.when: list[tuple[int, CLit]] = []
        self.reader: Any = None  # `graphs._reader`, made on first use

    def vars(self) -> set[int]:
        """Every variable the constraint reads."""
        lits = [lit for _, _, lit in self.edges] + self.present + [x for _, x in self.when]
        return {lit[0] for lit in lits}

    def required(self, dom: list[int]) -> list[int]:
        """1 for nodes the line must visit: terminals, and nodes a count keeps in use."""
        req = list(self.always)
        for u, (v, b, p) in self.when:
            if (dom[v] == b) if p else not dom[v] & b:  # the literal holds
                req[u] = 1
        return req


class Engine:
    """Compiled model plus the search state: domains, trail, propagation queues."""

    def __init__(self, model: Model, run: Mapping[int, Run], deadline: Deadline = UNLIMITED):
        """Compile ``model``; ``run`` maps each constraint kind to its propagator; compiling
        stops with `OutOfTime` when ``deadline`` passes."""
        self.model = model
        n = len(model.vars)
        self.n = n
        self.lo = [v.lo for v in model.vars] + [0]
        self.full = [(1 << (v.hi - v.lo + 1)) - 1 for v in model.vars] + [0b10]
        self.const = n  # an extra variable fixed to 1: constant literals live on it
        self.dom = list(self.full)
        self.trail: list[tuple[int, int]] = []
        self.pending: list[int] = []
        self.propagations = 0
        #: looked at inside `fixpoint` when set (`limit` sets it)
        self.deadline: Deadline | None = None
        self.most = _INFINITY  # propagator runs after which `fixpoint` stops (`limit` sets it)
        #: while `tracing`, `fixpoint` marks here each propagator that narrowed a domain
        self.acted: bytearray | None = None
        self.failed = -1  # the propagator that found the last contradiction (-1: a clause)
        #: `until`'s goal: a variable and the value bits it must lose (-1: none)
        self.goal_var = -1
        self.goal_out = 0
        self.units: list[CLit] = []
        self.clauses: list[list[CLit]] = []
        self.kinds: list[int] = []
        self.data: list[Any] = []
        self.empty = False
        self.ends: list[tuple[tuple[tuple[CLit, ...], ...], tuple[int, ...]]] = []
        #: per IR field, for each of its constraints, what it compiled to: the propagators and
        #: watched clauses it added, as (first cid, first clause, cid end, clause end)
        self.origin: dict[str, list[tuple[int, int, int, int]]] = {
            f: [] for f in ("counts", "clauses", "graphs", "runs")}
        try:
            self._compile(model, deadline)
        except _Contradiction:
            self.empty = True
        nc = len(self.kinds)
        self.prio = [_PRIORITY[k] for k in self.kinds]
        self.watchers: list[list[int]] = [[] for _ in range(n + 1)]
        self.occurrences = [0] * (n + 1)
        for cid in deadline.paced(range(nc), every=256):
            for v in self._vars_of(cid):
                self.watchers[v].append(cid)
                self.occurrences[v] += 1
        for clause in self.clauses:
            for v in {lit[0] for lit in clause}:
                self.occurrences[v] += 1
        self.watches = [[0, 1] for _ in self.clauses]
        self.cwatch: list[list[int]] = [[] for _ in range(n + 1)]
        self.queues: list[list[int]] = [[], [], []]
        #: per propagator, the append of its priority's queue (the queues stay the same lists)
        self.push = [self.queues[p].append for p in self.prio]
        self.queued = bytearray(nc)
        self.run = run

    # literals ------------------------------------------------------------------------------
    def lit(self, lit: Lit) -> CLit:
        """The compiled form of an IR literal (a constant one when the value is out of range)."""
        var = self.model.vars[lit.var]
        if not var.lo <= lit.value <= var.hi:
            return (self.const, 0b10, not lit.positive)
        return (lit.var, 1 << (lit.value - var.lo), lit.positive)

    def _add(self, kind: int, data: Any) -> None:
        self.kinds.append(kind)
        self.data.append(data)

    def _clause(self, lits: Iterable[CLit]) -> None:
        lits = list(dict.fromkeys(lits))
        if not lits:
            raise _Contradiction
        if len(lits) == 1:
            self.units.append(lits[0])
        else:
            self.clauses.append(lits)

    def _compile(self, model: Model, deadline: Deadline) -> None:
        origin = self.origin
        for count in deadline.paced(model.counts):
            start = (len(self.kinds), len(self.clauses))
            self._compile_count(count)
            origin["counts"].append((*start, len(self.kinds), len(self.clauses)))
        units = self.units
        for clause in deadline.paced(model.clauses):
            start = (len(self.kinds), len(self.clauses))
            if len(clause.lits) == 1:  # what `_clause` makes of it, without its list (a model
                units.append(self.lit(clause.lits[0]))  # may fix thousands of values this way)
            else:
                self._clause(self.lit(x) for x in clause.lits)
            origin["clauses"].append((*start, len(self.kinds), len(self.clauses)))
        for g in deadline.paced(model.graphs, every=1):
            start = (len(self.kinds), len(self.clauses))
            if isinstance(g, Connected):
                self._compile_connected(g, deadline)
            else:
                self._compile_circuit(g, deadline)
            origin["graphs"].append((*start, len(self.kinds), len(self.clauses)))
        for runs in deadline.paced(model.runs):
            start = (len(self.kinds), len(self.clauses))
            self._compile_runs(runs)
            origin["runs"].append((*start, len(self.kinds), len(self.clauses)))

    def _compile_count(self, count: Count | tuple) -> None:
        terms, op, rhs = (count.terms, count.op, count.rhs) if isinstance(count, Count) else count
        body = []
        for coef, x in terms:
            if coef:
                lit = self.lit(x) if isinstance(x, Lit) else x
                body.append((coef, *lit))
        low = rhs if op in ("==", ">=") else -_INFINITY
        high = rhs if op in ("==", "<=") else _INFINITY
        if op not in ("==", "<=", ">="):
            raise ValueError(f"unknown operator {op!r}")
        self._add(COUNT, (tuple(body), low, high))

    def _compile_circuit(self, g: Loop | Path | DisjointPaths, deadline: Deadline = UNLIMITED) -> None:
        index: dict[Any, int] = {}
        for e in deadline.paced(g.edges, every=256):
            index.setdefault(e.u, len(index))
            index.setdefault(e.v, len(index))
        pairs: list[tuple[Any, Any]] = []
        if isinstance(g, Path):
            pairs = [(g.start, g.end)]
        elif isinstance(g, DisjointPaths):
            pairs = list(g.pairs)
        seen: set[Any] = set()
        for a, b in pairs:
            if a == b or a in seen or b in seen:
                raise _Contradiction  # a node that ends two paths: no solution
            seen |= {a, b}
            index.setdefault(a, len(index))
            index.setdefault(b, len(index))
        edges = []
        for e in deadline.paced(g.edges):
            lit = self.lit(e.lit)
            if e.u == e.v:
                self.units.append((lit[0], lit[1], not lit[2]))  # a self-loop is never chosen
            edges.append((index[e.u], index[e.v], lit))
        kind = LOOP if isinstance(g, Loop) else PATH if isinstance(g, Path) else PAIRS
        graph = Graph(kind, list(index), edges)
        graph.pairs = [(index[a], index[b]) for a, b in pairs]
        if len(pairs) < 255:  # owners fit in a byte: blocked nodes by one bytes.translate
            graph.others = [bytes(int(0 < j != k + 1) for j in range(256)) for k in range(len(pairs))]
        for k, (a, b) in enumerate(graph.pairs):
            graph.terminal_bit[a] = graph.terminal_bit[b] = 1 << k
            graph.always[a] = graph.always[b] = 1
        incident: list[list[CLit]] = [[] for _ in index]
        for u, v, lit in edges:
            if u != v:
                incident[u].append(lit)
                incident[v].append(lit)
        self._find_required(graph, incident, deadline)
        self.ends.append((tuple(map(tuple, incident)), tuple(graph.terminal_bit)))
        for node, lits in enumerate(deadline.paced(incident)):
            if graph.terminal_bit[node]:
                self._compile_count((tuple((1, x) for x in lits), "==", 1))
            elif lits:
                self._add(DEGREE, tuple(lits))
        if kind == LOOP:
            self._clause(lit for _, _, lit in edges)
        self._add(kind, graph)

    def _find_required(
        self, graph: Graph, incident: list[list[CLit]], deadline: Deadline = UNLIMITED
    ) -> None:
        """Mark nodes whose degree some count keeps positive: ``sum(edges) >= k > 0`` always,
        or ``sum(edges) - c * x == 0`` once x holds (a visit variable)."""
        by_edges: dict[frozenset, list] = {}
        for kind, data in deadline.paced(zip(self.kinds, self.data), every=64):
            if kind == COUNT:
                unit = frozenset(t[1:] for t in data[0] if t[0] == 1)
                by_edges.setdefault(unit, []).append(data)
        for u, lits in enumerate(deadline.paced(incident)):
            key = frozenset(lits)
            if not lits or len(key) != len(lits):
                continue
            for terms, low, high in by_edges.get(key, ()):
                on_edges = [t for t in terms if t[0] == 1 and t[1:] in key]
                rest = [t for t in terms if not (t[0] == 1 and t[1:] in key)]
                if len(on_edges) != len(lits):
                    continue
                if not rest and low >= 1:
                    graph.always[u] = 1
                elif len(rest) == 1 and rest[0][0] < 0 and low == high == 0:
                    graph.when.append((u, rest[0][1:]))

    def _compile_connected(self, g: Connected, deadline: Deadline = UNLIMITED) -> None:
        index = {node: i for i, (node, _) in enumerate(g.nodes)}
        present = [self.lit(lit) if lit is not None else (self.const, 0b10, True) for _, lit in g.nodes]
        edges = []
        for e in deadline.paced(g.edges):
            lit = self.lit(e.lit)
            if e.u not in index or e.v not in index:  # an edge to no node is never chosen
                self.units.append((lit[0], lit[1], not lit[2]))
                continue
            edges.append((index[e.u], index[e.v], lit))
            # chosen edges join present nodes only
            for end in (e.u, e.v):
                p = present[index[end]]
                self._clause([(lit[0], lit[1], not lit[2]), p])
        graph = Graph(CONNECTED, list(index), edges)
        graph.present = present
        self._add(CONNECTED, graph)

    def _compile_runs(self, runs: Runs) -> None:
        transitions, final = run_automaton(runs.lengths)
        one = zero = stay = 0
        for q, symbol, nxt in transitions:
            if symbol == 1:
                one |= 1 << q
            elif nxt == q:
                stay |= 1 << q
            else:
                zero |= 1 << q
        cells = tuple(self.lit(x) for x in runs.cells)
        self._add(RUNS, (cells, one, zero, stay, 1 << final[0]))

    def _vars_of(self, cid: int) -> set[int]:
        kind, data = self.kinds[cid], self.data[cid]
        if kind == COUNT:
            return {t[1] for t in data[0]}
        if kind == DEGREE:
            return {lit[0] for lit in data}
        if kind == RUNS:
            return {lit[0] for lit in data[0]}
        return data.vars()

    # state ---------------------------------------------------------------------------------
    def status(self, lit: CLit) -> int:
        """TRUE, FALSE or UNKNOWN under the current domains."""
        v, b, p = lit
        m = self.dom[v]
        if m & b:
            if m == b:
                return TRUE if p else FALSE
            return UNKNOWN
        return FALSE if p else TRUE

    def make(self, lit: CLit, value: bool) -> bool:
        """Give a literal a truth value; False when that empties the domain."""
        v, b, p = lit
        old = self.dom[v]
        new = old & b if p == value else old & ~b
        if new == old:
            return True
        if not new:
            return False
        self.trail.append((v, old))
        self.dom[v] = new
        self.pending.append(v)
        return True

    def narrow(self, v: int, new: int) -> bool:
        """Restrict variable v to the value bits ``new``; False when that empties it."""
        old = self.dom[v]
        new &= old
        if new == old:
            return True
        if not new:
            return False
        self.trail.append((v, old))
        self.dom[v] = new
        self.pending.append(v)
        return True

    def undo(self, mark: int) -> None:
        """Restore the domains to the trail length ``mark``."""
        trail, dom = self.trail, self.dom
        while len(trail) > mark:
            v, old = trail.pop()
            dom[v] = old

    def reset(self, domains: list[int] | None = None, wake: Iterable[int] | None = None) -> bool:
        """Start from the given domain bitmasks (default: the declared ones) and propagate.

        ``wake`` lists the propagators to run first (None: all of them); the caller knows
        the others are at their fixpoint on those domains (only what they read and others
        narrow wakes them)."""
        self.dom = list(domains) if domains is not None else list(self.full)
        self.dom[self.const] = 0b10
        self.trail.clear()
        self.pending.clear()
        if self.empty or not all(self.dom):
            return False
        for lit in self.units:
            if not self.make(lit, True):
                return False
        if not self._init_watches():
            return False
        queued, queues, prio = self.queued, self.queues, self.prio
        for cid in range(len(self.kinds)) if wake is None else wake:
            if not queued[cid]:
                queued[cid] = 1
                queues[prio[cid]].append(cid)
        return self.fixpoint()

    # what a caller drives ------------------------------------------------------------------
    def assume(self, v: int, mask: int) -> bool:
        """Restrict variable v to the value bits ``mask`` and propagate; False on a
        contradiction (take it back with `retract`)."""
        return self.narrow(v, mask) and self.fixpoint()

    def mark(self) -> int:
        """A point on the trail to come back to with `retract` (or `undo`)."""
        return len(self.trail)

    def retract(self, mark: int) -> None:
        """Back to the domains at ``mark``, nothing left waiting for propagation: the end of a
        trial whose narrowings did not all reach `fixpoint`."""
        self.undo(mark)
        self.pending.clear()

    def limit(self, deadline: Deadline | None = None, propagations: int | None = None) -> None:
        """Bound the work of `fixpoint` from now on: it looks at ``deadline`` every few
        propagator runs (None, or a deadline without a time limit: never), and raises
        `OutOfTime` once the propagator runs counted so far reach ``propagations`` (None: no
        bound). Both bounds are set at once; ``limit()`` lifts them."""
        self.deadline = deadline if deadline is not None and deadline.seconds is not None else None
        self.most = propagations if propagations is not None else _INFINITY

    def until(self, v: int = -1, allowed: int = 0) -> None:
        """Stop propagating as soon as variable ``v`` has no value outside ``allowed``:
        `fixpoint` then raises `Reached` (propagation is monotone, so the fixpoint it would
        reach has the same property, or a contradiction). ``until()`` lifts the goal. A
        caller sets it only while narrowings follow from the rules, never during a trial."""
        self.goal_var = v
        self.goal_out = ~allowed

    @property
    def spent(self) -> bool:
        """Whether the propagator runs reached the bound `limit` set."""
        return self.propagations >= self.most

    def swap_kinds(self, kinds: list[int]) -> list[int]:
        """Run each propagator as the given kind from the next `reset` on (one kind per
        propagator, in compiled order: a kind the ``run`` table maps to another propagator, or
        to one that does nothing, to switch it off); returns the kinds in place before, to swap
        back. The queues keep each propagator's compiled priority."""
        if len(kinds) != len(self.kinds):
            raise ValueError(f"{len(kinds)} kinds for {len(self.kinds)} propagators")
        before, self.kinds = self.kinds, kinds
        return before

    def swap_clauses(self, clauses: list[list[CLit]]) -> list[list[CLit]]:
        """Watch these clauses from the next `reset` on (one per compiled clause, in order:
        ``[true, true]`` switches one off); returns those in place before, to swap back."""
        if len(clauses) != len(self.clauses):
            raise ValueError(f"{len(clauses)} clauses for {len(self.clauses)} compiled ones")
        before, self.clauses = self.clauses, clauses
        return before

    def rewrite(self, kind: int, change: Callable[[Any], Any]) -> None:
        """Give every propagator of ``kind`` the data ``change(data)``: the form another
        propagator for that kind reads (put in place by the ``run`` table or `swap_kinds`)."""
        for cid, k in enumerate(self.kinds):
            if k == kind:
                self.data[cid] = change(self.data[cid])

    @contextmanager
    def tracing(self) -> Iterator[bytearray]:
        """Within the block, `fixpoint` marks with 1, in the bytes it yields (one per
        propagator), each propagator that narrowed a domain."""
        acted = bytearray(len(self.kinds))
        self.acted = acted
        try:
            yield acted
        finally:
            self.acted = None

    # the propagation loop ------------------------------------------------------------------
    def fixpoint(self) -> bool:
        """Run propagators until nothing changes; False on a contradiction."""
        pending, queues, queued = self.pending, self.queues, self.queued
        q0, q1, q2 = queues
        watchers, push, kinds, data, run = self.watchers, self.push, self.kinds, self.data, self.run
        cwatch = self.cwatch
        deadline, acted, trail, most = self.deadline, self.acted, self.trail, self.most
        count = self.propagations  # counted here and written back: the loop is the hot path
        goal, dom = self.goal_var, self.dom
        try:
            while True:
                while pending:
                    v = pending.pop()
                    if v == goal and not dom[v] & self.goal_out:
                        self.fail()
                        raise Reached
                    if cwatch[v] and not self._watched(v):
                        self.failed = -1
                        return self.fail()
                    for cid in watchers[v]:
                        if not queued[cid]:
                            queued[cid] = 1
                            push[cid](cid)
                if q0:
                    cid = q0.pop()
                elif q1:
                    cid = q1.pop()
                elif q2:
                    cid = q2.pop()
                else:
                    return True
                queued[cid] = 0
                count += 1
                if not count % _CLOCK_EVERY:
                    if deadline:
                        deadline.check()
                    if count >= most:
                        raise OutOfTime(f"{most} propagator runs")
                if acted is None:
                    if not run[kinds[cid]](self, data[cid]):
                        self.failed = cid
                        return self.fail()
                    continue
                mark = len(trail)
                ok = run[kinds[cid]](self, data[cid])
                if len(trail) != mark:
                    acted[cid] = 1
                if not ok:
                    self.failed = cid
                    return self.fail()
        finally:
            self.propagations = count

    def fail(self) -> bool:
        """Empty the queues after a contradiction (the engine stays usable); returns False."""
        self.pending.clear()
        for q in self.queues:
            for cid in q:
                self.queued[cid] = 0
            q.clear()
        return False

    # clauses: two watched literals -----------------------------------------------------------
    def _init_watches(self) -> bool:
        cwatch, watches, dom = self.cwatch, self.watches, self.dom
        for lst in cwatch:
            lst.clear()
        for ci, lits in enumerate(self.clauses):
            # the first two literals not false (`status` inlined: every reset of a model of
            # 10^5 clauses runs this loop, a third of a 7x7 Fillomino's removal)
            first = second = -1
            for i, (v, b, p) in enumerate(lits):
                m = dom[v]
                if (m == b and not p) if m & b else p:
                    continue
                if first < 0:
                    first = i
                else:
                    second = i
                    break
            if first < 0:
                return False
            if second < 0:
                if not self.make(lits[first], True):
                    return False
                second = 1 if first == 0 else 0
            watches[ci] = [first, second]
            cwatch[lits[first][0]].append(ci)
            cwatch[lits[second][0]].append(ci)
        return True

    def _watched(self, v: int) -> bool:
        """Revisit the clauses watching a literal of variable v."""
        dom, clauses, watches, cwatch = self.dom, self.clauses, self.watches, self.cwatch
        for ci in tuple(cwatch[v]):
            lits = clauses[ci]
            ws = watches[ci]
            s = [0, 0]
            for slot in (0, 1):
                lv, lb, lp = lits[ws[slot]]
                m = dom[lv]
                s[slot] = (lp if m == lb else UNKNOWN) if m & lb else (not lp)
            if s[0] == TRUE or s[1] == TRUE or (s[0] != FALSE and s[1] != FALSE):
                continue
            for slot in (0, 1):
                if s[slot] != FALSE:
                    continue
                other = ws[1 - slot]
                for j, (lv, lb, lp) in enumerate(lits):
                    if j == other or j == ws[slot]:
                        continue
                    m = dom[lv]
                    sj = (lp if m == lb else UNKNOWN) if m & lb else (not lp)
                    if sj != FALSE:
                        cwatch[lits[ws[slot]][0]].remove(ci)
                        cwatch[lv].append(ci)
                        ws[slot] = j
                        s[slot] = sj
                        break
            if s[0] == FALSE and s[1] == FALSE:
                return False
            if s[0] == FALSE and s[1] == UNKNOWN:
                if not self.make(lits[ws[1]], True):
                    return False
            elif s[1] == FALSE and s[0] == UNKNOWN:
                if not self.make(lits[ws[0]], True):
                    return False
        return True
