"""Path reasoning for the sat backend: pair labels in the CNF, and an external propagator for
relaxed path constraints inside the search.

`pair_codes` (the default) and `pair_labels` give each node of a `DisjointPaths` its pair, so
a piece joining two pairs fails by propagation.

The sat backend relaxes `Path` and `DisjointPaths` to degree counts (`transforms.cuts`) and
checks connectivity only on whole candidates, by cuts. On large grids the solver then works
on partial assignments that no cut can reach yet: a closed stray cycle, or a region walled
off by unused edges that holds a terminal without its partner. `PathPropagator` watches the
edge literals through python-sat's IPASIR-UP interface (CaDiCaL 1.9.5) and, on each partial
assignment, reports:

* **a closed cycle**: a chosen edge whose ends are already joined by chosen edges closes a
  cycle, which no path constraint allows: the clause "not all of the cycle's edges";
* **a wrong join**: a piece of chosen edges whose two ends are terminals of different pairs:
  "not all of the piece's edges";
* **a chord**: the two ends of a piece of chosen edges are neighbours: that edge would close
  a cycle, so it is propagated false (reason: the piece's edges imply it is not chosen);
* **a walled-off region**: an edge set false splits the graph of edges not yet false; the
  smaller side is checked: a terminal whose partner lies outside it, or (with no terminal
  at all) a node that must be used, is a conflict whose clause asks for one of the
  region's boundary edges (the same clause as the shared cut for that region);
* with ``reach``, after each round of the above: **a terminal that cannot reach its
  partner** through edges not ruled out and nodes no other pair's piece holds; the clause
  names the walls: an edge ruled out, or the chosen edges of the other pair's piece. This
  search runs over the whole graph for every pair, so it is off by default (it cut the
  conflicts but not the time in our measurements).

Every clause is one that every solution of the constraint satisfies, whatever the other
constraints, so the propagator never prunes a solution (counting stays exact). It keeps its
state on a trail undone on backtracking; the cycle walk and the region search stop early
(the region search as soon as both sides of the removed edge meet again), so a call costs
about the size of what changed.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from puzzlekit.ir import DisjointPaths, Path
from puzzlekit.transforms import cuts as _cuts

Lit = int


# pair labels in the CNF -----------------------------------------------------------------------
# On the sat backend's CNF (``cnf``: its `sat_cnf.Cnf`, with ``top``, ``clauses``, ``lit``,
# ``deadline`` and ``at_most``), before any propagator: labels make a path that joins two
# different pairs fail by unit propagation, instead of by one cut per round.


def pair_labels(cnf: Any, g: Any) -> None:
    """Label nodes by pair so that a path between two different pairs fails by propagation.

    ``label[n][p]``: node n lies on pair p's path. Terminals carry their pair's label and
    no other, chosen edges carry labels across, and a used node has exactly one label.
    Only stray cycles are then left for the cuts.
    """
    pairs = len(g.constraint.pairs)
    first = cnf.top + 1
    cnf.top += pairs * len(g.nodes)
    label = {node: first + i * pairs for i, node in enumerate(g.nodes)}  # first flag
    clauses = cnf.clauses
    for node, lowest in label.items():
        flags = list(range(lowest, lowest + pairs))
        if node in g.terminals:
            mine = lowest + g.terminals[node]
            clauses.extend([x] if x == mine else [-x] for x in flags)
            continue
        on = 1 if g.on[node] is None else cnf.lit(g.on[node])
        if on != -1:  # a used node has a label
            clauses.append(flags if on == 1 else [-on, *flags])
        cnf.at_most(flags, 1)
    for e in cnf.deadline.paced(g.constraint.edges):
        x = cnf.lit(e.lit)
        if x == -1:
            continue
        a, b = label[e.u], label[e.v]
        clauses.extend([-x, -(a + k), b + k] for k in range(pairs))
        clauses.extend([-x, -(b + k), a + k] for k in range(pairs))

def pair_codes(cnf: Any, g: Any) -> tuple[dict[Any, int], int]:
    """Pair labels in binary: each node holds a pair number in ``log2(pairs)`` bits.

    Terminals fix their pair's number, chosen edges make the bits equal, so a piece
    that reaches terminals of two pairs fails by propagation, as with `pair_labels`, on
    a CNF a fraction of its size; it also solved faster in our measurements.
    """
    pairs = len(g.constraint.pairs)
    bits = max(1, (pairs - 1).bit_length())
    first = cnf.top + 1
    cnf.top += bits * len(g.nodes)
    code = {node: first + i * bits for i, node in enumerate(g.nodes)}  # lowest bit
    clauses = cnf.clauses
    for node, k in g.terminals.items():
        lowest = code[node]
        clauses.extend([lowest + j] if k >> j & 1 else [-(lowest + j)] for j in range(bits))
    for e in cnf.deadline.paced(g.constraint.edges):
        x = cnf.lit(e.lit)
        if x == -1:
            continue
        a, b = code[e.u], code[e.v]
        clauses.extend([-x, -(a + j), b + j] for j in range(bits))
        clauses.extend([-x, a + j, -(b + j)] for j in range(bits))
    return code, bits


class _Graph:
    """One relaxed path constraint on SAT literals: edges as (u, v, literal) on node indices."""

    def __init__(self, g: Any, lit: Callable[[Any], int]):
        index = {node: i for i, node in enumerate(g.nodes)}
        self.n = len(g.nodes)
        self.edges: list[tuple[int, int, int]] = []
        for e in g.constraint.edges:
            x = lit(e.lit)
            if x != -1 and e.u != e.v:
                self.edges.append((index[e.u], index[e.v], x))
        self.incident: list[list[int]] = [[] for _ in range(self.n)]
        for k, (u, v, _) in enumerate(self.edges):
            self.incident[u].append(k)
            self.incident[v].append(k)
        self.partner = [-1] * self.n
        for a, b in (g.constraint.pairs if isinstance(g.constraint, DisjointPaths)
                     else [(g.constraint.start, g.constraint.end)]):
            self.partner[index[a]], self.partner[index[b]] = index[b], index[a]
        # a node that must be used: a terminal, or one whose presence is no variable
        self.must = [g.on[node] is None for node in g.nodes]
        self.terminals = [i for i in range(self.n) if self.partner[i] >= 0]
        self.between: dict[tuple[int, int], int] = {}
        for k, (u, v, _) in enumerate(self.edges):
            self.between[(u, v)] = self.between[(v, u)] = k


def graphs_of(relaxation: _cuts.Relaxation, lit: Callable[[Any], int]) -> list[_Graph]:
    """The relaxed `Path` and `DisjointPaths` constraints of a relaxation, on SAT literals."""
    return [_Graph(g, lit) for g in relaxation.graphs if isinstance(g.constraint, (Path, DisjointPaths))]


def attach(solver: Any, relaxation: _cuts.Relaxation, lit: Callable[[Any], int]) -> PathPropagator | None:
    """A `PathPropagator` over the relaxation's path constraints, connected to a python-sat
    CaDiCaL 1.9.5 solver with its edge variables observed (None when there are none)."""
    graphs = graphs_of(relaxation, lit)
    if not graphs:
        return None
    engine = PathPropagator(graphs)
    solver.connect_propagator(engine)
    for var in engine.variables():
        solver.observe(var)
    return engine


class PathPropagator:
    """The IPASIR-UP engine (see the module docstring) for one or more path graphs."""

    is_lazy = False

    def __init__(self, graphs: Sequence[_Graph], reach: bool = False):
        self.graphs = list(graphs)
        self.colours = reach
        self.checked = -1
        # SAT variable -> list of (graph, edge index, sign of the edge's literal)
        self.watch: dict[int, list[tuple[_Graph, int, bool]]] = {}
        for g in self.graphs:
            g.state = [0] * len(g.edges)  # type: ignore[attr-defined]  # 1 chosen, -1 not, 0 open
            for k, (_, _, x) in enumerate(g.edges):
                if x == 1:
                    g.state[k] = 1  # type: ignore[attr-defined]
                else:
                    self.watch.setdefault(abs(x), []).append((g, k, x > 0))
        self.trail: list[int] = []  # SAT variables in assignment order
        self.limits: list[int] = []  # trail length at each decision level
        self.head = 0  # trail entries already checked
        self.reasons: dict[int, list[int]] = {}
        self.stats = {"calls": 0, "cycles": 0, "chords": 0, "regions": 0, "reach": 0, "joins": 0}

    def variables(self) -> list[int]:
        """The SAT variables to observe."""
        return list(self.watch)

    # IPASIR-UP callbacks -------------------------------------------------------------------
    def on_assignment(self, lit: int, fixed: bool = False) -> None:
        var = abs(lit)
        entries = self.watch.get(var)
        if not entries:
            return
        g0, k0, s0 = entries[0]
        if g0.state[k0] != 0:  # told again when it became fixed
            return
        for g, k, sign in entries:
            g.state[k] = 1 if (lit > 0) == sign else -1
        self.trail.append(var)

    def on_new_level(self) -> None:
        self.limits.append(len(self.trail))

    def on_backtrack(self, to: int) -> None:
        if to >= len(self.limits):
            return
        keep = self.limits[to]
        del self.limits[to:]
        for var in self.trail[keep:]:
            for g, k, _ in self.watch[var]:
                g.state[k] = 0
        del self.trail[keep:]
        self.head = min(self.head, keep)

    def check_model(self, model: list[int]) -> bool:
        return True  # whole candidates are checked by the shared cuts

    def decide(self) -> int:
        return 0  # the solver's own choice (steering towards the most constrained piece lost)

    def propagate(self) -> list[int]:
        self.stats["calls"] += 1
        while self.head < len(self.trail):
            var = self.trail[self.head]
            self.head += 1
            for g, k, _ in self.watch[var]:
                out = self._chosen(g, k) if g.state[k] == 1 else self._removed(g, k)
                if out:
                    return out
        if self.colours and len(self.trail) != self.checked:
            self.checked = len(self.trail)
            for g in self.graphs:
                out = self._reach(g)
                if out:
                    self.checked = -1
                    return out
        return []

    def _reach(self, g: _Graph) -> list[int]:
        """Each terminal must reach its partner through nodes no other pair's piece holds:
        a conflict whose clause names the walls (edges ruled out, pieces of other pairs)."""
        state, incident, edges, partner = g.state, g.incident, g.edges, g.partner  # type: ignore[attr-defined]
        owner = [-1] * g.n
        chain: dict[int, list[int]] = {}
        for t in g.terminals:
            if owner[t] >= 0:
                continue
            walked = self._walk(g, t, -1)
            if walked is None:
                return []
            end, path = walked
            owner[t] = t
            here = t
            for j in path:
                u, v, _ = edges[j]
                here = v if u == here else u
                owner[here] = t
            chain[t] = path
            if end >= 0 and partner[end] >= 0:
                chain[end] = path
        for a in g.terminals:
            b = partner[a]
            if a > b or owner[a] == owner[b]:
                continue
            mine = (owner[a], owner[b])
            seen = {a}
            todo = [a]
            found = False
            while todo and not found:
                here = todo.pop()
                for j in incident[here]:
                    if state[j] == -1:
                        continue
                    u, v, _ = edges[j]
                    there = v if u == here else u
                    if there in seen or (owner[there] >= 0 and owner[there] not in mine):
                        continue
                    if there == b or owner[there] == owner[b]:
                        found = True
                        break
                    seen.add(there)
                    todo.append(there)
            if found:
                continue
            self.stats["reach"] += 1
            clause: set[int] = set()
            for x in seen:
                for j in incident[x]:
                    u, v, lit = edges[j]
                    y = v if u == x else u
                    if y in seen:
                        continue
                    if state[j] == -1:
                        clause.add(lit)
                    else:
                        clause.update(-edges[i][2] for i in chain[owner[y]])
            self.head += 1  # `_report` steps back; nothing to look at again here
            return self._report(sorted(clause))
        return []

    def provide_reason(self, lit: int) -> list[int]:
        return self.reasons.pop(lit)

    def add_clause(self) -> list[int]:
        return []

    # the reasoning -----------------------------------------------------------------------
    def _report(self, clause: list[int]) -> list[int]:
        """Propagate the clause's first literal (a conflict when every literal is false)."""
        self.reasons[clause[0]] = clause
        self.head -= 1  # look at this trail entry again: it may propagate more
        return [clause[0]]

    def _walk(self, g: _Graph, start: int, came: int) -> tuple[int, list[int]] | None:
        """From ``start``, leaving edge ``came`` aside, along chosen edges to the piece's end:
        the end and the edges walked; None at a branch (a count will fail there)."""
        state, incident, edges = g.state, g.incident, g.edges  # type: ignore[attr-defined]
        here, prev, walked = start, came, []
        while True:
            nxt = [k for k in incident[here] if k != prev and state[k] == 1]
            if not nxt:
                return here, walked
            if len(nxt) > 1:
                return None
            prev = nxt[0]
            walked.append(prev)
            u, v, _ = edges[prev]
            here = v if u == here else u
            if here == start:
                return here, walked

    def _chosen(self, g: _Graph, k: int) -> list[int]:
        """Edge ``k`` was chosen: a closed cycle is a conflict; a chord of the piece is cut."""
        u, v, _ = g.edges[k]
        one = self._walk(g, u, k)
        if one is None:
            return []
        end_u, path_u = one
        if end_u == u and path_u:  # back at the start: the walk went round a cycle through k
            self.stats["cycles"] += 1
            return self._report([-g.edges[j][2] for j in {k, *path_u}])
        two = self._walk(g, v, k)
        if two is None:
            return []
        end_v, path_v = two
        if g.partner[end_u] >= 0 and g.partner[end_v] >= 0 and g.partner[end_u] != end_v:
            self.stats["joins"] += 1  # one piece joins terminals of two pairs
            return self._report([-g.edges[j][2] for j in [k, *path_u, *path_v]])
        chord = g.between.get((end_u, end_v))
        if chord is not None and g.state[chord] == 0:  # type: ignore[attr-defined]
            self.stats["chords"] += 1
            return self._report([-g.edges[chord][2]] + [-g.edges[j][2] for j in [k, *path_u, *path_v]])
        return []

    def _removed(self, g: _Graph, k: int) -> list[int]:
        """Edge ``k`` was ruled out: if that split a region off, check the smaller side."""
        u, v, _ = g.edges[k]
        state, incident, edges = g.state, g.incident, g.edges  # type: ignore[attr-defined]
        seen = [{u}, {v}]
        queues = [deque([u]), deque([v])]
        while queues[0] and queues[1]:
            for side in (0, 1):
                here = queues[side].popleft()
                for j in incident[here]:
                    if state[j] == -1:
                        continue
                    a, b, _ = edges[j]
                    there = b if a == here else a
                    if there in seen[1 - side]:
                        return []  # the two sides still meet: nothing split off
                    if there not in seen[side]:
                        seen[side].add(there)
                        queues[side].append(there)
                if not queues[side]:
                    break
        region = seen[0] if not queues[0] else seen[1]
        partner, must = g.partner, g.must
        terminal = False
        for node in region:
            p = partner[node]
            if p >= 0:
                terminal = True
                if p not in region:
                    break
        else:
            if terminal or not any(must[node] for node in region):
                return []
        self.stats["regions"] += 1
        boundary = {j for node in region for j in incident[node]
                    if (edges[j][0] in region) != (edges[j][1] in region)}
        clause = [edges[j][2] for j in boundary]
        if not clause:
            clause = [-edges[k][2]]  # cannot happen: the removed edge is on the boundary
        return self._report(sorted(clause, key=lambda x: x != edges[k][2]))
