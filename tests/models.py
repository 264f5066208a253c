"""Small hand-made IR models for the backend tests: every IR kind, each with a few answers.

Each backend's test file picks sizes from these builders and compares its answers with CP-SAT's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from puzzlekit import grid, ir
from puzzlekit.backends import cpsat
from puzzlekit.backends.base import Result
from puzzlekit.ir import (
    Clause,
    Connected,
    Count,
    DisjointPaths,
    Edge,
    Lit,
    Loop,
    Model,
    ModelBuilder,
    Runs,
    Var,
)

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
Solve = Callable[..., Result]


def answers(result) -> set[frozenset]:
    return {frozenset(a.items()) for a in result.solutions}


def check_enumeration_equals_cpsat(solve: Solve, model: Model) -> None:
    """The backend lists exactly CP-SAT's answers, each once, and knows the list is complete."""
    expected = cpsat.solve(model, limit=10_000)
    # the limit and the time limit turn a repeating or endless enumeration into a failure
    result = solve(model, limit=len(expected.solutions) + 3, time_limit=30)
    assert expected.complete and result.complete
    assert answers(result) == answers(expected)
    assert len(result.solutions) == len(answers(result))  # no answer twice
    assert result.status == expected.status


def check_example_is_unique(solve: Solve, genre: ModuleType, file: str) -> Model:
    """The example puzzle has one answer, CP-SAT's, and it passes the genre's checker."""
    puzzle = genre.parse((EXAMPLES / file).read_text())
    model = genre.model(puzzle)
    result = solve(model, limit=2)
    assert result.complete and len(result.solutions) == 1
    assert answers(result) == answers(cpsat.solve(model, limit=2))
    assert genre.verify(puzzle, genre.decode(puzzle, result.solutions[0])) == []
    return model


def edges_of(m: ModelBuilder, h: int, w: int) -> list[Edge]:
    return [Edge(a, b, m.bool(("e", a, b))) for a, b in grid.cell_edges(h, w)]


def grid_lines(
    h: int, w: int, kind: str, *, start=None, end=None, pairs=(), always=(), most: int | None = None
) -> tuple[Model, dict]:
    """One boolean per cell edge (keyed by the edge) under one graph constraint, and the
    edge literals by edge. ``connected``: cells in ``always`` are always present, the others
    get a presence boolean; ``most`` caps the chosen edges."""
    m = ModelBuilder(kind)
    lit = {e: m.bool(e) for e in grid.cell_edges(h, w)}
    edges = [Edge(a, b, x) for (a, b), x in lit.items()]
    if kind == "loop":
        m.loop(edges)
    elif kind == "path":
        m.path(edges, start, end)
    elif kind == "pairs":
        m.disjoint_paths(edges, pairs)
    elif kind == "connected":
        present = {c: m.bool(("on", c)) for c in grid.cells(h, w) if c not in always}
        m.connected([(c, present.get(c)) for c in grid.cells(h, w)], edges)
        m.output(present.values())
    else:
        raise ValueError(kind)
    if most is not None:
        m.at_most(most, lit.values())
    m.output(lit.values())
    return m.build(), lit


def grid_model(h: int, w: int, kind: str, **kw) -> Model:
    """`grid_lines` without the literals."""
    return grid_lines(h, w, kind, **kw)[0]


def counts_model() -> Model:
    m = ModelBuilder("counts")
    a, b, c, d = (m.bool(k) for k in "abcd")
    n = m.int("n", 0, 3)
    k = m.int("k", -1, 1)
    # negative coefficients, a negated literal and integer value tests, one row per operator
    m.count([(2, a), (-1, b), (3, ~c), (1, m.eq(n, 2)), (-2, m.eq(k, -1))], "<=", 2)
    m.count([a, b, c, d, m.eq(n, 0)], ">=", 2)
    m.count([(3, a), (2, m.eq(n, 1)), (1, m.eq(k, 1)), (-1, ~d)], "==", 2)
    # the same variable twice in one row
    m.count([(1, a), (1, ~a), (2, b), (-1, d)], "<=", 2)
    m.clause([~a, d, ~m.eq(n, 3)])
    m.implies(m.eq(k, 0), c)
    m.output([a, b, c, d, n, k])
    return m.build()


def constants_model(satisfiable: bool) -> Model:
    m = ModelBuilder("constants")
    x = m.bool("x")
    n = m.int("n", 1, 2)
    # literals that test values outside the domain are constants
    m.count([(5, Lit(n.index, 7)), (1, x), (4, ~Lit(x.var, 3))], "==", 4 if satisfiable else 9)
    m.clause([Lit(n.index, 0), m.eq(n, 2), ~x])
    m.output([x, n])
    return m.build()


def runs_model() -> Model:
    m = ModelBuilder("runs")
    row = [m.bool(("r", i)) for i in range(7)]
    m.runs(row, (2, 2))
    m.runs([~row[0], row[3], row[5]], (1,))
    other = [m.bool(("s", i)) for i in range(3)]
    m.runs(other, ())
    m.output(row + other)
    return m.build()


def loop_model(h: int, w: int, visit=((1, 1),)) -> Model:
    m = ModelBuilder("loop")
    edges = edges_of(m, h, w)
    m.loop(edges)
    for cell in visit:
        m.count([e.lit for e in edges if cell in (e.u, e.v)], "==", 2)
    m.output(e.lit for e in edges)
    return m.build()


def path_model(h: int, w: int, start, end) -> Model:
    m = ModelBuilder("path")
    edges = edges_of(m, h, w)
    m.path(edges, start, end)
    m.output(e.lit for e in edges)
    return m.build()


def pairs_model(h: int, w: int, pairs) -> Model:
    m = ModelBuilder("pairs")
    edges = edges_of(m, h, w)
    m.disjoint_paths(edges, pairs)
    m.output(e.lit for e in edges)
    return m.build()


def connected_model(h: int, w: int, rooted: bool, horizontal: bool = False, some_off: bool = False) -> Model:
    """Connected pieces on a grid, kept to few answers: at most one horizontal (or vertical) edge."""
    m = ModelBuilder("connected")
    edges = edges_of(m, h, w)
    present = {c: m.bool(("on", c)) for c in grid.cells(h, w)}
    nodes = [(c, None if rooted and c == (0, 0) else x) for c, x in present.items()]
    m.connected(nodes, edges)
    m.at_most(1, [e.lit for e in edges if (e.u[0] == e.v[0]) == horizontal])
    if some_off:
        m.at_least(1, [~x for x in present.values()])
    m.output(list(present.values()) + [e.lit for e in edges])
    return m.build()


def random_model(seed: int) -> Model:
    """Random counts and clauses over a few booleans and one integer, all kept by a hidden point."""
    rng = random.Random(seed)
    m = ModelBuilder(f"random{seed}")
    xs = [m.bool(i) for i in range(5)]
    n = m.int("n", -1, 2)
    lits = xs + [~x for x in xs] + [m.eq(n, v) for v in range(-1, 3)]
    point = [rng.randint(0, 1) for _ in xs] + [rng.randint(-1, 2)]
    for _ in range(3):
        terms = [(rng.choice((-2, -1, 1, 2, 3)), rng.choice(lits)) for _ in range(rng.randint(2, 4))]
        total = sum(c for c, lit in terms if lit.holds(point))
        op = rng.choice(("==", "<=", ">="))
        m.count(terms, op, total + {"==": 0, "<=": rng.randint(0, 1), ">=": -rng.randint(0, 1)}[op])
    for _ in range(2):
        m.clause(rng.sample(lits, rng.randint(1, 3)) + [rng.choice([x for x in lits if x.holds(point)])])
    m.output(xs + [n])
    return m.build()


def empty_model() -> Model:
    return ModelBuilder("empty").build()


def _bools(name: str, n: int, output: bool = True, **constraints) -> Model:
    """``n`` booleans keyed ``("x", i)`` (all in the answer key) under the given constraints."""
    variables = tuple(Var(i, ("x", i), 0, 1) for i in range(n))
    return Model(name, variables, output=tuple(range(n)) if output else (), **constraints)


def degenerate_models() -> dict[str, Model]:
    """Edge cases of every kind, built as plain IR (some are refused by `ModelBuilder`): graph
    constraints without edges or nodes, with one node or a self-loop, terminals used twice,
    runs over no cells or of length 0, no variables at all. Each means what its ``holds``
    says: an empty loop has no solution, no pairs and no edges is one solution, and so on."""
    x = [Lit(i) for i in range(4)]
    ab = Edge("a", "b", x[0])
    return {
        "no variables": _bools("none", 0),
        "no variables, a false count": _bools("none", 0, stated_counts=(Count((), ">=", 1),)),
        "no variables, an empty clause": _bools("none", 0, clauses=(Clause(()),)),
        "an empty answer key": _bools("unkeyed", 2, output=False),
        "loop without edges": _bools("loop", 0, graphs=(Loop(()),)),
        "loop without edges, a free variable": _bools("loop", 1, graphs=(Loop(()),)),
        "two loops without edges": _bools("loop", 0, graphs=(Loop(()), Loop(()))),
        "loop of one edge": _bools("loop", 1, graphs=(Loop((ab,)),)),
        "loop of one node (a self-loop)": _bools("loop", 1, graphs=(Loop((Edge("a", "a", x[0]),)),)),
        "loop of two parallel edges": _bools("loop", 2, graphs=(Loop((ab, Edge("a", "b", x[1]))),)),
        "loop of a triangle, one edge negated": _bools(
            "loop", 3, graphs=(Loop((Edge("a", "b", ~x[0]), Edge("b", "c", x[1]), Edge("c", "a", x[2]))),)
        ),
        "path without edges": _bools("path", 0, graphs=(ir.Path((), "s", "t"),)),
        "path of one edge": _bools("path", 1, graphs=(ir.Path((Edge("s", "t", x[0]),), "s", "t"),)),
        "path with a self-loop at its start": _bools(
            "path", 2, graphs=(ir.Path((Edge("s", "t", x[0]), Edge("s", "s", x[1])), "s", "t"),)
        ),
        "path whose ends have no edges": _bools("path", 1, graphs=(ir.Path((ab,), "s", "t"),)),
        "path from a node to itself": _bools("path", 1, graphs=(ir.Path((Edge("s", "t", x[0]),), "s", "s"),)),
        "no pairs, no edges": _bools("pairs", 0, graphs=(DisjointPaths((), ()),)),
        "no pairs, some edges": _bools(
            "pairs", 2, graphs=(DisjointPaths((ab, Edge("b", "c", x[1])), ()),)
        ),
        "a pair without edges": _bools("pairs", 0, graphs=(DisjointPaths((), (("a", "b"),)),)),
        "two pairs without edges": _bools("pairs", 0, graphs=(DisjointPaths((), (("a", "b"), ("c", "d"))),)),
        "a pair joined by one edge": _bools("pairs", 1, graphs=(DisjointPaths((ab,), (("a", "b"),)),)),
        "pairs sharing a terminal": _bools(
            "pairs", 2, graphs=(DisjointPaths((ab, Edge("b", "c", x[1])), (("a", "b"), ("b", "c"))),)
        ),
        "the same pair twice": _bools("pairs", 1, graphs=(DisjointPaths((ab,), (("a", "b"), ("a", "b"))),)),
        "a pair of one node": _bools("pairs", 1, graphs=(DisjointPaths((ab,), (("a", "a"),)),)),
        "connected without nodes": _bools("connected", 0, graphs=(Connected((), ()),)),
        "connected, one node always present": _bools("connected", 0, graphs=(Connected((("a", None),), ()),)),
        "connected, one optional node": _bools("connected", 1, graphs=(Connected((("a", x[0]),), ()),)),
        "connected, two present nodes, no edge": _bools(
            "connected", 0, graphs=(Connected((("a", None), ("b", None)), ()),)
        ),
        "connected, two optional nodes, no edge": _bools(
            "connected", 2, graphs=(Connected((("a", x[0]), ("b", x[1])), ()),)
        ),
        "connected, a self-loop": _bools(
            "connected", 1, graphs=(Connected((("a", None),), (Edge("a", "a", x[0]),)),)
        ),
        "connected, an edge to no node": _bools(
            "connected", 2, graphs=(Connected((("a", None),), (Edge("a", "z", x[0]), Edge("a", "a", x[1]))),)
        ),
        "connected, one optional edge": _bools(
            "connected", 3, graphs=(Connected((("a", x[0]), ("b", x[1])), (Edge("a", "b", x[2]),)),)
        ),
        "no runs in no cells": _bools("runs", 0, runs=(Runs((), ()),)),
        "a run in no cells": _bools("runs", 0, runs=(Runs((), (1,)),)),
        "a run in no cells, a free variable": _bools("runs", 1, runs=(Runs((), (2,)),)),
        "a run in one cell": _bools("runs", 1, runs=(Runs((x[0],), (1,)),)),
        "a run longer than its line": _bools("runs", 2, runs=(Runs((x[0], x[1]), (3,)),)),
        "a run of length 0": _bools("runs", 2, runs=(Runs((x[0], x[1]), (0,)),)),
        "runs of no cells, over no cells": _bools("runs", 0, runs=(Runs((), (0,)),)),
        "a run over a negated cell": _bools("runs", 2, runs=(Runs((~x[0], x[1]), (2,)),)),
    }
