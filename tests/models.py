"""Small hand-made IR models for the backend tests: every IR kind, each with a few answers.

Each backend's test file picks sizes from these builders and compares its answers with CP-SAT's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from puzzlekit import grid
from puzzlekit.backends import cpsat
from puzzlekit.backends.base import Result
from puzzlekit.ir import Edge, Lit, Model, ModelBuilder

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
