"""The hand-written search backend against brute force, on small models of every IR kind."""

from __future__ import annotations

import inspect
import itertools
import random
from pathlib import Path

import bruteforce
import pytest
from hypothesis import given
from hypothesis import strategies as st
from models import edges_of

from puzzlekit import ir
from puzzlekit.backends import search
from puzzlekit.errors import UnknownName
from puzzlekit.ir import Edge, Lit, Model, ModelBuilder
from puzzlekit.propagation.compiled import Propagator, propagate

#: Seconds past a time limit a run may take to end: generous, so a busy machine does not
#: fail a test whose unlimited run takes minutes (tests/test_no_clock_bounds.py).
MARGIN = 5.0

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


# the reference: every assignment, checked by the IR's own meaning (tests/bruteforce.py) ---


def enumerate_all(model: Model, seed: int = 0, method: str = "dfs") -> set[frozenset]:
    """Every solution the search backend reports (checked to be distinct and complete)."""
    result = search.solve(model, limit=10**6, seed=seed, method=method)
    got = [frozenset(sol.items()) for sol in result.solutions]
    assert all(set(sol) == set(model.output_keys()) for sol in result.solutions)
    assert len(got) == len(set(got)), "an answer-key assignment was reported twice"
    assert result.complete
    assert result.status == ("solved" if got else "unsolvable")
    return set(got)


def agree(model: Model) -> set[frozenset]:
    """The search's answers, equal to brute force's under seeds 0 and 7 and the frontier method."""
    expected = bruteforce.solutions(model)
    assert enumerate_all(model) == expected
    assert enumerate_all(model, seed=7) == expected
    assert enumerate_all(model, method="frontier") == expected  # dfs where the sweep does not apply
    return expected



# counts, clauses and integers -----------------------------------------------------------


@pytest.mark.parametrize("op", ["==", "<=", ">="])
def test_counts_with_negative_coefficients(op: str) -> None:
    m = ModelBuilder("counts")
    a, b, c, d = (m.bool(k) for k in "abcd")
    x = m.int("x", 0, 3)
    m.count([(2, a), (-3, b), c, (-1, ~d), (2, m.eq(x, 2))], op, 1)
    m.count([(-2, a), (1, Lit(x.index, 1, False)), (3, d)], ">=", 0)
    m.output([a, b, c, d, x])
    solutions = agree(m.build())
    assert 0 < len(solutions) < 2**4 * 4


def test_clauses_and_integer_literals() -> None:
    m = ModelBuilder("clauses")
    a, b, c = (m.bool(k) for k in "abc")
    x = m.int("x", -1, 2)
    y = m.int("y", 1, 3)
    m.clause([a, ~b, m.eq(x, -1)])
    m.clause([Lit(x.index, 0, False), Lit(y.index, 2)])
    m.clause([~a, ~c])
    m.clause([Lit(y.index, 7)])  # out of range: never true ... but x helps nobody here
    m.clause([b, Lit(y.index, 9, False)])  # always true
    m.exactly(1, [m.eq(y, 1), m.eq(y, 3), c])
    m.output([a, b, c, x, y])
    assert agree(m.build()) == set()  # the out-of-range clause can never hold


def test_integers_and_clauses_with_solutions() -> None:
    m = ModelBuilder("ints")
    a, b = m.bool("a"), m.bool("b")
    x = m.int("x", -1, 2)
    y = m.int("y", 1, 3)
    m.clause([a, ~b, m.eq(x, -1)])
    m.clause([Lit(x.index, 0, False), m.eq(y, 2)])
    m.count([(1, m.eq(x, 2)), (1, m.eq(y, 3)), (-1, a)], "<=", 0)
    m.clause([b, Lit(y.index, 9, False)])
    m.output([a, b, x, y])
    assert len(agree(m.build())) > 3


def test_projection_ignores_auxiliaries() -> None:
    m = ModelBuilder("aux")
    a = m.bool("a")
    aux = [m.bool(("aux", i)) for i in range(3)]
    m.at_least(1, aux)
    m.implies(a, aux[0])
    m.output([a])
    assert agree(m.build()) == {frozenset({("a", 0)}), frozenset({("a", 1)})}


def test_auxiliaries_are_not_enumerated() -> None:
    m = ModelBuilder("free aux")
    a = m.bool("a")
    for i in range(10):
        m.bool(("aux", i))
    m.output([a])
    result = search.solve(m.build(), limit=10)
    assert len(result.solutions) == 2 and result.complete
    assert result.stats["nodes"] < 50  # one completion per answer, not 2**10 of them


def test_no_output_means_one_empty_solution() -> None:
    m = ModelBuilder("empty")
    m.at_least(1, [m.bool("a"), m.bool("b")])
    result = search.solve(m.build(), limit=5)
    assert result.status == "solved" and result.solutions == ({},) and result.complete


# graph constraints ----------------------------------------------------------------------


def test_loop_on_3x3_grid_finds_every_cycle() -> None:
    m = ModelBuilder("loop")
    edges = edges_of(m, 3, 3)
    m.loop(edges)
    m.output(e.lit for e in edges)
    solutions = agree(m.build())
    # every simple cycle of the grid graph: 4 squares, 4 dominoes, 4 L shapes, the rim
    assert len(solutions) == 13


def test_loop_with_required_cells() -> None:
    m = ModelBuilder("loop")
    edges = edges_of(m, 3, 3)
    m.loop(edges)
    at = {}
    for e in edges:
        at.setdefault(e.u, []).append(e.lit)
        at.setdefault(e.v, []).append(e.lit)
    m.exactly(2, at[(0, 0)])
    m.exactly(0, at[(1, 1)])
    m.output(e.lit for e in edges)
    solutions = agree(m.build())
    assert solutions


def test_path_between_corners() -> None:
    m = ModelBuilder("path")
    edges = edges_of(m, 3, 3)
    m.path(edges, (0, 0), (2, 2))
    m.output(e.lit for e in edges)
    assert len(agree(m.build())) == 12


def test_path_with_counts_and_auxiliary_visits() -> None:
    m = ModelBuilder("route")
    edges = edges_of(m, 2, 3)
    m.path(edges, (0, 0), (1, 0))
    visit = {}
    for r, c in itertools.product(range(2), range(3)):
        near = [e.lit for e in edges if (r, c) in (e.u, e.v)]
        visit[r, c] = m.bool(("v", r, c))
        if (r, c) in ((0, 0), (1, 0)):
            m.fix(visit[r, c])
        else:
            m.count([*near, (-2, visit[r, c])], "==", 0)
    m.exactly(1, [visit[0, c] for c in range(1, 3)])
    m.output(e.lit for e in edges)
    assert agree(m.build())


def test_disjoint_paths() -> None:
    m = ModelBuilder("pairs")
    edges = edges_of(m, 3, 3)
    m.disjoint_paths(edges, [((0, 0), (2, 0)), ((0, 2), (2, 2))])
    m.output(e.lit for e in edges)
    assert len(agree(m.build())) > 1


def test_disjoint_paths_covering_every_cell() -> None:
    m = ModelBuilder("cover")
    edges = edges_of(m, 3, 3)
    pairs = [((2, 2), (2, 1)), ((0, 0), (2, 0))]
    m.disjoint_paths(edges, pairs)
    ends = {t for pair in pairs for t in pair}
    for r, c in itertools.product(range(3), range(3)):
        near = [e.lit for e in edges if (r, c) in (e.u, e.v)]
        m.exactly(1 if (r, c) in ends else 2, near)
    m.output(e.lit for e in edges)
    assert len(agree(m.build())) == 2


@pytest.mark.parametrize("width", [3, 256])  # 256 pairs: more owners than a byte holds
def test_disjoint_paths_of_many_pairs(width: int) -> None:
    m = ModelBuilder("rungs")
    edges = edges_of(m, 2, width)
    m.disjoint_paths(edges, [((0, c), (1, c)) for c in range(width)])
    m.output(e.lit for e in edges)
    result = search.solve(m.build(), limit=2)
    assert result.status == "solved" and len(result.solutions) == 1
    chosen = {k for k, v in result.solutions[0].items() if v}
    assert chosen == {("e", e.u, e.v) for e in edges if e.u[1] == e.v[1]}


def test_disjoint_paths_crossing_pairs_is_unsolvable() -> None:
    m = ModelBuilder("pairs")
    edges = edges_of(m, 2, 3)
    m.disjoint_paths(edges, [((0, 0), (1, 2)), ((1, 0), (0, 2))])
    m.output(e.lit for e in edges)
    assert agree(m.build()) == set()


def test_connected_with_optional_nodes() -> None:
    m = ModelBuilder("islands")
    nodes = ["a", "b", "c", "d", "e"]
    present = {n: (None if n in "ae" else m.bool(("on", n))) for n in nodes}
    links = [("a", "b"), ("b", "c"), ("c", "e"), ("a", "d"), ("d", "e"), ("b", "d")]
    edges = [Edge(u, v, m.bool(("link", u, v))) for u, v in links]
    m.connected(list(present.items()), edges)
    m.at_most(3, [e.lit for e in edges])
    m.output([*(e.lit for e in edges), *(x for x in present.values() if x is not None)])
    assert agree(m.build())


def test_connected_with_bridge_counts() -> None:
    m = ModelBuilder("bridges")
    x = {p: m.int(("x", p), 0, 2) for p in ["ab", "bc", "ac", "cd"]}
    edges = [Edge(p[0], p[1], ~m.eq(v, 0)) for p, v in x.items()]
    m.connected([(n, None) for n in "abcd"], edges)
    ends_at_a = [(k, m.eq(x[pair], k)) for pair in ("ab", "ac") for k in (1, 2)]
    m.count(ends_at_a, "==", 2)  # island a has two bridge ends
    m.output(x.values())
    assert agree(m.build())


def test_runs_line_solver() -> None:
    m = ModelBuilder("runs")
    grid = [[m.bool((r, c)) for c in range(4)] for r in range(3)]
    m.runs(grid[0], [2, 1])
    m.runs(grid[1], [1])
    m.runs([~x for x in grid[2]], [1, 2])
    m.runs([grid[r][3] for r in range(3)], [1])
    m.runs([], [])
    m.output(x for row in grid for x in row)
    assert len(agree(m.build())) == 3  # row 1 may fill any cell but the last


def test_runs_impossible() -> None:
    m = ModelBuilder("runs")
    cells = [m.bool(i) for i in range(4)]
    m.runs(cells, [2, 2])
    m.output(cells)
    assert agree(m.build()) == set()


# random small models --------------------------------------------------------------------


@st.composite
def small_models(draw) -> Model:
    """Four booleans and an integer under random counts and clauses, plus one graph kind."""
    m = ModelBuilder("random")
    lits = [m.bool(i) for i in range(4)]
    x = m.int("x", 0, 2)
    pool = lits + [m.eq(x, v) for v in range(3)]
    literal = st.builds(lambda i, neg: ~pool[i] if neg else pool[i],
                        st.integers(0, len(pool) - 1), st.booleans())
    for _ in range(draw(st.integers(0, 3))):
        terms = draw(st.lists(st.tuples(st.integers(-3, 3), literal), min_size=1, max_size=4))
        m.count(terms, draw(st.sampled_from(["==", "<=", ">="])), draw(st.integers(-3, 4)))
    for _ in range(draw(st.integers(0, 3))):
        m.clause(draw(st.lists(literal, min_size=1, max_size=3)))
    kind = draw(st.sampled_from(["none", "loop", "path", "pairs", "connected"]))
    square = [Edge((0, 0), (0, 1), lits[0]), Edge((0, 1), (1, 1), lits[1]),
              Edge((1, 1), (1, 0), lits[2]), Edge((1, 0), (0, 0), lits[3])]
    if kind == "loop":
        m.loop(square)
    elif kind == "path":
        m.path(square, (0, 0), (1, 1))
    elif kind == "pairs":
        m.disjoint_paths(square, [((0, 0), (0, 1)), ((1, 0), (1, 1))])
    elif kind == "connected":
        m.connected([((0, 0), None), ((0, 1), m.eq(x, 1)), ((1, 1), None), ((1, 0), ~pool[4])], square)
    m.output(draw(st.sampled_from([lits, lits + [x], lits[:2]])))
    return m.build()


@given(small_models())
def test_random_models_match_brute_force(model: Model) -> None:
    assert enumerate_all(model) == bruteforce.solutions(model)


@pytest.mark.parametrize("seed", range(6))
def test_random_grid_graphs_match_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    m = ModelBuilder("grid")
    edges = edges_of(m, 3, 3)
    kind = ["loop", "path", "pairs", "connected"][seed % 4]
    if kind == "loop":
        m.loop(edges)
    elif kind == "path":
        m.path(edges, (0, 1), (2, 2))
    elif kind == "pairs":
        m.disjoint_paths(edges, [((0, 0), (2, 1)), ((1, 0), (0, 2))])
    else:
        nodes = [((r, c), m.bool(("on", r, c)) if (r, c) in ((0, 1), (1, 1), (2, 1)) else None)
                 for r in range(3) for c in range(3)]
        m.connected(nodes, edges)
    for _ in range(3):
        m.clause(rng.choice([e.lit, ~e.lit]) for e in rng.sample(edges, 2))
    m.output(e.lit for e in edges)
    agree(m.build())


# propagation on its own -----------------------------------------------------------------


def test_propagate_fixes_forced_values() -> None:
    m = ModelBuilder("forced")
    a, b, c = m.bool("a"), m.bool("b"), m.bool("c")
    x = m.int("x", 0, 3)
    m.exactly(1, [a, b, c])
    m.implies(a, m.eq(x, 3))
    m.count([(1, m.eq(x, 3)), (1, m.eq(x, 2))], "==", 0)
    model = m.build()
    doms = propagate(model)
    assert doms is not None
    assert doms[a.var] == {0} and doms[x.index] == {0, 1}
    assert doms[b.var] == doms[c.var] == {0, 1}
    narrowed = propagate(model, {b.var: [0]})
    assert narrowed is not None and narrowed[c.var] == {1}


def test_propagate_forces_a_bridge_on_a_path() -> None:
    m = ModelBuilder("bridge")
    e = [Edge("s", "m", m.bool(0)), Edge("m", "x", m.bool(1)), Edge("x", "t", m.bool(2)),
         Edge("m", "t", m.bool(3)), Edge("s", "y", m.bool(4))]
    m.path(e, "s", "t")
    doms = propagate(m.build())
    assert doms is not None
    assert doms[0] == {1} and doms[4] == {0}  # s-m separates s from t; s-y leads nowhere
    assert doms[1] == doms[3] == {0, 1}


def test_propagate_runs_and_connected() -> None:
    m = ModelBuilder("line")
    cells = [m.bool(i) for i in range(5)]
    m.runs(cells, [3])
    doms = propagate(m.build())
    assert doms is not None and doms[2] == {1} and doms[0] == doms[4] == {0, 1}
    narrowed = propagate(m.build(), {0: [1]})
    assert narrowed == tuple(frozenset({v}) for v in (1, 1, 1, 0, 0))

    g = ModelBuilder("islands")
    b = g.bool("b on")
    edges = [Edge("a", "b", g.bool("ab")), Edge("b", "c", g.bool("bc")), Edge("c", "d", g.bool("cd"))]
    g.connected([("a", None), ("b", b), ("c", None), ("d", g.bool("d on"))], edges)
    doms = propagate(g.build())
    assert doms is not None
    assert doms[b.var] == doms[edges[0].lit.var] == doms[edges[1].lit.var] == {1}
    assert doms[edges[2].lit.var] == {0, 1}


def test_propagate_line_needs_both_directions() -> None:
    m = ModelBuilder("line")
    cells = [m.bool(i) for i in range(3)]
    m.runs(cells, [1, 1])
    assert propagate(m.build()) == tuple(frozenset({v}) for v in (1, 0, 1))


def test_propagate_cuts_off_pockets() -> None:
    # a 3x3 grid and a square sharing its corner c: a chosen edge in the grid keeps the loop
    # out of the square (the loop could only visit it through c twice)
    m = ModelBuilder("kite")
    left = edges_of(m, 3, 3)
    c = (2, 2)
    right = [Edge(a, b, m.bool((a, b))) for a, b in ((c, "x"), ("x", "y"), ("y", "z"), ("z", c))]
    m.loop(left + right)
    doms = propagate(m.build(), {left[0].lit.var: [1]})
    assert doms is not None
    assert all(doms[e.lit.var] == {0} for e in right)
    assert sum(doms[e.lit.var] == {0, 1} for e in left) > 6
    # a path never enters a triangle that hangs off one node (a detour would need it twice)
    p = ModelBuilder("pocket")
    square = [Edge(a, b, p.bool(a + b)) for a, b in ("sa", "at", "sb", "bt")]
    pocket = [Edge(a, b, p.bool(a + b)) for a, b in ("ax", "xy", "ya")]
    p.path(square + pocket, "s", "t")
    doms = propagate(p.build())
    assert doms == (frozenset({0, 1}),) * 4 + (frozenset({0}),) * 3


def test_propagate_forces_a_cut_node_of_connected() -> None:
    m = ModelBuilder("cut node")
    b = m.bool("b on")
    edges = [Edge(u, v, m.bool((u, v, i))) for u, v in ("ab", "bc") for i in range(2)]
    m.connected([("a", None), ("b", b), ("c", None)], edges)
    doms = propagate(m.build())
    assert doms is not None and doms[b.var] == {1}  # no bridge, but b joins a to c
    assert all(doms[e.lit.var] == {0, 1} for e in edges)


def test_propagate_detects_contradictions() -> None:
    m = ModelBuilder("clash")
    a, b = m.bool("a"), m.bool("b")
    m.count([(2, a), (-1, b)], ">=", 2)
    m.fix(~a)
    assert propagate(m.build()) is None
    tree = ModelBuilder("tree")
    edges = [Edge(0, 1, tree.bool(0)), Edge(1, 2, tree.bool(1)), Edge(1, 3, tree.bool(2))]
    tree.loop(edges)  # a tree has no cycle
    assert propagate(tree.build()) is None
    assert search.solve(tree.build()).status == "unsolvable"


def test_propagate_rejects_a_closed_loop_with_extra_edges() -> None:
    m = ModelBuilder("loops")
    edges = edges_of(m, 3, 3)
    m.loop(edges)
    model = m.build()
    index = {(e.u, e.v): e.lit.var for e in edges}
    square = [((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0))]
    closed = propagate(model, {index[e]: [1] for e in square})
    assert closed is not None
    assert all(closed[v] == {0} for e, v in index.items() if e not in square)
    assert propagate(model, {index[e]: [1] for e in square + [((2, 1), (2, 2))]}) is None
    # (0, 0) can only close the square, which would leave the other chosen edge outside
    assert propagate(model, {index[e]: [1] for e in square[:3] + [((2, 1), (2, 2))]}) is None
    three = [((0, 1), (0, 2)), ((0, 2), (1, 2)), ((1, 1), (1, 2))]
    started = propagate(model, {index[e]: [1] for e in three + [((1, 0), (2, 0))]})
    assert started is not None
    assert started[index[(0, 1), (1, 1)]] == {0}  # closing the square now is premature
    assert started[index[(0, 0), (0, 1)]] == {1}


def test_propagator_is_reusable() -> None:
    m = ModelBuilder("reuse")
    lits = [m.bool(i) for i in range(3)]
    m.exactly(1, lits)
    prop = Propagator(m.build())
    assert prop.propagate({0: [1]}) == (frozenset({1}), frozenset({0}), frozenset({0}))
    assert prop.propagate({0: [1], 1: [1]}) is None
    assert prop.propagate() == (frozenset({0, 1}),) * 3
    assert prop.propagations > 0


# limits, time and the seed instance -------------------------------------------------------


def pigeonhole(holes: int) -> Model:
    m = ModelBuilder("pigeons")
    x = [[m.bool((p, h)) for h in range(holes)] for p in range(holes + 1)]
    for row in x:
        m.exactly(1, row)
    for h in range(holes):
        m.at_most(1, [row[h] for row in x])
    m.output(v for row in x for v in row)
    return m.build()


def test_pigeonhole_small_is_unsolvable() -> None:
    result = search.solve(pigeonhole(4))
    assert result.status == "unsolvable" and result.complete
    assert result.stats["nodes"] > 0 and result.stats["failures"] > 0


def test_time_limit_is_honoured() -> None:
    limit = 0.3
    result = search.solve(pigeonhole(11), time_limit=limit)
    assert result.status == "timeout" and not result.complete and not result.solutions
    assert result.stats["seconds"] < limit + MARGIN


def test_limit_stops_early_and_marks_incomplete() -> None:
    m = ModelBuilder("free")
    lits = [m.bool(i) for i in range(4)]
    m.output(lits)
    result = search.solve(m.build(), limit=3)
    assert result.status == "solved" and len(result.solutions) == 3 and not result.complete
    assert not search.solve(m.build(), limit=16).complete  # not proven: it stopped at 16
    assert search.solve(m.build(), limit=17).complete


def test_masyu01_matches_cpsat() -> None:
    masyu = pytest.importorskip("puzzlekit.genres.masyu")
    cpsat = pytest.importorskip("puzzlekit.backends.cpsat")
    pytest.importorskip("ortools")
    puzzle = masyu.parse((EXAMPLES / "masyu01.txt").read_text())
    model = masyu.model(puzzle)
    mine = search.solve(model, limit=2)
    theirs = cpsat.solve(model, limit=2)
    assert mine.status == "solved" and mine.complete and len(mine.solutions) == 1
    assert mine.solutions == theirs.solutions
    assert masyu.verify(puzzle, masyu.decode(puzzle, mine.solutions[0])) == []


def test_tracks01_is_unique() -> None:
    tracks = pytest.importorskip("puzzlekit.genres.tracks")
    puzzle = tracks.parse((EXAMPLES / "tracks01.txt").read_text())
    result = search.solve(tracks.model(puzzle), limit=2)
    assert result.status == "solved" and result.complete and len(result.solutions) == 1
    assert tracks.verify(puzzle, tracks.decode(puzzle, result.solutions[0])) == []


def test_version_and_shape() -> None:
    assert search.version().startswith("puzzlekit ")
    assert search.NAME == "search" and search.PACKAGE is None and search.EXTRA is None
    own = {
        name for name, value in vars(search).items()
        if not name.startswith("_") and not inspect.ismodule(value)
        and getattr(value, "__module__", search.__name__) == search.__name__
    }
    template = {"NAME", "PACKAGE", "EXTRA", "IMPORT", "OPTIONS", "SUPPORTS", "version", "solve"}
    assert own == set(search.__all__) == template
    assert search.SUPPORTS == {"Count", "Clause", "Loop", "Path", "DisjointPaths", "Connected", "Runs"}
    assert all(isinstance(getattr(ir, kind), type) for kind in search.SUPPORTS)
    assert set(search.OPTIONS) == {"method", "nodes", "propagations"}
    assert search.OPTIONS["method"].default == "auto"
    assert search.OPTIONS["nodes"].default == search.OPTIONS["propagations"].default == 0  # no limit


def test_unknown_options_and_methods_are_refused() -> None:
    model = pigeonhole(2)
    with pytest.raises(UnknownName, match="no option 'foo'"):
        search.solve(model, foo=1)
    with pytest.raises(UnknownName, match="bad value 'bogus' for option 'method'"):
        search.solve(model, method="bogus")
    assert search.solve(model, method="DFS").stats["method"] == "dfs"  # a choice in any case


def test_time_limit_is_honoured_when_one_node_is_slow() -> None:
    # a 40x40 line puzzle: each node runs graph propagators over 3,000 edges, so a clock read
    # only every few dozen nodes would overshoot by seconds
    from puzzlekit import genres

    numberlink = genres.get("numberlink")
    puzzle = numberlink.random_puzzle(random.Random(7), 40, 40, cover="any")
    limit = 0.5
    result = search.solve(numberlink.model(puzzle), limit=2, time_limit=limit)
    assert not result.complete
    assert result.stats["seconds"] < limit + MARGIN


def test_a_node_limit_leaves_the_search_unfinished() -> None:
    """Four free booleans, every assignment a solution: one node finds one and stops there."""
    m = ModelBuilder("free")
    m.output([m.bool(i) for i in range(4)])
    model = m.build()
    stopped = search.solve(model, limit=17, nodes=1)
    assert not stopped.complete and len(stopped.solutions) < 16 and stopped.stats["nodes"] <= 1
    whole = search.solve(model, limit=17, nodes=0)
    assert whole.complete and len(whole.solutions) == 16
    with pytest.raises(UnknownName):
        search.solve(model, nodes=-1)


def test_a_propagation_limit_stops_inside_a_node() -> None:
    """The pigeonhole proof takes thousands of propagator runs; a budget of 100 stops it within
    a few runs of the budget, even mid-node, and the engine keeps no budget for the next run."""
    model = pigeonhole(6)
    whole = search.solve(model)
    assert whole.status == "unsolvable" and whole.stats["propagations"] > 1000
    stopped = search.solve(model, propagations=100)
    assert stopped.status == "timeout" and not stopped.complete
    assert 100 <= stopped.stats["propagations"] < 100 + 16
    again = search.solve(model, propagations=10**6)
    assert again.status == "unsolvable" and again.stats["propagations"] == whole.stats["propagations"]
    with pytest.raises(UnknownName):
        search.solve(model, propagations=-1)
