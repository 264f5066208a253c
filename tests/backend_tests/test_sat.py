"""The python-sat backend: every IR kind against CP-SAT and brute force, encodings, limits."""

from __future__ import annotations

import importlib.util
import random
import sys
import threading
from pathlib import Path

import pytest
from bruteforce import as_set, solutions
from hypothesis import given
from hypothesis import strategies as st
from models import grid_model

from puzzlekit import grid
from puzzlekit.backends import sat, sat_cnf, sat_session
from puzzlekit.errors import BackendUnavailable
from puzzlekit.ir import OPS, Count, Edge, Lit, ModelBuilder

#: Seconds past a time limit a run may take to end: generous, so a busy machine does not
#: fail a test whose unlimited run takes minutes (tests/test_no_clock_bounds.py).
MARGIN = 5.0

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
needs_pysat = pytest.mark.skipif(importlib.util.find_spec("pysat") is None, reason="python-sat missing")
needs_both = pytest.mark.skipif(
    importlib.util.find_spec("pysat") is None or importlib.util.find_spec("ortools") is None,
    reason="python-sat or ortools missing",
)


def enumerate_all(backend, model, **options) -> set[frozenset]:
    """Every solution of the model by one backend (asserting the enumeration finished)."""
    result = backend.solve(model, limit=100_000, **options)
    assert result.complete
    assert result.status == ("solved" if result.solutions else "unsolvable")
    found = as_set(result.solutions)
    assert len(found) == len(result.solutions), "the same answer came back twice"
    return found


# models ----------------------------------------------------------------------------------
def counts_model(op: str, rhs: int):
    """Negative coefficients, negated literals, a repeated variable and integer literals."""
    m = ModelBuilder("counts")
    a, b, c, d = (m.bool(k) for k in "abcd")
    n = m.int("n", 0, 3)
    terms = [(2, a), (-3, b), (1, ~c), (-1, ~d), (2, m.eq(n, 1)), (-2, ~m.eq(n, 3)), (1, a)]
    m.count(terms, op, rhs)
    m.clause([b, c, m.eq(n, 2)])
    m.output([a, b, c, d, n])
    return m.build()


def weighted_model(op: str):
    """Thirteen terms: more than the direct encoding takes, so this goes through the BDD."""
    m = ModelBuilder("weighted")
    x = [m.bool(i) for i in range(13)]
    weights = [5, -4, 3, 3, 2, -2, 1, 7, -1, 6, 2, -3, 4]
    m.count([(w, ~v if i % 4 == 3 else v) for i, (w, v) in enumerate(zip(weights, x))], op, 9)
    m.at_most(2, x[:8])  # cardinalities keep the solution sets small for CP-SAT
    m.at_most(1, x[8:])
    m.output(x)
    return m.build()


def ints_model():
    """Integer variables in clauses and counts, including a value outside the domain."""
    m = ModelBuilder("ints")
    x, y, z = m.int("x", 0, 3), m.int("y", 1, 2), m.int("z", -1, 1)
    p = m.bool("p")
    m.clause([m.eq(x, 2), ~m.eq(y, 1), p])
    m.clause([Lit(x.index, 7), ~p])  # x == 7 is impossible, so this says ~p
    m.count([(1, m.eq(x, v)) for v in (1, 2)] + [(2, m.eq(z, -1)), (1, Lit(y.index, 5, False))], "<=", 2)
    m.count([m.eq(x, 0), m.eq(y, 2), m.eq(z, 1)], ">=", 1)
    m.output([x, y, z, p])
    return m.build()


def runs_model():
    m = ModelBuilder("runs")
    row = [m.bool(("c", i)) for i in range(7)]
    m.runs(row, (2, 1))
    m.runs([~row[0], row[2], row[6]], (2,))
    m.runs(row[6:], ())
    m.output(row)
    return m.build()


def givens_model(clash: bool = False, exclude_all: bool = False):
    """Unit clauses on booleans and integer values (the literals they fix become constants
    before the counts are encoded), counts and clauses over fixed and open literals alike."""
    m = ModelBuilder("givens")
    x = [m.int(("x", i), 1, 4) for i in range(4)]
    b = [m.bool(("b", i)) for i in range(10)]
    m.fix(m.eq(x[0], 2))
    m.fix(~m.eq(x[1], 2))
    m.fix(~m.eq(x[1], 3))
    m.fix(b[0])
    m.fix(~b[1])
    for v in (1, 2, 3, 4):  # a Latin row of four cells
        m.exactly(1, [m.eq(y, v) for y in x])
    m.exactly(2, [b[0], b[1], b[2], m.eq(x[2], 1)])
    m.at_most(1, b[:9] + [m.eq(x[3], 4)])  # ten terms: the sequential counter
    m.count([(2, b[0]), (1, ~b[1]), (-1, m.eq(x[0], 2)), (1, b[3])], "==", 2)
    m.clause([~b[0], m.eq(x[3], 3), b[4]])
    if clash:
        m.fix(~b[0])
    if exclude_all:
        for v in (1, 3, 4):
            m.fix(~m.eq(x[2], v))
        m.fix(~m.eq(x[2], 2))
    m.output(x + b)
    return m.build()


SMALL = {
    "givens": givens_model,
    "ints": ints_model,
    "runs": runs_model,
    "loop 3x3": lambda: grid_model(3, 3, "loop"),
    "path 3x3": lambda: grid_model(3, 3, "path", start=(0, 0), end=(2, 2)),
    "two pairs 3x3": lambda: grid_model(3, 3, "pairs", pairs=[((0, 0), (2, 2)), ((0, 2), (1, 1))]),
    "three pairs 2x4": lambda: grid_model(
        2, 4, "pairs", pairs=[((0, 0), (1, 0)), ((0, 1), (0, 3)), ((1, 1), (1, 3))]
    ),
    "connected optional": lambda: grid_model(2, 3, "connected", most=3),
    "connected fixed": lambda: grid_model(2, 3, "connected", always=[(0, 0), (1, 2)]),
}
LARGER = {  # too big for brute force: CP-SAT is the reference
    "loop 3x4": lambda: grid_model(3, 4, "loop"),
    "path 3x4": lambda: grid_model(3, 4, "path", start=(0, 0), end=(2, 3)),
    "pairs 3x4": lambda: grid_model(3, 4, "pairs", pairs=[((0, 0), (0, 3)), ((2, 0), (2, 3))]),
    "three pairs 3x4": lambda: grid_model(
        3, 4, "pairs", pairs=[((0, 0), (0, 3)), ((1, 0), (2, 3)), ((2, 0), (2, 1))]
    ),
}


_CPSAT_ANSWERS: dict[str, set[frozenset]] = {}  # the reference sets, computed once per model


# agreement -------------------------------------------------------------------------------
@needs_both
@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("rhs", [-3, 0, 2, 4])
def test_counts_agree_with_brute_force_and_cpsat(op, rhs):
    from puzzlekit.backends import cpsat

    model = counts_model(op, rhs)
    expected = solutions(model)
    assert enumerate_all(sat, model) == expected
    assert enumerate_all(cpsat, model) == expected


@needs_both
@pytest.mark.parametrize("op", OPS)
def test_weighted_counts_agree_with_brute_force_and_cpsat(op):
    from puzzlekit.backends import cpsat

    model = weighted_model(op)
    expected = solutions(model)
    assert 0 < len(expected) < 200
    assert enumerate_all(sat, model) == expected
    assert enumerate_all(cpsat, model) == expected


@needs_both
@pytest.mark.parametrize("name", SMALL)
def test_small_models_agree_with_brute_force_and_cpsat(name):
    from puzzlekit.backends import cpsat

    model = SMALL[name]()
    expected = solutions(model)
    assert expected
    assert enumerate_all(sat, model) == expected
    assert enumerate_all(cpsat, model) == expected


@needs_both
@pytest.mark.parametrize("name", LARGER)
@pytest.mark.parametrize(
    "options", [{}, {"cuts": "shared", "labels": False}, {"labels": "onehot"}, {"solver": "glucose42"}]
)
def test_larger_graph_models_agree_with_cpsat(name, options):
    from puzzlekit.backends import cpsat

    model = LARGER[name]()
    if name not in _CPSAT_ANSWERS:
        _CPSAT_ANSWERS[name] = enumerate_all(cpsat, model)
    assert enumerate_all(sat, model, **options) == _CPSAT_ANSWERS[name]


@needs_both
def test_masyu01_is_unique_and_matches_cpsat():
    from puzzlekit.backends import cpsat
    from puzzlekit.genres import masyu

    puzzle = masyu.parse((EXAMPLES / "masyu01.txt").read_text())
    model = masyu.model(puzzle)
    found = enumerate_all(sat, model)
    assert len(found) == 1
    assert found == enumerate_all(cpsat, model)
    assert masyu.verify(puzzle, masyu.decode(puzzle, dict(next(iter(found))))) == []


@needs_pysat
@given(
    st.lists(st.tuples(st.integers(-4, 4), st.integers(0, 8), st.booleans()), max_size=7),
    st.sampled_from(OPS),
    st.integers(-6, 8),
)
def test_random_counts_match_brute_force(terms, op, rhs):
    m = ModelBuilder("random")
    x = [m.bool(i) for i in range(4)]
    n = m.int("n", 0, 4)
    lits = x + [m.eq(n, v) for v in range(5)]
    m.count([(c, lits[i] if pos else ~lits[i]) for c, i, pos in terms], op, rhs)
    m.output(x + [n])
    model = m.build()
    assert enumerate_all(sat, model) == solutions(model)


# encodings -------------------------------------------------------------------------------
@needs_pysat
@pytest.mark.parametrize(
    "n, weights, op, k, near",
    [
        (5, [1], "<=", 1, 1),  # direct (pairwise)
        (14, [1], "<=", 1, 1),  # at most one: every pair
        (25, [1], "==", 1, 1),  # exactly one: a clause and every pair
        (26, [1], "<=", 1, 1),  # at most one: Sinz's sequential counter, written here
        (30, [1], "==", 1, 1),  # exactly one: a clause and the sequential counter
        (30, [1], "<=", 3, 3),  # sequential counter
        (40, [1], "==", 20, 20),  # totalizer
        (300, [1], ">=", 298, 298),  # k-modulo totalizer (at most 2 false)
        (307, [1], "==", 29, 29),  # one sequential counter both ways (a Nurikabe island's size)
        (64, [1], "==", 2, 2),  # the counter at its smallest width
        (70, [1], "==", 61, 61),  # the counter over the false literals (9 of them)
        (300, [1], "==", 250, 250),  # too many counter variables: two totalizers
        (20, [3], "<=", 10, 3),  # common factor divided out
        (20, [1, 2, 5, -3], "==", 7, 12),  # BDD
        (16, [2, -1], ">=", 3, 9),  # BDD
        (18, [2, 4, -6], "<=", 9, 9),  # BDD after dividing by the common factor 2
    ],
)
def test_encodings_accept_exactly_the_assignments_that_hold(n, weights, op, k, near):
    from pysat.solvers import Solver

    m = ModelBuilder("encoding")
    x = [m.bool(i) for i in range(n)]
    count = Count(tuple((weights[i % len(weights)], x[i]) for i in range(n)), op, k)
    cnf = sat_cnf.Cnf(m.build().with_constraints(counts=[count]))
    rng = random.Random(n * 1000 + k)
    samples: dict[bool, list[list[int]]] = {True: [], False: []}
    for _ in range(1000):
        true = rng.choice([rng.randint(0, n), min(n, max(0, near + rng.randint(-2, 2)))])
        values = [1] * true + [0] * (n - true)
        rng.shuffle(values)
        samples[count.holds(values)].append(values)
    assert samples[True] and samples[False], "the samples should include both kinds of assignment"
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        for holds in (True, False):
            for values in samples[holds][:30]:
                assumptions = [cnf.lit(lit if v else ~lit) for lit, v in zip(x, values)]
                assert solver.solve(assumptions=assumptions) == holds


@needs_pysat
def test_a_wide_exact_count_is_not_a_whole_sorting_network():
    # the "at least" side of 29 of 307 is "at most 278 false": a cardinality network there
    # takes some 19,000 variables, the k-modulo totalizer under 2,000
    m = ModelBuilder("wide count")
    x = [m.bool(i) for i in range(307)]
    model = m.build().with_constraints(counts=[Count(tuple((1, v) for v in x), "==", 29)])
    cnf = sat_cnf.Cnf(model)
    assert cnf.top - len(x) < 10_000


@needs_pysat
@pytest.mark.parametrize("n, k", [(80, 7), (80, 73)])
def test_the_exact_counter_propagates_both_ways(n, k):
    # k true literals leave the rest false, n - k false ones the rest true, by propagation alone
    from pysat.solvers import Solver

    m = ModelBuilder("exact counter")
    x = [m.bool(i) for i in range(n)]
    cnf = sat_cnf.Cnf(m.build().with_constraints(counts=[Count(tuple((1, v) for v in x), "==", k)]))
    lits = [cnf.lit(v) for v in x]
    rng = random.Random(n + k)
    order = rng.sample(range(n), n)
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        ok, forced = solver.propagate(assumptions=[lits[i] for i in order[:k]])
        assert ok and all(-lits[i] in forced for i in order[k:])
        ok, forced = solver.propagate(assumptions=[-lits[i] for i in order[:n - k]])
        assert ok and all(lits[i] in forced for i in order[n - k:])


def covered_pairs_model(h: int, w: int, pairs, cover: str):
    """Disjoint paths whose cells all carry degree counts (``cover`` "all": == 2, else <= 2)."""
    m = ModelBuilder("covered pairs")
    lit = {e: m.bool(e) for e in grid.cell_edges(h, w)}
    m.disjoint_paths([Edge(a, b, x) for (a, b), x in lit.items()], pairs)
    ends = {c for pair in pairs for c in pair}
    for cell in grid.cells(h, w):
        around = [lit[grid.edge(cell, n)] for n in grid.neighbours(cell, h, w)]
        if cell in ends:
            m.exactly(1, around)
        elif cover == "all":
            m.exactly(2, around)
        else:
            m.at_most(2, around)
    m.output(lit.values())
    return m.build()


@needs_both
@pytest.mark.parametrize("cover", ["all", "any"])
@pytest.mark.parametrize("labels", ["binary", "onehot"])
def test_implied_presence_drops_only_forced_nodes_and_keeps_answers(cover, labels):
    from puzzlekit.backends import cpsat
    from puzzlekit.transforms import cuts

    pairs = [((0, 0), (0, 3)), ((1, 3), (1, 0)), ((2, 0), (2, 3))]  # the rows, at least
    model = covered_pairs_model(3, 4, pairs, cover)
    (g,) = cuts.relax(model, labels=False, implied=True).graphs
    absent_possible = [node for node, on in g.on.items() if on is not None]
    assert absent_possible == ([] if cover == "all" else [n for n in g.nodes if n not in g.terminals])
    expected = enumerate_all(cpsat, model)
    assert expected
    assert enumerate_all(sat, model, labels=labels) == expected


@needs_pysat
@pytest.mark.parametrize("cover, options, expected", [
    ("any", {}, "glucose42"),  # lines whose cells may stay empty
    ("all", {}, "cadical195"),
    ("any", {"propagate": True}, "cadical195"),  # the path propagator's solver
    ("any", {"solver": "cadical195"}, "cadical195"),
    ("all", {"solver": "glucose42"}, "glucose42"),
    ("any", {"solver": "AUTO"}, "glucose42"),
])
def test_the_default_solver_follows_the_model(cover, options, expected):
    pairs = [((0, 0), (0, 3)), ((1, 3), (1, 0)), ((2, 0), (2, 3))]
    result = sat.solve(covered_pairs_model(3, 4, pairs, cover), **options)
    assert result.status == "solved" and result.stats["solver"] == expected
    assert sat.solve(grid_model(3, 3, "loop"), **options).stats["solver"] == (
        "cadical195" if options.get("solver", "auto").lower() == "auto" else expected)


@needs_pysat
def test_zip_keeps_the_default_solver():
    """Zip's split nodes keep presence literals, yet every cell is on its path: not sparse."""
    from puzzlekit.genres import zip as zip_genre

    text = (EXAMPLES / "zip01.txt").read_text()
    result = sat.solve(zip_genre.model(zip_genre.parse(text, "zip01")))
    assert result.status == "solved" and result.stats["solver"] == "cadical195"


@needs_pysat
def test_propagate_with_another_solver_is_refused():
    with pytest.raises(ValueError, match="propagate"):
        sat.solve(grid_model(2, 2, "loop"), propagate=True, solver="glucose42")


@needs_pysat
def test_unknown_labels_option_is_refused():
    with pytest.raises(ValueError, match="labels"):
        sat.solve(grid_model(2, 2, "loop"), labels="gray")


# limits, stats, installation -------------------------------------------------------------
@needs_pysat
def test_givens_that_contradict_are_unsolvable():
    for model in (givens_model(clash=True), givens_model(exclude_all=True)):
        assert solutions(model) == set()
        assert sat.solve(model, limit=3).status == "unsolvable"


def test_limit_and_unsolvable():
    model = grid_model(3, 3, "loop")
    one = sat.solve(model)
    assert one.status == "solved" and len(one.solutions) == 1 and not one.complete
    m = ModelBuilder("none")
    x = m.bool("x")
    m.count([(2, x)], "==", 1)
    m.output([x])
    none = sat.solve(m.build(), limit=5)
    assert none.status == "unsolvable" and none.complete and not none.solutions


@needs_pysat
def test_stats_are_reported():
    stats = sat.solve(grid_model(3, 3, "loop"), limit=20).stats
    for key in ("seconds", "compile_seconds", "rounds", "cuts", "conflicts", "clauses", "vars"):
        assert key in stats
    assert stats["rounds"] >= 14 and stats["clauses"] > 0  # 13 loops, then the proof


def pigeonhole(pigeons: int, holes: int):
    m = ModelBuilder("pigeons")
    x = {(p, h): m.bool((p, h)) for p in range(pigeons) for h in range(holes)}
    for p in range(pigeons):
        m.at_least(1, [x[p, h] for h in range(holes)])
    for h in range(holes):
        m.count([(-1, ~x[p, h]) for p in range(pigeons)], "<=", 1 - pigeons)  # at most one
    m.output(x.values())
    return m.build()


@needs_pysat
@pytest.mark.parametrize("solver", ["auto", "glucose42"])  # glucose42: where cells may stay empty
def test_time_limit_returns_timeout(solver):
    outcome: list = []
    worker = threading.Thread(
        target=lambda: outcome.append(sat.solve(pigeonhole(16, 15), time_limit=1, solver=solver)), daemon=True
    )
    worker.start()
    worker.join(30)  # a solver that ignores the limit fails here instead of hanging the run
    assert outcome, "the time limit was not honoured"
    result = outcome[0]
    assert result.status == "timeout"
    assert not result.complete and not result.solutions
    assert result.stats["seconds"] < 1 + MARGIN  # pigeonhole(16, 15) runs for hours unlimited


@needs_pysat
def test_time_limited_search_is_the_same_on_every_run(monkeypatch):
    """Under a time limit the solver runs in slices of fixed conflict counts, so two runs
    make the same search: the same slices, the same conflicts."""
    from pysat.solvers import Solver

    budgets: list[int] = []
    given = Solver.conf_budget
    monkeypatch.setattr(Solver, "conf_budget", lambda self, n: (budgets.append(n), given(self, n))[1])
    monkeypatch.setattr(sat_session, "CONFLICTS", (30, 60))
    runs = []
    for _ in range(2):
        budgets.clear()
        result = sat.solve(pigeonhole(8, 7), time_limit=60)
        runs.append((result.status, result.stats["conflicts"], list(budgets)))
    assert runs[0] == runs[1]
    status, conflicts, slices = runs[0]
    assert status == "unsolvable" and conflicts > 90
    assert slices[:3] == [30, 60, 60] and set(slices) == {30, 60}


@needs_pysat
def test_small_pigeonhole_is_unsolvable():
    result = sat.solve(pigeonhole(6, 5), time_limit=30)
    assert result.status == "unsolvable" and result.complete


def test_missing_pysat_raises_backend_unavailable(monkeypatch):
    for name in ("pysat", "pysat.card", "pysat.solvers"):
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(BackendUnavailable) as info:
        sat.solve(grid_model(2, 2, "loop"))
    assert info.value.extra == "sat" and "python-sat" in str(info.value)
    with pytest.raises(BackendUnavailable):
        sat.version()
