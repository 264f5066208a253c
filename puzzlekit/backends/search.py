"""Hand-written propagating search: no solver package, every IR kind propagated natively.

Pipeline: compile the model (domains as bitmasks, literals as ``(var, bit, sign)``) ->
propagate to a fixpoint -> depth-first search -> check every complete assignment against
the model (`Model.holds`) before reporting it.

Propagators, cheapest first (a queue per priority; a propagator reruns when a variable it
reads changes, so `propagate` reaches a true fixpoint):

* counts: bounds on ``sum(coef * lit)``; a literal is fixed when one of its sides breaks them;
* clauses: two watched literals (nothing to undo on backtracking);
* node degrees of Loop / Path / DisjointPaths: 0 or 2 inside, 1 at a terminal;
* runs: a line solver, forward and backward reachability over the runs automaton;
* Loop / Path / DisjointPaths: union-find over the chosen edges (no premature cycle, no
  piece joining two pairs, a finished line closes everything else); then a Tarjan DFS over
  the edges not yet excluded. A loop stays inside one block: a cut node with required nodes
  or chosen edges on both sides fails, the side without them is cut off, and an edge that
  alone joins a cut node to a side is excluded (bridges included). Each pair's path only
  uses nodes on some simple path between its terminals, avoiding nodes other pairs own, and
  crosses each cut node on the way with one edge in and one out; a node some count requires
  (``exactly(2, ...)`` on its edges, or a visit variable ``sum(edges) - 2 v == 0`` once v
  holds) that only one pair can use joins that pair;
* Connected: required nodes must reach each other; nodes out of reach are absent, and
  bridges and cut nodes between required nodes are forced.

Search: variables of the answer key (plus auxiliaries an equality count fixes from them)
before the rest, so each answer is reported once; then fail first: a variable of the
cardinality count with the fewest ways left (ties: the count that failed most often), else
an edge at the open end of a line with the fewest choices, else the smallest domain and the
variable in most constraints. Values are tried smallest first, so a boolean is tried false
first: most edges of a line puzzle stay unused (over the benchmark ladders this cut tracks
searches 5-10x and changed the other genres little). Seed 0 keeps the model's order for
ties; other seeds shuffle it. Self-loop edges are never chosen in Loop, Path and
DisjointPaths.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.errors import OutOfTime, UnknownName
from puzzlekit.ir import Connected, Count, DisjointPaths, Lit, Loop, Model, Path, Runs
from puzzlekit.transforms.runs import run_automaton
from puzzlekit.unionfind import int_roots

from . import frontier
from .base import Result, finish, outcome, project, timed_out

NAME = "search"
PACKAGE = None
EXTRA = None

#: One frozenset of allowed values per model variable, indexed like ``model.vars``.
Domains = tuple[frozenset[int], ...]

FALSE, TRUE, UNKNOWN = 0, 1, 2
# constraint kinds
_COUNT, _DEGREE, _RUNS, _LOOP, _PATH, _PAIRS, _CONNECTED = range(7)
_PRIORITY = {_COUNT: 0, _DEGREE: 0, _RUNS: 1, _LOOP: 2, _PATH: 2, _PAIRS: 2, _CONNECTED: 2}
_CLOCK_EVERY = 16  # propagator runs between two looks at the clock (a graph run can take ms)
_INFINITY = 1 << 62  # the missing bound of a one-sided count

CLit = tuple[int, int, bool]  # (var, bit of the value, positive)


def version() -> str:
    """The puzzlekit version (this backend needs no solver package)."""
    try:
        from importlib.metadata import PackageNotFoundError
        from importlib.metadata import version as _version

        return "puzzlekit " + _version("puzzlekit")
    except PackageNotFoundError:
        return "puzzlekit 0.1.0"


class _Contradiction(Exception):
    """The model is infeasible before any propagation (an empty clause or count)."""


# -------------------------------------------------------------------------------------------
# compilation: the model as flat lists the propagators read quickly
# -------------------------------------------------------------------------------------------


class _Graph:
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


class _Engine:
    """Compiled model plus the search state: domains, trail, propagation queues."""

    def __init__(self, model: Model, deadline: Deadline = UNLIMITED):
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
        self.deadline: Deadline | None = None  # looked at inside `fixpoint` when set
        self.failed = -1  # the propagator that found the last contradiction (-1: a clause)
        self.units: list[CLit] = []
        self.clauses: list[list[CLit]] = []
        self.kinds: list[int] = []
        self.data: list[Any] = []
        self.empty = False
        self.ends: list[tuple[tuple[tuple[CLit, ...], ...], tuple[int, ...]]] = []
        try:
            self._compile(model, deadline)
        except _Contradiction:
            self.empty = True
        nc = len(self.kinds)
        self.prio = [_PRIORITY[k] for k in self.kinds]
        self.watchers: list[list[int]] = [[] for _ in range(n + 1)]
        self.occurrences = [0] * (n + 1)
        for cid in range(nc):
            for v in self._vars_of(cid):
                self.watchers[v].append(cid)
                self.occurrences[v] += 1
        for clause in self.clauses:
            for v in {lit[0] for lit in clause}:
                self.occurrences[v] += 1
        self.watches = [[0, 1] for _ in self.clauses]
        self.cwatch: list[list[int]] = [[] for _ in range(n + 1)]
        self.queues: list[list[int]] = [[], [], []]
        self.queued = bytearray(nc)
        self.run = {
            _COUNT: self._count_bounds, _DEGREE: self._degree02, _RUNS: self._line,
            _LOOP: self._loop, _PATH: self._paths, _PAIRS: self._paths, _CONNECTED: self._connected,
        }

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
        for count in deadline.paced(model.counts):
            self._compile_count(count)
        for clause in deadline.paced(model.clauses):
            self._clause(self.lit(x) for x in clause.lits)
        for g in deadline.paced(model.graphs, every=1):
            if isinstance(g, Connected):
                self._compile_connected(g)
            else:
                self._compile_circuit(g)
        for runs in deadline.paced(model.runs):
            self._compile_runs(runs)

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
        self._add(_COUNT, (tuple(body), low, high))

    def _compile_circuit(self, g: Loop | Path | DisjointPaths) -> None:
        index: dict[Any, int] = {}
        for e in g.edges:
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
                raise ValueError(f"terminal {a!r} or {b!r} is used twice in {g!r}")
            seen |= {a, b}
            index.setdefault(a, len(index))
            index.setdefault(b, len(index))
        edges = []
        for e in g.edges:
            lit = self.lit(e.lit)
            if e.u == e.v:
                self.units.append((lit[0], lit[1], not lit[2]))  # a self-loop is never chosen
            edges.append((index[e.u], index[e.v], lit))
        kind = _LOOP if isinstance(g, Loop) else _PATH if isinstance(g, Path) else _PAIRS
        graph = _Graph(kind, list(index), edges)
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
        self._find_required(graph, incident)
        self.ends.append((tuple(map(tuple, incident)), tuple(graph.terminal_bit)))
        for node, lits in enumerate(incident):
            if graph.terminal_bit[node]:
                self._compile_count((tuple((1, x) for x in lits), "==", 1))
            elif lits:
                self._add(_DEGREE, tuple(lits))
        if kind == _LOOP:
            self._clause(lit for _, _, lit in edges)
        self._add(kind, graph)

    def _find_required(self, graph: _Graph, incident: list[list[CLit]]) -> None:
        """Mark nodes whose degree some count keeps positive: ``sum(edges) >= k > 0`` always,
        or ``sum(edges) - c * x == 0`` once x holds (a visit variable)."""
        by_edges: dict[frozenset, list] = {}
        for kind, data in zip(self.kinds, self.data):
            if kind == _COUNT:
                unit = frozenset(t[1:] for t in data[0] if t[0] == 1)
                by_edges.setdefault(unit, []).append(data)
        for u, lits in enumerate(incident):
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

    def _compile_connected(self, g: Connected) -> None:
        index = {node: i for i, (node, _) in enumerate(g.nodes)}
        present = [self.lit(lit) if lit is not None else (self.const, 0b10, True) for _, lit in g.nodes]
        edges = []
        for e in g.edges:
            for end in (e.u, e.v):
                if end not in index:
                    raise ValueError(f"edge {e!r} touches {end!r}, not a node of {g!r}")
            lit = self.lit(e.lit)
            edges.append((index[e.u], index[e.v], lit))
            # chosen edges join present nodes only
            for end in (e.u, e.v):
                p = present[index[end]]
                self._clause([(lit[0], lit[1], not lit[2]), p])
        graph = _Graph(_CONNECTED, list(index), edges)
        graph.present = present
        self._add(_CONNECTED, graph)

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
        self._add(_RUNS, (cells, one, zero, stay, 1 << final[0]))

    def _vars_of(self, cid: int) -> set[int]:
        kind, data = self.kinds[cid], self.data[cid]
        if kind == _COUNT:
            return {t[1] for t in data[0]}
        if kind == _DEGREE:
            return {lit[0] for lit in data}
        if kind == _RUNS:
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

    def reset(self, domains: list[int] | None = None) -> bool:
        """Start from the given domain bitmasks (default: the declared ones) and propagate."""
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
        for cid in range(len(self.kinds)):
            self.queued[cid] = 1
            self.queues[self.prio[cid]].append(cid)
        return self.fixpoint()

    # the propagation loop ------------------------------------------------------------------
    def fixpoint(self) -> bool:
        """Run propagators until nothing changes; False on a contradiction."""
        pending, queues, queued = self.pending, self.queues, self.queued
        q0, q1, q2 = queues
        watchers, prio, kinds, data, run = self.watchers, self.prio, self.kinds, self.data, self.run
        cwatch = self.cwatch
        while True:
            while pending:
                v = pending.pop()
                if cwatch[v] and not self._watched(v):
                    self.failed = -1
                    return self._fail()
                for cid in watchers[v]:
                    if not queued[cid]:
                        queued[cid] = 1
                        queues[prio[cid]].append(cid)
            if q0:
                cid = q0.pop()
            elif q1:
                cid = q1.pop()
            elif q2:
                cid = q2.pop()
            else:
                return True
            queued[cid] = 0
            self.propagations += 1
            if not self.propagations % _CLOCK_EVERY and self.deadline:
                self.deadline.check()
            if not run[kinds[cid]](data[cid]):
                self.failed = cid
                return self._fail()

    def _fail(self) -> bool:
        self.pending.clear()
        for q in self.queues:
            for cid in q:
                self.queued[cid] = 0
            q.clear()
        return False

    # clauses: two watched literals -----------------------------------------------------------
    def _init_watches(self) -> bool:
        for lst in self.cwatch:
            lst.clear()
        status = self.status
        for ci, lits in enumerate(self.clauses):
            live = [i for i, x in enumerate(lits) if status(x) != FALSE]
            if not live:
                return False
            if len(live) == 1 and not self.make(lits[live[0]], True):
                return False
            first = live[0]
            second = live[1] if len(live) > 1 else (1 if first == 0 else 0)
            self.watches[ci] = [first, second]
            self.cwatch[lits[first][0]].append(ci)
            self.cwatch[lits[second][0]].append(ci)
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

    # counts: bounds ------------------------------------------------------------------------
    def _count_bounds(self, data: Any) -> bool:
        """Bounds of ``sum(coef * lit)`` against ``low..high``; fix literals that break them."""
        terms, low, high = data
        dom = self.dom
        lo = hi = big = 0
        for c, v, b, p in terms:
            m = dom[v]
            if m & b and m != b:  # unknown
                if c > 0:
                    hi += c
                    if c > big:
                        big = c
                else:
                    lo += c
                    if -c > big:
                        big = -c
            elif (m == b) == p:  # true
                lo += c
                hi += c
        if lo > high or hi < low:
            return False
        if lo + big <= high and hi - big >= low:
            return True  # no single literal is forced
        for c, v, b, p in terms:
            m = dom[v]
            if not (m & b and m != b):
                continue
            a = c if c > 0 else -c
            at_min = lo + a > high  # the term must take its smaller side
            at_max = hi - a < low
            if at_min and at_max:
                return False
            if at_min:
                if not self.make((v, b, p), c < 0):
                    return False
                hi -= a
            elif at_max:
                if not self.make((v, b, p), c > 0):
                    return False
                lo += a
        return True

    # node degree 0 or 2 ----------------------------------------------------------------------
    def _degree02(self, lits: Any) -> bool:
        dom = self.dom
        true = 0
        unknown = []
        for lit in lits:
            v, b, p = lit
            m = dom[v]
            if m & b and m != b:
                unknown.append(lit)
            elif (m == b) == p:
                true += 1
        if true > 2:
            return False
        if true == 2:
            return all(self.make(x, False) for x in unknown)
        if true == 1:
            if not unknown:
                return False
            if len(unknown) == 1:
                return self.make(unknown[0], True)
        elif len(unknown) == 1:
            return self.make(unknown[0], False)
        return True

    # runs: line solver ---------------------------------------------------------------------
    def _line(self, data: Any) -> bool:
        cells, one, zero, stay, final = data
        status = self.status
        states = [status(x) for x in cells]
        forward = [1]
        f = 1
        for s in states:
            g = 0
            if s != FALSE:
                g = (f & one) << 1
            if s != TRUE:
                g |= ((f & zero) << 1) | (f & stay)
            f = g
            forward.append(f)
        if not f & final:
            return False
        back = final
        for i in range(len(cells) - 1, -1, -1):
            s = states[i]
            b1 = (back >> 1) & one if s != FALSE else 0
            b0 = (((back >> 1) & zero) | (back & stay)) if s != TRUE else 0
            if s == UNKNOWN:
                can1 = forward[i] & b1
                can0 = forward[i] & b0
                if not can1:
                    if not self.make(cells[i], False):
                        return False
                    b1 = 0
                elif not can0:
                    if not self.make(cells[i], True):
                        return False
                    b0 = 0
            back = b1 | b0
        return True

    # graph constraints -------------------------------------------------------------------------
    def _edge_states(self, g: _Graph) -> list[int]:
        """TRUE, FALSE or UNKNOWN per edge of a graph constraint."""
        dom = self.dom
        out = []
        for _, _, (v, b, p) in g.edges:
            m = dom[v]
            if m & b:
                out.append(UNKNOWN if m != b else TRUE if p else FALSE)
            else:
                out.append(FALSE if p else TRUE)
        return out

    def _exactly(self, edges: list[tuple[CLit, int]], k: int) -> bool:
        """Exactly k of these (literal, state) edges are chosen."""
        true = 0
        unknown = []
        for lit, s in edges:
            if s == TRUE:
                true += 1
            elif s == UNKNOWN:
                unknown.append(lit)
        if true > k or true + len(unknown) < k:
            return False
        if unknown and true == k:
            return all(self.make(x, False) for x in unknown)
        if unknown and true + len(unknown) == k:
            return all(self.make(x, True) for x in unknown)
        return True

    @staticmethod
    def _split(
        g: _Graph, states: list[int], p: int, lo: int, hi: int, disc: list[int], blocked: bytearray
    ) -> tuple[list[tuple[CLit, int]], list[tuple[CLit, int]]]:
        """The live edges of node p into the subtree with discovery times lo..hi, and the others."""
        inner, outer = [], []
        edges = g.edges
        for w, e in g.adj[p]:
            s = states[e]
            if s != FALSE and not blocked[w]:
                (inner if lo <= disc[w] <= hi else outer).append((edges[e][2], s))
        return inner, outer

    def _cut_off(self, g: _Graph, states: list[int], nodes: Iterable[int]) -> bool:
        """No chosen edge touches these nodes."""
        edges = g.edges
        for u in nodes:
            for _, e in g.adj[u]:
                if states[e] != FALSE and not self.make(edges[e][2], False):
                    return False
        return True

    def _loop(self, g: _Graph) -> bool:
        """One cycle: no premature cycle, one piece, the cycle stays in one block."""
        states = self._edge_states(g)
        edges = g.edges
        n = len(g.nodes)
        root, closing = int_roots(n, ((u, v) for (u, v, _), s in zip(edges, states) if s == TRUE))
        chosen_roots = {root[u] for (u, _, _), s in zip(edges, states) if s == TRUE}
        if closing:
            # a closed cycle must be the whole loop: nothing else chosen, nothing more added
            if closing > 1 or len(chosen_roots) > 1:
                return False
            return all(self.make(lit, False) for (_, _, lit), s in zip(edges, states) if s == UNKNOWN)
        if len(chosen_roots) > 1:  # closing a piece now would leave another piece outside
            for (u, v, lit), s in zip(edges, states):
                if s == UNKNOWN and root[u] == root[v] and not self.make(lit, False):
                    return False
        if all(s == FALSE for s in states):
            return False
        disc, low, comp, tree, order, last = self._dfs(g, states, range(n), g.open)
        req = g.required(self.dom)
        chosen = [0] * n  # chosen edges, counted at their deeper end
        for (u, v, _), s in zip(edges, states):
            if s == TRUE:
                req[u] = req[v] = 1
                chosen[u if disc[u] > disc[v] else v] += 1
        pieces = {comp[u] for u in range(n) if req[u]}
        if len(pieces) > 1:  # the loop cannot join them
            return False
        if pieces:
            (piece,) = pieces
            for e, s in enumerate(states):
                if s != FALSE and comp[edges[e][0]] != piece and not self.make(edges[e][2], False):
                    return False
        total, total_needed = sum(chosen), sum(req)
        chosen = self._subtree_sums(tree, chosen)
        needed = self._subtree_sums(tree, list(req))
        dead = bytearray(n)
        for p, c, _ in reversed(tree):
            if dead[c] or low[c] < disc[p]:
                continue
            # p separates the subtree of c from the rest: a cycle stays on one side of p
            lo, hi = disc[c], last[c]
            inside = chosen[c] + needed[c]
            outside = total - chosen[c] + total_needed - needed[c] - req[p]
            if inside and outside:
                return False
            if outside:
                for d in range(lo, hi + 1):
                    dead[order[d]] = 1
                if not self._cut_off(g, states, order[lo: hi + 1]):
                    return False
            elif inside:
                for e, (u, v, lit) in enumerate(edges):
                    deeper = u if disc[u] > disc[v] else v
                    if states[e] != FALSE and not lo <= disc[deeper] <= hi and not self.make(lit, False):
                        return False
            else:
                inner, _ = self._split(g, states, p, lo, hi, disc, g.open)
                if len(inner) == 1 and not self.make(inner[0][0], False):
                    return False
        return True

    def _paths(self, g: _Graph) -> bool:
        """Path and DisjointPaths: no cycle, no piece joining two pairs, each pair's blocks."""
        states = self._edge_states(g)
        edges, pairs, make = g.edges, g.pairs, self.make
        n = len(g.nodes)
        root, closing = int_roots(n, ((u, v) for (u, v, _), s in zip(edges, states) if s == TRUE))
        if closing:
            return False
        label = [-1] * n  # by root: the pair whose terminal the piece holds
        for k, (a, b) in enumerate(pairs):
            for t in (a, b):
                r = root[t]
                if label[r] < 0:
                    label[r] = k
                elif label[r] != k:
                    return False
        if all(root[a] == root[b] for a, b in pairs):  # every path is finished: nothing else
            for (u, _, lit), s in zip(edges, states):
                if s == UNKNOWN and not make(lit, False):
                    return False
                if s == TRUE and label[root[u]] < 0:
                    return False
            return True
        piece = bytearray(n)  # roots of chosen pieces without a terminal
        for (u, v, lit), s in zip(edges, states):
            if s == TRUE:
                if label[root[u]] < 0:
                    piece[root[u]] = 1
            elif s == UNKNOWN:
                ru, rv = root[u], root[v]
                lu, lv = label[ru], label[rv]
                # it would close a cycle or join the paths of two pairs
                if (ru == rv or (lu >= 0 and lv >= 0 and lu != lv)) and not make(lit, False):
                    return False
        # owner[u]: the pair whose path must contain u (-1: not known yet)
        owner = [label[root[u]] for u in range(n)]
        pieces: dict[int, list[int]] = {}
        for u in range(n):
            if piece[root[u]]:
                pieces.setdefault(root[u], []).append(u)
        for u, r in enumerate(g.required(self.dom)):
            if r and owner[u] < 0 and not piece[root[u]]:
                pieces[u] = [u]  # a node some path must visit
        single = len(pairs) == 1
        count = len(pairs)
        usable: list[Any] = [None] * count
        cuts: list[list] = [[]] * count
        stale = range(count)
        while True:
            own = bytes(o + 1 for o in owner) if g.others else b""  # 0: no owner, k + 1: pair k
            for k in stale:
                a, b = pairs[k]
                if root[a] == root[b] and not single:
                    # finished: its path is the piece, already owned; nothing else is usable
                    ra = root[a]
                    usable[k] = bytearray(r == ra for r in root)
                    cuts[k] = []
                    continue
                if single:
                    blocked = g.open
                elif own:
                    blocked = own.translate(g.others[k])
                else:
                    blocked = bytearray(o >= 0 and o != k for o in owner)
                found = self._blocks(g, states, blocked, a, b)
                if found is None:
                    return False
                usable[k], cuts[k] = found
            claims: dict[int, int] = {}
            users = [sum(col) for col in zip(*usable)] if count > 1 else usable[0]
            for r, nodes in pieces.items():
                if owner[r] < 0:
                    if len(nodes) == 1:  # most pieces are single nodes: count their users at once
                        if not users[r]:
                            return False
                        if users[r] == 1:
                            claims[r] = next(k for k, use in enumerate(usable) if use[r])
                        continue
                    who = [k for k, use in enumerate(usable) if all(use[u] for u in nodes)]
                    if not who:
                        return False
                    if len(who) == 1:
                        claims[r] = who[0]
            if single:  # owners only matter to the other pairs
                break
            for k, through in enumerate(cuts):
                for p, _, _ in through:
                    if claims.setdefault(p, k) != k:
                        return False
            fresh: list[int] = []
            for u, k in claims.items():
                if owner[u] < 0:
                    for x in pieces.get(root[u], [u]):
                        owner[x] = k
                        fresh.append(x)
                elif owner[u] != k:
                    return False
            if not fresh:
                break
            # only pairs that could use a newly owned node see their graph change
            stale = [j for j in range(count) if any(usable[j][x] and owner[x] != j for x in fresh)]
        if single:
            use = usable[0]
            for (u, v, lit), s in zip(edges, states):
                if s != FALSE and not (use[u] and use[v]) and not make(lit, False):
                    return False
        else:
            for (u, v, lit), s in zip(edges, states):
                if s != FALSE and not any(use[u] and use[v] for use in usable) and not make(lit, False):
                    return False
        for (a, _), through in zip(pairs, cuts):
            for p, inner, outer in through:
                if inner and not (self._exactly(inner, 1) and self._exactly(outer, 0 if p == a else 1)):
                    return False
        return True

    def _blocks(self, g: _Graph, states: list[int], blocked: bytearray, a: int, b: int) -> tuple | None:
        """The nodes that lie on some simple a-b path, and the cut nodes every such path crosses.

        Works in the graph of edges not yet excluded, minus the ``blocked`` nodes. A cut node
        p comes with its live edges into the part holding b and its other live edges (both
        None when p has no undecided edge): the path uses exactly one of the first and one
        of the others (none when p is a itself). None when b cannot be reached.
        """
        if self.deadline:  # one call per pair: many on big grids
            self.deadline.check()
        disc, low, _, tree, order, last = self._dfs(g, states, (a,), blocked)
        if disc[b] < 0:
            return None
        usable = bytearray(len(g.nodes))
        for u in order:
            usable[u] = 1
        at = disc[b]
        through = []
        adj = g.adj
        for p, c, _ in reversed(tree):
            if not usable[c] or low[c] < disc[p]:
                continue
            lo, hi = disc[c], last[c]
            if lo <= at <= hi:
                for _, e in adj[p]:
                    if states[e] == UNKNOWN:
                        inner, outer = self._split(g, states, p, lo, hi, disc, blocked)
                        through.append((p, inner, outer))
                        break
                else:  # decided already: kept for the owners only
                    through.append((p, None, None))
            else:  # a pocket: entering it through p would need p twice
                for d in range(lo, hi + 1):
                    usable[order[d]] = 0
        return usable, through

    def _connected(self, g: _Graph) -> bool:
        """Required nodes reach each other; cut nodes and bridges between them are forced."""
        status = self.status
        here = [status(x) for x in g.present]
        states = [
            FALSE if here[u] == FALSE or here[v] == FALSE else status(lit) for u, v, lit in g.edges
        ]
        required = [i for i, s in enumerate(here) if s == TRUE]
        if not required:
            return True
        disc, low, _, tree, _, _ = self._dfs(g, states, required[:1], g.open)
        if any(disc[i] < 0 for i in required):
            return False
        for i, s in enumerate(here):
            if disc[i] < 0 and s == UNKNOWN and not self.make(g.present[i], False):
                return False
        inside = self._subtree_sums(tree, [1 if s == TRUE else 0 for s in here])
        total = len(required)
        top = required[0]
        for p, c, e in tree:
            if not 0 < inside[c] < total:
                continue
            if low[c] > disc[p] and not self.make(g.edges[e][2], True):
                return False  # a bridge between required nodes
            if low[c] >= disc[p] and p != top and here[p] == UNKNOWN:
                if not self.make(g.present[p], True):  # a cut node between required nodes
                    return False
        return True

    @staticmethod
    def _subtree_sums(tree: list[tuple[int, int, int]], weight: list[int]) -> list[int]:
        """Per node, the total of ``weight`` over its DFS subtree (``weight`` is reused)."""
        for p, c, _ in tree:
            weight[p] += weight[c]
        return weight

    @staticmethod
    def _dfs(g: _Graph, states: list[int], roots: Iterable[int], blocked: bytearray) -> tuple:
        """Iterative Tarjan over the edges not yet excluded, avoiding ``blocked`` nodes.

        Returns discovery times (-1: unreached), low links, the root each node was reached
        from, the tree edges (parent, child, edge) in post-order, the nodes in discovery
        order and the last discovery time inside each subtree (a subtree is the range
        ``disc[c]..last[c]`` of that order).
        """
        n = len(g.nodes)
        disc = [-1] * n
        low = [0] * n
        comp = [-1] * n
        last = [0] * n
        via = [-1] * n  # the tree edge into each node
        nxt = [0] * n  # the next adjacency position to look at
        order: list[int] = []
        tree: list[tuple[int, int, int]] = []
        adj = g.adj
        for r in roots:
            if disc[r] >= 0:
                continue
            disc[r] = low[r] = len(order)
            comp[r] = r
            order.append(r)
            stack = [r]
            while stack:
                u = stack[-1]
                nbrs = adj[u]
                i, pe, lu = nxt[u], via[u], low[u]
                deg = len(nbrs)
                while i < deg:
                    w, e = nbrs[i]
                    i += 1
                    if e == pe or not states[e] or blocked[w]:
                        continue
                    dw = disc[w]
                    if dw < 0:
                        nxt[u], low[u] = i, lu
                        disc[w] = low[w] = len(order)
                        comp[w] = r
                        via[w] = e
                        order.append(w)
                        stack.append(w)
                        break
                    if dw < lu:
                        lu = dw
                else:
                    low[u] = lu
                    last[u] = len(order) - 1
                    stack.pop()
                    if stack:
                        p = stack[-1]
                        if lu < low[p]:
                            low[p] = lu
                        tree.append((p, u, pe))
        return disc, low, comp, tree, order, last


# -------------------------------------------------------------------------------------------
# public propagation
# -------------------------------------------------------------------------------------------


class Propagator:
    """A model compiled once for repeated propagation from different domains."""

    def __init__(self, model: Model):
        self.model = model
        self._engine = _Engine(model)

    @property
    def propagations(self) -> int:
        """Propagator runs so far, over every call (a measure of work)."""
        return self._engine.propagations

    def propagate(
        self, domains: Sequence[Iterable[int] | None] | Mapping[int, Iterable[int]] | None = None
    ) -> Domains | None:
        """Narrow the domains to a fixpoint of every propagator; None on a contradiction.

        ``domains`` restricts variables before propagating: a sequence with one entry per
        variable (None: the declared domain) or a mapping from variable index to its
        allowed values. Values outside a variable's declared range are ignored.
        """
        engine = self._engine
        masks = list(engine.full)
        items = domains.items() if isinstance(domains, Mapping) else enumerate(domains or ())
        for i, allowed in items:
            if allowed is None:
                continue
            lo = engine.lo[i]
            mask = 0
            for value in allowed:
                if 0 <= value - lo < engine.full[i].bit_length():
                    mask |= 1 << (value - lo)
            masks[i] &= mask
        if not engine.reset(masks):
            return None
        return tuple(_values(engine.dom[i], engine.lo[i]) for i in range(engine.n))


def propagate(
    model: Model,
    domains: Sequence[Iterable[int] | None] | Mapping[int, Iterable[int]] | None = None,
) -> Domains | None:
    """Propagate to a fixpoint without branching: the narrowed domains, or None if infeasible."""
    return Propagator(model).propagate(domains)


def _values(mask: int, lo: int) -> frozenset[int]:
    out = []
    k = 0
    while mask:
        if mask & 1:
            out.append(lo + k)
        mask >>= 1
        k += 1
    return frozenset(out)


# -------------------------------------------------------------------------------------------
# search
# -------------------------------------------------------------------------------------------


def _determined(model: Model) -> set[int]:
    """Auxiliary booleans that the output fixes: the one free term of an equality count."""
    known = set(model.output)
    found: set[int] = set()
    changed = True
    while changed:
        changed = False
        for count in model.counts:
            if count.op != "==":
                continue
            free = [(c, lit) for c, lit in count.terms if lit.var not in known and c]
            if len(free) != 1:
                continue
            lit = free[0][1]
            var = model.vars[lit.var]
            if var.is_bool and lit.value in (0, 1):
                known.add(lit.var)
                found.add(lit.var)
                changed = True
    return found


class _Search:
    """Depth-first search over the engine: answer-key variables first, fail first."""

    def __init__(self, engine: _Engine, seed: int):
        self.engine = engine
        model = engine.model
        rank = list(range(engine.n))  # ties: model order for seed 0, else a seeded shuffle
        if seed:
            random.Random(seed).shuffle(rank)
        occurrences = engine.occurrences
        order = sorted(range(engine.n), key=lambda v: (-occurrences[v], rank[v]))
        out = set(model.output) | _determined(model)
        self.phases = ([v for v in order if v in out], [v for v in order if v not in out])
        self.output = out
        # cardinality counts (unit terms, ==) over answer-key variables
        self.cards = [
            (cid, data[0], data[1]) for cid, (kind, data) in enumerate(zip(engine.kinds, engine.data))
            if kind == _COUNT and data[1] == data[2] and all(t[0] == 1 and t[1] in out for t in data[0])
        ]
        self.weight = [0] * (len(engine.kinds) + 1)  # contradictions found per propagator
        if seed:
            random.Random(seed).shuffle(self.cards)
        self.nodes = 0
        self.failures = 0
        self.rejected = 0

    def choose(self) -> int | None:
        """The next branching variable (None: every variable is fixed).

        Fail first: a variable of the tightest cardinality count over answer-key variables,
        else an unknown edge at the open end of a line (a loop or path node that still needs
        an edge) with the fewest choices, else the smallest domain, answer key first, ties
        to the variable in most constraints.
        """
        dom = self.engine.dom
        tight = self._tight()
        if tight is not None:
            return tight
        end = self._open_end()
        if end is not None and end in self.output:
            return end
        for phase in self.phases:
            best, size = None, 1 << 30
            for v in phase:
                m = dom[v]
                if m & (m - 1):
                    k = m.bit_count()
                    if k < size:
                        best, size = v, k
                        if k == 2:
                            break
            if best is not None:
                return best
        return None

    def _tight(self) -> int | None:
        """A variable of the cardinality count with the fewest ways left to satisfy it."""
        dom = self.engine.dom
        best, fewest = None, (1 << 60, 0)
        weight = self.weight
        for cid, terms, rhs in self.cards:
            true = 0
            unknown = 0
            first = None
            for _, v, b, p in terms:
                m = dom[v]
                if m & b and m != b:
                    unknown += 1
                    if first is None:
                        first = v
                elif (m == b) == p:
                    true += 1
            need = rhs - true
            if first is None or not 0 < need < unknown:
                continue
            ways = math.comb(unknown, need)
            key = (ways, -weight[cid])  # ties: the count that failed most often
            if key < fewest:
                best, fewest = first, key
        return best

    def _open_end(self) -> int | None:
        """An unknown edge variable at the line end with the fewest choices, if any."""
        dom = self.engine.dom
        best, fewest = None, 1 << 30
        for incident, terminal in self.engine.ends:
            for node, lits in enumerate(incident):
                true = 0
                choice = None
                unknown = 0
                for v, b, p in lits:
                    m = dom[v]
                    if m & b and m != b:
                        unknown += 1
                        if choice is None:
                            choice = v
                    elif (m == b) == p:
                        true += 1
                if choice is None or true != (0 if terminal[node] else 1):
                    continue
                if unknown < fewest:
                    best, fewest = choice, unknown
                    if unknown <= 2:
                        return best
        return best

    def run(self, limit: int, deadline: Deadline, max_nodes: int | None = None) -> tuple[list[dict], bool]:
        """Enumerate up to ``limit`` answer-key-distinct solutions; also whether it finished.

        The clock is read at every node and every few propagator runs, so a time limit holds
        even where one node costs a second (large graph constraints). The search also stops,
        unfinished, after ``max_nodes`` nodes.
        """
        self.max_nodes = max_nodes if max_nodes is not None else 1 << 62
        found: list[dict] = []
        self.engine.deadline = deadline if deadline.seconds is not None else None
        try:
            return found, self._run(limit, deadline, found)
        except OutOfTime:
            self.engine._fail()  # empty the queues: the engine stays usable
            return found, False
        finally:
            self.engine.deadline = None

    def _run(self, limit: int, deadline: Deadline, found: list[dict]) -> bool:
        """The search loop of `run`; fills ``found``, returns whether the tree was exhausted."""
        engine = self.engine
        model = engine.model
        seen: set[tuple[int, ...]] = set()
        if limit <= 0:
            return False
        if not engine.reset():
            return True
        frames: list[list] = []  # [trail mark, var, values to try, next index]
        while True:
            v = self.choose()
            if v is None:
                values = [_values(engine.dom[i], engine.lo[i]) for i in range(engine.n)]
                full = [min(x) for x in values]
                key = tuple(full[i] for i in model.output)
                if key not in seen and model.holds(full):
                    seen.add(key)
                    found.append(project(model, full))
                    if len(found) >= limit:
                        return False
                    # another completion of the auxiliaries would repeat this answer
                    while frames and frames[-1][1] not in self.output:
                        engine.undo(frames.pop()[0])
                elif key not in seen:
                    self.rejected += 1
            else:
                # smallest value first: most edges of a line puzzle stay unused, so "leave it
                # out" is the likelier guess (tracks 14x14: 595 nodes instead of 3,035)
                vals = sorted(_values(engine.dom[v], engine.lo[v]))
                frames.append([len(engine.trail), v, vals, 0])
            if not self._advance(frames):
                return True
            if deadline.expired() or self.nodes >= self.max_nodes:
                return False

    def _advance(self, frames: list[list]) -> bool:
        """Try the next value of the deepest open decision; False when the tree is exhausted."""
        engine = self.engine
        while frames:
            frame = frames[-1]
            mark, v, vals, i = frame
            engine.undo(mark)
            if i >= len(vals):
                frames.pop()
                continue
            frame[3] = i + 1
            self.nodes += 1
            bit = 1 << (vals[i] - engine.lo[v])
            if engine.narrow(v, bit) and engine.fixpoint():
                return True
            self.failures += 1
            self.weight[engine.failed] += 1
        return False


METHODS = ("auto", "dfs", "frontier")
#: ``method="auto"`` sweeps a frontier no wider than this; wider ones go to depth-first search.
AUTO_FRONTIER_WIDTH = 16
#: ``method="auto"`` first gives depth-first search this many nodes: enough for puzzles with
#: many answers or an easy proof, where the sweep would be the slower way. On the benchmark
#: numberlinks depth-first search either finished within 38 nodes or not within thousands
#: (a node costs 1-4 ms there), so 200 leaves a wide margin and costs under a second.
AUTO_FIRST_NODES = 200


def solve(
    model: Model,
    *,
    limit: int = 1,
    time_limit: float | None = None,
    seed: int = 0,
    method: str = "auto",
    **options: Any,
) -> Result:
    """Enumerate up to ``limit`` answer-key-distinct solutions.

    ``method``: ``dfs`` propagates and searches depth first; ``frontier`` sweeps the edges
    with dynamic programming over the frontier states (`backends.frontier`; only for one
    loop or path constraint over edge variables, else it falls back to ``dfs``); ``auto``
    (the default) runs ``dfs`` alone, except on a `Path` or `DisjointPaths` model whose
    frontier is at most `AUTO_FRONTIER_WIDTH` nodes wide: there ``dfs`` gets
    `AUTO_FIRST_NODES` nodes, then the sweep runs, and if the sweep outgrows its state
    budget ``dfs`` runs again with the time left. Extra ``options`` are accepted for a
    uniform backend interface and ignored.
    """
    if method not in METHODS:
        raise UnknownName(f"unknown search method {method!r}; choose one of: {', '.join(METHODS)}")
    deadline = Deadline(time_limit)
    plan = None
    lines = len(model.graphs) == 1 and isinstance(model.graphs[0], (Path, DisjointPaths))
    try:
        if method == "frontier":
            plan = frontier.plan(model, deadline=deadline)
        elif method == "auto" and lines:
            plan = frontier.plan(model, max_width=AUTO_FRONTIER_WIDTH, deadline=deadline)
    except OutOfTime:
        return timed_out(deadline, method="frontier")
    stats: dict[str, Any] = {}
    if plan is not None:
        if method == "auto":
            first = _depth_first(model, limit, seed, deadline, AUTO_FIRST_NODES)
            if deadline.expired() or first.complete or len(first.solutions) >= limit:
                return first
            stats["first_nodes"] = first.stats.get("nodes", 0)
        try:
            values, exhausted, sweep = frontier.solve(plan, limit, deadline)
        except OutOfTime:
            return finish("timeout", [], False, deadline, method="frontier", solver_calls=1, **stats)
        except frontier.TooWide as wide:
            stats["frontier_gave_up"] = str(wide)
        else:
            found = [project(model, v) for v in values if model.holds(v)]
            if len(found) != len(values):
                raise RuntimeError("the frontier sweep returned an assignment that breaks the model")
            status, complete = outcome(found, exhausted)
            return finish(
                status, found, complete, deadline, method="frontier", solver_calls=1, **stats, **sweep
            )
    result = _depth_first(model, limit, seed, deadline, None)
    result.stats.update(stats)
    return result


def _depth_first(model: Model, limit: int, seed: int, deadline: Deadline, max_nodes: int | None) -> Result:
    """Propagate and search depth first, for at most ``max_nodes`` nodes."""
    try:
        engine = _Engine(model, deadline)
    except OutOfTime:
        return timed_out(deadline)
    search = _Search(engine, seed)
    found, exhausted = search.run(limit, deadline, max_nodes)
    status, complete = outcome(found, exhausted)
    return finish(
        status, found, complete, deadline, method="dfs",
        solver_calls=1, nodes=search.nodes, failures=search.failures,
        propagations=engine.propagations, rejected=search.rejected,
    )


__all__ = ["Domains", "Propagator", "propagate", "solve", "version"]
