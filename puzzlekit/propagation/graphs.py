"""Propagators of the graph constraints, each a function ``(engine, graph) -> bool``.

Loop / Path / DisjointPaths: union-find over the chosen edges (no premature cycle, no piece
joining two pairs, a finished line closes everything else); then a Tarjan DFS over the edges
not yet excluded. A loop stays inside one block: a cut node with required nodes or chosen
edges on both sides fails, the side without them is cut off, and an edge that alone joins a
cut node to a side is excluded (bridges included). Each pair's path only uses nodes on some
simple path between its terminals, avoiding nodes other pairs own, and crosses each cut node
on the way with one edge in and one out; a node some count requires (``exactly(2, ...)`` on
its edges, or a visit variable ``sum(edges) - 2 v == 0`` once v holds) that only one pair
can use joins that pair.

Connected: required nodes must reach each other; nodes out of reach are absent, and bridges
and cut nodes between required nodes are forced.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress
from operator import itemgetter
from typing import Any

from puzzlekit.unionfind import int_roots

from .engine import FALSE, TRUE, UNKNOWN, CLit, Engine, Graph


def _edge_states(engine: Engine, g: Graph) -> list[int]:
    """TRUE, FALSE or UNKNOWN per edge of a graph constraint."""
    dom = engine.dom
    out = []
    for _, _, (v, b, p) in g.edges:
        m = dom[v]
        if m & b:
            out.append(UNKNOWN if m != b else TRUE if p else FALSE)
        else:
            out.append(FALSE if p else TRUE)
    return out


def _exactly(engine: Engine, edges: list[tuple[CLit, int]], k: int) -> bool:
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
        return all(engine.make(x, False) for x in unknown)
    if unknown and true + len(unknown) == k:
        return all(engine.make(x, True) for x in unknown)
    return True


def _split(
    g: Graph, states: list[int], p: int, lo: int, hi: int, disc: list[int], blocked: bytearray
) -> tuple[list[tuple[CLit, int]], list[tuple[CLit, int]]]:
    """The live edges of node p into the subtree with discovery times lo..hi, and the others."""
    inner, outer = [], []
    edges = g.edges
    for w, e in g.adj[p]:
        s = states[e]
        if s != FALSE and not blocked[w]:
            (inner if lo <= disc[w] <= hi else outer).append((edges[e][2], s))
    return inner, outer


def _cut_off(engine: Engine, g: Graph, states: list[int], nodes: Iterable[int]) -> bool:
    """No chosen edge touches these nodes."""
    edges = g.edges
    for u in nodes:
        for _, e in g.adj[u]:
            if states[e] != FALSE and not engine.make(edges[e][2], False):
                return False
    return True


def _reader(engine: Engine, g: Graph) -> Any:
    """A fast `_edge_states` for the graph, made on first use: where every edge is the same
    kind of literal on a two-valued variable, one table lookup per edge; else None."""
    reader = g.reader
    if reader is None:
        lits = {(b, p) for _, _, (_, b, p) in g.edges}
        small = all(engine.full[v] <= 0b11 for _, _, (v, _, _) in g.edges)
        reader = False
        if len(g.edges) > 1 and len(lits) == 1 and small:
            ((b, p),) = lits
            table = tuple((UNKNOWN if m != b else TRUE if p else FALSE) if m & b else (FALSE if p else TRUE)
                          for m in range(4))
            reader = (itemgetter(*(v for _, _, (v, _, _) in g.edges)), table.__getitem__)
        g.reader = reader
    return reader or None


def loop(engine: Engine, g: Graph) -> bool:
    """One cycle: no premature cycle, one piece, the cycle stays in one block."""
    reader = _reader(engine, g)
    if reader is None:
        states = _edge_states(engine, g)
    else:
        states = list(map(reader[1], reader[0](engine.dom)))
    edges = g.edges
    n = len(g.nodes)
    chosen_edges = [e for e, s in enumerate(states) if s == TRUE]
    ends = [edges[e][:2] for e in chosen_edges]
    root, closing = int_roots(n, ends)
    chosen_roots = {root[u] for u, _ in ends}
    if closing:
        # a closed cycle must be the whole loop: nothing else chosen, nothing more added
        if closing > 1 or len(chosen_roots) > 1:
            return False
        return all(engine.make(lit, False) for (_, _, lit), s in zip(edges, states) if s == UNKNOWN)
    if len(chosen_roots) > 1:  # closing a piece now would leave another piece outside
        for (u, v, lit), s in zip(edges, states):
            if s == UNKNOWN and root[u] == root[v] and not engine.make(lit, False):
                return False
    if not any(states):  # every edge FALSE
        return False
    disc, low, comp, tree, order, last = _dfs(g, states, range(n), g.open)
    req = g.required(engine.dom)
    chosen = [0] * n  # chosen edges, counted at their deeper end
    for u, v in ends:
        req[u] = req[v] = 1
        chosen[u if disc[u] > disc[v] else v] += 1
    pieces = set(compress(comp, req))
    if len(pieces) > 1:  # the loop cannot join them
        return False
    if pieces and comp.count(next(iter(pieces))) < n:  # (else every node is in that piece)
        (piece,) = pieces
        for e, s in enumerate(states):
            if s != FALSE and comp[edges[e][0]] != piece and not engine.make(edges[e][2], False):
                return False
    total, total_needed = len(chosen_edges), sum(req)
    chosen = _subtree_sums(tree, chosen)
    needed = _subtree_sums(tree, list(req))
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
            if not _cut_off(engine, g, states, order[lo: hi + 1]):
                return False
        elif inside:
            for e, (u, v, lit) in enumerate(edges):
                deeper = u if disc[u] > disc[v] else v
                if states[e] != FALSE and not lo <= disc[deeper] <= hi and not engine.make(lit, False):
                    return False
        else:
            inner, _ = _split(g, states, p, lo, hi, disc, g.open)
            if len(inner) == 1 and not engine.make(inner[0][0], False):
                return False
    return True


def paths(engine: Engine, g: Graph) -> bool:
    """Path and DisjointPaths: no cycle, no piece joining two pairs, each pair's blocks."""
    states = _edge_states(engine, g)
    edges, pairs, make = g.edges, g.pairs, engine.make
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
    for u, r in enumerate(g.required(engine.dom)):
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
            found = _blocks(engine, g, states, blocked, a, b)
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
            if inner and not (_exactly(engine, inner, 1) and _exactly(engine, outer, 0 if p == a else 1)):
                return False
    return True


def _blocks(engine: Engine, g: Graph, states: list[int], blocked: bytearray, a: int, b: int) -> tuple | None:
    """The nodes that lie on some simple a-b path, and the cut nodes every such path crosses.

    Works in the graph of edges not yet excluded, minus the ``blocked`` nodes. A cut node
    p comes with its live edges into the part holding b and its other live edges (both
    None when p has no undecided edge): the path uses exactly one of the first and one
    of the others (none when p is a itself). None when b cannot be reached.
    """
    if engine.deadline:  # one call per pair: many on big grids
        engine.deadline.check()
    disc, low, _, tree, order, last = _dfs(g, states, (a,), blocked)
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
                    inner, outer = _split(g, states, p, lo, hi, disc, blocked)
                    through.append((p, inner, outer))
                    break
            else:  # decided already: kept for the owners only
                through.append((p, None, None))
        else:  # a pocket: entering it through p would need p twice
            for d in range(lo, hi + 1):
                usable[order[d]] = 0
    return usable, through


def connected(engine: Engine, g: Graph) -> bool:
    """Required nodes reach each other; cut nodes and bridges between them are forced."""
    status = engine.status
    here = [status(x) for x in g.present]
    states = [
        FALSE if here[u] == FALSE or here[v] == FALSE else status(lit) for u, v, lit in g.edges
    ]
    required = [i for i, s in enumerate(here) if s == TRUE]
    if not required:
        return True
    disc, low, _, tree, _, _ = _dfs(g, states, required[:1], g.open)
    if any(disc[i] < 0 for i in required):
        return False
    for i, s in enumerate(here):
        if disc[i] < 0 and s == UNKNOWN and not engine.make(g.present[i], False):
            return False
    inside = _subtree_sums(tree, [1 if s == TRUE else 0 for s in here])
    total = len(required)
    top = required[0]
    for p, c, e in tree:
        if not 0 < inside[c] < total:
            continue
        if low[c] > disc[p] and not engine.make(g.edges[e][2], True):
            return False  # a bridge between required nodes
        if low[c] >= disc[p] and p != top and here[p] == UNKNOWN:
            if not engine.make(g.present[p], True):  # a cut node between required nodes
                return False
    return True


def _subtree_sums(tree: list[tuple[int, int, int]], weight: list[int]) -> list[int]:
    """Per node, the total of ``weight`` over its DFS subtree (``weight`` is reused)."""
    for p, c, _ in tree:
        weight[p] += weight[c]
    return weight


def _dfs(g: Graph, states: list[int], roots: Iterable[int], blocked: bytearray) -> tuple:
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
    # each node's adjacency as an iterator: a node returned to goes on where it left off
    nbrs: list[Any] = [None] * n
    order: list[int] = []
    tree: list[tuple[int, int, int]] = []
    adj = g.adj
    t = 0  # the next discovery time
    for r in roots:
        if disc[r] >= 0:
            continue
        disc[r] = low[r] = t
        t += 1
        comp[r] = r
        order.append(r)
        nbrs[r] = iter(adj[r])
        stack = [r]
        while stack:
            u = stack[-1]
            pe, lu = via[u], low[u]
            for w, e in nbrs[u]:
                if e == pe or not states[e] or blocked[w]:
                    continue
                dw = disc[w]
                if dw < 0:
                    low[u] = lu
                    disc[w] = low[w] = t
                    t += 1
                    comp[w] = r
                    via[w] = e
                    order.append(w)
                    nbrs[w] = iter(adj[w])
                    stack.append(w)
                    break
                if dw < lu:
                    lu = dw
            else:
                low[u] = lu
                last[u] = t - 1
                stack.pop()
                if stack:
                    p = stack[-1]
                    if lu < low[p]:
                        low[p] = lu
                    tree.append((p, u, pe))
    return disc, low, comp, tree, order, last
