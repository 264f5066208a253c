"""The loop generators' fast paths against the slow ones they replace (same answers)."""

from __future__ import annotations

import random

import pytest

from puzzlekit import ladder
from puzzlekit.clock import Deadline
from puzzlekit.generate import phases
from puzzlekit.genres import slitherlink
from puzzlekit.genres.slitherlink import recipe as rec


@pytest.mark.parametrize("seed,n", [(1, 6), (2, 7), (3, 8), (4, 10)])
def test_masyu_counterexamples_on_the_guarded_model_answer_as_the_puzzle_does(seed, n):
    """Masyu's counterexamples come from one incremental solver on the guarded model of
    every pearl (`masyu.GUARD_FINDER`): for random pearl sets, the verdict must be that of a
    fresh solver on the puzzle's own model, and a counterexample a real other loop."""
    from puzzlekit import backends
    from puzzlekit.genres import masyu
    from puzzlekit.genres.masyu import recipe as mrec
    from puzzlekit.ir import Clause, Lit

    rng = random.Random(seed)
    plant = mrec.sample_solution(rng, n, n)
    stats = {"solver_calls": 0, "ladder_calls": 0, "repairs": 0}
    run = phases.Run(mrec, masyu, n, n, plant, None, "none", rng, Deadline(None), stats)
    assert run._guarded() is not None and run._switched() is None  # the finder's, not the ladder's
    pearls = [it for orbit in run.orbits for it in orbit]
    verdicts = []
    try:
        for share in (0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 0.5, 0.3, 0.9, 0.7) * 2:
            items = sorted(rng.sample(pearls, int(share * len(pearls))))
            got = run.another(items)
            model = masyu.model(mrec.puzzle_from(n, n, items))
            blocking = Clause(tuple(Lit(i, run.answer[model.vars[i].key], False) for i in model.output))
            fresh = backends.get("sat").solve(model.with_constraints(clauses=[blocking]), limit=1)
            assert (got is None) == (fresh.status == "unsolvable"), (share, items)
            if got is not None:
                loop = masyu.decode(mrec.puzzle_from(n, n, items), got)
                assert loop != mrec.solution(plant)
                assert masyu.verify(mrec.puzzle_from(n, n, items), loop) == []
            verdicts.append(got is None)
    finally:
        run.close()
    assert False in verdicts


def _dfs_reference(g, states, roots, blocked) -> tuple:
    """`graphs._dfs` as it was before it walked adjacency by iterators: iterative Tarjan over
    the edges not yet excluded, avoiding ``blocked`` nodes.

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


def _loop_reference(engine, g) -> bool:
    """The loop propagator as it was before its fast edge reading (`graphs.loop`)."""
    from puzzlekit.propagation.engine import FALSE, TRUE, UNKNOWN
    from puzzlekit.propagation.graphs import _cut_off, _edge_states, _split, _subtree_sums
    from puzzlekit.unionfind import int_roots

    states = _edge_states(engine, g)
    edges = g.edges
    n = len(g.nodes)
    root, closing = int_roots(n, ((u, v) for (u, v, _), s in zip(edges, states) if s == TRUE))
    chosen_roots = {root[u] for (u, _, _), s in zip(edges, states) if s == TRUE}
    if closing:
        if closing > 1 or len(chosen_roots) > 1:
            return False
        return all(engine.make(lit, False) for (_, _, lit), s in zip(edges, states) if s == UNKNOWN)
    if len(chosen_roots) > 1:
        for (u, v, lit), s in zip(edges, states):
            if s == UNKNOWN and root[u] == root[v] and not engine.make(lit, False):
                return False
    if all(s == FALSE for s in states):
        return False
    disc, low, comp, tree, order, last = _dfs_reference(g, states, range(n), g.open)
    req = g.required(engine.dom)
    chosen = [0] * n
    for (u, v, _), s in zip(edges, states):
        if s == TRUE:
            req[u] = req[v] = 1
            chosen[u if disc[u] > disc[v] else v] += 1
    pieces = {comp[u] for u in range(n) if req[u]}
    if len(pieces) > 1:
        return False
    if pieces:
        (piece,) = pieces
        for e, s in enumerate(states):
            if s != FALSE and comp[edges[e][0]] != piece and not engine.make(edges[e][2], False):
                return False
    total, total_needed = sum(chosen), sum(req)
    chosen = _subtree_sums(tree, chosen)
    needed = _subtree_sums(tree, list(req))
    dead = bytearray(n)
    for p, c, _ in reversed(tree):
        if dead[c] or low[c] < disc[p]:
            continue
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


@pytest.mark.parametrize("genre,seed,n", [("masyu", 1, 6), ("masyu", 2, 10), ("masyu", 3, 14),
                                          ("slitherlink", 4, 5), ("slitherlink", 5, 9)])
def test_the_loop_propagator_deduces_what_it_did(genre, seed, n):
    """`graphs.loop` reads its edges through a lookup table: on random partial loops (the
    planted loop's edges, random ones, contradictions) it must return and narrow exactly as
    the reference does, in the same order."""
    from puzzlekit import genres
    from puzzlekit.genres.masyu import recipe as mrec
    from puzzlekit.propagation import graphs
    from puzzlekit.propagation.engine import LOOP

    recipe = mrec if genre == "masyu" else rec
    rng = random.Random(seed)
    plant = recipe.sample_solution(rng, n, n)
    module = genres.get(genre)
    items = sorted(rng.sample(recipe.clues(plant), len(recipe.clues(plant)) // 3))
    engine = ladder.Reasoner(module.model(recipe.puzzle_from(n, n, items))).full
    (cid,) = [c for c, k in enumerate(engine.kinds) if k == LOOP]
    g = engine.data[cid]
    assert graphs._reader(engine, g) is not None  # the fast reading is the one tested
    answer = recipe.answer(plant)
    lits = [lit for _, _, lit in g.edges]
    outcomes = set()
    for trial in range(300):
        engine.reset()
        for v, _, _ in rng.sample(lits, rng.randrange(len(lits))):
            key = engine.model.vars[v].key
            value = answer[key] if rng.random() < 0.8 or trial % 3 == 0 else rng.randrange(2)
            engine.narrow(v, 1 << value)
        start = list(engine.dom)
        results = []
        for propagate in (graphs.loop, _loop_reference):
            engine.dom, engine.trail = list(start), []
            ok = propagate(engine, g)
            results.append((ok, list(engine.dom), list(engine.trail)))
        assert results[0] == results[1], trial
        outcomes.add((results[0][0], results[0][1] == start))
    assert (True, False) in outcomes and any(not ok for ok, _ in outcomes)  # narrowed, and failed


@pytest.mark.parametrize("genre,seed,n", [("masyu", 6, 7), ("masyu", 7, 12), ("slitherlink", 8, 8)])
def test_the_graph_search_walks_as_it_did(genre, seed, n):
    """`graphs._dfs` (under the loop, path and connectivity propagators) against the
    reference walk: the same discovery times, low links, trees and order, for random edge
    states, blocked nodes and roots."""
    from puzzlekit import genres
    from puzzlekit.genres.masyu import recipe as mrec
    from puzzlekit.propagation import graphs
    from puzzlekit.propagation.engine import LOOP

    recipe = mrec if genre == "masyu" else rec
    rng = random.Random(seed)
    plant = recipe.sample_solution(rng, n, n)
    engine = ladder.Reasoner(genres.get(genre).model(recipe.puzzle_from(n, n, []))).full
    (cid,) = [c for c, k in enumerate(engine.kinds) if k == LOOP]
    g = engine.data[cid]
    nodes = len(g.nodes)
    for trial in range(200):
        states = [rng.choice((0, 1, 2, 2)) for _ in g.edges]
        blocked = bytearray(rng.random() < 0.1 * (trial % 3) for _ in range(nodes))
        roots = range(nodes) if trial % 2 else rng.sample(range(nodes), 3)
        assert graphs._dfs(g, states, roots, blocked) == _dfs_reference(g, states, roots, blocked), trial
    assert plant


def _slither_run(seed: int, n: int) -> phases.Run:
    rng = random.Random(seed)
    plant = rec.sample_solution(rng, n, n)
    stats = {"solver_calls": 0, "ladder_calls": 0, "repairs": 0}
    return phases.Run(rec, slitherlink, n, n, plant, ladder.RULES, "none", rng, Deadline(None), stats)


@pytest.mark.parametrize("seed,n", [(1, 6), (2, 8), (3, 10), (4, 12), (5, 15)])
def test_clues_idle_in_a_solving_propagation_can_all_go(seed, n):
    """Removal drops, without asking, the clues whose constraints narrowed nothing while
    ``rules`` solved the puzzle (`Run._idle`): the puzzle without all of them must still be
    solved at ``rules`` by a fresh ladder on its own model (not the guarded one)."""
    run = _slither_run(seed, n)
    rng = random.Random(seed)
    clues = [it for orbit in run.orbits for it in orbit]
    checked = dropped = 0
    for share in (1.0, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7) * 3:
        items = sorted(rng.sample(clues, int(share * len(clues))))
        run.idle = None
        if run.solvable(items, ladder.RULES):
            assert run.idle is None  # only a solved puzzle's propagation is kept
            continue
        assert run.idle is not None and run.idle[0] == tuple(items)
        idle = run.idle[1]
        assert idle <= set(items)
        rest = [it for it in items if it not in idle]
        reasoner = ladder.Reasoner(run._build(rest), Deadline(None))
        assert reasoner.solved(reasoner.close(ladder.RULES, reasoner.masks())), (share, len(idle))
        if idle:  # and the idle ones are not merely those that can go one at a time
            assert not run.solvable(rest, ladder.RULES)
        checked += 1
        dropped += len(idle)
    assert checked >= 3 and dropped > 0


@pytest.mark.parametrize("seed,n", [(6, 8), (7, 12)])
def test_removal_with_idle_drops_ends_minimal_and_solved(seed, n):
    run = _slither_run(seed, n)
    shown = sorted(it for orbit in run.orbits for it in orbit)
    assert not run.solvable(shown, ladder.RULES)
    kept = run.remove(shown, lambda items: not run.solvable(items, ladder.RULES))
    assert run.stats.get("idle_drops", 0) > 0
    fresh = ladder.Reasoner(run._build(kept), Deadline(None))
    assert fresh.solved(fresh.close(ladder.RULES, fresh.masks()))
    for item in kept:  # no single clue can go
        assert run.solvable([it for it in kept if it != item], ladder.RULES)


@pytest.mark.parametrize("seed,n", [(8, 7), (9, 11)])
def test_rules_with_hidden_clues_switched_off_is_the_rules_closure(seed, n):
    """The traced ``rules`` question switches the propagators of hidden clues off: the
    domains must be those `ladder.Reasoner.close` reaches on the guarded model."""
    run = _slither_run(seed, n)
    rng = random.Random(seed)
    reasoner, _ = run._switched()
    clues = [it for orbit in run.orbits for it in orbit]
    for share in (0.0, 0.2, 0.4, 0.6, 0.8, 0.9, 1.0) * 2:
        items = sorted(rng.sample(clues, int(share * len(clues))))
        left = run.solvable(items, ladder.RULES)
        fast = list(reasoner.local.dom)
        _, masks = run._reasoner(items, ladder.RULES)
        reasoner._cache = None
        slow = reasoner.close(ladder.RULES, masks)
        assert fast == slow.dom, share
        assert left == [reasoner.model.vars[v].key for v in reasoner.out if slow.dom[v] & (slow.dom[v] - 1)]


@pytest.mark.parametrize("genre,n,level", [("slitherlink", 10, "rules"), ("masyu", 8, "lines")])
def test_a_time_limit_does_not_change_the_puzzle(genre, n, level, monkeypatch):
    """The incremental finder reads the clock between slices of a fixed number of conflicts,
    so a time limit (and the machine's speed) cannot change the counterexamples found; with
    slices small enough to end many times per question, the puzzles must still agree."""
    from puzzlekit.backends import sat_finder
    from puzzlekit.generate import generate

    monkeypatch.setattr(sat_finder, "SLICE", 3)
    free = next(generate(genre, n, n, level, seed=2))
    timed = next(generate(genre, n, n, level, seed=2, time_limit=600))
    assert free.text() == timed.text()
