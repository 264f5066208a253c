"""Frontier dynamic programming: exact counting and enumeration for narrow line puzzles.

The `search` backend's depth-first search cannot learn from its failures: when a few long
winding paths must cover a whole grid, its uniqueness proof meets the same dead ends again
and again and may not finish in any reasonable time. This module takes the other classical
route for line puzzles (frontier-based search, as in Knuth's SIMPATH): decide the edges one
at a time in an order that sweeps the graph, and merge every partial assignment whose
future is the same.

The state after deciding the first i edges holds only what the remaining edges can see:

* for each *frontier* node (some of its edges decided, some not): 0 when no chosen edge
  touches it yet, `_FULL` when it takes no more edges (degree 2, or a terminal with its
  one edge), else the tag of the open line end it is: a pair label ``1..K`` when the line
  piece reaches a terminal of pair k, or a mate tag ``> K`` shared by the piece's two open
  ends (renumbered in order of appearance, so equal futures give equal states);
* the partial sum of each count (clauses are counts ``>= 1``) with decided and undecided
  variables;
* for a `Loop`, whether the loop has closed (then no further edge may be chosen).

A layer maps each state to the number of ways to reach it (capped above ``limit``) and
its predecessors, so solutions are read back by walking predecessors from the final
state. A piece closing on itself is a stray cycle (rejected, except the one closing of a
`Loop` when nothing else is open); a piece joining two different labels is rejected; a
node retires when its last edge is decided and must then have degree 0 or 2 (1 at a
terminal). Counts are pruned by the range the undecided terms can still add.

It applies when the model is one `Loop`, `Path` or `DisjointPaths` over boolean edge
variables, every variable is an edge of it and in the answer key, plus any counts and
clauses, and no runs or other graph constraints. The number of states grows
exponentially with the frontier width, so `solve` gives up (`TooWide`) past a state
budget and the caller falls back to depth-first search.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.ir import DisjointPaths, Loop, Model, Path

_FULL = -1  # a node that takes no more edges
_INFINITY = 1 << 60
#: Most states one layer may hold by default, and most predecessor links over all layers:
#: the links hold most of the memory, and a sweep that finishes in reasonable time needs far
#: fewer.
MAX_STATES = 60_000
MAX_LINKS = 1_500_000


class TooWide(Exception):
    """The frontier grew past the state budget: this model is not narrow enough."""


@dataclass
class _Step:
    """Everything one edge decision needs, precomputed."""

    var: int
    chosen_value: int  # the variable's value when the edge is chosen
    label_u: int  # pair label (1..K) when u is a terminal, else 0
    label_v: int
    old_width: int  # frontier nodes in the previous state
    old_u: int  # index of u in the previous state (-1: not on the frontier yet)
    old_v: int
    retire_u: bool  # this is u's last edge
    retire_v: bool
    width: int  # frontier nodes in the new state
    new_u: int  # index of u in the new frontier (-1: retired)
    new_v: int
    # the new state is ``gather(state + defaults)`` (fresh nodes 0, fresh counts their
    # constant part); then each touched count adds its delta for x and must stay within
    # (low, high) widened by what its later terms can still add, and each count that ends
    # here must land in low..high: (index into ``state + defaults``, delta if not chosen,
    # delta if chosen, low, high)
    defaults: tuple[int, ...]
    gather: Any
    touched: tuple[tuple[int, int, int, int, int], ...]
    ending: tuple[tuple[int, int, int, int, int], ...]


@dataclass
class Plan:
    """A model the sweep can handle, with its edge order and frontier width."""

    model: Model
    steps: list[_Step]
    labels: int  # K: pair labels are 1..K, mate tags start at K + 1
    loop: bool
    width: int  # most frontier nodes at once
    empty: bool = False  # some constraint holds on no assignment at all


def plan(model: Model, max_width: int | None = None, deadline: Deadline = UNLIMITED) -> Plan | None:
    """The sweep for this model, or None when the model is outside what it handles (or its
    frontier is wider than ``max_width`` nodes: then the steps are not even built).

    Raises `OutOfTime` when ``deadline`` passes while the steps are built."""
    deadline.check()
    if len(model.graphs) != 1 or model.runs:
        return None
    g = model.graphs[0]
    if not isinstance(g, (Loop, Path, DisjointPaths)):
        return None
    if any(not (v.lo == 0 and v.hi == 1) for v in model.vars):
        return None
    if set(model.output) != set(range(len(model.vars))):
        return None
    if not g.edges:
        return None  # nothing to sweep: depth-first search decides it at the root
    edge_vars = [e.lit.var for e in g.edges]
    if len(set(edge_vars)) != len(edge_vars) or len(edge_vars) != len(model.vars):
        return None
    if any(e.u == e.v or e.lit.value not in (0, 1) for e in g.edges):
        return None
    pairs = []
    if isinstance(g, Path):
        pairs = [(g.start, g.end)]
    elif isinstance(g, DisjointPaths):
        pairs = list(g.pairs)
    index: dict[Hashable, int] = {}
    for e in g.edges:
        index.setdefault(e.u, len(index))
        index.setdefault(e.v, len(index))
    label = [0] * len(index)
    for k, (a, b) in enumerate(pairs, start=1):
        if a not in index or b not in index or a == b or label[index[a]] or label[index[b]]:
            return None  # a terminal without edges or used twice: let the search say unsolvable
        label[index[a]] = label[index[b]] = k
    ends = [(index[e.u], index[e.v]) for e in g.edges]
    deadline.check()
    # each candidate sorts every edge, a second on a 200x200 grid: the clock is read between them
    orders = deadline.paced(_node_orders(ends, len(index)), every=1)
    candidates = (_edge_order(ends, nodes) for nodes in orders)
    order, width = min(candidates, key=lambda o: o[1])
    if max_width is not None and width > max_width:
        return None
    counts = [(c.terms, c.op, c.rhs) for c in model.counts]
    counts += [(tuple((1, x) for x in c.lits), ">=", 1) for c in model.clauses]
    steps, empty = _steps(model, g.edges, ends, order, label, counts, isinstance(g, Loop), deadline)
    return Plan(model, steps, len(pairs), isinstance(g, Loop), width, empty)


def _node_orders(ends: list[tuple[int, int]], n: int) -> list[list[int]]:
    """Candidate sweep orders: the model's own node order, and breadth first from a far node."""
    adj: list[list[int]] = [[] for _ in range(n)]
    for u, v in ends:
        adj[u].append(v)
        adj[v].append(u)

    def bfs(start: int) -> list[int]:
        seen = [False] * n
        out = []
        for root in [start] + list(range(n)):
            if seen[root]:
                continue
            seen[root] = True
            queue = [root]
            for x in queue:
                out.append(x)
                for y in sorted(adj[x]):
                    if not seen[y]:
                        seen[y] = True
                        queue.append(y)
        return out

    far = bfs(0)[-1] if n else 0  # a node far from node 0: one end of a long diameter
    return [list(range(n)), bfs(far)]


def _edge_order(ends: list[tuple[int, int]], nodes: list[int]) -> tuple[list[int], int]:
    """Edges sorted by their later node in the sweep, and the widest frontier that gives."""
    pos = {x: i for i, x in enumerate(nodes)}
    order = sorted(range(len(ends)), key=lambda e: sorted((pos[ends[e][0]], pos[ends[e][1]]), reverse=True))
    first, last = _spans(ends, order)
    live = [0] * (len(order) + 1)
    for x in first:
        live[first[x]] += 1
        live[last[x]] -= 1
    width = running = 0
    for d in live:
        running += d
        width = max(width, running)
    return order, width


def _spans(ends: list[tuple[int, int]], order: list[int]) -> tuple[dict[int, int], dict[int, int]]:
    """Per node, the first and the last step that decides one of its edges."""
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for i, e in enumerate(order):
        for x in ends[e]:
            first.setdefault(x, i)
            last[x] = i
    return first, last


def _steps(
    model, edges, ends, order, label, counts, loop: bool, deadline: Deadline
) -> tuple[list[_Step], bool]:
    """Precompute each step's index maps for frontier nodes and live counts."""
    n_steps = len(order)
    step_of_var = {edges[e].lit.var: i for i, e in enumerate(order)}
    first, last = _spans(ends, order)
    # counts: constant part, per-step deltas for (not chosen, chosen), and active span
    empty = False
    count_info = []  # (start, deltas {step: (d0, d1)}, low, high, first step, last step)
    for terms, op, rhs in counts:
        low = rhs if op in ("==", ">=") else -_INFINITY
        high = rhs if op in ("==", "<=") else _INFINITY
        const = 0
        deltas: dict[int, list[int]] = {}
        for coef, lit in terms:
            var = model.vars[lit.var]
            if not var.lo <= lit.value <= var.hi:
                const += coef * (not lit.positive)
                continue
            i = step_of_var[lit.var]
            edge_lit = edges[order[i]].lit
            chosen_value = edge_lit.value if edge_lit.positive else 1 - edge_lit.value
            d = deltas.setdefault(i, [0, 0])
            for x in (0, 1):
                value = chosen_value if x else 1 - chosen_value
                if (value == lit.value) == lit.positive:
                    d[x] += coef
        if not deltas:
            empty |= not low <= const <= high
            continue
        span = sorted(deltas)
        count_info.append((const, deltas, low, high, span[0], span[-1]))
    # remaining reach per count after each of its steps
    reach: list[dict[int, tuple[int, int]]] = []
    for _, deltas, _, _, _, _ in count_info:
        lo = hi = 0
        r: dict[int, tuple[int, int]] = {}
        for i in sorted(deltas, reverse=True):
            r[i] = (lo, hi)
            lo += min(deltas[i])
            hi += max(deltas[i])
        reach.append(r)
    counts_at: list[list[int]] = [[] for _ in range(n_steps)]
    for ci, (_, deltas, *_rest) in enumerate(count_info):
        for i in deltas:
            counts_at[i].append(ci)
    steps = []
    frontier: list[int] = []  # nodes live before the step
    live_counts: list[int] = []
    for i, e in deadline.paced(enumerate(order)):
        u, v = ends[e]
        lit = edges[e].lit
        chosen_value = lit.value if lit.positive else 1 - lit.value
        old_pos = {x: j for j, x in enumerate(frontier)}
        after = [x for x in frontier if last[x] != i]
        for x in (u, v):
            if first[x] == i and last[x] != i and x not in after:
                after.append(x)
        new_pos = {x: j for j, x in enumerate(after)}
        old_count_pos = {c: len(frontier) + j for j, c in enumerate(live_counts)}
        old_len = len(frontier) + len(live_counts) + loop
        defaults: list[int] = []
        gather = [_source(old_pos.get(x), 0, old_len, defaults) for x in after]
        here = set(counts_at[i])
        live_after = [c for c in live_counts if count_info[c][5] != i]
        live_after += [c for c in counts_at[i] if count_info[c][4] == i and count_info[c][5] != i]
        touched = []
        for c in live_after:
            const, deltas, low, high, _, _ = count_info[c]
            gather.append(_source(old_count_pos.get(c), const, old_len, defaults))
            if c in here:  # prune when even the best remainder cannot bring the sum into low..high
                rlo, rhi = reach[c][i]
                touched.append((len(gather) - 1, *deltas[i], low - rhi, high - rlo))
        if loop:
            gather.append(old_len - 1)  # the closed flag stays last
        ending = []
        for c in counts_at[i]:
            const, deltas, low, high, _, last_step = count_info[c]
            if last_step == i:
                j = _source(old_count_pos.get(c), const, old_len, defaults)
                ending.append((j, *deltas[i], low, high))
        steps.append(_Step(
            var=lit.var, chosen_value=chosen_value, label_u=label[u], label_v=label[v],
            old_width=len(frontier), old_u=old_pos.get(u, -1), old_v=old_pos.get(v, -1),
            retire_u=last[u] == i, retire_v=last[v] == i,
            width=len(after), new_u=new_pos.get(u, -1), new_v=new_pos.get(v, -1),
            defaults=tuple(defaults), gather=_getter(gather), touched=tuple(touched), ending=tuple(ending),
        ))
        frontier, live_counts = after, live_after
    return steps, empty


def _source(j: int | None, value: int, old_len: int, defaults: list[int]) -> int:
    """Where a new state entry comes from: index j of the old state, or a fresh default
    appended after it."""
    if j is not None:
        return j
    defaults.append(value)
    return old_len + len(defaults) - 1


def _getter(indices: list[int]) -> Any:
    """A function from a tuple to the tuple of its items at ``indices``."""
    if len(indices) > 1:
        return itemgetter(*indices)
    if indices:
        return lambda ext, j=indices[0]: (ext[j],)
    return lambda ext: ()


def _advance(p: Plan, s: _Step, state: tuple, x: int) -> tuple | None:
    """The state after deciding this step's edge (x = 1: chosen), or None if that breaks a rule."""
    k = p.labels
    eu = state[s.old_u] if s.old_u >= 0 else 0
    ev = state[s.old_v] if s.old_v >= 0 else 0
    drop = keep = 0
    closing = False
    if x:
        if eu == _FULL or ev == _FULL or (p.loop and state[-1]):
            return None  # a full node, or a loop already closed
        # the line end each side offers: its tag, a terminal's label, or 0 for a fresh node
        tu = eu if eu else s.label_u
        tv = ev if ev else s.label_v
        if not tu and not tv:
            nu = nv = _INFINITY  # a new piece u-v: both are open ends (renumbered below)
        elif not tu:
            nu, nv = tv, _FULL
        elif not tv:
            nu, nv = _FULL, tu
        else:
            nu = nv = _FULL
            if tu <= k and tv <= k:
                if tu != tv:
                    return None  # joins two different pairs
            elif tu == tv:  # the piece closes on itself
                if not p.loop:
                    return None
                # the loop is done: nothing else may be open
                if any(t > 0 for j, t in enumerate(state[: s.old_width]) if j != s.old_u and j != s.old_v):
                    return None
                closing = True
            else:
                keep, drop = (tu, tv) if tu <= k or (tv > k and tu < tv) else (tv, tu)
        # a terminal's single edge fills it; a node already holding one line end fills up
        if eu > 0 or s.label_u:
            nu = _FULL
        if ev > 0 or s.label_v:
            nv = _FULL
    else:
        nu, nv = eu, ev
    if s.retire_u and not _retires(nu, s.label_u):
        return None
    if s.retire_v and not _retires(nv, s.label_v):
        return None
    ext = state + s.defaults
    for j, d0, d1, low, high in s.ending:
        if not low <= ext[j] + (d1 if x else d0) <= high:
            return None
    out = list(s.gather(ext))
    for j, d0, d1, low, high in s.touched:
        total = out[j] + (d1 if x else d0)
        if not low <= total <= high:
            return None
        out[j] = total
    if s.new_u >= 0:
        out[s.new_u] = nu
    if s.new_v >= 0:
        out[s.new_v] = nv
    if x:
        width = s.width
        if drop:
            for j in range(width):
                if out[j] == drop:
                    out[j] = keep
        if closing:
            out[-1] = 1
        # renumber mate tags in order of appearance (deciding an edge 0 keeps the order)
        rename: dict[int, int] = {}
        for j in range(width):
            t = out[j]
            if t > k:
                out[j] = rename.setdefault(t, k + 1 + len(rename))
    return tuple(out)


def _retires(entry: int, label: int) -> bool:
    """Whether a node may leave the frontier with this entry: degree 0 or 2, a terminal 1."""
    if label:
        return entry == _FULL
    return entry in (0, _FULL)


def solve(
    p: Plan, limit: int, deadline: Deadline, max_states: int | None = None, max_links: int | None = None
) -> tuple[list[list[int]], bool, dict[str, int]]:
    """Up to ``limit`` solutions (full value lists), whether they are all, and stats.

    Raises `TooWide` when a layer holds more than ``max_states`` states or the layers hold
    more than ``max_links`` predecessor links (defaults: `MAX_STATES`, `MAX_LINKS`), and
    `OutOfTime` at the deadline.
    """
    max_states = MAX_STATES if max_states is None else max_states
    max_links = MAX_LINKS if max_links is None else max_links
    stats = {"frontier_width": p.width, "frontier_states": 0, "frontier_links": 0}
    if p.empty or limit <= 0:
        return [], p.empty, stats
    cap = limit + 1
    start = (0,) if p.loop else ()
    layer: dict[tuple, int] = {start: 1}
    history: list[dict[tuple, list[tuple[tuple, int]]]] = []
    links = 0
    advance = _advance
    for s in p.steps:
        ways: dict[tuple, int] = {}
        preds: dict[tuple, list[tuple[tuple, int]]] = {}
        for seen, (state, w) in enumerate(layer.items()):
            if not seen % 2048:
                deadline.check()
            for x in (0, 1):
                new = advance(p, s, state, x)
                if new is None:
                    continue
                old = ways.get(new)
                if old is None:
                    ways[new] = w
                    preds[new] = [(state, x)]
                else:
                    ways[new] = min(cap, old + w)
                    preds[new].append((state, x))
                links += 1
        stats["frontier_states"] = max(stats["frontier_states"], len(ways))
        stats["frontier_links"] = links
        if len(ways) > max_states or links > max_links:
            raise TooWide(f"{len(ways)} states, {links} links at step {len(history) + 1} of {len(p.steps)}")
        history.append(preds)
        layer = ways
        if not layer:
            return [], True, stats
    final = (1,) if p.loop else ()
    total = layer.get(final, 0)
    return _read_back(p, history, final, limit) if total else [], total <= limit, stats


def _read_back(p: Plan, history: list[dict], final: tuple, limit: int) -> list[list[int]]:
    """Up to ``limit`` solutions, by walking predecessor links back from the final state.

    Every stored link leads back to the start state (layers only hold reachable states),
    so each path the walk completes is one solution, and no two paths give the same one.
    """
    n_vars = len(p.model.vars)
    out: list[list[int]] = []
    # frames: (step, state, the choices after it as a linked list (x, rest))
    stack: list[tuple[int, tuple, tuple | None]] = [(len(p.steps), final, None)]
    while stack and len(out) < limit:
        i, state, after = stack.pop()
        if i == 0:
            values = [0] * n_vars
            for s in p.steps:
                assert after is not None
                x, after = after
                values[s.var] = s.chosen_value if x else 1 - s.chosen_value
            out.append(values)
            continue
        for prev, x in reversed(history[i - 1][state]):
            stack.append((i - 1, prev, (x, after)))
    return out
