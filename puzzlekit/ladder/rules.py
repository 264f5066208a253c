"""The reasoning of the ladder's lower levels, on the propagation engine's compiled model.

* `count_literals`: a count on its own, variable by variable: a variable with several
  literals in the count (a bridge of 0, 1 or 2) adds one of its values' sums, not all of
  them, so "at least one bridge this way" follows from the count alone; but the count sees
  only its own literals, so what another rule found about a value it has no literal for
  ("at least one bridge", a count of none) is not seen until the variable is fixed.
  `count_values` sees the whole domain (the levels from ``lines`` up use it);
* `path_cycles`: a path or set of paths on its own never closes a cycle and never joins two
  pairs (the union-find part of the whole-line reasoning, which needs nothing else);
* `Pairs`: two rules that share literals, together: for every way the shared literals can
  go, each rule is followed on its own; a value no way leaves open is removed. Rules that
  share one literal only are not paired: when each rule's own reasoning is complete (as for
  cardinality counts, clauses, degrees and lines of runs) the pair adds nothing to it;
* `refuted`: a trial of bounded depth: assume a value, apply every rule to what changed,
  all at once, a fixed number of times; a broken rule refutes the assumption.

Each is monotone (narrower domains give narrower results), so every closure of the ladder
is a unique fixpoint, whatever the order of the steps.
"""

from __future__ import annotations

import heapq
import itertools
import re
from collections import Counter
from typing import Any

from ..ir import Why
from ..propagation import graphs, propagators
from ..propagation.engine import (
    CONNECTED,
    COUNT,
    DEGREE,
    FALSE,
    LOOP,
    PAIRS,
    PATH,
    RUNS,
    TRUE,
    UNKNOWN,
    CLit,
    Engine,
)
from ..unionfind import int_roots
from .resolution import apart, clause_signs, idle, resolvable

#: Pairs: rules with more literals than this are left out (a loop's "some edge" clause) ...
MAX_SCOPE = 32
#: ... and so are pairs sharing more literals than this (the ways to try double with each)
#: or just one.
MAX_SHARED = 4


def count_values(engine: Engine, data: Any) -> bool:
    """Bounds of a count, each variable taking one value of its domain (the grouped form of
    `grouped`)."""
    return _count(engine, data, False)


def count_literals(engine: Engine, data: Any) -> bool:
    """Bounds of a count that sees only its own literals: a variable takes one value, and a
    value the count has no literal for stays possible until the variable is fixed (at
    ``rules``, "at least one bridge here" found by one island is not seen by the other)."""
    return _count(engine, data, True)


def count_upper(engine: Engine, data: Any) -> bool:
    """A count of another kind at ``scan``: `count_literals` on its upper bound only (once
    full it rules the rest out; it never fills a value in because too few are left)."""
    return _count(engine, data, True, upper=True)


def _count(engine: Engine, data: Any, own: bool, upper: bool = False) -> bool:
    terms, low, high, groups = data
    if groups is None:
        return (_upper_bounds if upper else propagators.count_bounds)(engine, (terms, low, high))
    dom = engine.dom
    lo = hi = 0
    spans = []
    for v, sums, unseen in groups:
        m = dom[v]
        if own and m & (m - 1):
            m |= unseen
        least, most = 1 << 60, -(1 << 60)
        for bit, c in sums:
            if m & bit:
                least = min(least, c)
                most = max(most, c)
        lo += least
        hi += most
        spans.append((least, most))
    if lo > high or hi < low:
        return False
    for (v, sums, _), (least, most) in zip(groups, spans):
        if least == most:
            continue
        m = dom[v]
        keep = 0
        for bit, c in sums:
            if m & bit and lo - least + c <= high and (upper or hi - most + c >= low):
                keep |= bit
        if keep != m and not engine.narrow(v, keep):
            return False
    return True


def _upper_bounds(engine: Engine, data: Any) -> bool:
    """`propagators.count_bounds` without its lower side: a literal is forced only where
    taking its larger side would pass the upper bound."""
    terms, low, high = data
    dom = engine.dom
    lo = hi = 0
    for c, v, b, p in terms:
        m = dom[v]
        if m & b and m != b:
            if c > 0:
                hi += c
            else:
                lo += c
        elif (m == b) == p:
            lo += c
            hi += c
    if lo > high or hi < low:
        return False
    for c, v, b, p in terms:
        m = dom[v]
        if m & b and m != b and lo + abs(c) > high:
            if not engine.make((v, b, p), c < 0):
                return False
    return True


#: Numbers in words, left out of a rule's kind with the figures ("holds no tents", "uses
#: three of its sides" are the kinds "holds tent", "uses of it side").
NUMBER_WORDS = frozenset(
    "no none zero one two three four five six seven eight nine ten eleven twelve".split())


def rule_kind(why: Why | None) -> str:
    """What kind of rule a constraint comes from: its sentence without the numbers (in
    figures or words), places and one-letter labels in it, singular and plural alike ("row 3
    holds 2 tents" and "row 5 holds one tent" are one kind, and so are "region A holds one
    queen" and "region B holds one queen")."""
    if why is None:
        return ""
    words = re.sub(r"[-\d(),.:;]+", " ", why.rule.lower()).split()
    return " ".join(w[:-1] if w.endswith("s") else w for w in words if w not in NUMBER_WORDS and len(w) > 1)


def grouped(engine: Engine, data: Any) -> tuple:
    """A compiled count with its terms grouped by variable: per variable, the count's sum at
    each of its values and the values it has no literal for (None when no variable has two
    terms: plain bounds are the same)."""
    terms, low, high = data
    by_var: dict[int, list[tuple[int, int, bool]]] = {}
    for c, v, b, p in terms:
        by_var.setdefault(v, []).append((c, b, p))
    if all(len(ts) == 1 for ts in by_var.values()):
        return (terms, low, high, None)
    groups = []
    for v, ts in by_var.items():
        full = engine.full[v]
        sums = []
        bit = 1
        while bit <= full:
            if full & bit:
                sums.append((bit, sum(c for c, b, p in ts if (bit == b) == p)))
            bit <<= 1
        named = 0
        for _, b, _ in ts:
            named |= b
        groups.append((v, tuple(sums), full & ~named))
    return (terms, low, high, tuple(groups))


def group_counts(engine: Engine) -> Engine:
    """Give the engine's counts their grouped form (read by `count_values`, `count_literals`)."""
    engine.rewrite(COUNT, lambda data: grouped(engine, data[:3]))
    return engine


def path_cycles(engine: Engine, g: Any) -> bool:
    """Paths on their own: no cycle, no piece holding two pairs' ends, nothing after the end."""
    dom = engine.dom
    states = []
    for _, _, (v, b, p) in g.edges:
        m = dom[v]
        states.append((UNKNOWN if m != b else TRUE if p else 0) if m & b else (0 if p else TRUE))
    n = len(g.nodes)
    root, closing = int_roots(n, ((u, v) for (u, v, _), s in zip(g.edges, states) if s == TRUE))
    if closing:
        return False
    label = [-1] * n
    for k, (a, b) in enumerate(g.pairs):
        for t in (a, b):
            r = root[t]
            if label[r] < 0:
                label[r] = k
            elif label[r] != k:
                return False
    done = all(root[a] == root[b] for a, b in g.pairs)
    for (u, v, lit), s in zip(g.edges, states):
        if s == UNKNOWN:
            ru, rv = root[u], root[v]
            lu, lv = label[ru], label[rv]
            if (done or ru == rv or (lu >= 0 and lv >= 0 and lu != lv)) and not engine.make(lit, False):
                return False
        elif s == TRUE and done and label[root[u]] < 0:
            return False
    return True


def leave_alone(engine: Engine, data: Any) -> bool:
    return True


#: The kind given to a switched-off propagator (`Reasoner.restrict`): it does nothing.
OFF = -1
#: The kind given at ``scan`` to a count of another kind than the one filling values in.
UPPER = -2


def clause_unit(engine: Engine, lits: list[CLit]) -> bool:
    """A clause on its own: its last open literal is true; False when every one is false."""
    last = None
    open_ = 0
    for lit in lits:
        s = engine.status(lit)
        if s == TRUE:
            return True
        if s == UNKNOWN:
            open_ += 1
            last = lit
    if not open_:
        return False
    return open_ > 1 or engine.make(last, True)  # type: ignore[arg-type]


def connected_alone(engine: Engine, g: Any) -> bool:
    """A connected group seen node by node, as a loop is through its degrees: once two of its
    nodes are in, a node in needs a way out. Its last edge not ruled out (to a node not
    ruled out) is chosen; with none left the rule breaks. (A player's "a white cell cannot be
    walled in": the whole group's reachability and cut cells wait for ``lines``.)"""
    status = engine.status
    here = [status(x) for x in g.present]
    inside = [u for u, s in enumerate(here) if s == TRUE]
    if len(inside) < 2:
        return True
    for u in inside:
        last = None
        ways = 0
        for w, e in g.adj[u]:
            if here[w] == FALSE:
                continue
            lit = g.edges[e][2]
            s = status(lit)
            if s == TRUE:
                break
            if s == UNKNOWN:
                ways += 1
                last = lit
                if ways > 1:
                    break
        else:
            if not ways or not engine.make(last, True):  # type: ignore[arg-type]
                return False
    return True


def connected_cuts(engine: Engine, g: Any) -> bool:
    """The whole connected group (`graphs.connected`: reachability, cut nodes, bridges), and
    cuts made of several edges that one literal chooses together (a diagonal of Slant is two
    edges between the sides it separates): when ruling that literal out leaves a node in the
    group unreachable, the literal holds. A bridge search sees such a cut edge by edge and
    misses it."""
    if not graphs.connected(engine, g):
        return False
    shared = getattr(g, "shared", None)
    if shared is None:
        by_lit: dict[CLit, list[int]] = {}
        for e, (_, _, lit) in enumerate(g.edges):
            by_lit.setdefault(lit, []).append(e)
        shared = g.shared = [(lit, set(es)) for lit, es in by_lit.items() if len(es) > 1]
    if not shared:
        return True
    status = engine.status
    here = [status(x) for x in g.present]
    required = [u for u, st in enumerate(here) if st == TRUE]
    if len(required) < 2:
        return True
    for lit, cut in shared:
        if status(lit) != UNKNOWN:
            continue
        seen = bytearray(len(here))
        seen[required[0]] = 1
        todo = [required[0]]
        while todo:
            u = todo.pop()
            for w, e in g.adj[u]:
                if not seen[w] and here[w] != FALSE and e not in cut and status(g.edges[e][2]) != FALSE:
                    seen[w] = 1
                    todo.append(w)
        if not all(seen[u] for u in required) and not engine.make(lit, True):
            return False
    return True


#: The propagators of ``rules``, by kind: counts by their own literals, a loop through its
#: degrees only, a set of paths through `path_cycles`, a connected group node by node
#: (`connected_alone`).
RULES_RUN = {
    COUNT: count_literals, LOOP: leave_alone, PATH: path_cycles, PAIRS: path_cycles, OFF: leave_alone,
    UPPER: count_upper, CONNECTED: connected_alone}


def _atom(engine: Engine, v: int, bit: int) -> tuple[int, int]:
    """What a literal is about: a two-valued variable, or one value of a larger one."""
    return (v, 0) if engine.full[v].bit_count() == 2 else (v, bit)


def _bits(mask: int) -> list[int]:
    """The value bits of a mask."""
    return [1 << k for k in range(mask.bit_length()) if mask >> k & 1]


class Pairs:
    """Every two rules sharing literals (or those a closure can use: ``within``), for `saturate`.

    A unit is a count, a node degree, a line of runs or a clause (graph constraints are not
    rules of cells). The rules-level propagator of each is used, on any engine compiled
    from the same model.
    """

    def __init__(self, engine: Engine, within: list[int] | None = None):
        """``within``: domains that every state it reads lies within (the start of a closure):
        only the pairs sharing a literal open there are listed, for the others never narrow
        (`saturate` lists every pair once it reads a state outside)."""
        run = {**engine.run, **RULES_RUN}
        units: list[tuple[Any, int, list[CLit]]] = []  # (propagator, constraint id or -1 - clause, lits)
        for cid, kind in enumerate(engine.kinds):
            data = engine.data[cid]
            lits = ([(v, b, p) for _, v, b, p in data[0]] if kind == COUNT else list(data) if kind == DEGREE
                    else list(data[0]) if kind == RUNS else None)
            if lits is not None:
                units.append((run[kind], cid, lits))
        for ci, lits in enumerate(engine.clauses):
            units.append((clause_unit, -1 - ci, lits))
        self.units = units
        self.tries = 0
        #: units switched off (`Reasoner.restrict`): pairs holding one are skipped
        self.off: bytearray | None = None
        self.listing(engine, within)

    def listing(self, engine: Engine, within: list[int] | None = None) -> None:
        """List the pairs (those with a shared literal open in ``within``, when given)."""
        units = self.units
        two = [m.bit_count() == 2 for m in engine.full]  # `_atom`, read once per variable
        atoms = [{(v, 0) if two[v] else (v, b) for v, b, _ in lits} for _, _, lits in units]
        # an atom open in ``within``: a pair whose shared atoms are all fixed there tries no case
        opened = None if within is None else {
            (v, b) for v, m in enumerate(within) if m & (m - 1) for b in ((0,) if two[v] else _bits(m))}
        by_atom: dict[tuple[int, int], list[int]] = {}
        for i, a in enumerate(atoms):
            if len(a) <= MAX_SCOPE and (opened is None or not opened.isdisjoint(a)):
                for x in a:
                    by_atom.setdefault(x, []).append(i)
        # how many literals each two rules share, counted atom by atom: only the pairs that
        # share two or more are intersected and sorted (a model with wide clauses has many
        # pairs sharing one, and building their intersections took seconds)
        seen: Counter[tuple[int, int]] = Counter()
        for members in by_atom.values():
            seen.update(itertools.combinations(members, 2))
        self.pairs: list[tuple[int, int, tuple[tuple[int, int], ...], tuple[int, ...]]] = []
        #: per pair of two clauses, each one's literals on variables the other does not read
        #: (`idle`)
        self.loose: dict[int, tuple[list[CLit], list[CLit]]] = {}
        by_var: dict[int, list[int]] = {}
        signs: dict[int, Any] = {}
        for i, j in sorted(pair for pair, n in seen.items() if 1 < n <= MAX_SHARED):
            for k in (i, j):
                if k not in signs:
                    signs[k] = clause_signs(engine, units[k][2]) if units[k][0] is clause_unit else None
            if not resolvable(signs[i], signs[j]):
                continue
            shared = atoms[i] & atoms[j]  # one shared literal: each rule alone sees what the pair does
            if opened is not None and opened.isdisjoint(shared):
                continue
            vs = tuple(sorted({v for v, _ in atoms[i] | atoms[j]}))
            for v in vs:
                by_var.setdefault(v, []).append(len(self.pairs))
            self.pairs.append((i, j, tuple(sorted(shared)), vs))
            if units[i][0] is clause_unit and units[j][0] is clause_unit:
                a, b = units[i][2], units[j][2]
                self.loose[len(self.pairs) - 1] = (apart(a, b), apart(b, a))
        self.by_var = by_var
        self.within = None if within is None else list(within)
        self.snapshot: list[int] | None = None
        self.switch_off(self.off)

    def switch_off(self, off: bytearray | None) -> None:
        """Leave out the pairs holding a unit marked in ``off`` (None: none)."""
        self.off = off
        pairs = self.pairs
        self.live = range(len(pairs)) if off is None else [
            k for k, (i, j, _, _) in enumerate(pairs) if not off[i] and not off[j]]

    def forget(self) -> None:
        """The next `saturate` looks at every pair (the engine was reset)."""
        self.snapshot = None

    def saturate(self, engine: Engine) -> bool | None:
        """Apply every pair until none narrows; None on a contradiction, else whether it narrowed."""
        dom = engine.dom
        within = getattr(self, "within", None)  # (a `wholes.WholePairs` lists every pair)
        if within is not None and any(d & ~w for d, w in zip(dom, within)):
            self.listing(engine)  # a state outside the listing's: every pair, each tried
        if self.snapshot is None:
            queue = list(self.live)
        else:
            queue = sorted({k for v, (a, b) in enumerate(zip(dom, self.snapshot)) if a != b
                            for k in self.by_var.get(v, ())})
        queued = set(queue)
        narrowed = False
        off = self.off
        while queue:
            k = heapq.heappop(queue)
            queued.discard(k)
            if off is not None and (off[self.pairs[k][0]] or off[self.pairs[k][1]]):
                continue
            loose = self.loose.get(k)
            if loose is not None and idle(engine, loose[0]) and idle(engine, loose[1]):
                continue
            mark = len(engine.trail)
            result = self._pair(engine, *self.pairs[k])
            if result is None:
                return None
            if result:
                narrowed = True
                if not engine.fixpoint():
                    return None
                for v, _ in engine.trail[mark:]:
                    for other in self.by_var.get(v, ()):
                        if other not in queued:
                            queued.add(other)
                            heapq.heappush(queue, other)
        self.snapshot = list(engine.dom)
        return narrowed

    def _pair(self, engine: Engine, i: int, j: int, shared: tuple, vs: tuple) -> bool | None:
        """Narrow by one pair: None on a contradiction, else whether anything was narrowed."""
        dom = engine.dom
        live = []
        for v, b in shared:
            m = dom[v]
            if b == 0:
                if m & (m - 1):
                    low = m & -m
                    live.append((v, low, m & ~low))
            elif m & b and m != b:
                live.append((v, b, m & ~b))
        if not live:
            return False  # the two rules no longer interact
        run_i, id_i, _ = self.units[i]
        run_j, id_j, _ = self.units[j]
        data_i = engine.data[id_i] if id_i >= 0 else engine.clauses[-1 - id_i]
        data_j = engine.data[id_j] if id_j >= 0 else engine.clauses[-1 - id_j]
        union = [0] * len(vs)
        found = False
        trail = engine.trail
        for combo in itertools.product((0, 1), repeat=len(live)):
            self.tries += 1
            mark = len(trail)
            ok = all(engine.narrow(v, yes if c else no) for (v, yes, no), c in zip(live, combo))
            while ok:
                size = len(trail)
                ok = run_i(engine, data_i) and run_j(engine, data_j)
                if len(trail) == size:
                    break
            if ok:
                found = True
                dom = engine.dom
                for k, v in enumerate(vs):
                    union[k] |= dom[v]
            engine.retract(mark)
        if not found:
            return None
        dom = engine.dom
        narrowed = False
        for k, v in enumerate(vs):
            if dom[v] & ~union[k]:
                narrowed = True
                if not engine.narrow(v, union[k]):
                    return None
        return narrowed


class Trials:
    """Bounded trials (`refuted`) on an engine compiled from the model: rules-level
    propagators only, applied to what the assumption changed, all at once, layer by layer."""

    def __init__(self, engine: Engine):
        self.run = {**engine.run, **RULES_RUN}
        self.clauses_of: list[list[int]] = [[] for _ in range(engine.n + 1)]
        for ci, lits in enumerate(engine.clauses):
            for v in sorted({lit[0] for lit in lits}):
                self.clauses_of[v].append(ci)
        # A count of one literal per variable reads a literal's state only, which changes
        # when its value goes or its variable is fixed to it: such a count is woken by its
        # literals, every other rule by its variables. A rule whose inputs did not change
        # since it last ran (or since the fixpoint the trial starts from) narrows nothing.
        plain = {cid for cid, (kind, data) in enumerate(zip(engine.kinds, engine.data))
                 if kind == COUNT and data[3] is None}
        self.counts_of: dict[tuple[int, int], list[int]] = {}
        for cid in sorted(plain):
            for _, v, b, _ in engine.data[cid][0]:
                self.counts_of.setdefault((v, b), []).append(cid)
        # A set of paths on its own (`path_cycles`) reads which edges hold: an edge ruled out
        # changes nothing it finds, so it is woken only when one of its edges comes to hold.
        lines = {cid for cid, kind in enumerate(engine.kinds) if kind in (PATH, PAIRS)}
        self.edges_of: list[list[tuple[int, CLit]]] = [[] for _ in range(engine.n + 1)]
        for cid in sorted(lines):
            for _, _, lit in engine.data[cid].edges:
                self.edges_of[lit[0]].append((cid, lit))
        self.rules_of = [[cid for cid in cids if cid not in plain and cid not in lines]
                         for cids in engine.watchers]

    def _woken(self, changed: list[tuple[int, int]], dom: list[int]) -> set[int]:
        """The rules that read what the changes (variable, domain before) changed."""
        counts_of, rules_of, edges_of = self.counts_of, self.rules_of, self.edges_of
        cids: set[int] = set()
        for u, before in changed:
            now = dom[u]
            cids.update(rules_of[u])
            for cid, (_, b, p) in edges_of[u]:
                if (now == b) if p else not now & b:  # the edge holds now (it did not before)
                    cids.add(cid)
            gone = before & ~now
            while gone:
                low = gone & -gone
                cids.update(counts_of.get((u, low), ()))
                gone ^= low
            if not now & (now - 1):
                cids.update(counts_of.get((u, now), ()))
        return cids

    def refuted(self, engine: Engine, v: int, bit: int, depth: int) -> bool:
        """Whether assuming ``v`` takes the value ``bit`` breaks a rule within ``depth`` layers.

        Layer k applies every rule that reads a variable layer k - 1 changed to the domains
        as layer k - 1 left them, all at once (so the result does not depend on their
        order), and intersects what they allow. The engine is left as it was.
        """
        trail, dom = engine.trail, engine.dom
        mark = len(trail)
        before = dom[v]
        if not engine.narrow(v, bit):
            return True
        kinds, data, run = engine.kinds, engine.data, self.run
        clauses, clauses_of, undo = engine.clauses, self.clauses_of, engine.undo
        changed = [(v, before)]
        broken = False
        for _ in range(depth):
            # the result is an intersection, so the order of the rules does not matter
            allowed: dict[int, int] = {}
            for cid in self._woken(changed, dom):
                size = len(trail)
                if not run[kinds[cid]](engine, data[cid]):
                    broken = True
                    break
                if len(trail) > size:
                    for u, _ in trail[size:]:
                        allowed[u] = allowed.get(u, -1) & dom[u]
                    undo(size)
            if not broken:
                for ci in {c for u, _ in changed for c in clauses_of[u]}:
                    size = len(trail)
                    if not clause_unit(engine, clauses[ci]):
                        broken = True
                        break
                    if len(trail) > size:
                        for u, _ in trail[size:]:
                            allowed[u] = allowed.get(u, -1) & dom[u]
                        undo(size)
            if broken:
                break
            changed = []
            for u, mask in allowed.items():
                if dom[u] & ~mask:
                    was = dom[u]
                    if not engine.narrow(u, mask):
                        broken = True
                        break
                    changed.append((u, was))
            if not changed:
                break
        engine.retract(mark)
        return broken
