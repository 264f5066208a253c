"""Graph constraints for solvers that have none: degree counts now, connectivity cuts later.

`relax` turns a model's graph constraints into ordinary IR: a presence variable per node,
degree counts (2 on a loop or inside a path, 1 at a path's ends, 0 when absent) and the
clauses that keep edges between present nodes. What degree counts cannot say — "one piece,
no stray cycle, each pair joined to its partner" — is checked on each candidate assignment
by `Relaxation.cuts`, which returns clauses that the candidate breaks and every true
solution keeps. The backends' shared driver (`puzzlekit.backends.base.run`) runs the loop:
solve, cut, solve again; block each accepted solution on the answer key; repeat. This module
holds the only implementation of the cut rules; `Cutter` runs them on integer indices, since
they run once per candidate and the candidates of a large model are many.

Each cut is about a piece S of the chosen edges (its node set) and its boundary δ(S), the
edges with one end in S:

* a stray cycle S, or a loop piece when another piece exists: if node i of S and node j
  outside S are both used, some boundary edge is chosen (``~on_i | ~on_j | δ(S)``; for
  paths, j is implied by the terminals, giving ``~on_i | δ(S)``);
* a path piece joining terminals of two different pairs: ``δ(S)`` (each terminal's
  partner lies outside S);
* a piece of a ``Connected`` constraint: ``~present_i | ~present_j | δ(S)``.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.ir import (
    Clause,
    Connected,
    Count,
    DisjointPaths,
    Edge,
    GraphConstraint,
    Lit,
    Loop,
    Model,
    Path,
    Var,
)
from puzzlekit.unionfind import int_roots

Node = Hashable


@dataclass(frozen=True)
class _Graph:
    """One graph constraint with its node index and presence literals."""

    constraint: GraphConstraint
    nodes: tuple[Node, ...]
    on: dict[Node, Lit | None]
    terminals: dict[Node, int] = field(default_factory=dict)  # node -> pair index


@dataclass(frozen=True)
class Relaxation:
    """A model without (some of) its graph constraints, plus what is needed to cut its candidates."""

    model: Model
    graphs: tuple[_Graph, ...]

    def cuts(self, values: Sequence[int]) -> list[Clause]:
        """Clauses the candidate breaks and every real solution keeps; empty if it is valid."""
        return self._cutter.cuts(values)

    def cutter(self, forced: AbstractSet[Lit] = frozenset()) -> Cutter:
        """The cut rules for this relaxation, with ``forced`` presence literals (see `Cutter`)."""
        return Cutter(self, forced) if forced else self._cutter

    @functools.cached_property
    def _cutter(self) -> Cutter:
        return Cutter(self)


def relax(
    model: Model, labels: bool = True, implied: bool = False, deadline: Deadline = UNLIMITED
) -> Relaxation:
    """Replace graph constraints by presence variables, degree counts and edge clauses.

    With ``labels``, disjoint paths also get a pair label per node (one per used node, fixed
    at the terminals, equal along chosen edges), so a path that joins two different pairs
    is impossible at once instead of needing one cut per round; without them a solver can
    draw many wrong pairings, each costing a round, before it finds a right one.

    With ``implied``, a loop or path node that the model's own counts or clauses already
    force onto the graph (some of its edges must be chosen, as when a puzzle asks every
    cell to be covered) gets no presence variable: it counts as always present, its degree
    count is a plain ``== 2`` and its cuts are shorter.

    Raises `OutOfTime` when ``deadline`` passes while it works (large label sets take seconds).
    """
    vars_: list[Var] = list(model.vars)
    counts: list[Count] = []
    clauses: list[Clause] = []
    graphs: list[_Graph] = []

    def new_bool(key: Hashable) -> Lit:
        var = Var(len(vars_), key, 0, 1)
        vars_.append(var)
        return Lit(var.index)

    musts = _at_least_one_sets(model, deadline) if implied and model.graphs else []
    for gi, g in enumerate(model.graphs):
        if isinstance(g, Connected):
            on = {node: lit for node, lit in g.nodes}
            kept = []
            for e in g.edges:
                if e.u not in on or e.v not in on:  # an edge to no node is never chosen
                    clauses.append(Clause((~e.lit,)))
                    continue
                kept.append(e)
                for end in (e.u, e.v):
                    if on[end] is not None:
                        clauses.append(Clause((~e.lit, on[end])))
            graphs.append(_Graph(Connected(g.nodes, tuple(kept)), tuple(on), on))
            continue
        ends = [(g.start, g.end)] if isinstance(g, Path) else list(getattr(g, "pairs", ()))
        terminals = {t: k for k, pair in enumerate(ends) for t in pair}
        if len(terminals) != 2 * len(ends):
            clauses.append(Clause(()))  # a node that ends two paths: no solution
            continue
        clauses.extend(Clause((~e.lit,)) for e in g.edges if e.u == e.v)  # a self-loop is never chosen
        incident = _incident(g.edges)
        on = {}
        present = _present_nodes(incident, musts, deadline) if musts else set()
        for node in deadline.paced(list(incident) + [t for t in terminals if t not in incident]):
            edges = incident.get(node, [])
            if node in terminals:
                on[node] = None
                counts.append(Count(tuple((1, e.lit) for e in edges), "==", 1))
            elif node in present:
                on[node] = None
                counts.append(Count(tuple((1, e.lit) for e in edges), "==", 2))
            else:
                on[node] = new_bool(("_on", gi, node))
                terms = tuple((1, e.lit) for e in edges) + ((-2, on[node]),)
                counts.append(Count(terms, "==", 0))
        if isinstance(g, Loop):
            clauses.append(Clause(tuple(e.lit for e in g.edges)))
        if labels and isinstance(g, DisjointPaths) and len(g.pairs) > 1:
            _add_labels(g, gi, on, terminals, new_bool, counts, clauses, deadline)
        graphs.append(_Graph(g, tuple(on), on, terminals))

    relaxed = Model(
        model.name, tuple(vars_), model.stated_counts + tuple(counts), model.clauses + tuple(clauses),
        (), model.runs, model.output, model.hints, model.distinct,
    )
    return Relaxation(relaxed, tuple(graphs))


def _add_labels(g, gi, on, terminals, new_bool, counts, clauses, deadline: Deadline) -> None:
    """Pair labels: each used node has exactly one, terminals their own, equal along edges."""
    pairs = range(len(g.pairs))
    every = max(1, 64 // len(pairs))  # read the clock every 64 or so new booleans
    label = {node: [new_bool(("_label", gi, node, k)) for k in pairs] for node in deadline.paced(on, every)}
    for node, flags in deadline.paced(label.items(), every):
        if node in terminals:
            for k in pairs:
                clauses.append(Clause((flags[k] if k == terminals[node] else ~flags[k],)))
        elif on[node] is None:  # always present
            counts.append(Count(tuple((1, x) for x in flags), "==", 1))
        else:
            counts.append(Count(tuple((1, x) for x in flags) + ((-1, on[node]),), "==", 0))
    for e in deadline.paced(g.edges, every):
        for k in pairs:
            clauses.append(Clause((~e.lit, ~label[e.u][k], label[e.v][k])))
            clauses.append(Clause((~e.lit, ~label[e.v][k], label[e.u][k])))


def _at_least_one_sets(model: Model, deadline: Deadline) -> list[frozenset[Lit]]:
    """Sets of literals of which the model's counts and clauses make at least one true."""
    out = [frozenset(c.lits) for c in deadline.paced(model.clauses) if c.lits]
    for c in deadline.paced(model.counts):
        if c.op in ("==", ">=") and c.rhs > 0 and c.terms and all(w > 0 for w, _ in c.terms):
            out.append(frozenset(lit for _, lit in c.terms))
    return out


def _present_nodes(
    incident: dict[Node, list[Edge]], musts: list[frozenset[Lit]], deadline: Deadline = UNLIMITED
) -> set[Node]:
    """The nodes some of whose edges must be chosen (a set in ``musts`` lies among them)."""
    ends: dict[Lit, list[Node]] = {}
    for node, edges in deadline.paced(incident.items(), every=256):
        for e in edges:
            ends.setdefault(e.lit, []).append(node)
    out = set()
    for must in deadline.paced(musts, every=256):
        first = next(iter(must))
        for node in ends.get(first, ()):
            if node not in out and must <= {e.lit for e in incident[node]}:
                out.add(node)
    return out


def _incident(edges: Sequence[Edge]) -> dict[Node, list[Edge]]:
    out: dict[Node, list[Edge]] = {}
    for e in edges:
        out.setdefault(e.u, []).append(e)
        out.setdefault(e.v, []).append(e)
    return out


# --- the cut rules ------------------------------------------------------------------------


class Cutter:
    """The cut rules of this module for one relaxation, on integer node and edge indices.

    ``forced`` names presence literals known to be true in every solution (a solver may
    find them by probing its own propagation): their nodes count as always present, so a cut
    through one loses its ``~on`` literal and is shorter and stronger. Without it the cuts
    are exactly those `Relaxation.cuts` returns.
    """

    def __init__(self, relaxation: Relaxation, forced: AbstractSet[Lit] = frozenset()):
        self.model = relaxation.model
        self.graphs = [_Indexed(g, forced) for g in relaxation.graphs]

    def cuts(self, values: Sequence[int]) -> list[Clause]:
        """Clauses the candidate breaks and every real solution keeps; empty if it is valid."""
        if len(self.graphs) == 1:
            return self.graphs[0].cuts(values)
        return [cut for g in self.graphs for cut in g.cuts(values)]


class _Indexed:
    """One relaxed graph constraint with its nodes and edges numbered (cuts run per candidate)."""

    __slots__ = ("lines", "on", "edges", "incident", "pair")

    def __init__(self, g: _Graph, forced: AbstractSet[Lit]):
        index = {node: i for i, node in enumerate(g.nodes)}
        self.lines = not isinstance(g.constraint, (Loop, Connected))  # paths end at terminals
        self.on: list[Lit | None] = [None if g.on[n] in forced else g.on[n] for n in g.nodes]
        self.edges = [(index[e.u], index[e.v], e.lit) for e in g.constraint.edges]
        self.incident: list[list[int]] = [[] for _ in g.nodes]
        for k, (u, v, _) in enumerate(self.edges):
            self.incident[u].append(k)
            self.incident[v].append(k)
        self.pair = {index[n]: p for n, p in g.terminals.items()}

    def pieces(self, values: Sequence[int]) -> list[list[int]]:
        """Connected pieces of the used nodes under the chosen edges, in node order."""
        used = [lit is None or (values[lit.var] == lit.value) == lit.positive for lit in self.on]
        chosen = [
            (u, v) for u, v, lit in self.edges
            if used[u] and used[v] and (values[lit.var] == lit.value) == lit.positive
        ]
        roots, _ = int_roots(len(used), chosen)
        groups: dict[int, list[int]] = {}
        for i, root in enumerate(roots):
            if used[i]:
                groups.setdefault(root, []).append(i)
        return list(groups.values())

    def boundary(self, piece: list[int], label: list[int]) -> tuple[Lit, ...]:
        """The literals of the edges with exactly one end in the piece."""
        here = label[piece[0]]
        out = []
        for i in piece:
            for k in self.incident[i]:
                u, v, lit = self.edges[k]
                if label[u] != here or label[v] != here:
                    out.append(lit)
        return tuple(out)

    def absent(self, *nodes: int) -> tuple[Lit, ...]:
        """``~on`` of those nodes that are not always present."""
        return tuple(~lit for lit in (self.on[i] for i in nodes) if lit is not None)

    def representative(self, piece: list[int]) -> int:
        """A node of the piece, preferring one that is always present (shorter cut)."""
        return next((i for i in piece if self.on[i] is None), piece[0])

    def cuts(self, values: Sequence[int]) -> list[Clause]:
        """The cuts this candidate breaks, by the rules in the module docstring."""
        pieces = self.pieces(values)
        if not self.lines and len(pieces) <= 1:
            return []
        label = [-1] * len(self.on)
        for k, piece in enumerate(pieces):
            for i in piece:
                label[i] = k
        out = []
        if not self.lines:  # Loop, Connected: every piece against the next one
            for k, piece in enumerate(pieces):
                other = pieces[(k + 1) % len(pieces)]
                lits = self.absent(self.representative(piece), self.representative(other))
                out.append(Clause(lits + self.boundary(piece, label)))
            return out
        for piece in pieces:
            ends = [i for i in piece if i in self.pair]
            if not ends and len(piece) > 1:  # a stray cycle; a lone unused node is not a piece
                out.append(Clause(self.absent(self.representative(piece)) + self.boundary(piece, label)))
            elif len(ends) == 2 and self.pair[ends[0]] != self.pair[ends[1]]:
                out.append(Clause(self.boundary(piece, label)))
        return out
