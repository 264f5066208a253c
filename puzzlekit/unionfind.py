"""Union-find (disjoint sets) over hashable items, the one copy every layer uses."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)


class DisjointSets(Generic[K]):
    """Disjoint sets with path halving; items join on first use."""

    __slots__ = ("parent",)

    def __init__(self, items: Iterable[K] = ()):
        self.parent: dict[K, K] = {x: x for x in items}

    def __contains__(self, x: object) -> bool:
        return x in self.parent

    def add(self, x: K) -> None:
        """Make ``x`` a set of its own if it is new."""
        self.parent.setdefault(x, x)

    def find(self, x: K) -> K:
        """The representative of the set holding ``x`` (adding ``x`` if new)."""
        parent = self.parent
        if x not in parent:
            parent[x] = x
            return x
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(self, a: K, b: K) -> bool:
        """Join the sets of ``a`` and ``b``; False when they were already one set."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        self.parent[ra] = rb
        return True

    def groups(self) -> list[set[K]]:
        """Every set, as a set of its items, in order of first appearance."""
        out: dict[K, set[K]] = {}
        for x in list(self.parent):
            out.setdefault(self.find(x), set()).add(x)
        return list(out.values())


def components(nodes: Iterable[K], edges: Iterable[tuple[K, K]]) -> list[set[K]]:
    """Connected pieces of a graph: every node, and each edge's two ends, in some piece."""
    sets: DisjointSets[K] = DisjointSets(nodes)
    for a, b in edges:
        sets.union(a, b)
    return sets.groups()


def int_roots(n: int, pairs: Iterable[tuple[int, int]]) -> tuple[list[int], int]:
    """Union-find on ``0..n-1`` for hot loops: each item's root, and how many pairs closed a cycle."""
    parent = list(range(n))
    closing = 0
    for u, v in pairs:
        while parent[u] != u:
            parent[u] = parent[parent[u]]
            u = parent[u]
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        if u == v:
            closing += 1
        else:
            parent[u] = v
    for i in range(n):
        r = parent[i]
        while parent[r] != r:
            r = parent[r]
        parent[i] = r
    return parent, closing
