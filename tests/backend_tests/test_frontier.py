"""The frontier sweep of the search backend against brute force, and its fallbacks."""

from __future__ import annotations

import random

import bruteforce
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from models import edges_of

from puzzlekit.backends import search
from puzzlekit.clock import Deadline
from puzzlekit.ir import Edge, Lit, Model, ModelBuilder
from puzzlekit.propagation import frontier

#: Seconds past a time limit a run may take to end: generous, so a busy machine does not
#: fail a test whose unlimited run takes minutes (tests/test_no_clock_bounds.py).
MARGIN = 5.0

SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)]


@st.composite
def grid_models(draw) -> Model:
    """One loop, path or set of disjoint paths on a small grid, plus random counts and clauses
    over its edges (some edges chosen when their variable is 0, some literals constant)."""
    h, w = draw(st.sampled_from(SHAPES))
    m = ModelBuilder("grid")
    cells = [(r, c) for r in range(h) for c in range(w)]
    edges, xs = [], []
    for r, c in cells:
        for b in ((r, c + 1), (r + 1, c)):
            if b[0] < h and b[1] < w:
                x = m.bool(("e", (r, c), b))
                xs.append(x)
                edges.append(Edge((r, c), b, ~x if draw(st.booleans()) else x))
    lits = [e.lit for e in edges]
    index = st.integers(0, len(lits) - 1)
    literal = st.builds(lambda i, neg: ~lits[i] if neg else lits[i], index, st.booleans())
    constant = st.builds(lambda i, positive: Lit(lits[i].var, 2, positive), index, st.booleans())
    term = st.one_of(literal, literal, literal, constant)
    for _ in range(draw(st.integers(0, 3))):
        terms = draw(st.lists(st.tuples(st.integers(-2, 3), term), min_size=1, max_size=5))
        m.count(terms, draw(st.sampled_from(["==", "<=", ">="])), draw(st.integers(-1, 4)))
    for _ in range(draw(st.integers(0, 2))):
        m.clause(draw(st.lists(term, min_size=1, max_size=3)))
    kind = draw(st.sampled_from(["loop", "path", "pairs"]))
    ends = draw(st.permutations(cells))
    if kind == "loop":
        m.loop(edges)
    elif kind == "path":
        m.path(edges, ends[0], ends[1])
    else:
        m.disjoint_paths(edges, [(ends[0], ends[1]), (ends[2], ends[3])])
    m.output(xs)
    return m.build()


def sweep_answers(model: Model) -> set[frozenset]:
    plan = frontier.plan(model)
    assert plan is not None, "the sweep should apply to this model"
    values, complete, _ = frontier.solve(plan, 10**6, Deadline(None))
    assert complete
    answers = [frozenset((model.vars[i].key, v[i]) for i in model.output) for v in values]
    assert len(answers) == len(set(answers)), "an answer was read back twice"
    return set(answers)


@settings(max_examples=150, deadline=None)
@given(grid_models())
def test_sweep_matches_brute_force(model: Model) -> None:
    assert sweep_answers(model) == bruteforce.solutions(model)


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_limit_stops_the_read_back_and_says_whether_there_are_more(limit: int) -> None:
    m = ModelBuilder("loop")
    edges = [Edge(a, b, m.bool((a, b))) for a, b in [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((1, 0), (1, 1)),
                                                     ((1, 1), (1, 2)), ((0, 0), (1, 0)), ((0, 1), (1, 1)),
                                                     ((0, 2), (1, 2))]]
    m.loop(edges)  # a 2x3 grid holds three cycles
    m.output(e.lit for e in edges)
    result = search.solve(m.build(), limit=limit, method="frontier")
    assert result.stats["method"] == "frontier"
    assert len(result.solutions) == limit and result.complete == (limit == 3)
    assert bruteforce.as_set(result.solutions) <= bruteforce.solutions(m.build())


def test_models_outside_the_sweep_get_no_plan() -> None:
    m = ModelBuilder("mixed")
    x = m.bool("x")
    n = m.int("n", 0, 2)
    m.loop([Edge(0, 1, x), Edge(1, 2, m.bool("y")), Edge(2, 0, m.bool("z"))])
    m.output([x])
    assert frontier.plan(m.build()) is None  # an integer, and not everything in the answer key
    assert search.solve(m.build(), method="frontier").stats["method"] == "dfs"
    assert n.index == 1


def numberlink_seed_like(seed: int, size: int = 7):
    from puzzlekit import genres

    numberlink = genres.get("numberlink")
    puzzle = numberlink.random_puzzle(random.Random(seed), size, size, cover="all")
    return numberlink.model(puzzle)


def test_a_sweep_that_outgrows_its_budget_falls_back_to_depth_first(monkeypatch) -> None:
    model = numberlink_seed_like(3)
    expected = search.solve(model, limit=2, method="dfs")
    monkeypatch.setattr(frontier, "MAX_STATES", 5)
    result = search.solve(model, limit=2, method="frontier")
    assert result.stats["method"] == "dfs" and "frontier_gave_up" in result.stats
    assert (result.status, result.complete) == (expected.status, expected.complete)
    assert bruteforce.as_set(result.solutions) == bruteforce.as_set(expected.solutions)


def test_auto_sweeps_numberlink_only_when_depth_first_is_not_done_quickly(monkeypatch) -> None:
    model = numberlink_seed_like(5)
    searched = search.solve(model, limit=50, method="dfs")
    assert searched.complete and search.solve(model, limit=50).stats["method"] == "dfs"  # done in time
    monkeypatch.setattr(search, "_AUTO_FIRST_NODES", 1)
    swept = search.solve(model, limit=50)
    assert swept.stats["method"] == "frontier" and swept.stats["first_nodes"] == 1
    assert swept.complete
    assert bruteforce.as_set(swept.solutions) == bruteforce.as_set(searched.solutions)


@pytest.mark.parametrize("size", [14, 60])  # 60: the limit ends while the steps are built
def test_sweep_honours_the_time_limit(size: int) -> None:
    model = numberlink_seed_like(11, size=size)
    limit = 0.3
    result = search.solve(model, limit=2, time_limit=limit, method="frontier")
    assert result.stats["seconds"] < limit + MARGIN
    assert result.status in ("timeout", "solved") and (result.status == "solved" or not result.complete)


def test_unknown_method_is_refused() -> None:
    from puzzlekit.errors import UnknownName

    with pytest.raises(UnknownName):
        search.solve(ModelBuilder("empty").build(), method="magic")



@pytest.mark.parametrize("kind", ["loop", "path", "pairs"])
def test_sweep_agrees_with_depth_first_on_4x4(kind: str) -> None:
    # big enough for line pieces that start apart and merge later (two open pieces joined
    # by one edge), which 3x3 grids rarely show; depth-first search is checked against
    # brute force in test_search.py
    m = ModelBuilder(kind)
    edges = edges_of(m, 4, 4)
    if kind == "loop":
        m.loop(edges)
    elif kind == "path":
        m.path(edges, (0, 0), (3, 3))
    else:
        m.disjoint_paths(edges, [((0, 0), (3, 3)), ((0, 3), (2, 1))])
    m.output(e.lit for e in edges)
    model = m.build()
    swept = search.solve(model, limit=10**5, method="frontier")
    searched = search.solve(model, limit=10**5, method="dfs")
    assert swept.stats["method"] == "frontier" and swept.complete and searched.complete
    assert len(swept.solutions) == len(searched.solutions) > 1
    assert bruteforce.as_set(swept.solutions) == bruteforce.as_set(searched.solutions)


@pytest.mark.parametrize("method", ["frontier", "auto"])
@pytest.mark.parametrize("kind", ["loop", "path", "pairs", "no pairs"])
@pytest.mark.parametrize("length", [0, 1, 2, 3])
def test_tiny_and_empty_graphs(kind: str, length: int, method: str) -> None:
    # a chain of ``length`` edges: no edge at all, a single edge, a path that cannot close
    if kind in ("path", "pairs") and length == 0:
        pytest.skip("terminals need an edge")
    m = ModelBuilder(kind)
    xs = [m.bool(i) for i in range(length)]
    edges = [Edge(i, i + 1, x) for i, x in enumerate(xs)]
    if kind == "loop":
        m.loop(edges)
    elif kind == "path":
        m.path(edges, 0, length)
    elif kind == "pairs":
        m.disjoint_paths(edges, [(0, 1)] + ([(2, length)] if length >= 3 else []))
    else:
        m.disjoint_paths(edges, [])
    m.output(xs)
    model = m.build()
    result = search.solve(model, limit=10, method=method)
    assert result.complete
    assert bruteforce.as_set(result.solutions) == bruteforce.solutions(model)


@st.composite
def graph_models(draw) -> Model:
    """Any small graph, not only grids: parallel edges, isolated nodes, odd node names."""
    n = draw(st.integers(2, 5))
    names = draw(st.permutations(["a", "b", 7, (1, 2), "z"]))[:n]
    ends = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
                         .filter(lambda e: e[0] != e[1]), min_size=1, max_size=9))
    m = ModelBuilder("graph")
    xs = [m.bool(i) for i in range(len(ends))]
    edges = [Edge(names[u], names[v], x) for (u, v), x in zip(ends, xs)]
    for _ in range(draw(st.integers(0, 2))):
        m.count([(draw(st.integers(-1, 2)), x) for x in draw(st.lists(st.sampled_from(xs), min_size=1))],
                 draw(st.sampled_from(["==", "<=", ">="])), draw(st.integers(0, 3)))
    kind = draw(st.sampled_from(["loop", "path", "pairs"]))
    used = sorted({u for e in ends for u in e})
    if kind == "loop" or len(used) < 2:
        m.loop(edges)
    elif kind == "path" or len(used) < 4:
        m.path(edges, names[used[0]], names[used[-1]])
    else:
        m.disjoint_paths(edges, [(names[used[0]], names[used[1]]), (names[used[2]], names[used[3]])])
    m.output(xs)
    return m.build()


@settings(max_examples=200, deadline=None)
@given(graph_models())
def test_sweep_on_any_graph_matches_brute_force(model: Model) -> None:
    assert sweep_answers(model) == bruteforce.solutions(model)
