"""Graph constraints for solvers that have none: degree counts now, connectivity cuts later.

`relax` turns a model's graph constraints into ordinary IR: a presence variable per node,
degree counts (2 on a loop or inside a path, 1 at a path's ends, 0 when absent) and the
clauses that keep edges between present nodes. What degree counts cannot say — "one piece,
no stray cycle, each pair joined to its partner" — is checked on each candidate assignment
by `Relaxation.cuts`, which returns clauses that the candidate breaks and every true
solution keeps. The backends' shared driver runs the loop: solve, cut, solve again; block each accepted
solution on the answer key; repeat.

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

from collections.abc import Hashable, Sequence
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
    """A model without graph constraints, plus what is needed to cut its candidates."""

    model: Model
    graphs: tuple[_Graph, ...]

    def cuts(self, values: Sequence[int]) -> list[Clause]:
        """Clauses the candidate breaks and every real solution keeps; empty if it is valid."""
        out: list[Clause] = []
        for g in self.graphs:
            out.extend(_cuts_for(g, values))
        return out


def relax(
    model: Model, labels: bool = True, implied: bool = False, deadline: Deadline = UNLIMITED
) -> Relaxation:
    """Replace graph constraints by presence variables, degree counts and edge clauses.

    With ``labels``, disjoint paths also get a pair label per node (one per used node, fixed
    at the terminals, equal along chosen edges), so a path that joins two different pairs
    is impossible at once instead of needing one cut per round: on the 10x10 Numberlink
    seed this took a cut loop from 662 rounds to 2.

    With ``implied``, a loop or path node that the model's own counts or clauses already
    force onto the graph (some of its edges must be chosen, as for every cell of a
    full-coverage Numberlink) gets no presence variable: it counts as always present, its
    degree count is a plain ``== 2`` and its cuts are shorter.

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
        incident = _incident(g.edges)
        if isinstance(g, Connected):
            on = {node: lit for node, lit in g.nodes}
            for e in g.edges:
                for end in (e.u, e.v):
                    if end not in on:
                        raise ValueError(f"edge {e!r} touches {end!r}, not a node of {g!r}")
                    if on[end] is not None:
                        clauses.append(Clause((~e.lit, on[end])))
            graphs.append(_Graph(g, tuple(on), on))
            continue
        terminals: dict[Node, int] = {}
        if isinstance(g, Path):
            terminals = {g.start: 0, g.end: 0}
        elif isinstance(g, DisjointPaths):
            for k, (a, b) in enumerate(g.pairs):
                if a in terminals or b in terminals or a == b:
                    raise ValueError(f"terminal {a!r} or {b!r} is used twice in {g!r}")
                terminals[a] = terminals[b] = k
        on = {}
        present = _present_nodes(incident, musts) if musts else set()
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
        model.name, tuple(vars_), model.counts + tuple(counts), model.clauses + tuple(clauses),
        (), model.runs, model.output, model.hints,
    )
    return Relaxation(relaxed, tuple(graphs))


def _add_labels(g, gi, on, terminals, new_bool, counts, clauses, deadline: Deadline) -> None:
    """Pair labels: each used node has exactly one, terminals their own, equal along edges."""
    pairs = range(len(g.pairs))
    label = {node: [new_bool(("_label", gi, node, k)) for k in pairs] for node in on}
    for node, flags in label.items():
        if node in terminals:
            for k in pairs:
                clauses.append(Clause((flags[k] if k == terminals[node] else ~flags[k],)))
        elif on[node] is None:  # always present
            counts.append(Count(tuple((1, x) for x in flags), "==", 1))
        else:
            counts.append(Count(tuple((1, x) for x in flags) + ((-1, on[node]),), "==", 0))
    for e in deadline.paced(g.edges):
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


def _present_nodes(incident: dict[Node, list[Edge]], musts: list[frozenset[Lit]]) -> set[Node]:
    """The nodes some of whose edges must be chosen (a set in ``musts`` lies among them)."""
    ends: dict[Lit, list[Node]] = {}
    for node, edges in incident.items():
        for e in edges:
            ends.setdefault(e.lit, []).append(node)
    out = set()
    for must in musts:
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


def _pieces(g: _Graph, values: Sequence[int]) -> list[set[Node]]:
    """Connected pieces of the used nodes under the chosen edges."""
    parent: dict[Node, Node] = {}

    def find(x: Node) -> Node:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for node in g.nodes:
        lit = g.on[node]
        if lit is None or lit.holds(values):
            parent[node] = node
    for e in g.constraint.edges:
        if e.lit.holds(values) and e.u in parent and e.v in parent:
            parent[find(e.u)] = find(e.v)
    groups: dict[Node, set[Node]] = {}
    for node in parent:
        groups.setdefault(find(node), set()).add(node)
    return list(groups.values())


def _boundary(g: _Graph, piece: set[Node]) -> tuple[Lit, ...]:
    return tuple(e.lit for e in g.constraint.edges if (e.u in piece) != (e.v in piece))


def _cuts_for(g: _Graph, values: Sequence[int]) -> list[Clause]:
    con = g.constraint
    pieces = _pieces(g, values)
    if isinstance(con, (Loop, Connected)):
        if isinstance(con, Loop):
            # absent nodes are their own (edgeless) pieces in _pieces only when used
            pieces = [p for p in pieces if len(p) > 1 or _used(g, p, values)]
        if len(pieces) <= 1:
            return []
        cuts = []
        for k, piece in enumerate(pieces):
            i = _representative(g, piece)
            j = _representative(g, pieces[(k + 1) % len(pieces)])
            lits = [~g.on[x] for x in (i, j) if g.on[x] is not None]  # type: ignore[operator]
            cuts.append(Clause(tuple(lits) + _boundary(g, piece)))
        return cuts
    cuts = []
    for piece in pieces:
        ends = [t for t in piece if t in g.terminals]
        if not ends:
            if len(piece) > 1:  # a stray cycle; a lone unused node is not a piece
                on = g.on[_representative(g, piece)]
                cuts.append(Clause((() if on is None else (~on,)) + _boundary(g, piece)))
        elif len(ends) == 2 and g.terminals[ends[0]] != g.terminals[ends[1]]:
            cuts.append(Clause(_boundary(g, piece)))
    return cuts


def _used(g: _Graph, piece: set[Node], values: Sequence[int]) -> bool:
    node = next(iter(piece))
    lit = g.on[node]
    return lit is None or lit.holds(values)


def _representative(g: _Graph, piece: set[Node]) -> Node:
    """A node of the piece, preferring one that is always present (shorter cut)."""
    always = [n for n in piece if g.on[n] is None]
    return always[0] if always else min(piece, key=repr)
