"""A brute-force reference: every assignment of a tiny IR model, checked from the definitions."""

from __future__ import annotations

import itertools
from collections.abc import Hashable

from puzzlekit.ir import Connected, Loop, Model, Path


def _pieces(nodes, edges) -> list[set]:
    adj = {n: set() for n in nodes}
    for u, v in edges:
        adj.setdefault(u, set()).add(v)
        adj.setdefault(v, set()).add(u)
    seen, out = set(), []
    for start in adj:
        if start in seen:
            continue
        piece, stack = set(), [start]
        while stack:
            n = stack.pop()
            if n not in piece:
                piece.add(n)
                stack.extend(adj[n] - piece)
        seen |= piece
        out.append(piece)
    return out


def graph_holds(g, values) -> bool:
    """The definition of each graph constraint, written without the cut machinery."""
    chosen = [(e.u, e.v) for e in g.edges if e.lit.holds(values)]
    degree: dict[Hashable, int] = {}
    for u, v in chosen:
        degree[u] = degree.get(u, 0) + 1
        degree[v] = degree.get(v, 0) + 1
    if isinstance(g, Connected):
        present = {n for n, lit in g.nodes if lit is None or lit.holds(values)}
        if any(u not in present or v not in present for u, v in chosen):
            return False
        return len(_pieces(present, chosen)) <= 1
    used = set(degree)
    if isinstance(g, Loop):
        return bool(chosen) and all(d == 2 for d in degree.values()) and len(_pieces(used, chosen)) == 1
    pairs = [(g.start, g.end)] if isinstance(g, Path) else list(g.pairs)
    ends = {t: k for k, pair in enumerate(pairs) for t in pair}
    for node in set(used) | set(ends):
        allowed = {1} if node in ends else {0, 2}
        if degree.get(node, 0) not in allowed:
            return False
    for piece in _pieces(used | set(ends), chosen):
        terms = [t for t in piece if t in ends]
        if len(terms) != 2 or ends[terms[0]] != ends[terms[1]]:
            return False
    return True


def solutions(model: Model) -> set[frozenset]:
    """Every distinct answer-key assignment, as frozensets of (key, value)."""
    domains = [range(v.lo, v.hi + 1) for v in model.vars]
    out = set()
    for values in itertools.product(*domains):
        if model.check(values):
            continue
        if all(graph_holds(g, values) for g in model.graphs):
            out.add(frozenset((model.vars[i].key, values[i]) for i in model.output))
    return out


def as_set(assignments) -> set[frozenset]:
    """Backend solutions in the same shape as `solutions`."""
    return {frozenset(a.items()) for a in assignments}
