"""The sat backend's path propagator: its clauses against brute force, and whole solves."""

from __future__ import annotations

import importlib.util
import itertools
import random

import pytest
from bruteforce import as_set, solutions

from puzzlekit import grid
from puzzlekit.backends import base, sat, sat_cnf, sat_paths
from puzzlekit.genres import numberlink
from puzzlekit.ir import Edge, Lit, Model, ModelBuilder

needs_pysat = pytest.mark.skipif(importlib.util.find_spec("pysat") is None, reason="python-sat missing")

#: Small graphs: (height, width, kind, keyword arguments of `grid_lines`, cells every line covers).
CASES = [
    (2, 3, "pairs", {"pairs": [((0, 0), (1, 2)), ((0, 2), (1, 0))]}, False),
    (3, 3, "pairs", {"pairs": [((0, 0), (2, 2)), ((0, 2), (1, 1))]}, False),
    (3, 3, "pairs", {"pairs": [((0, 0), (0, 2)), ((2, 0), (2, 2))]}, True),
    (3, 3, "path", {"start": (0, 0), "end": (2, 2)}, False),
    (3, 4, "path", {"start": (0, 0), "end": (0, 3)}, True),
    (3, 3, "pairs", {"pairs": [((1, 0), (1, 2))]}, True),
]


def case_model(h: int, w: int, kind: str, kw: dict, cover: bool) -> Model:
    """One boolean per cell edge under the graph constraint; with ``cover`` every other cell
    than a terminal has two chosen edges (as Numberlink's cover: all)."""
    m = ModelBuilder(kind)
    lit = {e: m.bool(e) for e in grid.cell_edges(h, w)}
    edges = [Edge(a, b, x) for (a, b), x in lit.items()]
    if kind == "path":
        m.path(edges, kw["start"], kw["end"])
        ends = {kw["start"], kw["end"]}
    else:
        m.disjoint_paths(edges, kw["pairs"])
        ends = {t for pair in kw["pairs"] for t in pair}
    if cover:
        for cell in grid.cells(h, w):
            if cell not in ends:
                m.exactly(2, [lit[grid.edge(cell, n)] for n in grid.neighbours(cell, h, w)])
    m.output(lit.values())
    return m.build()


def engine_of(model: Model, reach: bool = True) -> tuple[sat_paths.PathPropagator, list[int]]:
    """The propagator over the model as the sat backend relaxes it, and the SAT variable of
    each answer-key edge (in answer-key order)."""
    relaxation = base.prepare(model, sat.SUPPORTS, labels=False, implied=True)
    cnf = sat_cnf.Cnf(relaxation.model)
    engine = sat_paths.PathPropagator(sat_paths.graphs_of(relaxation, cnf.lit), reach=reach)
    return engine, [cnf.lit(Lit(i)) for i in model.output]


def exercise(case: int, reach: bool) -> dict[str, int]:
    """Random partial assignments, fed one literal at a time with levels and backtracking:
    each clause the propagator reports holds in every brute-force solution of the model, and
    under the assignment that made it every literal but its first is false (the first too
    for a conflict)."""
    h, w, kind, kw, cover = CASES[case]
    model = case_model(h, w, kind, kw, cover)
    _, xs = engine_of(model)
    assert all(x > 1 for x in xs)
    good = [dict(zip(xs, values)) for values in itertools.product((0, 1), repeat=len(xs))
            if model.holds(list(values))]
    rng = random.Random(case)
    kinds: dict[str, int] = {}
    for _ in range(300):
        value: dict[int, bool] = {}
        engine, _ = engine_of(model, reach)
        conflict = False
        bias = rng.choice((0.3, 0.5, 0.8))  # how often an edge is chosen
        order = rng.sample(xs, rng.randint(1, len(xs)))
        for i, x in enumerate(order):
            if conflict:
                break
            if x in value:
                continue
            if i and rng.random() < 0.3:
                engine.on_new_level()
            lit = x if rng.random() < bias else -x
            value[x] = lit > 0
            engine.on_assignment(lit)
            for _ in range(len(xs)):
                out = engine.propagate()
                if not out:
                    break
                clause = engine.provide_reason(out[0])
                assert clause[0] == out[0]
                for s in good:
                    assert any((y > 0) == bool(s[abs(y)]) for y in clause), (clause, s)
                for y in clause[1:]:
                    assert abs(y) in value and value[abs(y)] == (y < 0), (clause, value)
                first = abs(clause[0])
                if first in value:
                    assert value[first] == (clause[0] < 0)
                    conflict = True  # the solver would backtrack
                    break
                if rng.random() < 0.3:
                    break  # left for a later assignment to contradict
                value[first] = clause[0] > 0
                engine.on_assignment(clause[0])
            else:
                pytest.fail("the propagator kept reporting")
            if rng.random() < 0.2 and engine.limits:  # backtrack, as the solver would
                engine.on_backtrack(rng.randrange(len(engine.limits)))
                on = set(engine.trail)
                for y in [y for y in value if y not in on]:
                    del value[y]
        for key, n in engine.stats.items():
            kinds[key] = kinds.get(key, 0) + n
    return kinds


@needs_pysat
@pytest.mark.parametrize("reach", [False, True])
@pytest.mark.parametrize("case", range(len(CASES)))
def test_every_clause_is_kept_by_every_solution_and_broken_or_unit_when_made(case, reach):
    kinds = exercise(case, reach)
    assert sum(kinds.values()) > kinds["calls"]  # something was reported


@needs_pysat
def test_every_rule_fires_on_the_small_graphs():
    totals: dict[str, int] = {}
    for case in range(len(CASES)):
        for key, n in exercise(case, True).items():
            totals[key] = totals.get(key, 0) + n
    assert all(totals[k] > 0 for k in ("cycles", "chords", "regions", "reach", "joins")), totals


@needs_pysat
@pytest.mark.parametrize("case", range(len(CASES)))
def test_solves_with_the_propagator_enumerate_exactly_the_brute_force_solutions(case):
    h, w, kind, kw, cover = CASES[case]
    model = case_model(h, w, kind, kw, cover)
    result = sat.solve(model, limit=10_000, propagate=True)
    assert result.complete
    assert as_set(result.solutions) == solutions(model)


@needs_pysat
@pytest.mark.parametrize("seed", range(8))
def test_numberlink_counts_agree_with_and_without_the_propagator(seed):
    rng = random.Random(seed)
    cover = "any" if seed % 2 else "all"
    puzzle = numberlink.random_puzzle(rng, 4, 5, cover=cover, pairs=3)
    model = numberlink.model(puzzle)
    plain = sat.solve(model, limit=500)
    steered = sat.solve(model, limit=500, propagate=True)
    assert plain.complete and steered.complete
    assert as_set(plain.solutions) == as_set(steered.solutions)
    assert steered.stats["paths_calls"] > 0
